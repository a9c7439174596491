/* The data of the core's tests through the C API: every rule case and game of
 * xiangqi-rules/tests/data/cases.json and the perft counts of perft.json up to a node limit,
 * read from the TSV that data_to_tsv.py makes of them (see that script for the columns). */
#include <stdio.h>
#include <stdlib.h>

#include "support.h"

#define MAX_FIELDS 12
#define MAX_LINE 16384

/* Splits the line `line` at tabs in place (empty fields kept, the line end dropped); returns the
 * number of fields. */
static int split_tabs(char *line, char **fields) {
    char *end = strpbrk(line, "\r\n");
    if (end != NULL) {
        *end = '\0';
    }
    return data_split_tabs(line, fields, MAX_FIELDS);
}

/* Whether the space-separated ICCS list `expected` holds exactly the moves of `moves`. */
static int same_move_set(const xiangqi_move *moves, size_t n, const char *expected) {
    size_t listed = 0;
    size_t i;
    const char *p = expected;
    while (*p != '\0') {
        int found = 0;
        char word[8];
        size_t len = strcspn(p, " ");
        if (len == 0 || len >= sizeof word) {
            return 0;
        }
        memcpy(word, p, len);
        word[len] = '\0';
        for (i = 0; i < n; i++) {
            char text[8];
            if (strcmp(iccs_of(moves[i], text), word) == 0) {
                found = 1;
            }
        }
        if (!found) {
            return 0;
        }
        listed++;
        p += len;
        p += strspn(p, " ");
    }
    return listed == n;
}

/* Whether the space-separated ICCS points `expected` are exactly `points` (in any order). */
static int same_points(const xiangqi_square *points, size_t n, const char *expected) {
    size_t listed = 0;
    size_t i;
    const char *p = expected;
    while (*p != '\0') {
        int found = 0;
        if (strcspn(p, " ") != 2) {
            return 0;
        }
        for (i = 0; i < n; i++) {
            char text[3];
            text[0] = (char)('a' + xiangqi_square_file(points[i]));
            text[1] = (char)('0' + xiangqi_square_rank(points[i]));
            text[2] = '\0';
            if (strncmp(text, p, 2) == 0) {
                found = 1;
            }
        }
        if (!found) {
            return 0;
        }
        listed++;
        p += 2;
        p += strspn(p, " ");
    }
    return listed == n;
}

