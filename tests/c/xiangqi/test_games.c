/* Games: rules, play by move and by ICCS text, undo, checkmate, perpetual check and repetition,
 * the move limit, resignation, loss on time, draw offers and draw agreement, the clock (timed
 * moves, byo-yomi, time running out, flags, untimed rules), the positions, moves and FEN of a
 * game, and games saved as JSON and restored (forged saves refused, the clock's included). */
#include "support.h"

static const xiangqi_game *text_game;
#define GAME_FEN(buf, len, out_len) xiangqi_game_to_fen(text_game, buf, len, out_len)
#define GAME_MOVES(buf, cap, out_len) xiangqi_game_legal_moves(text_game, buf, cap, out_len)
#define GAME_PLAYED(buf, cap, out_len) xiangqi_game_moves(text_game, buf, cap, out_len)
#define GAME_JSON(buf, len, out_len) xiangqi_game_to_json(text_game, buf, len, out_len)

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
    CHECK_EQ_UINT(rules.max_draw_offers, XIANGQI_DRAW_OFFERS_UNLIMITED);
    CHECK_EQ_UINT(XIANGQI_DRAW_OFFERS_UNLIMITED, 0xFFFFFFFFu);
    CHECK(rules.has_clock);
    CHECK_EQ_UINT(rules.clock_main_ms, 300000);
    CHECK_EQ_UINT(rules.clock_byoyomi_ms, 30000);
    CHECK_EQ_UINT(rules.clock_periods, 3);
    CHECK_EQ_UINT(rules.clock_increment_ms, 0);
    rules.move_limit = 2;
    rules.max_draw_offers = 4;
    rules.perpetual_check_loses = false;
    if (!CHECK_OK(xiangqi_game_new(&rules, &game))) {
        return;
    }
    CHECK_OK(xiangqi_game_rules(game, &got));
    CHECK_EQ_UINT(got.move_limit, 2);
    CHECK(!got.perpetual_check_loses);
    CHECK_EQ_UINT(got.max_draw_offers, 4);
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

/* The open offer and the offers each side made, checked together. */
#define CHECK_OFFERS(game, open, red_made, black_made)                                             \
    do {                                                                                           \
        xiangqi_color co_open_ = 77;                                                               \
        uint32_t co_made_ = 77;                                                                    \
        CHECK_OK(xiangqi_game_draw_offer((game), &co_open_));                                      \
        CHECK_EQ_UINT(co_open_, (open));                                                           \
        CHECK_OK(xiangqi_game_draw_offers_made((game), XIANGQI_COLOR_RED, &co_made_));             \
        CHECK_EQ_UINT(co_made_, (red_made));                                                       \
        CHECK_OK(xiangqi_game_draw_offers_made((game), XIANGQI_COLOR_BLACK, &co_made_));           \
        CHECK_EQ_UINT(co_made_, (black_made));                                                     \
    } while (0)

