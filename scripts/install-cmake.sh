#!/usr/bin/env bash
# Installs the pinned CMake that the install test (`make install-test`) uses to build the CMake
# client example, into a project-local virtual environment (.tools/venv, ignored by git): the
# machines have no CMake, and PyPI's `cmake` package ships the official binaries.
# Prints the path of the cmake executable on its last line.
set -euo pipefail

CMAKE_VERSION=4.4.4
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${SHOGI_TOOLS_VENV:-$root/.tools/venv}"
cmake="$venv/bin/cmake"

if [ -x "$cmake" ] && "$cmake" --version 2>/dev/null | grep -q "cmake version $CMAKE_VERSION\$"; then
    echo "cmake $CMAKE_VERSION already installed in $venv" >&2
else
    echo "installing cmake $CMAKE_VERSION from PyPI into $venv" >&2
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "cmake==$CMAKE_VERSION" >&2
    "$cmake" --version >&2
fi
echo "$cmake"
