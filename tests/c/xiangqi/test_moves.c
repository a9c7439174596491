/* Points and moves as integers: building them, taking them apart, ICCS text, and the values
 * that are not points or moves. */
#include "support.h"

#define MOVE_TEXT(buf, len, out_len) xiangqi_move_to_iccs(text_move, buf, len, out_len)

static xiangqi_move text_move;

void test_squares_and_moves(void) {
    xiangqi_square sq = 77;
    xiangqi_move m = 7;
    check_suite("squares and moves");
    CHECK_OK(xiangqi_square_new(0, 0, &sq));
    CHECK_EQ_UINT(sq, 0);
    CHECK_OK(xiangqi_square_new(7, 2, &sq));
    CHECK_EQ_UINT(sq, point("h2"));
    CHECK_EQ_UINT(sq, 25);
    CHECK_OK(xiangqi_square_new(8, 9, &sq));
    CHECK_EQ_UINT(sq, 89);
    CHECK_RES(xiangqi_square_new(9, 0, &sq), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_square_new(0, 10, &sq), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(sq, 89);
    CHECK_EQ_UINT(xiangqi_square_file(point("h2")), 7);
    CHECK_EQ_UINT(xiangqi_square_rank(point("h2")), 2);
    CHECK_EQ_UINT(xiangqi_square_file(90), 255);
    CHECK_EQ_UINT(xiangqi_square_rank(XIANGQI_SQUARE_NONE), 255);

    CHECK_OK(xiangqi_move_new(XIANGQI_ROLE_CANNON, point("h2"), point("h9"), XIANGQI_ROLE_HORSE,
                              &m));
    CHECK(xiangqi_move_is_valid(m));
    CHECK_EQ_UINT(xiangqi_move_from(m), point("h2"));
    CHECK_EQ_UINT(xiangqi_move_to(m), point("h9"));
    CHECK_EQ_UINT(xiangqi_move_role(m), XIANGQI_ROLE_CANNON);
    CHECK_EQ_UINT(xiangqi_move_captured(m), XIANGQI_ROLE_HORSE);
    CHECK(xiangqi_move_is_capture(m));
    text_move = m;
    CHECK_TEXT_OUT(MOVE_TEXT, "h2h9");

    CHECK_OK(xiangqi_move_new(XIANGQI_ROLE_SOLDIER, point("e3"), point("e4"), XIANGQI_ROLE_NONE,
                              &m));
    CHECK(!xiangqi_move_is_capture(m));
    CHECK_EQ_UINT(xiangqi_move_captured(m), XIANGQI_ROLE_NONE);
    CHECK_EQ_UINT(xiangqi_move_role(m), XIANGQI_ROLE_SOLDIER);

    /* Impossible moves are refused when built and read as nothing. */
    CHECK_RES(xiangqi_move_new(7, 0, 1, XIANGQI_ROLE_NONE, &m), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_move_new(XIANGQI_ROLE_HORSE, 90, 1, XIANGQI_ROLE_NONE, &m),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_move_new(XIANGQI_ROLE_HORSE, 1, 1, XIANGQI_ROLE_NONE, &m),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_move_new(XIANGQI_ROLE_HORSE, 1, 20, XIANGQI_ROLE_GENERAL, &m),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_move_new(XIANGQI_ROLE_HORSE, 1, 20, 9, &m), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(xiangqi_move_role(m), XIANGQI_ROLE_SOLDIER);
    CHECK(!xiangqi_move_is_valid(XIANGQI_MOVE_NONE));
    CHECK(!xiangqi_move_is_valid(0xFFFFFFFFu));
    CHECK_EQ_UINT(xiangqi_move_from(XIANGQI_MOVE_NONE), XIANGQI_SQUARE_NONE);
    CHECK_EQ_UINT(xiangqi_move_to(XIANGQI_MOVE_NONE), XIANGQI_SQUARE_NONE);
    CHECK_EQ_UINT(xiangqi_move_role(XIANGQI_MOVE_NONE), XIANGQI_ROLE_NONE);
    CHECK_EQ_UINT(xiangqi_move_captured(XIANGQI_MOVE_NONE), XIANGQI_ROLE_NONE);
    CHECK(!xiangqi_move_is_capture(0xFFFFFFFFu));
    {
        size_t len = 99;
        char buf[8];
        CHECK_RES(xiangqi_move_to_iccs(XIANGQI_MOVE_NONE, buf, sizeof buf, &len),
                  XIANGQI_RESULT_INVALID_ARGUMENT);
        CHECK_EQ_UINT(len, 99);
    }
}
