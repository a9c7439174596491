# The C API from the C side: the C tests, the C example, the C++ wrapper's tests, and the
# installation.
#
#   ffi-lib       builds libshogi_rules.a and libshogi_rules.so (release, SONAME
#                 libshogi_rules.so.MAJOR from shogi-ffi/build.rs) with cargo
#   ffi-test      every check of the C API, each step timed (measured on a busy 2-core machine):
#                   ffi-lib      the library, from a cold target directory        ~90-130 s
#                   header-check the committed header is what cbindgen gives (header.mk;
#                                + ~6 min the first time: cbindgen is built into .tools/)
#                   exports      every function of the header is called in tests/c/     ~0 s
#                   build        the C tests as C99 (gcc), as C++11 (g++), and with      ~20 s
#                                AddressSanitizer + UBSan, all against the static library
#                   run          the three builds, with all of the conformance data       ~1 s
#                   valgrind     the C99 build under memcheck (a lower perft limit)      ~20 s
#                   replay       examples/c/replay.c on corpus records                    ~1 s
#                   cpp-test     the C++17 wrapper's tests (tests/cpp/), built with      ~30 s
#                                g++ -Wall -Wextra -Werror -pedantic (and more) under
#                                ASan + UBSan against the static library, and run         ~0 s
#                   install      `make install-test` (+ ~20 s the first time: CMake)      ~8 s
#                   readme       `make readme-c-test`                                     ~3 s
#                 about 1.5 minutes once the library is built, under 4 minutes from cold.
#   cpp-test      builds and runs the C++ wrapper's tests (see above)
#   install       installs under PREFIX (default /usr/local; DESTDIR is honoured): the headers
#                 shogi_rules.h and shogi_rules.hpp, libshogi_rules.a, libshogi_rules.so.VERSION
#                 with the links libshogi_rules.so.MAJOR and libshogi_rules.so, the pkg-config
#                 files shogi_rules.pc and shogi_rules-shared.pc, and the CMake package
#   install-test  installs into a temporary prefix and checks it (tests/c/install-test.sh): the
#                 SONAME of the built and the installed library, the links, C clients through
#                 pkg-config (shared: NEEDED libshogi_rules.so.MAJOR; static, with exactly
#                 `pkg-config --static --cflags --libs`: no libshogi_rules at run time), the C++
#                 client through pkg-config, and through CMake (examples/cmake, both targets)
#   readme-c-test runs the C install block of README.md as written, with HOME set to an empty
#                 temporary directory (tests/c/readme-test.sh)
#
# Paths follow CARGO_TARGET_DIR when it is overridden (make ffi-test CARGO_TARGET_DIR=...).

CARGO_TARGET_DIR ?= $(CURDIR)/target
PREFIX ?= /usr/local
DESTDIR ?=

FFI_LIB_DIR := $(CARGO_TARGET_DIR)/release
FFI_STATIC_LIB := $(FFI_LIB_DIR)/libshogi_rules.a
FFI_SHARED_LIB := $(FFI_LIB_DIR)/libshogi_rules.so
FFI_HEADER := include/shogi_rules.h
FFI_CPP_HEADER := include/shogi_rules.hpp
FFI_BUILD := $(CARGO_TARGET_DIR)/ffi-c
# The version of the workspace, which the header's version macros and shogi_version() must give.
FFI_VERSION := $(WORKSPACE_VERSION)
# The shared library's run-time name (SONAME, set by shogi-ffi/build.rs) carries the major
# version; `make install` installs the file under the full version with two links:
#   libshogi_rules.so.MAJOR.MINOR.PATCH, libshogi_rules.so.MAJOR -> it, libshogi_rules.so -> .so.MAJOR
FFI_SOVERSION := $(firstword $(subst ., ,$(FFI_VERSION)))
FFI_SONAME := libshogi_rules.so.$(FFI_SOVERSION)
FFI_SHARED_FILE := libshogi_rules.so.$(FFI_VERSION)

