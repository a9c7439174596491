// Squares, moves, positions and notations through the wrapper.
#include "check.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace {

const char *const START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
// Sente to move with a pawn in hand and a pawn on file 5.
const char *const NIFU_SFEN = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
// Gote's king on 5a, Sente's pawn on 5c: a gold dropped on 5b mates.
const char *const MATE_IN_ONE_SFEN = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";

} // namespace

void test_values() {
    CHECK_EQ(std::string(shogi::version()), std::string(SHOGI_TEST_CARGO_VERSION));
    CHECK_EQ(shogi::version_number(), static_cast<std::uint32_t>(SHOGI_RULES_VERSION_NUMBER));
    CHECK_EQ(shogi::result_message(SHOGI_RESULT_ILLEGAL_NIFU),
             std::string("illegal move: nifu: two unpromoted pawns on a file"));
    CHECK_EQ(std::string(shogi::result_name(SHOGI_RESULT_NOT_FOUND)),
             std::string("SHOGI_RESULT_NOT_FOUND"));

    const shogi::square sq = shogi::square::at(7, 7);
    CHECK_EQ(sq.file(), 7);
    CHECK_EQ(sq.rank(), 7);
    CHECK_EQ(static_cast<int>(sq.index()), 60);
    CHECK(shogi::square().is_none());
    CHECK_EQ(shogi::square().file(), 0);
    CHECK_THROWS(shogi::square::at(10, 1), shogi::error, SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(shogi::square::at(1, 0), shogi::error, SHOGI_RESULT_INVALID_ARGUMENT);

    const shogi::move m = shogi::move::normal(shogi::role::bishop, shogi::square::at(8, 8),
                                              shogi::square::at(2, 2), shogi::role::bishop, true);
    CHECK(m.is_valid());
    CHECK_EQ(m.usi(), std::string("8h2b+"));
    CHECK_EQ(m.from(), shogi::square::at(8, 8));
    CHECK_EQ(m.to(), shogi::square::at(2, 2));
    CHECK_EQ(m.role_before(), shogi::role::bishop);
    CHECK_EQ(m.role_after(), shogi::role::horse);
    CHECK_EQ(m.captured(), shogi::role::bishop);
    CHECK(m.is_promotion());
    CHECK(m.is_capture());
    CHECK(!m.is_drop());

    const shogi::move drop = shogi::move::drop(shogi::role::pawn, shogi::square::at(5, 5));
    CHECK_EQ(drop.usi(), std::string("P*5e"));
    CHECK(drop.is_drop());
    CHECK(drop.from().is_none());
    // Kings are never dropped, and a gold never promotes.
    CHECK_THROWS(shogi::move::drop(shogi::role::king, shogi::square::at(5, 5)), shogi::error,
                 SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(shogi::move::normal(shogi::role::gold, shogi::square::at(6, 9),
                                     shogi::square::at(5, 8), shogi::role::none, true),
                 shogi::error, SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK(shogi::move().is_none());
    CHECK(!shogi::move().is_valid());
    CHECK_THROWS(shogi::move().usi(), shogi::error, SHOGI_RESULT_INVALID_ARGUMENT);

    CHECK_EQ(shogi::termination_name(shogi::termination::draw_agreement),
             std::string_view("draw_agreement"));
    CHECK_EQ(shogi::special_move_name(shogi::special_move::time_up), std::string("time_up"));
    CHECK_THROWS(shogi::special_move_name(shogi::special_move::none), shogi::error,
                 SHOGI_RESULT_INVALID_ARGUMENT);

    const shogi::rules_config csa = shogi::csa27_rules();
    CHECK_EQ(static_cast<int>(csa.impasse), SHOGI_IMPASSE_CSA27);
    CHECK_EQ(shogi::default_rules().move_limit, 400u);
    CHECK_EQ(static_cast<int>(shogi::try_rule_rules().impasse), SHOGI_IMPASSE_TRY_RULE);
    CHECK_EQ(shogi::default_read_limits().max_depth, static_cast<std::size_t>(1000));
}

void test_positions() {
    shogi::position pos;
    CHECK_EQ(pos.sfen(), std::string(START_SFEN));
    CHECK_EQ(pos.turn(), shogi::color::sente);
    CHECK_EQ(pos.move_number(), 1u);
    CHECK(!pos.in_check());
    CHECK(!pos.is_checkmate());
    CHECK(pos.piece_at(shogi::square::at(5, 9)) ==
          (shogi::piece{shogi::color::sente, shogi::role::king}));
    CHECK(pos.piece_at(shogi::square::at(2, 2)) ==
          (shogi::piece{shogi::color::gote, shogi::role::bishop}));
    CHECK(pos.piece_at(shogi::square::at(5, 5)).empty());
    CHECK_EQ(pos.king_square(shogi::color::gote), shogi::square::at(5, 1));
    CHECK_EQ(pos.hand_count(shogi::color::sente, shogi::role::pawn), 0);

    const std::vector<shogi::move> moves = pos.legal_moves();
    CHECK_EQ(moves.size(), static_cast<std::size_t>(30));
    std::vector<std::string> usi;
    for (const shogi::move &m : moves) {
        usi.push_back(m.usi());
    }
    CHECK(std::find(usi.begin(), usi.end(), "7g7f") != usi.end());
    CHECK(std::find(usi.begin(), usi.end(), "5i5h") != usi.end());
    CHECK_EQ(pos.legal_moves_from(shogi::square::at(2, 8)).size(), static_cast<std::size_t>(6));
    CHECK(pos.legal_drops(shogi::role::pawn).empty());
    CHECK_EQ(pos.perft(2), static_cast<std::uint64_t>(900));
    CHECK_EQ(pos.perft(3), static_cast<std::uint64_t>(25470));

    // USI and the other notations, both ways.
    const shogi::move m = pos.parse_usi("7g7f");
    CHECK_EQ(m, shogi::move::normal(shogi::role::pawn, shogi::square::at(7, 7),
                                    shogi::square::at(7, 6)));
    CHECK_EQ(pos.format(m, shogi::notation::usi), std::string("7g7f"));
    CHECK_EQ(pos.format(m, shogi::notation::western), std::string("P-7f"));
    CHECK_EQ(pos.format(m, shogi::notation::japanese), std::string("▲７六歩"));
    CHECK_EQ(pos.format(m, shogi::notation::kif), std::string("７六歩(77)"));
    CHECK_EQ(pos.format(m, shogi::notation::csa), std::string("+7776FU"));
    CHECK_EQ(pos.parse(shogi::notation::western, "P-7f"), m);
    CHECK_EQ(pos.parse(shogi::notation::csa, "+7776FU"), m);
    CHECK_EQ(pos.parse(shogi::notation::japanese, "▲７六歩"), m);
    CHECK_THROWS(pos.parse(shogi::notation::japanese, "△３四歩"), shogi::move_text_error,
                 SHOGI_RESULT_NOTATION_WRONG_SIDE);
    CHECK_THROWS(pos.parse(shogi::notation::western, "P-5e"), shogi::move_text_error,
                 SHOGI_RESULT_NOTATION_NO_SUCH_MOVE);
    CHECK_THROWS(pos.parse_usi("7g7"), shogi::move_text_error, SHOGI_RESULT_USI_BAD_LENGTH);
    CHECK_THROWS(pos.parse_usi("7g7e"), shogi::illegal_move_error,
                 SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
    // Every exception is a shogi::error and a std::runtime_error.
    try {
        pos.parse_usi("7g7e");
        CHECK(false);
    } catch (const std::runtime_error &e) {
        const auto *base = dynamic_cast<const shogi::error *>(&e);
        CHECK(base != nullptr);
        CHECK(base != nullptr && std::string(base->name()) == "SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE");
        CHECK_EQ(std::string(e.what()), shogi::result_message(SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE));
    }

    // Play and undo.
    pos.play(m);
    CHECK_EQ(pos.sfen(),
             std::string("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"));
    CHECK_EQ(pos.turn(), shogi::color::gote);
    const shogi::move reply = pos.parse(shogi::notation::japanese, "△３四歩");
    CHECK_EQ(reply.usi(), std::string("3c3d"));
    pos.play_usi("3c3d");
    CHECK_EQ(pos.promotion_options(shogi::square::at(8, 8), shogi::square::at(2, 2)),
             shogi::promotion::may);
    const shogi::move capture = pos.parse_usi("8h2b+");
    CHECK_EQ(pos.format(capture, shogi::notation::japanese, reply), std::string("▲２二角成"));
    pos.play(capture);
    // 同 for a move to the square of the previous one.
    const shogi::move recapture = pos.parse_usi("3a2b");
    CHECK_EQ(pos.format(recapture, shogi::notation::japanese, capture), std::string("△同　銀"));
    CHECK_EQ(pos.parse(shogi::notation::japanese, "△同　銀", capture), recapture);
    CHECK_THROWS(pos.parse(shogi::notation::japanese, "△同　銀"), shogi::move_text_error,
                 SHOGI_RESULT_NOTATION_NO_PREVIOUS_MOVE);
    CHECK_EQ(pos.undo(), capture);
    CHECK_EQ(pos.undo().usi(), std::string("3c3d"));
    CHECK_EQ(pos.undo(), m);
    CHECK_EQ(pos.sfen(), std::string(START_SFEN));
    CHECK_THROWS(pos.undo(), shogi::game_error, SHOGI_RESULT_NOTHING_TO_UNDO);

    // An illegal move: the reason without an exception, and as one from play().
    shogi::position nifu = shogi::position::from_sfen(NIFU_SFEN);
    const shogi::move pawn_drop = shogi::move::drop(shogi::role::pawn, shogi::square::at(5, 5));
    CHECK_EQ(nifu.check_move(pawn_drop), SHOGI_RESULT_ILLEGAL_NIFU);
    CHECK(!nifu.is_legal(pawn_drop));
    CHECK(nifu.is_legal(shogi::move::drop(shogi::role::pawn, shogi::square::at(4, 5))));
    CHECK_EQ(nifu.check_move(shogi::move::drop(shogi::role::pawn, shogi::square::at(4, 5))),
             SHOGI_RESULT_OK);
    CHECK_THROWS_THEN(nifu.play(pawn_drop), shogi::illegal_move_error, SHOGI_RESULT_ILLEGAL_NIFU,
                 CHECK_EQ(std::string(e.what()),
                          std::string("illegal move: nifu: two unpromoted pawns on a file")););
    CHECK_THROWS(nifu.parse_usi("P*5e"), shogi::illegal_move_error, SHOGI_RESULT_ILLEGAL_NIFU);
    CHECK_EQ(nifu.sfen(), std::string("4k4/9/9/9/9/9/4P4/9/4K4 b P 1"));
    CHECK_EQ(nifu.hand_count(shogi::color::sente, shogi::role::pawn), 1);
    CHECK_EQ(nifu.legal_drops(shogi::role::pawn).size(), static_cast<std::size_t>(64));
    // Invalid bits are no reason: an exception.
    CHECK_THROWS(nifu.check_move(shogi::move(0xffffffffu)), shogi::error,
                 SHOGI_RESULT_INVALID_ARGUMENT);

    // SFEN errors and setups.
    CHECK_THROWS(shogi::position::from_sfen(""), shogi::sfen_error, SHOGI_RESULT_SFEN_EMPTY);
    CHECK_THROWS(shogi::position::from_sfen("lnsgkgsnl/9 b - 1"), shogi::sfen_error,
                 SHOGI_RESULT_SFEN_ROW_COUNT);
    const char *const two_kings = "4k4/9/9/9/9/9/9/9/3KK4 b - 1";
    CHECK_THROWS(shogi::position::from_sfen(two_kings), shogi::sfen_error,
                 SHOGI_RESULT_SETUP_TOO_MANY_KINGS);
    CHECK_EQ(shogi::position::from_sfen(two_kings, shogi::setup::any).sfen(),
             std::string(two_kings));
    // Text need not be NUL-terminated: a view into a longer string.
    const std::string padded = std::string(START_SFEN) + "trailing";
    CHECK_EQ(shogi::position::from_sfen(std::string_view(padded).substr(0, padded.size() - 8))
                 .zobrist(),
             shogi::position().zobrist());

    // Checkmate.
    shogi::position mate = shogi::position::from_sfen(MATE_IN_ONE_SFEN);
    mate.play_usi("G*5b");
    CHECK(mate.in_check());
    CHECK(mate.is_checkmate());
    CHECK(mate.legal_moves().empty());

    const std::string svg = shogi::position().svg(m);
    CHECK(svg.rfind("<svg", 0) == 0 || svg.find("<svg") != std::string::npos);
    CHECK(svg.size() > 1000);
}
