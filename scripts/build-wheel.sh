#!/usr/bin/env bash
# Builds the Python package's distributions into target/wheels/ (WHEEL_DIR): two wheels of the
# stable ABI, shogi_rules-VERSION-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl for
# every CPython from 3.9 on and ...-cp310-abi3-... for CPython 3.10 and later (pip prefers it
# there: it has the array calls of the 3.10 stable ABI, which make method calls cheaper), and
# the sdist shogi_rules-VERSION.tar.gz. The same sources, as the package's features choose:
# default (abi3-py39) and `--no-default-features --features abi3-py310`.
#
# The tools are the pinned ones of shogi-py/requirements-build.txt, in the virtualenv
# .venvs/build (made by PYTHON, default python3). maturin builds the sdist, then the wheel from
# it; zig (the ziglang package) links the extension against glibc 2.17, so the wheel loads on
# every Linux of manylinux2014 (CentOS 7) and later, whatever glibc the build machine has.
# `--compatibility manylinux2014` makes maturin refuse a library that needs more.
#
# Skipped when neither the sources nor the tools changed since the last build and both files
# are still there (stamp in .venvs/build); FORCE=1 builds anyway.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
# shellcheck source=python-stamps.sh
. scripts/python-stamps.sh

venv="$root/.venvs/build"
out="${WHEEL_DIR:-$root/target/wheels}"
ensure_venv "$venv" "${PYTHON:-python3}"
pip=("$venv/bin/python" -m pip --disable-pip-version-check --no-input)

tools_stamp="$venv/.shogi-tools.stamp"
install_pinned "$tools_stamp" shogi-py/requirements-build.txt "build tools" "${pip[@]}"

# Everything that goes into the sdist and the wheel, and how they are built.
wheel_stamp="$venv/.shogi-wheel.stamp"
wheel_digest=$( { digest Cargo.toml LICENSE shogi-py/Cargo.toml shogi-py/Cargo.lock \
    shogi-py/pyproject.toml shogi-py/README.md shogi-py/build.rs shogi-py/src shogi-py/python \
    shogi-rules/Cargo.toml shogi-rules/src scripts/build-wheel.sh; echo "$out"; \
    cat "$tools_stamp"; } | sha256sum | cut -d' ' -f1)
built() { compgen -G "$out/shogi_rules-*-cp39-abi3-*.whl" >/dev/null \
    && compgen -G "$out/shogi_rules-*-cp310-abi3-*.whl" >/dev/null \
    && compgen -G "$out/shogi_rules-*.tar.gz" >/dev/null; }
if up_to_date "$wheel_stamp" "$wheel_digest" && built; then
    echo "==> wheel and sdist up to date:"
    ls -1 "$out"/shogi_rules-*
    exit 0
fi

# The wheel is built in a target directory of the binding's own, so that it never fights other
# builds over one. maturin runs zig as `python -m ziglang` of the first python on PATH.
export CARGO_TARGET_DIR="${SHOGI_PY_TARGET_DIR:-$root/shogi-py/target}"
export PATH="$venv/bin:$PATH"
rm -f "$wheel_stamp"
mkdir -p "$out"
rm -f "$out"/shogi_rules-*.whl "$out"/shogi_rules-*.tar.gz
echo "==> building the sdist and the manylinux2014 wheels (maturin $(maturin --version | cut -d' ' -f2), zig $(python -m ziglang version))"
maturin build --release --sdist --zig --compatibility manylinux2014 \
    --manifest-path shogi-py/Cargo.toml --interpreter "$venv/bin/python" --out "$out"
maturin build --release --zig --compatibility manylinux2014 \
    --no-default-features --features abi3-py310 \
    --manifest-path shogi-py/Cargo.toml --interpreter "$venv/bin/python" --out "$out"
ls -1 "$out"/shogi_rules-*
built
echo "$wheel_digest" > "$wheel_stamp"
