/*
 * shogi_rules.hpp: a header-only C++17 wrapper of the shogi-rules C API (shogi_rules.h).
 *
 * Written by hand (shogi_rules.h is generated); it calls only the C API, so it links with
 * libshogi_rules.a or libshogi_rules.so like any C client, and needs no other library.
 *
 *   #include <shogi_rules.hpp>
 *   shogi::position pos;                                  // the start position
 *   std::vector<shogi::move> moves = pos.legal_moves();   // 30 moves
 *   pos.play(pos.parse_usi("7g7f"));
 *   shogi::record rec = shogi::record::read(bytes);      // any format, detected
 *   std::string kif = rec.write(shogi::record_format::kif).text;
 *
 * Conventions:
 * - Handles. shogi::position, shogi::game, shogi::record, shogi::record_list, the USI
 *   protocol's shogi::usi_engine_message and shogi::usi_gui_command, and the built-in
 *   opponent's shogi::ai_stop, shogi::ai_player and shogi::ai_mate_report each own one C handle
 *   and free it with its _free function in their destructor. They are move-only: a copy
 *   is explicit (clone()), a move leaves the source empty. Any call on an empty (moved-from)
 *   object throws shogi::error with SHOGI_RESULT_NULL_PARAMETER; destroying or assigning to it
 *   is fine. get() gives the C handle for calls to the C API, release() gives up ownership, and
 *   adopt() takes ownership of a handle made by the C API.
 * - Text. Text in is std::string_view (UTF-8, need not be NUL-terminated; record bytes in any
 *   encoding the readers accept); text out is std::string. The wrapper sizes the C API's caller
 *   buffers itself.
 * - Values. shogi::move, shogi::square, shogi::piece and the enums (color, role, notation, ...)
 *   are small values with the C numbering; bits() / index() / static_cast give the C value.
 *   Plain C structs are used as they are where they are only data: rules_config
 *   (shogi_rules_config), read_limits, line_info, record_time, clock_reading, impasse_status,
 *   and the USI protocol's shogi_usi_info, shogi_usi_go, shogi_usi_option, shogi_usi_bestmove.
 * - Errors are exceptions. A C call that fails throws an exception derived from shogi::error,
 *   which derives from std::runtime_error; code() is the shogi_result, name() its C name
 *   (SHOGI_RESULT_ILLEGAL_NIFU) and what() the library's English message. The class says which
 *   family of codes it is, so that a caller can catch what it can handle:
 *       shogi::error                      any code, including the general ones
 *         shogi::sfen_error               SHOGI_RESULT_SFEN_* and SHOGI_RESULT_SETUP_* (100-199)
 *         shogi::illegal_move_error       SHOGI_RESULT_ILLEGAL_* (200-249): code() is the reason
 *         shogi::move_text_error          SHOGI_RESULT_USI_*, SHOGI_RESULT_NOTATION_* (250-299)
 *         shogi::game_error               game codes (300-399): game over, impasse rejected, ...
 *         shogi::record_error             a record that does not read (whatever the code), and
 *                                         the SHOGI_RESULT_RECORD_* codes of other calls; with
 *                                         line(), column(), ply(), reason() and format()
 *         shogi::usi_error                a USI protocol line that does not read (500-549),
 *                                         with column(), field() and reason()
 *         shogi::ai_error                 the built-in opponent (550-569): a strength out of
 *                                         range, no move to choose, a position a checkmate
 *                                         search cannot start from
 *   Answers that are not failures are not exceptions: position::check_move() returns the
 *   reason a move is illegal (SHOGI_RESULT_OK when it is legal), record::header() and
 *   record::handicap() return an empty std::optional when there is none, and
 *   record::remove_header() returns false when there was nothing to remove. Memory exhaustion
 *   is std::bad_alloc. Destructors, moves, get(), release() and the accessors of the value
 *   types never throw.
 * - Thread safety is the C API's: const member functions may run on one object from several
 *   threads at once; the others need exclusive access. Objects may move between threads. An
 *   ai_stop is raised and reset through const member functions: from any thread, while a
 *   search on another thread polls it.
 */
#ifndef SHOGI_RULES_HPP
#define SHOGI_RULES_HPP

#if !defined(__cplusplus) || (__cplusplus < 201703L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201703L))
#error "shogi_rules.hpp needs C++17 or later"
#endif

#include "shogi_rules.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shogi {

// ---------------------------------------------------------------------------------------------
// Errors

/// Any failure of the library: the shogi_result of the C call and the library's message.
class error : public std::runtime_error {
  public:
    error(shogi_result code, const std::string &message)
        : std::runtime_error(message), code_(code) {}

    /// The C result code (never SHOGI_RESULT_OK).
    shogi_result code() const noexcept { return code_; }

    /// The C name of the code ("SHOGI_RESULT_ILLEGAL_NIFU").
    const char *name() const noexcept {
        const char *text = shogi_result_name(static_cast<std::uint32_t>(code_));
        return text != nullptr ? text : "unknown result code";
    }

  private:
    shogi_result code_;
};

/// SFEN text that does not parse, or a position that is not a legal setup (codes 100-199).
class sfen_error : public error {
  public:
    using error::error;
};

/// An illegal move (codes 200-249): code() is the reason (SHOGI_RESULT_ILLEGAL_NIFU, ...).
class illegal_move_error : public error {
  public:
    using error::error;
};

/// Move text that is not a move: malformed USI, or notation that fits no legal move or several
/// (codes 250-299).
class move_text_error : public error {
  public:
    using error::error;
};

/// A game action the game refuses: the game is over, an impasse declaration is rejected, a draw
/// offer is out of turn, there is no clock, a saved game that does not restore (codes 300-399).
class game_error : public error {
  public:
    using error::error;
};

/// A record that does not read, with where and why; also a SHOGI_RESULT_RECORD_* code from a
/// call other than a read (line() is then 0).
class record_error : public error {
  public:
    /// From the C API's error report of a failed read.
    explicit record_error(const shogi_record_error &e)
        : error(e.result, message_of(e)), reason_(e.reason), format_(e.format), ply_(e.ply),
          line_(e.line), column_(e.column) {}

    /// A record code without a place.
    record_error(shogi_result code, const std::string &message)
        : error(code, message), reason_(code), format_(SHOGI_RECORD_FORMAT_AUTO) {}

    /// The finer reason: the SHOGI_RESULT_ILLEGAL_* reason of SHOGI_RESULT_RECORD_ILLEGAL_MOVE,
    /// the SHOGI_RESULT_SETUP_* reason of SHOGI_RESULT_RECORD_ILLEGAL_POSITION, otherwise code().
    shogi_result reason() const noexcept { return reason_; }
    /// The format being read (SHOGI_RECORD_FORMAT_AUTO when it was not recognised).
    shogi_record_format format() const noexcept { return format_; }
    /// The 1-based ply of the move at fault, or 0.
    std::uint32_t ply() const noexcept { return ply_; }
    /// The 1-based line in the text, or 0 when unknown.
    std::size_t line() const noexcept { return line_; }
    /// The 1-based column in characters, or 0 when unknown.
    std::size_t column() const noexcept { return column_; }

  private:
    static std::string message_of(const shogi_record_error &e) {
        std::size_t len = 0;
        while (len < sizeof e.message && e.message[len] != '\0') {
            ++len;
        }
        return std::string(e.message, len);
    }

    shogi_result reason_;
    shogi_record_format format_;
    std::uint32_t ply_ = 0;
    std::size_t line_ = 0;
    std::size_t column_ = 0;
};

/// A USI protocol line that does not read (codes 500-549), with the column and the field at
/// fault; also a SHOGI_RESULT_USI_MESSAGE_* code from a call other than a read (column() 0).
class usi_error : public error {
  public:
    /// From the C API's error report of a failed read.
    explicit usi_error(const shogi_usi_error &e)
        : error(e.result, text_of(e.message, sizeof e.message)), reason_(e.reason),
          column_(e.column), field_(text_of(e.field, sizeof e.field)) {}

    /// A USI message code without a place.
    usi_error(shogi_result code, const std::string &message) : error(code, message), reason_(code) {}

    /// The finer reason: the SHOGI_RESULT_USI_* move-text code of
    /// SHOGI_RESULT_USI_MESSAGE_BAD_MOVE, the position command's code of
    /// SHOGI_RESULT_USI_MESSAGE_POSITION, otherwise code().
    shogi_result reason() const noexcept { return reason_; }
    /// The 1-based column in characters, or 0 when there is none.
    std::size_t column() const noexcept { return column_; }
    /// The field at fault as the protocol spells it ("depth", "pv"), or empty.
    const std::string &field() const noexcept { return field_; }

  private:
    static std::string text_of(const char *text, std::size_t size) {
        std::size_t len = 0;
        while (len < size && text[len] != '\0') {
            ++len;
        }
        return std::string(text, len);
    }

    shogi_result reason_;
    std::size_t column_ = 0;
    std::string field_;
};

/// A failure of the built-in opponent (codes 550-569): a strength outside 1-10, a game that is
/// over or a side without a legal move, a position a checkmate search cannot start from.
class ai_error : public error {
  public:
    using error::error;
};

/// The English description of a result code ("illegal move: nifu: ...").
inline std::string result_message(shogi_result code) {
    std::string buf(128, '\0');
    for (int attempt = 0; attempt < 4; ++attempt) {
        std::size_t len = 0;
        shogi_result res =
            shogi_result_message(static_cast<std::uint32_t>(code), buf.data(), buf.size(), &len);
        if (res == SHOGI_RESULT_OK) {
            buf.resize(len);
            return buf;
        }
        if (res != SHOGI_RESULT_BUFFER_TOO_SMALL) {
            break;
        }
        buf.assign(len + 1, '\0');
    }
    return "unknown result code";
}

