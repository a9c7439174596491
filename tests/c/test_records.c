/* Game records: reading every format from bytes (with detection and declared formats),
 * headers, moves, the stated result, replaying as a game, writing every format and reading it
 * back, records made from games, and errors with their code, line and column. The corpus
 * twins (a KIF record and its USI move list) are run in test_conformance.c. */
#include <stdio.h>

#include "data.h"
#include "support.h"

#define KIF_SAMPLE "kif/shogi-supplement/kiou_game1.kif"

#define HEADER_CALL(buf, len, out) shogi_record_header(rec, TXT("先手"), buf, len, out)
#define KEY_CALL(buf, len, out) shogi_record_header_key_at(rec, 1, buf, len, out)
#define VALUE_CALL(buf, len, out) shogi_record_header_value_at(rec, 1, buf, len, out)
#define MOVES_CALL(buf, cap, out) shogi_record_moves(rec, buf, cap, out)

/* A record text that must fail: the code, the line and column (in characters: the start of
 * the move, word or value at fault, counted by hand), and the finer reason (0: the same). */
struct malformed {
    const char *name;
    shogi_record_format format;
    const char *text;
    uint32_t result;
    size_t line;
    size_t column;
    uint32_t reason;
};

static const struct malformed MALFORMED[] = {
    {"KIF: Gote moves Sente's pawn", SHOGI_RECORD_FORMAT_KIF,
     "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７五歩(76)\n",
     SHOGI_RESULT_RECORD_ILLEGAL_MOVE, 4, 6, SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE},
    {"KIF: a move after the ending", SHOGI_RECORD_FORMAT_KIF,
     "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n",
     SHOGI_RESULT_RECORD_MOVE_AFTER_END, 5, 4, 0},
    {"KIF: unknown handicap and no board", SHOGI_RECORD_FORMAT_KIF,
     "手合割：七色落ち\n手数----指手---------消費時間--\n   1 ７六歩(77)\n",
     SHOGI_RESULT_RECORD_UNKNOWN_HANDICAP, 1, 5, 0},
    {"KI2: no Gote pawn reaches 7e", SHOGI_RECORD_FORMAT_KI2, "手合割：平手\n▲７六歩　△７五歩\n",
     SHOGI_RESULT_RECORD_NO_SUCH_MOVE, 2, 6, 0},
    {"CSA: Gote moves from an empty square", SHOGI_RECORD_FORMAT_CSA,
     "V2.2\nPI\n+\n+7776FU\n-7775FU\n", SHOGI_RESULT_RECORD_ILLEGAL_MOVE, 5, 1,
     SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE},
    {"JKF: a missing value", SHOGI_RECORD_FORMAT_JKF,
     "{\"header\": {},\n \"moves\": [{},\n  {\"move\": }]}\n", SHOGI_RESULT_RECORD_JSON, 3, 12, 0},
    {"USI: the second move is illegal", SHOGI_RECORD_FORMAT_USI,
     "position startpos moves 7g7f 7c7e\n", SHOGI_RESULT_RECORD_ILLEGAL_MOVE, 1, 30,
     SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE},
    {"USI: a pawn dropped on a file with a pawn", SHOGI_RECORD_FORMAT_USI,
     "position sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5e\n", SHOGI_RESULT_RECORD_ILLEGAL_MOVE,
     1, 51, SHOGI_RESULT_ILLEGAL_NIFU},
    {"USI: two kings", SHOGI_RECORD_FORMAT_USI, "position sfen 4k4/9/9/9/9/9/9/9/3KK4 b - 1\n",
     SHOGI_RESULT_RECORD_ILLEGAL_POSITION, 1, 1, SHOGI_RESULT_SETUP_TOO_MANY_KINGS},
};

