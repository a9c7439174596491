/* The built-in opponent: the stop handle, players at each level (legal moves, the same move for
 * the same seed), mate in one and the checkmate solver (mates replayed to checkmate, no mate,
 * a node limit), hints, a stop raised from another thread during an unlimited search, a search
 * on a thread with a 256 KiB stack, and the error codes. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "support.h"

#define SMALL_STACK (256 * 1024)
#define MAX_PV 128

/* Gote's king alone; Sente drops the gold on 5b: mate in one. */
#define MATE_IN_ONE "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
/* Gote's king in the corner, Sente's pawn on 2c and a bishop in hand: mate in three, and none
 * in one (checked by an exhaustive search of the checks). */
#define MATE_IN_THREE "8k/9/7P1/9/9/9/9/9/4K4 b B 1"
/* Nothing in hand and no piece that can check: no mate. */
#define NO_MATE "4k4/9/9/9/9/9/9/9/4K4 b - 1"
/* Gote to move is checkmated. */
#define MATED "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"
/* A mate in five, so that a solver has work to do. */
#define MATE_IN_FIVE "4k4/9/9/9/9/9/9/9/4K4 b R2G 1"
#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* Whether `m` is one of the legal moves of `game`. */
static int legal_in_game(const shogi_game *game, shogi_move m) {
    shogi_move moves[SHOGI_MAX_LEGAL_MOVES];
    size_t n = 0;
    size_t i;
    if (shogi_game_legal_moves(game, moves, SHOGI_MAX_LEGAL_MOVES, &n) != SHOGI_RESULT_OK) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (moves[i] == m) {
            return 1;
        }
    }
    return 0;
}

/* Whether `m` is one of the legal moves of `pos`. */
static int legal_in_position(const shogi_position *pos, shogi_move m) {
    shogi_move moves[SHOGI_MAX_LEGAL_MOVES];
    size_t n = 0;
    size_t i;
    if (shogi_position_legal_moves(pos, moves, SHOGI_MAX_LEGAL_MOVES, &n) != SHOGI_RESULT_OK) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (moves[i] == m) {
            return 1;
        }
    }
    return 0;
}

/* Seconds on the monotonic clock. */
static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void test_stop(void) {
    shogi_ai_stop *stop = NULL;
    bool raised = true;
    if (!CHECK_OK(shogi_ai_stop_new(&stop))) {
        return;
    }
    CHECK_OK(shogi_ai_stop_is_raised(stop, &raised));
    CHECK(!raised);
    CHECK_OK(shogi_ai_stop_raise(stop));
    CHECK_OK(shogi_ai_stop_is_raised(stop, &raised));
    CHECK(raised);
    CHECK_OK(shogi_ai_stop_reset(stop));
    CHECK_OK(shogi_ai_stop_is_raised(stop, &raised));
    CHECK(!raised);
    CHECK_NULL_PARAM(shogi_ai_stop_new(NULL));
    CHECK_NULL_PARAM(shogi_ai_stop_raise(NULL));
    CHECK_NULL_PARAM(shogi_ai_stop_reset(NULL));
    CHECK_NULL_PARAM(shogi_ai_stop_is_raised(NULL, &raised));
    CHECK_NULL_PARAM(shogi_ai_stop_is_raised(stop, NULL));
    shogi_ai_stop_free(stop);
    shogi_ai_stop_free(NULL);
}

#define PV_CALL(buf, cap, out_len) shogi_ai_player_pv(player, buf, cap, out_len)

/* Each level plays a few legal moves of a game against itself; the choice's move starts its
 * principal variation. */
