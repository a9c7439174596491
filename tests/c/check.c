/* The assertion framework of check.h: counters and failure messages. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int checks_run;
static int checks_failed;
static const char *current_suite = "(no suite)";

static void report(const char *file, int line) {
    checks_failed++;
    fprintf(stderr, "FAIL [%s] %s:%d: ", current_suite, file, line);
}

int check_record(int ok, const char *file, int line, const char *expression) {
    checks_run++;
    if (!ok) {
        report(file, line);
        fprintf(stderr, "%s\n", expression);
    }
    return ok;
}

int check_eq_ints(long long got, long long expected, const char *file, int line,
                  const char *expression) {
    checks_run++;
    if (got != expected) {
        report(file, line);
        fprintf(stderr, "%s (got %lld, expected %lld)\n", expression, got, expected);
        return 0;
    }
    return 1;
}

int check_eq_uints(unsigned long long got, unsigned long long expected, const char *file, int line,
                   const char *expression) {
    checks_run++;
    if (got != expected) {
        report(file, line);
        fprintf(stderr, "%s (got %llu, expected %llu)\n", expression, got, expected);
        return 0;
    }
    return 1;
}

int check_eq_strings(const char *got, const char *expected, const char *file, int line,
                     const char *expression) {
    int equal = (got == NULL || expected == NULL) ? got == expected : strcmp(got, expected) == 0;
    checks_run++;
    if (!equal) {
        report(file, line);
        fprintf(stderr, "%s (got \"%s\", expected \"%s\")\n", expression, got ? got : "(null)",
                expected ? expected : "(null)");
        return 0;
    }
    return 1;
}

void check_fail_message(const char *file, int line, const char *format, ...) {
    va_list args;
    checks_run++;
    report(file, line);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

void check_suite(const char *name) {
    current_suite = name;
}

int check_summary(void) {
    printf("%d passed, %d failed\n", checks_run - checks_failed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}
