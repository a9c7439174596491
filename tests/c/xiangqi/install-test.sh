#!/usr/bin/env bash
# The xiangqi installation as a client sees it (as tests/c/install-test.sh for shogi):
# `make xiangqi-install` into a temporary prefix, then
#   - the shared library: the versioned file with its two links, and its SONAME
#     (libxiangqi_rules.so.MAJOR) in the built and in the installed library,
#   - a C program built with `pkg-config --cflags --libs xiangqi_rules`: it records
#     NEEDED libxiangqi_rules.so.MAJOR and loads the installed library,
#   - the same program built with `pkg-config --static --cflags --libs xiangqi_rules`: no
#     libxiangqi_rules in its dynamic section,
#   - the CMake version file: the same major (and, while it is 0, minor) version accepted, newer
#     ones refused,
#   - the same program built by CMake with find_package(xiangqi_rules) through
#     CMAKE_PREFIX_PATH (shared and static targets),
# each run and its output checked.
# Usage: install-test.sh MAKE CARGO_TARGET_DIR CMAKE VERSION
set -euo pipefail

make="$1"
target_dir="$2"
cmake="$3"
version="$4"
client="$(pwd)/tests/c/xiangqi/install_client.c"

mkdir -p "$target_dir"
work="$(mktemp -d "$target_dir/xiangqi-install-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

$make --no-print-directory xiangqi-install PREFIX="$prefix" CARGO_TARGET_DIR="$target_dir" \
    > "$work/install.log"
major="${version%%.*}"
soname="libxiangqi_rules.so.$major"
for file in include/xiangqi_rules.h lib/libxiangqi_rules.a "lib/libxiangqi_rules.so.$version" \
    lib/pkgconfig/xiangqi_rules.pc lib/pkgconfig/xiangqi_rules-shared.pc \
    lib/cmake/xiangqi_rules/xiangqi_rulesConfig.cmake \
    lib/cmake/xiangqi_rules/xiangqi_rulesConfigVersion.cmake; do
    [ -f "$prefix/$file" ] && [ ! -L "$prefix/$file" ] ||
        { echo "install: $file is missing or not a file" >&2; exit 1; }
done
[ "$(readlink "$prefix/lib/$soname")" = "libxiangqi_rules.so.$version" ] ||
    { echo "install: $soname does not point to libxiangqi_rules.so.$version" >&2; exit 1; }
[ "$(readlink "$prefix/lib/libxiangqi_rules.so")" = "$soname" ] ||
    { echo "install: libxiangqi_rules.so does not point to $soname" >&2; exit 1; }
echo "installed library directory:"
ls -l "$prefix/lib"

# The run-time name, in the library cargo built and in the installed one.
for lib in "$target_dir/release/libxiangqi_rules.so" "$prefix/lib/libxiangqi_rules.so.$version"; do
    line="$(readelf -d "$lib" | grep '(SONAME)')" ||
        { echo "$lib has no SONAME" >&2; exit 1; }
    grep -qF "[$soname]" <<< "$line" || { echo "$lib: $line, expected $soname" >&2; exit 1; }
    echo "$lib:$line"
done

# The DT_NEEDED entries of a program, one a line. (Output goes through variables, not into
# `grep -q`, which may close the pipe early and fail a pipeline under pipefail.)
needed() {
    readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'
}

expect_output() {
    local name="$1" output="$2"
    if ! grep -qx "xiangqi_rules $version: 44 legal moves" <<< "$output"; then
        echo "$name printed:" >&2
        echo "$output" >&2
        exit 1
    fi
}

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion xiangqi_rules)" = "$version" ] ||
    { echo "pkg-config: version $(pkg-config --modversion xiangqi_rules), expected $version" >&2; exit 1; }
[ "$(pkg-config --variable=prefix xiangqi_rules)" = "$prefix" ] ||
    { echo "pkg-config: wrong prefix" >&2; exit 1; }

# Shared: found through pkg-config, loaded from the prefix by the name of the major version.
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
gcc -std=c99 -Wall -Wextra -Werror -pedantic "$client" \
    $(pkg-config --cflags --libs xiangqi_rules) -o "$work/client-shared"
grep -qxF "$soname" <<< "$(needed "$work/client-shared")" ||
    { readelf -d "$work/client-shared" >&2; echo "client-shared does not need $soname" >&2; exit 1; }
