# Build, test and fuzz entry points for the shogi-rules workspace.
#
# `make test` is the one command that runs every check, in this order. Times measured on a
# busy 2-core machine from a cold target directory (about 20 min in all; the CI budget is 30 min):
#   fmt-check    cargo fmt on the workspace and on the fuzz crate                     ~1 s
#   clippy       clippy -D warnings on the workspace (all targets, all features), on  ~2 min
#                the core's library without features, with `serde` alone and with
#                `jkf` alone (~10 s each)
#                and on the fuzz crate (builds libFuzzer's C++ once)                  ~1 min
#   doc-check    cargo doc of the cores with -D warnings (shogi-rules with all        ~1 min
#                features and none, xiangqi-rules) and of board-clock
#   engines      scripts/install-engines.sh: fairy-stockfish and gpsshogi from Debian's    ~0-60 s
#                packages (apt-get update and install) unless both are installed
#   test-suites  cargo test --release: unit, integration (perft, rule cases, SFEN,    ~5-9 min
#                games, notation, records, CLI, properties; xiangqi-rules' against
#                Fairy-Stockfish, which must be installed; xiangqi-rules' deep perft
#                counts, left out of a plain cargo test) and doc tests; release
#                because perft is heavy; most of the time is compiling (the bench
#                crate builds haitaka and rsshogi); then the core's unit tests
#                without features (debug)                                             ~40 s
#   package-test the crates as published: LICENSE copied into each crate, `cargo package`  ~2-5 min
#                of enum-names, board-clock, shogi-rules, shogi-usi and shogi-cli (cargo builds
#                each extracted crate, the command against the packaged core: ~1 min cold,
#                seconds warm), then
#                `cargo test --release --all-features` inside the extracted shogi-rules
#                (its unit, documentation and self-contained integration tests; the
#                tests that read the repository's data are not packaged): ~3.5 min
#                cold (its release dependencies), ~1.5 min warm (the crate itself)
#   cli-install-test  `cargo install --path shogi-cli` into a temporary root (mk/cli.mk),  ~0-4 min
#                then the installed `shogi --version` and the sample replay; it reuses
#                the target directory, so it is quick when the release build is there
#   ffi-test     the C API from C (mk/ffi.mk): header check, C tests as C99, C++11, under   ~2-4 min
#                ASan/UBSan and valgrind, the C example, the C++17 wrapper's tests, make
#                install with pkg-config (shared, static) and CMake, the README's C block
#   xiangqi-ffi-test  the xiangqi C API (mk/xiangqi-ffi.mk): header check, C tests as C99,   ~0.5-4 min
#                C++11, under ASan/UBSan and valgrind, install with pkg-config and CMake
#   python-test  the Python package (mk/python.mk): the manylinux2014 cp39-abi3 wheel and    ~1-11 min
#                sdist built with maturin and zig, their tags checked with auditwheel; that
#                wheel installed without Rust on PATH into CPython 3.9, 3.11 and 3.13 venvs, pytest
#                in each, mypy stubtest, fmt and clippy of the binding crate
#   python-freethreaded-check  cargo check and clippy of the binding for a free-threaded  ~1-2 min
#                CPython (no abi3; shogi-py/pyo3-freethreaded-3.14.txt)
#   xiangqi-python-test  the same for the xiangqi package (xiangqi-py/): its two wheels,     ~0.2-2 min
#                pytest on 3.9, 3.11 and 3.13, stubtest, fmt and clippy
#   xiangqi-python-freethreaded-check  clippy of xiangqi-py for free-threaded CPython      ~20 s
#   fuzz         `make fuzz-smoke` when a nightly toolchain is installed, otherwise
#                a line saying it was skipped:
#                  install cargo-fuzz when missing                                    ~110 s
#                  build the targets (ASan)                                           ~3 min
#                  fuzz each of the 22 targets for FUZZ_SECONDS (20 s)                ~7 min
# Each step prints how long it took.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.NOTPARALLEL:
.DEFAULT_GOAL := test