/// The C name of a result code ("SHOGI_RESULT_ILLEGAL_NIFU"), or nullptr for an unknown value.
inline const char *result_name(shogi_result code) noexcept {
    return shogi_result_name(static_cast<std::uint32_t>(code));
}

/// The version of the linked library ("0.1.0").
inline const char *version() noexcept { return shogi_version(); }

/// The version of the linked library as MAJOR * 1000000 + MINOR * 1000 + PATCH.
inline std::uint32_t version_number() noexcept { return shogi_version_number(); }

namespace detail {

/// Throws the exception of `code`'s family.
[[noreturn]] inline void throw_error(shogi_result code) {
    const std::string message = result_message(code);
    const auto value = static_cast<std::uint32_t>(code);
    if (value >= 100 && value < 200) {
        throw sfen_error(code, message);
    }
    if (value >= 200 && value < 250) {
        throw illegal_move_error(code, message);
    }
    if (value >= 250 && value < 300) {
        throw move_text_error(code, message);
    }
    if (value >= 300 && value < 400) {
        throw game_error(code, message);
    }
    if (value >= 400 && value < 500) {
        throw record_error(code, message);
    }
    if (value >= 500 && value < 550) {
        throw usi_error(code, message);
    }
    if (value >= 550 && value < 570) {
        throw ai_error(code, message);
    }
    throw error(code, message);
}

/// The exception of a failed record read: the C API's report (it fills one in for every
/// failure of a read; should it not, the code alone).
[[noreturn]] inline void throw_read_error(shogi_result code, const shogi_record_error &report) {
    if (report.result != code) {
        throw record_error(code, result_message(code));
    }
    throw record_error(report);
}

inline void check(shogi_result code) {
    if (code != SHOGI_RESULT_OK) {
        throw_error(code);
    }
}

/// Text in: the C API refuses a NULL pointer even with length 0.
inline const char *text_ptr(std::string_view text) noexcept {
    return text.data() != nullptr ? text.data() : "";
}

inline const std::uint8_t *bytes_ptr(std::string_view bytes) noexcept {
    static const std::uint8_t empty = 0;
    return bytes.data() != nullptr ? reinterpret_cast<const std::uint8_t *>(bytes.data()) : &empty;
}

/// Text out through `call(char *buf, size_t buf_len, size_t *out_len)`, sizing the buffer: a
/// first try with a small buffer, and again with the size the library asks for. A code in
/// `absent` (SHOGI_RESULT_NOT_FOUND for lookups) gives an empty optional.
template <class Call>
std::optional<std::string> text_out_or(Call &&call, shogi_result absent) {
    std::string buf(64, '\0');
    for (;;) {
        std::size_t len = 0;
        const shogi_result res = call(buf.data(), buf.size(), &len);
        if (res == SHOGI_RESULT_OK) {
            buf.resize(len);
            return buf;
        }
        if (res == absent) {
            return std::nullopt;
        }
        if (res != SHOGI_RESULT_BUFFER_TOO_SMALL) {
            throw_error(res);
        }
        buf.assign(len + 1, '\0');
    }
}

template <class Call> std::string text_out(Call &&call) {
    // SHOGI_RESULT_OK is never a failure code, so nothing is absent.
    return *text_out_or(std::forward<Call>(call), SHOGI_RESULT_OK);
}

/// Move lists out through `call(shogi_move *buf, size_t cap, size_t *out_len)`.
template <class Call> std::vector<shogi_move> moves_out(Call &&call, std::size_t guess) {
    std::vector<shogi_move> buf(guess);
    for (;;) {
        std::size_t len = 0;
        const shogi_result res = call(buf.data(), buf.size(), &len);
        if (res == SHOGI_RESULT_OK) {
            buf.resize(len);
            return buf;
        }
        if (res != SHOGI_RESULT_BUFFER_TOO_SMALL) {
            throw_error(res);
        }
        buf.resize(len);
    }
}

/// A value written to an out-parameter by `call(T *out)`.
template <class T, class Call> T value_out(Call &&call) {
    T value{};
    check(call(&value));
    return value;
}

struct position_free {
    void operator()(shogi_position *p) const noexcept { shogi_position_free(p); }
};
struct game_free {
    void operator()(shogi_game *g) const noexcept { shogi_game_free(g); }
};
struct record_free {
    void operator()(shogi_record *r) const noexcept { shogi_record_free(r); }
};
struct record_list_free {
    void operator()(shogi_record_list *l) const noexcept { shogi_record_list_free(l); }
};
struct usi_engine_message_free {
    void operator()(shogi_usi_engine_message *m) const noexcept {
        shogi_usi_engine_message_free(m);
    }
};
struct usi_gui_command_free {
    void operator()(shogi_usi_gui_command *c) const noexcept { shogi_usi_gui_command_free(c); }
};
struct ai_stop_free {
    void operator()(shogi_ai_stop *s) const noexcept { shogi_ai_stop_free(s); }
};
struct ai_player_free {
    void operator()(shogi_ai_player *p) const noexcept { shogi_ai_player_free(p); }
};
struct ai_mate_report_free {
    void operator()(shogi_ai_mate_report *r) const noexcept { shogi_ai_mate_report_free(r); }
};

/// The exception of a failed USI read: the C API's report (it fills one in for every failure of
/// a read; should it not, the code alone).
[[noreturn]] inline void throw_usi_error(shogi_result code, const shogi_usi_error &report) {
    const auto value = static_cast<std::uint32_t>(code);
    if (report.result != code || value < 500 || value >= 550) {
        throw_error(code);
    }
    throw usi_error(report);
}

} // namespace detail

// ---------------------------------------------------------------------------------------------
// Values

/// A side. `none` in outputs: a draw, an empty square, no open offer.
enum class color : shogi_color {
    sente = SHOGI_COLOR_SENTE,
    gote = SHOGI_COLOR_GOTE,
    none = SHOGI_COLOR_NONE,
};

/// A piece kind, numbered as in the C API.
enum class role : shogi_role {
    pawn = SHOGI_ROLE_PAWN,
    lance = SHOGI_ROLE_LANCE,
    knight = SHOGI_ROLE_KNIGHT,
    silver = SHOGI_ROLE_SILVER,
    bishop = SHOGI_ROLE_BISHOP,
    rook = SHOGI_ROLE_ROOK,
    gold = SHOGI_ROLE_GOLD,
    king = SHOGI_ROLE_KING,
    tokin = SHOGI_ROLE_TOKIN,
    promoted_lance = SHOGI_ROLE_PROMOTED_LANCE,
    promoted_knight = SHOGI_ROLE_PROMOTED_KNIGHT,
    promoted_silver = SHOGI_ROLE_PROMOTED_SILVER,
    horse = SHOGI_ROLE_HORSE,
    dragon = SHOGI_ROLE_DRAGON,
    none = SHOGI_ROLE_NONE,
};

/// A move notation.
enum class notation : shogi_notation {
    usi = SHOGI_NOTATION_USI,
    western = SHOGI_NOTATION_WESTERN,
    japanese = SHOGI_NOTATION_JAPANESE,
    csa = SHOGI_NOTATION_CSA,
    kif = SHOGI_NOTATION_KIF,
};

/// Which setups position::from_sfen accepts.
enum class setup : shogi_setup {
    legal = SHOGI_SETUP_LEGAL,
    composed = SHOGI_SETUP_COMPOSED,
    any = SHOGI_SETUP_ANY,
};

/// Whether a board move from one square to another promotes.
enum class promotion : shogi_promotion {
    none = SHOGI_PROMOTION_NONE,
    never = SHOGI_PROMOTION_NEVER,
    may = SHOGI_PROMOTION_MAY,
    must = SHOGI_PROMOTION_MUST,
};

/// How a game ended.
enum class termination : shogi_termination {
    none = SHOGI_TERMINATION_NONE,
    checkmate = SHOGI_TERMINATION_CHECKMATE,
    no_legal_moves = SHOGI_TERMINATION_NO_LEGAL_MOVES,
    repetition = SHOGI_TERMINATION_REPETITION,
    perpetual_check = SHOGI_TERMINATION_PERPETUAL_CHECK,
    impasse_declaration = SHOGI_TERMINATION_IMPASSE_DECLARATION,
    move_limit = SHOGI_TERMINATION_MOVE_LIMIT,
    try_rule = SHOGI_TERMINATION_TRY_RULE,
    resignation = SHOGI_TERMINATION_RESIGNATION,
    timeout = SHOGI_TERMINATION_TIMEOUT,
    draw_agreement = SHOGI_TERMINATION_DRAW_AGREEMENT,
    illegal_move = SHOGI_TERMINATION_ILLEGAL_MOVE,
    interrupted = SHOGI_TERMINATION_INTERRUPTED,
    other = SHOGI_TERMINATION_OTHER,
};

/// A record file format; `auto_detect` reads any of them.
enum class record_format : shogi_record_format {
    auto_detect = SHOGI_RECORD_FORMAT_AUTO,
    kif = SHOGI_RECORD_FORMAT_KIF,
    ki2 = SHOGI_RECORD_FORMAT_KI2,
    csa = SHOGI_RECORD_FORMAT_CSA,
    jkf = SHOGI_RECORD_FORMAT_JKF,
    usi = SHOGI_RECORD_FORMAT_USI,
};