static void run_case(char **f) {
    const char *name = f[1];
    const char *kind = f[2];
    const char *move = f[4];
    const char *reason = f[5];
    const char *expected = f[6];
    const char *loser = f[8];
    unsigned long count = strtoul(f[9], NULL, 10);
    xiangqi_position *pos = position_from(f[3]);
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    xiangqi_move m = XIANGQI_MOVE_NONE;
    size_t n = 0;
    bool in_check = false;
    if (pos == NULL) {
        CHECK_FAIL("case %s: the FEN does not load", name);
        return;
    }
    CHECK_OK(xiangqi_position_legal_moves(pos, moves, XIANGQI_MAX_LEGAL_MOVES, &n));
    if (!CHECK_EQ_UINT(n, count)) {
        CHECK_FAIL("case %s: legal move count", name);
    }
    CHECK_OK(xiangqi_position_in_check(pos, &in_check));
    if (strcmp(kind, "legal") == 0) {
        xiangqi_position *next = NULL;
        if (!CHECK_OK(xiangqi_position_parse_iccs(pos, TXT(move), &m)) ||
            !CHECK_OK(xiangqi_position_why_illegal(pos, m)) ||
            !CHECK_OK(xiangqi_position_play_new(pos, m, &next))) {
            CHECK_FAIL("case %s: %s should be legal", name, move);
        }
        xiangqi_position_free(next);
    } else if (strcmp(kind, "illegal") == 0) {
        uint32_t code = reason_code(reason);
        char from[3] = {0, 0, 0};
        char to[3] = {0, 0, 0};
        if (code == XIANGQI_RESULT_OK) {
            CHECK_FAIL("case %s: no result code is named after the reason %s", name, reason);
        }
        if (!CHECK_RES(xiangqi_position_parse_iccs(pos, TXT(move), &m), code)) {
            CHECK_FAIL("case %s: %s should be %s", name, move, reason);
        }
        memcpy(from, move, 2);
        memcpy(to, move + 2, 2);
        CHECK_RES(xiangqi_position_why_illegal_points(pos, point(from), point(to)), code);
    } else if (strcmp(kind, "in_check") == 0) {
        xiangqi_square points[16];
        size_t checkers = 0;
        if (!CHECK_EQ_INT(in_check, strcmp(expected, "true") == 0)) {
            CHECK_FAIL("case %s: in check", name);
        }
        CHECK_OK(xiangqi_position_checkers(pos, points, 16, &checkers));
        if (!CHECK(same_points(points, checkers, f[7]))) {
            CHECK_FAIL("case %s: the checkers are not %s", name, f[7]);
        }
    } else if (strcmp(kind, "legal_moves") == 0) {
        if (!CHECK(same_move_set(moves, n, f[10]))) {
            CHECK_FAIL("case %s: the legal moves are not %s", name, f[10]);
        }
    } else if (strcmp(kind, "checkmate") == 0 || strcmp(kind, "no_legal_moves") == 0) {
        int mate = strcmp(kind, "checkmate") == 0;
        xiangqi_color lost = color_named(loser);
        xiangqi_color turn = XIANGQI_COLOR_NONE;
        xiangqi_game *game = NULL;
        CHECK_OK(xiangqi_position_turn(pos, &turn));
        CHECK_EQ_UINT(turn, lost);
        CHECK_EQ_INT(in_check, mate);
        if (CHECK_OK(xiangqi_game_from_position(pos, NULL, &game))) {
            if (!CHECK_OUTCOME(game, lost == XIANGQI_COLOR_RED ? XIANGQI_COLOR_BLACK : XIANGQI_COLOR_RED,
                               mate ? XIANGQI_TERMINATION_CHECKMATE
                                    : XIANGQI_TERMINATION_NO_LEGAL_MOVES)) {
                CHECK_FAIL("case %s: outcome", name);
            }
        }
        xiangqi_game_free(game);
    } else if (strcmp(kind, "bare_material_draw") == 0) {
        xiangqi_game *game = NULL;
        if (CHECK_OK(xiangqi_game_from_position(pos, NULL, &game))) {
            xiangqi_outcome outcome = outcome_of(game);
            int bare = outcome.termination == XIANGQI_TERMINATION_BARE_MATERIAL;
            if (!CHECK_EQ_INT(bare, strcmp(expected, "true") == 0)) {
                CHECK_FAIL("case %s: bare material", name);
            }
        }
        xiangqi_game_free(game);
    } else {
        CHECK_FAIL("case %s: unknown kind %s", name, kind);
    }
    xiangqi_position_free(pos);
}

static void run_game(char **f) {
    const char *name = f[1];
    const char *result = f[4];
    const char *end_ply = f[7];
    xiangqi_game *game = game_from(f[2], NULL);
    xiangqi_position *start = position_from(f[2]);
    xiangqi_outcome outcome;
    const char *p = f[3];
    size_t played = 0;
    size_t plies = 0;
    char fen[128];
    char start_fen[128];
    if (game == NULL || start == NULL) {
        xiangqi_game_free(game);
        xiangqi_position_free(start);
        return;
    }
    while (*p != '\0') {
        char word[8];
        size_t len = strcspn(p, " ");
        if (len == 0 || len >= sizeof word) {
            CHECK_FAIL("game %s: a bad move in the data", name);
            break;
        }
        memcpy(word, p, len);
        word[len] = '\0';
        if (!CHECK_OK(xiangqi_game_play_iccs(game, TXT(word), NULL))) {
            CHECK_FAIL("game %s: move %lu (%s)", name, (unsigned long)played + 1, word);
            break;
        }
        played++;
        p += len;
        p += strspn(p, " ");
    }
    outcome = outcome_of(game);
    if (result[0] == '\0') {
        CHECK_EQ_UINT(outcome.termination, XIANGQI_TERMINATION_NONE);
    } else {
        xiangqi_color winner = strcmp(result, "1-0") == 0   ? XIANGQI_COLOR_RED
                               : strcmp(result, "0-1") == 0 ? XIANGQI_COLOR_BLACK
                                                            : XIANGQI_COLOR_NONE;
        if (!CHECK_OUTCOME(game, winner, termination_named(f[5]))) {
            CHECK_FAIL("game %s: outcome", name);
        }
        if (f[6][0] != '\0') {
            CHECK_EQ_UINT(color_named(f[6]), winner == XIANGQI_COLOR_RED ? XIANGQI_COLOR_BLACK
                                                                         : XIANGQI_COLOR_RED);
        }
        CHECK_EQ_UINT(played, strtoul(end_ply, NULL, 10));
    }
    CHECK_OK(xiangqi_game_ply_count(game, &plies));
    CHECK_EQ_UINT(plies, played);
    {
        size_t len = 0;
        CHECK_OK(xiangqi_game_to_fen(game, fen, sizeof fen, &len));
        if (!CHECK_EQ_STR(fen, f[8])) {
            CHECK_FAIL("game %s: final FEN", name);
        }
    }
    /* Every game here ends by a move (or not at all): it goes back to its start. */
    while (plies > 0) {
        if (!CHECK_OK(xiangqi_game_undo(game, NULL))) {
            break;
        }
        plies--;
    }
    {
        size_t len = 0;
        CHECK_OK(xiangqi_game_to_fen(game, fen, sizeof fen, &len));
        CHECK_EQ_STR(fen, fen_of(start, start_fen));
    }
    CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE);
    xiangqi_position_free(start);
    xiangqi_game_free(game);
}