static void check_draw_offers(void) {
    xiangqi_rules rules;
    xiangqi_game *game = NULL;
    uint32_t made = 77;
    xiangqi_color open = 77;
    check_suite("game draw offers");
    CHECK_OK(xiangqi_rules_default(&rules));
    rules.max_draw_offers = 1;
    if (!CHECK_OK(xiangqi_game_new(&rules, &game))) {
        return;
    }
    CHECK_OFFERS(game, XIANGQI_COLOR_NONE, 0, 0);
    CHECK_RES(xiangqi_game_accept_draw(game, XIANGQI_COLOR_BLACK), XIANGQI_RESULT_NO_DRAW_OFFER);
    CHECK_RES(xiangqi_game_decline_draw(game, XIANGQI_COLOR_BLACK), XIANGQI_RESULT_NO_DRAW_OFFER);
    CHECK_RES(xiangqi_game_offer_draw(game, 5), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_game_accept_draw(game, 5), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_game_decline_draw(game, XIANGQI_COLOR_NONE), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_game_draw_offers_made(game, 5, &made), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(made, 77);
    /* Red offers; its own move keeps the offer open; Black declines. */
    CHECK_OK(xiangqi_game_offer_draw(game, XIANGQI_COLOR_RED));
    CHECK_RES(xiangqi_game_offer_draw(game, XIANGQI_COLOR_BLACK), XIANGQI_RESULT_DRAW_OFFER_PENDING);
    CHECK_RES(xiangqi_game_accept_draw(game, XIANGQI_COLOR_RED), XIANGQI_RESULT_NO_DRAW_OFFER);
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("h2e2"), NULL));
    CHECK_OFFERS(game, XIANGQI_COLOR_RED, 1, 0);
    CHECK_OK(xiangqi_game_decline_draw(game, XIANGQI_COLOR_BLACK));
    CHECK_OFFERS(game, XIANGQI_COLOR_NONE, 1, 0);
    /* Red has used its one offer; Black offers off its turn, and the offer lapses when Red
     * moves. */
    CHECK_RES(xiangqi_game_offer_draw(game, XIANGQI_COLOR_RED), XIANGQI_RESULT_NO_DRAW_OFFERS_LEFT);
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("h9g7"), NULL));
    CHECK_OK(xiangqi_game_offer_draw(game, XIANGQI_COLOR_BLACK));
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("h0g2"), NULL));
    CHECK_OFFERS(game, XIANGQI_COLOR_NONE, 1, 1);
    /* Both have used their offers: agreeing needs an offer of the side to move. */
    CHECK_RES(xiangqi_game_agree_draw(game), XIANGQI_RESULT_NO_DRAW_OFFERS_LEFT);
    xiangqi_game_free(game);

    /* An accepted offer draws the game; nothing is offered or answered after the end. */
    if (!CHECK_OK(xiangqi_game_new(NULL, &game))) {
        return;
    }
    CHECK_OK(xiangqi_game_offer_draw(game, XIANGQI_COLOR_BLACK));
    CHECK_OK(xiangqi_game_accept_draw(game, XIANGQI_COLOR_RED));
    CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_DRAW_AGREEMENT);
    CHECK_OK(xiangqi_game_draw_offer(game, &open));
    CHECK_EQ_UINT(open, XIANGQI_COLOR_NONE);
    CHECK_RES(xiangqi_game_offer_draw(game, XIANGQI_COLOR_RED), XIANGQI_RESULT_GAME_OVER);
    CHECK_RES(xiangqi_game_accept_draw(game, XIANGQI_COLOR_BLACK), XIANGQI_RESULT_GAME_OVER);
    CHECK_RES(xiangqi_game_decline_draw(game, XIANGQI_COLOR_BLACK), XIANGQI_RESULT_GAME_OVER);
    xiangqi_game_free(game);
}

/* Checks what `color`'s clock shows after `elapsed` ms of the turn. */
static void check_reading(const xiangqi_game *game, xiangqi_color color, uint64_t elapsed,
                          uint64_t main_ms, int in_byoyomi, uint64_t period_left_ms,
                          uint32_t periods, int timed_out, int line) {
    xiangqi_clock_reading r;
    memset(&r, 0, sizeof r);
    if (!CHECK_OK(xiangqi_game_clock_remaining(game, color, elapsed, &r))) {
        return;
    }
    if (r.main_ms != main_ms || (r.in_byoyomi ? 1 : 0) != in_byoyomi ||
        r.period_left_ms != period_left_ms || r.periods != periods ||
        (r.timed_out ? 1 : 0) != timed_out) {
        CHECK_FAIL("line %d: clock {%llu ms, byoyomi %d, %llu ms, %u periods, out %d}, expected "
                   "{%llu ms, byoyomi %d, %llu ms, %u periods, out %d}",
                   line, (unsigned long long)r.main_ms, r.in_byoyomi ? 1 : 0,
                   (unsigned long long)r.period_left_ms, (unsigned)r.periods, r.timed_out ? 1 : 0,
                   (unsigned long long)main_ms, in_byoyomi, (unsigned long long)period_left_ms,
                   (unsigned)periods, timed_out);
    }
}

