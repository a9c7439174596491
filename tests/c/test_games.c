/* Games: rules configs, play and undo, the move list, every ending the API can reach
 * (checkmate, no legal moves, repetition, perpetual check, impasse declaration under each
 * rule, the move limit, the try rule, resignation, timeout by flag / timed move / clock check,
 * draw agreement, interruption), everything refused after the end, draw offers, the clock,
 * USI and JSON round trips with their errors, and forged saved games refused with the code
 * naming what is wrong. */
#include <stdio.h>

#include "support.h"

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define SENTE_MATE_IN_ONE "8k/9/7G1/9/9/9/9/9/4K4 b G 1"
#define NO_LEGAL_MOVES "8k/6G2/7S1/9/9/9/9/9/4K4 w - 1"
#define IMPASSE_32_22 "lnsg1gsnl/7b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b R 1"
#define IMPASSE_27_27 "lnsg1gsnl/1r5b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b - 1"
#define FULL_INVASION "+L+NSGKGS+N+L/1R5B1/PPPPPPPPP/9/9/9/ppppppppp/1b5r1/+l+nsgkgs+n+l"

static const char *const ROOK_CYCLES[] = {"2h3h", "8b7b", "3h2h", "7b8b", "2h3h", "8b7b",
                                          "3h2h", "7b8b", "2h3h", "8b7b", "3h2h", "7b8b"};
static const char *const SENTE_PERPETUAL[] = {"3c2b", "1c2d", "2b3c", "2d1c", "3c2b", "1c2d",
                                              "2b3c", "2d1c", "3c2b", "1c2d", "2b3c", "2d1c"};

#define USI_CALL(buf, len, out) shogi_game_to_usi(game, buf, len, out)
#define GAME_MOVES_CALL(buf, cap, out) shogi_game_moves(game, buf, cap, out)

/* Plays `count` USI moves; each must be accepted. */
static void play_all(shogi_game *game, const char *const *moves, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        uint32_t res = (uint32_t)shogi_game_play_usi(game, TXT(moves[i]));
        if (res != SHOGI_RESULT_OK) {
            CHECK_FAIL("ply %u %s: %s", (unsigned)(i + 1), moves[i], result_name(res));
            return;
        }
    }
}

/* After the end every action is refused with SHOGI_RESULT_GAME_OVER and changes nothing;
 * `undoable`: whether the last move made the ending (then undo reopens the game). */
static void check_over(shogi_game *game, int undoable, int line) {
    char json_before[8192], json_after[8192];
    size_t len = 0;
    shogi_move moves[SHOGI_MAX_LEGAL_MOVES];
    shogi_position *pos = NULL;
    shogi_move any = SHOGI_MOVE_NONE;
    shogi_rules_config rules;
    uint32_t res;
    if (shogi_game_to_json(game, json_before, sizeof json_before, &len) != SHOGI_RESULT_OK) {
        CHECK_FAIL("line %d: to_json failed", line);
        return;
    }
    if (CHECK_OK(shogi_game_position(game, &pos))) {
        if (shogi_position_legal_moves(pos, moves, SHOGI_MAX_LEGAL_MOVES, &len) ==
                SHOGI_RESULT_OK &&
            len > 0) {
            any = moves[0];
        }
        shogi_position_free(pos);
    }
    if (any != SHOGI_MOVE_NONE) {
        CHECK_RES(shogi_game_play(game, any), SHOGI_RESULT_GAME_OVER);
    }
    /* A game that is over accepts no move. */
    if (CHECK_OK(shogi_game_legal_moves(game, moves, SHOGI_MAX_LEGAL_MOVES, &len))) {
        CHECK_EQ_UINT(len, 0);
    }
    CHECK_RES(shogi_game_play_usi(game, TXT("7g7f")), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_resign(game, SHOGI_COLOR_SENTE), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_resign(game, SHOGI_COLOR_GOTE), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_flag(game, SHOGI_COLOR_SENTE), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_interrupt(game), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_offer_draw(game, SHOGI_COLOR_GOTE), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_accept_draw(game, SHOGI_COLOR_SENTE), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_decline_draw(game, SHOGI_COLOR_GOTE), SHOGI_RESULT_GAME_OVER);
    CHECK_RES(shogi_game_declare_impasse(game), SHOGI_RESULT_GAME_OVER);
    if (CHECK_OK(shogi_game_rules(game, &rules)) && rules.has_clock) {
        CHECK_RES(shogi_game_check_time(game, 0), SHOGI_RESULT_GAME_OVER);
        if (any != SHOGI_MOVE_NONE) {
            CHECK_RES(shogi_game_play_timed(game, any, 0), SHOGI_RESULT_GAME_OVER);
        }
    }
    res = (uint32_t)shogi_game_undo(game, NULL);
    if (!undoable) {
        CHECK_RES(res, SHOGI_RESULT_GAME_OVER);
    }
    if (res != SHOGI_RESULT_OK) {
        CHECK_OK(shogi_game_to_json(game, json_after, sizeof json_after, &len));
        if (strcmp(json_before, json_after) != 0) {
            CHECK_FAIL("line %d: a refused action changed the game", line);
        }
    } else {
        shogi_outcome out = outcome_of(game);
        CHECK(!out.is_over);
    }
}
#define CHECK_OVER(game, undoable) check_over((game), (undoable), __LINE__)

