/* Inputs a client should not send, sent anyway, from a fixed pseudo-random sequence: arbitrary
 * move bits, FEN with bytes changed (not UTF-8 included), ICCS text of random bytes, move text
 * in every notation made of the notations' own characters, PGN with bytes changed, and random
 * games played to their end and taken back. No call may return XIANGQI_RESULT_PANIC or a value
 * that is not a result code, and what the library accepts must hold together (a FEN it reads
 * reads back the same, a move it calls legal can be played). Run under the sanitizers and
 * valgrind with the other tests. */
#include <stdio.h>

#include "support.h"

static uint32_t state = 12345u;

/* xorshift32: the same sequence on every platform and run. */
static uint32_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

/* Whether `res` is a known code other than XIANGQI_RESULT_PANIC. */
static int known(uint32_t res) {
    return res != XIANGQI_RESULT_PANIC && xiangqi_result_name(res) != NULL;
}

static void random_move_bits(const xiangqi_position *pos) {
    int i;
    int failures = 0;
    for (i = 0; i < 20000 && failures < 5; i++) {
        /* Half the values are built from points and roles in range, so that some are legal. */
        xiangqi_move m = next_random();
        uint32_t res;
        if (i % 2 == 0) {
            m = (m % 90) | ((m >> 8) % 90) << 8 | ((m >> 16) % 7) << 16 |
                (uint32_t)((m >> 24) % 2 ? 255u : (m >> 24) % 7) << 24;
        }
        res = (uint32_t)xiangqi_position_why_illegal(pos, m);
        if (!known(res) || (res != XIANGQI_RESULT_OK && res != XIANGQI_RESULT_INVALID_ARGUMENT &&
                            (res < 200 || res > 249))) {
            CHECK_FAIL("why_illegal(%08x) returned %s", (unsigned)m, result_name(res));
            failures++;
        } else if (res == XIANGQI_RESULT_OK) {
            xiangqi_position *next = NULL;
            if (!CHECK_OK(xiangqi_position_play_new(pos, m, &next))) {
                failures++;
            }
            xiangqi_position_free(next);
        }
        res = (uint32_t)xiangqi_position_why_illegal_points(pos, (xiangqi_square)(m % 97),
                                                             (xiangqi_square)((m >> 8) % 97));
        if (!known(res)) {
            CHECK_FAIL("why_illegal_points returned %u", (unsigned)res);
            failures++;
        }
    }
    CHECK_EQ_INT(failures, 0);
}

static void changed_fens(void) {
    int i;
    int accepted = 0;
    int failures = 0;
    size_t len = strlen(START_FEN);
    for (i = 0; i < 5000 && failures < 5; i++) {
        char fen[sizeof START_FEN];
        int changes = 1 + (int)(next_random() % 3);
        xiangqi_position *pos = NULL;
        uint32_t res;
        memcpy(fen, START_FEN, sizeof START_FEN);
        while (changes-- > 0) {
            uint32_t r = next_random();
            /* Mostly characters of FEN, sometimes any byte. */
            static const char alphabet[] = "rnbakcpRNBAKCP0123456789/ -wbx";
            fen[r % len] = (r >> 16) % 8 == 0 ? (char)(r >> 8)
                                              : alphabet[(r >> 8) % (sizeof alphabet - 1)];
        }
        res = (uint32_t)xiangqi_position_from_fen(fen, len, &pos);
        if (!known(res) || (res != XIANGQI_RESULT_OK && res != XIANGQI_RESULT_INVALID_UTF8 &&
                            (res < 100 || res > 199))) {
            CHECK_FAIL("from_fen returned %s", result_name(res));
            failures++;
        } else if (res == XIANGQI_RESULT_OK) {
            char written[128];
            char again[128];
            xiangqi_position *back;
            accepted++;
            back = position_from(fen_of(pos, written));
            if (back == NULL || strcmp(fen_of(back, again), written) != 0) {
                CHECK_FAIL("`%s` does not read back as itself", written);
                failures++;
            }
            xiangqi_position_free(back);
        }
        xiangqi_position_free(pos);
    }
    CHECK_EQ_INT(failures, 0);
    CHECK(accepted > 0);
}

