#!/usr/bin/env bash
# Runs the C and C++ install and usage lines of README.md as a reader on a fresh machine would:
# the ```sh block that follows the line `<!-- readme-c-test -->`, taken from README.md at each
# run (so changing those lines changes what runs), executed by bash with `set -euo pipefail`
# from the repository root, with HOME set to a new temporary directory (so that $HOME/.local
# is an empty prefix) and none of the variables a user's shell might have set for it
# (PKG_CONFIG_PATH, LD_LIBRARY_PATH, ...). The toolchain stays where it is installed: CARGO_HOME
# and RUSTUP_HOME keep pointing to it.
#
# The block must build and run the replay example both with the shared library and with the
# static one (two replays of the KIF sample, each printing its first move and its result), and
# the C++ client through the wrapper (`shogi_rules VERSION: 30 legal moves`); it installs into
# $HOME/.local, which is checked afterwards.
# Usage: readme-test.sh VERSION
set -euo pipefail

version="$1"
root="$(cd "$(dirname "$0")/../.." && pwd)"
readme="$root/README.md"
marker='<!-- readme-c-test -->'

# The block after the marker: blank lines may come between them, nothing else.
block="$(awk -v marker="$marker" '
    state == 0 && $0 == marker { state = 1; next }
    state == 1 && /^```sh[ \t]*$/ { state = 2; next }
    state == 1 && NF > 0 { exit }
    state == 2 && /^```[ \t]*$/ { state = 3; exit }
    state == 2 { print }
    END { if (state != 3) exit 1 }
' "$readme")" || { echo "$readme: no closed \`\`\`sh block after $marker" >&2; exit 1; }
[ -n "$block" ] || { echo "$readme: the block after $marker is empty" >&2; exit 1; }

export CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}"
export RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"
home="$(mktemp -d "${TMPDIR:-/tmp}/readme-c-test.XXXXXX")"
trap 'rm -rf "$home"' EXIT
printf 'set -euo pipefail\n%s\n' "$block" > "$home/readme-c.sh"

echo "running the README's C block (HOME=$home):"
sed 's/^/    /' <<< "$block"
cd "$root"
status=0
env -u PKG_CONFIG_PATH -u LD_LIBRARY_PATH -u LIBRARY_PATH -u CPATH -u C_INCLUDE_PATH \
    -u CPLUS_INCLUDE_PATH HOME="$home" bash -x "$home/readme-c.sh" \
    > "$home/stdout" 2> "$home/stderr" || status=$?
if [ "$status" != 0 ]; then
    echo "the README's C block failed (exit status $status); its commands and errors:" >&2
    tail -n 60 "$home/stderr" >&2
    exit 1
fi

fail() {
    echo "the README's C block: $1; it printed:" >&2
    cat "$home/stdout" >&2
    exit 1
}
count() {
    grep -cxF "$1" "$home/stdout" || true
}
[ "$(count '1 5g5f ▲５六歩')" = 2 ] || fail "the replay example did not print the first move twice (shared and static)"
[ "$(count 'outcome: sente wins by resignation')" = 2 ] || fail "the replay example did not print the result twice (shared and static)"
[ "$(count "shogi_rules $version: 30 legal moves")" = 1 ] || fail "the C++ client did not print its line"
for file in include/shogi_rules.h include/shogi_rules.hpp "lib/libshogi_rules.so.$version" \
    lib/libshogi_rules.a lib/pkgconfig/shogi_rules.pc; do
    [ -e "$home/.local/$file" ] || fail "\$HOME/.local/$file was not installed"
done
echo "README C block: installed into \$HOME/.local, replay (shared and static) and the C++ client ran"