/// What kind of comment a record comment is.
enum class comment_kind : shogi_comment_kind {
    normal = SHOGI_COMMENT_NORMAL,
    engine = SHOGI_COMMENT_ENGINE,
    bookmark = SHOGI_COMMENT_BOOKMARK,
};

/// How a record says a line of play ends.
enum class special_move : shogi_special_move {
    resign = SHOGI_SPECIAL_RESIGN,
    suspend = SHOGI_SPECIAL_SUSPEND,
    repetition = SHOGI_SPECIAL_REPETITION,
    impasse = SHOGI_SPECIAL_IMPASSE,
    time_up = SHOGI_SPECIAL_TIME_UP,
    illegal_loss = SHOGI_SPECIAL_ILLEGAL_LOSS,
    illegal_win = SHOGI_SPECIAL_ILLEGAL_WIN,
    declare_win = SHOGI_SPECIAL_DECLARE_WIN,
    declare_draw = SHOGI_SPECIAL_DECLARE_DRAW,
    checkmate = SHOGI_SPECIAL_CHECKMATE,
    no_mate = SHOGI_SPECIAL_NO_MATE,
    max_moves = SHOGI_SPECIAL_MAX_MOVES,
    sealed = SHOGI_SPECIAL_SEALED,
    forfeit_win = SHOGI_SPECIAL_FORFEIT_WIN,
    forfeit_loss = SHOGI_SPECIAL_FORFEIT_LOSS,
    take_back = SHOGI_SPECIAL_TAKE_BACK,
    error = SHOGI_SPECIAL_ERROR,
    none = SHOGI_SPECIAL_NONE,
};

/// The snake_case name of a termination ("checkmate", "draw_agreement", ...).
inline std::string_view termination_name(termination t) noexcept {
    const char *text = shogi_termination_name(static_cast<shogi_termination>(t));
    return text != nullptr ? std::string_view(text) : std::string_view("other");
}

/// The snake_case name of a special move ("resign", "time_up", ...).
inline std::string special_move_name(special_move s) {
    return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
        return shogi_special_move_name(static_cast<shogi_special_move>(s), buf, len, out);
    });
}

/// A square: index (file - 1) * 9 + (rank - 1); the default value is no square.
class square {
  public:
    constexpr square() noexcept = default;
    explicit constexpr square(shogi_square index) noexcept : index_(index) {}

    /// The square at `file` and `rank` (both 1-9; rank 1 is USI `a`). Throws shogi::error
    /// (SHOGI_RESULT_INVALID_ARGUMENT) when either is out of range.
    static square at(int file, int rank) {
        if (file < 1 || file > 9 || rank < 1 || rank > 9) {
            detail::throw_error(SHOGI_RESULT_INVALID_ARGUMENT);
        }
        shogi_square index = SHOGI_SQUARE_NONE;
        detail::check(shogi_square_new(static_cast<std::uint8_t>(file),
                                       static_cast<std::uint8_t>(rank), &index));
        return square(index);
    }

    constexpr shogi_square index() const noexcept { return index_; }
    constexpr bool is_none() const noexcept { return index_ == SHOGI_SQUARE_NONE; }
    /// The file 1-9, or 0 for no square.
    int file() const noexcept { return shogi_square_file(index_); }
    /// The rank 1-9, or 0 for no square.
    int rank() const noexcept { return shogi_square_rank(index_); }

    friend constexpr bool operator==(square a, square b) noexcept { return a.index_ == b.index_; }
    friend constexpr bool operator!=(square a, square b) noexcept { return a.index_ != b.index_; }

  private:
    shogi_square index_ = SHOGI_SQUARE_NONE;
};

/// A piece on the board; an empty square is {color::none, role::none}.
struct piece {
    color owner = color::none;
    role kind = role::none;

    constexpr bool empty() const noexcept { return kind == role::none; }
    friend constexpr bool operator==(piece a, piece b) noexcept {
        return a.owner == b.owner && a.kind == b.kind;
    }
    friend constexpr bool operator!=(piece a, piece b) noexcept { return !(a == b); }
};

/// A move as the C API's 32 bits: it names its piece, squares, capture and promotion, so it can
/// be taken apart and written in USI without a position. The default value is no move
/// (SHOGI_MOVE_NONE), which the notation functions take as "no previous move".
class move {
  public:
    constexpr move() noexcept = default;
    explicit constexpr move(shogi_move bits) noexcept : bits_(bits) {}

    /// A board move (not checked against a position; see position::check_move). Throws
    /// shogi::error (SHOGI_RESULT_INVALID_ARGUMENT) for a move no position could have.
    static move normal(role moved, square from, square to, role captured = role::none,
                       bool promote = false) {
        return move(detail::value_out<shogi_move>([&](shogi_move *out) {
            return shogi_move_normal(static_cast<shogi_role>(moved), from.index(), to.index(),
                                     static_cast<shogi_role>(captured), promote, out);
        }));
    }

    /// A drop of a piece in hand (pawn ... gold).
    static move drop(role dropped, square to) {
        return move(detail::value_out<shogi_move>([&](shogi_move *out) {
            return shogi_move_drop(static_cast<shogi_role>(dropped), to.index(), out);
        }));
    }

    constexpr shogi_move bits() const noexcept { return bits_; }
    constexpr bool is_none() const noexcept { return bits_ == SHOGI_MOVE_NONE; }
    /// Whether the bits are those of some move (legality is position::check_move).
    bool is_valid() const noexcept { return shogi_move_is_valid(bits_); }
    /// The origin; no square for a drop.
    square from() const noexcept { return square(shogi_move_from(bits_)); }
    square to() const noexcept { return square(shogi_move_to(bits_)); }
    /// The moving or dropped piece before any promotion.
    role role_before() const noexcept { return static_cast<role>(shogi_move_role(bits_)); }
    /// The piece on the destination after the move.
    role role_after() const noexcept { return static_cast<role>(shogi_move_role_after(bits_)); }
    /// The captured piece as it stood on the board, or role::none.
    role captured() const noexcept { return static_cast<role>(shogi_move_captured(bits_)); }
    bool is_drop() const noexcept { return shogi_move_is_drop(bits_); }
    bool is_promotion() const noexcept { return shogi_move_is_promotion(bits_); }
    bool is_capture() const noexcept { return shogi_move_is_capture(bits_); }

    /// The move in USI ("7g7f", "8h2b+", "P*5e"). Throws shogi::error for invalid bits.
    std::string usi() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_move_to_usi(bits_, buf, len, out);
        });
    }

    friend constexpr bool operator==(move a, move b) noexcept { return a.bits_ == b.bits_; }
    friend constexpr bool operator!=(move a, move b) noexcept { return a.bits_ != b.bits_; }

  private:
    shogi_move bits_ = SHOGI_MOVE_NONE;
};

namespace detail {
inline std::vector<move> to_moves(const std::vector<shogi_move> &bits) {
    std::vector<move> moves;
    moves.reserve(bits.size());
    for (shogi_move m : bits) {
        moves.push_back(move(m));
    }
    return moves;
}
} // namespace detail

/// The rules a game is adjudicated by: the C struct, to start from default_rules(),
/// csa27_rules() or try_rule_rules() and change (impasse is a SHOGI_IMPASSE_* value).
using rules_config = shogi_rules_config;
/// Limits of the record readers: the C struct, to start from default_read_limits().
using read_limits = shogi_read_limits;
/// What a player's clock shows.
using clock_reading = shogi_clock_reading;
/// What an impasse declaration would give now.
using impasse_status = shogi_impasse_status;
/// A line of play of a record: main_line (0) or a variation.
using line_id = shogi_line_id;
/// Where a line sits in its record's tree.
using line_info = shogi_line_info;
/// The time a move took (milliseconds), when the record gives it.
using record_time = shogi_record_time;

inline constexpr line_id main_line = SHOGI_LINE_MAIN;

/// The site rules: 24-point impasse, fourfold repetition, 400-move limit, 3 draw offers, a
/// clock of 5 minutes plus 3 byo-yomi periods of 30 s (has_clock false: untimed).
inline rules_config default_rules() {
    return detail::value_out<rules_config>([](rules_config *out) { return shogi_rules_default(out); });
}
/// The CSA rules: the site rules with the CSA 27-point declaration.
inline rules_config csa27_rules() {
    return detail::value_out<rules_config>([](rules_config *out) { return shogi_rules_csa27(out); });
}
/// The site rules with the try rule instead of a declaration.
inline rules_config try_rule_rules() {
    return detail::value_out<rules_config>([](rules_config *out) { return shogi_rules_try_rule(out); });
}
/// The default limits of the record readers.
inline read_limits default_read_limits() {
    return detail::value_out<read_limits>([](read_limits *out) { return shogi_read_limits_default(out); });
}

/// The result of a game: whether it is over, the winner (color::none for a draw, an ending
/// without a result, or a game still running) and how it ended.
struct outcome {
    bool over = false;
    color winner = color::none;
    termination ending = termination::none;

    outcome() = default;
    explicit outcome(const shogi_outcome &o) noexcept
        : over(o.is_over), winner(static_cast<color>(o.winner)),
          ending(static_cast<termination>(o.termination)) {}
};

/// A comment of a record, without its marker.
struct comment {
    comment_kind kind = comment_kind::normal;
    std::string text;
};

/// How a line of play ends, as its record states it (special_move::none: no stated end).
struct line_end {
    special_move special = special_move::none;
    record_time time{};

    line_end() = default;
    line_end(special_move s, record_time t = record_time{}) noexcept : special(s), time(t) {}
    explicit line_end(const shogi_line_end &e) noexcept
        : special(static_cast<special_move>(e.special)), time(e.time) {}
    shogi_line_end to_c() const noexcept {
        shogi_line_end e{};
        e.special = static_cast<shogi_special_move>(special);
        e.time = time;
        return e;
    }
};