loaded="$(LD_LIBRARY_PATH="$prefix/lib" ldd "$work/client-shared")"
grep -qF "$soname => $prefix/lib/$soname" <<< "$loaded" ||
    { echo "$loaded" >&2; echo "client-shared does not load the installed library" >&2; exit 1; }
expect_output client-shared "$(LD_LIBRARY_PATH="$prefix/lib" "$work/client-shared")"
echo "client-shared: NEEDED $(needed "$work/client-shared" | xargs)"

# Static: exactly the flags of `pkg-config --static`.
# shellcheck disable=SC2046
gcc -std=c99 -Wall -Wextra -Werror -pedantic "$client" \
    $(pkg-config --static --cflags --libs xiangqi_rules) -o "$work/client-static"
loaded="$(LD_LIBRARY_PATH="$prefix/lib" ldd "$work/client-static")"
if grep -q libxiangqi_rules <<< "$(needed "$work/client-static")" ||
    grep -q libxiangqi_rules <<< "$loaded"; then
    echo "client-static depends on the shared library" >&2
    exit 1
fi
expect_output client-static "$("$work/client-static")"
echo "client-static (pkg-config --static --libs: $(pkg-config --static --libs xiangqi_rules | xargs))"

# CMake: the version file accepts the same major version (and, while it is 0, the same minor
# version) up to the installed one.
minor="${version#*.}"
minor="${minor%%.*}"
cat > "$work/version-check.cmake" <<'CMAKE'
string(REPLACE "." ";" parts "${PACKAGE_FIND_VERSION}")
list(LENGTH parts count)
list(GET parts 0 PACKAGE_FIND_VERSION_MAJOR)
set(PACKAGE_FIND_VERSION_MINOR 0)
if(count GREATER 1)
  list(GET parts 1 PACKAGE_FIND_VERSION_MINOR)
endif()
include("${VERSION_FILE}")
if(PACKAGE_VERSION_COMPATIBLE)
  message("compatible")
else()
  message("incompatible")
endif()
CMAKE
version_answer() {
    "$cmake" -DPACKAGE_FIND_VERSION="$1" \
        -DVERSION_FILE="$prefix/lib/cmake/xiangqi_rules/xiangqi_rulesConfigVersion.cmake" \
        -P "$work/version-check.cmake" 2>&1
}
for request in "$version" "$major.$minor"; do
    [ "$(version_answer "$request")" = compatible ] ||
        { echo "the CMake version file refuses $request" >&2; exit 1; }
done
for request in "$((major + 1)).0" "$major.$((minor + 1))"; do
    [ "$(version_answer "$request")" = incompatible ] ||
        { echo "the CMake version file accepts $request" >&2; exit 1; }
done
echo "CMake version file: $version and $major.$minor accepted, newer versions refused"

# CMake: the same client through find_package, linked with each target.
mkdir -p "$work/cmake-client"
cat > "$work/cmake-client/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(xiangqi_client C)
find_package(xiangqi_rules $major.$minor REQUIRED)
message(STATUS "xiangqi_rules \${xiangqi_rules_VERSION} found")
add_executable(xiangqi_client "$client")
target_link_libraries(xiangqi_client PRIVATE xiangqi_rules::xiangqi_rules)
add_executable(xiangqi_client_static "$client")
target_link_libraries(xiangqi_client_static PRIVATE xiangqi_rules::xiangqi_rules_static)
CMAKE
"$cmake" -S "$work/cmake-client" -B "$work/cmake-build" -G "Unix Makefiles" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release > "$work/cmake-configure.log" ||
    { cat "$work/cmake-configure.log" >&2; exit 1; }
grep -q "xiangqi_rules $version found" "$work/cmake-configure.log" ||
    { cat "$work/cmake-configure.log" >&2; echo "find_package did not report version $version" >&2; exit 1; }
"$cmake" --build "$work/cmake-build" > "$work/cmake-build.log" ||
    { cat "$work/cmake-build.log" >&2; exit 1; }
grep -qxF "$soname" <<< "$(needed "$work/cmake-build/xiangqi_client")" ||
    { echo "the CMake client (shared) does not need $soname" >&2; exit 1; }
if grep -q libxiangqi_rules <<< "$(needed "$work/cmake-build/xiangqi_client_static")"; then
    echo "the CMake client (static) depends on the shared library" >&2
    exit 1
fi
expect_output "cmake client (shared)" "$("$work/cmake-build/xiangqi_client")"
expect_output "cmake client (static)" "$("$work/cmake-build/xiangqi_client_static")"
echo "CMake client (find_package(xiangqi_rules), shared and static targets) built and ran"