static void rules_configs(void) {
    shogi_rules_config rules;
    memset(&rules, 0xff, sizeof rules);
    CHECK_OK(shogi_rules_default(&rules));
    CHECK_EQ_UINT(rules.impasse, SHOGI_IMPASSE_POINTS24);
    CHECK_EQ_UINT(rules.repetitions, 4);
    CHECK(rules.perpetual_check_loses);
    CHECK_EQ_UINT(rules.move_limit, 400);
    CHECK_EQ_UINT(rules.draw_offers, 3);
    CHECK(!rules.invalid_declaration_loses);
    CHECK(rules.has_clock);
    CHECK_EQ_UINT(rules.clock_main_ms, 300000);
    CHECK_EQ_UINT(rules.clock_byoyomi_ms, 30000);
    CHECK_EQ_UINT(rules.clock_periods, 3);
    CHECK_EQ_UINT(rules.clock_increment_ms, 0);
    CHECK_OK(shogi_rules_csa27(&rules));
    CHECK_EQ_UINT(rules.impasse, SHOGI_IMPASSE_CSA27);
    CHECK(rules.invalid_declaration_loses);
    CHECK_OK(shogi_rules_try_rule(&rules));
    CHECK_EQ_UINT(rules.impasse, SHOGI_IMPASSE_TRY_RULE);
    {
        shogi_game *game = (shogi_game *)(void *)&rules;
        rules.impasse = 99;
        CHECK_RES(shogi_game_new(NULL, &rules, &game), SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK(game == (shogi_game *)(void *)&rules);
    }
}

static void play_undo_and_lists(void) {
    shogi_game *game = NULL;
    shogi_game *copy = NULL;
    shogi_position *pos = NULL;
    shogi_move moves[8];
    shogi_move undone = SHOGI_MOVE_NONE;
    shogi_move m;
    shogi_rules_config rules;
    size_t plies = 99;
    uint32_t count = 0;
    char sfen[256];
    if (!CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        return;
    }
    CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
    CHECK_OK(shogi_game_rules(game, &rules));
    CHECK_EQ_UINT(rules.impasse, SHOGI_IMPASSE_POINTS24);
    CHECK_OK(shogi_game_ply_count(game, &plies));
    CHECK_EQ_UINT(plies, 0);
    CHECK_RES(shogi_game_undo(game, &undone), SHOGI_RESULT_NOTHING_TO_UNDO);
    /* While the game runs, its moves are the position's legal moves. */
    CHECK_RES(shogi_game_legal_moves(game, moves, 8, &plies), SHOGI_RESULT_BUFFER_TOO_SMALL);
    CHECK_EQ_UINT(plies, 30);
    {
        shogi_move all[SHOGI_MAX_LEGAL_MOVES];
        size_t n = 0;
        if (CHECK_OK(shogi_game_legal_moves(game, all, SHOGI_MAX_LEGAL_MOVES, &n)) &&
            CHECK_OK(shogi_game_position(game, &pos))) {
            CHECK_EQ_UINT(n, 30);
            CHECK_OK(shogi_position_check_move(pos, all[0]));
            CHECK_OK(shogi_position_check_move(pos, all[29]));
            shogi_position_free(pos);
        }
    }
    CHECK_OK(shogi_game_ply_count(game, &plies));

    if (CHECK_OK(shogi_game_position(game, &pos))) {
        m = usi_move(pos, "7g7f");
        CHECK_OK(shogi_game_play(game, m));
        shogi_position_free(pos);
    }
    CHECK_OK(shogi_game_play_usi(game, TXT("3c3d")));
    CHECK_OK(shogi_game_play_usi(game, TXT("8h2b+")));
    /* An illegal move and bad text are refused and change nothing. */
    CHECK_RES(shogi_game_play_usi(game, TXT("2b3a")), SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
    CHECK_RES(shogi_game_play_usi(game, TXT("P*5e")), SHOGI_RESULT_ILLEGAL_NOT_IN_HAND);
    CHECK_RES(shogi_game_play_usi(game, TXT("xx")), SHOGI_RESULT_USI_BAD_LENGTH);
    CHECK_RES(shogi_game_play_usi(game, "3a2\xff", 4), SHOGI_RESULT_INVALID_UTF8);
    CHECK_RES(shogi_game_play(game, 0xffffffffu), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_OK(shogi_game_ply_count(game, &plies));
    CHECK_EQ_UINT(plies, 3);
    CHECK_MOVES_OUT(GAME_MOVES_CALL, 3, moves);
    {
        char usi[16];
        CHECK_EQ_STR(usi_of(moves[0], usi), "7g7f");
        CHECK_EQ_STR(usi_of(moves[2], usi), "8h2b+");
    }
    CHECK_TEXT_OUT(USI_CALL, "position startpos moves 7g7f 3c3d 8h2b+");
    CHECK_OK(shogi_game_repetition_count(game, &count));
    CHECK_EQ_UINT(count, 1);

    /* The start position stays; the current one moves on. */
    if (CHECK_OK(shogi_game_start_position(game, &pos))) {
        CHECK_EQ_STR(sfen_of(pos, sfen), STARTPOS);
        shogi_position_free(pos);
    }
    CHECK_EQ_STR(game_sfen(game, sfen),
                 "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");

    /* A clone is independent. */
    if (CHECK_OK(shogi_game_clone(game, &copy))) {
        CHECK_OK(shogi_game_undo(copy, &undone));
        CHECK_EQ_UINT(undone, moves[2]);
        CHECK_OK(shogi_game_ply_count(copy, &plies));
        CHECK_EQ_UINT(plies, 2);
        CHECK_OK(shogi_game_ply_count(game, &plies));
        CHECK_EQ_UINT(plies, 3);
        shogi_game_free(copy);
    }
    CHECK_OK(shogi_game_undo(game, NULL));
    CHECK_OK(shogi_game_undo(game, NULL));
    CHECK_OK(shogi_game_undo(game, &undone));
    CHECK_EQ_UINT(undone, moves[0]);
    CHECK_EQ_STR(game_sfen(game, sfen), STARTPOS);
    shogi_game_free(game);

    /* A game from a position under chosen rules. */
    pos = position_from("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    if (pos != NULL) {
        CHECK_OK(shogi_rules_csa27(&rules));
        if (CHECK_OK(shogi_game_new(pos, &rules, &game))) {
            CHECK_EQ_STR(game_sfen(game, sfen), "4k4/9/9/9/9/9/9/9/4K4 b - 1");
            CHECK_OK(shogi_game_rules(game, &rules));
            CHECK_EQ_UINT(rules.impasse, SHOGI_IMPASSE_CSA27);
            shogi_game_free(game);
        }
        shogi_position_free(pos);
    }
}

static void checkmate_and_no_legal_moves(void) {
    shogi_game *game = game_from(SENTE_MATE_IN_ONE, NULL);
    if (game != NULL) {
        CHECK_OK(shogi_game_play_usi(game, TXT("G*1b")));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_CHECKMATE);
        CHECK_OVER(game, 1);
        shogi_game_free(game);
    }
    /* Gote to move has no legal move and is not in check: over from the start, a loss. */
    game = game_from(NO_LEGAL_MOVES, NULL);
    if (game != NULL) {
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_NO_LEGAL_MOVES);
        CHECK_RES(shogi_game_resign(game, SHOGI_COLOR_GOTE), SHOGI_RESULT_GAME_OVER);
        shogi_game_free(game);
    }
}

static void repetitions(void) {
    shogi_game *game = game_from(STARTPOS, NULL);
    uint32_t count = 0;
    if (game != NULL) {
        play_all(game, ROOK_CYCLES, 11);
        CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
        play_all(game, ROOK_CYCLES + 11, 1);
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_REPETITION);
        CHECK_OK(shogi_game_repetition_count(game, &count));
        CHECK_EQ_UINT(count, 4);
        CHECK_OVER(game, 1);
        shogi_game_free(game);
    }
    game = game_from("9/9/6S1k/9/9/9/9/9/K8 b - 1", NULL);
    if (game != NULL) {
        play_all(game, SENTE_PERPETUAL, 12);
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_GOTE, SHOGI_TERMINATION_PERPETUAL_CHECK);
        CHECK_OVER(game, 1);
        shogi_game_free(game);
    }
    /* Perpetual check as a plain draw, and three repetitions instead of four. */
    {
        shogi_rules_config rules;
        CHECK_OK(shogi_rules_default(&rules));
        rules.perpetual_check_loses = false;
        game = game_from("9/9/6S1k/9/9/9/9/9/K8 b - 1", &rules);
        if (game != NULL) {
            play_all(game, SENTE_PERPETUAL, 12);
            CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_REPETITION);
            shogi_game_free(game);
        }
        CHECK_OK(shogi_rules_default(&rules));
        rules.repetitions = 3;
        game = game_from(STARTPOS, &rules);
        if (game != NULL) {
            play_all(game, ROOK_CYCLES, 8);
            CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_REPETITION);
            shogi_game_free(game);
        }
    }
}