static void test_levels(void) {
    const uint32_t levels[3] = {SHOGI_AI_LEVEL_EASY, SHOGI_AI_LEVEL_NORMAL, SHOGI_AI_LEVEL_HARD};
    const shogi_ai_limits limits = {4, 20000, 0};
    size_t l;
    int ply;
    CHECK(SHOGI_AI_STRENGTH_MIN <= SHOGI_AI_LEVEL_EASY);
    CHECK(SHOGI_AI_LEVEL_EASY < SHOGI_AI_LEVEL_NORMAL);
    CHECK(SHOGI_AI_LEVEL_NORMAL < SHOGI_AI_LEVEL_HARD);
    CHECK(SHOGI_AI_LEVEL_HARD <= SHOGI_AI_STRENGTH_MAX);
    for (l = 0; l < 3; l++) {
        shogi_ai_player *player = NULL;
        shogi_game *game = NULL;
        uint32_t strength = 0;
        size_t n = 0;
        if (!CHECK_OK(shogi_ai_player_new(levels[l], 7, &player))) {
            continue;
        }
        CHECK_OK(shogi_ai_player_strength(player, &strength));
        CHECK_EQ_UINT(strength, levels[l]);
        /* No choice yet: an empty principal variation. */
        CHECK_OK(shogi_ai_player_pv(player, NULL, 0, &n));
        CHECK_EQ_UINT(n, 0);
        if (!CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
            shogi_ai_player_free(player);
            continue;
        }
        for (ply = 0; ply < 4; ply++) {
            shogi_move m = SHOGI_MOVE_NONE;
            shogi_ai_choice info;
            shogi_move pv[MAX_PV];
            memset(&info, 0, sizeof info);
            if (!CHECK_OK(shogi_ai_player_choose(player, game, &limits, NULL, &m, &info))) {
                break;
            }
            CHECK(legal_in_game(game, m));
            CHECK_EQ_UINT(info.mv, m);
            CHECK(info.score_kind == SHOGI_AI_SCORE_CP || info.score_kind == SHOGI_AI_SCORE_MATE);
            CHECK(info.nodes > 0);
            CHECK(info.depth >= 1);
            if (CHECK(info.pv_len >= 1 && info.pv_len <= MAX_PV)) {
                CHECK_MOVES_OUT(PV_CALL, info.pv_len, pv);
                CHECK_EQ_UINT(pv[0], m);
            }
            if (!CHECK_OK(shogi_game_play(game, m))) {
                break;
            }
        }
        /* No limits but the level's own, and no info asked for. */
        {
            shogi_move m = SHOGI_MOVE_NONE;
            if (CHECK_OK(shogi_ai_player_choose(player, game, NULL, NULL, &m, NULL))) {
                CHECK(legal_in_game(game, m));
            }
        }
        shogi_game_free(game);
        shogi_ai_player_free(player);
    }
    shogi_ai_player_free(NULL);
}

/* Two players of the same strength and seed choose the same move with the same score in the
 * same game when the search is limited by nodes; so does the search of a bare position. The node
 * limit is small enough that no level's own time cap ends the search first, even under
 * valgrind. */