static void random_iccs(const xiangqi_position *pos) {
    int i;
    int failures = 0;
    for (i = 0; i < 5000 && failures < 5; i++) {
        char text[6];
        size_t len = 1 + next_random() % 5;
        size_t j;
        xiangqi_move m = XIANGQI_MOVE_NONE;
        uint32_t res;
        for (j = 0; j < len; j++) {
            uint32_t r = next_random();
            text[j] = r % 4 == 0 ? (char)(r >> 8) : "abcdefghi0123456789-"[(r >> 8) % 20];
        }
        res = (uint32_t)xiangqi_position_parse_iccs(pos, text, len, &m);
        if (!known(res) || (res == XIANGQI_RESULT_OK && !xiangqi_move_is_valid(m))) {
            CHECK_FAIL("parse_iccs returned %s", result_name(res));
            failures++;
        }
    }
    CHECK_EQ_INT(failures, 0);
}

/* Every legal move of `pos` formats in every notation and parses back to itself; random text
 * from the characters of the notations parses to a legal move or fails with a code. */
static void notation_text(const xiangqi_position *pos) {
    static const char *const pieces[] = {
        "K", "A", "E", "H", "R", "C", "P", "+", "-", ".", "=", "1", "5", "9", "h", "2", "e",
        "\xe8\xbd\xa6",             /* 车 */
        "\xe7\x82\xae",             /* 炮 */
        "\xe5\x85\xb5",             /* 兵 */
        "\xe5\x89\x8d",             /* 前 */
        "\xe8\xbf\x9b",             /* 进 */
        "\xe5\xb9\xb3",             /* 平 */
        "\xe4\xba\x94",             /* 五 */
        "\xef\xbc\x98",             /* ８ */
        "\xe7\x82",                  /* a cut character */
    };
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    size_t n = 0, i;
    int failures = 0;
    xiangqi_notation notation;
    if (!CHECK_OK(xiangqi_position_legal_moves(pos, moves, XIANGQI_MAX_LEGAL_MOVES, &n))) {
        return;
    }
    for (notation = XIANGQI_NOTATION_ICCS; notation <= XIANGQI_NOTATION_CHINESE; notation++) {
        for (i = 0; i < n && failures < 5; i++) {
            char text[64];
            size_t len = 0;
            xiangqi_move back = XIANGQI_MOVE_NONE;
            if (xiangqi_notation_format(pos, moves[i], notation, text, sizeof text, &len) !=
                    XIANGQI_RESULT_OK ||
                xiangqi_notation_parse(pos, notation, text, len, &back) != XIANGQI_RESULT_OK ||
                back != moves[i]) {
                CHECK_FAIL("move %u in notation %u does not read back", (unsigned)i,
                           (unsigned)notation);
                failures++;
            }
        }
    }
    for (i = 0; i < 20000 && failures < 5; i++) {
        char text[64];
        size_t len = 0, parts = 1 + next_random() % 6, j;
        xiangqi_move m = XIANGQI_MOVE_NONE;
        uint32_t res;
        notation = (xiangqi_notation)(next_random() % 5);
        for (j = 0; j < parts; j++) {
            const char *piece = pieces[next_random() % (sizeof pieces / sizeof pieces[0])];
            memcpy(text + len, piece, strlen(piece));
            len += strlen(piece);
        }
        res = (uint32_t)xiangqi_notation_parse(pos, notation, text, len, &m);
        if (!known(res) || (res == XIANGQI_RESULT_OK &&
                            xiangqi_position_why_illegal(pos, m) != XIANGQI_RESULT_OK)) {
            CHECK_FAIL("notation_parse(%u, `%.*s`) returned %s", (unsigned)notation, (int)len,
                       text, result_name(res));
            failures++;
        }
    }
    CHECK_EQ_INT(failures, 0);
}

/* A PGN game with tags, comments, a variation and a result, its bytes changed at random: every
 * read gives a code, and what reads writes and reads again. */