#define CHECK_READING(game, color, elapsed, main_ms, in_byoyomi, left, periods, out)              \
    check_reading(game, color, elapsed, main_ms, in_byoyomi, left, periods, out, __LINE__)

static void check_clock(void) {
    xiangqi_rules rules;
    xiangqi_rules got;
    xiangqi_game *game = NULL;
    xiangqi_position *pos = NULL;
    xiangqi_clock_reading reading;
    xiangqi_move m = XIANGQI_MOVE_NONE;
    check_suite("game clock");
    CHECK_OK(xiangqi_rules_default(&rules));

    /* Untimed rules: no clock to read, charge, check or flag; a loss on time is still stated. */
    rules.has_clock = false;
    if (CHECK_OK(xiangqi_game_new(&rules, &game))) {
        CHECK_OK(xiangqi_game_rules(game, &got));
        CHECK(!got.has_clock);
        CHECK_RES(xiangqi_game_clock_remaining(game, XIANGQI_COLOR_RED, 0, &reading),
                  XIANGQI_RESULT_NO_CLOCK);
        CHECK_RES(xiangqi_game_check_time(game, 1), XIANGQI_RESULT_NO_CLOCK);
        CHECK_RES(xiangqi_game_flag(game, XIANGQI_COLOR_RED), XIANGQI_RESULT_NO_CLOCK);
        CHECK_OK(xiangqi_game_position(game, &pos));
        if (pos != NULL) {
            m = iccs_move(pos, "h2e2");
            CHECK_RES(xiangqi_game_play_timed(game, m, 10), XIANGQI_RESULT_NO_CLOCK);
            xiangqi_position_free(pos);
            pos = NULL;
        }
        CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE);
        CHECK_OK(xiangqi_game_time_out(game, XIANGQI_COLOR_RED));
        CHECK_OUTCOME(game, XIANGQI_COLOR_BLACK, XIANGQI_TERMINATION_TIMEOUT);
        xiangqi_game_free(game);
        game = NULL;
    }

    /* The site clock: 5 minutes and 3 periods of 30 s. */
    if (!CHECK_OK(xiangqi_game_new(NULL, &game))) {
        return;
    }
    CHECK_OK(xiangqi_game_rules(game, &got));
    CHECK(got.has_clock);
    CHECK_READING(game, XIANGQI_COLOR_RED, 0, 300000, 0, 0, 3, 0);
    CHECK_READING(game, XIANGQI_COLOR_RED, 299999, 1, 0, 0, 3, 0);
    CHECK_READING(game, XIANGQI_COLOR_RED, 300000, 0, 1, 30000, 3, 0);
    CHECK_READING(game, XIANGQI_COLOR_RED, 310000, 0, 1, 20000, 3, 0);
    CHECK_READING(game, XIANGQI_COLOR_RED, 330000, 0, 1, 30000, 2, 0);
    CHECK_READING(game, XIANGQI_COLOR_RED, 389999, 0, 1, 1, 1, 0);
    CHECK_READING(game, XIANGQI_COLOR_RED, 390000, 0, 0, 0, 0, 1);
    CHECK_RES(xiangqi_game_clock_remaining(game, XIANGQI_COLOR_NONE, 0, &reading),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_OK(xiangqi_game_position(game, &pos));
    if (pos != NULL) {
        /* A timed move charges the mover only. */
        m = iccs_move(pos, "h2e2");
        CHECK_OK(xiangqi_game_play_timed(game, m, 1000));
        CHECK_READING(game, XIANGQI_COLOR_RED, 0, 299000, 0, 0, 3, 0);
        CHECK_READING(game, XIANGQI_COLOR_BLACK, 0, 300000, 0, 0, 3, 0);
        CHECK_RES(xiangqi_game_play_timed(game, m, 0), XIANGQI_RESULT_ILLEGAL_NO_PIECE);
        CHECK_RES(xiangqi_game_play_timed(game, XIANGQI_MOVE_NONE, 0),
                  XIANGQI_RESULT_INVALID_ARGUMENT);
        xiangqi_position_free(pos);
        pos = NULL;
    }
    /* Into byo-yomi: a move within a period keeps every period. */
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("h9g7"), NULL));
    CHECK_OK(xiangqi_game_position(game, &pos));
    if (pos != NULL) {
        m = iccs_move(pos, "h0g2");
        CHECK_OK(xiangqi_game_play_timed(game, m, 299000 + 29999));
        CHECK_READING(game, XIANGQI_COLOR_RED, 0, 0, 1, 30000, 3, 0);
        xiangqi_position_free(pos);
        pos = NULL;
    }
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("i9h9"), NULL));
    CHECK_OK(xiangqi_game_position(game, &pos));
    if (pos != NULL) {
        /* A move that uses up a period more loses it. */
        m = iccs_move(pos, "i0h0");
        CHECK_OK(xiangqi_game_play_timed(game, m, 30000));
        CHECK_READING(game, XIANGQI_COLOR_RED, 0, 0, 1, 30000, 2, 0);
        xiangqi_position_free(pos);
        pos = NULL;
    }
    CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE);
    /* Black thinks too long: the clock check ends the game on time. */
    CHECK_OK(xiangqi_game_check_time(game, 299999));
    CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE);
    CHECK_OK(xiangqi_game_check_time(game, 400000));
    CHECK_OUTCOME(game, XIANGQI_COLOR_RED, XIANGQI_TERMINATION_TIMEOUT);
    CHECK_READING(game, XIANGQI_COLOR_BLACK, 0, 0, 0, 0, 0, 1);
    CHECK_RES(xiangqi_game_check_time(game, 0), XIANGQI_RESULT_GAME_OVER);
    CHECK_RES(xiangqi_game_flag(game, XIANGQI_COLOR_RED), XIANGQI_RESULT_GAME_OVER);
    xiangqi_game_free(game);
    game = NULL;

    /* A timed move that takes longer than the time left is not played: the mover loses. */
    if (CHECK_OK(xiangqi_game_new(NULL, &game))) {
        CHECK_OK(xiangqi_game_position(game, &pos));
        if (pos != NULL) {
            m = iccs_move(pos, "h2e2");
            CHECK_OK(xiangqi_game_play_timed(game, m, 390000));
            CHECK_OUTCOME(game, XIANGQI_COLOR_BLACK, XIANGQI_TERMINATION_TIMEOUT);
            xiangqi_position_free(pos);
            pos = NULL;
        }
        xiangqi_game_free(game);
        game = NULL;
    }

    /* A Fischer increment: each move made in time adds 2 s to the mover's main time, also in
     * byo-yomi (main time then runs first again); a move made too late earns none. */
    CHECK_OK(xiangqi_rules_default(&rules));
    rules.clock_main_ms = 10000;
    rules.clock_byoyomi_ms = 5000;
    rules.clock_periods = 1;
    rules.clock_increment_ms = 2000;
    if (CHECK_OK(xiangqi_game_new(&rules, &game))) {
        CHECK_OK(xiangqi_game_rules(game, &got));
        CHECK_EQ_UINT(got.clock_increment_ms, 2000);
        CHECK_OK(xiangqi_game_position(game, &pos));
        if (pos != NULL) {
            CHECK_OK(xiangqi_game_play_timed(game, iccs_move(pos, "h2e2"), 3000));
            CHECK_READING(game, XIANGQI_COLOR_RED, 0, 9000, 0, 0, 1, 0);
            CHECK_READING(game, XIANGQI_COLOR_BLACK, 0, 10000, 0, 0, 1, 0);
            xiangqi_position_free(pos);
            pos = NULL;
        }
        CHECK_OK(xiangqi_game_position(game, &pos));
        if (pos != NULL) {
            /* Into the period: main time is used up, then the increment refills it. */
            CHECK_OK(xiangqi_game_play_timed(game, iccs_move(pos, "h9g7"), 14000));
            CHECK_READING(game, XIANGQI_COLOR_BLACK, 0, 2000, 0, 0, 1, 0);
            CHECK_READING(game, XIANGQI_COLOR_BLACK, 3000, 0, 1, 4000, 1, 0);
            xiangqi_position_free(pos);
            pos = NULL;
        }
        CHECK_OK(xiangqi_game_position(game, &pos));
        if (pos != NULL) {
            CHECK_OK(xiangqi_game_play_timed(game, iccs_move(pos, "h0g2"), 14000));
            CHECK_OUTCOME(game, XIANGQI_COLOR_BLACK, XIANGQI_TERMINATION_TIMEOUT);
            CHECK_READING(game, XIANGQI_COLOR_RED, 0, 0, 0, 0, 0, 1);
            xiangqi_position_free(pos);
            pos = NULL;
        }
        xiangqi_game_free(game);
        game = NULL;
    }

    /* A flag reported by an outside clock. */
    if (CHECK_OK(xiangqi_game_new(NULL, &game))) {
        CHECK_RES(xiangqi_game_flag(game, XIANGQI_COLOR_NONE), XIANGQI_RESULT_INVALID_ARGUMENT);
        CHECK_OK(xiangqi_game_flag(game, XIANGQI_COLOR_BLACK));
        CHECK_OUTCOME(game, XIANGQI_COLOR_RED, XIANGQI_TERMINATION_TIMEOUT);
        CHECK_READING(game, XIANGQI_COLOR_BLACK, 0, 0, 0, 0, 0, 1);
        CHECK_READING(game, XIANGQI_COLOR_RED, 0, 300000, 0, 0, 3, 0);
        xiangqi_game_free(game);
    }
}