/* Perft through the move-list API: the legal moves into an array, a new handle per move. */
static uint64_t perft_by_moves(const xiangqi_position *pos, unsigned depth) {
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    size_t n = 0;
    size_t i;
    uint64_t nodes = 0;
    if (depth == 0) {
        return 1;
    }
    if (xiangqi_position_legal_moves(pos, moves, XIANGQI_MAX_LEGAL_MOVES, &n) !=
        XIANGQI_RESULT_OK) {
        CHECK_FAIL("legal moves failed");
        return 0;
    }
    if (depth == 1) {
        return n;
    }
    for (i = 0; i < n; i++) {
        xiangqi_position *next = NULL;
        if (xiangqi_position_play_new(pos, moves[i], &next) != XIANGQI_RESULT_OK) {
            CHECK_FAIL("a legal move could not be played");
            continue;
        }
        nodes += perft_by_moves(next, depth - 1);
        xiangqi_position_free(next);
    }
    return nodes;
}

static int run_perft(char **f, unsigned long long limit) {
    unsigned long depth = strtoul(f[3], NULL, 10);
    unsigned long long expected = strtoull(f[4], NULL, 10);
    xiangqi_position *pos;
    uint64_t nodes = 0;
    if (expected > limit) {
        return 0;
    }
    pos = position_from(f[2]);
    if (pos == NULL) {
        return 0;
    }
    CHECK_OK(xiangqi_position_perft(pos, (uint32_t)depth, &nodes));
    if (!CHECK_EQ_UINT(nodes, expected)) {
        CHECK_FAIL("perft %s depth %lu", f[1], depth);
    }
    if (expected <= limit / 100) {
        if (!CHECK_EQ_UINT(perft_by_moves(pos, (unsigned)depth), expected)) {
            CHECK_FAIL("perft %s depth %lu through the move list", f[1], depth);
        }
    }
    xiangqi_position_free(pos);
    return 1;
}

void test_data(const char *data_tsv, unsigned long long perft_limit) {
    FILE *file = fopen(data_tsv, "r");
    char *line = (char *)malloc(MAX_LINE);
    char *f[MAX_FIELDS];
    unsigned long cases = 0;
    unsigned long games = 0;
    unsigned long perfts = 0;
    unsigned long perfts_run = 0;
    unsigned long total = 0;
    int saw_total = 0;
    check_suite("data");
    if (!CHECK(file != NULL) || !CHECK(line != NULL)) {
        if (file != NULL) {
            fclose(file);
        }
        free(line);
        return;
    }
    while (fgets(line, MAX_LINE, file) != NULL) {
        int n = split_tabs(line, f);
        if (n == 11 && strcmp(f[0], "case") == 0) {
            check_suite("data: rule cases");
            run_case(f);
            cases++;
        } else if (n == 9 && strcmp(f[0], "game") == 0) {
            check_suite("data: games");
            run_game(f);
            games++;
        } else if (n == 5 && strcmp(f[0], "perft") == 0) {
            check_suite("data: perft");
            perfts_run += (unsigned long)run_perft(f, perft_limit);
            perfts++;
        } else if (n == 2 && strcmp(f[0], "total") == 0) {
            total = strtoul(f[1], NULL, 10);
            saw_total = 1;
        } else {
            CHECK_FAIL("%s: a line of %d fields starting `%s`", data_tsv, n, f[0]);
        }
    }
    fclose(file);
    free(line);
    check_suite("data");
    CHECK(saw_total);
    CHECK_EQ_UINT(cases + games + perfts, total);
    CHECK_EQ_UINT(cases, 72);
    CHECK_EQ_UINT(games, 11);
    printf("data: %lu rule cases, %lu games, %lu of %lu perft counts (up to %llu nodes)\n", cases,
           games, perfts_run, perfts, perft_limit);
}
