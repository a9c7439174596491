/* PGN records through the C API: reading one game and a file of several (UTF-8 and GBK), the
 * accessors (tags, start, main line, comments, variations, result), writing in every notation and
 * reading back, the game of the main line, errors with their line and column, the read limits,
 * NULL arguments and small buffers; and every file of the corpus
 * (xiangqi-rules/tests/data/corpus/, listed in its MANIFEST.tsv with its number of games) read,
 * written in every notation and read back to the same moves. */
#include <stdio.h>

#include "support.h"

static const xiangqi_record *current_rec;
static size_t current_index;

#define TAG_NAME(buf, len, out_len)                                                                \
    xiangqi_record_tag_name_at(current_rec, current_index, buf, len, out_len)
#define TAG_VALUE(buf, len, out_len)                                                               \
    xiangqi_record_tag_value_at(current_rec, current_index, buf, len, out_len)
#define TAG_EVENT(buf, len, out_len)                                                               \
    xiangqi_record_tag(current_rec, TXT("Event"), buf, len, out_len)
#define START_FEN_OF(buf, len, out_len) xiangqi_record_start_fen(current_rec, buf, len, out_len)
#define COMMENT(buf, len, out_len)                                                                 \
    xiangqi_record_comment_at(current_rec, current_index, 0, buf, len, out_len)
#define RESULT_OF(buf, len, out_len) xiangqi_record_result(current_rec, buf, len, out_len)

/* One game with tags, comments before and after moves, and a variation. */
static const char EXAMPLE[] = "[Event \"Example\"]\n"
                              "[Format \"WXF\"]\n"
                              "\n"
                              "{before} 1. C2.5 H8+7 {the screen horse} 2. H2+3 (2. R1+1 R9.8) R9.8 "
                              "1-0\n";

/* A record of `text`, or NULL (a recorded failure). */
static xiangqi_record *record_of(const char *bytes, size_t len) {
    xiangqi_record *rec = NULL;
    size_t line = 0, column = 0;
    uint32_t res = (uint32_t)xiangqi_record_read((const uint8_t *)bytes, len, NULL, &rec, &line,
                                                 &column);
    if (res != XIANGQI_RESULT_OK) {
        CHECK_FAIL("the record does not read: %s at %u:%u", result_name(res), (unsigned)line,
                   (unsigned)column);
        return NULL;
    }
    return rec;
}

static size_t count_of(xiangqi_result (*f)(const xiangqi_record *, size_t *),
                       const xiangqi_record *rec) {
    size_t n = 99999;
    CHECK_OK(f(rec, &n));
    return n;
}

/* The text of `rec` in `notation` (to free), or NULL. */
static char *write_record(const xiangqi_record *rec, xiangqi_notation notation) {
    size_t need = 0;
    char *buf;
    if (!CHECK_RES(xiangqi_record_write(rec, notation, NULL, 0, &need),
                   XIANGQI_RESULT_BUFFER_TOO_SMALL)) {
        return NULL;
    }
    buf = (char *)malloc(need + 1);
    if (!CHECK_OK(xiangqi_record_write(rec, notation, buf, need + 1, &need))) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Whether `a` and `b` have the same main line, variations, result and comments count. */
static int same_moves(const xiangqi_record *a, const xiangqi_record *b) {
    size_t n = count_of(xiangqi_record_move_count, a), i;
    char ra[16], rb[16];
    size_t la = 0, lb = 0;
    if (n != count_of(xiangqi_record_move_count, b) ||
        count_of(xiangqi_record_node_move_count, a) !=
            count_of(xiangqi_record_node_move_count, b)) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        xiangqi_move ma = 1, mb = 2;
        xiangqi_record_move_at(a, i, &ma);
        xiangqi_record_move_at(b, i, &mb);
        if (ma != mb) {
            return 0;
        }
    }
    xiangqi_record_result(a, ra, sizeof ra, &la);
    xiangqi_record_result(b, rb, sizeof rb, &lb);
    return strcmp(ra, rb) == 0;
}