// ---------------------------------------------------------------------------------------------
// Positions

/// A position (board, hands, side to move, move number) with the moves played on it, so that
/// undo() can take them back. Owns a shogi_position.
class position {
  public:
    /// The standard start position.
    position() : handle_(detail::value_out<shogi_position *>([](shogi_position **out) {
                     return shogi_position_new(out);
                 })) {}

    /// Parses SFEN (the move number may be omitted); only legal setups unless `accepted` says
    /// otherwise. Throws shogi::sfen_error.
    static position from_sfen(std::string_view sfen, setup accepted = setup::legal) {
        return adopt(detail::value_out<shogi_position *>([&](shogi_position **out) {
            return shogi_position_from_sfen_setup(detail::text_ptr(sfen), sfen.size(),
                                                  static_cast<shogi_setup>(accepted), out);
        }));
    }

    /// Takes ownership of a handle made by the C API.
    static position adopt(shogi_position *handle) noexcept { return position(handle); }

    /// A copy, with its undo history.
    position clone() const {
        return adopt(detail::value_out<shogi_position *>([&](shogi_position **out) {
            return shogi_position_clone(handle_.get(), out);
        }));
    }

    shogi_position *get() const noexcept { return handle_.get(); }
    shogi_position *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// The canonical SFEN, with the move number.
    std::string sfen() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_position_to_sfen(handle_.get(), buf, len, out);
        });
    }

    color turn() const {
        return static_cast<color>(detail::value_out<shogi_color>(
            [&](shogi_color *out) { return shogi_position_turn(handle_.get(), out); }));
    }

    /// The SFEN move number (the number of the next ply, 1 at the start).
    std::uint32_t move_number() const {
        return detail::value_out<std::uint32_t>(
            [&](std::uint32_t *out) { return shogi_position_move_number(handle_.get(), out); });
    }

    piece piece_at(square sq) const {
        const auto p = detail::value_out<shogi_piece>([&](shogi_piece *out) {
            return shogi_position_piece_at(handle_.get(), sq.index(), out);
        });
        return piece{static_cast<color>(p.color), static_cast<role>(p.role)};
    }

    /// How many pieces of `kind` `side` holds in hand.
    int hand_count(color side, role kind) const {
        return detail::value_out<std::uint8_t>([&](std::uint8_t *out) {
            return shogi_position_hand_count(handle_.get(), static_cast<shogi_color>(side),
                                             static_cast<shogi_role>(kind), out);
        });
    }

    /// The square of `side`'s king; no square when it has none.
    square king_square(color side) const {
        return square(detail::value_out<shogi_square>([&](shogi_square *out) {
            return shogi_position_king_square(handle_.get(), static_cast<shogi_color>(side), out);
        }));
    }

    bool in_check() const {
        return detail::value_out<bool>(
            [&](bool *out) { return shogi_position_in_check(handle_.get(), out); });
    }

    bool is_checkmate() const {
        return detail::value_out<bool>(
            [&](bool *out) { return shogi_position_is_checkmate(handle_.get(), out); });
    }

    /// The legal moves of the side to move (optional promotions as two moves).
    std::vector<move> legal_moves() const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_position_legal_moves(handle_.get(), buf, cap, out);
            },
            SHOGI_MAX_LEGAL_MOVES));
    }

    /// The legal moves of the piece on `from`.
    std::vector<move> legal_moves_from(square from) const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_position_legal_moves_from(handle_.get(), from.index(), buf, cap, out);
            },
            64));
    }

    /// The legal drops of `kind` (pawn ... gold).
    std::vector<move> legal_drops(role kind) const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_position_legal_drops(handle_.get(), static_cast<shogi_role>(kind),
                                                  buf, cap, out);
            },
            81));
    }

    /// The legal move USI text means. Throws shogi::move_text_error for malformed text,
    /// shogi::illegal_move_error (with the reason) for an illegal move.
    move parse_usi(std::string_view usi) const {
        return move(detail::value_out<shogi_move>([&](shogi_move *out) {
            return shogi_position_parse_usi(handle_.get(), detail::text_ptr(usi), usi.size(), out);
        }));
    }

    /// Why `m` is illegal here (a SHOGI_RESULT_ILLEGAL_* code), or SHOGI_RESULT_OK when it is
    /// legal. Throws shogi::error only when `m` is not a move at all (invalid bits).
    shogi_result check_move(move m) const {
        const shogi_result res = shogi_position_check_move(handle_.get(), m.bits());
        const auto value = static_cast<std::uint32_t>(res);
        if (res != SHOGI_RESULT_OK && (value < 200 || value >= 250)) {
            detail::throw_error(res);
        }
        return res;
    }

    bool is_legal(move m) const { return check_move(m) == SHOGI_RESULT_OK; }

    /// Whether a board move from `from` to `to` must, may or cannot promote.
    promotion promotion_options(square from, square to) const {
        return static_cast<promotion>(detail::value_out<shogi_promotion>([&](shogi_promotion *out) {
            return shogi_position_promotion_options(handle_.get(), from.index(), to.index(), out);
        }));
    }

    /// Plays a legal move (remembered for undo()). Throws shogi::illegal_move_error with the
    /// reason; the position is then unchanged.
    void play(move m) { detail::check(shogi_position_play(handle_.get(), m.bits())); }

    /// Plays USI move text.
    void play_usi(std::string_view usi) { play(parse_usi(usi)); }

    /// Takes back the last move played on this object and returns it. Throws shogi::game_error
    /// (SHOGI_RESULT_NOTHING_TO_UNDO) when there is none.
    move undo() {
        return move(detail::value_out<shogi_move>(
            [&](shogi_move *out) { return shogi_position_undo(handle_.get(), out); }));
    }

    /// The Zobrist key of board, hands and side to move (stable within a library version).
    std::uint64_t zobrist() const {
        return detail::value_out<std::uint64_t>(
            [&](std::uint64_t *out) { return shogi_position_zobrist(handle_.get(), out); });
    }

    /// The leaf nodes of the legal move tree to `depth` plies.
    std::uint64_t perft(std::uint32_t depth) const {
        return detail::value_out<std::uint64_t>(
            [&](std::uint64_t *out) { return shogi_position_perft(handle_.get(), depth, out); });
    }

    /// The position as an SVG document, with the squares of `last` shaded unless it is no move.
    std::string svg(move last = move()) const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_position_svg(handle_.get(), last.bits(), buf, len, out);
        });
    }

    /// The legal move `m` in `style`; `previous` (the move before, if known) lets the Japanese
    /// notations write 同. Throws shogi::illegal_move_error when `m` is not legal here.
    std::string format(move m, notation style, move previous = move()) const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_notation_format(handle_.get(), m.bits(), previous.bits(),
                                         static_cast<shogi_notation>(style), buf, len, out);
        });
    }

    /// The legal move that `text` in `style` means. Throws shogi::move_text_error (malformed,
    /// no such move, ambiguous) or shogi::illegal_move_error.
    move parse(notation style, std::string_view text, move previous = move()) const {
        return move(detail::value_out<shogi_move>([&](shogi_move *out) {
            return shogi_notation_parse(handle_.get(), static_cast<shogi_notation>(style),
                                        detail::text_ptr(text), text.size(), previous.bits(), out);
        }));
    }

  private:
    explicit position(shogi_position *handle) noexcept : handle_(handle) {}

    std::unique_ptr<shogi_position, detail::position_free> handle_;
};

// ---------------------------------------------------------------------------------------------
// Games

/// A game: start position, moves, rules, result, clocks and draw offers. Owns a shogi_game.
class game {
  public:
    /// A game from the standard start position under the site rules.
    game() : game(nullptr, nullptr) {}
    /// A game from the standard start position under `game_rules`.
    explicit game(const rules_config &game_rules) : game(nullptr, &game_rules) {}
    /// A game from a copy of `start` (an empty position throws) under the site rules, or
    /// `game_rules`.
    explicit game(const position &start) : game(required(start), nullptr) {}
    game(const position &start, const rules_config &game_rules)
        : game(required(start), &game_rules) {}

    /// Replays a USI `position` command under the site rules (or `game_rules`).
    static game from_usi(std::string_view text) { return from_usi_with(text, nullptr); }
    static game from_usi(std::string_view text, const rules_config &game_rules) {
        return from_usi_with(text, &game_rules);
    }

    /// Restores a game saved with to_json(). Throws shogi::game_error for a saved form that
    /// does not restore.
    static game from_json(std::string_view json) {
        return adopt(detail::value_out<shogi_game *>([&](shogi_game **out) {
            return shogi_game_from_json(detail::text_ptr(json), json.size(), out);
        }));
    }

    static game adopt(shogi_game *handle) noexcept { return game(handle); }

    game clone() const {
        return adopt(detail::value_out<shogi_game *>(
            [&](shogi_game **out) { return shogi_game_clone(handle_.get(), out); }));
    }

    shogi_game *get() const noexcept { return handle_.get(); }
    shogi_game *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    rules_config rules() const {
        return detail::value_out<rules_config>(
            [&](rules_config *out) { return shogi_game_rules(handle_.get(), out); });
    }