CARGO ?= cargo
# The version of every crate of the workspace ([workspace.package] in Cargo.toml).
WORKSPACE_VERSION := $(shell sed -n '/^\[workspace\.package\]/,/^\[/s/^version *= *"\([^"]*\)".*/\1/p' Cargo.toml)
FUZZ_TARGETS := sfen usi_move legality notation_western notation_japanese notation_csa \
	record_read record_kif record_ki2 record_csa record_jkf \
	hostile_kif hostile_ki2 hostile_csa hostile_jkf hostile_usi game_restore usi_message \
	training_decode \
	xiangqi_fen xiangqi_notation xiangqi_pgn
# Seconds of fuzzing per target in the smoke run, and in the long run (make fuzz-long).
FUZZ_SECONDS ?= 20
FUZZ_SECONDS_LONG ?= 600
# Every fuzz run: at most 512 MB of memory, and a 256 KiB stack (ulimit -s, in KiB) so that
# recursion over deeply nested input fails here as it would on a small thread. libFuzzer runs
# the target on the process's main thread (also each child of -fork), which the limit governs.
FUZZ_RSS_MB ?= 512
FUZZ_STACK_KB ?= 256
# The fuzz binaries are run directly rather than through `cargo fuzz run`, so that the stack
# limit applies to them and not to cargo.
FUZZ_BIN = fuzz/target/$$(rustc +nightly -vV | sed -n 's/^host: //p')/release

.PHONY: test fmt-check clippy doc-check engines test-suites package-test fuzz-if-nightly \
	fuzz-smoke fuzz-long bench xiangqi-bench strength perft clean

test: fmt-check clippy doc-check engines test-suites package-test cli-install-test ffi-test \
	xiangqi-ffi-test python-test python-freethreaded-check xiangqi-python-test \
	xiangqi-python-freethreaded-check fuzz-if-nightly
	@echo "make test: all checks passed"

fmt-check:
	@TIMEFORMAT='==> fmt-check took %0R s'; time { \
		$(CARGO) fmt --all -- --check; \
		$(CARGO) fmt --manifest-path fuzz/Cargo.toml -- --check; \
	}

clippy:
	@TIMEFORMAT='==> clippy took %0R s'; time { \
		$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings; \
		$(CARGO) clippy -p shogi-rules --lib --no-default-features -- -D warnings; \
		$(CARGO) clippy -p shogi-rules --lib --no-default-features --features serde -- -D warnings; \
		$(CARGO) clippy -p shogi-rules --lib --no-default-features --features jkf -- -D warnings; \
		$(CARGO) clippy -p xiangqi-rules --lib --no-default-features -- -D warnings; \
		$(CARGO) clippy --manifest-path fuzz/Cargo.toml --all-targets -- -D warnings; \
	}

# The API documentation of the core crates, of the clock they share and of the built-in opponent
# builds without a warning (every intra-doc link resolves); shogi-rules with all features and with
# none.
doc-check:
	@TIMEFORMAT='==> doc-check took %0R s'; time { \
		RUSTDOCFLAGS='-D warnings' $(CARGO) doc -p shogi-rules --all-features --no-deps; \
		RUSTDOCFLAGS='-D warnings' $(CARGO) doc -p shogi-rules --no-default-features --no-deps; \
		RUSTDOCFLAGS='-D warnings' $(CARGO) doc -p xiangqi-rules --all-features --no-deps; \
		RUSTDOCFLAGS='-D warnings' $(CARGO) doc -p board-clock --all-features --no-deps; \
		RUSTDOCFLAGS='-D warnings' $(CARGO) doc -p shogi-ai --no-deps; \
	}

# The engines the tests talk to (Fairy-Stockfish, gpsshogi), from Debian's packages.
engines:
	@TIMEFORMAT='==> engines took %0R s'; time scripts/install-engines.sh