/* `text` with the first `from` replaced by `to`, into `out` (`out_size` bytes); 0 when `from` is
 * not there or the result does not fit. */
static int replaced(const char *text, const char *from, const char *to, char *out,
                    size_t out_size) {
    const char *at = strstr(text, from);
    size_t head;
    if (at == NULL) {
        return 0;
    }
    head = (size_t)(at - text);
    if (strlen(text) - strlen(from) + strlen(to) + 1 > out_size) {
        return 0;
    }
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return 1;
}

static void check_json(void) {
    xiangqi_rules rules;
    xiangqi_rules got;
    xiangqi_game *game = NULL;
    xiangqi_game *back = NULL;
    xiangqi_game *refused = NULL;
    char json[2048];
    char again[2048];
    char forged[2048];
    size_t len = 0;
    size_t plies = 0;
    check_suite("game JSON");
    CHECK_OK(xiangqi_rules_default(&rules));
    rules.max_draw_offers = 2;
    if (!CHECK_OK(xiangqi_game_new(&rules, &game))) {
        return;
    }
    CHECK_OK(xiangqi_game_play_iccs(game, TXT("h2e2"), NULL));
    CHECK_OK(xiangqi_game_offer_draw(game, XIANGQI_COLOR_RED));
    text_game = game;
    if (!CHECK_OK(xiangqi_game_to_json(game, json, sizeof json, &len))) {
        xiangqi_game_free(game);
        return;
    }
    CHECK_TEXT_OUT(GAME_JSON, json);
    CHECK(strstr(json, "\"moves\":[\"h2e2\"]") != NULL);
    /* The round trip keeps the moves, the rules and the draw offers. */
    if (CHECK_OK(xiangqi_game_from_json(json, len, &back))) {
        CHECK_OK(xiangqi_game_ply_count(back, &plies));
        CHECK_EQ_UINT(plies, 1);
        CHECK_OK(xiangqi_game_rules(back, &got));
        CHECK_EQ_UINT(got.max_draw_offers, 2);
        CHECK_OFFERS(back, XIANGQI_COLOR_RED, 1, 0);
        CHECK_OK(xiangqi_game_to_json(back, again, sizeof again, &len));
        CHECK_EQ_STR(again, json);
        CHECK_OK(xiangqi_game_accept_draw(back, XIANGQI_COLOR_BLACK));
        CHECK_OUTCOME(back, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_DRAW_AGREEMENT);
        xiangqi_game_free(back);
        back = NULL;
    }
    /* Forged saves are refused, each with its code, and nothing is written to *out. */
    if (CHECK(replaced(json, "\"draw_offers_made\":[1,0]", "\"draw_offers_made\":[3,0]", forged,
                       sizeof forged))) {
        CHECK_RES(xiangqi_game_from_json(TXT(forged), &refused),
                  XIANGQI_RESULT_RESTORE_DRAW_OFFERS);
    }
    if (CHECK(replaced(json, "\"outcome\":null",
                       "\"outcome\":{\"winner\":\"red\",\"termination\":\"checkmate\"}", forged,
                       sizeof forged))) {
        CHECK_RES(xiangqi_game_from_json(TXT(forged), &refused),
                  XIANGQI_RESULT_RESTORE_RULES_DECIDED);
    }
    if (CHECK(replaced(json, "\"h2e2\"", "\"h2e3\"", forged, sizeof forged))) {
        CHECK_RES(xiangqi_game_from_json(TXT(forged), &refused), XIANGQI_RESULT_RESTORE_MOVE);
    }
    CHECK_RES(xiangqi_game_from_json(TXT("{\"start\":1}"), &refused), XIANGQI_RESULT_GAME_JSON);
    CHECK_RES(xiangqi_game_from_json(json, len - 1, &refused), XIANGQI_RESULT_GAME_JSON);
    CHECK_RES(xiangqi_game_from_json(TXT("{\"start\":\"\xff\"}"), &refused),
              XIANGQI_RESULT_INVALID_UTF8);
    CHECK(refused == NULL);
    xiangqi_game_free(game);
}

