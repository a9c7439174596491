#!/usr/bin/env bash
# Fails when a function declared in the C header is not called by the C tests, so that a new
# export cannot land without a test. Usage: check-exports.sh HEADER TEST_DIR [PREFIX]
# PREFIX is the prefix of the functions to look for (shogi_ unless given: xiangqi_ for
# include/xiangqi_rules.h).
#
# The header goes through the C preprocessor first: that drops its comments (which mention
# functions in prose) and keeps the declarations.
set -euo pipefail

header="$1"
tests="$2"
prefix="${3:-shogi_}"

names="$(gcc -E -P -x c "$header" | grep -oE "\\b${prefix}[a-z0-9_]+[[:space:]]*\\(" |
    sed -E 's/[[:space:]]*\($//' | sort -u)"
if [ -z "$names" ]; then
    echo "no ${prefix} function found in $header" >&2
    exit 1
fi

missing=()
for name in $names; do
    if ! grep -Eq "\\b$name[[:space:]]*\\(" "$tests"/*.c; then
        missing+=("$name")
    fi
done

count="$(wc -w <<< "$names")"
if [ "${#missing[@]}" -gt 0 ]; then
    echo "functions of $header that no test in $tests calls:" >&2
    printf '  %s\n' "${missing[@]}" >&2
    exit 1
fi
echo "all $count functions of $header are called by the tests in $tests"