    /// The moves play() accepts now (none once the game is over).
    std::vector<move> legal_moves() const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_game_legal_moves(handle_.get(), buf, cap, out);
            },
            SHOGI_MAX_LEGAL_MOVES));
    }

    /// A copy of the current position (with nothing to undo).
    position current_position() const {
        return position::adopt(detail::value_out<shogi_position *>(
            [&](shogi_position **out) { return shogi_game_position(handle_.get(), out); }));
    }

    position start_position() const {
        return position::adopt(detail::value_out<shogi_position *>(
            [&](shogi_position **out) { return shogi_game_start_position(handle_.get(), out); }));
    }

    /// The moves played, in order.
    std::vector<move> moves() const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_game_moves(handle_.get(), buf, cap, out);
            },
            256));
    }

    std::size_t ply_count() const {
        return detail::value_out<std::size_t>(
            [&](std::size_t *out) { return shogi_game_ply_count(handle_.get(), out); });
    }

    /// Plays a legal move and adjudicates. Throws shogi::game_error (over),
    /// shogi::illegal_move_error (with the reason); the game is then unchanged.
    void play(move m) { detail::check(shogi_game_play(handle_.get(), m.bits())); }

    void play_usi(std::string_view usi) {
        detail::check(shogi_game_play_usi(handle_.get(), detail::text_ptr(usi), usi.size()));
    }

    /// Plays a move that took `elapsed_ms` on the mover's clock (a flag fall ends the game
    /// instead: check result()).
    void play_timed(move m, std::uint64_t elapsed_ms) {
        detail::check(shogi_game_play_timed(handle_.get(), m.bits(), elapsed_ms));
    }

    void check_time(std::uint64_t elapsed_ms) {
        detail::check(shogi_game_check_time(handle_.get(), elapsed_ms));
    }

    /// Takes back the last move and returns it.
    move undo() {
        return move(detail::value_out<shogi_move>(
            [&](shogi_move *out) { return shogi_game_undo(handle_.get(), out); }));
    }

    outcome result() const {
        return outcome(detail::value_out<shogi_outcome>(
            [&](shogi_outcome *out) { return shogi_game_outcome(handle_.get(), out); }));
    }

    bool is_over() const { return result().over; }

    std::uint32_t repetition_count() const {
        return detail::value_out<std::uint32_t>(
            [&](std::uint32_t *out) { return shogi_game_repetition_count(handle_.get(), out); });
    }

    impasse_status impasse() const {
        return detail::value_out<impasse_status>(
            [&](impasse_status *out) { return shogi_game_impasse_status(handle_.get(), out); });
    }

    void declare_impasse() { detail::check(shogi_game_declare_impasse(handle_.get())); }
    void resign(color side) {
        detail::check(shogi_game_resign(handle_.get(), static_cast<shogi_color>(side)));
    }
    void flag(color side) {
        detail::check(shogi_game_flag(handle_.get(), static_cast<shogi_color>(side)));
    }
    void interrupt() { detail::check(shogi_game_interrupt(handle_.get())); }
    void offer_draw(color side) {
        detail::check(shogi_game_offer_draw(handle_.get(), static_cast<shogi_color>(side)));
    }
    void accept_draw(color side) {
        detail::check(shogi_game_accept_draw(handle_.get(), static_cast<shogi_color>(side)));
    }
    void decline_draw(color side) {
        detail::check(shogi_game_decline_draw(handle_.get(), static_cast<shogi_color>(side)));
    }

    /// The player whose draw offer is open, or color::none.
    color draw_offer() const {
        return static_cast<color>(detail::value_out<shogi_color>(
            [&](shogi_color *out) { return shogi_game_draw_offer(handle_.get(), out); }));
    }

    std::uint32_t draw_offers_made(color side) const {
        return detail::value_out<std::uint32_t>([&](std::uint32_t *out) {
            return shogi_game_draw_offers_made(handle_.get(), static_cast<shogi_color>(side), out);
        });
    }

    /// What `side`'s clock shows after `elapsed_ms` of the current turn.
    clock_reading clock(color side, std::uint64_t elapsed_ms = 0) const {
        return detail::value_out<clock_reading>([&](clock_reading *out) {
            return shogi_game_clock_remaining(handle_.get(), static_cast<shogi_color>(side),
                                              elapsed_ms, out);
        });
    }

    /// The game as a USI `position` command.
    std::string to_usi() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_game_to_usi(handle_.get(), buf, len, out);
        });
    }

    /// The game as JSON, for from_json().
    std::string to_json() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_game_to_json(handle_.get(), buf, len, out);
        });
    }

  private:
    explicit game(shogi_game *handle) noexcept : handle_(handle) {}
    game(const shogi_position *start, const rules_config *game_rules)
        : handle_(detail::value_out<shogi_game *>(
              [&](shogi_game **out) { return shogi_game_new(start, game_rules, out); })) {}

    // shogi_game_new takes NULL for the standard start: an empty position must not become it.
    static const shogi_position *required(const position &start) {
        if (start.get() == nullptr) {
            detail::throw_error(SHOGI_RESULT_NULL_PARAMETER);
        }
        return start.get();
    }

    static game from_usi_with(std::string_view text, const rules_config *game_rules) {
        return adopt(detail::value_out<shogi_game *>([&](shogi_game **out) {
            return shogi_game_from_usi(detail::text_ptr(text), text.size(), game_rules, out);
        }));
    }

    std::unique_ptr<shogi_game, detail::game_free> handle_;
};

// ---------------------------------------------------------------------------------------------
// Records

/// A record written in a format: the text, and what the format could not hold (one entry per
/// kind, `kind: description`, e.g. "variations: 3 variations left out"; empty when reading the
/// text back gives the record again).
struct written_record {
    std::string text;
    std::vector<std::string> dropped;
};

/// A game record: headers in file order, the start position, comments, and the lines of play
/// as a tree (main_line and the variations), each move with its time and comments and each
/// line with its stated end. Owns a shogi_record.
class record {
  public:
    /// An empty record (no headers, comments or moves) starting from a copy of `start`.
    explicit record(const position &start)
        : handle_(detail::value_out<shogi_record *>([&](shogi_record **out) {
              return shogi_record_new(start.get(), out);
          })) {}

    /// Reads a record from bytes (UTF-8, CP932 or EUC-JP; any line ending) in `format`, or the
    /// format detected from the content. Throws shogi::record_error with the line and column.
    static record read(std::string_view bytes, record_format format = record_format::auto_detect) {
        return read_with(bytes, format, nullptr);
    }

    /// As read(), within `limits` (SHOGI_RESULT_RECORD_LIMIT_EXCEEDED beyond one).
    static record read(std::string_view bytes, record_format format, const read_limits &limits) {
        return read_with(bytes, format, &limits);
    }

    /// A record of a game: its start, moves and result, without headers.
    static record from_game(const game &g) {
        return adopt(detail::value_out<shogi_record *>(
            [&](shogi_record **out) { return shogi_record_from_game(g.get(), out); }));
    }

    static record adopt(shogi_record *handle) noexcept { return record(handle); }

    record clone() const {
        return adopt(detail::value_out<shogi_record *>(
            [&](shogi_record **out) { return shogi_record_clone(handle_.get(), out); }));
    }

    shogi_record *get() const noexcept { return handle_.get(); }
    shogi_record *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// Whether both hold the same record (headers, start, lines, times, comments, ends).
    bool same_as(const record &other) const {
        return detail::value_out<bool>([&](bool *out) {
            return shogi_record_equal(handle_.get(), other.handle_.get(), out);
        });
    }

