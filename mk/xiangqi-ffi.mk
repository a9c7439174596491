# The xiangqi C API (xiangqi-ffi) from the C side: its header, the C tests, and the installation.
# It follows mk/ffi.mk and mk/header.mk (the shogi C API) step for step.
#
#   xiangqi-ffi-lib       builds libxiangqi_rules.a and libxiangqi_rules.so (release, SONAME
#                         libxiangqi_rules.so.MAJOR from xiangqi-ffi/build.rs) with cargo
#   xiangqi-header        regenerates include/xiangqi_rules.h with the pinned cbindgen
#                         (scripts/install-cbindgen.sh installs it into .tools/ first)
#   xiangqi-header-check  fails (with a diff) when regenerating would change the header
#   xiangqi-ffi-test      every check of the xiangqi C API, each step timed (measured on a busy
#                         2-core machine; about 40 s in all, 50 s from a cold target directory):
#                           xiangqi-ffi-lib       the library (release)        ~0 s warm, ~6 s cold
#                           xiangqi-header-check  (+ a few minutes the first time: cbindgen is
#                                                 built into .tools/)                    ~1 s
#                           exports   every function of the header is called in
#                                     tests/c/xiangqi/                                    ~0 s
#                           build     the C tests as C99 (gcc), as C++11 (g++), and with   ~2 s
#                                     AddressSanitizer + UBSan, against the static library
#                           run       the three builds, with every rule case and game, the ~8 s
#                                     perft counts up to XQ_PERFT_LIMIT nodes, every row of
#                                     notation.tsv (XQ_NOTATION), every PGN file of the
#                                     corpus (XQ_CORPUS) read and written back in every
#                                     notation, and the robustness tests (random move bits,
#                                     FEN, ICCS, games)
#                           valgrind  the C99 build under memcheck (XQ_VALGRIND_PERFT_LIMIT) ~15 s
#                           install   `make xiangqi-install-test` (+ ~5 s the first time:
#                                     CMake into .tools/venv)                              ~2 s
#   xiangqi-install       installs under PREFIX (default /usr/local; DESTDIR is honoured): the
#                         header xiangqi_rules.h, libxiangqi_rules.a, libxiangqi_rules.so.VERSION
#                         with the links libxiangqi_rules.so.MAJOR and libxiangqi_rules.so, the
#                         pkg-config files xiangqi_rules.pc and xiangqi_rules-shared.pc, and the
#                         CMake package xiangqi_rules
#   xiangqi-install-test  installs into a temporary prefix and checks it
#                         (tests/c/install-test.sh, shared with shogi, given xiangqi_rules): the
#                         SONAME, the links, a C client
#                         through pkg-config (shared and static) and through CMake
#
# Paths follow CARGO_TARGET_DIR when it is overridden, as in mk/ffi.mk.

CARGO_TARGET_DIR ?= $(CURDIR)/target
PREFIX ?= /usr/local
DESTDIR ?=

XQ_LIB_DIR := $(CARGO_TARGET_DIR)/release
XQ_STATIC_LIB := $(XQ_LIB_DIR)/libxiangqi_rules.a
XQ_SHARED_LIB := $(XQ_LIB_DIR)/libxiangqi_rules.so
XQ_HEADER := include/xiangqi_rules.h
XQ_CBINDGEN_ARGS := --config xiangqi-ffi/cbindgen.toml --crate xiangqi-ffi xiangqi-ffi
XQ_BUILD := $(CARGO_TARGET_DIR)/xiangqi-ffi-c
XQ_VERSION := $(WORKSPACE_VERSION)
XQ_SOVERSION := $(firstword $(subst ., ,$(XQ_VERSION)))
XQ_SONAME := libxiangqi_rules.so.$(XQ_SOVERSION)
XQ_SHARED_FILE := libxiangqi_rules.so.$(XQ_VERSION)

