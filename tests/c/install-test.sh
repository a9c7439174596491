#!/usr/bin/env bash
# The installation of one of the C libraries as a client sees it: its install target
# (`make install` for shogi_rules, `make xiangqi-install` for xiangqi_rules) into a temporary
# prefix, then
#   - the shared library: the versioned file with its two links, and its SONAME
#     (libLIB.so.MAJOR) in the built and in the installed library,
#   - the library's C client (tests/c/install_client.c, tests/c/xiangqi/install_client.c) built
#     with `pkg-config --cflags --libs LIB`: it records NEEDED libLIB.so.MAJOR and loads the
#     installed library,
#   - the same program built with `pkg-config --static --cflags --libs LIB`: no libLIB in its
#     dynamic section,
#   - shogi_rules only: the C++ client of examples/cmake built with the same pkg-config flags (the
#     wrapper shogi_rules.hpp is installed beside shogi_rules.h),
#   - the CMake version file: the same major (and, while it is 0, minor) version accepted, newer
#     ones refused,
#   - a client configured with find_package(LIB) through CMAKE_PREFIX_PATH (shared and static
#     targets): for shogi_rules the C++ client of examples/cmake (through the C++17 wrapper
#     shogi_rules.hpp), for xiangqi_rules the C client,
# each run and its output checked.
# Usage: install-test.sh MAKE CARGO_TARGET_DIR CMAKE VERSION [LIB]
#   LIB  shogi_rules (the default) or xiangqi_rules
set -euo pipefail

make="$1"
target_dir="$2"
cmake="$3"
version="$4"
lib="${5:-shogi_rules}"

# What differs between the libraries: the install target, the header files, the C client and
# what it prints, and the C++ client (shogi_rules only).
case "$lib" in
shogi_rules)
    install_target=install
    headers="include/shogi_rules.h include/shogi_rules.hpp"
    client="$(pwd)/tests/c/install_client.c"
    expected="shogi_rules $version: 30 legal moves"
    cpp_client="$(pwd)/examples/cmake/main.cpp"
    ;;
xiangqi_rules)
    install_target=xiangqi-install
    headers="include/xiangqi_rules.h"
    client="$(pwd)/tests/c/xiangqi/install_client.c"
    expected="xiangqi_rules $version: 44 legal moves"
    cpp_client=""
    ;;
*)
    echo "install-test.sh: unknown library $lib" >&2
    exit 2
    ;;
esac
name="${lib%_rules}"

mkdir -p "$target_dir"
work="$(mktemp -d "$target_dir/$name-install-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

$make --no-print-directory "$install_target" PREFIX="$prefix" CARGO_TARGET_DIR="$target_dir" \
    > "$work/install.log"
major="${version%%.*}"
soname="lib$lib.so.$major"
# shellcheck disable=SC2086 # the header files are several words on purpose
for file in $headers lib/lib$lib.a "lib/lib$lib.so.$version" \
    lib/pkgconfig/$lib.pc lib/pkgconfig/$lib-shared.pc \
    lib/cmake/$lib/${lib}Config.cmake \
    lib/cmake/$lib/${lib}ConfigVersion.cmake; do
    [ -f "$prefix/$file" ] && [ ! -L "$prefix/$file" ] ||
        { echo "install: $file is missing or not a file" >&2; exit 1; }
done
[ "$(readlink "$prefix/lib/$soname")" = "lib$lib.so.$version" ] ||
    { echo "install: $soname does not point to lib$lib.so.$version" >&2; exit 1; }
[ "$(readlink "$prefix/lib/lib$lib.so")" = "$soname" ] ||
    { echo "install: lib$lib.so does not point to $soname" >&2; exit 1; }
echo "installed library directory:"
ls -l "$prefix/lib"

# The run-time name, in the library cargo built and in the installed one.
for file in "$target_dir/release/lib$lib.so" "$prefix/lib/lib$lib.so.$version"; do
    line="$(readelf -d "$file" | grep '(SONAME)')" ||
        { echo "$file has no SONAME" >&2; exit 1; }
    grep -qF "[$soname]" <<< "$line" || { echo "$file: $line, expected $soname" >&2; exit 1; }
    echo "$file:$line"
done