static void check_error(const char *name, const uint8_t *bytes, size_t len,
                        shogi_record_format format, uint32_t result, size_t line, size_t column,
                        uint32_t reason) {
    shogi_record *rec = (shogi_record *)(void *)&rec;
    shogi_record_error err;
    uint32_t res;
    memset(&err, 0x55, sizeof err);
    res = (uint32_t)shogi_record_read(bytes, len, format, &rec, &err);
    if (res != result || err.result != result || err.line != line || err.column != column ||
        err.reason != (reason ? reason : result)) {
        CHECK_FAIL("%s: %s (record error %s, reason %s, line %lu, column %lu), expected %s "
                   "(reason %s, line %lu, column %lu); message: %.200s",
                   name, result_name(res), result_name(err.result), result_name(err.reason),
                   (unsigned long)err.line, (unsigned long)err.column, result_name(result),
                   result_name(reason ? reason : result), (unsigned long)line,
                   (unsigned long)column,
                   memchr(err.message, '\0', sizeof err.message) ? err.message : "(no NUL)");
        return;
    }
    CHECK(rec == (shogi_record *)(void *)&rec);
    CHECK(memchr(err.message, '\0', sizeof err.message) != NULL);
    CHECK(strlen(err.message) > 0);
}

static void malformed_records(const char *data_dir) {
    size_t i;
    for (i = 0; i < sizeof MALFORMED / sizeof MALFORMED[0]; i++) {
        const struct malformed *m = &MALFORMED[i];
        shogi_record_error err;
        shogi_record *rec = NULL;
        check_error(m->name, BYTES(m->text), m->format, m->result, m->line, m->column, m->reason);
        /* The same text through detection fails on the same line. */
        memset(&err, 0, sizeof err);
        if (CHECK(shogi_record_read(BYTES(m->text), SHOGI_RECORD_FORMAT_AUTO, &rec, &err) !=
                  SHOGI_RESULT_OK)) {
            CHECK_EQ_UINT(err.line, m->line);
        } else {
            shogi_record_free(rec);
        }
    }
    /* The error struct tells the format, the ply and the column of a move. */
    {
        const char *text = "V2.2\nPI\n+\n+7776FU\n-7775FU\n";
        shogi_record *rec = NULL;
        shogi_record_error err;
        memset(&err, 0, sizeof err);
        CHECK_RES(shogi_record_read(BYTES(text), SHOGI_RECORD_FORMAT_AUTO, &rec, &err),
                  SHOGI_RESULT_RECORD_ILLEGAL_MOVE);
        CHECK_EQ_UINT(err.format, SHOGI_RECORD_FORMAT_CSA);
        CHECK_EQ_UINT(err.ply, 2);
        CHECK_EQ_UINT(err.column, 1);
    }
    /* Two malformed files of the corpus (see shogi-rules/tests/records.rs). */
    {
        size_t len = 0;
        uint8_t *bytes = (uint8_t *)data_read_file(
            data_path(data_dir, "corpus/kif/kifu-for-js/fork-test.kif"), &len);
        if (CHECK(bytes != NULL)) {
            check_error("fork-test.kif", bytes, len, SHOGI_RECORD_FORMAT_AUTO,
                        SHOGI_RESULT_RECORD_MOVE_NUMBER, 18, 4, 0);
            free(bytes);
        }
        bytes = (uint8_t *)data_read_file(
            data_path(data_dir, "corpus/kif/mog-core-scala/kif-game-012.kif"), &len);
        if (CHECK(bytes != NULL)) {
            check_error("kif-game-012.kif", bytes, len, SHOGI_RECORD_FORMAT_AUTO,
                        SHOGI_RESULT_RECORD_MOVE_AFTER_END, 138, 2, 0);
            free(bytes);
        }
    }
    /* Not a record at all, an unknown format value, and the error struct is optional. */
    {
        shogi_record *rec = NULL;
        shogi_record_error err;
        const uint8_t garbage[] = {'h', 'e', 'l', 'l', 'o', '\n'};
        memset(&err, 0, sizeof err);
        CHECK_RES(shogi_record_read(garbage, sizeof garbage, SHOGI_RECORD_FORMAT_AUTO, &rec, &err),
                  SHOGI_RESULT_RECORD_UNKNOWN_FORMAT);
        CHECK_EQ_UINT(err.result, SHOGI_RESULT_RECORD_UNKNOWN_FORMAT);
        CHECK_EQ_UINT(err.format, SHOGI_RECORD_FORMAT_AUTO);
        CHECK_RES(shogi_record_read(garbage, 0, SHOGI_RECORD_FORMAT_AUTO, &rec, NULL),
                  SHOGI_RESULT_RECORD_UNKNOWN_FORMAT);
        memset(&err, 0, sizeof err);
        CHECK_RES(shogi_record_read(garbage, sizeof garbage, 99, &rec, &err),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK_EQ_UINT(err.result, SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK_RES(shogi_record_read(garbage, sizeof garbage, SHOGI_RECORD_FORMAT_KIF, &rec, NULL),
                  SHOGI_RESULT_RECORD_UNEXPECTED_LINE);
        CHECK(rec == NULL);
    }
    /* Bytes that are text in no encoding the reader knows (a UTF-8 BOM, then invalid UTF-8). */
    {
        shogi_record *rec = NULL;
        shogi_record_error err;
        const char *text = "\xef\xbb\xbfposition startpos moves 7g7f \xff\xfe\n";
        memset(&err, 0, sizeof err);
        CHECK_RES(shogi_record_read(BYTES(text), SHOGI_RECORD_FORMAT_USI, &rec, &err),
                  SHOGI_RESULT_RECORD_ENCODING);
        CHECK(strlen(err.message) > 0);
    }
}

void check_record_round_trip(const shogi_record *rec, const char *name) {
    static const shogi_record_format formats[] = {
        SHOGI_RECORD_FORMAT_KIF, SHOGI_RECORD_FORMAT_KI2, SHOGI_RECORD_FORMAT_CSA,
        SHOGI_RECORD_FORMAT_JKF, SHOGI_RECORD_FORMAT_USI,
    };
    static const char *const format_names[] = {"KIF", "KI2", "CSA", "JKF", "USI"};
    size_t f;
    size_t count = 0;
    shogi_move *moves;
    shogi_position *start = NULL;
    char start_sfen[256];
    /* A count query: BUFFER_TOO_SMALL, or OK for a record without moves. */
    shogi_record_moves(rec, NULL, 0, &count);
    moves = (shogi_move *)malloc((count + 1) * sizeof *moves);
    CHECK_OK(shogi_record_moves(rec, moves, count, &count));
    if (!CHECK_OK(shogi_record_start_position(rec, &start))) {
        free(moves);
        return;
    }
    sfen_of(start, start_sfen);
    shogi_position_free(start);
    for (f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        char *text = NULL;
        shogi_record *back = NULL;
        shogi_record_error err;
#define WRITE_CALL(buf, len, out) shogi_record_write(rec, formats[f], buf, len, out)
        FETCH_TEXT(WRITE_CALL, text);
#undef WRITE_CALL
        if (text == NULL) {
            CHECK_FAIL("%s: cannot write %s", name, format_names[f]);
            continue;
        }
        /* Read back detected, and as declared. */
        memset(&err, 0, sizeof err);
        if (!CHECK_OK(shogi_record_read(BYTES(text), SHOGI_RECORD_FORMAT_AUTO, &back, &err))) {
            CHECK_FAIL("%s written as %s is not detected: %s", name, format_names[f], err.message);
        }
        shogi_record_free(back);
        back = NULL;
        if (CHECK_OK(shogi_record_read(BYTES(text), formats[f], &back, NULL))) {
            size_t n = 0;
            shogi_move *again = (shogi_move *)malloc((count + 1) * sizeof *again);
            char sfen[256];
            CHECK_OK(shogi_record_moves(back, again, count + 1, &n));
            if (n != count || memcmp(again, moves, count * sizeof *moves) != 0) {
                CHECK_FAIL("%s written as %s: %lu moves back, %lu before, or other moves", name,
                           format_names[f], (unsigned long)n, (unsigned long)count);
            }
            if (CHECK_OK(shogi_record_start_position(back, &start))) {
                if (strcmp(sfen_of(start, sfen), start_sfen) != 0) {
                    CHECK_FAIL("%s written as %s starts at `%s`, not `%s`", name, format_names[f],
                               sfen, start_sfen);
                }
                shogi_position_free(start);
            }
            free(again);
            shogi_record_free(back);
        }
        free(text);
    }
    free(moves);
}

static void write_errors(const shogi_record *rec) {
    char buf[16];
    size_t len = 77;
    CHECK_RES(shogi_record_write(rec, SHOGI_RECORD_FORMAT_AUTO, buf, sizeof buf, &len),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_record_write(rec, 42, buf, sizeof buf, &len), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(len, 77);
}

static void kif_sample(const char *data_dir) {
    size_t len = 0;
    uint8_t *bytes = (uint8_t *)data_read_file(data_path(data_dir, "corpus/" KIF_SAMPLE), &len);
    shogi_record *rec = NULL;
    shogi_record *copy = NULL;
    shogi_record_error err;
    shogi_move moves[200];
    shogi_outcome stated;
    shogi_game *game = NULL;
    size_t headers = 0;
    char buf[64];
    if (!CHECK(bytes != NULL)) {
        return;
    }
    memset(&err, 0x5a, sizeof err);
    if (!CHECK_OK(shogi_record_read(bytes, len, SHOGI_RECORD_FORMAT_AUTO, &rec, &err))) {
        CHECK_FAIL("%s: %s", KIF_SAMPLE, err.message);
        free(bytes);
        return;
    }
    free(bytes);
    /* On success the error struct is left alone. */
    CHECK_EQ_UINT(err.line, sizeof(size_t) == 8 ? 0x5a5a5a5a5a5a5a5aull : 0x5a5a5a5aull);
    CHECK_MOVES_OUT(MOVES_CALL, 103, moves);
    CHECK_OK(shogi_record_header_count(rec, &headers));
    CHECK_EQ_UINT(headers, 5);
    CHECK_TEXT_OUT(HEADER_CALL, "匿名");
    CHECK_TEXT_OUT(KEY_CALL, "手合割");
    CHECK_TEXT_OUT(VALUE_CALL, "平手");
    len = 99;
    CHECK_RES(shogi_record_header(rec, TXT("棋戦"), buf, sizeof buf, &len), SHOGI_RESULT_NOT_FOUND);
    CHECK_RES(shogi_record_header(rec, "\xe5\x85", 2, buf, sizeof buf, &len),
              SHOGI_RESULT_INVALID_UTF8);
    CHECK_RES(shogi_record_header_key_at(rec, headers, buf, sizeof buf, &len),
              SHOGI_RESULT_NOT_FOUND);
    CHECK_RES(shogi_record_header_value_at(rec, headers, buf, sizeof buf, &len),
              SHOGI_RESULT_NOT_FOUND);
    CHECK_EQ_UINT(len, 99);

    /* Gote resigned at move 104. */
    CHECK_OK(shogi_record_stated_outcome(rec, &stated));
    CHECK(stated.is_over);
    CHECK_EQ_UINT(stated.winner, SHOGI_COLOR_SENTE);
    CHECK_EQ_UINT(stated.termination, SHOGI_TERMINATION_RESIGNATION);
    if (CHECK_OK(shogi_record_game(rec, NULL, &game))) {
        size_t plies = 0;
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_RESIGNATION);
        CHECK_OK(shogi_game_ply_count(game, &plies));
        CHECK_EQ_UINT(plies, 103);
        shogi_game_free(game);
    }
    {
        shogi_rules_config rules;
        shogi_game *bad = (shogi_game *)(void *)&rules;
        CHECK_OK(shogi_rules_default(&rules));
        rules.impasse = 42;
        CHECK_RES(shogi_record_game(rec, &rules, &bad), SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK(bad == (shogi_game *)(void *)&rules);
    }

    if (CHECK_OK(shogi_record_clone(rec, &copy))) {
        size_t n = 0;
        shogi_record_free(rec);
        rec = copy;
        CHECK_RES(shogi_record_moves(rec, NULL, 0, &n), SHOGI_RESULT_BUFFER_TOO_SMALL);
        CHECK_EQ_UINT(n, 103);
    }
    check_record_round_trip(rec, KIF_SAMPLE);
    write_errors(rec);
    shogi_record_free(rec);
}

static void records_from_games(void) {
    shogi_game *game = NULL;
    shogi_game *replayed = NULL;
    shogi_record *rec = NULL;
    shogi_outcome stated;
    char *usi = NULL;
    shogi_move moves[4];
    size_t n = 0;
    if (!CHECK_OK(
            shogi_game_from_usi(TXT("position sfen 8k/9/7G1/9/9/9/9/9/4K4 b G 1"), NULL, &game))) {
        return;
    }
    CHECK_OK(shogi_game_play_usi(game, TXT("G*1b")));
    if (CHECK_OK(shogi_record_from_game(game, &rec))) {
        CHECK_OK(shogi_record_header_count(rec, &n));
        CHECK_EQ_UINT(n, 0);
        CHECK_OK(shogi_record_moves(rec, moves, 4, &n));
        CHECK_EQ_UINT(n, 1);
        CHECK_OK(shogi_record_stated_outcome(rec, &stated));
        CHECK(stated.is_over);
        CHECK_EQ_UINT(stated.winner, SHOGI_COLOR_SENTE);
        CHECK_EQ_UINT(stated.termination, SHOGI_TERMINATION_CHECKMATE);
#define USI_CALL(buf, len, out) shogi_record_write(rec, SHOGI_RECORD_FORMAT_USI, buf, len, out)
        FETCH_TEXT(USI_CALL, usi);
#undef USI_CALL
        if (usi != NULL) {
            CHECK(strstr(usi, "position sfen 8k/9/7G1/9/9/9/9/9/4K4 b G 1 moves G*1b") != NULL);
        }
        if (CHECK_OK(shogi_record_game(rec, NULL, &replayed))) {
            CHECK_OUTCOME(replayed, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_CHECKMATE);
            shogi_game_free(replayed);
        }
        shogi_record_free(rec);
        free(usi);
    }
    shogi_game_free(game);

    /* A resignation becomes the record's ending. */
    if (CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        CHECK_OK(shogi_game_play_usi(game, TXT("7g7f")));
        CHECK_OK(shogi_game_resign(game, SHOGI_COLOR_GOTE));
        if (CHECK_OK(shogi_record_from_game(game, &rec))) {
            char *kif = NULL;
#define KIF_CALL(buf, len, out) shogi_record_write(rec, SHOGI_RECORD_FORMAT_KIF, buf, len, out)
            FETCH_TEXT(KIF_CALL, kif);
#undef KIF_CALL
            if (kif != NULL) {
                CHECK(strstr(kif, "投了") != NULL);
                free(kif);
            }
            shogi_record_free(rec);
        }
        shogi_game_free(game);
    }

    /* A record going on after the rules ended the game does not replay as a game. */
    {
        const char *text = "position startpos moves 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b "
                           "2h3h 8b7b 3h2h 7b8b 2h3h\n";
        shogi_record_error err;
        memset(&err, 0, sizeof err);
        if (CHECK_OK(shogi_record_read(BYTES(text), SHOGI_RECORD_FORMAT_USI, &rec, &err))) {
            replayed = (shogi_game *)(void *)&err;
            CHECK_RES(shogi_record_game(rec, NULL, &replayed), SHOGI_RESULT_GAME_OVER);
            CHECK(replayed == (shogi_game *)(void *)&err);
            shogi_record_free(rec);
        } else {
            CHECK_FAIL("%s", err.message);
        }
    }
}

/* Endings only a record can state: a foul, a declaration, a suspension; the stated result and
 * the result of replaying the record as a game agree. */
static void stated_endings(const char *data_dir) {
    static const struct {
        const char *file;
        shogi_color winner;
        shogi_termination termination;
    } endings[] = {
        {"csa/kifu-for-js/illegal_win.csa", SHOGI_COLOR_SENTE, SHOGI_TERMINATION_ILLEGAL_MOVE},
        {"csa/kifu-for-js/illegal_lose.csa", SHOGI_COLOR_GOTE, SHOGI_TERMINATION_ILLEGAL_MOVE},
        {"csa/shogi-server/jishogi_kachi.csa", SHOGI_COLOR_GOTE,
         SHOGI_TERMINATION_IMPASSE_DECLARATION},
        {"kif/kifu-for-js/chudan.kif", SHOGI_COLOR_NONE, SHOGI_TERMINATION_INTERRUPTED},
    };
    size_t i;
    for (i = 0; i < sizeof endings / sizeof endings[0]; i++) {
        char path[256];
        size_t len = 0;
        uint8_t *bytes;
        shogi_record *rec = NULL;
        shogi_game *game = NULL;
        shogi_outcome stated;
        snprintf(path, sizeof path, "corpus/%s", endings[i].file);
        bytes = (uint8_t *)data_read_file(data_path(data_dir, path), &len);
        if (!CHECK(bytes != NULL)) {
            continue;
        }
        if (CHECK_OK(shogi_record_read(bytes, len, SHOGI_RECORD_FORMAT_AUTO, &rec, NULL))) {
            CHECK_OK(shogi_record_stated_outcome(rec, &stated));
            if (!stated.is_over != (endings[i].termination == SHOGI_TERMINATION_INTERRUPTED) ||
                (stated.is_over && (stated.winner != endings[i].winner ||
                                    stated.termination != endings[i].termination))) {
                CHECK_FAIL("%s: stated {over %d, winner %d, %s}", endings[i].file,
                           stated.is_over ? 1 : 0, stated.winner,
                           shogi_termination_name(stated.termination));
            }
            if (CHECK_OK(shogi_record_game(rec, NULL, &game))) {
                CHECK_OUTCOME(game, 1, endings[i].winner, endings[i].termination);
                shogi_game_free(game);
            }
            shogi_record_free(rec);
        }
        free(bytes);
    }
}

/* The limits of a read: the defaults, each limit exceeded (the code, the line, and the limit
 * named in the message), NULL for the defaults, and a USI line read as a game. */
static void read_limits(const char *data_dir) {
    /* Each limit set just below what the text needs. The lines (counted by hand in deep_kif(3):
     * the header line is 1, the main line 2-5, the n-th variation starts on line 5n + 2). */
    static const struct {
        const char *name;
        size_t value;
        int with_header;
        size_t line;
    } cases[] = {
        {"input_bytes", 10, 0, 0},   {"line_bytes", 20, 0, 1},      {"header_bytes", 3, 1, 1},
        {"moves_per_line", 2, 0, 4}, {"variations", 2, 0, 17},      {"depth", 2, 0, 17},
    };
    shogi_read_limits defaults;
    char *kif = deep_kif(3);
    char *with_header;
    size_t i;
    if (!CHECK(kif != NULL) || !CHECK_OK(shogi_read_limits_default(&defaults))) {
        free(kif);
        return;
    }
    CHECK_EQ_UINT(defaults.max_input_bytes, 64u << 20);
    CHECK_EQ_UINT(defaults.max_line_bytes, 16u << 20);
    CHECK_EQ_UINT(defaults.max_header_bytes, 64u << 10);
    CHECK_EQ_UINT(defaults.max_moves_per_line, 1000000);
    CHECK_EQ_UINT(defaults.max_variations, 100000);
    CHECK_EQ_UINT(defaults.max_depth, 1000);
    CHECK_EQ_UINT(defaults.max_records, 1000000);
    with_header = (char *)malloc(strlen(kif) + 64);
    strcpy(with_header, "棋戦：長い名前の棋戦\n");
    strcat(with_header, kif);

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        shogi_read_limits limits = defaults;
        const char *text = cases[i].with_header ? with_header : kif;
        shogi_record *rec = NULL;
        shogi_record_error err;
        char suffix[64];
        size_t *field = strcmp(cases[i].name, "input_bytes") == 0      ? &limits.max_input_bytes
                        : strcmp(cases[i].name, "line_bytes") == 0     ? &limits.max_line_bytes
                        : strcmp(cases[i].name, "header_bytes") == 0   ? &limits.max_header_bytes
                        : strcmp(cases[i].name, "moves_per_line") == 0 ? &limits.max_moves_per_line
                        : strcmp(cases[i].name, "variations") == 0     ? &limits.max_variations
                                                                       : &limits.max_depth;
        *field = cases[i].value;
        memset(&err, 0x55, sizeof err);
        if (!CHECK_RES(shogi_record_read_with_limits(BYTES(text), SHOGI_RECORD_FORMAT_KIF, &limits,
                                                     &rec, &err),
                       SHOGI_RESULT_RECORD_LIMIT_EXCEEDED)) {
            CHECK_FAIL("%s: %.200s", cases[i].name, err.message);
            shogi_record_free(rec);
            continue;
        }
        CHECK(rec == NULL);
        CHECK_EQ_UINT(err.result, SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
        CHECK_EQ_UINT(err.reason, SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
        CHECK_EQ_UINT(err.format, SHOGI_RECORD_FORMAT_KIF);
        if (err.line != cases[i].line) {
            CHECK_FAIL("%s: line %lu, expected %lu", cases[i].name, (unsigned long)err.line,
                       (unsigned long)cases[i].line);
        }
        snprintf(suffix, sizeof suffix, "(limit: %s)", cases[i].name);
        if (!CHECK(memchr(err.message, '\0', sizeof err.message) != NULL &&
                   strlen(err.message) >= strlen(suffix) &&
                   strcmp(err.message + strlen(err.message) - strlen(suffix), suffix) == 0)) {
            CHECK_FAIL("%s: message `%.200s`", cases[i].name, err.message);
        }
        /* The same text reads within the defaults, given or NULL. */
        if (CHECK_OK(shogi_record_read_with_limits(BYTES(text), SHOGI_RECORD_FORMAT_KIF, &defaults,
                                                   &rec, NULL))) {
            shogi_record_free(rec);
        }
        rec = NULL;
        if (CHECK_OK(shogi_record_read_with_limits(BYTES(text), SHOGI_RECORD_FORMAT_AUTO, NULL, &rec,
                                                   NULL))) {
            shogi_record_free(rec);
        }
    }

    /* The sample reads within the defaults, with its 103 moves. */
    {
        size_t len = 0;
        uint8_t *bytes = (uint8_t *)data_read_file(data_path(data_dir, "corpus/" KIF_SAMPLE), &len);
        shogi_record *rec = NULL;
        if (CHECK(bytes != NULL)) {
            if (CHECK_OK(shogi_record_read_with_limits(bytes, len, SHOGI_RECORD_FORMAT_AUTO,
                                                       &defaults, &rec, NULL))) {
                size_t n = 0;
                CHECK_RES(shogi_record_moves(rec, NULL, 0, &n), SHOGI_RESULT_BUFFER_TOO_SMALL);
                CHECK_EQ_UINT(n, 103);
                shogi_record_free(rec);
            }
            free(bytes);
        }
    }

    /* The arguments are checked as shogi_record_read checks them. */
    {
        shogi_record *rec = NULL;
        shogi_record_error err;
        memset(&err, 0, sizeof err);
        CHECK_RES(shogi_record_read_with_limits(BYTES(kif), 99, &defaults, &rec, &err),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK_EQ_UINT(err.result, SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK(rec == NULL);
    }

    /* A number larger than any format writes has its own code. */
    {
        const char *usi = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 100000001\n";
        shogi_record *rec = NULL;
        shogi_record_error err;
        memset(&err, 0, sizeof err);
        CHECK_RES(shogi_record_read(BYTES(usi), SHOGI_RECORD_FORMAT_AUTO, &rec, &err),
                  SHOGI_RESULT_RECORD_NUMBER_TOO_LARGE);
        CHECK_EQ_UINT(err.format, SHOGI_RECORD_FORMAT_USI);
        CHECK_EQ_UINT(err.line, 1);
        CHECK(rec == NULL);
    }

    /* A USI line as a game: its length and its moves are limited; NULL is the defaults. */
    {
        const char *line = "position startpos moves 7g7f 3c3d 2g2f";
        shogi_read_limits limits = defaults;
        shogi_game *game = NULL;
        size_t plies = 0;
        if (CHECK_OK(shogi_game_from_usi_with_limits(TXT(line), NULL, NULL, &game))) {
            CHECK_OK(shogi_game_ply_count(game, &plies));
            CHECK_EQ_UINT(plies, 3);
            shogi_game_free(game);
        }
        game = NULL;
        limits.max_moves_per_line = 3;
        if (CHECK_OK(shogi_game_from_usi_with_limits(TXT(line), NULL, &limits, &game))) {
            shogi_game_free(game);
        }
        game = (shogi_game *)(void *)&limits;
        limits.max_moves_per_line = 2;
        CHECK_RES(shogi_game_from_usi_with_limits(TXT(line), NULL, &limits, &game),
                  SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
        limits = defaults;
        limits.max_input_bytes = strlen(line) - 1;
        CHECK_RES(shogi_game_from_usi_with_limits(TXT(line), NULL, &limits, &game),
                  SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
        limits = defaults;
        limits.max_line_bytes = strlen(line) - 1;
        CHECK_RES(shogi_game_from_usi_with_limits(TXT(line), NULL, &limits, &game),
                  SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
        CHECK_RES(shogi_game_from_usi_with_limits(TXT("position startpos moves 7g7f 7g7f"), NULL,
                                                  &defaults, &game),
                  SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
        CHECK(game == (shogi_game *)(void *)&limits);
    }
    free(with_header);
    free(kif);
}

void test_records(const char *data_dir) {
    check_suite("records");
    kif_sample(data_dir);
    stated_endings(data_dir);
    malformed_records(data_dir);
    records_from_games();
    read_limits(data_dir);
}
