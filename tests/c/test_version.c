/* The version macros of the header and shogi_version() / shogi_version_number() agree with
 * the workspace version of Cargo.toml, which the Makefile passes as SHOGI_TEST_CARGO_VERSION. */
#include <stdio.h>

#include "support.h"

#ifndef SHOGI_TEST_CARGO_VERSION
#error "compile with -DSHOGI_TEST_CARGO_VERSION='\"x.y.z\"' (the version in Cargo.toml)"
#endif

/* The header's number must be computable in the preprocessor. */
#if SHOGI_RULES_VERSION_NUMBER != SHOGI_RULES_VERSION_MAJOR * 1000000 +                            \
                                      SHOGI_RULES_VERSION_MINOR * 1000 + SHOGI_RULES_VERSION_PATCH
#error "SHOGI_RULES_VERSION_NUMBER does not match MAJOR/MINOR/PATCH"
#endif

void test_version(void) {
    char from_macros[64];
    unsigned major = 0, minor = 0, patch = 0;
    char extra;
    check_suite("version");

    snprintf(from_macros, sizeof from_macros, "%d.%d.%d", SHOGI_RULES_VERSION_MAJOR,
             SHOGI_RULES_VERSION_MINOR, SHOGI_RULES_VERSION_PATCH);
    CHECK_EQ_STR(from_macros, SHOGI_TEST_CARGO_VERSION);
    CHECK_EQ_STR(shogi_version(), SHOGI_TEST_CARGO_VERSION);
    CHECK_EQ_UINT(shogi_version_number(), SHOGI_RULES_VERSION_NUMBER);

    CHECK_EQ_INT(sscanf(SHOGI_TEST_CARGO_VERSION, "%u.%u.%u%c", &major, &minor, &patch, &extra), 3);
    CHECK_EQ_UINT(shogi_version_number(), major * 1000000u + minor * 1000u + patch);
}
