/* Positions: the start position, FEN in and out with every FEN and setup error, pieces,
 * check, legal moves (buffer protocol), ICCS text, the reason a move is illegal, play in place
 * and into a new handle, clones, Zobrist keys and perft. */
#include <stdio.h>

#include "support.h"

static const xiangqi_position *text_pos;
#define POSITION_FEN(buf, len, out_len) xiangqi_position_to_fen(text_pos, buf, len, out_len)
#define POSITION_MOVES(buf, cap, out_len) xiangqi_position_legal_moves(text_pos, buf, cap, out_len)

static unsigned divide_depth;
#define POSITION_DIVIDE(buf, cap, out_len)                                                         \
    xiangqi_position_perft_divide(text_pos, divide_depth, buf, cap, out_len)

/* perft_divide: one entry per legal move, in their order, each the perft of the position after
 * it; the entries sum to the perft count. */
static void check_perft_divide(const xiangqi_position *pos) {
    xiangqi_perft_entry entries[XIANGQI_MAX_LEGAL_MOVES];
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    size_t n = 0;
    size_t i;
    uint64_t sum = 0;
    text_pos = pos;
    divide_depth = 3;
    CHECK_ARRAY_OUT(POSITION_DIVIDE, xiangqi_perft_entry, 44, entries);
    CHECK_OK(xiangqi_position_legal_moves(pos, moves, XIANGQI_MAX_LEGAL_MOVES, &n));
    for (i = 0; i < 44 && i < n; i++) {
        xiangqi_position *next = NULL;
        uint64_t nodes = 0;
        CHECK_EQ_UINT(entries[i].move, moves[i]);
        if (CHECK_OK(xiangqi_position_play_new(pos, entries[i].move, &next))) {
            CHECK_OK(xiangqi_position_perft(next, 2, &nodes));
            CHECK_EQ_UINT(entries[i].nodes, nodes);
        }
        xiangqi_position_free(next);
        sum += entries[i].nodes;
    }
    CHECK_EQ_UINT(sum, 79666);
    n = 99;
    CHECK_OK(xiangqi_position_perft_divide(pos, 0, entries, XIANGQI_MAX_LEGAL_MOVES, &n));
    CHECK_EQ_UINT(n, 0);
    CHECK_RES(xiangqi_position_perft_divide(pos, XIANGQI_MAX_PERFT_DEPTH + 1, entries,
                                            XIANGQI_MAX_LEGAL_MOVES, &n),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(n, 0);
}

static void check_start_position(void) {
    xiangqi_position *pos = NULL;
    xiangqi_color turn = XIANGQI_COLOR_NONE;
    xiangqi_piece piece;
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    size_t count = 0;
    bool in_check = true;
    uint64_t nodes = 0;
    check_suite("start position");
    if (!CHECK_OK(xiangqi_position_new(&pos))) {
        return;
    }
    text_pos = pos;
    CHECK_TEXT_OUT(POSITION_FEN, START_FEN);
    CHECK_OK(xiangqi_position_turn(pos, &turn));
    CHECK_EQ_UINT(turn, XIANGQI_COLOR_RED);
    CHECK_OK(xiangqi_position_in_check(pos, &in_check));
    CHECK(!in_check);
    CHECK_OK(xiangqi_position_piece_at(pos, point("e0"), &piece));
    CHECK_EQ_UINT(piece.color, XIANGQI_COLOR_RED);
    CHECK_EQ_UINT(piece.role, XIANGQI_ROLE_GENERAL);
    CHECK_OK(xiangqi_position_piece_at(pos, point("b7"), &piece));
    CHECK_EQ_UINT(piece.color, XIANGQI_COLOR_BLACK);
    CHECK_EQ_UINT(piece.role, XIANGQI_ROLE_CANNON);
    CHECK_OK(xiangqi_position_piece_at(pos, point("e4"), &piece));
    CHECK_EQ_UINT(piece.color, XIANGQI_COLOR_NONE);
    CHECK_EQ_UINT(piece.role, XIANGQI_ROLE_NONE);
    CHECK_RES(xiangqi_position_piece_at(pos, 90, &piece), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(piece.role, XIANGQI_ROLE_NONE);
    CHECK_MOVES_OUT(POSITION_MOVES, 44, moves);
    CHECK_OK(xiangqi_position_legal_move_count(pos, &count));
    CHECK_EQ_UINT(count, 44);
    CHECK_OK(xiangqi_position_perft(pos, 0, &nodes));
    CHECK_EQ_UINT(nodes, 1);
    CHECK_OK(xiangqi_position_perft(pos, 3, &nodes));
    CHECK_EQ_UINT(nodes, 79666);
    CHECK_RES(xiangqi_position_perft(pos, XIANGQI_MAX_PERFT_DEPTH + 1, &nodes),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(nodes, 79666);
    {
        xiangqi_square general = 0;
        uint32_t counter = 99;
        CHECK_OK(xiangqi_position_general(pos, XIANGQI_COLOR_RED, &general));
        CHECK_EQ_UINT(general, point("e0"));
        CHECK_OK(xiangqi_position_general(pos, XIANGQI_COLOR_BLACK, &general));
        CHECK_EQ_UINT(general, point("e9"));
        CHECK_RES(xiangqi_position_general(pos, XIANGQI_COLOR_NONE, &general),
                  XIANGQI_RESULT_INVALID_ARGUMENT);
        CHECK_EQ_UINT(general, point("e9"));
        CHECK_OK(xiangqi_position_halfmove_clock(pos, &counter));
        CHECK_EQ_UINT(counter, 0);
        CHECK_OK(xiangqi_position_fullmove_number(pos, &counter));
        CHECK_EQ_UINT(counter, 1);
    }
    check_perft_divide(pos);
    xiangqi_position_free(pos);
}

static void check_fen_errors(void) {
    static const struct {
        const char *fen;
        uint32_t code;
    } cases[] = {
        {"", XIANGQI_RESULT_FEN_EMPTY},
        {"   ", XIANGQI_RESULT_FEN_EMPTY},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
         XIANGQI_RESULT_FEN_MISSING_FIELD},
        {"rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
         XIANGQI_RESULT_FEN_PLACEMENT_CHARACTER},
        {"rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
         XIANGQI_RESULT_FEN_RANK_LENGTH},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
         XIANGQI_RESULT_FEN_RANK_COUNT},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
         XIANGQI_RESULT_FEN_BAD_FIELD},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 x",
         XIANGQI_RESULT_FEN_TRAILING_TEXT},
        {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
         XIANGQI_RESULT_SETUP_GENERAL_COUNT},
        {"3k5/9/9/9/9/9/9/9/9/RRRK5 w", XIANGQI_RESULT_SETUP_TOO_MANY_PIECES},
        {"4k4/9/9/9/9/9/9/9/9/A2K5 w", XIANGQI_RESULT_SETUP_IMPOSSIBLE_POINT},
        {"3k5/9/9/9/9/9/9/9/9/3K5 w", XIANGQI_RESULT_SETUP_GENERALS_FACING},
        {"3k5/9/9/9/9/9/9/9/9/3R1K3 w", XIANGQI_RESULT_SETUP_OPPONENT_IN_CHECK},
    };
    static const char not_utf8[] = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB\xff"
                                   "R w";
    size_t i;
    xiangqi_position *pos = NULL;
    check_suite("FEN errors");
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xiangqi_position *untouched = pos;
        if (!CHECK_RES(xiangqi_position_from_fen(TXT(cases[i].fen), &pos), cases[i].code)) {
            CHECK_FAIL("FEN `%s`", cases[i].fen);
        }
        CHECK(pos == untouched);
    }
    CHECK_RES(xiangqi_position_from_fen(TXT(not_utf8), &pos), XIANGQI_RESULT_INVALID_UTF8);
    CHECK(pos == NULL);
    /* The short forms and `r` for Red are read; the FEN written has six fields. */
    pos = position_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r");
    if (pos != NULL) {
        char fen[128];
        CHECK_EQ_STR(fen_of(pos, fen), START_FEN);
        xiangqi_position_free(pos);
    }
}