static void check_status(const shogi_game *game, shogi_impasse_rule rule, uint32_t sente,
                         uint32_t gote, int allowed, uint32_t rejection, int line) {
    shogi_impasse_status status;
    memset(&status, 0, sizeof status);
    if (!CHECK_OK(shogi_game_impasse_status(game, &status))) {
        return;
    }
    if (status.rule != rule || status.sente_points != sente || status.gote_points != gote ||
        (status.allowed ? 1 : 0) != allowed || (uint32_t)status.rejection != rejection) {
        CHECK_FAIL("line %d: impasse status {rule %u, %u-%u, allowed %d, %s}, expected "
                   "{rule %u, %u-%u, allowed %d, %s}",
                   line, (unsigned)status.rule, (unsigned)status.sente_points,
                   (unsigned)status.gote_points, status.allowed ? 1 : 0,
                   result_name(status.rejection), (unsigned)rule, (unsigned)sente, (unsigned)gote,
                   allowed, result_name(rejection));
    }
}
#define CHECK_STATUS(game, rule, sente, gote, allowed, rejection)                                  \
    check_status((game), (rule), (sente), (gote), (allowed), (rejection), __LINE__)

static void impasse(void) {
    shogi_rules_config rules;
    shogi_impasse_status status;
    shogi_game *game = game_from(IMPASSE_32_22, NULL);
    if (game != NULL) {
        CHECK_STATUS(game, SHOGI_IMPASSE_POINTS24, 32, 22, 1, SHOGI_RESULT_OK);
        CHECK_OK(shogi_game_impasse_status(game, &status));
        CHECK(status.result.is_over);
        CHECK_EQ_UINT(status.result.winner, SHOGI_COLOR_SENTE);
        CHECK_EQ_UINT(status.result.termination, SHOGI_TERMINATION_IMPASSE_DECLARATION);
        CHECK_OK(shogi_game_declare_impasse(game));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_IMPASSE_DECLARATION);
        CHECK_OVER(game, 0);
        shogi_game_free(game);
    }
    game = game_from(IMPASSE_27_27, NULL);
    if (game != NULL) {
        CHECK_OK(shogi_game_declare_impasse(game));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_IMPASSE_DECLARATION);
        shogi_game_free(game);
    }
    /* Rejections under the site rule: the game goes on. */
    game = game_from(STARTPOS, NULL);
    if (game != NULL) {
        CHECK_STATUS(game, SHOGI_IMPASSE_POINTS24, 27, 27, 0,
                     SHOGI_RESULT_IMPASSE_KINGS_NOT_IN_ZONE);
        CHECK_OK(shogi_game_impasse_status(game, &status));
        CHECK(!status.result.is_over);
        CHECK_RES(shogi_game_declare_impasse(game), SHOGI_RESULT_IMPASSE_KINGS_NOT_IN_ZONE);
        CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
        CHECK_OK(shogi_game_play_usi(game, TXT("7g7f")));
        shogi_game_free(game);
    }
    game = game_from("9/9/9/9/9/9/4k4/9/9 b P 1", NULL);
    if (game != NULL) {
        CHECK_RES(shogi_game_declare_impasse(game), SHOGI_RESULT_IMPASSE_NO_KING);
        shogi_game_free(game);
    }
    /* In check: the kings in their zones, Sente's king checked by a gold. */
    game = game_from("9/9/3gK4/9/9/9/4k4/9/9 b - 1", NULL);
    if (game != NULL) {
        CHECK_RES(shogi_game_declare_impasse(game), SHOGI_RESULT_IMPASSE_IN_CHECK);
        shogi_game_free(game);
    }
    /* CSA 27 points: Gote wins with 27; Sente, one short of 28, loses by declaring. */
    CHECK_OK(shogi_rules_csa27(&rules));
    game = game_from(FULL_INVASION " w - 1", &rules);
    if (game != NULL) {
        CHECK_STATUS(game, SHOGI_IMPASSE_CSA27, 27, 27, 1, SHOGI_RESULT_OK);
        CHECK_OK(shogi_game_declare_impasse(game));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_GOTE, SHOGI_TERMINATION_IMPASSE_DECLARATION);
        shogi_game_free(game);
    }
    game = game_from(FULL_INVASION " b - 1", &rules);
    if (game != NULL) {
        CHECK_STATUS(game, SHOGI_IMPASSE_CSA27, 27, 27, 0, SHOGI_RESULT_IMPASSE_TOO_FEW_POINTS);
        CHECK_OK(shogi_game_declare_impasse(game));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_GOTE, SHOGI_TERMINATION_IMPASSE_DECLARATION);
        shogi_game_free(game);
    }
    rules.invalid_declaration_loses = false;
    game = game_from(FULL_INVASION " b - 1", &rules);
    if (game != NULL) {
        CHECK_RES(shogi_game_declare_impasse(game), SHOGI_RESULT_IMPASSE_TOO_FEW_POINTS);
        CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
        shogi_game_free(game);
    }
    game = game_from("4k4/9/4K4/9/9/9/9/9/9 b 2R2B4G4S4N 1", &rules);
    if (game != NULL) {
        CHECK_RES(shogi_game_declare_impasse(game), SHOGI_RESULT_IMPASSE_TOO_FEW_PIECES);
        shogi_game_free(game);
    }
    /* No declaration under the try rule, nor with impasse disabled. */
    CHECK_OK(shogi_rules_try_rule(&rules));
    game = game_from(IMPASSE_32_22, &rules);
    if (game != NULL) {
        CHECK_STATUS(game, SHOGI_IMPASSE_TRY_RULE, 32, 22, 0, SHOGI_RESULT_IMPASSE_NOT_OFFERED);
        CHECK_RES(shogi_game_declare_impasse(game), SHOGI_RESULT_IMPASSE_NOT_OFFERED);
        shogi_game_free(game);
    }
    CHECK_OK(shogi_rules_default(&rules));
    rules.impasse = SHOGI_IMPASSE_DISABLED;
    game = game_from(IMPASSE_32_22, &rules);
    if (game != NULL) {
        CHECK_RES(shogi_game_declare_impasse(game), SHOGI_RESULT_IMPASSE_NOT_OFFERED);
        shogi_game_free(game);
    }
}

