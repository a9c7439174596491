/* Squares and moves without a position: building, taking apart, USI text, and invalid bits. */
#include "support.h"

#define USI_CALL(buf, len, out) shogi_move_to_usi(promo, buf, len, out)

void test_squares_and_moves(void) {
    shogi_square sq = 99;
    shogi_move m = SHOGI_MOVE_NONE;
    shogi_move drop = SHOGI_MOVE_NONE;
    shogi_move promo = SHOGI_MOVE_NONE;
    shogi_move capture = SHOGI_MOVE_NONE;
    char usi[16];
    uint8_t file, rank;
    check_suite("squares and moves");

    /* Squares: (file - 1) * 9 + (rank - 1), 1a = 0, 9i = 80. */
    CHECK_OK(shogi_square_new(1, 1, &sq));
    CHECK_EQ_UINT(sq, 0);
    CHECK_OK(shogi_square_new(7, 7, &sq));
    CHECK_EQ_UINT(sq, square_of("7g"));
    CHECK_EQ_UINT(sq, 60);
    CHECK_OK(shogi_square_new(9, 9, &sq));
    CHECK_EQ_UINT(sq, 80);
    sq = 42;
    CHECK_RES(shogi_square_new(0, 1, &sq), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_square_new(1, 10, &sq), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_square_new(10, 1, &sq), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(sq, 42);
    CHECK_NULL_PARAM(shogi_square_new(1, 1, NULL));
    for (file = 1; file <= 9; file++) {
        for (rank = 1; rank <= 9; rank++) {
            CHECK_OK(shogi_square_new(file, rank, &sq));
            CHECK_EQ_UINT(shogi_square_file(sq), file);
            CHECK_EQ_UINT(shogi_square_rank(sq), rank);
        }
    }
    CHECK_EQ_UINT(shogi_square_file(81), 0);
    CHECK_EQ_UINT(shogi_square_rank(81), 0);
    CHECK_EQ_UINT(shogi_square_file(SHOGI_SQUARE_NONE), 0);

    /* A plain board move: P 7g-7f. */
    CHECK_OK(shogi_move_normal(SHOGI_ROLE_PAWN, square_of("7g"), square_of("7f"), SHOGI_ROLE_NONE,
                               false, &m));
    CHECK(shogi_move_is_valid(m));
    CHECK(m != SHOGI_MOVE_NONE);
    CHECK_EQ_UINT(shogi_move_from(m), square_of("7g"));
    CHECK_EQ_UINT(shogi_move_to(m), square_of("7f"));
    CHECK_EQ_UINT(shogi_move_role(m), SHOGI_ROLE_PAWN);
    CHECK_EQ_UINT(shogi_move_role_after(m), SHOGI_ROLE_PAWN);
    CHECK_EQ_UINT(shogi_move_captured(m), SHOGI_ROLE_NONE);
    CHECK(!shogi_move_is_drop(m));
    CHECK(!shogi_move_is_promotion(m));
    CHECK(!shogi_move_is_capture(m));
    CHECK_EQ_STR(usi_of(m, usi), "7g7f");

    /* A drop: G*5b. */
    CHECK_OK(shogi_move_drop(SHOGI_ROLE_GOLD, square_of("5b"), &drop));
    CHECK(shogi_move_is_drop(drop));
    CHECK_EQ_UINT(shogi_move_from(drop), SHOGI_SQUARE_NONE);
    CHECK_EQ_UINT(shogi_move_to(drop), square_of("5b"));
    CHECK_EQ_UINT(shogi_move_role(drop), SHOGI_ROLE_GOLD);
    CHECK_EQ_STR(usi_of(drop, usi), "G*5b");

    /* A promoting capture: B 8h-2b+ taking a bishop. */
    CHECK_OK(shogi_move_normal(SHOGI_ROLE_BISHOP, square_of("8h"), square_of("2b"),
                               SHOGI_ROLE_BISHOP, true, &promo));
    CHECK(shogi_move_is_promotion(promo));
    CHECK(shogi_move_is_capture(promo));
    CHECK_EQ_UINT(shogi_move_role_after(promo), SHOGI_ROLE_HORSE);
    CHECK_EQ_UINT(shogi_move_captured(promo), SHOGI_ROLE_BISHOP);
    CHECK_TEXT_OUT(USI_CALL, "8h2b+");

    /* A capture of a promoted piece keeps its role as it stood. */
    CHECK_OK(shogi_move_normal(SHOGI_ROLE_GOLD, square_of("5i"), square_of("5h"), SHOGI_ROLE_DRAGON,
                               false, &capture));
    CHECK_EQ_UINT(shogi_move_captured(capture), SHOGI_ROLE_DRAGON);

    /* Impossible moves are refused and the output left alone. */
    m = 7;
    CHECK_RES(shogi_move_normal(SHOGI_ROLE_PAWN, 10, 10, SHOGI_ROLE_NONE, false, &m),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_move_normal(SHOGI_ROLE_PAWN, 81, 10, SHOGI_ROLE_NONE, false, &m),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_move_normal(SHOGI_ROLE_PAWN, 10, 11, SHOGI_ROLE_KING, false, &m),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_move_normal(SHOGI_ROLE_GOLD, 10, 11, SHOGI_ROLE_NONE, true, &m),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_move_normal(SHOGI_ROLE_TOKIN, 10, 11, SHOGI_ROLE_NONE, true, &m),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_move_normal(14, 10, 11, SHOGI_ROLE_NONE, false, &m),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_move_drop(SHOGI_ROLE_KING, 10, &m), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_move_drop(SHOGI_ROLE_TOKIN, 10, &m), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_move_drop(SHOGI_ROLE_PAWN, 81, &m), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(m, 7);
    CHECK_NULL_PARAM(shogi_move_normal(SHOGI_ROLE_PAWN, 10, 11, SHOGI_ROLE_NONE, false, NULL));
    CHECK_NULL_PARAM(shogi_move_drop(SHOGI_ROLE_PAWN, 10, NULL));

    /* Bits that are no move: the accessors say so, USI refuses them. */
    CHECK(!shogi_move_is_valid(SHOGI_MOVE_NONE));
    CHECK(!shogi_move_is_valid(0xffffffffu));
    CHECK_EQ_UINT(shogi_move_to(0xffffffffu), SHOGI_SQUARE_NONE);
    CHECK_EQ_UINT(shogi_move_from(0xffffffffu), SHOGI_SQUARE_NONE);
    CHECK_EQ_UINT(shogi_move_role(0xffffffffu), SHOGI_ROLE_NONE);
    CHECK_EQ_UINT(shogi_move_role_after(0xffffffffu), SHOGI_ROLE_NONE);
    CHECK_EQ_UINT(shogi_move_captured(0xffffffffu), SHOGI_ROLE_NONE);
    CHECK(!shogi_move_is_drop(0xffffffffu));
    CHECK(!shogi_move_is_promotion(0xffffffffu));
    CHECK(!shogi_move_is_capture(0xffffffffu));
    {
        size_t len = 99;
        CHECK_RES(shogi_move_to_usi(0xffffffffu, usi, sizeof usi, &len),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK_EQ_UINT(len, 99);
    }
}
