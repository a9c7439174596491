#!/usr/bin/env bash
# Builds a Python package's distributions into target/wheels/ (WHEEL_DIR); the package is
# shogi-py by default, xiangqi-py with PACKAGE=xiangqi (see python-stamps.sh), and the names
# below are shogi-py's (xiangqi_rules-... for xiangqi-py). Two wheels of the
# stable ABI, shogi_rules-VERSION-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl for
# every CPython from 3.9 on and ...-cp310-abi3-... for CPython 3.10 and later (pip prefers it
# there: it has the array calls of the 3.10 stable ABI, which make method calls cheaper), and
# the sdist shogi_rules-VERSION.tar.gz. The same sources, as the package's features choose:
# default (abi3-py39) and `--no-default-features --features abi3-py310`.
#
# The tools are the pinned ones of shogi-py/requirements-build.txt (the same pins in
# xiangqi-py/requirements-build.txt), in the virtualenv .venvs/build (made by PYTHON, default
# python3). maturin builds the sdist, then the wheel from
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

tools_stamp="$venv/.$package-tools.stamp"
install_pinned "$tools_stamp" "$package_dir/requirements-build.txt" "build tools" "${pip[@]}"

# Everything that goes into the sdist and the wheel, and how they are built: the binding, the
# rules crate, and the path dependencies that maturin copies into the sdist with it: board-py
# (the helpers both bindings share), enum-names and board-clock (both cores'), shogi-usi and
# shogi-ai (the shogi package's engine client and built-in opponent), shogi-cli and board-cli
# (the conversion of records into training data); a change to any rebuilds the xiangqi wheel
# too, needlessly but harmlessly.
wheel_stamp="$venv/.$package-wheel.stamp"
wheel_digest=$( { digest Cargo.toml LICENSE "$package_dir/Cargo.toml" "$package_dir/Cargo.lock" \
    "$package_dir/pyproject.toml" "$package_dir/README.md" "$package_dir/build.rs" \
    "$package_dir/src" "$package_dir/python" "$core_dir/Cargo.toml" "$core_dir/src" \
    board-py/Cargo.toml board-py/src enum-names/Cargo.toml enum-names/src \
    board-clock/Cargo.toml board-clock/src shogi-usi/Cargo.toml shogi-usi/src \
    shogi-ai/Cargo.toml shogi-ai/src shogi-ai/README.md \
    shogi-cli/Cargo.toml shogi-cli/src shogi-cli/README.md shogi-cli/data \
    board-cli/Cargo.toml board-cli/src board-cli/README.md \
    scripts/build-wheel.sh; echo "$out"; cat "$tools_stamp"; } | sha256sum | cut -d' ' -f1)
built() { compgen -G "$out/$package_name-*-cp39-abi3-*.whl" >/dev/null \
    && compgen -G "$out/$package_name-*-cp310-abi3-*.whl" >/dev/null \
    && compgen -G "$out/$package_name-*.tar.gz" >/dev/null; }
if up_to_date "$wheel_stamp" "$wheel_digest" && built; then
    echo "==> wheel and sdist up to date:"
    ls -1 "$out/$package_name"-*
    exit 0
fi

# The wheel is built in a target directory of the binding's own, so that it never fights other
# builds over one. maturin runs zig as `python -m ziglang` of the first python on PATH.
target_dir_var=${package^^}_PY_TARGET_DIR
export CARGO_TARGET_DIR="${!target_dir_var:-$root/$package_dir/target}"
export PATH="$venv/bin:$PATH"
rm -f "$wheel_stamp"
mkdir -p "$out"
rm -f "$out/$package_name"-*.whl "$out/$package_name"-*.tar.gz
echo "==> building the $package_dir sdist and the manylinux2014 wheels (maturin $(maturin --version | cut -d' ' -f2), zig $(python -m ziglang version))"
maturin build --release --sdist --zig --compatibility manylinux2014 \
    --manifest-path "$package_dir/Cargo.toml" --interpreter "$venv/bin/python" --out "$out"
maturin build --release --zig --compatibility manylinux2014 \
    --no-default-features --features abi3-py310 \
    --manifest-path "$package_dir/Cargo.toml" --interpreter "$venv/bin/python" --out "$out"
ls -1 "$out/$package_name"-*
built
echo "$wheel_digest" > "$wheel_stamp"
