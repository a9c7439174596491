#!/usr/bin/env bash
# The installation as a client sees it: `make install` into a temporary prefix, then
#   - the shared library: the versioned file with its two links, and its SONAME
#     (libshogi_rules.so.MAJOR) in the built and in the installed library,
#   - a C program built with `pkg-config --cflags --libs shogi_rules`: it records
#     NEEDED libshogi_rules.so.MAJOR and loads the installed library,
#   - the same program built with `pkg-config --static --cflags --libs shogi_rules`: no
#     libshogi_rules in its dynamic section,
#   - the C++ client of examples/cmake built with the same pkg-config flags (the wrapper
#     shogi_rules.hpp is installed beside shogi_rules.h),
#   - the C++ client of examples/cmake (through the C++17 wrapper shogi_rules.hpp), configured
#     with find_package(shogi_rules) through CMAKE_PREFIX_PATH (shared and static targets),
# each run and its output checked.
# Usage: install-test.sh MAKE CARGO_TARGET_DIR CMAKE VERSION
set -euo pipefail

make="$1"
target_dir="$2"
cmake="$3"
version="$4"

mkdir -p "$target_dir"
work="$(mktemp -d "$target_dir/install-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

$make --no-print-directory install PREFIX="$prefix" CARGO_TARGET_DIR="$target_dir" > "$work/install.log"
major="${version%%.*}"
soname="libshogi_rules.so.$major"
for file in include/shogi_rules.h include/shogi_rules.hpp lib/libshogi_rules.a "lib/libshogi_rules.so.$version" \
    lib/pkgconfig/shogi_rules.pc lib/pkgconfig/shogi_rules-shared.pc \
    lib/cmake/shogi_rules/shogi_rulesConfig.cmake \
    lib/cmake/shogi_rules/shogi_rulesConfigVersion.cmake; do
    [ -f "$prefix/$file" ] && [ ! -L "$prefix/$file" ] ||
        { echo "install: $file is missing or not a file" >&2; exit 1; }
done
[ "$(readlink "$prefix/lib/$soname")" = "libshogi_rules.so.$version" ] ||
    { echo "install: $soname does not point to libshogi_rules.so.$version" >&2; exit 1; }
[ "$(readlink "$prefix/lib/libshogi_rules.so")" = "$soname" ] ||
    { echo "install: libshogi_rules.so does not point to $soname" >&2; exit 1; }
echo "installed library directory:"
ls -l "$prefix/lib"

# The run-time name, in the library cargo built and in the installed one.
for lib in "$target_dir/release/libshogi_rules.so" "$prefix/lib/libshogi_rules.so.$version"; do
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
    if ! grep -qx "shogi_rules $version: 30 legal moves" <<< "$output"; then
        echo "$name printed:" >&2
        echo "$output" >&2
        exit 1
    fi
}

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion shogi_rules)" = "$version" ] ||
    { echo "pkg-config: version $(pkg-config --modversion shogi_rules), expected $version" >&2; exit 1; }
[ "$(pkg-config --variable=prefix shogi_rules)" = "$prefix" ] ||
    { echo "pkg-config: wrong prefix" >&2; exit 1; }

# Shared: found through pkg-config, loaded from the prefix by the name of the major version.
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
gcc -std=c99 -Wall -Wextra -Werror -pedantic tests/c/install_client.c \
    $(pkg-config --cflags --libs shogi_rules) -o "$work/client-shared"
grep -qxF "$soname" <<< "$(needed "$work/client-shared")" ||
    { readelf -d "$work/client-shared" >&2; echo "client-shared does not need $soname" >&2; exit 1; }
loaded="$(LD_LIBRARY_PATH="$prefix/lib" ldd "$work/client-shared")"
grep -qF "$soname => $prefix/lib/$soname" <<< "$loaded" ||
    { echo "$loaded" >&2; echo "client-shared does not load the installed library" >&2; exit 1; }
expect_output client-shared "$(LD_LIBRARY_PATH="$prefix/lib" "$work/client-shared")"
echo "client-shared: NEEDED $(needed "$work/client-shared" | xargs)"

# Static: exactly the flags of `pkg-config --static`.
# shellcheck disable=SC2046
gcc -std=c99 -Wall -Wextra -Werror -pedantic tests/c/install_client.c \
    $(pkg-config --static --cflags --libs shogi_rules) -o "$work/client-static"
loaded="$(LD_LIBRARY_PATH="$prefix/lib" ldd "$work/client-static")"
if grep -q libshogi_rules <<< "$(needed "$work/client-static")" ||
    grep -q libshogi_rules <<< "$loaded"; then
    echo "client-static depends on the shared library" >&2
    exit 1
fi
expect_output client-static "$("$work/client-static")"
echo "client-static (pkg-config --static --libs: $(pkg-config --static --libs shogi_rules | xargs)):"
echo "$loaded"

# C++: the wrapper shogi_rules.hpp is found through the same flags.
# shellcheck disable=SC2046
g++ -std=c++17 -Wall -Wextra -Werror -pedantic examples/cmake/main.cpp \
    $(pkg-config --cflags --libs shogi_rules) -o "$work/cpp-client-shared"
expect_output cpp-client-shared "$(LD_LIBRARY_PATH="$prefix/lib" "$work/cpp-client-shared")"
echo "pkg-config clients (C shared and static, C++ shared) built and ran"

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
        -DVERSION_FILE="$prefix/lib/cmake/shogi_rules/shogi_rulesConfigVersion.cmake" \
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

# CMake: the C++ client of examples/cmake.
"$cmake" -S examples/cmake -B "$work/cmake-build" -G "Unix Makefiles" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release > "$work/cmake-configure.log" ||
    { cat "$work/cmake-configure.log" >&2; exit 1; }
grep -q "shogi_rules $version found" "$work/cmake-configure.log" ||
    { cat "$work/cmake-configure.log" >&2; echo "find_package did not report version $version" >&2; exit 1; }
"$cmake" --build "$work/cmake-build" > "$work/cmake-build.log" ||
    { cat "$work/cmake-build.log" >&2; exit 1; }
grep -qxF "$soname" <<< "$(needed "$work/cmake-build/shogi_client")" ||
    { echo "the CMake client (shared) does not need $soname" >&2; exit 1; }
if grep -q libshogi_rules <<< "$(needed "$work/cmake-build/shogi_client_static")"; then
    echo "the CMake client (static) depends on the shared library" >&2
    exit 1
fi
expect_output "cmake client (shared)" "$("$work/cmake-build/shogi_client")"
expect_output "cmake client (static)" "$("$work/cmake-build/shogi_client_static")"
echo "CMake client (find_package(shogi_rules), shared and static targets) built and ran"
