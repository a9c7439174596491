/* Move notation both ways through shogi_notation_format / shogi_notation_parse: every
 * notation on a capture with 同, the size protocol, and every error code. The table of
 * tests/data/notation.csv is run in test_conformance.c. */
#include "support.h"

#define JAPANESE_CALL(buf, len, out)                                                               \
    shogi_notation_format(pos, m, previous, SHOGI_NOTATION_JAPANESE, buf, len, out)

static void check_format(const shogi_position *pos, shogi_move m, shogi_move previous,
                         shogi_notation notation, const char *expected) {
    char buf[64];
    size_t len = 0;
    uint32_t res =
        (uint32_t)shogi_notation_format(pos, m, previous, notation, buf, sizeof buf, &len);
    if (res != SHOGI_RESULT_OK) {
        CHECK_FAIL("format in notation %u: %s, expected `%s`", (unsigned)notation, result_name(res),
                   expected);
        return;
    }
    CHECK_EQ_STR(buf, expected);
    CHECK_EQ_UINT(len, strlen(expected));
}

static void check_parse(const shogi_position *pos, shogi_notation notation, const char *text,
                        shogi_move previous, uint32_t expected_result, shogi_move expected) {
    shogi_move got = 4242;
    uint32_t res = (uint32_t)shogi_notation_parse(pos, notation, TXT(text), previous, &got);
    if (res != expected_result) {
        CHECK_FAIL("parse `%s` (notation %u): %s, expected %s", text, (unsigned)notation,
                   result_name(res), result_name(expected_result));
        return;
    }
    if (expected_result == SHOGI_RESULT_OK) {
        CHECK_EQ_UINT(got, expected);
    } else {
        CHECK_EQ_UINT(got, 4242);
    }
}

