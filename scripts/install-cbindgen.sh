#!/usr/bin/env bash
# Installs the pinned cbindgen into .tools/ (gitignored) unless that exact version is already
# there. The committed header include/shogi_rules.h is the output of this version; another
# version may format it differently and make `make header-check` fail.
set -euo pipefail

CBINDGEN_VERSION=0.29.4
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$root/.tools/bin/cbindgen"

if [ -x "$bin" ] && [ "$("$bin" --version 2>/dev/null)" = "cbindgen $CBINDGEN_VERSION" ]; then
    exit 0
fi

echo "installing cbindgen $CBINDGEN_VERSION into $root/.tools"
"${CARGO:-cargo}" install --locked --version "$CBINDGEN_VERSION" --root "$root/.tools" cbindgen
"$bin" --version