    /// Writes the record in `format` (not auto_detect), with what the format leaves out.
    written_record write(record_format format) const {
        written_record result;
        result.text = detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_record_write(handle_.get(), static_cast<shogi_record_format>(format), buf,
                                      len, out);
        });
        const std::string dropped =
            detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
                return shogi_record_dropped(handle_.get(), static_cast<shogi_record_format>(format),
                                            buf, len, out);
            });
        std::size_t start = 0;
        while (start < dropped.size()) {
            std::size_t end = dropped.find('\n', start);
            if (end == std::string::npos) {
                end = dropped.size();
            }
            if (end > start) {
                result.dropped.push_back(dropped.substr(start, end - start));
            }
            start = end + 1;
        }
        return result;
    }

    // Headers

    std::size_t header_count() const {
        return detail::value_out<std::size_t>(
            [&](std::size_t *out) { return shogi_record_header_count(handle_.get(), out); });
    }

    /// The headers in file order, keys as written in the file (先手, $EVENT, ...).
    std::vector<std::pair<std::string, std::string>> headers() const {
        std::vector<std::pair<std::string, std::string>> result;
        const std::size_t count = header_count();
        result.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            std::string key = detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
                return shogi_record_header_key_at(handle_.get(), i, buf, len, out);
            });
            std::string value = detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
                return shogi_record_header_value_at(handle_.get(), i, buf, len, out);
            });
            result.emplace_back(std::move(key), std::move(value));
        }
        return result;
    }

    /// The value of the first header with this key, if any.
    std::optional<std::string> header(std::string_view key) const {
        return detail::text_out_or(
            [&](char *buf, std::size_t len, std::size_t *out) {
                return shogi_record_header(handle_.get(), detail::text_ptr(key), key.size(), buf,
                                           len, out);
            },
            SHOGI_RESULT_NOT_FOUND);
    }

    /// Sets a header: the first of that name takes the value (later ones are removed), or a
    /// new one is appended.
    void set_header(std::string_view name, std::string_view value) {
        detail::check(shogi_record_set_header(handle_.get(), detail::text_ptr(name), name.size(),
                                              detail::text_ptr(value), value.size()));
    }

    /// Appends a header even when one of that name exists.
    void add_header(std::string_view name, std::string_view value) {
        detail::check(shogi_record_add_header(handle_.get(), detail::text_ptr(name), name.size(),
                                              detail::text_ptr(value), value.size()));
    }

    /// Removes every header of that name; false when there was none.
    bool remove_header(std::string_view name) {
        const shogi_result res =
            shogi_record_remove_header(handle_.get(), detail::text_ptr(name), name.size());
        if (res == SHOGI_RESULT_NOT_FOUND) {
            return false;
        }
        detail::check(res);
        return true;
    }

    // The start and the main line

    position start_position() const {
        return position::adopt(detail::value_out<shogi_position *>([&](shogi_position **out) {
            return shogi_record_start_position(handle_.get(), out);
        }));
    }

    /// The KIF name of the start's handicap (平手, 香落ち, ...), if it is a standard one.
    std::optional<std::string> handicap() const {
        return detail::text_out_or(
            [&](char *buf, std::size_t len, std::size_t *out) {
                return shogi_record_handicap(handle_.get(), buf, len, out);
            },
            SHOGI_RESULT_NOT_FOUND);
    }

    /// The moves of the main line.
    std::vector<move> moves() const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_record_moves(handle_.get(), buf, cap, out);
            },
            256));
    }

    /// The result the record states for its main line (not what the rules give: replay()).
    outcome stated_outcome() const {
        return outcome(detail::value_out<shogi_outcome>(
            [&](shogi_outcome *out) { return shogi_record_stated_outcome(handle_.get(), out); }));
    }

    /// The rules the record states (move limit, impasse rule headers).
    rules_config rules() const {
        return detail::value_out<rules_config>(
            [&](rules_config *out) { return shogi_record_rules(handle_.get(), out); });
    }

    /// The main line replayed as a game under the rules the record states (or `game_rules`).
    game replay() const { return replay_with(nullptr); }
    game replay(const rules_config &game_rules) const { return replay_with(&game_rules); }

    std::vector<comment> start_comments() const {
        return comments_of(start_comment_count(), [&](std::size_t i, shogi_comment_kind *kind,
                                                      char *buf, std::size_t len,
                                                      std::size_t *out) {
            return shogi_record_start_comment(handle_.get(), i, kind, buf, len, out);
        });
    }

    // Lines of play

    /// The number of lines: the main line and every variation.
    std::size_t line_count() const {
        return detail::value_out<std::size_t>(
            [&](std::size_t *out) { return shogi_record_line_count(handle_.get(), out); });
    }

    line_info info(line_id line) const {
        return detail::value_out<line_info>(
            [&](line_info *out) { return shogi_record_line_info(handle_.get(), line, out); });
    }

    std::vector<move> line_moves(line_id line) const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_record_line_moves(handle_.get(), line, buf, cap, out);
            },
            64));
    }

    /// The variations replacing move `index` of `line`, in their order.
    std::vector<line_id> variations(line_id line, std::size_t index) const {
        const std::size_t count = detail::value_out<std::size_t>([&](std::size_t *out) {
            return shogi_record_variation_count(handle_.get(), line, index, out);
        });
        std::vector<line_id> ids;
        ids.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            ids.push_back(detail::value_out<line_id>([&](line_id *out) {
                return shogi_record_variation_at(handle_.get(), line, index, i, out);
            }));
        }
        return ids;
    }

    /// Visits every line depth first: each line before the variations of its moves, the
    /// earliest branch point first, the variations of one move in their order. Calls
    /// `visit(line_id, const line_info &)`; keeps its own stack, so any nesting depth is fine.
    template <class Visit> void walk(Visit &&visit) const {
        std::vector<line_id> stack{main_line};
        while (!stack.empty()) {
            const line_id line = stack.back();
            stack.pop_back();
            const line_info line_data = info(line);
            visit(line, line_data);
            for (std::size_t i = line_data.move_count; i-- > 0;) {
                const std::vector<line_id> ids = variations(line, i);
                stack.insert(stack.end(), ids.rbegin(), ids.rend());
            }
        }
    }

    move move_at(line_id line, std::size_t index) const {
        return move(detail::value_out<shogi_move>(
            [&](shogi_move *out) { return shogi_record_move_at(handle_.get(), line, index, out); }));
    }

    record_time move_time(line_id line, std::size_t index) const {
        return detail::value_out<record_time>([&](record_time *out) {
            return shogi_record_move_time(handle_.get(), line, index, out);
        });
    }

    /// The comments after move `index` of `line`.
    std::vector<comment> move_comments(line_id line, std::size_t index) const {
        const std::size_t count = detail::value_out<std::size_t>([&](std::size_t *out) {
            return shogi_record_move_comment_count(handle_.get(), line, index, out);
        });
        return comments_of(count, [&](std::size_t i, shogi_comment_kind *kind, char *buf,
                                      std::size_t len, std::size_t *out) {
            return shogi_record_move_comment(handle_.get(), line, index, i, kind, buf, len, out);
        });
    }

    /// How `line` ends, as the record states it.
    line_end end_of(line_id line) const {
        return line_end(detail::value_out<shogi_line_end>(
            [&](shogi_line_end *out) { return shogi_record_line_end(handle_.get(), line, out); }));
    }

    std::vector<comment> end_comments(line_id line) const {
        const std::size_t count = detail::value_out<std::size_t>([&](std::size_t *out) {
            return shogi_record_end_comment_count(handle_.get(), line, out);
        });
        return comments_of(count, [&](std::size_t i, shogi_comment_kind *kind, char *buf,
                                      std::size_t len, std::size_t *out) {
            return shogi_record_end_comment(handle_.get(), line, i, kind, buf, len, out);
        });
    }

    /// The position before move `index` of `line` (`index` may be the move count).
    position position_at(line_id line, std::size_t index) const {
        return position::adopt(detail::value_out<shogi_position *>([&](shogi_position **out) {
            return shogi_record_position_at(handle_.get(), line, index, out);
        }));
    }

    // Editing: each move is checked legal (shogi::illegal_move_error with the reason).

    void push_move(line_id line, move m) {
        detail::check(shogi_record_push_move(handle_.get(), line, m.bits()));
    }

    /// Keeps the first `len` moves of `line` (variations are numbered again).
    void truncate_line(line_id line, std::size_t len) {
        detail::check(shogi_record_truncate_line(handle_.get(), line, len));
    }

    void set_move_time(line_id line, std::size_t index, const record_time &time) {
        detail::check(shogi_record_set_move_time(handle_.get(), line, index, &time));
    }

    void add_move_comment(line_id line, std::size_t index, comment_kind kind, std::string_view text) {
        detail::check(shogi_record_add_move_comment(handle_.get(), line, index,
                                                    static_cast<shogi_comment_kind>(kind),
                                                    detail::text_ptr(text), text.size()));
    }

    void clear_move_comments(line_id line, std::size_t index) {
        detail::check(shogi_record_clear_move_comments(handle_.get(), line, index));
    }

    void add_start_comment(comment_kind kind, std::string_view text) {
        detail::check(shogi_record_add_start_comment(handle_.get(),
                                                     static_cast<shogi_comment_kind>(kind),
                                                     detail::text_ptr(text), text.size()));
    }

    void clear_start_comments() { detail::check(shogi_record_clear_start_comments(handle_.get())); }

    /// Sets how `line` ends (special_move::none removes the end and its comments).
    void set_end(line_id line, const line_end &stated) {
        const shogi_line_end c = stated.to_c();
        detail::check(shogi_record_set_line_end(handle_.get(), line, &c));
    }

    void add_end_comment(line_id line, comment_kind kind, std::string_view text) {
        detail::check(shogi_record_add_end_comment(handle_.get(), line,
                                                   static_cast<shogi_comment_kind>(kind),
                                                   detail::text_ptr(text), text.size()));
    }

    void clear_end_comments(line_id line) {
        detail::check(shogi_record_clear_end_comments(handle_.get(), line));
    }

    /// Adds a variation replacing move `index` of `line`, starting with `first` (no move: a
    /// variation that only states an end); returns its id.
    line_id add_variation(line_id line, std::size_t index, move first) {
        return detail::value_out<line_id>([&](line_id *out) {
            return shogi_record_add_variation(handle_.get(), line, index, first.bits(), out);
        });
    }

    /// Removes a variation and those below it (the others are numbered again).
    void remove_variation(line_id line) {
        detail::check(shogi_record_remove_variation(handle_.get(), line));
    }

  private:
    explicit record(shogi_record *handle) noexcept : handle_(handle) {}

    static record read_with(std::string_view bytes, record_format format,
                            const read_limits *limits) {
        shogi_record *out = nullptr;
        shogi_record_error err{};
        const shogi_result res = shogi_record_read_with_limits(
            detail::bytes_ptr(bytes), bytes.size(), static_cast<shogi_record_format>(format),
            limits, &out, &err);
        if (res != SHOGI_RESULT_OK) {
            detail::throw_read_error(res, err);
        }
        return adopt(out);
    }

    game replay_with(const rules_config *game_rules) const {
        return game::adopt(detail::value_out<shogi_game *>(
            [&](shogi_game **out) { return shogi_record_game(handle_.get(), game_rules, out); }));
    }

    std::size_t start_comment_count() const {
        return detail::value_out<std::size_t>([&](std::size_t *out) {
            return shogi_record_start_comment_count(handle_.get(), out);
        });
    }

    template <class Call> static std::vector<comment> comments_of(std::size_t count, Call &&call) {
        std::vector<comment> result;
        result.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            shogi_comment_kind kind = SHOGI_COMMENT_NORMAL;
            std::string text = detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
                return call(i, &kind, buf, len, out);
            });
            result.push_back(comment{static_cast<comment_kind>(kind), std::move(text)});
        }
        return result;
    }

    std::unique_ptr<shogi_record, detail::record_free> handle_;
};