static void test_determinism(void) {
    const shogi_ai_limits limits = {0, 400, 0};
    shogi_game *game = NULL;
    shogi_position *pos = position_from(STARTPOS);
    uint32_t strength;
    if (pos == NULL || !CHECK_OK(shogi_game_new(NULL, NULL, &game)) ||
        !CHECK_OK(shogi_game_play(game, usi_move(pos, "7g7f")))) {
        shogi_game_free(game);
        shogi_position_free(pos);
        return;
    }
    for (strength = SHOGI_AI_STRENGTH_MIN; strength <= SHOGI_AI_STRENGTH_MAX; strength += 3) {
        shogi_ai_player *a = NULL;
        shogi_ai_player *b = NULL;
        shogi_ai_choice ca;
        shogi_ai_choice cb;
        shogi_move ma = SHOGI_MOVE_NONE;
        shogi_move mb = SHOGI_MOVE_NONE;
        if (CHECK_OK(shogi_ai_player_new(strength, 12345, &a)) &&
            CHECK_OK(shogi_ai_player_new(strength, 12345, &b)) &&
            CHECK_OK(shogi_ai_player_choose(a, game, &limits, NULL, &ma, &ca)) &&
            CHECK_OK(shogi_ai_player_choose(b, game, &limits, NULL, &mb, &cb))) {
            CHECK_EQ_UINT(ma, mb);
            CHECK_EQ_INT(ca.score_kind, cb.score_kind);
            CHECK_EQ_INT(ca.score, cb.score);
            CHECK_EQ_UINT(ca.pv_len, cb.pv_len);
        }
        shogi_ai_player_free(a);
        shogi_ai_player_free(b);
    }
    {
        const shogi_ai_limits depth = {3, 0, 0};
        shogi_move m1 = SHOGI_MOVE_NONE;
        shogi_move m2 = SHOGI_MOVE_NONE;
        shogi_ai_choice c1;
        shogi_ai_choice c2;
        shogi_move pv1[MAX_PV];
        shogi_move pv2[MAX_PV];
        if (CHECK_OK(shogi_ai_best_move(pos, &depth, NULL, &m1, &c1, pv1, MAX_PV)) &&
            CHECK_OK(shogi_ai_best_move(pos, &depth, NULL, &m2, &c2, pv2, MAX_PV))) {
            CHECK(legal_in_position(pos, m1));
            CHECK_EQ_UINT(m1, m2);
            CHECK_EQ_UINT(c1.mv, m1);
            CHECK_EQ_INT(c1.score, c2.score);
            CHECK_EQ_UINT(c1.nodes, c2.nodes);
            if (CHECK_EQ_UINT(c1.pv_len, c2.pv_len) && CHECK(c1.pv_len >= 1)) {
                CHECK(memcmp(pv1, pv2, c1.pv_len * sizeof pv1[0]) == 0);
                CHECK_EQ_UINT(pv1[0], m1);
            }
        }
        /* A principal variation cut to one move; none asked for. */
        if (CHECK_OK(shogi_ai_best_move(pos, &depth, NULL, &m2, &c2, pv2, 1))) {
            CHECK_EQ_UINT(m2, m1);
            CHECK_EQ_UINT(c2.pv_len, 1);
            CHECK_EQ_UINT(pv2[0], m1);
        }
        if (CHECK_OK(shogi_ai_best_move(pos, &depth, NULL, &m2, NULL, NULL, 0))) {
            CHECK_EQ_UINT(m2, m1);
        }
    }
    shogi_game_free(game);
    shogi_position_free(pos);
}

/* Solves `sfen` and checks a mate that replays to checkmate: an odd number of moves, at least
 * `plies` (the shortest mate; a solver need not find the shortest), every move legal, the
 * attacker's giving check, and the last leaving the defender checkmated. */
static void check_mate_found(const char *sfen, size_t plies) {
    shogi_position *pos = position_from(sfen);
    shogi_ai_mate_report *report = NULL;
    shogi_ai_mate_summary summary;
    shogi_move moves[MAX_PV];
    size_t i;
    bool flag = false;
    if (pos == NULL) {
        return;
    }
#define REPORT_MOVES(buf, cap, out_len) shogi_ai_mate_report_moves(report, buf, cap, out_len)
    if (CHECK_OK(shogi_ai_solve_mate(pos, NULL, NULL, &report)) &&
        CHECK_OK(shogi_ai_mate_report_summary(report, &summary))) {
        CHECK_EQ_INT(summary.answer, SHOGI_AI_MATE_FOUND);
        CHECK_EQ_INT(summary.exhausted, SHOGI_AI_EXHAUSTED_NONE);
        CHECK(summary.nodes > 0);
        if (CHECK(summary.moves_len >= plies && summary.moves_len % 2 == 1 &&
                  summary.moves_len <= MAX_PV)) {
            CHECK_MOVES_OUT(REPORT_MOVES, summary.moves_len, moves);
            for (i = 0; i < summary.moves_len; i++) {
                if (!CHECK(legal_in_position(pos, moves[i])) ||
                    !CHECK_OK(shogi_position_play(pos, moves[i]))) {
                    break;
                }
                if (i % 2 == 0) {
                    CHECK(shogi_position_in_check(pos, &flag) == SHOGI_RESULT_OK && flag);
                }
            }
            CHECK(shogi_position_is_checkmate(pos, &flag) == SHOGI_RESULT_OK && flag);
        }
    }
#undef REPORT_MOVES
    shogi_ai_mate_report_free(report);
    shogi_position_free(pos);
}

