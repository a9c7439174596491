#!/usr/bin/env bash
# Runs the Python benchmark: shogi_rules against cshogi and python-shogi.
#
# Creates its own virtualenv in shogi-py/bench/.venv (reused on later runs),
# installs the pinned competitors from the package index and shogi_rules from
# the wheels of `make wheel` in target/wheels (WHEEL_DIR), the one pip picks for
# this Python as it would from PyPI, then runs bench.py. Extra arguments go to
# bench.py, e.g. `run.sh --quick`.
#
# `run.sh --mate [ARGS...]` runs mate_bench.py instead (the checkmate solver
# against cshogi's DfPn): it needs no wheel, since it runs the Rust runner
# bench/src/bin/mate.rs, so the wheel is not installed for it.
#
# `run.sh --training [ARGS...]` runs training_bench.py (the training data formats and
# `shogi training convert` against cshogi); it needs the wheel and the release command
# target/release/shogi (`cargo build --release -p shogi-cli`).
#
# Environment: PYTHON (default python3) picks the interpreter;
# SKIP_INSTALL=1 keeps the installed shogi_rules.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pkg="$(dirname "$here")"
venv="$here/.venv"
python="${PYTHON:-python3}"

if [[ ! -x "$venv/bin/python" ]]; then
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
fi
"$venv/bin/python" -m pip install --quiet "cshogi==1.1.0" "python-shogi==1.1.1" numpy
if [[ "${1:-}" == --mate ]]; then
    shift
    exec "$venv/bin/python" "$here/mate_bench.py" "$@"
fi
if [[ "${SKIP_INSTALL:-0}" != 1 ]] || ! "$venv/bin/python" -c "import shogi_rules" 2>/dev/null; then
    wheels="${WHEEL_DIR:-$(dirname "$pkg")/target/wheels}"
    compgen -G "$wheels/shogi_rules-*.whl" >/dev/null \
        || { echo "run.sh: no wheel in $wheels (run make wheel)" >&2; exit 1; }
    "$venv/bin/python" -m pip install --quiet --no-index --no-deps --force-reinstall \
        --only-binary :all: --find-links "$wheels" shogi_rules
fi
# `run.sh --engine [ARGS...]`: the USI client's benchmark (engine_bench.py) instead.
if [[ "${1:-}" == --engine ]]; then
    shift
    exec "$venv/bin/python" "$here/engine_bench.py" "$@"
fi
# `run.sh --training [ARGS...]`: the training data benchmark (training_bench.py).
if [[ "${1:-}" == --training ]]; then
    shift
    exec "$venv/bin/python" "$here/training_bench.py" "$@"
fi
exec "$venv/bin/python" "$here/bench.py" "$@"
