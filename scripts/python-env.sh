#!/usr/bin/env bash
# For the Python package shogi-py (the default) or xiangqi-py (PACKAGE=xiangqi; see
# python-stamps.sh; the names below are shogi-py's): makes one test virtualenv per Python of
# PYTHON_TEST_VERSIONS (default "3.9 3.11 3.13": the oldest, a middle and the newest CPython the
# package supports), .venvs/py3.9, py3.11 and py3.13, each with the pinned test tools of
# shogi-py/requirements-dev.txt and the wheel that scripts/build-wheel.sh made in target/wheels/
# (WHEEL_DIR), installed as a user installs it from PyPI: the wheel file itself, never a build from
# source.
#
# Both packages share the virtualenvs (their test tools have the same pins); each has its own
# stamps there (.shogi-*.stamp, .xiangqi-*.stamp).
#
# The interpreters are pyenv's (the newest installed patch release of each version); set
# PYTHON_3_9=/path/to/python3.9 (and so on) to use another. pip runs with a PATH from which
# every directory holding cargo, rustc or rustup is removed, after checking that neither cargo
# nor rustc is found there: a wheel that did not fit would fail to install rather than be built
# from source unnoticed. scripts/python-run.sh runs the tests with the same PATH.
#
# Each step is skipped when its inputs have not changed since it last succeeded (a stamp file in
# the virtualenv), so a second run takes about a second. FORCE=1 redoes every step.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
# shellcheck source=python-stamps.sh
. scripts/python-stamps.sh

out="${WHEEL_DIR:-$root/target/wheels}"
shopt -s nullglob
wheels=("$out/$package_name"-*.whl)
shopt -u nullglob
[ ${#wheels[@]} -eq 2 ] || { echo "python-env: expected two wheels in $out for $package_dir (run make wheel, or make xiangqi-wheel)" >&2; exit 1; }

# The newest installed patch release of a Python version.
find_python() { # 3.X
    local var="PYTHON_${1//./_}"
    if [ -n "${!var:-}" ]; then echo "${!var}"; return; fi
    if command -v pyenv >/dev/null 2>&1; then
        local found
        found=$(compgen -G "$(pyenv root)/versions/$1.*/bin/python$1" | sort -V | tail -n 1 || true)
        if [ -n "$found" ]; then echo "$found"; return; fi
    fi
    command -v "python$1" 2>/dev/null \
        || { echo "python-env: no Python $1 (install it with pyenv, or set $var)" >&2; return 1; }
}

for version in ${PYTHON_TEST_VERSIONS:-3.9 3.11 3.13}; do
    venv="$root/.venvs/py$version"
    ensure_venv "$venv" "$(find_python "$version")"
    pip=(scripts/python-run.sh "$venv" -m pip --disable-pip-version-check --no-input)

    tools_stamp="$venv/.$package-tools.stamp"
    install_pinned "$tools_stamp" "$package_dir/requirements-dev.txt" "py$version: test tools" "${pip[@]}"

    package_stamp="$venv/.$package-package.stamp"
    package_digest=$( { digest "${wheels[@]}"; cat "$tools_stamp"; } | sha256sum | cut -d' ' -f1)
    # pip picks the wheel: cp39-abi3 on 3.9, cp310-abi3 (the better match) from 3.10 on.
    expected=cp39
    [ "$version" = 3.9 ] || expected=cp310
    if up_to_date "$package_stamp" "$package_digest" \
        && "$venv/bin/python" -c "import $package_name" 2>/dev/null; then
        echo "==> py$version: $package_name ($expected-abi3 wheel) up to date"
        continue
    fi
    rm -f "$package_stamp"
    echo "==> py$version: installing $package_name from $out (PATH without cargo and rustc)"
    # Only the wheels of $out: no index, so nothing else could be found and built instead.
    "${pip[@]}" install -q --no-index --no-deps --force-reinstall --find-links "$out" \
        --only-binary :all: "$package_name"
    tag=$("$venv/bin/python" -c 'import importlib.metadata as m, sys
print(next(l.split(": ", 1)[1] for l in m.distribution(sys.argv[1]).read_text("WHEEL").splitlines() if l.startswith("Tag: ")))' "$package_name")
    [[ $tag == "$expected"-abi3-* ]] \
        || { echo "python-env: py$version got the $tag wheel, expected $expected-abi3" >&2; exit 1; }
    echo "==> py$version: installed the $package_name $tag wheel"
    echo "$package_digest" > "$package_stamp"
done
