# The C API from the C side: the C tests, the C example, and the installation.
#
#   ffi-lib       builds libshogi_rules.a and libshogi_rules.so (release) with cargo
#   ffi-test      every check of the C API, each step timed (measured on a busy 2-core machine):
#                   ffi-lib      the library, from a cold target directory           ~130 s
#                   header-check the committed header is what cbindgen gives (header.mk)
#                   exports      every function of the header is called in tests/c/     ~0 s
#                   build        the C tests as C99 (gcc), as C++11 (g++), and with      ~12 s
#                                AddressSanitizer + UBSan, all against the static library
#                   run          the three builds, with all of the conformance data       ~1 s
#                   valgrind     the C99 build under memcheck (a lower perft limit)      ~12 s
#                   replay       examples/c/replay.c on corpus records                    ~2 s
#                   install      `make install-test` (+ ~20 s the first time: CMake)      ~5 s
#                 about 30 s once the library is built, under 3 minutes from cold.
#   install       installs the header, both libraries, shogi_rules.pc and the CMake package
#                 under PREFIX (default /usr/local; DESTDIR is honoured)
#   install-test  installs into a temporary prefix and builds clients against it with
#                 pkg-config (shared and static) and with CMake (examples/cmake)
#
# Paths follow CARGO_TARGET_DIR when it is overridden (make ffi-test CARGO_TARGET_DIR=...).

CARGO_TARGET_DIR ?= $(CURDIR)/target
PREFIX ?= /usr/local
DESTDIR ?=

FFI_LIB_DIR := $(CARGO_TARGET_DIR)/release
FFI_STATIC_LIB := $(FFI_LIB_DIR)/libshogi_rules.a
FFI_SHARED_LIB := $(FFI_LIB_DIR)/libshogi_rules.so
FFI_HEADER := include/shogi_rules.h
FFI_BUILD := $(CARGO_TARGET_DIR)/ffi-c
# The version of the workspace, which the header's version macros and shogi_version() must give.
FFI_VERSION := $(WORKSPACE_VERSION)

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

FFI_REPLAY_RECORD := tests/data/corpus/kif/shogi-supplement/kiou_game1.kif
FFI_REPLAY_BAD_RECORD := tests/data/corpus/kif/kifu-for-js/fork-test.kif

.PHONY: ffi-lib ffi-test ffi-exports-check ffi-test-build ffi-test-run ffi-test-valgrind \
	ffi-replay-test install install-test

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
		$(MAKE) --no-print-directory install-test; \
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

install: ffi-lib
	install -d '$(DESTDIR)$(PREFIX)/include' '$(DESTDIR)$(PREFIX)/lib/pkgconfig' \
		'$(DESTDIR)$(PREFIX)/lib/cmake/shogi_rules'
	install -m 644 $(FFI_HEADER) '$(DESTDIR)$(PREFIX)/include/shogi_rules.h'
	install -m 644 $(FFI_STATIC_LIB) '$(DESTDIR)$(PREFIX)/lib/libshogi_rules.a'
	install -m 755 $(FFI_SHARED_LIB) '$(DESTDIR)$(PREFIX)/lib/libshogi_rules.so'
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(FFI_VERSION)|g' pkgconfig/shogi_rules.pc.in \
		> '$(DESTDIR)$(PREFIX)/lib/pkgconfig/shogi_rules.pc'
	install -m 644 cmake/shogi_rulesConfig.cmake '$(DESTDIR)$(PREFIX)/lib/cmake/shogi_rules/'
	sed -e 's|@VERSION@|$(FFI_VERSION)|g' cmake/shogi_rulesConfigVersion.cmake.in \
		> '$(DESTDIR)$(PREFIX)/lib/cmake/shogi_rules/shogi_rulesConfigVersion.cmake'

install-test: ffi-lib
	@mkdir -p $(FFI_BUILD)
	@TIMEFORMAT='==> install-cmake took %0R s'; time scripts/install-cmake.sh > $(FFI_BUILD)/cmake-path
	@TIMEFORMAT='==> install-test took %0R s'; time \
		tests/c/install-test.sh '$(MAKE)' '$(CARGO_TARGET_DIR)' "$$(tail -n 1 $(FFI_BUILD)/cmake-path)" \
			'$(FFI_VERSION)'