/* Solves `sfen` with `limits_or_null` and checks the answer and why it is undecided. */
static void check_mate_answer(const char *sfen, const shogi_ai_mate_limits *limits_or_null,
                              shogi_ai_mate_answer answer, shogi_ai_exhausted exhausted) {
    shogi_position *pos = position_from(sfen);
    shogi_ai_mate_report *report = NULL;
    shogi_ai_mate_summary summary;
    size_t n = 99;
    if (pos == NULL) {
        return;
    }
    if (CHECK_OK(shogi_ai_solve_mate(pos, limits_or_null, NULL, &report)) &&
        CHECK_OK(shogi_ai_mate_report_summary(report, &summary))) {
        CHECK_EQ_INT(summary.answer, answer);
        CHECK_EQ_INT(summary.exhausted, exhausted);
        CHECK_EQ_UINT(summary.moves_len, 0);
        CHECK_OK(shogi_ai_mate_report_moves(report, NULL, 0, &n));
        CHECK_EQ_UINT(n, 0);
    }
    shogi_ai_mate_report_free(report);
    shogi_position_free(pos);
}

static void test_mate(void) {
    shogi_position *pos = position_from(MATE_IN_ONE);
    shogi_position *start = position_from(STARTPOS);
    shogi_ai_mate_limits limits;
    shogi_move m = 12345;
    bool found = false;
    char usi[16];
    if (pos != NULL && CHECK_OK(shogi_ai_mate_in_one(pos, &m, &found))) {
        CHECK(found);
        CHECK_EQ_STR(usi_of(m, usi), "G*5b");
    }
    if (start != NULL && CHECK_OK(shogi_ai_mate_in_one(start, &m, &found))) {
        CHECK(!found);
        CHECK_EQ_UINT(m, SHOGI_MOVE_NONE);
    }
    CHECK_NULL_PARAM(shogi_ai_mate_in_one(NULL, &m, &found));
    CHECK_NULL_PARAM(shogi_ai_mate_in_one(pos, NULL, &found));
    CHECK_NULL_PARAM(shogi_ai_mate_in_one(pos, &m, NULL));

    if (CHECK_OK(shogi_ai_mate_limits_default(&limits))) {
        CHECK_EQ_UINT(limits.nodes, 1000000);
        CHECK_EQ_UINT(limits.time_ms, 0);
        CHECK_EQ_UINT(limits.max_plies, 0);
        CHECK(!limits.defender_holds_remaining);
    }
    CHECK_NULL_PARAM(shogi_ai_mate_limits_default(NULL));

    check_mate_found(MATE_IN_ONE, 1);
    check_mate_found(MATE_IN_THREE, 3);
    check_mate_answer(NO_MATE, NULL, SHOGI_AI_MATE_NONE, SHOGI_AI_EXHAUSTED_NONE);
    /* One position is not enough to prove a mate in three. */
    limits.nodes = 1;
    check_mate_answer(MATE_IN_THREE, &limits, SHOGI_AI_MATE_UNKNOWN, SHOGI_AI_EXHAUSTED_NODES);
    /* A mate in three is longer than a limit of one ply: no mate within it. */
    limits.nodes = 0;
    limits.max_plies = 1;
    check_mate_answer(MATE_IN_THREE, &limits, SHOGI_AI_MATE_NONE, SHOGI_AI_EXHAUSTED_NONE);

    {
        shogi_ai_mate_report *report = NULL;
        shogi_ai_mate_summary summary;
        size_t n = 0;
        CHECK_NULL_PARAM(shogi_ai_solve_mate(NULL, NULL, NULL, &report));
        CHECK_NULL_PARAM(shogi_ai_solve_mate(pos, NULL, NULL, NULL));
        CHECK(report == NULL);
        CHECK_NULL_PARAM(shogi_ai_mate_report_summary(NULL, &summary));
        CHECK_NULL_PARAM(shogi_ai_mate_report_moves(NULL, NULL, 0, &n));
        if (CHECK_OK(shogi_ai_solve_mate(pos, NULL, NULL, &report))) {
            CHECK_NULL_PARAM(shogi_ai_mate_report_summary(report, NULL));
            CHECK_NULL_PARAM(shogi_ai_mate_report_moves(report, NULL, 4, &n));
            CHECK_NULL_PARAM(shogi_ai_mate_report_moves(report, NULL, 0, NULL));
        }
        shogi_ai_mate_report_free(report);
        shogi_ai_mate_report_free(NULL);
    }
    shogi_position_free(pos);
    shogi_position_free(start);
}

