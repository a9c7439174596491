/* The helpers of the C tests that do not depend on the library: result checks that print the
 * result names and the caller-buffer protocol check of text-out functions. Included by the
 * support.h of each library's tests (tests/c/support.h for shogi, tests/c/xiangqi/support.h),
 * which first defines the library's codes:
 *   TEST_RESULT_OK, TEST_RESULT_NULL_PARAMETER, TEST_RESULT_BUFFER_TOO_SMALL
 * and whose support.c defines result_name() with the library's name function. */
#ifndef C_TESTS_SUPPORT_COMMON_H
#define C_TESTS_SUPPORT_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#if !defined(TEST_RESULT_OK) || !defined(TEST_RESULT_NULL_PARAMETER) ||                          \
    !defined(TEST_RESULT_BUFFER_TOO_SMALL)
#error "define TEST_RESULT_OK, TEST_RESULT_NULL_PARAMETER and TEST_RESULT_BUFFER_TOO_SMALL first"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The (ptr, len) pair of a string literal or a NUL-terminated string. */
#define TXT(s) (s), strlen(s)

/* The C name of a result, or "(unknown)" (defined by each library's support.c). */
const char *result_name(uint32_t result);

/* Records a passed check when `got == expected`, else a failure naming both results. */
int check_record_result(uint32_t got, uint32_t expected, const char *file, int line,
                        const char *expression);

/* Checks that CALL returns EXPECTED (a result code); prints both names otherwise. */
#define CHECK_RES(call, expected)                                                                  \
    check_record_result((uint32_t)(call), (uint32_t)(expected), __FILE__, __LINE__, #call)
#define CHECK_OK(call) CHECK_RES(call, TEST_RESULT_OK)
#define CHECK_NULL_PARAM(call) CHECK_RES(call, TEST_RESULT_NULL_PARAMETER)

/* The buffer protocol of a text-out function, given as a macro CALL(buf, len, out_len): a size
 * query (NULL, 0), a buffer one byte too small (exactly the text, no room for the NUL: an empty
 * string and the size), the exact buffer (the text), NULL with a length, and a NULL out_len.
 * The buffers are malloc'd to their exact size so that the sanitizers and valgrind see any
 * write past them. */
#define CHECK_TEXT_OUT(CALL, expected)                                                             \
    do {                                                                                           \
        size_t tl_need_ = 12345;                                                                   \
        size_t tl_len_ = strlen(expected);                                                         \
        char *tl_buf_;                                                                             \
        CHECK_RES(CALL(NULL, 0, &tl_need_), TEST_RESULT_BUFFER_TOO_SMALL);                         \
        CHECK_EQ_UINT(tl_need_, tl_len_);                                                          \
        tl_buf_ = (char *)malloc(tl_len_ + 1);                                                     \
        if (tl_len_ > 0) {                                                                         \
            tl_buf_[0] = 'x';                                                                      \
            tl_need_ = 0;                                                                          \
            CHECK_RES(CALL(tl_buf_, tl_len_, &tl_need_), TEST_RESULT_BUFFER_TOO_SMALL);            \
            CHECK_EQ_UINT(tl_need_, tl_len_);                                                      \
            CHECK_EQ_INT(tl_buf_[0], '\0');                                                        \
        }                                                                                          \
        tl_need_ = 0;                                                                              \
        CHECK_OK(CALL(tl_buf_, tl_len_ + 1, &tl_need_));                                           \
        CHECK_EQ_UINT(tl_need_, tl_len_);                                                          \
        CHECK_EQ_STR(tl_buf_, expected);                                                           \
        CHECK_NULL_PARAM(CALL(NULL, 8, &tl_need_));                                                \
        CHECK_NULL_PARAM(CALL(tl_buf_, tl_len_ + 1, NULL));                                        \
        free(tl_buf_);                                                                             \
    } while (0)

#ifdef __cplusplus
}
#endif

#endif