static void move_limit_and_try_rule(void) {
    shogi_rules_config rules;
    static const char *const two[] = {"2h3h", "8b7b"};
    shogi_game *game = game_from("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 399", NULL);
    if (game != NULL) {
        play_all(game, two, 1);
        CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
        play_all(game, two + 1, 1);
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_MOVE_LIMIT);
        CHECK_OVER(game, 1);
        shogi_game_free(game);
    }
    /* Decided by the 24-point count at the limit. */
    game = game_from("lnsg1gsnl/7b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b R 400", NULL);
    if (game != NULL) {
        CHECK_OK(shogi_game_play_usi(game, TXT("R*5h")));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_MOVE_LIMIT);
        shogi_game_free(game);
    }
    /* No limit. */
    CHECK_OK(shogi_rules_default(&rules));
    rules.move_limit = 0;
    game = game_from("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 399", &rules);
    if (game != NULL) {
        play_all(game, two, 2);
        CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
        shogi_game_free(game);
    }
    CHECK_OK(shogi_rules_try_rule(&rules));
    game = game_from("k8/4K4/9/9/9/9/9/9/9 b - 1", &rules);
    if (game != NULL) {
        CHECK_OK(shogi_game_play_usi(game, TXT("5b5a")));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_TRY_RULE);
        CHECK_OVER(game, 1);
        shogi_game_free(game);
    }
}

static void resignation_timeout_draw_interrupt(void) {
    shogi_game *game = NULL;
    if (CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        CHECK_OK(shogi_game_play_usi(game, TXT("7g7f")));
        CHECK_RES(shogi_game_resign(game, SHOGI_COLOR_NONE), SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK_RES(shogi_game_resign(game, 7), SHOGI_RESULT_INVALID_ARGUMENT);
        /* Either side may resign on either turn. */
        CHECK_OK(shogi_game_resign(game, SHOGI_COLOR_SENTE));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_GOTE, SHOGI_TERMINATION_RESIGNATION);
        CHECK_OVER(game, 0);
        shogi_game_free(game);
    }
    if (CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        CHECK_RES(shogi_game_flag(game, SHOGI_COLOR_NONE), SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK_OK(shogi_game_flag(game, SHOGI_COLOR_GOTE));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_TIMEOUT);
        CHECK_OVER(game, 0);
        shogi_game_free(game);
    }
    if (CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        shogi_color offer = 9;
        CHECK_OK(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE));
        CHECK_OK(shogi_game_play_usi(game, TXT("7g7f")));
        CHECK_OK(shogi_game_draw_offer(game, &offer));
        CHECK_EQ_UINT(offer, SHOGI_COLOR_SENTE);
        CHECK_OK(shogi_game_accept_draw(game, SHOGI_COLOR_GOTE));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_DRAW_AGREEMENT);
        CHECK_OK(shogi_game_draw_offer(game, &offer));
        CHECK_EQ_UINT(offer, SHOGI_COLOR_NONE);
        CHECK_OVER(game, 0);
        shogi_game_free(game);
    }
    if (CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        CHECK_OK(shogi_game_interrupt(game));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_INTERRUPTED);
        CHECK_OVER(game, 0);
        shogi_game_free(game);
    }
}

static void draw_offers(void) {
    shogi_game *game = NULL;
    shogi_rules_config rules;
    shogi_color offer = 9;
    uint32_t made = 99;
    if (!CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        return;
    }
    CHECK_RES(shogi_game_accept_draw(game, SHOGI_COLOR_GOTE), SHOGI_RESULT_NO_DRAW_OFFER);
    CHECK_RES(shogi_game_decline_draw(game, SHOGI_COLOR_GOTE), SHOGI_RESULT_NO_DRAW_OFFER);
    CHECK_RES(shogi_game_offer_draw(game, SHOGI_COLOR_GOTE), SHOGI_RESULT_NOT_YOUR_TURN);
    CHECK_RES(shogi_game_offer_draw(game, 5), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_game_accept_draw(game, 5), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_game_decline_draw(game, 5), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_OK(shogi_game_draw_offers_made(game, SHOGI_COLOR_GOTE, &made));
    CHECK_EQ_UINT(made, 0);
    CHECK_RES(shogi_game_draw_offers_made(game, SHOGI_COLOR_NONE, &made),
              SHOGI_RESULT_INVALID_ARGUMENT);

    CHECK_OK(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE));
    CHECK_RES(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE), SHOGI_RESULT_DRAW_OFFER_PENDING);
    CHECK_RES(shogi_game_accept_draw(game, SHOGI_COLOR_SENTE), SHOGI_RESULT_NO_DRAW_OFFER);
    CHECK_OK(shogi_game_decline_draw(game, SHOGI_COLOR_GOTE));
    CHECK_OK(shogi_game_draw_offer(game, &offer));
    CHECK_EQ_UINT(offer, SHOGI_COLOR_NONE);
    CHECK_OK(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE));
    CHECK_OK(shogi_game_decline_draw(game, SHOGI_COLOR_GOTE));
    CHECK_OK(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE));
    CHECK_OK(shogi_game_decline_draw(game, SHOGI_COLOR_GOTE));
    CHECK_RES(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE), SHOGI_RESULT_DRAW_OFFERS_EXHAUSTED);
    CHECK_OK(shogi_game_draw_offers_made(game, SHOGI_COLOR_SENTE, &made));
    CHECK_EQ_UINT(made, 3);
    /* The opponent's move declines an open offer; undo withdraws one. */
    CHECK_OK(shogi_game_play_usi(game, TXT("7g7f")));
    CHECK_OK(shogi_game_offer_draw(game, SHOGI_COLOR_GOTE));
    CHECK_OK(shogi_game_undo(game, NULL));
    CHECK_OK(shogi_game_draw_offer(game, &offer));
    CHECK_EQ_UINT(offer, SHOGI_COLOR_NONE);
    CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
    shogi_game_free(game);

    CHECK_OK(shogi_rules_default(&rules));
    rules.draw_offers = 0;
    game = game_from(STARTPOS, &rules);
    if (game != NULL) {
        CHECK_RES(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE),
                  SHOGI_RESULT_DRAW_OFFERS_EXHAUSTED);
        shogi_game_free(game);
    }
}

