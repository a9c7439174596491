#!/usr/bin/env bash
# Checks the distributions of a Python package (shogi-py by default, xiangqi-py with
# PACKAGE=xiangqi; the names below are shogi-py's) that scripts/build-wheel.sh made in
# target/wheels/ (WHEEL_DIR): exactly two wheels, one tagged cp39-abi3 and one cp310-abi3, and one
# sdist; each wheel is tagged manylinux_2_17 (manylinux2014) x86_64 or older, `auditwheel show` (the
# pinned auditwheel of .venvs/build) finds its extension consistent with manylinux_2_17 or an older
# policy, that is it needs no symbol of a glibc after 2.17 and no library outside the policy; all
# carry the license, and the sdist board-py (a path dependency). Exits non-zero on any failure.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=python-stamps.sh
. "$root/scripts/python-stamps.sh"
fail() { echo "check-wheel: $*" >&2; exit 1; }
out="${WHEEL_DIR:-$root/target/wheels}"
auditwheel="$root/.venvs/build/bin/auditwheel"
python="$root/.venvs/build/bin/python"

shopt -s nullglob
wheels=("$out/$package_name"-*.whl)
sdists=("$out/$package_name"-*.tar.gz)
shopt -u nullglob
[ ${#wheels[@]} -eq 2 ] || fail "expected two wheels in $out, found ${#wheels[@]} (run make wheel, or make xiangqi-wheel)"
[ ${#sdists[@]} -eq 1 ] || fail "expected one sdist in $out, found ${#sdists[@]} (run make wheel, or make xiangqi-wheel)"
sdist=${sdists[0]}

# The glibc minor version of a manylinux tag (manylinux2014 is 2.17, manylinux2010 2.12,
# manylinux1 2.5), or nothing for another tag.
glibc_minor() {
    case $1 in
        manylinux_2_*_x86_64) local m=${1#manylinux_2_}; echo "${m%_x86_64}" ;;
        manylinux2014_x86_64) echo 17 ;;
        manylinux2010_x86_64) echo 12 ;;
        manylinux1_x86_64) echo 5 ;;
    esac
}
# Checks the tags and the linking of one wheel of Python tag $2 (cp39 or cp310).
check_one() { # wheel pythontag
    local wheel=$1 name tags platform minor report policy
    name=$(basename "$wheel")
    echo "==> $name"
    # name-version-pythontag-abitag-platformtags.whl
    tags=${name%.whl}
    tags=${tags#"$package_name"-*-}
    [[ $tags == "$2"-abi3-* ]] || fail "$name: not a $2-abi3 wheel"
    IFS=. read -r -a platforms <<< "${tags#"$2"-abi3-}"
    for platform in "${platforms[@]}"; do
        minor=$(glibc_minor "$platform")
        [ -n "$minor" ] && [ "$minor" -le 17 ] \
            || fail "$name: platform tag $platform is not manylinux2014 (manylinux_2_17) x86_64 or older"
    done

    report=$("$auditwheel" show "$wheel") || fail "auditwheel show failed on $name"
    echo "$report"
    # auditwheel wraps its lines; the policy is the quoted tag after "platform tag:".
    policy=$(tr -s ' \n' '  ' <<< "$report" \
        | sed -n 's/.*is consistent with the following platform tag: "\([^"]*\)".*/\1/p')
    minor=$(glibc_minor "$policy")
    [ -n "$minor" ] && [ "$minor" -le 17 ] \
        || fail "auditwheel: $name is consistent with ${policy:-no manylinux policy}, not manylinux_2_17 (manylinux2014) or older"
    echo "==> $name: manylinux_2_17 or older (auditwheel: $policy)"
}

cp39=("$out/$package_name"-*-cp39-abi3-*.whl)
cp310=("$out/$package_name"-*-cp310-abi3-*.whl)
[ -f "${cp39[0]}" ] || fail "no cp39-abi3 wheel in $out"
[ -f "${cp310[0]}" ] || fail "no cp310-abi3 wheel in $out"
check_one "${cp39[0]}" cp39
check_one "${cp310[0]}" cp310

# The license in every distribution, where the package metadata points at it.
for wheel in "${wheels[@]}"; do
"$python" - "$wheel" "$sdist" <<'PY' || fail "license missing from a distribution"
import sys, tarfile, zipfile

wheel, sdist = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    names = z.namelist()
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-File: LICENSE" in z.read(meta).decode(), "wheel METADATA names no LICENSE"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), "wheel has no LICENSE"
    assert any(n.endswith("_core.abi3.so") for n in names), "wheel has no abi3 extension"
with tarfile.open(sdist) as t:
    top = t.getnames()[0].split("/")[0]
    names = set(t.getnames())
    assert f"{top}/LICENSE" in names, "sdist has no LICENSE"
    assert t.getmember(f"{top}/LICENSE").isfile(), "the sdist's LICENSE is not a file"
    assert "MIT License" in t.extractfile(f"{top}/LICENSE").read().decode()
    # The crate both bindings share is a path dependency outside the package: the sdist must
    # carry it to build.
    assert f"{top}/board-py/src/lib.rs" in names, "sdist has no board-py (a path dependency)"
print(f"==> LICENSE in {wheel.rsplit('/', 1)[-1]} and {sdist.rsplit('/', 1)[-1]}")
PY
done
echo "==> wheel-check passed: a cp39-abi3 and a cp310-abi3 wheel, both manylinux_2_17"