# The library-independent parts of tests/c (the assertion framework check.c, check.h; the
# result and buffer checks support_common.c, support_common.h; reading files and tab-separated
# lines, data.c, data.h) and the xiangqi tests; install_client.c is the install test's own program.
XQ_TEST_SOURCES := tests/c/check.c tests/c/support_common.c tests/c/data.c \
	$(sort $(filter-out tests/c/xiangqi/install_client.c,$(wildcard tests/c/xiangqi/*.c)))
XQ_TEST_DEPS := $(XQ_TEST_SOURCES) tests/c/check.h tests/c/support_common.h tests/c/data.h \
	$(wildcard tests/c/xiangqi/*.h) $(XQ_HEADER) \
	$(XQ_STATIC_LIB)
XQ_INCLUDES := -Iinclude -Itests/c
XQ_DEFINES := -DXIANGQI_TEST_CARGO_VERSION='"$(XQ_VERSION)"'
# The static Rust library needs these system libraries (see pkgconfig/xiangqi_rules.pc.in).
XQ_SYSTEM_LIBS := -lpthread -ldl -lm
XQ_CFLAGS := -std=c99 -Wall -Wextra -Werror -pedantic -g -O1
XQ_CXXFLAGS := -x c++ -std=c++11 -Wall -Wextra -Werror -g -O1
XQ_ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Arguments of the test program: the data (cases.json and perft.json flattened at test time),
# the largest perft count to check, the notation table and the record corpus (read as they
# are). Counts up to a hundredth of the limit are also counted through the move-list API (legal
# moves into an array, a new position per move).
XQ_DATA := $(XQ_BUILD)/data.tsv
XQ_DATA_SOURCES := xiangqi-rules/tests/data/cases.json xiangqi-rules/tests/data/perft.json
XQ_NOTATION := xiangqi-rules/tests/data/notation.tsv
XQ_CORPUS := xiangqi-rules/tests/data/corpus
XQ_PERFT_LIMIT := 25000000
XQ_VALGRIND_PERFT_LIMIT := 1000000
XQ_VALGRIND := valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all \
	--show-leak-kinds=all --track-origins=yes --quiet

.PHONY: xiangqi-ffi-lib xiangqi-header xiangqi-header-check xiangqi-ffi-test \
	xiangqi-ffi-exports-check xiangqi-ffi-test-build xiangqi-ffi-test-run \
	xiangqi-ffi-test-valgrind xiangqi-install xiangqi-install-test

xiangqi-ffi-lib:
	@TIMEFORMAT='==> xiangqi-ffi-lib took %0R s'; time \
		CARGO_TARGET_DIR='$(CARGO_TARGET_DIR)' $(CARGO) build --release -p xiangqi-ffi

xiangqi-header:
	@CARGO="$(CARGO)" scripts/install-cbindgen.sh
	$(CBINDGEN) $(XQ_CBINDGEN_ARGS) --output $(XQ_HEADER)

xiangqi-header-check:
	@CARGO="$(CARGO)" scripts/install-cbindgen.sh
	@tmp="$$(mktemp)"; trap 'rm -f "$$tmp"' EXIT; \
	$(CBINDGEN) $(XQ_CBINDGEN_ARGS) --output "$$tmp"; \
	if ! diff -u $(XQ_HEADER) "$$tmp"; then \
		echo "$(XQ_HEADER) is out of date: run 'make xiangqi-header' and commit the result" >&2; \
		exit 1; \
	fi; \
	echo "==> $(XQ_HEADER) is up to date"

xiangqi-ffi-test: xiangqi-ffi-lib xiangqi-header-check
	@TIMEFORMAT='==> xiangqi-ffi-test took %0R s'; time { \
		$(MAKE) --no-print-directory xiangqi-ffi-exports-check; \
		$(MAKE) --no-print-directory xiangqi-ffi-test-build; \
		$(MAKE) --no-print-directory xiangqi-ffi-test-run; \
		$(MAKE) --no-print-directory xiangqi-ffi-test-valgrind; \
		$(MAKE) --no-print-directory xiangqi-install-test; \
	}
	@echo "xiangqi-ffi-test: all xiangqi C API checks passed"

# A function added to the header without a test fails here.
xiangqi-ffi-exports-check:
	@TIMEFORMAT='==> xiangqi-ffi-exports-check took %0R s'; time \
		tests/c/check-exports.sh $(XQ_HEADER) tests/c/xiangqi xiangqi_

xiangqi-ffi-test-build: $(XQ_BUILD)/c_tests $(XQ_BUILD)/c_tests_cxx $(XQ_BUILD)/c_tests_asan \
	$(XQ_DATA)

$(XQ_BUILD)/c_tests: $(XQ_TEST_DEPS)
	@mkdir -p $(@D)
	@TIMEFORMAT='==> xiangqi C tests built as C99 in %0R s'; time \
		gcc $(XQ_CFLAGS) $(XQ_DEFINES) $(XQ_INCLUDES) $(XQ_TEST_SOURCES) $(XQ_STATIC_LIB) \
			$(XQ_SYSTEM_LIBS) -o $@

$(XQ_BUILD)/c_tests_cxx: $(XQ_TEST_DEPS)
	@mkdir -p $(@D)
	@TIMEFORMAT='==> xiangqi C tests built as C++11 in %0R s'; time \
		g++ $(XQ_CXXFLAGS) $(XQ_DEFINES) $(XQ_INCLUDES) $(XQ_TEST_SOURCES) -x none \
			$(XQ_STATIC_LIB) $(XQ_SYSTEM_LIBS) -o $@

$(XQ_BUILD)/c_tests_asan: $(XQ_TEST_DEPS)
	@mkdir -p $(@D)
	@TIMEFORMAT='==> xiangqi C tests built with AddressSanitizer and UBSan in %0R s'; time \
		gcc $(XQ_CFLAGS) $(XQ_ASAN_FLAGS) $(XQ_DEFINES) $(XQ_INCLUDES) $(XQ_TEST_SOURCES) \
			$(XQ_STATIC_LIB) $(XQ_SYSTEM_LIBS) -o $@

$(XQ_DATA): $(XQ_DATA_SOURCES) tests/c/xiangqi/data_to_tsv.py
	@mkdir -p $(@D)
	python3 tests/c/xiangqi/data_to_tsv.py $(XQ_DATA_SOURCES) $@

xiangqi-ffi-test-run: xiangqi-ffi-test-build
	@TIMEFORMAT='==> xiangqi C tests (C99) took %0R s'; time \
		$(XQ_BUILD)/c_tests $(XQ_DATA) $(XQ_PERFT_LIMIT) $(XQ_NOTATION) $(XQ_CORPUS)
	@TIMEFORMAT='==> xiangqi C tests (C++11) took %0R s'; time \
		$(XQ_BUILD)/c_tests_cxx $(XQ_DATA) $(XQ_PERFT_LIMIT) $(XQ_NOTATION) $(XQ_CORPUS)
	@TIMEFORMAT='==> xiangqi C tests (AddressSanitizer, UBSan) took %0R s'; time \
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
		$(XQ_BUILD)/c_tests_asan $(XQ_DATA) $(XQ_PERFT_LIMIT) $(XQ_NOTATION) $(XQ_CORPUS)

xiangqi-ffi-test-valgrind: xiangqi-ffi-test-build
	@TIMEFORMAT='==> xiangqi C tests under valgrind took %0R s'; time \
		$(XQ_VALGRIND) $(XQ_BUILD)/c_tests $(XQ_DATA) $(XQ_VALGRIND_PERFT_LIMIT) $(XQ_NOTATION) $(XQ_CORPUS)

xiangqi-install: xiangqi-ffi-lib
	install -d '$(DESTDIR)$(PREFIX)/include' '$(DESTDIR)$(PREFIX)/lib/pkgconfig' \
		'$(DESTDIR)$(PREFIX)/lib/cmake/xiangqi_rules'
	install -m 644 $(XQ_HEADER) '$(DESTDIR)$(PREFIX)/include/xiangqi_rules.h'
	install -m 644 $(XQ_STATIC_LIB) '$(DESTDIR)$(PREFIX)/lib/libxiangqi_rules.a'
	install -m 755 $(XQ_SHARED_LIB) '$(DESTDIR)$(PREFIX)/lib/$(XQ_SHARED_FILE)'
	ln -sfn $(XQ_SHARED_FILE) '$(DESTDIR)$(PREFIX)/lib/$(XQ_SONAME)'
	ln -sfn $(XQ_SONAME) '$(DESTDIR)$(PREFIX)/lib/libxiangqi_rules.so'
	for pc in xiangqi_rules xiangqi_rules-shared; do \
		sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(XQ_VERSION)|g' pkgconfig/$$pc.pc.in \
			> '$(DESTDIR)$(PREFIX)/lib/pkgconfig/'$$pc.pc; \
	done
	for file in xiangqi_rulesConfig xiangqi_rulesConfigVersion; do \
		sed -e 's|@VERSION@|$(XQ_VERSION)|g' -e 's|@SOVERSION@|$(XQ_SOVERSION)|g' \
			cmake/$$file.cmake.in > '$(DESTDIR)$(PREFIX)/lib/cmake/xiangqi_rules/'$$file.cmake; \
	done

xiangqi-install-test: xiangqi-ffi-lib
	@mkdir -p $(XQ_BUILD)
	@TIMEFORMAT='==> install-cmake took %0R s'; time scripts/install-cmake.sh > $(XQ_BUILD)/cmake-path
	@TIMEFORMAT='==> xiangqi-install-test took %0R s'; time \
		tests/c/install-test.sh '$(MAKE)' '$(CARGO_TARGET_DIR)' \
			"$$(tail -n 1 $(XQ_BUILD)/cmake-path)" '$(XQ_VERSION)' xiangqi_rules