static void test_hint(void) {
    shogi_game *mate = game_from(MATE_IN_ONE, NULL);
    shogi_game *start = NULL;
    shogi_ai_stop *stop = NULL;
    shogi_ai_hint_info hint;
    char usi[16];
    if (mate != NULL && CHECK_OK(shogi_ai_hint(mate, NULL, &hint))) {
        CHECK_EQ_STR(usi_of(hint.mv, usi), "G*5b");
        CHECK_EQ_INT(hint.why, SHOGI_AI_WHY_MATES);
        CHECK_EQ_INT(hint.value, 1);
        CHECK_EQ_INT(hint.score_kind, SHOGI_AI_SCORE_MATE);
        CHECK(hint.score > 0);
    }
    /* A stop raised before the hint: it still suggests a legal move. */
    if (CHECK_OK(shogi_game_new(NULL, NULL, &start)) && CHECK_OK(shogi_ai_stop_new(&stop)) &&
        CHECK_OK(shogi_ai_stop_raise(stop)) && CHECK_OK(shogi_ai_hint(start, stop, &hint))) {
        CHECK(legal_in_game(start, hint.mv));
        CHECK(hint.why == SHOGI_AI_WHY_MATES || hint.why == SHOGI_AI_WHY_STOPS_MATE ||
              hint.why == SHOGI_AI_WHY_WINS_MATERIAL || hint.why == SHOGI_AI_WHY_BEST_POSITION);
    }
    CHECK_NULL_PARAM(shogi_ai_hint(NULL, NULL, &hint));
    CHECK_NULL_PARAM(shogi_ai_hint(start, NULL, NULL));
    shogi_ai_stop_free(stop);
    shogi_game_free(start);
    shogi_game_free(mate);
}

struct raiser {
    const shogi_ai_stop *stop;
    int result;
};

/* Waits a tenth of a second, then raises the stop. */
static void *raise_later(void *arg) {
    struct raiser *r = (struct raiser *)arg;
    struct timespec pause = {0, 100000000L};
    nanosleep(&pause, NULL);
    r->result = (int)shogi_ai_stop_raise(r->stop);
    return NULL;
}

