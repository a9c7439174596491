// The handle classes: move-only ownership, empty (moved-from) objects, release and adopt.
#include "check.hpp"

#include <type_traits>
#include <utility>

namespace {

template <class T> constexpr bool move_only() {
    return !std::is_copy_constructible_v<T> && !std::is_copy_assignable_v<T> &&
           std::is_nothrow_move_constructible_v<T> && std::is_nothrow_move_assignable_v<T> &&
           std::is_nothrow_destructible_v<T>;
}

static_assert(move_only<shogi::position>(), "position is move-only");
static_assert(move_only<shogi::game>(), "game is move-only");
static_assert(move_only<shogi::record>(), "record is move-only");
static_assert(move_only<shogi::record_list>(), "record_list is move-only");
static_assert(move_only<shogi::usi_engine_message>(), "usi_engine_message is move-only");
static_assert(move_only<shogi::usi_gui_command>(), "usi_gui_command is move-only");
static_assert(std::is_trivially_copyable_v<shogi::move> && sizeof(shogi::move) == sizeof(shogi_move),
              "a move is its 32 bits");
static_assert(std::is_base_of_v<std::runtime_error, shogi::error> &&
                  std::is_base_of_v<shogi::error, shogi::record_error> &&
                  std::is_base_of_v<shogi::error, shogi::illegal_move_error>,
              "the exception hierarchy");

} // namespace

void test_handles() {
    shogi::position a;
    a.play_usi("7g7f");
    const std::string sfen = a.sfen();
    shogi_position *raw = a.get();

    // Moving hands the handle over; the source is empty.
    shogi::position b = std::move(a);
    CHECK(b.get() == raw);
    CHECK(static_cast<bool>(b));
    CHECK(!static_cast<bool>(a)); // NOLINT: the moved-from state is what is tested
    CHECK_EQ(b.sfen(), sfen);
    // Any call on an empty object throws instead of reaching the C API with NULL.
    CHECK_THROWS(a.sfen(), shogi::error, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_THROWS(a.legal_moves(), shogi::error, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_THROWS(a.play(shogi::move()), shogi::error, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_THROWS(shogi::game(a), shogi::error, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_THROWS(shogi::record(a), shogi::error, SHOGI_RESULT_NULL_PARAMETER);

    // Assignment frees the old handle (checked by the leak sanitizer) and takes the new one.
    a = shogi::position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    // 64 pawn drops (not on file 5 nor rank 1), 5 king moves, the pawn's step.
    CHECK_EQ(a.legal_moves().size(), static_cast<std::size_t>(64 + 5 + 1));
    b = std::move(a);
    CHECK_EQ(b.turn(), shogi::color::sente);
    CHECK_EQ(b.hand_count(shogi::color::sente, shogi::role::pawn), 1);

    // A clone is independent and keeps the undo history.
    shogi::position start;
    start.play_usi("2g2f");
    shogi::position copy = start.clone();
    CHECK(copy.get() != start.get());
    CHECK_EQ(copy.undo().usi(), std::string("2g2f"));
    CHECK_EQ(start.move_number(), 2u);
    CHECK_EQ(copy.move_number(), 1u);

    // release() and adopt() pass ownership to C and back.
    shogi_position *c_handle = copy.release();
    CHECK(!static_cast<bool>(copy));
    bool in_check = true;
    CHECK_EQ(shogi_position_in_check(c_handle, &in_check), SHOGI_RESULT_OK);
    CHECK(!in_check);
    const shogi::position adopted = shogi::position::adopt(c_handle);
    CHECK(adopted.get() == c_handle);

    shogi::game g;
    shogi::game moved = std::move(g);
    CHECK_THROWS(g.ply_count(), shogi::error, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_EQ(moved.ply_count(), static_cast<std::size_t>(0));
    shogi::record r = shogi::record::from_game(moved);
    shogi::record r2 = std::move(r);
    CHECK_THROWS(r.moves(), shogi::error, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_THROWS(r.same_as(r2), shogi::error, SHOGI_RESULT_NULL_PARAMETER);
    CHECK(r2.same_as(r2));
    shogi::record_list list = shogi::record_list::read("position startpos\n");
    shogi::record_list list2 = std::move(list);
    CHECK_THROWS(list.size(), shogi::error, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_EQ(list2.size(), static_cast<std::size_t>(1));
    shogi::game::adopt(moved.release());
}