# REQUIRE_ENGINES: a test that compares with an engine fails when the engine is missing,
# instead of saying so and passing as it does for a plain `cargo test`.
test-suites:
	@TIMEFORMAT='==> test-suites took %0R s'; time { \
		REQUIRE_ENGINES=1 $(CARGO) test --release --workspace --all-features --no-fail-fast; \
		$(CARGO) test --release -p xiangqi-rules --test perft -- --ignored; \
		$(CARGO) test -p shogi-rules --lib --no-default-features; \
	}

# The crates as they would be published (see above). `--allow-dirty` packages the working tree
# as it is; cargo warns of each integration test left out of the package. The extracted crate is
# tested where cargo put it, with the workspace's target directory (its path does not change from
# one run to the next, so its build is reused).
PACKAGE_CORE_DIR = $(CARGO_TARGET_DIR)/package/shogi-rules-$(WORKSPACE_VERSION)
# The packaged enum-names, which the extracted core is built against as it would be from the
# registry (a patch of crates.io; the core's packaged lock file names the registry's, so this
# build cannot be --locked).
PACKAGE_NAMES_DIR = $(CARGO_TARGET_DIR)/package/enum-names-$(WORKSPACE_VERSION)
# The packaged board-clock (the game clock), likewise.
PACKAGE_CLOCK_DIR = $(CARGO_TARGET_DIR)/package/board-clock-$(WORKSPACE_VERSION)

# Cargo verifies each packaged crate against the others through a local registry whose sources it
# extracts into $CARGO_HOME/registry/src/-<hash of this target directory>/NAME-VERSION, and it
# never extracts again into a directory that exists: a second run in the same checkout would
# build against the first run's sources. Those directories of the packaged crates go first.
PACKAGED_CRATES = enum-names board-clock shogi-rules shogi-ai shogi-usi board-cli shogi-cli

package-test:
	@TIMEFORMAT='==> package-test took %0R s'; time { \
		for crate in $(PACKAGED_CRATES); do \
			rm -rf "$${CARGO_HOME:-$$HOME/.cargo}"/registry/src/-*/"$$crate-$(WORKSPACE_VERSION)"; \
		done; \
		for crate in enum-names board-clock board-cli ffi-boundary board-py shogi-rules shogi-ai shogi-usi shogi-cli shogi-ffi xiangqi-ffi xiangqi-cli; do \
			if ! cmp -s LICENSE $$crate/LICENSE; then \
				echo "package-test: $$crate/LICENSE is not a copy of LICENSE" >&2; \
				exit 1; \
			fi; \
		done; \
		CARGO_TARGET_DIR='$(CARGO_TARGET_DIR)' \
			$(CARGO) package $(addprefix -p ,$(PACKAGED_CRATES)) --allow-dirty --locked; \
		cd '$(PACKAGE_CORE_DIR)'; \
		CARGO_TARGET_DIR='$(CARGO_TARGET_DIR)' $(CARGO) test --release --all-features \
			--config "patch.crates-io.enum-names.path='$(PACKAGE_NAMES_DIR)'" \
			--config "patch.crates-io.board-clock.path='$(PACKAGE_CLOCK_DIR)'"; \
	}

fuzz-if-nightly:
	@if rustup toolchain list 2>/dev/null | grep -q nightly; then \
		$(MAKE) --no-print-directory fuzz-smoke; \
	else \
		echo "==> fuzz smoke skipped: no nightly toolchain is installed (rustup toolchain list)"; \
	fi

# Installs cargo-fuzz if missing, then fuzzes each target for FUZZ_SECONDS seconds, starting from
# the checked-in seeds (fuzz/seeds/<target>) and the local corpus (fuzz/corpus/<target>, ignored).
# Crash reproducers go to fuzz/artifacts/<target>/.
fuzz-smoke:
	@TIMEFORMAT='==> install-fuzz took %0R s'; time scripts/install-fuzz.sh
	@TIMEFORMAT='==> fuzz build took %0R s'; time \
		(cd fuzz && $(CARGO) +nightly fuzz build)
	@bin=$(FUZZ_BIN); \
	for target in $(FUZZ_TARGETS); do \
		mkdir -p fuzz/corpus/$$target fuzz/artifacts/$$target; \
		dirs="fuzz/corpus/$$target"; \
		if [ -d fuzz/seeds/$$target ]; then dirs="$$dirs fuzz/seeds/$$target"; fi; \
		echo "==> fuzzing $$target for $(FUZZ_SECONDS) s"; \
		(ulimit -s $(FUZZ_STACK_KB) && "$$bin/$$target" $$dirs \
			-artifact_prefix=fuzz/artifacts/$$target/ -rss_limit_mb=$(FUZZ_RSS_MB) \
			-max_total_time=$(FUZZ_SECONDS)); \
	done
	@echo "==> fuzz smoke passed: $(FUZZ_TARGETS)"