void test_notation(void) {
    shogi_position *pos = NULL;
    shogi_position *nifu = NULL;
    shogi_move previous, m, gold, illegal = SHOGI_MOVE_NONE;
    char buf[64];
    size_t len = 0;
    check_suite("notation");

    if (!CHECK_OK(shogi_position_new(&pos))) {
        return;
    }
    /* 1. P-7f 2. P-3d 3. Bx2b+, then Gote takes back with the silver: 同 in Japanese. */
    CHECK_OK(shogi_position_play(pos, usi_move(pos, "7g7f")));
    CHECK_OK(shogi_position_play(pos, usi_move(pos, "3c3d")));
    previous = usi_move(pos, "8h2b+");
    check_format(pos, previous, SHOGI_MOVE_NONE, SHOGI_NOTATION_WESTERN, "Bx2b+");
    check_format(pos, previous, SHOGI_MOVE_NONE, SHOGI_NOTATION_JAPANESE, "▲２二角成");
    check_format(pos, previous, SHOGI_MOVE_NONE, SHOGI_NOTATION_CSA, "+8822UM");
    CHECK_OK(shogi_position_play(pos, previous));
    m = usi_move(pos, "3a2b");
    check_format(pos, m, previous, SHOGI_NOTATION_USI, "3a2b");
    check_format(pos, m, previous, SHOGI_NOTATION_WESTERN, "Sx2b");
    check_format(pos, m, previous, SHOGI_NOTATION_JAPANESE, "△同　銀");
    check_format(pos, m, SHOGI_MOVE_NONE, SHOGI_NOTATION_JAPANESE, "△２二銀");
    check_format(pos, m, previous, SHOGI_NOTATION_KIF, "同　銀(31)");
    check_format(pos, m, previous, SHOGI_NOTATION_CSA, "-3122GI");
    CHECK_TEXT_OUT(JAPANESE_CALL, "△同　銀");

    check_parse(pos, SHOGI_NOTATION_USI, "3a2b", SHOGI_MOVE_NONE, SHOGI_RESULT_OK, m);
    check_parse(pos, SHOGI_NOTATION_WESTERN, "Sx2b", SHOGI_MOVE_NONE, SHOGI_RESULT_OK, m);
    check_parse(pos, SHOGI_NOTATION_JAPANESE, "△同　銀", previous, SHOGI_RESULT_OK, m);
    check_parse(pos, SHOGI_NOTATION_JAPANESE, "△２二銀", SHOGI_MOVE_NONE, SHOGI_RESULT_OK, m);
    check_parse(pos, SHOGI_NOTATION_KIF, "同　銀(31)", previous, SHOGI_RESULT_OK, m);
    check_parse(pos, SHOGI_NOTATION_CSA, "-3122GI", SHOGI_MOVE_NONE, SHOGI_RESULT_OK, m);

    /* Errors of the parsers. */
    check_parse(pos, SHOGI_NOTATION_WESTERN, "hello", SHOGI_MOVE_NONE, SHOGI_RESULT_NOTATION_SYNTAX,
                0);
    check_parse(pos, SHOGI_NOTATION_CSA, "+3122GI", SHOGI_MOVE_NONE,
                SHOGI_RESULT_NOTATION_WRONG_SIDE, 0);
    check_parse(pos, SHOGI_NOTATION_JAPANESE, "▲２二銀", SHOGI_MOVE_NONE,
                SHOGI_RESULT_NOTATION_WRONG_SIDE, 0);
    check_parse(pos, SHOGI_NOTATION_JAPANESE, "△同　銀", SHOGI_MOVE_NONE,
                SHOGI_RESULT_NOTATION_NO_PREVIOUS_MOVE, 0);
    check_parse(pos, SHOGI_NOTATION_WESTERN, "R-5e", SHOGI_MOVE_NONE,
                SHOGI_RESULT_NOTATION_NO_SUCH_MOVE, 0);
    check_parse(pos, SHOGI_NOTATION_JAPANESE, "△５二金", SHOGI_MOVE_NONE,
                SHOGI_RESULT_NOTATION_AMBIGUOUS, 0);
    check_parse(pos, SHOGI_NOTATION_WESTERN, "G-5b", SHOGI_MOVE_NONE,
                SHOGI_RESULT_NOTATION_AMBIGUOUS, 0);
    check_parse(pos, SHOGI_NOTATION_USI, "3a2", SHOGI_MOVE_NONE, SHOGI_RESULT_USI_BAD_LENGTH, 0);
    check_parse(pos, 99, "3a2b", SHOGI_MOVE_NONE, SHOGI_RESULT_INVALID_ARGUMENT, 0);
    check_parse(pos, SHOGI_NOTATION_JAPANESE, "△同　銀", 0xffffffffu, SHOGI_RESULT_INVALID_ARGUMENT,
                0);
    {
        shogi_move got = 4242;
        const char bad[] = "\xe2\x96";
        CHECK_RES(shogi_notation_parse(pos, SHOGI_NOTATION_JAPANESE, bad, sizeof bad - 1,
                                       SHOGI_MOVE_NONE, &got),
                  SHOGI_RESULT_INVALID_UTF8);
        CHECK_EQ_UINT(got, 4242);
    }

    /* Errors of the formatter: unknown notation, invalid bits, an illegal move. */
    len = 77;
    CHECK_RES(shogi_notation_format(pos, m, previous, 99, buf, sizeof buf, &len),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_notation_format(pos, 0xffffffffu, previous, SHOGI_NOTATION_USI, buf, sizeof buf,
                                    &len),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_OK(shogi_move_drop(SHOGI_ROLE_GOLD, square_of("5e"), &gold));
    CHECK_RES(
        shogi_notation_format(pos, gold, previous, SHOGI_NOTATION_WESTERN, buf, sizeof buf, &len),
        SHOGI_RESULT_ILLEGAL_NOT_IN_HAND);
    CHECK_EQ_UINT(len, 77);

    /* A named illegal move is reported with its reason. */
    nifu = position_from("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    if (nifu != NULL) {
        CHECK_OK(shogi_move_drop(SHOGI_ROLE_PAWN, square_of("5e"), &illegal));
        check_parse(nifu, SHOGI_NOTATION_USI, "P*5e", SHOGI_MOVE_NONE, SHOGI_RESULT_ILLEGAL_NIFU,
                    0);
        CHECK_RES(shogi_notation_format(nifu, illegal, SHOGI_MOVE_NONE, SHOGI_NOTATION_JAPANESE,
                                        buf, sizeof buf, &len),
                  SHOGI_RESULT_ILLEGAL_NIFU);
        shogi_position_free(nifu);
    }
    shogi_position_free(pos);
}