static void check_reading(const shogi_game *game, shogi_color color, uint64_t elapsed,
                          uint64_t main_ms, int in_byoyomi, uint64_t period_left, uint32_t periods,
                          int timed_out, int line) {
    shogi_clock_reading r;
    memset(&r, 0, sizeof r);
    if (!CHECK_OK(shogi_game_clock_remaining(game, color, elapsed, &r))) {
        return;
    }
    if (r.main_ms != main_ms || (r.in_byoyomi ? 1 : 0) != in_byoyomi ||
        r.period_left_ms != period_left || r.periods != periods ||
        (r.timed_out ? 1 : 0) != timed_out) {
        CHECK_FAIL("line %d: clock {%llu ms, byoyomi %d, %llu ms, %u periods, out %d}, expected "
                   "{%llu ms, byoyomi %d, %llu ms, %u periods, out %d}",
                   line, (unsigned long long)r.main_ms, r.in_byoyomi ? 1 : 0,
                   (unsigned long long)r.period_left_ms, (unsigned)r.periods, r.timed_out ? 1 : 0,
                   (unsigned long long)main_ms, in_byoyomi, (unsigned long long)period_left,
                   (unsigned)periods, timed_out);
    }
}
#define CHECK_READING(game, color, elapsed, main_ms, in_byoyomi, period_left, periods, out)        \
    check_reading((game), (color), (elapsed), (main_ms), (in_byoyomi), (period_left), (periods),   \
                  (out), __LINE__)

static void clocks(void) {
    shogi_rules_config rules;
    shogi_game *game = NULL;
    shogi_clock_reading reading;
    shogi_move m;
    shogi_position *pos = NULL;
    size_t plies = 9;

    /* Untimed games have no clock. */
    CHECK_OK(shogi_rules_default(&rules));
    rules.has_clock = false;
    if (CHECK_OK(shogi_game_new(NULL, &rules, &game))) {
        CHECK_RES(shogi_game_clock_remaining(game, SHOGI_COLOR_SENTE, 0, &reading),
                  SHOGI_RESULT_NO_CLOCK);
        CHECK_RES(shogi_game_check_time(game, 0), SHOGI_RESULT_NO_CLOCK);
        CHECK_OK(shogi_game_position(game, &pos));
        m = usi_move(pos, "7g7f");
        CHECK_RES(shogi_game_play_timed(game, m, 10), SHOGI_RESULT_NO_CLOCK);
        shogi_position_free(pos);
        shogi_game_free(game);
    }

    /* The site clock: 5 minutes and 3 periods of 30 s. */
    CHECK_OK(shogi_rules_default(&rules));
    game = game_from(STARTPOS, &rules);
    if (game == NULL) {
        return;
    }
    {
        /* What the clock shows after some time of a turn: every boundary, both sides
         * (shogi-rules/tests/game.rs, clock_remaining_for_display). */
        static const struct {
            uint64_t elapsed, main_ms;
            int in_byoyomi;
            uint64_t period_left;
            uint32_t periods;
            int timed_out;
        } table[] = {
            {0, 300000, 0, 0, 3, 0},      {1, 299999, 0, 0, 3, 0},
            {299999, 1, 0, 0, 3, 0},      {300000, 0, 1, 30000, 3, 0},
            {300001, 0, 1, 29999, 3, 0},  {329999, 0, 1, 1, 3, 0},
            {330000, 0, 1, 30000, 2, 0},  {359999, 0, 1, 1, 2, 0},
            {360000, 0, 1, 30000, 1, 0},  {389999, 0, 1, 1, 1, 0},
            {390000, 0, 0, 0, 0, 1},      {390001, 0, 0, 0, 0, 1},
            {10000000, 0, 0, 0, 0, 1},
        };
        size_t i;
        for (i = 0; i < sizeof table / sizeof table[0]; i++) {
            CHECK_READING(game, SHOGI_COLOR_SENTE, table[i].elapsed, table[i].main_ms,
                          table[i].in_byoyomi, table[i].period_left, table[i].periods,
                          table[i].timed_out);
            CHECK_READING(game, SHOGI_COLOR_GOTE, table[i].elapsed, table[i].main_ms,
                          table[i].in_byoyomi, table[i].period_left, table[i].periods,
                          table[i].timed_out);
        }
    }
    CHECK_RES(shogi_game_clock_remaining(game, SHOGI_COLOR_NONE, 0, &reading),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_OK(shogi_game_position(game, &pos));
    m = usi_move(pos, "7g7f");
    shogi_position_free(pos);
    CHECK_OK(shogi_game_play_timed(game, m, 1000));
    CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
    CHECK_READING(game, SHOGI_COLOR_SENTE, 0, 299000, 0, 0, 3, 0);
    /* Gote thinks: still in time at 389.999 s, out at 390 s. */
    CHECK_OK(shogi_game_check_time(game, 389999));
    CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
    CHECK_OK(shogi_game_check_time(game, 390000));
    CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_TIMEOUT);
    CHECK_OVER(game, 0);
    shogi_game_free(game);

    /* Moves at the boundaries: main time used up exactly keeps the periods; 29.999 s spends
     * none, 30 s one, 30.001 s one more; 30 s in the last period is too late. */
    game = game_from(STARTPOS, &rules);
    if (game != NULL) {
        static const struct {
            const char *usi;
            uint64_t elapsed;
        } timed[] = {
            {"7g7f", 300000}, {"3c3d", 1}, {"2g2f", 29999}, {"8c8d", 1},
            {"2f2e", 30000},  {"8d8e", 1}, {"6i7h", 30001}, {"4a3b", 1},
        };
        static const uint32_t sente_periods[] = {3, 3, 3, 3, 2, 2, 1, 1};
        size_t i;
        for (i = 0; i < sizeof timed / sizeof timed[0]; i++) {
            shogi_clock_reading r;
            CHECK_OK(shogi_game_position(game, &pos));
            m = usi_move(pos, timed[i].usi);
            shogi_position_free(pos);
            CHECK_OK(shogi_game_play_timed(game, m, timed[i].elapsed));
            CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
            memset(&r, 0, sizeof r);
            CHECK_OK(shogi_game_clock_remaining(game, SHOGI_COLOR_SENTE, 0, &r));
            CHECK_EQ_UINT(r.periods, sente_periods[i]);
            CHECK_EQ_UINT(r.main_ms, 0);
        }
        CHECK_OK(shogi_game_position(game, &pos));
        m = usi_move(pos, "2e2d");
        shogi_position_free(pos);
        CHECK_OK(shogi_game_play_timed(game, m, 30000));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_GOTE, SHOGI_TERMINATION_TIMEOUT);
        CHECK_OK(shogi_game_ply_count(game, &plies));
        CHECK_EQ_UINT(plies, 8);
        CHECK_READING(game, SHOGI_COLOR_SENTE, 0, 0, 0, 0, 0, 1);
        CHECK_OVER(game, 0);
        shogi_game_free(game);
    }

    /* A Fischer increment: each move made in time adds 2 s to the mover's main time. */
    {
        shogi_rules_config inc = rules;
        inc.clock_main_ms = 10000;
        inc.clock_byoyomi_ms = 0;
        inc.clock_periods = 0;
        inc.clock_increment_ms = 2000;
        game = game_from(STARTPOS, &inc);
        if (game != NULL) {
            shogi_rules_config back;
            memset(&back, 0, sizeof back);
            CHECK_OK(shogi_game_rules(game, &back));
            CHECK_EQ_UINT(back.clock_increment_ms, 2000);
            CHECK_OK(shogi_game_position(game, &pos));
            m = usi_move(pos, "7g7f");
            shogi_position_free(pos);
            CHECK_OK(shogi_game_play_timed(game, m, 3000));
            CHECK_READING(game, SHOGI_COLOR_SENTE, 0, 9000, 0, 0, 0, 0);
            CHECK_READING(game, SHOGI_COLOR_GOTE, 0, 10000, 0, 0, 0, 0);
            CHECK_OK(shogi_game_position(game, &pos));
            m = usi_move(pos, "3c3d");
            shogi_position_free(pos);
            CHECK_OK(shogi_game_play_timed(game, m, 500));
            CHECK_READING(game, SHOGI_COLOR_GOTE, 0, 11500, 0, 0, 0, 0);
            /* Too late: no increment, a loss on time. */
            CHECK_OK(shogi_game_position(game, &pos));
            m = usi_move(pos, "2g2f");
            shogi_position_free(pos);
            CHECK_OK(shogi_game_play_timed(game, m, 9000));
            CHECK_OUTCOME(game, 1, SHOGI_COLOR_GOTE, SHOGI_TERMINATION_TIMEOUT);
            CHECK_READING(game, SHOGI_COLOR_SENTE, 0, 0, 0, 0, 0, 1);
            shogi_game_free(game);
        }
    }

    /* A move made too late is not played: the mover loses on time. */
    game = game_from(SENTE_MATE_IN_ONE, &rules);
    if (game != NULL) {
        CHECK_OK(shogi_game_position(game, &pos));
        m = usi_move(pos, "G*1b");
        shogi_position_free(pos);
        CHECK_OK(shogi_game_play_timed(game, m, 400000));
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_GOTE, SHOGI_TERMINATION_TIMEOUT);
        CHECK_OK(shogi_game_ply_count(game, &plies));
        CHECK_EQ_UINT(plies, 0);
        CHECK_OVER(game, 0);
        shogi_game_free(game);
    }
}

