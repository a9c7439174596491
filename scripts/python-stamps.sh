# Sourced by scripts/build-wheel.sh, scripts/check-wheel.sh and scripts/python-env.sh: which
# Python package they work on, and a step is skipped when a stamp file holds the digest of its
# inputs from the last time it succeeded. FORCE=1 redoes every step.

# The package: PACKAGE=shogi (the default) is shogi-py, distribution shogi-rules, import name
# shogi_rules, over the crate shogi-rules; PACKAGE=xiangqi is xiangqi-py, distribution
# xiangqi-rules, import name xiangqi_rules, over the crate xiangqi-rules. Each has its own stamps
# (.shogi-*.stamp, .xiangqi-*.stamp) and its own cargo target directory (SHOGI_PY_TARGET_DIR,
# XIANGQI_PY_TARGET_DIR; default the package folder's target/).
package=${PACKAGE:-shogi}
case $package in
    shogi | xiangqi) ;;
    *) echo "unknown PACKAGE=$package: expected shogi or xiangqi" >&2; exit 1 ;;
esac
package_dir=$package-py
package_name=${package}_rules
core_dir=$package-rules

# Hash of the files a step depends on, with their names (files or whole directories).
digest() {
    find "$@" -type f -not -path '*/__pycache__/*' -print0 \
        | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}

up_to_date() { # stamp-file digest
    [ "${FORCE:-0}" != 1 ] && [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]
}

# A virtualenv at $1 made by the interpreter $2, unless one of that interpreter's version is
# there already.
ensure_venv() { # dir python
    local want have
    want=$("$2" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    if [ -x "$1/bin/python" ]; then
        have=$("$1/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true)
        [ "$have" = "$want" ] && return 0
        echo "==> replacing $1 (Python ${have:-unknown}, wanted $want)"
        rm -rf "$1"
    fi
    echo "==> creating $1 (Python $want)"
    "$2" -m venv "$1"
}

# Installs the pinned packages of the requirements file $2 with the pip command that follows
# ($4...), unless the stamp file $1 says they are installed already; $3 names them in messages.
install_pinned() { # stamp requirements label pip...
    local stamp="$1" requirements="$2" label="$3" inputs
    shift 3
    inputs=$(digest "$requirements")
    if up_to_date "$stamp" "$inputs"; then
        echo "==> $label up to date"
    else
        echo "==> $label: installing the pinned packages of $requirements"
        "$@" install -q -r "$requirements"
        echo "$inputs" > "$stamp"
    fi
}