# Fuzzes every target for FUZZ_SECONDS_LONG seconds, one after another, going on after crashes
# (libFuzzer's fork mode with one job), and writes one summary line per target to
# fuzz/long-run.txt: executions, seconds and crash reproducers found (in fuzz/artifacts/<target>/).
# Each target's full log is fuzz/logs/<target>.log.
fuzz-long:
	@scripts/install-fuzz.sh
	@cd fuzz && $(CARGO) +nightly fuzz build
	@bin=$(FUZZ_BIN); \
	mkdir -p fuzz/logs; \
	echo "# make fuzz-long, $(FUZZ_SECONDS_LONG) s per target, started $$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
		> fuzz/long-run.txt; \
	for target in $(FUZZ_TARGETS); do \
		mkdir -p fuzz/corpus/$$target fuzz/artifacts/$$target; \
		dirs="fuzz/corpus/$$target"; \
		if [ -d fuzz/seeds/$$target ]; then dirs="$$dirs fuzz/seeds/$$target"; fi; \
		before=$$(ls fuzz/artifacts/$$target | grep -cE '^(crash|oom|timeout|leak)-' || true); \
		echo "==> fuzzing $$target for $(FUZZ_SECONDS_LONG) s"; \
		start=$$SECONDS; \
		(ulimit -s $(FUZZ_STACK_KB) && "$$bin/$$target" $$dirs \
			-artifact_prefix=fuzz/artifacts/$$target/ -rss_limit_mb=$(FUZZ_RSS_MB) \
			-max_total_time=$(FUZZ_SECONDS_LONG) -fork=1 -ignore_crashes=1 \
			-ignore_timeouts=1 -ignore_ooms=1) > fuzz/logs/$$target.log 2>&1 || true; \
		seconds=$$((SECONDS - start)); \
		execs=$$(grep -o '^#[0-9]*' fuzz/logs/$$target.log | tail -n 1 | tr -d '#'); \
		crashes=$$(( $$(ls fuzz/artifacts/$$target | grep -cE '^(crash|oom|timeout|leak)-' || true) - before )); \
		slow=$$(ls fuzz/artifacts/$$target | grep -c '^slow-unit-' || true); \
		line="$$target: executions $${execs:-0}, seconds $$seconds, crashes $$crashes, slow units kept $$slow"; \
		echo "$$line" | tee -a fuzz/long-run.txt; \
	done

bench:
	$(CARGO) run --release -p shogi-bench

# The built-in opponent's levels against each other, a random mover and Fairy-Stockfish, with
# the peak memory of each level (see BENCHMARKS.md, "Strength of the built-in opponent").
strength: engines
	$(CARGO) build --release -p shogi-cli
	$(CARGO) run --release -p shogi-bench --bin strength -- --pair easy:random \
		--pair normal:easy --pair hard:normal --pair hard:fs1 --games 100 --threads 2 \
		--memory --markdown

# xiangqi-rules' perft against Fairy-Stockfish's `go perft` and the chessai crate.
xiangqi-bench: engines
	$(CARGO) run --release -p shogi-bench --bin xiangqi_perft

perft:
	$(CARGO) run --release -p shogi-cli -- perft startpos 5

clean:
	$(CARGO) clean
	$(CARGO) clean --manifest-path fuzz/Cargo.toml

# The `shogi` command's installation, the C API (header, C tests, install) and the Python
# package have their own rule files.
include $(sort $(wildcard mk/*.mk))
