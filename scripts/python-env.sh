#!/usr/bin/env bash
# Creates or updates the project virtualenv .venv: the pinned build and test tools of
# shogi-py/requirements-dev.txt, then the shogi_rules package itself, built as a release wheel
# through its maturin backend (`pip install ./shogi-py`).
#
# Each step is skipped when its inputs have not changed since it last succeeded (a stamp file in
# .venv records a hash of them), so a second run takes about a second. Set FORCE=1 to redo both.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
venv="$root/.venv"
python=${PYTHON:-python3}

if [ ! -x "$venv/bin/python" ]; then
    echo "==> creating $venv"
    "$python" -m venv "$venv"
fi
export PATH="$venv/bin:$PATH"
pip=("$venv/bin/python" -m pip --disable-pip-version-check --no-input)

# Hash of the files a step depends on, with their names.
digest() {
    find "$@" -type f -not -path '*/__pycache__/*' -print0 \
        | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}

up_to_date() { # stamp-file digest
    [ "${FORCE:-0}" != 1 ] && [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]
}

tools_stamp="$venv/.shogi-tools.stamp"
tools_digest=$(digest shogi-py/requirements-dev.txt)
if up_to_date "$tools_stamp" "$tools_digest"; then
    echo "==> tools up to date ($(tr '\n' ' ' < <(grep -v '^#' shogi-py/requirements-dev.txt)))"
else
    echo "==> installing pinned tools from shogi-py/requirements-dev.txt"
    "${pip[@]}" install -q -r shogi-py/requirements-dev.txt
    echo "$tools_digest" > "$tools_stamp"
fi

# The wheel depends on the binding crate, the Python sources and the core crate.
package_stamp="$venv/.shogi-package.stamp"
package_digest=$(digest shogi-py/Cargo.toml shogi-py/Cargo.lock shogi-py/pyproject.toml \
    shogi-py/README.md shogi-py/src shogi-py/python shogi-rules/Cargo.toml shogi-rules/src \
    | cat - "$tools_stamp" | sha256sum | cut -d' ' -f1)
if up_to_date "$package_stamp" "$package_digest" \
    && "$venv/bin/python" -c 'import shogi_rules' 2>/dev/null; then
    echo "==> shogi_rules up to date ($("$venv/bin/python" -c 'import shogi_rules; print(shogi_rules.__version__)'))"
    exit 0
fi

# The pinned maturin of the venv builds the wheel (no isolated build environment to download),
# in a target directory of its own so that it never fights other builds over one.
echo "==> building and installing shogi_rules (release wheel through maturin)"
export CARGO_TARGET_DIR="${SHOGI_PY_TARGET_DIR:-$root/shogi-py/target}"
rm -f "$package_stamp"
"${pip[@]}" install --no-build-isolation --no-deps --force-reinstall ./shogi-py
"$venv/bin/python" -c 'import shogi_rules; print("==> installed shogi_rules", shogi_rules.__version__)'
echo "$package_digest" > "$package_stamp"