static void usi_and_json(void) {
    shogi_game *game = NULL;
    shogi_game *restored = NULL;
    shogi_rules_config rules;
    char *json = NULL;
    char *json_again = NULL;
    char sfen[256];
    size_t plies = 0;
    static const char *const bad_usi[] = {
        "position foo",
        "position startpos foo 7g7f",
        "position startpos moves 7g7f 7c7e",
        "startpos moves 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h",
        /* After checkmate no move is legal: still a move after the end. */
        "position sfen 8k/9/7G1/9/9/9/9/9/4K4 b G 1 moves G*1b 1a2a",
        "position sfen 9/9 b - 1",
        "position startpos moves 7g7",
    };
    static const uint32_t bad_usi_results[] = {
        SHOGI_RESULT_USI_COMMAND_MISSING_START,
        SHOGI_RESULT_USI_COMMAND_EXPECTED_MOVES,
        SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE,
        SHOGI_RESULT_MOVE_AFTER_END,
        SHOGI_RESULT_MOVE_AFTER_END,
        SHOGI_RESULT_SFEN_ROW_COUNT,
        SHOGI_RESULT_USI_BAD_LENGTH,
    };
    size_t i;

    if (!CHECK_OK(shogi_game_from_usi(TXT("position startpos moves 7g7f 3c3d"), NULL, &game))) {
        return;
    }
    CHECK_TEXT_OUT(USI_CALL, "position startpos moves 7g7f 3c3d");
    CHECK_OK(shogi_game_ply_count(game, &plies));
    CHECK_EQ_UINT(plies, 2);
    CHECK_OK(shogi_game_offer_draw(game, SHOGI_COLOR_SENTE));
#define JSON_CALL(buf, len, out) shogi_game_to_json(game, buf, len, out)
#define JSON_RESTORED_CALL(buf, len, out) shogi_game_to_json(restored, buf, len, out)
    FETCH_TEXT(JSON_CALL, json);
    if (json != NULL) {
        CHECK_TEXT_OUT(JSON_CALL, json);
        if (CHECK_OK(shogi_game_from_json(TXT(json), &restored))) {
            shogi_color offer = 9;
            FETCH_TEXT(JSON_RESTORED_CALL, json_again);
            if (json_again != NULL) {
                CHECK_EQ_STR(json_again, json);
            }
            CHECK_OK(shogi_game_draw_offer(restored, &offer));
            CHECK_EQ_UINT(offer, SHOGI_COLOR_SENTE);
            CHECK_EQ_STR(game_sfen(restored, sfen),
                         "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
            shogi_game_free(restored);
            free(json_again);
        }
    }
#undef JSON_CALL
#undef JSON_RESTORED_CALL
    /* Saved moves are replayed: an illegal one makes the JSON invalid. */
    if (json != NULL) {
        char *moved = strstr(json, "3c3d");
        if (CHECK(moved != NULL)) {
            moved[3] = 'c'; /* 3c3c: no move */
            restored = NULL;
            CHECK_RES(shogi_game_from_json(TXT(json), &restored), SHOGI_RESULT_RESTORE_MOVE);
            CHECK(restored == NULL);
        }
    }
    shogi_game_free(game);
    free(json);

    restored = (shogi_game *)(void *)&rules;
    CHECK_RES(shogi_game_from_json(TXT("{}"), &restored), SHOGI_RESULT_GAME_JSON);
    CHECK_RES(shogi_game_from_json(TXT("not json"), &restored), SHOGI_RESULT_GAME_JSON);
    CHECK_RES(shogi_game_from_json("{\"\xff\"}", 5, &restored), SHOGI_RESULT_INVALID_UTF8);
    CHECK(restored == (shogi_game *)(void *)&rules);

    /* The word `position` is optional; the rules apply while replaying. */
    CHECK_OK(shogi_rules_default(&rules));
    rules.repetitions = 2;
    if (CHECK_OK(shogi_game_from_usi(TXT("startpos moves 2h3h 8b7b 3h2h 7b8b"), &rules, &game))) {
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_REPETITION);
        shogi_game_free(game);
    }
    rules.impasse = 77;
    game = (shogi_game *)(void *)&rules;
    CHECK_RES(shogi_game_from_usi(TXT("startpos"), &rules, &game), SHOGI_RESULT_INVALID_ARGUMENT);
    for (i = 0; i < sizeof bad_usi / sizeof bad_usi[0]; i++) {
        uint32_t res = (uint32_t)shogi_game_from_usi(TXT(bad_usi[i]), NULL, &game);
        if (res != bad_usi_results[i]) {
            CHECK_FAIL("from_usi `%s`: %s, expected %s", bad_usi[i], result_name(res),
                       result_name(bad_usi_results[i]));
        }
    }
    CHECK_RES(shogi_game_from_usi("startpos moves 7g7\xff", 22, NULL, &game),
              SHOGI_RESULT_INVALID_UTF8);
    CHECK(game == (shogi_game *)(void *)&rules);
}