static void check_example(void) {
    static const xiangqi_notation notations[4] = {XIANGQI_NOTATION_ICCS, XIANGQI_NOTATION_UCI,
                                                  XIANGQI_NOTATION_WXF, XIANGQI_NOTATION_CHINESE};
    static const char *const main_line[4] = {"h2e2", "h9g7", "h0g2", "i9h9"};
    xiangqi_record *rec = record_of(EXAMPLE, strlen(EXAMPLE));
    xiangqi_position *start = NULL;
    xiangqi_game *game = NULL;
    xiangqi_rules rules;
    size_t i, n = 0;
    check_suite("records: one game and its parts");
    if (rec == NULL) {
        return;
    }
    current_rec = rec;
    CHECK_EQ_UINT(count_of(xiangqi_record_tag_count, rec), 2);
    current_index = 0;
    CHECK_TEXT_OUT(TAG_NAME, "Event");
    CHECK_TEXT_OUT(TAG_VALUE, "Example");
    current_index = 1;
    CHECK_TEXT_OUT(TAG_NAME, "Format");
    CHECK_TEXT_OUT(TAG_VALUE, "WXF");
    CHECK_TEXT_OUT(TAG_EVENT, "Example");
    CHECK_RES(xiangqi_record_tag_name_at(rec, 2, NULL, 0, &n), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_record_tag_value_at(rec, 2, NULL, 0, &n), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_record_tag(rec, TXT("Site"), NULL, 0, &n), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_TEXT_OUT(START_FEN_OF, START_FEN);
    if (CHECK_OK(xiangqi_record_start_position(rec, &start))) {
        char fen[128];
        CHECK_EQ_STR(fen_of(start, fen), START_FEN);
        xiangqi_position_free(start);
    }
    CHECK_EQ_UINT(count_of(xiangqi_record_move_count, rec), 4);
    CHECK_EQ_UINT(count_of(xiangqi_record_node_move_count, rec), 6);
    for (i = 0; i < 4; i++) {
        xiangqi_move m = XIANGQI_MOVE_NONE;
        char iccs[8];
        CHECK_OK(xiangqi_record_move_at(rec, i, &m));
        CHECK_EQ_STR(iccs_of(m, iccs), main_line[i]);
        CHECK_OK(xiangqi_record_variation_count(rec, i, &n));
        CHECK_EQ_UINT(n, i == 2 ? 1 : 0);
    }
    {
        xiangqi_move none = XIANGQI_MOVE_NONE;
        CHECK_RES(xiangqi_record_move_at(rec, 4, &none), XIANGQI_RESULT_INVALID_ARGUMENT);
        CHECK_EQ_UINT(none, XIANGQI_MOVE_NONE);
    }
    CHECK_RES(xiangqi_record_variation_count(rec, 4, &n), XIANGQI_RESULT_INVALID_ARGUMENT);
    /* Comments: before the first move (ply 0) and after the second. */
    for (i = 0; i <= 4; i++) {
        CHECK_OK(xiangqi_record_comment_count(rec, i, &n));
        CHECK_EQ_UINT(n, i == 0 || i == 2 ? 1 : 0);
    }
    CHECK_RES(xiangqi_record_comment_count(rec, 5, &n), XIANGQI_RESULT_INVALID_ARGUMENT);
    current_index = 0;
    CHECK_TEXT_OUT(COMMENT, "before");
    current_index = 2;
    CHECK_TEXT_OUT(COMMENT, "the screen horse");
    CHECK_RES(xiangqi_record_comment_at(rec, 2, 1, NULL, 0, &n), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_TEXT_OUT(RESULT_OF, "1-0");
    /* Written in every notation and read again: the same record. */
    for (i = 0; i < 4; i++) {
        char *text = write_record(rec, notations[i]);
        xiangqi_record *back;
        if (text == NULL) {
            continue;
        }
        back = record_of(text, strlen(text));
        if (back != NULL) {
            CHECK(same_moves(rec, back));
            CHECK_EQ_UINT(count_of(xiangqi_record_tag_count, back), 2);
            CHECK_OK(xiangqi_record_comment_count(back, 2, &n));
            CHECK_EQ_UINT(n, 1);
        }
        if (notations[i] == XIANGQI_NOTATION_CHINESE) {
            CHECK(strstr(text, "1. \xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94") != NULL);
        }
        xiangqi_record_free(back);
        free(text);
    }
    CHECK_RES(xiangqi_record_write(rec, 7, NULL, 0, &n), XIANGQI_RESULT_INVALID_ARGUMENT);
    /* The game of the main line, under the site rules and under given rules. */
    if (CHECK_OK(xiangqi_record_game(rec, NULL, &game))) {
        CHECK_OK(xiangqi_game_ply_count(game, &n));
        CHECK_EQ_UINT(n, 4);
        CHECK_OUTCOME(game, XIANGQI_COLOR_NONE, XIANGQI_TERMINATION_NONE);
        xiangqi_game_free(game);
    }
    CHECK_OK(xiangqi_rules_default(&rules));
    rules.move_limit = 3;
    game = NULL;
    CHECK_RES(xiangqi_record_game(rec, &rules, &game), XIANGQI_RESULT_GAME_OVER);
    CHECK(game == NULL);
    xiangqi_record_free(rec);
}

/* Reads `text` as one game and checks the code and the place of the error. */
static void check_error_at(const char *text, uint32_t code, size_t line, size_t column,
                           const xiangqi_read_limits *limits) {
    xiangqi_record *rec = NULL;
    size_t got_line = 12345, got_column = 12345;
    CHECK_RES(xiangqi_record_read((const uint8_t *)text, strlen(text), limits, &rec, &got_line,
                                  &got_column),
              code);
    CHECK(rec == NULL);
    if (!CHECK_EQ_UINT(got_line, line) || !CHECK_EQ_UINT(got_column, column)) {
        fprintf(stderr, "    reading %s\n", text);
    }
}

static void check_errors(void) {
    xiangqi_read_limits limits;
    xiangqi_record *rec = NULL;
    xiangqi_record_list *list = NULL;
    size_t line = 7, column = 7;
    check_suite("records: errors with their line and column");
    check_error_at("[Event \"x\"]\n1. h2e2 {open", XIANGQI_RESULT_RECORD_UNTERMINATED_COMMENT, 2,
                   9, NULL);
    check_error_at("1. h2e2 (1. h0g2", XIANGQI_RESULT_RECORD_UNTERMINATED_VARIATION, 1, 9, NULL);
    check_error_at("[Event \"x\"]\n\n1. h2e2 zz9 *", XIANGQI_RESULT_RECORD_BAD_MOVE_TEXT, 3, 9,
                   NULL);
    check_error_at("1. h2e2 h9g7 2. a0a5 *", XIANGQI_RESULT_RECORD_ILLEGAL_MOVE, 1, 17, NULL);
    check_error_at("1. C2+9 *", XIANGQI_RESULT_RECORD_NO_SUCH_MOVE, 1, 4, NULL);
    check_error_at("[FEN \"3k5/9/9/9/9/9/9/7N1/9/4K2N1 w - - 0 1\"]\n1. H2+3 *",
                   XIANGQI_RESULT_RECORD_AMBIGUOUS_MOVE, 2, 4, NULL);
    check_error_at("1. h2e2 ) *", XIANGQI_RESULT_RECORD_UNEXPECTED_TOKEN, 1, 9, NULL);
    check_error_at("[Event \"x\n1. h2e2 *", XIANGQI_RESULT_RECORD_BAD_TAG, 1, 1, NULL);
    check_error_at("[FEN \"9/9 w\"]\n1. h2e2 *", XIANGQI_RESULT_RECORD_BAD_FEN, 1, 1, NULL);
    check_error_at("", XIANGQI_RESULT_RECORD_GAME_COUNT, 1, 1, NULL);
    check_error_at("[Event \"a\"]\n\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n\n1. b2e2 *\n",
                   XIANGQI_RESULT_RECORD_GAME_COUNT, 5, 1, NULL);
    /* Bytes that are neither UTF-8 nor GBK: no line. */
    check_error_at("1. h2e2 \xff\xff *", XIANGQI_RESULT_RECORD_ENCODING, 0, 0, NULL);

    check_suite("records: limits");
    CHECK_OK(xiangqi_read_limits_default(&limits));
    CHECK_EQ_UINT(limits.max_input_bytes, 64u << 20);
    CHECK_EQ_UINT(limits.max_line_bytes, 1u << 20);
    CHECK_EQ_UINT(limits.max_moves, 100000);
    CHECK_EQ_UINT(limits.max_variations, 10000);
    CHECK_EQ_UINT(limits.max_depth, 64);
    CHECK_EQ_UINT(limits.max_games, 100000);
    limits.max_moves = 2;
    check_error_at("1. h2e2 h9g7 2. h0g2 *", XIANGQI_RESULT_RECORD_LIMIT_EXCEEDED, 1, 17, &limits);
    CHECK_OK(xiangqi_read_limits_default(&limits));
    limits.max_input_bytes = 10;
    check_error_at("1. h2e2 h9g7 *", XIANGQI_RESULT_RECORD_LIMIT_EXCEEDED, 0, 0, &limits);
    CHECK_OK(xiangqi_read_limits_default(&limits));
    limits.max_depth = 1;
    check_error_at("1. h2e2 (1. h0g2 (1. b2e2)) *", XIANGQI_RESULT_RECORD_LIMIT_EXCEEDED, 1, 18,
                   &limits);
    CHECK_OK(xiangqi_read_limits_default(&limits));
    limits.max_games = 1;
    CHECK_RES(xiangqi_records_read((const uint8_t *)TXT("1. h2e2 *\n[Event \"b\"]\n1. b2e2 *\n"),
                                   &limits, &list, &line, &column),
              XIANGQI_RESULT_RECORD_LIMIT_EXCEEDED);
    CHECK(list == NULL);
    CHECK_EQ_UINT(line, 2);
    CHECK_EQ_UINT(column, 1);

    check_suite("records: NULL arguments");
    CHECK_NULL_PARAM(xiangqi_read_limits_default(NULL));
    CHECK_NULL_PARAM(xiangqi_record_read(NULL, 0, NULL, &rec, NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_record_read((const uint8_t *)EXAMPLE, strlen(EXAMPLE), NULL, NULL,
                                         NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_records_read(NULL, 0, NULL, &list, NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_records_read((const uint8_t *)EXAMPLE, strlen(EXAMPLE), NULL, NULL,
                                          NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_record_tag_count(NULL, &line));
    CHECK_NULL_PARAM(xiangqi_record_move_count(NULL, &line));
    CHECK_NULL_PARAM(xiangqi_record_node_move_count(NULL, &line));
    CHECK_NULL_PARAM(xiangqi_record_move_at(NULL, 0, NULL));
    CHECK_NULL_PARAM(xiangqi_record_comment_count(NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_variation_count(NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_start_position(NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_record_game(NULL, NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_record_write(NULL, XIANGQI_NOTATION_WXF, NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_list_count(NULL, &line));
    CHECK_NULL_PARAM(xiangqi_record_list_get(NULL, 0, &rec));
    CHECK_NULL_PARAM(xiangqi_record_list_write(NULL, XIANGQI_NOTATION_WXF, NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_tag_name_at(NULL, 0, NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_tag_value_at(NULL, 0, NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_tag(NULL, TXT("Event"), NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_start_fen(NULL, NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_comment_at(NULL, 0, 0, NULL, 0, &line));
    CHECK_NULL_PARAM(xiangqi_record_result(NULL, NULL, 0, &line));
    CHECK(rec == NULL);
    rec = NULL;
    if (CHECK_OK(xiangqi_record_read((const uint8_t *)EXAMPLE, strlen(EXAMPLE), NULL, &rec, NULL,
                                     NULL))) {
        xiangqi_move m = XIANGQI_MOVE_NONE;
        CHECK_NULL_PARAM(xiangqi_record_tag(rec, NULL, 5, NULL, 0, &line));
        CHECK_RES(xiangqi_record_tag(rec, "\xff", 1, NULL, 0, &line), XIANGQI_RESULT_INVALID_UTF8);
        CHECK_NULL_PARAM(xiangqi_record_move_at(rec, 0, NULL));
        CHECK_NULL_PARAM(xiangqi_record_tag_count(rec, NULL));
        CHECK_NULL_PARAM(xiangqi_record_start_position(rec, NULL));
        CHECK_NULL_PARAM(xiangqi_record_game(rec, NULL, NULL));
        CHECK_OK(xiangqi_record_move_at(rec, 0, &m));
        CHECK(m != XIANGQI_MOVE_NONE);
        xiangqi_record_free(rec);
    }
    CHECK_OK(xiangqi_records_read((const uint8_t *)TXT(""), NULL, &list, NULL, NULL));
    if (list != NULL) {
        CHECK_OK(xiangqi_record_list_count(list, &line));
        CHECK_EQ_UINT(line, 0);
        CHECK_NULL_PARAM(xiangqi_record_list_count(list, NULL));
        CHECK_NULL_PARAM(xiangqi_record_list_get(list, 0, NULL));
        xiangqi_record_list_free(list);
    }
    xiangqi_record_free(NULL);
    xiangqi_record_list_free(NULL);
}

/* A GBK record (`[Red "红"]`, 炮二平五 马８进７) reads as its UTF-8 twin. */
static void check_gbk(void) {
    static const char gbk[] = "[Red \"\xba\xec\"]\n\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 "
                              "\xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7 *\n";
    xiangqi_record *rec;
    check_suite("records: GBK");
    rec = record_of(gbk, sizeof gbk - 1);
    if (rec != NULL) {
        char buf[16];
        size_t len = 0;
        xiangqi_move m = XIANGQI_MOVE_NONE;
        CHECK_OK(xiangqi_record_tag_value_at(rec, 0, buf, sizeof buf, &len));
        CHECK_EQ_STR(buf, "\xe7\xba\xa2");
        CHECK_EQ_UINT(count_of(xiangqi_record_move_count, rec), 2);
        CHECK_OK(xiangqi_record_move_at(rec, 1, &m));
        CHECK_EQ_STR(iccs_of(m, buf), "h9g7");
        xiangqi_record_free(rec);
    }
}

/* Checks one corpus file: it reads with `games` games; each game written in every notation
 * reads back to the same moves; the list written as a whole reads back to as many games. Adds
 * the main-line moves to `*moves` and the games whose main line the site rules refuse (a move
 * after the rules ended the game) to `*refused`. */
static void check_corpus_file(const char *dir, const char *file, size_t games, size_t *moves,
                              size_t *refused) {
    static const xiangqi_notation notations[4] = {XIANGQI_NOTATION_ICCS, XIANGQI_NOTATION_UCI,
                                                  XIANGQI_NOTATION_WXF, XIANGQI_NOTATION_CHINESE};
    const char *path = data_path(dir, file);
    size_t size = 0, count = 0, line = 0, column = 0, i, need = 0;
    char *bytes, *all;
    xiangqi_record_list *list = NULL, *again = NULL;
    bytes = data_read_file(path, &size);
    if (bytes == NULL) {
        CHECK_FAIL("cannot read %s", path);
        return;
    }
    if (!CHECK_OK(xiangqi_records_read((const uint8_t *)bytes, size, NULL, &list, &line,
                                       &column))) {
        fprintf(stderr, "    %s: line %u, column %u\n", file, (unsigned)line, (unsigned)column);
        free(bytes);
        return;
    }
    CHECK_OK(xiangqi_record_list_count(list, &count));
    if (!CHECK_EQ_UINT(count, games)) {
        fprintf(stderr, "    %s\n", file);
    }
    for (i = 0; i < count; i++) {
        xiangqi_record *rec = NULL;
        xiangqi_game *game = NULL;
        size_t k;
        uint32_t res;
        if (!CHECK_OK(xiangqi_record_list_get(list, i, &rec))) {
            continue;
        }
        *moves += count_of(xiangqi_record_move_count, rec);
        for (k = 0; k < 4; k++) {
            char *text = write_record(rec, notations[k]);
            xiangqi_record *back = text == NULL ? NULL : record_of(text, strlen(text));
            if (back != NULL && !CHECK(same_moves(rec, back))) {
                fprintf(stderr, "    %s game %u in notation %u\n", file, (unsigned)(i + 1),
                        (unsigned)notations[k]);
            }
            xiangqi_record_free(back);
            free(text);
        }
        res = (uint32_t)xiangqi_record_game(rec, NULL, &game);
        if (res == XIANGQI_RESULT_GAME_OVER) {
            ++*refused;
        } else {
            CHECK_OK(res);
        }
        xiangqi_game_free(game);
        xiangqi_record_free(rec);
    }
    {
        xiangqi_record *past_end = NULL;
        CHECK_RES(xiangqi_record_list_get(list, count, &past_end),
                  XIANGQI_RESULT_INVALID_ARGUMENT);
        CHECK(past_end == NULL);
    }
    if (CHECK_RES(xiangqi_record_list_write(list, XIANGQI_NOTATION_WXF, NULL, 0, &need),
                  XIANGQI_RESULT_BUFFER_TOO_SMALL)) {
        all = (char *)malloc(need + 1);
        if (CHECK_OK(xiangqi_record_list_write(list, XIANGQI_NOTATION_WXF, all, need + 1,
                                               &need)) &&
            CHECK_OK(xiangqi_records_read((const uint8_t *)all, need, NULL, &again, NULL, NULL))) {
            size_t n = 0;
            CHECK_OK(xiangqi_record_list_count(again, &n));
            CHECK_EQ_UINT(n, count);
            xiangqi_record_list_free(again);
        }
        free(all);
    }
    xiangqi_record_list_free(list);
    free(bytes);
}

static void check_corpus(const char *dir) {
    size_t size = 0, files = 0, gbk_files = 0, games = 0, moves = 0, refused = 0;
    char *manifest, *line, *next;
    check_suite("records: every corpus file reads, and reads back in every notation");
    manifest = data_read_file(data_path(dir, "MANIFEST.tsv"), &size);
    if (manifest == NULL) {
        CHECK_FAIL("cannot read %s/MANIFEST.tsv", dir);
        return;
    }
    /* Columns: file, ..., records (the 11th). */
    for (line = manifest; line != NULL && *line != '\0'; line = next) {
        char *fields[11];
        int count;
        next = strchr(line, '\n');
        if (next != NULL) {
            *next++ = '\0';
        }
        if (strncmp(line, "file\t", 5) == 0 || line[0] == '\0') {
            continue;
        }
        count = data_split_tabs(line, fields, 11);
        if (!CHECK_EQ_INT(count, 11)) {
            continue;
        }
        /* The PGN files (the manifest also names the source of one, an XQF file not kept). */
        if (strlen(fields[0]) < 4 || strcmp(fields[0] + strlen(fields[0]) - 4, ".pgn") != 0) {
            continue;
        }
        {
            size_t expected = (size_t)strtoul(fields[10], NULL, 10);
            size_t before = moves;
            check_corpus_file(dir, fields[0], expected, &moves, &refused);
            games += expected;
            /* The 15 games of the WXF database, in each of their three files, are the plies of
             * rows 1-1378 of notation.tsv. */
            if (strstr(fields[0], "/wxfdb15/") != NULL && !CHECK_EQ_UINT(moves - before, 1378)) {
                fprintf(stderr, "    %s\n", fields[0]);
            }
        }
        /* The 9th column is the encoding. */
        if (strstr(fields[8], "GBK") != NULL) {
            gbk_files++;
        }
        files++;
    }
    free(manifest);
    /* Every PGN file of the corpus is in the manifest. */
    CHECK_EQ_UINT(files, 34);
    /* The xqbase files are GBK, read as such. */
    CHECK(gbk_files >= 1);
    /* Game 12 of the WXF database, in its three files, goes on after a third occurrence. */
    CHECK_EQ_UINT(refused, 3);
    printf("corpus: %u files (%u GBK), %u games, %u main-line moves\n", (unsigned)files,
           (unsigned)gbk_files, (unsigned)games, (unsigned)moves);
}

void test_records(const char *corpus_dir) {
    check_example();
    check_errors();
    check_gbk();
    check_corpus(corpus_dir);
}