/// The records of one file (CSA games separated by `/`, USI or SFEN lines, or the one record of
/// a KIF, KI2 or JKF file), in file order. Owns a shogi_record_list.
class record_list {
  public:
    /// Reads every record of `bytes`. Throws shogi::record_error (its line counted in the whole
    /// file).
    static record_list read(std::string_view bytes,
                            record_format format = record_format::auto_detect) {
        return read_with(bytes, format, nullptr);
    }
    static record_list read(std::string_view bytes, record_format format,
                            const read_limits &limits) {
        return read_with(bytes, format, &limits);
    }

    static record_list adopt(shogi_record_list *handle) noexcept { return record_list(handle); }

    shogi_record_list *get() const noexcept { return handle_.get(); }
    shogi_record_list *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    std::size_t size() const {
        return detail::value_out<std::size_t>(
            [&](std::size_t *out) { return shogi_record_list_count(handle_.get(), out); });
    }

    /// A copy of record `index`. Throws shogi::error (SHOGI_RESULT_NOT_FOUND) past the end.
    record at(std::size_t index) const {
        return record::adopt(detail::value_out<shogi_record *>([&](shogi_record **out) {
            return shogi_record_list_get(handle_.get(), index, out);
        }));
    }

    /// Copies of all the records.
    std::vector<record> records() const {
        std::vector<record> result;
        const std::size_t count = size();
        result.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            result.push_back(at(i));
        }
        return result;
    }

  private:
    explicit record_list(shogi_record_list *handle) noexcept : handle_(handle) {}

    static record_list read_with(std::string_view bytes, record_format format,
                                 const read_limits *limits) {
        shogi_record_list *out = nullptr;
        shogi_record_error err{};
        const shogi_result res =
            shogi_records_read(detail::bytes_ptr(bytes), bytes.size(),
                               static_cast<shogi_record_format>(format), limits, &out, &err);
        if (res != SHOGI_RESULT_OK) {
            detail::throw_read_error(res, err);
        }
        return adopt(out);
    }

    std::unique_ptr<shogi_record_list, detail::record_list_free> handle_;
};

// ---------------------------------------------------------------------------------------------
// The USI protocol

/// The moves of an engine's line (pv, bestmove and ponder, checkmate) checked against a
/// position: the legal moves from its start, and where and why it stops.
struct usi_line {
    /// The legal moves from the start of the line.
    std::vector<move> moves;
    /// The line's length, its legal count, and the first illegal move's reason.
    shogi_usi_line status;
};

/// A message from an engine, read from one line. Owns a shogi_usi_engine_message.
class usi_engine_message {
  public:
    /// Reads one line. Throws shogi::usi_error (with the column and field) when malformed.
    static usi_engine_message parse(std::string_view line) {
        shogi_usi_engine_message *out = nullptr;
        shogi_usi_error err{};
        const shogi_result res =
            shogi_usi_engine_message_parse(detail::text_ptr(line), line.size(), &out, &err);
        if (res != SHOGI_RESULT_OK) {
            detail::throw_usi_error(res, err);
        }
        return adopt(out);
    }

    static usi_engine_message adopt(shogi_usi_engine_message *handle) noexcept {
        return usi_engine_message(handle);
    }

    shogi_usi_engine_message *get() const noexcept { return handle_.get(); }
    shogi_usi_engine_message *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// SHOGI_USI_ENGINE_ID_NAME, ..., SHOGI_USI_ENGINE_UNKNOWN.
    shogi_usi_engine_kind kind() const {
        return detail::value_out<shogi_usi_engine_kind>([&](shogi_usi_engine_kind *out) {
            return shogi_usi_engine_message_kind(handle_.get(), out);
        });
    }

    /// The canonical line.
    std::string to_string() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_usi_engine_message_to_text(handle_.get(), buf, len, out);
        });
    }

    /// The text of `id name`/`id author`, or the line of an unknown message.
    std::string text() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_usi_engine_message_text(handle_.get(), buf, len, out);
        });
    }

    /// The numeric fields of an `info`.
    shogi_usi_info info() const {
        return detail::value_out<shogi_usi_info>(
            [&](shogi_usi_info *out) { return shogi_usi_engine_message_info(handle_.get(), out); });
    }

    /// The `string` of an `info`, if it has one.
    std::optional<std::string> info_string() const {
        return detail::text_out_or(
            [&](char *buf, std::size_t len, std::size_t *out) {
                return shogi_usi_engine_message_info_string(handle_.get(), buf, len, out);
            },
            SHOGI_RESULT_NOT_FOUND);
    }

    /// The moves of the line (pv, bestmove and ponder, checkmate) as USI text.
    std::string line_text() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_usi_engine_message_line_text(handle_.get(), buf, len, out);
        });
    }

    /// The moves of the line checked from `from`.
    usi_line resolve_line(const position &from) const {
        shogi_usi_line status{};
        const std::vector<shogi_move> bits = detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_usi_engine_message_resolve_line(handle_.get(), from.get(), buf, cap,
                                                             out, &status);
            },
            16);
        usi_line line{{}, status};
        for (const shogi_move m : bits) {
            line.moves.push_back(move(m));
        }
        return line;
    }

    /// The `bestmove` resolved from `from`. Throws shogi::illegal_move_error for an illegal
    /// best or ponder move.
    shogi_usi_bestmove bestmove(const position &from) const {
        return detail::value_out<shogi_usi_bestmove>([&](shogi_usi_bestmove *out) {
            return shogi_usi_engine_message_bestmove(handle_.get(), from.get(), out);
        });
    }

    /// The type and values of an `option`.
    shogi_usi_option option() const {
        return detail::value_out<shogi_usi_option>([&](shogi_usi_option *out) {
            return shogi_usi_engine_message_option(handle_.get(), out);
        });
    }

    /// The name of an `option`.
    std::string option_name() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_usi_engine_message_option_name(handle_.get(), buf, len, out);
        });
    }

    /// The default of an `option` as text, if it has one.
    std::optional<std::string> option_default() const {
        return detail::text_out_or(
            [&](char *buf, std::size_t len, std::size_t *out) {
                return shogi_usi_engine_message_option_default(handle_.get(), buf, len, out);
            },
            SHOGI_RESULT_NOT_FOUND);
    }

  private:
    explicit usi_engine_message(shogi_usi_engine_message *handle) noexcept : handle_(handle) {}

    std::unique_ptr<shogi_usi_engine_message, detail::usi_engine_message_free> handle_;
};

/// A command from a GUI, read from one line. Owns a shogi_usi_gui_command.
class usi_gui_command {
  public:
    /// Reads one line. Throws shogi::usi_error (with the column and field) when malformed.
    static usi_gui_command parse(std::string_view line) {
        shogi_usi_gui_command *out = nullptr;
        shogi_usi_error err{};
        const shogi_result res =
            shogi_usi_gui_command_parse(detail::text_ptr(line), line.size(), &out, &err);
        if (res != SHOGI_RESULT_OK) {
            detail::throw_usi_error(res, err);
        }
        return adopt(out);
    }

    static usi_gui_command adopt(shogi_usi_gui_command *handle) noexcept {
        return usi_gui_command(handle);
    }

    shogi_usi_gui_command *get() const noexcept { return handle_.get(); }
    shogi_usi_gui_command *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// SHOGI_USI_GUI_USI, ..., SHOGI_USI_GUI_UNKNOWN.
    shogi_usi_gui_kind kind() const {
        return detail::value_out<shogi_usi_gui_kind>([&](shogi_usi_gui_kind *out) {
            return shogi_usi_gui_command_kind(handle_.get(), out);
        });
    }

    /// The canonical line.
    std::string to_string() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_usi_gui_command_to_text(handle_.get(), buf, len, out);
        });
    }

    /// The name of a `setoption`.
    std::string setoption_name() const {
        return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
            return shogi_usi_gui_command_setoption_name(handle_.get(), buf, len, out);
        });
    }

    /// The value of a `setoption`, if it has one.
    std::optional<std::string> setoption_value() const {
        return detail::text_out_or(
            [&](char *buf, std::size_t len, std::size_t *out) {
                return shogi_usi_gui_command_setoption_value(handle_.get(), buf, len, out);
            },
            SHOGI_RESULT_NOT_FOUND);
    }

    /// The parameters of a `go`.
    shogi_usi_go go() const {
        return detail::value_out<shogi_usi_go>(
            [&](shogi_usi_go *out) { return shogi_usi_gui_command_go(handle_.get(), out); });
    }

    /// The start of a `position` command, before its moves.
    position position_start() const {
        return position::adopt(detail::value_out<shogi_position *>([&](shogi_position **out) {
            return shogi_usi_gui_command_position_start(handle_.get(), out);
        }));
    }

    /// The position after the moves of a `position` command. Throws
    /// shogi::illegal_move_error for an illegal move.
    position position_replay() const {
        return position::adopt(detail::value_out<shogi_position *>([&](shogi_position **out) {
            return shogi_usi_gui_command_position_replay(handle_.get(), out);
        }));
    }

    /// The result of a `gameover`.
    shogi_usi_game_result gameover() const {
        return detail::value_out<shogi_usi_game_result>([&](shogi_usi_game_result *out) {
            return shogi_usi_gui_command_gameover(handle_.get(), out);
        });
    }

  private:
    explicit usi_gui_command(shogi_usi_gui_command *handle) noexcept : handle_(handle) {}

    std::unique_ptr<shogi_usi_gui_command, detail::usi_gui_command_free> handle_;
};

