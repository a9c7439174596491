/* The version functions and macros, and the result codes: every code has its name and message,
 * the values are the published ones, and the message buffer follows the text-out protocol. */
#include <stdio.h>

#include "support.h"

#define RESULT_MESSAGE(buf, len, out_len) xiangqi_result_message(current_code, buf, len, out_len)

static uint32_t current_code;

static void check_version(void) {
    check_suite("version");
    CHECK_EQ_STR(xiangqi_version(), XIANGQI_TEST_CARGO_VERSION);
    CHECK_EQ_UINT(xiangqi_version_number(), XIANGQI_RULES_VERSION_NUMBER);
    CHECK_EQ_UINT(XIANGQI_RULES_VERSION_NUMBER, XIANGQI_RULES_VERSION_MAJOR * 1000000 +
                                                    XIANGQI_RULES_VERSION_MINOR * 1000 +
                                                    XIANGQI_RULES_VERSION_PATCH);
}

void test_results(void) {
    static const struct {
        uint32_t code;
        uint32_t value;
        const char *name;
    } published[] = {
        {XIANGQI_RESULT_OK, 0, "XIANGQI_RESULT_OK"},
        {XIANGQI_RESULT_NULL_PARAMETER, 1, "XIANGQI_RESULT_NULL_PARAMETER"},
        {XIANGQI_RESULT_PANIC, 2, "XIANGQI_RESULT_PANIC"},
        {XIANGQI_RESULT_INVALID_UTF8, 3, "XIANGQI_RESULT_INVALID_UTF8"},
        {XIANGQI_RESULT_BUFFER_TOO_SMALL, 4, "XIANGQI_RESULT_BUFFER_TOO_SMALL"},
        {XIANGQI_RESULT_INVALID_ARGUMENT, 5, "XIANGQI_RESULT_INVALID_ARGUMENT"},
        {XIANGQI_RESULT_FEN_EMPTY, 100, "XIANGQI_RESULT_FEN_EMPTY"},
        {XIANGQI_RESULT_FEN_TRAILING_TEXT, 106, "XIANGQI_RESULT_FEN_TRAILING_TEXT"},
        {XIANGQI_RESULT_SETUP_GENERAL_COUNT, 120, "XIANGQI_RESULT_SETUP_GENERAL_COUNT"},
        {XIANGQI_RESULT_SETUP_OPPONENT_IN_CHECK, 124, "XIANGQI_RESULT_SETUP_OPPONENT_IN_CHECK"},
        {XIANGQI_RESULT_FEN_OTHER, 199, "XIANGQI_RESULT_FEN_OTHER"},
        {XIANGQI_RESULT_ILLEGAL_NO_PIECE, 200, "XIANGQI_RESULT_ILLEGAL_NO_PIECE"},
        {XIANGQI_RESULT_ILLEGAL_LEAVES_GENERAL_IN_CHECK, 215,
         "XIANGQI_RESULT_ILLEGAL_LEAVES_GENERAL_IN_CHECK"},
        {XIANGQI_RESULT_ILLEGAL_OTHER, 249, "XIANGQI_RESULT_ILLEGAL_OTHER"},
        {XIANGQI_RESULT_ICCS_SYNTAX, 250, "XIANGQI_RESULT_ICCS_SYNTAX"},
        {XIANGQI_RESULT_NOTATION_SYNTAX, 251, "XIANGQI_RESULT_NOTATION_SYNTAX"},
        {XIANGQI_RESULT_NOTATION_NO_LEGAL_MOVE, 252, "XIANGQI_RESULT_NOTATION_NO_LEGAL_MOVE"},
        {XIANGQI_RESULT_NOTATION_AMBIGUOUS, 253, "XIANGQI_RESULT_NOTATION_AMBIGUOUS"},
        {XIANGQI_RESULT_MOVE_TEXT_OTHER, 299, "XIANGQI_RESULT_MOVE_TEXT_OTHER"},
        {XIANGQI_RESULT_GAME_OVER, 300, "XIANGQI_RESULT_GAME_OVER"},
        {XIANGQI_RESULT_NOTHING_TO_UNDO, 301, "XIANGQI_RESULT_NOTHING_TO_UNDO"},
        {XIANGQI_RESULT_NO_DRAW_OFFERS_LEFT, 302, "XIANGQI_RESULT_NO_DRAW_OFFERS_LEFT"},
        {XIANGQI_RESULT_DRAW_OFFER_PENDING, 303, "XIANGQI_RESULT_DRAW_OFFER_PENDING"},
        {XIANGQI_RESULT_NO_DRAW_OFFER, 304, "XIANGQI_RESULT_NO_DRAW_OFFER"},
        {XIANGQI_RESULT_NO_CLOCK, 305, "XIANGQI_RESULT_NO_CLOCK"},
        {XIANGQI_RESULT_GAME_OTHER, 349, "XIANGQI_RESULT_GAME_OTHER"},
        {XIANGQI_RESULT_RECORD_ENCODING, 400, "XIANGQI_RESULT_RECORD_ENCODING"},
        {XIANGQI_RESULT_RECORD_BAD_TAG, 401, "XIANGQI_RESULT_RECORD_BAD_TAG"},
        {XIANGQI_RESULT_RECORD_BAD_FEN, 402, "XIANGQI_RESULT_RECORD_BAD_FEN"},
        {XIANGQI_RESULT_RECORD_BAD_MOVE_TEXT, 403, "XIANGQI_RESULT_RECORD_BAD_MOVE_TEXT"},
        {XIANGQI_RESULT_RECORD_ILLEGAL_MOVE, 404, "XIANGQI_RESULT_RECORD_ILLEGAL_MOVE"},
        {XIANGQI_RESULT_RECORD_NO_SUCH_MOVE, 405, "XIANGQI_RESULT_RECORD_NO_SUCH_MOVE"},
        {XIANGQI_RESULT_RECORD_AMBIGUOUS_MOVE, 406, "XIANGQI_RESULT_RECORD_AMBIGUOUS_MOVE"},
        {XIANGQI_RESULT_RECORD_UNEXPECTED_TOKEN, 407, "XIANGQI_RESULT_RECORD_UNEXPECTED_TOKEN"},
        {XIANGQI_RESULT_RECORD_UNTERMINATED_COMMENT, 408,
         "XIANGQI_RESULT_RECORD_UNTERMINATED_COMMENT"},
        {XIANGQI_RESULT_RECORD_UNTERMINATED_VARIATION, 409,
         "XIANGQI_RESULT_RECORD_UNTERMINATED_VARIATION"},
        {XIANGQI_RESULT_RECORD_LIMIT_EXCEEDED, 410, "XIANGQI_RESULT_RECORD_LIMIT_EXCEEDED"},
        {XIANGQI_RESULT_RECORD_GAME_COUNT, 411, "XIANGQI_RESULT_RECORD_GAME_COUNT"},
        {XIANGQI_RESULT_RECORD_OTHER, 499, "XIANGQI_RESULT_RECORD_OTHER"},
    };
    size_t i;
    uint32_t code;
    int named = 0;
    check_version();
    check_suite("results");
    for (i = 0; i < sizeof published / sizeof published[0]; i++) {
        CHECK_EQ_UINT(published[i].code, published[i].value);
        CHECK_EQ_STR(xiangqi_result_name(published[i].code), published[i].name);
    }
    /* Every named value has a message other than the unknown one; the others have none. */
    for (code = 0; code < 1000; code++) {
        char message[160];
        size_t len = 0;
        const char *name = xiangqi_result_name(code);
        CHECK_OK(xiangqi_result_message(code, message, sizeof message, &len));
        CHECK_EQ_UINT(len, strlen(message));
        if (name != NULL) {
            named++;
            CHECK(strncmp(name, "XIANGQI_RESULT_", 15) == 0);
            if (strcmp(message, "unknown result code") == 0) {
                CHECK_FAIL("%s has no message", name);
            }
        } else {
            CHECK_EQ_STR(message, "unknown result code");
        }
    }
    CHECK_EQ_INT(named, 61);
    CHECK(xiangqi_result_name(0xFFFFFFFFu) == NULL);
    current_code = XIANGQI_RESULT_ILLEGAL_NO_SCREEN;
    CHECK_TEXT_OUT(RESULT_MESSAGE,
                   "illegal move: no_screen: a cannon captures only by jumping over one piece");
    current_code = 7;
    CHECK_TEXT_OUT(RESULT_MESSAGE, "unknown result code");
}