/* A search with no limit at all, which only the stop ends, raised from another thread. */
static void test_cancellation(void) {
    shogi_position *pos = position_from(STARTPOS);
    shogi_position *mate5 = position_from(MATE_IN_FIVE);
    shogi_ai_stop *stop = NULL;
    pthread_t thread;
    struct raiser raiser;
    shogi_move m = SHOGI_MOVE_NONE;
    shogi_ai_choice info;
    double started;
    if (pos == NULL || mate5 == NULL || !CHECK_OK(shogi_ai_stop_new(&stop))) {
        shogi_position_free(pos);
        shogi_position_free(mate5);
        return;
    }
    raiser.stop = stop;
    raiser.result = -1;
    started = now_seconds();
    if (CHECK_EQ_INT(pthread_create(&thread, NULL, raise_later, &raiser), 0)) {
        if (CHECK_OK(shogi_ai_best_move(pos, NULL, stop, &m, &info, NULL, 0))) {
            CHECK(legal_in_position(pos, m));
            CHECK_EQ_UINT(info.mv, m);
        }
        CHECK_EQ_INT(pthread_join(thread, NULL), 0);
        CHECK_EQ_INT(raiser.result, SHOGI_RESULT_OK);
        /* Depth 64 is out of reach: only the stop ended the search. */
        CHECK(now_seconds() - started < 60.0);
    }
    /* A solver with no limit whose stop is raised: undecided because stopped, unless it had
     * already found the mate. */
    {
        shogi_ai_mate_limits none = {0, 0, 0, false};
        shogi_ai_mate_report *report = NULL;
        shogi_ai_mate_summary summary;
        if (CHECK_OK(shogi_ai_solve_mate(mate5, &none, stop, &report)) &&
            CHECK_OK(shogi_ai_mate_report_summary(report, &summary))) {
            CHECK(summary.answer != SHOGI_AI_MATE_NONE);
            if (summary.answer == SHOGI_AI_MATE_UNKNOWN) {
                CHECK_EQ_INT(summary.exhausted, SHOGI_AI_EXHAUSTED_STOPPED);
            }
        }
        shogi_ai_mate_report_free(report);
    }
    shogi_ai_stop_free(stop);
    shogi_position_free(pos);
    shogi_position_free(mate5);
}

struct small_stack_job {
    int failures;
};

/* A search limited by nodes only (so as deep as they allow) and a mate solved, on a thread
 * with a 256 KiB stack; failures are counted for the main thread to check. */
static void *small_stack_search(void *arg) {
    struct small_stack_job *job = (struct small_stack_job *)arg;
    const shogi_ai_limits limits = {0, 30000, 0};
    shogi_position *pos = NULL;
    shogi_ai_mate_report *report = NULL;
    shogi_ai_mate_summary summary;
    shogi_move m = SHOGI_MOVE_NONE;
    if (shogi_position_from_sfen(TXT(STARTPOS), &pos) != SHOGI_RESULT_OK) {
        job->failures++;
        return NULL;
    }
    if (shogi_ai_best_move(pos, &limits, NULL, &m, NULL, NULL, 0) != SHOGI_RESULT_OK ||
        !legal_in_position(pos, m)) {
        job->failures++;
    }
    shogi_position_free(pos);
    pos = NULL;
    if (shogi_position_from_sfen(TXT(MATE_IN_THREE), &pos) != SHOGI_RESULT_OK ||
        shogi_ai_solve_mate(pos, NULL, NULL, &report) != SHOGI_RESULT_OK ||
        shogi_ai_mate_report_summary(report, &summary) != SHOGI_RESULT_OK ||
        summary.answer != SHOGI_AI_MATE_FOUND || summary.moves_len < 3 ||
        summary.moves_len % 2 == 0) {
        job->failures++;
    }
    shogi_ai_mate_report_free(report);
    shogi_position_free(pos);
    return NULL;
}

static void test_small_stack(void) {
    pthread_attr_t attr;
    pthread_t thread;
    struct small_stack_job job = {0};
    CHECK_EQ_INT(pthread_attr_init(&attr), 0);
    CHECK_EQ_INT(pthread_attr_setstacksize(&attr, SMALL_STACK), 0);
    if (CHECK_EQ_INT(pthread_create(&thread, &attr, small_stack_search, &job), 0)) {
        CHECK_EQ_INT(pthread_join(thread, NULL), 0);
        CHECK_EQ_INT(job.failures, 0);
    }
    pthread_attr_destroy(&attr);
}