# install_client.c is the install test's own program (tests/c/install-test.sh).
FFI_TEST_SOURCES := $(sort $(filter-out tests/c/install_client.c,$(wildcard tests/c/*.c)))
FFI_TEST_DEPS := $(FFI_TEST_SOURCES) $(wildcard tests/c/*.h) $(FFI_HEADER) $(FFI_STATIC_LIB)
# The static Rust library needs these system libraries (see pkgconfig/shogi_rules.pc.in).
FFI_SYSTEM_LIBS := -lpthread -ldl -lm
FFI_DEFINES := -DSHOGI_TEST_CARGO_VERSION='"$(FFI_VERSION)"'
FFI_CFLAGS := -std=c99 -Wall -Wextra -Werror -pedantic -g -O1
FFI_CXXFLAGS := -x c++ -std=c++11 -Wall -Wextra -Werror -g -O1
FFI_ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Arguments of the test program: the data folder, the rule cases (converted from cases.json at
# test time) and the largest perft count to check. Plain and sanitizer runs check every count of
# fast.perft up to 25,000,000 nodes (all but the 593-move position at depth 3, about 1 s);
# valgrind runs the library some 30 times slower, so there the counts up to 5,000,000 nodes
# (every position at depths 1 and 2, most at 3; about 10 s). Counts up to a hundredth of the
# limit are also counted through the move-list API (legal moves, play, undo). Every build also
# reads, writes and reads back a record nested 1,000 deep on a 256 KiB thread stack, walks it
# and builds it again through the editing functions (test_deep_records.c; a few seconds of the
# valgrind run).
FFI_CASES := $(FFI_BUILD)/cases.tsv
FFI_TEST_ARGS := tests/data $(FFI_CASES)
FFI_PERFT_LIMIT := 25000000
FFI_VALGRIND_PERFT_LIMIT := 5000000
FFI_VALGRIND := valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all \
	--show-leak-kinds=all --track-origins=yes --quiet

# The C++17 wrapper's tests (tests/cpp/), against the static library under the sanitizers; the
# wrapper is also held to warnings beyond -Wall -Wextra -pedantic that client code may enable.
# -O0: the tests build in half the time of -O1 and run in well under a second either way.
FFI_CPP_SOURCES := $(sort $(wildcard tests/cpp/*.cpp))
FFI_CPP_DEPS := $(FFI_CPP_SOURCES) $(wildcard tests/cpp/*.hpp) $(FFI_CPP_HEADER) $(FFI_HEADER) \
	$(FFI_STATIC_LIB)
FFI_CPP_FLAGS := -std=c++17 -Wall -Wextra -Werror -pedantic -Wshadow -Wconversion \
	-Wsign-conversion -Wold-style-cast -Wnon-virtual-dtor -g -O0

FFI_REPLAY_RECORD := tests/data/corpus/kif/shogi-supplement/kiou_game1.kif
FFI_REPLAY_BAD_RECORD := tests/data/corpus/kif/kifu-for-js/fork-test.kif

.PHONY: ffi-lib ffi-test ffi-exports-check ffi-test-build ffi-test-run ffi-test-valgrind \
	ffi-replay-test cpp-test install install-test readme-c-test

ffi-lib:
	@TIMEFORMAT='==> ffi-lib took %0R s'; time \
		CARGO_TARGET_DIR='$(CARGO_TARGET_DIR)' $(CARGO) build --release -p shogi-ffi

ffi-test: ffi-lib header-check
	@TIMEFORMAT='==> ffi-test took %0R s'; time { \
		$(MAKE) --no-print-directory ffi-exports-check; \
		$(MAKE) --no-print-directory ffi-test-build; \
		$(MAKE) --no-print-directory ffi-test-run; \
		$(MAKE) --no-print-directory ffi-test-valgrind; \
		$(MAKE) --no-print-directory ffi-replay-test; \
		$(MAKE) --no-print-directory cpp-test; \
		$(MAKE) --no-print-directory install-test; \
		$(MAKE) --no-print-directory readme-c-test; \
	}
	@echo "ffi-test: all C API checks passed"

# A function added to the header without a test fails here.
ffi-exports-check:
	@TIMEFORMAT='==> ffi-exports-check took %0R s'; time \
		tests/c/check-exports.sh $(FFI_HEADER) tests/c

ffi-test-build: $(FFI_BUILD)/c_api_tests $(FFI_BUILD)/c_api_tests_cxx $(FFI_BUILD)/c_api_tests_asan \
	$(FFI_CASES)

$(FFI_BUILD)/c_api_tests: $(FFI_TEST_DEPS)
	@mkdir -p $(@D)
	@TIMEFORMAT='==> C tests built as C99 in %0R s'; time \
		gcc $(FFI_CFLAGS) $(FFI_DEFINES) -Iinclude $(FFI_TEST_SOURCES) $(FFI_STATIC_LIB) \
			$(FFI_SYSTEM_LIBS) -o $@

$(FFI_BUILD)/c_api_tests_cxx: $(FFI_TEST_DEPS)
	@mkdir -p $(@D)
	@TIMEFORMAT='==> C tests built as C++11 in %0R s'; time \
		g++ $(FFI_CXXFLAGS) $(FFI_DEFINES) -Iinclude $(FFI_TEST_SOURCES) -x none \
			$(FFI_STATIC_LIB) $(FFI_SYSTEM_LIBS) -o $@

$(FFI_BUILD)/c_api_tests_asan: $(FFI_TEST_DEPS)
	@mkdir -p $(@D)
	@TIMEFORMAT='==> C tests built with AddressSanitizer and UBSan in %0R s'; time \
		gcc $(FFI_CFLAGS) $(FFI_ASAN_FLAGS) $(FFI_DEFINES) -Iinclude $(FFI_TEST_SOURCES) \
			$(FFI_STATIC_LIB) $(FFI_SYSTEM_LIBS) -o $@

$(FFI_CASES): tests/data/cases.json tests/c/cases_to_tsv.py
	@mkdir -p $(@D)
	python3 tests/c/cases_to_tsv.py $< $@

ffi-test-run: ffi-test-build
	@TIMEFORMAT='==> C tests (C99) took %0R s'; time \
		$(FFI_BUILD)/c_api_tests $(FFI_TEST_ARGS) $(FFI_PERFT_LIMIT)
	@TIMEFORMAT='==> C tests (C++11) took %0R s'; time \
		$(FFI_BUILD)/c_api_tests_cxx $(FFI_TEST_ARGS) $(FFI_PERFT_LIMIT)
	@TIMEFORMAT='==> C tests (AddressSanitizer, UBSan) took %0R s'; time \
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
		$(FFI_BUILD)/c_api_tests_asan $(FFI_TEST_ARGS) $(FFI_PERFT_LIMIT)

ffi-test-valgrind: ffi-test-build
	@TIMEFORMAT='==> C tests under valgrind took %0R s'; time \
		$(FFI_VALGRIND) $(FFI_BUILD)/c_api_tests $(FFI_TEST_ARGS) $(FFI_VALGRIND_PERFT_LIMIT)

$(FFI_BUILD)/replay: examples/c/replay.c $(FFI_HEADER) $(FFI_STATIC_LIB)
	@mkdir -p $(@D)
	gcc $(FFI_CFLAGS) -Iinclude $< $(FFI_STATIC_LIB) $(FFI_SYSTEM_LIBS) -o $@

# The example on a real record (it must print the first move and the resignation), and on a
# malformed one (it must fail and name the line).
ffi-replay-test: $(FFI_BUILD)/replay
	@TIMEFORMAT='==> replay example took %0R s'; time { \
		$(FFI_BUILD)/replay $(FFI_REPLAY_RECORD) > $(FFI_BUILD)/replay.out; \
		grep -qx '1 5g5f ▲５六歩' $(FFI_BUILD)/replay.out; \
		grep -qx 'outcome: sente wins by resignation' $(FFI_BUILD)/replay.out; \
		$(FFI_VALGRIND) $(FFI_BUILD)/replay --western $(FFI_REPLAY_RECORD) > /dev/null; \
		status=0; $(FFI_BUILD)/replay $(FFI_REPLAY_BAD_RECORD) > /dev/null 2> $(FFI_BUILD)/replay.err || status=$$?; \
		[ "$$status" = 1 ] || { echo "replay of a malformed record exited with $$status"; exit 1; }; \
		grep -q ':18:[0-9]*: ' $(FFI_BUILD)/replay.err || { cat $(FFI_BUILD)/replay.err; exit 1; }; \
	}

$(FFI_BUILD)/cpp_tests: $(FFI_CPP_DEPS)
	@mkdir -p $(@D)
	@TIMEFORMAT='==> C++ wrapper tests built (C++17, AddressSanitizer, UBSan) in %0R s'; time \
		g++ $(FFI_CPP_FLAGS) $(FFI_ASAN_FLAGS) $(FFI_DEFINES) -Iinclude $(FFI_CPP_SOURCES) \
			$(FFI_STATIC_LIB) $(FFI_SYSTEM_LIBS) -o $@

# The C++17 wrapper include/shogi_rules.hpp, through its tests in tests/cpp/.
cpp-test: ffi-lib $(FFI_BUILD)/cpp_tests
	@TIMEFORMAT='==> C++ wrapper tests took %0R s'; time \
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
		$(FFI_BUILD)/cpp_tests tests/data

install: ffi-lib
	install -d '$(DESTDIR)$(PREFIX)/include' '$(DESTDIR)$(PREFIX)/lib/pkgconfig' \
		'$(DESTDIR)$(PREFIX)/lib/cmake/shogi_rules'
	install -m 644 $(FFI_HEADER) '$(DESTDIR)$(PREFIX)/include/shogi_rules.h'
	install -m 644 $(FFI_CPP_HEADER) '$(DESTDIR)$(PREFIX)/include/shogi_rules.hpp'
	install -m 644 $(FFI_STATIC_LIB) '$(DESTDIR)$(PREFIX)/lib/libshogi_rules.a'
	install -m 755 $(FFI_SHARED_LIB) '$(DESTDIR)$(PREFIX)/lib/$(FFI_SHARED_FILE)'
	ln -sfn $(FFI_SHARED_FILE) '$(DESTDIR)$(PREFIX)/lib/$(FFI_SONAME)'
	ln -sfn $(FFI_SONAME) '$(DESTDIR)$(PREFIX)/lib/libshogi_rules.so'
	for pc in shogi_rules shogi_rules-shared; do \
		sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(FFI_VERSION)|g' pkgconfig/$$pc.pc.in \
			> '$(DESTDIR)$(PREFIX)/lib/pkgconfig/'$$pc.pc; \
	done
	for file in shogi_rulesConfig shogi_rulesConfigVersion; do \
		sed -e 's|@VERSION@|$(FFI_VERSION)|g' -e 's|@SOVERSION@|$(FFI_SOVERSION)|g' \
			cmake/$$file.cmake.in > '$(DESTDIR)$(PREFIX)/lib/cmake/shogi_rules/'$$file.cmake; \
	done

install-test: ffi-lib
	@mkdir -p $(FFI_BUILD)
	@TIMEFORMAT='==> install-cmake took %0R s'; time scripts/install-cmake.sh > $(FFI_BUILD)/cmake-path
	@TIMEFORMAT='==> install-test took %0R s'; time \
		tests/c/install-test.sh '$(MAKE)' '$(CARGO_TARGET_DIR)' "$$(tail -n 1 $(FFI_BUILD)/cmake-path)" \
			'$(FFI_VERSION)'

# The README's C and C++ install lines, run as written with HOME set to an empty temporary
# directory (tests/c/readme-test.sh). They build into build/ (ignored by git).
readme-c-test: ffi-lib
	@TIMEFORMAT='==> readme-c-test took %0R s'; time tests/c/readme-test.sh '$(FFI_VERSION)'