/* `text` with the first occurrence of `from` (every one when `all`) replaced by `to`, as a
 * malloc'd string; NULL, a failed check, when `from` does not occur. */
static char *replaced(const char *text, const char *from, const char *to, int all, int line) {
    size_t from_len = strlen(from), to_len = strlen(to);
    size_t count = 0;
    const char *at = text;
    char *out, *w;
    while ((at = strstr(at, from)) != NULL && (all || count == 0)) {
        count++;
        at += from_len;
    }
    if (count == 0) {
        CHECK_FAIL("line %d: `%s` not in %s", line, from, text);
        return NULL;
    }
    out = (char *)malloc(strlen(text) + count * to_len + 1);
    w = out;
    at = text;
    while (count > 0) {
        const char *found = strstr(at, from);
        memcpy(w, at, (size_t)(found - at));
        w += found - at;
        memcpy(w, to, to_len);
        w += to_len;
        at = found + from_len;
        count--;
    }
    strcpy(w, at);
    return out;
}

/* Restoring `json` (freed here) gives `expected`, and leaves `*out` untouched on failure. */
static void expect_restore(char *json, uint32_t expected, int line) {
    shogi_game *restored = NULL;
    uint32_t res;
    if (json == NULL) {
        return;
    }
    res = (uint32_t)shogi_game_from_json(TXT(json), &restored);
    if (res != expected) {
        CHECK_FAIL("line %d: from_json gave %s, expected %s: %s", line, result_name(res),
                   result_name(expected), json);
    }
    if (res == SHOGI_RESULT_OK) {
        shogi_game_free(restored);
    } else {
        CHECK(restored == NULL);
    }
    free(json);
}

#define FORGED(from, to, expected)                                                                 \
    expect_restore(replaced(json, (from), (to), 0, __LINE__), (expected), __LINE__)
#define FORGED_OUTCOME(outcome, expected)                                                          \
    FORGED("\"outcome\":null", "\"outcome\":" outcome, (expected))