/* A timed game saved and restored keeps its clock; forged clocks are refused. */
static void check_json_clock(void) {
    xiangqi_rules rules;
    xiangqi_game *game = NULL;
    xiangqi_game *back = NULL;
    xiangqi_game *refused = NULL;
    xiangqi_position *pos = NULL;
    char json[2048];
    char again[2048];
    char forged[2048];
    char flagged[2048];
    size_t len = 0;
    static const char black_side[] =
        "{\"main\":{\"secs\":300,\"nanos\":0},\"periods\":3,\"timed_out\":false}]";
    check_suite("game JSON with a clock");
    if (!CHECK_OK(xiangqi_game_new(NULL, &game))) {
        return;
    }
    CHECK_OK(xiangqi_game_position(game, &pos));
    if (pos != NULL) {
        CHECK_OK(xiangqi_game_play_timed(game, iccs_move(pos, "h2e2"), 1500));
        xiangqi_position_free(pos);
    }
    if (!CHECK_OK(xiangqi_game_to_json(game, json, sizeof json, &len))) {
        xiangqi_game_free(game);
        return;
    }
    CHECK(strstr(json, "\"main\":{\"secs\":298,\"nanos\":500000000}") != NULL);
    if (CHECK_OK(xiangqi_game_from_json(json, len, &back))) {
        CHECK_READING(back, XIANGQI_COLOR_RED, 0, 298500, 0, 0, 3, 0);
        CHECK_READING(back, XIANGQI_COLOR_BLACK, 0, 300000, 0, 0, 3, 0);
        CHECK_OK(xiangqi_game_to_json(back, again, sizeof again, &len));
        CHECK_EQ_STR(again, json);
        xiangqi_game_free(back);
    }
    /* The clock removed from a timed game, or changed. */
    if (CHECK(replaced(json, "\"clock\":{\"settings\"", "\"clock\":null,\"x\":{\"settings\"",
                       forged, sizeof forged))) {
        CHECK_RES(xiangqi_game_from_json(TXT(forged), &refused),
                  XIANGQI_RESULT_RESTORE_CLOCK_MISSING);
    }
    if (CHECK(replaced(json, "\"periods\":3", "\"periods\":2", forged, sizeof forged))) {
        CHECK_RES(xiangqi_game_from_json(TXT(forged), &refused),
                  XIANGQI_RESULT_RESTORE_CLOCK_SETTINGS);
    }
    if (CHECK(replaced(json, "\"secs\":298,", "\"secs\":99999,", forged, sizeof forged))) {
        CHECK_RES(xiangqi_game_from_json(TXT(forged), &refused),
                  XIANGQI_RESULT_RESTORE_CLOCK_STATE);
    }
    /* Black's clock flagged in a running game; right once the game ends on Black's time. */
    if (CHECK(replaced(json, black_side,
                       "{\"main\":{\"secs\":0,\"nanos\":0},\"periods\":0,\"timed_out\":true}]",
                       flagged, sizeof flagged))) {
        CHECK_RES(xiangqi_game_from_json(TXT(flagged), &refused),
                  XIANGQI_RESULT_RESTORE_TIMED_OUT);
        if (CHECK(replaced(flagged, "\"outcome\":null",
                           "\"outcome\":{\"winner\":\"red\",\"termination\":\"timeout\"}",
                           forged, sizeof forged))) {
            if (CHECK_OK(xiangqi_game_from_json(TXT(forged), &back))) {
                CHECK_OUTCOME(back, XIANGQI_COLOR_RED, XIANGQI_TERMINATION_TIMEOUT);
                xiangqi_game_free(back);
            }
        }
    }
    /* A loss on time the clock does not show. */
    if (CHECK(replaced(json, "\"outcome\":null",
                       "\"outcome\":{\"winner\":\"red\",\"termination\":\"timeout\"}", forged,
                       sizeof forged))) {
        CHECK_RES(xiangqi_game_from_json(TXT(forged), &refused),
                  XIANGQI_RESULT_RESTORE_NOT_TIMED_OUT);
    }
    xiangqi_game_free(game);
    game = NULL;

    /* An untimed game saved with a clock. */
    CHECK_OK(xiangqi_rules_default(&rules));
    rules.has_clock = false;
    if (CHECK_OK(xiangqi_game_new(&rules, &game))) {
        CHECK_OK(xiangqi_game_to_json(game, json, sizeof json, &len));
        CHECK(strstr(json, "\"clock\":null,\"draw_offers_made\"") != NULL);
        if (CHECK(replaced(json, "\"clock\":null,\"draw_offers_made\"",
                           "\"clock\":{\"settings\":{\"main_time\":{\"secs\":300,\"nanos\":0},"
                           "\"byoyomi\":{\"secs\":30,\"nanos\":0},\"periods\":3},\"sides\":["
                           "{\"main\":{\"secs\":300,\"nanos\":0},\"periods\":3,\"timed_out\":false},"
                           "{\"main\":{\"secs\":300,\"nanos\":0},\"periods\":3,\"timed_out\":false}"
                           "]},\"draw_offers_made\"",
                           forged, sizeof forged))) {
            CHECK_RES(xiangqi_game_from_json(TXT(forged), &refused),
                      XIANGQI_RESULT_RESTORE_UNEXPECTED_CLOCK);
        }
        xiangqi_game_free(game);
    }
    CHECK(refused == NULL);
}

void test_games(void) {
    check_rules();
    check_play_and_undo();
    check_endings();
    check_draw_offers();
    check_clock();
    check_json();
    check_json_clock();
}