static void changed_records(int reads) {
    static const char pgn[] = "[Event \"x\"]\n[FEN \"" START_FEN "\"]\n\n"
                              "{a} 1. h2e2 h9g7 {b} 2. h0g2 (2. b2e2; c\n) i9h9 3. i0h0 1-0\n";
    static const char syntax[] = "()[]{};\" .1-0hea2";
    char bytes[sizeof pgn];
    int i, failures = 0;
    for (i = 0; i < reads && failures < 5; i++) {
        xiangqi_record *rec = NULL;
        size_t line = 0, column = 0, len = sizeof pgn - 1;
        int changes = 1 + (int)(next_random() % 3), c;
        uint32_t res;
        memcpy(bytes, pgn, sizeof pgn);
        for (c = 0; c < changes; c++) {
            uint32_t r = next_random();
            bytes[r % len] =
                r % 3 == 0 ? (char)(r >> 16) : syntax[(r >> 16) % (sizeof syntax - 1)];
        }
        if (next_random() % 4 == 0) {
            len = next_random() % len;
        }
        res = (uint32_t)xiangqi_record_read((const uint8_t *)bytes, len, NULL, &rec, &line,
                                            &column);
        if (!known(res)) {
            CHECK_FAIL("record_read returned %u", (unsigned)res);
            failures++;
        } else if (res == XIANGQI_RESULT_OK) {
            char out[1024];
            size_t out_len = 0;
            xiangqi_record *back = NULL;
            if (!CHECK_OK(xiangqi_record_write(rec, XIANGQI_NOTATION_CHINESE, out, sizeof out,
                                               &out_len)) ||
                !CHECK_OK(xiangqi_record_read((const uint8_t *)out, out_len, NULL, &back, NULL,
                                              NULL))) {
                failures++;
            }
            xiangqi_record_free(back);
        } else if (res < 400 || res > 499) {
            CHECK_FAIL("record_read returned %s", result_name(res));
            failures++;
        }
        xiangqi_record_free(rec);
    }
    CHECK_EQ_INT(failures, 0);
}

static void random_games(int games) {
    int g;
    for (g = 0; g < games; g++) {
        xiangqi_game *game = NULL;
        xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
        xiangqi_outcome outcome;
        size_t n = 0;
        size_t plies = 0;
        char fen[128];
        if (!CHECK_OK(xiangqi_game_new(NULL, &game))) {
            return;
        }
        for (;;) {
            if (!CHECK_OK(xiangqi_game_legal_moves(game, moves, XIANGQI_MAX_LEGAL_MOVES, &n)) ||
                n == 0) {
                break;
            }
            if (!CHECK_OK(xiangqi_game_play(game, moves[next_random() % n]))) {
                break;
            }
            plies++;
        }
        outcome = outcome_of(game);
        CHECK(outcome.termination != XIANGQI_TERMINATION_NONE);
        CHECK(plies <= 300);
        while (plies > 0 && CHECK_OK(xiangqi_game_undo(game, NULL))) {
            plies--;
        }
        CHECK_EQ_UINT(plies, 0);
        CHECK_OK(xiangqi_game_to_fen(game, fen, sizeof fen, &n));
        CHECK_EQ_STR(fen, START_FEN);
        xiangqi_game_free(game);
    }
}

void test_robustness(void) {
    xiangqi_position *start = position_from(START_FEN);
    /* A middle game position with captures and checks to find. */
    xiangqi_position *middle =
        position_from("r1cakabr1/9/2n1b1n2/p1N1p3p/6pc1/2R6/P3P1P1P/1C2C1N2/9/R1BAKAB2 w - - 1 11");
    check_suite("robustness");
    if (start != NULL && middle != NULL) {
        random_move_bits(start);
        random_move_bits(middle);
        random_iccs(start);
        random_iccs(middle);
        notation_text(start);
        notation_text(middle);
    }
    changed_fens();
    changed_records(3000);
    random_games(20);
    xiangqi_position_free(middle);
    xiangqi_position_free(start);
}