/* Every error of the built-in opponent, and the NULL pointers of the player's functions. */
static void test_ai_errors(void) {
    shogi_ai_player *player = NULL;
    shogi_game *over = game_from(MATED, NULL);
    shogi_position *mated = position_from(MATED);
    shogi_position *in_check = NULL;
    shogi_position *no_king = NULL;
    shogi_ai_mate_report *report = NULL;
    shogi_ai_hint_info hint;
    shogi_move m = 77;
    shogi_move pv[4];
    size_t n = 0;
    uint32_t strength = 0;

    CHECK_RES(shogi_ai_player_new(0, 0, &player), SHOGI_RESULT_AI_STRENGTH);
    CHECK_RES(shogi_ai_player_new(SHOGI_AI_STRENGTH_MAX + 1, 0, &player),
              SHOGI_RESULT_AI_STRENGTH);
    CHECK(player == NULL);
    CHECK_NULL_PARAM(shogi_ai_player_new(SHOGI_AI_LEVEL_EASY, 0, NULL));
    if (over != NULL && CHECK_OK(shogi_ai_player_new(SHOGI_AI_LEVEL_EASY, 0, &player))) {
        CHECK_RES(shogi_ai_player_choose(player, over, NULL, NULL, &m, NULL),
                  SHOGI_RESULT_AI_GAME_OVER);
        CHECK_EQ_UINT(m, 77);
        CHECK_NULL_PARAM(shogi_ai_player_choose(NULL, over, NULL, NULL, &m, NULL));
        CHECK_NULL_PARAM(shogi_ai_player_choose(player, NULL, NULL, NULL, &m, NULL));
        CHECK_NULL_PARAM(shogi_ai_player_choose(player, over, NULL, NULL, NULL, NULL));
        CHECK_NULL_PARAM(shogi_ai_player_pv(NULL, pv, 4, &n));
        CHECK_NULL_PARAM(shogi_ai_player_pv(player, pv, 4, NULL));
        CHECK_NULL_PARAM(shogi_ai_player_strength(NULL, &strength));
        CHECK_NULL_PARAM(shogi_ai_player_strength(player, NULL));
        CHECK_RES(shogi_ai_hint(over, NULL, &hint), SHOGI_RESULT_AI_GAME_OVER);
    }
    if (mated != NULL) {
        CHECK_RES(shogi_ai_best_move(mated, NULL, NULL, &m, NULL, NULL, 0),
                  SHOGI_RESULT_AI_NO_LEGAL_MOVES);
        CHECK_EQ_UINT(m, 77);
        CHECK_NULL_PARAM(shogi_ai_best_move(NULL, NULL, NULL, &m, NULL, NULL, 0));
        CHECK_NULL_PARAM(shogi_ai_best_move(mated, NULL, NULL, NULL, NULL, NULL, 0));
        CHECK_NULL_PARAM(shogi_ai_best_move(mated, NULL, NULL, &m, NULL, NULL, 4));
    }
    /* Positions no game reaches, which only the "any" setup reads. */
    if (CHECK_OK(shogi_position_from_sfen_setup(TXT("4k4/9/9/9/4L4/9/9/9/4K4 b G 1"),
                                                SHOGI_SETUP_ANY, &in_check))) {
        CHECK_RES(shogi_ai_solve_mate(in_check, NULL, NULL, &report),
                  SHOGI_RESULT_AI_MATE_OPPONENT_IN_CHECK);
        CHECK(report == NULL);
        shogi_ai_mate_report_free(report);
        report = NULL;
    }
    if (CHECK_OK(shogi_position_from_sfen_setup(TXT("9/9/9/9/9/9/9/9/4K4 b G 1"), SHOGI_SETUP_ANY,
                                                &no_king))) {
        CHECK_RES(shogi_ai_solve_mate(no_king, NULL, NULL, &report),
                  SHOGI_RESULT_AI_MATE_NO_DEFENDING_KING);
        CHECK(report == NULL);
        shogi_ai_mate_report_free(report);
    }
    shogi_position_free(no_king);
    shogi_position_free(in_check);
    shogi_position_free(mated);
    shogi_game_free(over);
    shogi_ai_player_free(player);
}

void test_ai(void) {
    check_suite("ai");
    test_stop();
    test_levels();
    test_determinism();
    test_mate();
    test_hint();
    test_cancellation();
    test_small_stack();
    test_ai_errors();
}
