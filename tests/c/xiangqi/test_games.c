/* Games: rules, play by move and by ICCS text, undo, checkmate, perpetual check and repetition,
 * the move limit, resignation, loss on time and draw agreement, and the positions, moves and
 * FEN of a game. */
#include "support.h"

static const xiangqi_game *text_game;
#define GAME_FEN(buf, len, out_len) xiangqi_game_to_fen(text_game, buf, len, out_len)
#define GAME_MOVES(buf, cap, out_len) xiangqi_game_legal_moves(text_game, buf, cap, out_len)
#define GAME_PLAYED(buf, cap, out_len) xiangqi_game_moves(text_game, buf, cap, out_len)

static void check_rules(void) {
    xiangqi_rules rules;
    xiangqi_rules got;
    xiangqi_game *game = NULL;
    check_suite("game rules");
    CHECK_OK(xiangqi_rules_default(&rules));
    CHECK_EQ_UINT(rules.repetitions, 3);
    CHECK(rules.perpetual_check_loses);
    CHECK_EQ_UINT(rules.move_limit, 300);
    CHECK(rules.bare_material_draw);
    rules.move_limit = 2;
    rules.perpetual_check_loses = false;
    if (!CHECK_OK(xiangqi_game_new(&rules, &game))) {
        return;
    }
    CHECK_OK(xiangqi_game_rules(game, &got));
    CHECK_EQ_UINT(got.move_limit, 2);
    CHECK(!got.perpetual_check_loses);
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("h2e2"), NULL));
    CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE);
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("h9g7"), NULL));
    CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_MOVE_LIMIT);
    CHECK_RES(xiangqi_game_play_iccs(game, TXT("h0g2"), NULL), XIANGQI_RESULT_GAME_OVER);
    xiangqi_game_free(game);
}

static void check_play_and_undo(void) {
    xiangqi_game *game = NULL;
    xiangqi_game *copy = NULL;
    xiangqi_position *pos = NULL;
    xiangqi_position *start = NULL;
    xiangqi_move played = XIANGQI_MOVE_NONE;
    xiangqi_move taken = XIANGQI_MOVE_NONE;
    xiangqi_move m = XIANGQI_MOVE_NONE;
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    size_t plies = 99;
    char fen[128];
    char buf[8];
    check_suite("game play and undo");
    if (!CHECK_OK(xiangqi_game_new(NULL, &game))) {
        return;
    }
    text_game = game;
    CHECK_TEXT_OUT(GAME_FEN, START_FEN);
    CHECK_MOVES_OUT(GAME_MOVES, 44, moves);
    CHECK_RES(xiangqi_game_undo(game, &taken), XIANGQI_RESULT_NOTHING_TO_UNDO);
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("h2e2"), &played));
    CHECK_EQ_STR(iccs_of(played, buf), "h2e2");
    CHECK_RES(xiangqi_game_play_iccs(game, TXT("h2e2"), &m), XIANGQI_RESULT_ILLEGAL_NO_PIECE);
    CHECK_RES(xiangqi_game_play_iccs(game, TXT("e2e5"), &m), XIANGQI_RESULT_ILLEGAL_NOT_YOUR_PIECE);
    CHECK_RES(xiangqi_game_play_iccs(game, TXT("zz"), &m), XIANGQI_RESULT_ICCS_SYNTAX);
    CHECK_EQ_UINT(m, XIANGQI_MOVE_NONE);
    CHECK_OK(xiangqi_game_position(game, &pos));
    if (pos != NULL) {
        m = iccs_move(pos, "h9g7");
        CHECK_OK(xiangqi_game_play(game, m));
        CHECK_RES(xiangqi_game_play(game, m), XIANGQI_RESULT_ILLEGAL_NO_PIECE);
        CHECK_RES(xiangqi_game_play(game, XIANGQI_MOVE_NONE), XIANGQI_RESULT_INVALID_ARGUMENT);
    }
    CHECK_OK(xiangqi_game_ply_count(game, &plies));
    CHECK_EQ_UINT(plies, 2);
    CHECK_MOVES_OUT(GAME_PLAYED, 2, moves);
    CHECK_EQ_UINT(moves[0], played);
    CHECK_EQ_UINT(moves[1], m);
    CHECK_OK(xiangqi_game_start_position(game, &start));
    if (start != NULL) {
        CHECK_EQ_STR(fen_of(start, fen), START_FEN);
    }
    CHECK_OK(xiangqi_game_clone(game, &copy));
    CHECK_OK(xiangqi_game_undo(game, &taken));
    CHECK_EQ_UINT(taken, m);
    CHECK_OK(xiangqi_game_undo(game, NULL));
    CHECK_OK(xiangqi_game_ply_count(game, &plies));
    CHECK_EQ_UINT(plies, 0);
    CHECK_OK(xiangqi_game_ply_count(copy, &plies));
    CHECK_EQ_UINT(plies, 2);
    xiangqi_position_free(start);
    xiangqi_position_free(pos);
    xiangqi_game_free(copy);
    xiangqi_game_free(game);
}