static void check_moves_and_reasons(void) {
    xiangqi_position *pos = position_from(START_FEN);
    xiangqi_position *next = NULL;
    xiangqi_position *copy = NULL;
    xiangqi_move m = XIANGQI_MOVE_NONE;
    xiangqi_move wrong = XIANGQI_MOVE_NONE;
    xiangqi_color turn = XIANGQI_COLOR_NONE;
    uint64_t key_before = 0;
    uint64_t key_after = 0;
    uint64_t key_copy = 0;
    char fen[128];
    char other[128];
    check_suite("moves and reasons");
    if (pos == NULL) {
        return;
    }
    CHECK_OK(xiangqi_position_parse_iccs(pos, TXT("h2e2"), &m));
    CHECK_EQ_UINT(xiangqi_move_role(m), XIANGQI_ROLE_CANNON);
    CHECK_OK(xiangqi_position_parse_iccs(pos, TXT("H2-E2"), &wrong));
    CHECK_EQ_UINT(wrong, m);
    CHECK_RES(xiangqi_position_parse_iccs(pos, TXT("h2"), &wrong), XIANGQI_RESULT_ICCS_SYNTAX);
    CHECK_RES(xiangqi_position_parse_iccs(pos, TXT("h2h7"), &wrong),
              XIANGQI_RESULT_ILLEGAL_NO_SCREEN);
    CHECK_RES(xiangqi_position_parse_iccs(pos, TXT("b0d1"), &wrong),
              XIANGQI_RESULT_ILLEGAL_HORSE_BLOCKED);
    CHECK_RES(xiangqi_position_parse_iccs(pos, TXT("e4e5"), &wrong),
              XIANGQI_RESULT_ILLEGAL_NO_PIECE);
    CHECK_RES(xiangqi_position_parse_iccs(pos, TXT("h7h0"), &wrong),
              XIANGQI_RESULT_ILLEGAL_NOT_YOUR_PIECE);
    CHECK_RES(xiangqi_position_parse_iccs(pos, TXT("h2\xff" "2"), &wrong),
              XIANGQI_RESULT_INVALID_UTF8);
    CHECK_EQ_UINT(wrong, m);
    CHECK_OK(xiangqi_position_why_illegal(pos, m));
    CHECK_RES(xiangqi_position_why_illegal(pos, XIANGQI_MOVE_NONE),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    /* The points of a legal move with another role or capture. */
    CHECK_OK(xiangqi_move_new(XIANGQI_ROLE_CHARIOT, point("h2"), point("e2"), XIANGQI_ROLE_NONE,
                              &wrong));
    CHECK_RES(xiangqi_position_why_illegal(pos, wrong), XIANGQI_RESULT_ILLEGAL_MOVE_MISMATCH);
    CHECK_RES(xiangqi_position_play(pos, wrong), XIANGQI_RESULT_ILLEGAL_MOVE_MISMATCH);
    CHECK_OK(xiangqi_position_why_illegal_points(pos, point("h2"), point("e2")));
    CHECK_RES(xiangqi_position_why_illegal_points(pos, point("a0"), point("a3")),
              XIANGQI_RESULT_ILLEGAL_OWN_PIECE);
    CHECK_RES(xiangqi_position_why_illegal_points(pos, point("c0"), point("a3")),
              XIANGQI_RESULT_ILLEGAL_WRONG_DIRECTION);
    CHECK_RES(xiangqi_position_why_illegal_points(pos, point("a0"), point("a0")),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_position_why_illegal_points(pos, point("a0"), 90),
              XIANGQI_RESULT_INVALID_ARGUMENT);

    CHECK_OK(xiangqi_position_zobrist(pos, &key_before));
    CHECK_OK(xiangqi_position_play_new(pos, m, &next));
    CHECK_OK(xiangqi_position_turn(pos, &turn));
    CHECK_EQ_UINT(turn, XIANGQI_COLOR_RED);
    CHECK_OK(xiangqi_position_turn(next, &turn));
    CHECK_EQ_UINT(turn, XIANGQI_COLOR_BLACK);
    CHECK_EQ_STR(fen_of(next, fen),
                 "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    CHECK_OK(xiangqi_position_play(pos, m));
    CHECK_EQ_STR(fen_of(pos, other), fen);
    CHECK_OK(xiangqi_position_zobrist(pos, &key_after));
    CHECK(key_after != key_before);
    CHECK_OK(xiangqi_position_clone(pos, &copy));
    CHECK_OK(xiangqi_position_zobrist(copy, &key_copy));
    CHECK_EQ_UINT(key_copy, key_after);
    CHECK_RES(xiangqi_position_play(pos, m), XIANGQI_RESULT_ILLEGAL_NO_PIECE);
    CHECK_RES(xiangqi_position_play_new(pos, m, &copy), XIANGQI_RESULT_ILLEGAL_NO_PIECE);
    CHECK_RES(xiangqi_position_play(pos, 0xFFFFFFFFu), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_STR(fen_of(pos, other), fen);
    /* Black's cannon on b7 takes the horse on b0 over the screen on b2: the move names it. */
    {
        xiangqi_move capture = iccs_move(pos, "b7b0");
        CHECK_EQ_UINT(xiangqi_move_captured(capture), XIANGQI_ROLE_HORSE);
        CHECK(xiangqi_move_is_capture(capture));
    }
    xiangqi_position_free(copy);
    xiangqi_position_free(next);
    xiangqi_position_free(pos);
}

#define POSITION_CHECKERS(buf, cap, out_len) xiangqi_position_checkers(text_pos, buf, cap, out_len)

static void check_in_check(void) {
    /* One checker: Black's cannon on e7, over the soldier on e3. Two in the double check: Red's
     * cannon on e5 (over the advisor on e8) and horse on g8. */
    xiangqi_position *pos = position_from("1n3k3/7r1/R3c4/9/9/9/4p4/2N5B/9/3AKA3 w - - 0 1");
    xiangqi_position *twice = position_from("3ak4/4a1N2/2n6/p1p3p1p/4C4/9/P5P1P/9/4A4/3K1A3 b - - 0 1");
    bool in_check = false;
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    xiangqi_square points[16];
    size_t count = 0;
    size_t i;
    check_suite("in check");
    if (pos == NULL || twice == NULL) {
        xiangqi_position_free(pos);
        xiangqi_position_free(twice);
        return;
    }
    CHECK_OK(xiangqi_position_in_check(pos, &in_check));
    CHECK(in_check);
    CHECK_OK(xiangqi_position_legal_moves(pos, moves, XIANGQI_MAX_LEGAL_MOVES, &count));
    CHECK_EQ_UINT(count, 4);
    CHECK_OK(xiangqi_position_checkers(pos, points, 16, &count));
    CHECK_EQ_UINT(count, 1);
    CHECK_EQ_UINT(points[0], point("e7"));
    text_pos = twice;
    CHECK_ARRAY_OUT(POSITION_CHECKERS, xiangqi_square, 2, points);
    for (i = 0; i < 2; i++) {
        xiangqi_piece piece;
        CHECK_OK(xiangqi_position_piece_at(twice, points[i], &piece));
        CHECK_EQ_UINT(piece.color, XIANGQI_COLOR_RED);
    }
    CHECK_EQ_UINT(points[0], point("e5"));
    CHECK_EQ_UINT(points[1], point("g8"));
    text_pos = pos;
    xiangqi_position_free(twice);
    xiangqi_position_free(pos);
}

void test_positions(void) {
    check_start_position();
    check_fen_errors();
    check_moves_and_reasons();
    check_in_check();
}
