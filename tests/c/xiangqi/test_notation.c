/* Move notations through the C API: the opening move in every notation with the text-out
 * protocol, the error codes of the parser, and every row of xiangqi-rules/tests/data/notation.tsv
 * (the same move in ICCS, WXF and Chinese, from the position it is played from) formatted to its
 * text and parsed back. */
#include <stdio.h>

#include "support.h"

static const xiangqi_position *current_pos;
static xiangqi_move current_move;
static xiangqi_notation current_notation;

#define FORMAT(buf, len, out_len)                                                                  \
    xiangqi_notation_format(current_pos, current_move, current_notation, buf, len, out_len)

/* The move `text` means in `notation`, or XIANGQI_MOVE_NONE. */
static uint32_t parse(const xiangqi_position *pos, xiangqi_notation notation, const char *text,
                      xiangqi_move *out) {
    return (uint32_t)xiangqi_notation_parse(pos, notation, TXT(text), out);
}

static void check_opening_move(void) {
    static const struct {
        xiangqi_notation notation;
        const char *text;
    } cases[] = {
        {XIANGQI_NOTATION_ICCS, "h2e2"},
        {XIANGQI_NOTATION_UCI, "h3e3"},
        {XIANGQI_NOTATION_WXF, "C2.5"},
        {XIANGQI_NOTATION_CHINESE, "\xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94"},
    };
    size_t i;
    xiangqi_position *pos = position_from(START_FEN);
    check_suite("notation: the opening move");
    CHECK_EQ_UINT(XIANGQI_NOTATION_ICCS, 0);
    CHECK_EQ_UINT(XIANGQI_NOTATION_UCI, 1);
    CHECK_EQ_UINT(XIANGQI_NOTATION_WXF, 2);
    CHECK_EQ_UINT(XIANGQI_NOTATION_CHINESE, 3);
    current_pos = pos;
    current_move = iccs_move(pos, "h2e2");
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xiangqi_move back = XIANGQI_MOVE_NONE;
        current_notation = cases[i].notation;
        CHECK_TEXT_OUT(FORMAT, cases[i].text);
        CHECK_OK(parse(pos, cases[i].notation, cases[i].text, &back));
        CHECK_EQ_UINT(back, current_move);
    }
    xiangqi_position_free(pos);
}