static void check_endings(void) {
    xiangqi_game *game;
    xiangqi_move m = XIANGQI_MOVE_NONE;
    xiangqi_move moves[4];
    size_t n = 99;
    check_suite("game endings");
    /* Checkmate by the two cannons; the mate can be taken back. */
    game = game_from("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1", NULL);
    if (game != NULL) {
        CHECK_OK(xiangqi_game_play_iccs(game, TXT("a6a5"), NULL));
        CHECK_OK(xiangqi_game_play_iccs(game, TXT("b2e2"), NULL));
        CHECK_OUTCOME(game, XIANGQI_COLOR_RED, XIANGQI_TERMINATION_CHECKMATE);
        CHECK_OK(xiangqi_game_legal_moves(game, moves, 4, &n));
        CHECK_EQ_UINT(n, 0);
        CHECK_RES(xiangqi_game_resign(game, XIANGQI_COLOR_BLACK), XIANGQI_RESULT_GAME_OVER);
        CHECK_OK(xiangqi_game_undo(game, &m));
        CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE);
        xiangqi_game_free(game);
    }
    /* Resignation, loss on time and agreement end the game for good. */
    if (CHECK_OK(xiangqi_game_new(NULL, &game))) {
        CHECK_RES(xiangqi_game_resign(game, XIANGQI_COLOR_NONE), XIANGQI_RESULT_INVALID_ARGUMENT);
        CHECK_OK(xiangqi_game_resign(game, XIANGQI_COLOR_RED));
        CHECK_OUTCOME(game, XIANGQI_COLOR_BLACK, XIANGQI_TERMINATION_RESIGNATION);
        CHECK_RES(xiangqi_game_undo(game, &m), XIANGQI_RESULT_GAME_OVER);
        CHECK_RES(xiangqi_game_agree_draw(game), XIANGQI_RESULT_GAME_OVER);
        xiangqi_game_free(game);
    }
    if (CHECK_OK(xiangqi_game_new(NULL, &game))) {
        CHECK_OK(xiangqi_game_play_iccs(game, TXT("h2e2"), NULL));
        CHECK_RES(xiangqi_game_time_out(game, 9), XIANGQI_RESULT_INVALID_ARGUMENT);
        CHECK_OK(xiangqi_game_time_out(game, XIANGQI_COLOR_BLACK));
        CHECK_OUTCOME(game, XIANGQI_COLOR_RED, XIANGQI_TERMINATION_TIMEOUT);
        CHECK_RES(xiangqi_game_time_out(game, XIANGQI_COLOR_RED), XIANGQI_RESULT_GAME_OVER);
        xiangqi_game_free(game);
    }
    if (CHECK_OK(xiangqi_game_new(NULL, &game))) {
        CHECK_OK(xiangqi_game_agree_draw(game));
        CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_DRAW_AGREEMENT);
        CHECK_RES(xiangqi_game_play_iccs(game, TXT("h2e2"), NULL), XIANGQI_RESULT_GAME_OVER);
        xiangqi_game_free(game);
    }
    /* A start with bare material is drawn before any move. */
    game = game_from("2b1k4/4a4/9/9/9/9/9/4B4/4A4/3K5 w - - 0 1", NULL);
    if (game != NULL) {
        CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_BARE_MATERIAL);
        xiangqi_game_free(game);
    }
    /* Perpetual check: Red checks with every move and loses at the third occurrence; with
     * perpetual_check_loses off it is a plain repetition. */
    {
        static const char *const checks[] = {"a8a9", "d9d8", "a9a8", "d8d9",
                                              "a8a9", "d9d8", "a9a8", "d8d9"};
        xiangqi_rules rules;
        int lenient;
        CHECK_OK(xiangqi_rules_default(&rules));
        for (lenient = 0; lenient <= 1; lenient++) {
            size_t i;
            rules.perpetual_check_loses = lenient == 0;
            game = game_from("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1", &rules);
            if (game == NULL) {
                continue;
            }
            for (i = 0; i < 8; i++) {
                CHECK_OK(xiangqi_game_play_iccs(game, TXT(checks[i]), NULL));
            }
            if (lenient) {
                CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_REPETITION);
            } else {
                CHECK_OUTCOME(game, XIANGQI_COLOR_BLACK, XIANGQI_TERMINATION_PERPETUAL_CHECK);
            }
            xiangqi_game_free(game);
        }
    }
}

void test_games(void) {
    check_rules();
    check_play_and_undo();
    check_endings();
}
