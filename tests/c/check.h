/* A small assertion framework for the C tests of the C API.
 *
 * A failed check prints file:line, the expression and, for the comparison macros, both values,
 * then the test goes on: one run reports every failure, and check_summary() gives the exit
 * status (non-zero when anything failed). Kept free of the library header so that it stays
 * reusable; the helpers that know shogi_result live in support.h. */
#ifndef SHOGI_C_TESTS_CHECK_H
#define SHOGI_C_TESTS_CHECK_H

#ifdef __cplusplus
extern "C" {
#endif

/* Records one check; prints the failure and returns 0 when `ok` is false. */
int check_record(int ok, const char *file, int line, const char *expression);
/* Compare two values (each evaluated once by the macros below), record the check, and print
 * both values when they differ. */
int check_eq_ints(long long got, long long expected, const char *file, int line,
                  const char *expression);
int check_eq_uints(unsigned long long got, unsigned long long expected, const char *file, int line,
                   const char *expression);
int check_eq_strings(const char *got, const char *expected, const char *file, int line,
                     const char *expression);
/* Prints `file:line: message` as a failure (for failures found by a loop, e.g. a data case). */
void check_fail_message(const char *file, int line, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Starts a named group of checks (printed with its failures, so they are easy to place). */
void check_suite(const char *name);
/* Prints the totals; returns the process exit status. */
int check_summary(void);

#define CHECK(expr) check_record((expr) ? 1 : 0, __FILE__, __LINE__, #expr)

#define CHECK_EQ_INT(got, expected)                                                                \
    check_eq_ints((long long)(got), (long long)(expected), __FILE__, __LINE__,                     \
                  #got " == " #expected)

#define CHECK_EQ_UINT(got, expected)                                                               \
    check_eq_uints((unsigned long long)(got), (unsigned long long)(expected), __FILE__, __LINE__,  \
                   #got " == " #expected)

/* String equality where NULL equals only NULL. */
#define CHECK_EQ_STR(got, expected)                                                                \
    check_eq_strings((got), (expected), __FILE__, __LINE__, #got " == " #expected)

#define CHECK_FAIL(...) check_fail_message(__FILE__, __LINE__, __VA_ARGS__)

#ifdef __cplusplus
}
#endif

#endif