static void check_errors(void) {
    xiangqi_position *pos = position_from(START_FEN);
    /* Two red horses on the h-file: H2+3 fits both. */
    xiangqi_position *two_horses = position_from("3k5/9/9/9/9/9/9/7N1/9/4K2N1 w - - 0 1");
    xiangqi_move m = 77, h2e2 = iccs_move(pos, "h2e2");
    xiangqi_move h0h5;
    char buf[32];
    size_t len = 99;
    check_suite("notation: errors");
    CHECK_RES(parse(pos, XIANGQI_NOTATION_WXF, "C2?5", &m), XIANGQI_RESULT_NOTATION_SYNTAX);
    CHECK_RES(parse(pos, XIANGQI_NOTATION_ICCS, "h2", &m), XIANGQI_RESULT_NOTATION_SYNTAX);
    CHECK_RES(parse(pos, XIANGQI_NOTATION_CHINESE, "", &m), XIANGQI_RESULT_NOTATION_SYNTAX);
    CHECK_RES(parse(pos, XIANGQI_NOTATION_WXF, "C2+9", &m), XIANGQI_RESULT_NOTATION_NO_LEGAL_MOVE);
    CHECK_RES(parse(pos, XIANGQI_NOTATION_ICCS, "a0a5", &m), XIANGQI_RESULT_ILLEGAL_PATH_BLOCKED);
    CHECK_RES(parse(pos, XIANGQI_NOTATION_UCI, "a1a6", &m), XIANGQI_RESULT_ILLEGAL_PATH_BLOCKED);
    CHECK_RES(parse(two_horses, XIANGQI_NOTATION_WXF, "H2+3", &m),
              XIANGQI_RESULT_NOTATION_AMBIGUOUS);
    CHECK_RES(parse(pos, 4, "h2e2", &m), XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_notation_parse(pos, XIANGQI_NOTATION_WXF, "\xff\xfe", 2, &m),
              XIANGQI_RESULT_INVALID_UTF8);
    CHECK_EQ_UINT(m, 77);
    CHECK_NULL_PARAM(xiangqi_notation_parse(NULL, XIANGQI_NOTATION_WXF, TXT("C2.5"), &m));
    CHECK_NULL_PARAM(xiangqi_notation_parse(pos, XIANGQI_NOTATION_WXF, NULL, 4, &m));
    CHECK_NULL_PARAM(xiangqi_notation_parse(pos, XIANGQI_NOTATION_WXF, TXT("C2.5"), NULL));
    CHECK_RES(xiangqi_notation_format(pos, h2e2, 9, buf, sizeof buf, &len),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(xiangqi_notation_format(pos, 0xFFFFFFFFu, XIANGQI_NOTATION_WXF, buf, sizeof buf,
                                      &len),
              XIANGQI_RESULT_INVALID_ARGUMENT);
    /* A move that is not legal in the position is not formatted. */
    if (CHECK_OK(xiangqi_move_new(XIANGQI_ROLE_HORSE, point("h0"), point("h5"),
                                  XIANGQI_ROLE_NONE, &h0h5))) {
        CHECK_RES(xiangqi_notation_format(pos, h0h5, XIANGQI_NOTATION_WXF, buf, sizeof buf, &len),
                  XIANGQI_RESULT_ILLEGAL_WRONG_DIRECTION);
    }
    CHECK_EQ_UINT(len, 99);
    CHECK_NULL_PARAM(
        xiangqi_notation_format(NULL, h2e2, XIANGQI_NOTATION_WXF, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(xiangqi_notation_format(pos, h2e2, XIANGQI_NOTATION_WXF, buf, 8, NULL));
    xiangqi_position_free(two_horses);
    xiangqi_position_free(pos);
}

/* Checks one row: the move formats to its text in each notation and every text parses back. */
static void check_row(int line, char *fields[4]) {
    static const xiangqi_notation notations[3] = {XIANGQI_NOTATION_ICCS, XIANGQI_NOTATION_WXF,
                                                  XIANGQI_NOTATION_CHINESE};
    xiangqi_position *pos = NULL;
    xiangqi_move m = XIANGQI_MOVE_NONE;
    int i;
    if (xiangqi_position_from_fen(TXT(fields[0]), &pos) != XIANGQI_RESULT_OK) {
        CHECK_FAIL("notation.tsv line %d: the FEN does not load", line);
        return;
    }
    if (parse(pos, XIANGQI_NOTATION_ICCS, fields[1], &m) != XIANGQI_RESULT_OK) {
        CHECK_FAIL("notation.tsv line %d: %s is not legal", line, fields[1]);
        xiangqi_position_free(pos);
        return;
    }
    for (i = 0; i < 3; i++) {
        char buf[64];
        size_t len = 0;
        xiangqi_move back = XIANGQI_MOVE_NONE;
        uint32_t res = (uint32_t)xiangqi_notation_format(pos, m, notations[i], buf, sizeof buf,
                                                         &len);
        const char *text = fields[1 + i];
        if (res != XIANGQI_RESULT_OK || strcmp(buf, text) != 0) {
            CHECK_FAIL("notation.tsv line %d: notation %d wrote `%s` (%s), expected `%s`", line,
                       (int)notations[i], res == XIANGQI_RESULT_OK ? buf : "", result_name(res),
                       text);
        } else {
            check_record(1, __FILE__, __LINE__, "row formats");
        }
        res = parse(pos, notations[i], text, &back);
        if (res != XIANGQI_RESULT_OK || back != m) {
            CHECK_FAIL("notation.tsv line %d: notation %d read `%s` as %s", line,
                       (int)notations[i], text, result_name(res));
        } else {
            check_record(1, __FILE__, __LINE__, "row parses back");
        }
    }
    xiangqi_position_free(pos);
}

static void check_table(const char *path) {
    size_t size = 0;
    char *text = data_read_file(path, &size);
    char *line, *next;
    int number = 0, rows = 0;
    check_suite("notation: every row of notation.tsv");
    if (text == NULL) {
        CHECK_FAIL("cannot read %s", path);
        return;
    }
    for (line = text; line != NULL && *line != '\0'; line = next) {
        char *fields[4];
        int count;
        next = strchr(line, '\n');
        if (next != NULL) {
            *next++ = '\0';
        }
        number++;
        if (line[0] == '#' || line[0] == '\0' || strncmp(line, "fen\t", 4) == 0) {
            continue;
        }
        count = data_split_tabs(line, fields, 4);
        if (!CHECK_EQ_INT(count, 4)) {
            continue;
        }
        check_row(number, fields);
        rows++;
    }
    /* As many rows as the Rust test of the table counts. */
    CHECK_EQ_INT(rows, 1498);
    printf("notation.tsv: %d rows checked\n", rows);
    free(text);
}

void test_notation(const char *notation_tsv) {
    check_opening_move();
    check_errors();
    check_table(notation_tsv);
}