/// The line of a command without arguments (SHOGI_USI_GUI_USI, _ISREADY, _USINEWGAME, _STOP,
/// _PONDERHIT, _QUIT).
inline std::string usi_format_command(shogi_usi_gui_kind kind) {
    return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
        return shogi_usi_format_command(kind, buf, len, out);
    });
}

/// `gameover win|lose|draw`.
inline std::string usi_format_gameover(shogi_usi_game_result result) {
    return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
        return shogi_usi_format_gameover(result, buf, len, out);
    });
}

/// The `go` command of `params`.
inline std::string usi_format_go(const shogi_usi_go &params) {
    return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
        return shogi_usi_format_go(&params, buf, len, out);
    });
}

/// `setoption name <name> [value <value>]` (no value for a button).
inline std::string usi_format_setoption(std::string_view name,
                                        std::optional<std::string_view> value = std::nullopt) {
    return detail::text_out([&](char *buf, std::size_t len, std::size_t *out) {
        return shogi_usi_format_setoption(detail::text_ptr(name), name.size(),
                                          value ? detail::text_ptr(*value) : nullptr,
                                          value ? value->size() : 0, buf, len, out);
    });
}

// ---------------------------------------------------------------------------------------------
// The built-in opponent

/// The three levels a person chooses between, as the strengths ai_player takes.
enum class ai_level : std::uint32_t {
    easy = SHOGI_AI_LEVEL_EASY,
    normal = SHOGI_AI_LEVEL_NORMAL,
    hard = SHOGI_AI_LEVEL_HARD,
};

/// A flag that ends searches early. Owns a shogi_ai_stop. Unlike the other objects, raise(),
/// reset() and is_raised() may run from any thread while a search on another thread polls it;
/// destroy it only once no search uses it.
class ai_stop {
  public:
    /// A flag that is not raised.
    ai_stop() : handle_(detail::value_out<shogi_ai_stop *>([](shogi_ai_stop **out) {
                    return shogi_ai_stop_new(out);
                })) {}

    static ai_stop adopt(shogi_ai_stop *handle) noexcept { return ai_stop(handle); }

    shogi_ai_stop *get() const noexcept { return handle_.get(); }
    shogi_ai_stop *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// Raises the flag: every search polling it ends soon. Thread-safe.
    void raise() const { detail::check(shogi_ai_stop_raise(handle_.get())); }
    /// Lowers the flag, so the next search runs. Thread-safe.
    void reset() const { detail::check(shogi_ai_stop_reset(handle_.get())); }
    /// Whether the flag is raised. Thread-safe.
    bool is_raised() const {
        return detail::value_out<bool>(
            [&](bool *out) { return shogi_ai_stop_is_raised(handle_.get(), out); });
    }

  private:
    explicit ai_stop(shogi_ai_stop *handle) noexcept : handle_(handle) {}

    std::unique_ptr<shogi_ai_stop, detail::ai_stop_free> handle_;
};

namespace detail {

/// The C handle of an optional stop.
inline const shogi_ai_stop *stop_ptr(const ai_stop *stop) noexcept {
    return stop != nullptr ? stop->get() : nullptr;
}

} // namespace detail

/// A move chosen by a search: the move, what the search found (score, nodes, time) and the
/// principal variation, the move first.
struct ai_choice {
    move best;
    shogi_ai_choice info;
    std::vector<move> pv;
};

/// A computer player at a strength (1-10, or an ai_level), deterministic for its seed, with the
/// transposition table it keeps between the moves of a game. Owns a shogi_ai_player.
class ai_player {
  public:
    /// Throws shogi::ai_error (SHOGI_RESULT_AI_STRENGTH) for a strength outside 1-10.
    explicit ai_player(std::uint32_t strength, std::uint64_t seed = 0)
        : handle_(detail::value_out<shogi_ai_player *>([&](shogi_ai_player **out) {
              return shogi_ai_player_new(strength, seed, out);
          })) {}
    explicit ai_player(ai_level level, std::uint64_t seed = 0)
        : ai_player(static_cast<std::uint32_t>(level), seed) {}

    static ai_player adopt(shogi_ai_player *handle) noexcept {
        return ai_player(handle, adopted{});
    }

    shogi_ai_player *get() const noexcept { return handle_.get(); }
    shogi_ai_player *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// The strength, from 1 to 10.
    std::uint32_t strength() const {
        return detail::value_out<std::uint32_t>(
            [&](std::uint32_t *out) { return shogi_ai_player_strength(handle_.get(), out); });
    }

    /// A move for the side to move in `g`, within the strength's budget narrowed by `limits`
    /// (0: no limit from a field); `stop` (may be null) ends it early. Throws shogi::ai_error
    /// (SHOGI_RESULT_AI_GAME_OVER) when the game is over.
    ai_choice choose(const game &g, const shogi_ai_limits &limits = {},
                     const ai_stop *stop = nullptr) {
        shogi_move best = SHOGI_MOVE_NONE;
        shogi_ai_choice info{};
        detail::check(shogi_ai_player_choose(handle_.get(), g.get(), &limits,
                                             detail::stop_ptr(stop), &best, &info));
        return ai_choice{move(best), info, pv()};
    }

    /// The principal variation of the last choice (empty before the first).
    std::vector<move> pv() const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_ai_player_pv(handle_.get(), buf, cap, out);
            },
            16));
    }

  private:
    /// Tells the adopting constructor apart from the strength's, so that ai_player(0) is a
    /// strength (and an error), not a null handle.
    struct adopted {};
    ai_player(shogi_ai_player *handle, adopted) noexcept : handle_(handle) {}

    std::unique_ptr<shogi_ai_player, detail::ai_player_free> handle_;
};

/// The best move of `pos` at full strength, limited only by `limits` (all 0: until `stop` is
/// raised or depth 64), with up to `max_pv` moves of the principal variation. Throws
/// shogi::ai_error (SHOGI_RESULT_AI_NO_LEGAL_MOVES) when the side to move has no legal move.
inline ai_choice ai_best_move(const position &pos, const shogi_ai_limits &limits = {},
                              const ai_stop *stop = nullptr, std::size_t max_pv = 64) {
    std::vector<shogi_move> pv(max_pv);
    shogi_move best = SHOGI_MOVE_NONE;
    shogi_ai_choice info{};
    detail::check(shogi_ai_best_move(pos.get(), &limits, detail::stop_ptr(stop), &best, &info,
                                     pv.data(), pv.size()));
    pv.resize(info.pv_len);
    return ai_choice{move(best), info, detail::to_moves(pv)};
}

/// A move of the side to move that checkmates at once, if there is one.
inline std::optional<move> ai_mate_in_one(const position &pos) {
    shogi_move m = SHOGI_MOVE_NONE;
    bool found = false;
    detail::check(shogi_ai_mate_in_one(pos.get(), &m, &found));
    return found ? std::optional<move>(move(m)) : std::nullopt;
}

/// The default limits of a checkmate search: one million positions, nothing else.
inline shogi_ai_mate_limits ai_mate_limits_default() {
    return detail::value_out<shogi_ai_mate_limits>(
        [](shogi_ai_mate_limits *out) { return shogi_ai_mate_limits_default(out); });
}

/// The answer of a checkmate search. Owns a shogi_ai_mate_report.
class ai_mate_report {
  public:
    static ai_mate_report adopt(shogi_ai_mate_report *handle) noexcept {
        return ai_mate_report(handle);
    }

    shogi_ai_mate_report *get() const noexcept { return handle_.get(); }
    shogi_ai_mate_report *release() noexcept { return handle_.release(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// The answer (SHOGI_AI_MATE_FOUND, _NONE, _UNKNOWN), why it is undecided, the number of
    /// moves, the positions visited and the time spent.
    shogi_ai_mate_summary summary() const {
        return detail::value_out<shogi_ai_mate_summary>([&](shogi_ai_mate_summary *out) {
            return shogi_ai_mate_report_summary(handle_.get(), out);
        });
    }

    /// The mate's moves, ending in checkmate (empty unless one was found).
    std::vector<move> moves() const {
        return detail::to_moves(detail::moves_out(
            [&](shogi_move *buf, std::size_t cap, std::size_t *out) {
                return shogi_ai_mate_report_moves(handle_.get(), buf, cap, out);
            },
            16));
    }

  private:
    explicit ai_mate_report(shogi_ai_mate_report *handle) noexcept : handle_(handle) {}

    std::unique_ptr<shogi_ai_mate_report, detail::ai_mate_report_free> handle_;
};

/// Searches `pos` for a forced checkmate by the side to move within `limits`. Throws
/// shogi::ai_error (SHOGI_RESULT_AI_MATE_*) for a position a search cannot start from.
inline ai_mate_report ai_solve_mate(const position &pos,
                                    const shogi_ai_mate_limits &limits = ai_mate_limits_default(),
                                    const ai_stop *stop = nullptr) {
    return ai_mate_report::adopt(
        detail::value_out<shogi_ai_mate_report *>([&](shogi_ai_mate_report **out) {
            return shogi_ai_solve_mate(pos.get(), &limits, detail::stop_ptr(stop), out);
        }));
}

/// The move the strongest level would play in `g`, and why. Throws shogi::ai_error
/// (SHOGI_RESULT_AI_GAME_OVER) when the game is over.
inline shogi_ai_hint_info ai_hint(const game &g, const ai_stop *stop = nullptr) {
    return detail::value_out<shogi_ai_hint_info>([&](shogi_ai_hint_info *out) {
        return shogi_ai_hint(g.get(), detail::stop_ptr(stop), out);
    });
}

} // namespace shogi

#endif /* SHOGI_RULES_HPP */