# The DT_NEEDED entries of a program, one a line. (Output goes through variables, not into
# `grep -q`, which may close the pipe early and fail a pipeline under pipefail.)
needed() {
    readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'
}

expect_output() {
    local name="$1" output="$2"
    if ! grep -qxF "$expected" <<< "$output"; then
        echo "$name printed:" >&2
        echo "$output" >&2
        exit 1
    fi
}

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion "$lib")" = "$version" ] ||
    { echo "pkg-config: version $(pkg-config --modversion "$lib"), expected $version" >&2; exit 1; }
[ "$(pkg-config --variable=prefix "$lib")" = "$prefix" ] ||
    { echo "pkg-config: wrong prefix" >&2; exit 1; }

# Shared: found through pkg-config, loaded from the prefix by the name of the major version.
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
gcc -std=c99 -Wall -Wextra -Werror -pedantic "$client" \
    $(pkg-config --cflags --libs "$lib") -o "$work/client-shared"
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
    $(pkg-config --static --cflags --libs "$lib") -o "$work/client-static"
loaded="$(LD_LIBRARY_PATH="$prefix/lib" ldd "$work/client-static")"
if grep -q "lib$lib" <<< "$(needed "$work/client-static")" ||
    grep -q "lib$lib" <<< "$loaded"; then
    echo "client-static depends on the shared library" >&2
    exit 1
fi
expect_output client-static "$("$work/client-static")"
echo "client-static (pkg-config --static --libs: $(pkg-config --static --libs "$lib" | xargs)):"
echo "$loaded"

# C++: the wrapper shogi_rules.hpp is found through the same flags.
if [ -n "$cpp_client" ]; then
    # shellcheck disable=SC2046
    g++ -std=c++17 -Wall -Wextra -Werror -pedantic "$cpp_client" \
        $(pkg-config --cflags --libs "$lib") -o "$work/cpp-client-shared"
    expect_output cpp-client-shared "$(LD_LIBRARY_PATH="$prefix/lib" "$work/cpp-client-shared")"
    echo "pkg-config clients (C shared and static, C++ shared) built and ran"
else
    echo "pkg-config clients (C shared and static) built and ran"
fi

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
        -DVERSION_FILE="$prefix/lib/cmake/$lib/${lib}ConfigVersion.cmake" \
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

# CMake: the C++ client of examples/cmake for shogi_rules; for xiangqi_rules the C client,
# through find_package, linked with each target.
if [ -n "$cpp_client" ]; then
    cmake_source=examples/cmake
else
    cmake_source="$work/cmake-client"
    mkdir -p "$cmake_source"
    cat > "$cmake_source/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(${name}_client C)
find_package($lib $major.$minor REQUIRED)
message(STATUS "$lib \${${lib}_VERSION} found")
add_executable(${name}_client "$client")
target_link_libraries(${name}_client PRIVATE $lib::$lib)
add_executable(${name}_client_static "$client")
target_link_libraries(${name}_client_static PRIVATE $lib::${lib}_static)
CMAKE
fi
"$cmake" -S "$cmake_source" -B "$work/cmake-build" -G "Unix Makefiles" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release > "$work/cmake-configure.log" ||
    { cat "$work/cmake-configure.log" >&2; exit 1; }
grep -q "$lib $version found" "$work/cmake-configure.log" ||
    { cat "$work/cmake-configure.log" >&2; echo "find_package did not report version $version" >&2; exit 1; }
"$cmake" --build "$work/cmake-build" > "$work/cmake-build.log" ||
    { cat "$work/cmake-build.log" >&2; exit 1; }
grep -qxF "$soname" <<< "$(needed "$work/cmake-build/${name}_client")" ||
    { echo "the CMake client (shared) does not need $soname" >&2; exit 1; }
if grep -q "lib$lib" <<< "$(needed "$work/cmake-build/${name}_client_static")"; then
    echo "the CMake client (static) depends on the shared library" >&2
    exit 1
fi
expect_output "cmake client (shared)" "$("$work/cmake-build/${name}_client")"
expect_output "cmake client (static)" "$("$work/cmake-build/${name}_client_static")"
echo "CMake client (find_package($lib), shared and static targets) built and ran"