/* Saved games with forged state: each is refused with the code naming what is wrong. */
static void forged_json(void) {
    shogi_game *game = NULL;
    shogi_rules_config rules;
    char *json = NULL;
    char *one_second = NULL;
    char *flagged = NULL;
#define JSON_CALL(buf, len, out) shogi_game_to_json(game, buf, len, out)
    if (!CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        return;
    }
    CHECK_OK(shogi_game_play_usi(game, TXT("7g7f")));
    FETCH_TEXT(JSON_CALL, json);
    shogi_game_free(game);
    if (json == NULL) {
        return;
    }
    /* The saved game itself restores. */
    expect_restore(replaced(json, "7g7f", "7g7f", 0, __LINE__), SHOGI_RESULT_OK, __LINE__);

    /* Results the moves do not give. */
    FORGED_OUTCOME("{\"winner\":\"sente\",\"termination\":\"checkmate\"}",
                   SHOGI_RESULT_RESTORE_RULES_DECIDED);
    FORGED_OUTCOME("{\"winner\":null,\"termination\":\"repetition\"}",
                   SHOGI_RESULT_RESTORE_RULES_DECIDED);
    FORGED_OUTCOME("{\"winner\":\"gote\",\"termination\":\"perpetual_check\"}",
                   SHOGI_RESULT_RESTORE_RULES_DECIDED);
    FORGED_OUTCOME("{\"winner\":null,\"termination\":\"move_limit\"}",
                   SHOGI_RESULT_RESTORE_RULES_DECIDED);
    FORGED_OUTCOME("{\"winner\":\"sente\",\"termination\":\"try_rule\"}",
                   SHOGI_RESULT_RESTORE_RULES_DECIDED);
    FORGED_OUTCOME("{\"winner\":\"gote\",\"termination\":\"impasse_declaration\"}",
                   SHOGI_RESULT_RESTORE_DECLARATION);
    FORGED_OUTCOME("{\"winner\":null,\"termination\":\"impasse_declaration\"}",
                   SHOGI_RESULT_RESTORE_DECLARATION);

    /* Winners that do not fit the ending. */
    FORGED_OUTCOME("{\"winner\":\"sente\",\"termination\":\"draw_agreement\"}",
                   SHOGI_RESULT_RESTORE_WINNER);
    FORGED_OUTCOME("{\"winner\":\"gote\",\"termination\":\"interrupted\"}",
                   SHOGI_RESULT_RESTORE_WINNER);
    FORGED_OUTCOME("{\"winner\":null,\"termination\":\"resignation\"}",
                   SHOGI_RESULT_RESTORE_WINNER);
    /* Stated endings with a consistent winner restore; a draw agreement needs an offer. */
    FORGED_OUTCOME("{\"winner\":\"gote\",\"termination\":\"resignation\"}", SHOGI_RESULT_OK);
    FORGED_OUTCOME("{\"winner\":null,\"termination\":\"interrupted\"}", SHOGI_RESULT_OK);
    FORGED_OUTCOME("{\"winner\":null,\"termination\":\"draw_agreement\"}",
                   SHOGI_RESULT_RESTORE_ENDING_NOT_ALLOWED);

    /* Draw offers. */
    FORGED("[0,0]", "[4000000000,0]", SHOGI_RESULT_RESTORE_DRAW_OFFERS);
    FORGED("[0,0]", "[0,4]", SHOGI_RESULT_RESTORE_DRAW_OFFERS);
    FORGED("\"draw_offer\":null", "\"draw_offer\":\"gote\"", SHOGI_RESULT_RESTORE_DRAW_OFFER);

    /* Clocks. */
    FORGED("\"clock\":{\"settings\"", "\"clock\":null,\"x\":{\"settings\"",
           SHOGI_RESULT_RESTORE_CLOCK_MISSING);
    FORGED("\"byoyomi\":{\"secs\":30,", "\"byoyomi\":{\"secs\":31,",
           SHOGI_RESULT_RESTORE_CLOCK_SETTINGS);
    /* A 1 s setting with 99,999 s left. */
    one_second = replaced(json, "\"main_time\":{\"secs\":300,", "\"main_time\":{\"secs\":1,", 1,
                          __LINE__);
    if (one_second != NULL) {
        char *fresh = replaced(one_second, "\"main\":{\"secs\":300,", "\"main\":{\"secs\":1,", 1,
                               __LINE__);
        expect_restore(replaced(one_second, "\"main\":{\"secs\":300,", "\"main\":{\"secs\":99999,",
                                0, __LINE__),
                       SHOGI_RESULT_RESTORE_CLOCK_STATE, __LINE__);
        /* 1 s left of 1 s: a reading the setting gives. */
        expect_restore(fresh, SHOGI_RESULT_OK, __LINE__);
        free(one_second);
    }
    /* Gote's clock flagged in a running game, or in one that ended otherwise. */
    flagged = replaced(json, "{\"main\":{\"secs\":300,\"nanos\":0},\"periods\":3,\"timed_out\":false}]",
                       "{\"main\":{\"secs\":0,\"nanos\":0},\"periods\":0,\"timed_out\":true}]", 0,
                       __LINE__);
    if (flagged != NULL) {
        expect_restore(replaced(flagged, "7g7f", "7g7f", 0, __LINE__),
                       SHOGI_RESULT_RESTORE_TIMED_OUT, __LINE__);
        expect_restore(replaced(flagged, "\"outcome\":null",
                                "\"outcome\":{\"winner\":\"sente\",\"termination\":\"resignation\"}",
                                0, __LINE__),
                       SHOGI_RESULT_RESTORE_TIMED_OUT, __LINE__);
        expect_restore(replaced(flagged, "\"outcome\":null",
                                "\"outcome\":{\"winner\":\"sente\",\"termination\":\"timeout\"}", 0,
                                __LINE__),
                       SHOGI_RESULT_OK, __LINE__);
        free(flagged);
    }
    /* A loss on time the clock does not show. */
    FORGED_OUTCOME("{\"winner\":\"sente\",\"termination\":\"timeout\"}",
                   SHOGI_RESULT_RESTORE_NOT_TIMED_OUT);
    /* Malformed start and moves, and a move after the end. */
    FORGED("lnsgkgsnl/1r5b1", "lnsgkgsnl/1r5b2", SHOGI_RESULT_RESTORE_START);
    FORGED("[\"7g7f\"]", "[\"7g7f\",\"7g7f\"]", SHOGI_RESULT_RESTORE_MOVE);
    FORGED("\"start\":\"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"",
           "\"start\":\"4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1\"", SHOGI_RESULT_MOVE_AFTER_END);
    free(json);
    json = NULL;

    /* An untimed game: a clock in it, or a loss on time, is refused. */
    CHECK_OK(shogi_rules_default(&rules));
    rules.has_clock = false;
    if (CHECK_OK(shogi_game_new(NULL, &rules, &game))) {
        char *untimed = NULL;
        char *with_clock = NULL;
        CHECK_OK(shogi_game_play_usi(game, TXT("7g7f")));
        FETCH_TEXT(JSON_CALL, untimed);
        shogi_game_free(game);
        if (untimed != NULL) {
            with_clock = replaced(
                untimed, "\"clock\":null,\"draw_offers_made\"",
                "\"clock\":{\"settings\":{\"main_time\":{\"secs\":300,\"nanos\":0},\"byoyomi\":{"
                "\"secs\":30,\"nanos\":0},\"periods\":3},\"sides\":[{\"main\":{\"secs\":300,"
                "\"nanos\":0},\"periods\":3,\"timed_out\":false},{\"main\":{\"secs\":300,"
                "\"nanos\":0},\"periods\":3,\"timed_out\":false}]},\"draw_offers_made\"",
                0, __LINE__);
            expect_restore(with_clock, SHOGI_RESULT_RESTORE_UNEXPECTED_CLOCK, __LINE__);
            expect_restore(
                replaced(untimed, "\"outcome\":null",
                         "\"outcome\":{\"winner\":\"sente\",\"termination\":\"timeout\"}", 0,
                         __LINE__),
                SHOGI_RESULT_RESTORE_ENDING_NOT_ALLOWED, __LINE__);
            free(untimed);
        }
    }
    /* Draw offers beyond a limit of 0, and a draw agreement the rules cannot allow. */
    rules.draw_offers = 0;
    if (CHECK_OK(shogi_game_new(NULL, &rules, &game))) {
        FETCH_TEXT(JSON_CALL, json);
        shogi_game_free(game);
        if (json != NULL) {
            FORGED_OUTCOME("{\"winner\":null,\"termination\":\"draw_agreement\"}",
                           SHOGI_RESULT_RESTORE_ENDING_NOT_ALLOWED);
            FORGED("[0,0]", "[1,0]", SHOGI_RESULT_RESTORE_DRAW_OFFERS);
            free(json);
        }
    }
#undef JSON_CALL
}

#undef FORGED
#undef FORGED_OUTCOME

static void termination_names(void) {
    static const char *const names[] = {
        "none",           "checkmate",    "no_legal_moves", "repetition",  "perpetual_check",
        "impasse",        "move_limit",   "try_rule",       "resignation", "timeout",
        "draw_agreement", "illegal_move", "interrupted",
    };
    unsigned i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        CHECK_EQ_STR(shogi_termination_name((shogi_termination)i), names[i]);
    }
    CHECK(shogi_termination_name(13) == NULL);
    CHECK(shogi_termination_name(254) == NULL);
    CHECK(shogi_termination_name(SHOGI_TERMINATION_OTHER) != NULL);
}

void test_games(void) {
    check_suite("games");
    rules_configs();
    play_undo_and_lists();
    checkmate_and_no_legal_moves();
    repetitions();
    impasse();
    move_limit_and_try_rule();
    resignation_timeout_draw_interrupt();
    draw_offers();
    clocks();
    usi_and_json();
    forged_json();
    termination_names();
}
