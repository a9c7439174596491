# The Python package shogi-py (`import shogi_rules`): built once into a portable wheel, then
# tested the way users get it, from that wheel, on the oldest, a middle and the newest supported
# Python.
# Times measured on a busy 2-core machine, from a fresh clone (load about 10); python-test took
# about 11 min cold, about 2.5 min after a change of the binding and about 1 min when nothing
# changed (pytest is most of that).
#
#   wheel         scripts/build-wheel.sh: the pinned maturin, zig and auditwheel
#                 (shogi-py/requirements-build.txt) in .venvs/build, then into target/wheels/
#                 the sdist and, built from it, a cp39-abi3 wheel for CPython 3.9 and later
#                 and a cp310-abi3 wheel (array calls) for 3.10 and later, each
#                 linked by zig against glibc 2.17: tagged manylinux2014 / manylinux_2_17
#                 x86_64 (the release build with fat LTO is most of the time); skipped
#                 when its inputs did not change              ~3-5 min cold, ~1.5 min warm, ~1 s
#   wheel-check   scripts/check-wheel.sh: two wheels and one sdist; the wheels' tags; `auditwheel
#                 show` finds the extension consistent with manylinux_2_17 (or older), else
#                 it fails; LICENSE in both                                                ~2 s
#   python-env    wheel-check, then scripts/python-env.sh: .venvs/py3.9, py3.11 and py3.13 from
#                 pyenv's interpreters (PYTHON_TEST_VERSIONS), each with the pinned pytest (and
#                 mypy) of shogi-py/requirements-dev.txt and the wheel pip picks (cp39-abi3 on
#                 3.9, cp310-abi3 from 3.10 on; checked) installed from target/wheels with a PATH
#                 that holds no cargo or rustc (checked); skips each unchanged step  ~1 min cold, ~1 s
#   python-test   python-env, then (pytest and stubtest with that PATH, scripts/python-run.sh):
#                   pytest      shogi-py/tests against the installed wheel, from the repository
#                               root (the test data is tests/data), on each Python ~3x20-35 s;
#                               with REQUIRE_ENGINES=1, so that the engine tests fail instead
#                               of skipping when Fairy-Stockfish or gpsusi is missing
#                   stubtest    mypy.stubtest on the newest Python: _core.pyi matches the
#                               module the wheel installed                               ~5 s
#                   fmt, clippy cargo fmt --check and clippy -D warnings on the binding crate
#                               (its own workspace, shogi-py/Cargo.toml), with the default
#                               abi3-py39 feature and without it (where Python 3.10's
#                               array calls are compiled), and its unit tests (the move
#                               labels and feature planes of src/training); and of board-py,
#                               the crate both bindings share, with its unit tests
#                                                                    ~3 min cold, ~1-10 s
#   python-bench  shogi-py/bench/run.sh: shogi_rules against cshogi and python-shogi in the
#                 bench's own virtualenv (PYTHON_BENCH_ARGS, e.g. --quick, go to bench.py); with
#                 PYTHON_BENCH_ARGS=--engine, the USI client against cshogi.usi.Engine
#                 (engine_bench.py); with --training, the training data formats and
#                 `shogi training convert` against cshogi (training_bench.py, needs
#                 target/release/shogi)

SHOGI_PY_MANIFEST := shogi-py/Cargo.toml
PYTHON_TEST_VERSIONS ?= 3.9 3.11 3.13
# The newest tested Python runs stubtest.
PYTHON_STUBTEST_VERSION := $(lastword $(PYTHON_TEST_VERSIONS))
PYTHON_BENCH_ARGS ?=
export PYTHON_TEST_VERSIONS

.PHONY: wheel wheel-check python-env python-test python-pytest python-stubtest python-lint \
	python-bench

wheel:
	@TIMEFORMAT='==> wheel took %0R s'; time scripts/build-wheel.sh

wheel-check: wheel
	@TIMEFORMAT='==> wheel-check took %0R s'; time scripts/check-wheel.sh

python-env: wheel-check
	@TIMEFORMAT='==> python-env took %0R s'; time scripts/python-env.sh

python-test: engines python-env
	@TIMEFORMAT='==> python-test took %0R s'; time { \
		$(MAKE) --no-print-directory python-pytest; \
		$(MAKE) --no-print-directory python-stubtest; \
		$(MAKE) --no-print-directory python-lint; \
	}
	@echo "python-test: all Python package checks passed"

# From the repository root, where neither shogi_rules nor a path to it is importable: the
# package comes from the virtualenv's site-packages (checked), the data from tests/data.
IMPORTED_FROM_VENV := import shogi_rules, sys; w = shogi_rules.__file__; \
	print("==> Python", sys.version.split()[0], "imports", w); sys.exit(not w.startswith(sys.prefix))
export IMPORTED_FROM_VENV
python-pytest:
	@for version in $(PYTHON_TEST_VERSIONS); do \
		venv=.venvs/py$$version; \
		scripts/python-run.sh $$venv -c "$$IMPORTED_FROM_VENV"; \
		TIMEFORMAT="==> pytest on Python $$version took %0R s"; time \
			REQUIRE_ENGINES=1 scripts/python-run.sh $$venv -m pytest shogi-py/tests -q; \
	done

# Run from shogi-py/ so that the installed package, not a source folder, is what gets imported.
python-stubtest:
	@TIMEFORMAT='==> stubtest took %0R s'; time \
		(cd shogi-py && ../scripts/python-run.sh ../.venvs/py$(PYTHON_STUBTEST_VERSION) \
			-m mypy.stubtest shogi_rules --allowlist stubtest-allowlist.txt)

# Clippy with the default feature (the abi3-py39 wheel's code) and without it for Python 3.10
# and later, which compiles the array calls of src/fastcall.rs, and the binding's unit tests;
# and board-py, the crate both bindings share (its own workspace too), with its unit tests.
BOARD_PY_MANIFEST := board-py/Cargo.toml
python-lint:
	@TIMEFORMAT='==> shogi-py and board-py fmt and clippy took %0R s'; time { \
		$(CARGO) fmt --manifest-path $(BOARD_PY_MANIFEST) -- --check && \
		PYO3_PYTHON="$(CURDIR)/.venvs/py$(PYTHON_STUBTEST_VERSION)/bin/python" $(CARGO) clippy \
			--manifest-path $(BOARD_PY_MANIFEST) --all-targets -- -D warnings && \
		PYO3_PYTHON="$(CURDIR)/.venvs/py$(PYTHON_STUBTEST_VERSION)/bin/python" $(CARGO) test \
			--manifest-path $(BOARD_PY_MANIFEST) || exit 1; \
		$(CARGO) fmt --manifest-path $(SHOGI_PY_MANIFEST) -- --check; \
		PYO3_PYTHON="$(CURDIR)/.venvs/py$(PYTHON_STUBTEST_VERSION)/bin/python" $(CARGO) clippy \
			--manifest-path $(SHOGI_PY_MANIFEST) --all-targets -- -D warnings; \
		PYO3_PYTHON="$(CURDIR)/.venvs/py$(PYTHON_STUBTEST_VERSION)/bin/python" $(CARGO) clippy \
			--manifest-path $(SHOGI_PY_MANIFEST) --all-targets --no-default-features -- -D warnings; \
		PYO3_PYTHON="$(CURDIR)/.venvs/py$(PYTHON_STUBTEST_VERSION)/bin/python" $(CARGO) test \
			--manifest-path $(SHOGI_PY_MANIFEST) --lib; \
	}

python-bench: wheel-check
	@TIMEFORMAT='==> python-bench took %0R s'; time \
		shogi-py/bench/run.sh $(PYTHON_BENCH_ARGS)

# python-freethreaded-check: the binding builds for free-threaded CPython (Py_GIL_DISABLED;
# pyo3 0.30 supports it from 3.14 on), which has no stable ABI: cargo check and clippy
# -D warnings without the default `abi3` feature, against the interpreter description
# shogi-py/pyo3-freethreaded-3.14.txt (no such interpreter is needed), in a target directory of
# their own so that they rebuild nothing of the normal build.                        ~1-2 min
.PHONY: python-freethreaded-check
python-freethreaded-check:
	@TIMEFORMAT='==> python-freethreaded-check took %0R s'; time { \
		export PYO3_CONFIG_FILE="$(CURDIR)/shogi-py/pyo3-freethreaded-3.14.txt"; \
		$(CARGO) check --manifest-path $(SHOGI_PY_MANIFEST) --no-default-features \
			--all-targets --target-dir shogi-py/target/freethreaded; \
		$(CARGO) clippy --manifest-path $(SHOGI_PY_MANIFEST) --no-default-features \
			--all-targets --target-dir shogi-py/target/freethreaded -- -D warnings; \
	}

# The Python package xiangqi-py (`import xiangqi_rules`), built, checked and tested as shogi-py
# is, by the same scripts with PACKAGE=xiangqi: the cp39-abi3 and cp310-abi3 wheels and the
# sdist into target/wheels/ (xiangqi_rules-*), auditwheel's manylinux_2_17 check, the wheel
# installed without Rust on PATH into the same .venvs/py3.9, py3.11 and py3.13 (stamps of its
# own), pytest of xiangqi-py/tests on each (the data is xiangqi-rules/tests/data), stubtest on
# the newest, cargo fmt --check and clippy -D warnings of the binding (its own workspace,
# xiangqi-py/Cargo.toml). Measured on the busy 2-core machine (load about 3.5), with the
# virtualenvs there: about 2 min cold (the two release builds with fat LTO, ~75 s, and clippy,
# ~25 s, are most of it), about 1.5 min after a change of the binding and about 10 s when
# nothing changed (pytest, 284 tests, takes about 3 s on each Python).
#
#   xiangqi-wheel        scripts/build-wheel.sh with PACKAGE=xiangqi
#   xiangqi-wheel-check  scripts/check-wheel.sh with PACKAGE=xiangqi
#   xiangqi-python-env   scripts/python-env.sh with PACKAGE=xiangqi
#   xiangqi-python-test  all of the above, then pytest, stubtest, fmt and clippy
XIANGQI_PY_MANIFEST := xiangqi-py/Cargo.toml

.PHONY: xiangqi-wheel xiangqi-wheel-check xiangqi-python-env xiangqi-python-test \
	xiangqi-python-pytest xiangqi-python-stubtest xiangqi-python-lint

xiangqi-wheel:
	@TIMEFORMAT='==> xiangqi-wheel took %0R s'; time PACKAGE=xiangqi scripts/build-wheel.sh

xiangqi-wheel-check: xiangqi-wheel
	@TIMEFORMAT='==> xiangqi-wheel-check took %0R s'; time PACKAGE=xiangqi scripts/check-wheel.sh

xiangqi-python-env: xiangqi-wheel-check
	@TIMEFORMAT='==> xiangqi-python-env took %0R s'; time PACKAGE=xiangqi scripts/python-env.sh

xiangqi-python-test: xiangqi-python-env
	@TIMEFORMAT='==> xiangqi-python-test took %0R s'; time { \
		$(MAKE) --no-print-directory xiangqi-python-pytest && \
		$(MAKE) --no-print-directory xiangqi-python-stubtest && \
		$(MAKE) --no-print-directory xiangqi-python-lint; \
	}
	@echo "xiangqi-python-test: all xiangqi Python package checks passed"

# From the repository root, where neither xiangqi_rules nor a path to it is importable: the
# package comes from the virtualenv's site-packages (checked).
XIANGQI_IMPORTED_FROM_VENV := import xiangqi_rules, sys; w = xiangqi_rules.__file__; \
	print("==> Python", sys.version.split()[0], "imports", w); sys.exit(not w.startswith(sys.prefix))
export XIANGQI_IMPORTED_FROM_VENV
xiangqi-python-pytest:
	@set -e; for version in $(PYTHON_TEST_VERSIONS); do \
		venv=.venvs/py$$version; \
		scripts/python-run.sh $$venv -c "$$XIANGQI_IMPORTED_FROM_VENV"; \
		TIMEFORMAT="==> xiangqi pytest on Python $$version took %0R s"; time \
			scripts/python-run.sh $$venv -m pytest xiangqi-py/tests -q -p no:cacheprovider; \
	done

# Run from xiangqi-py/ so that the installed package, not a source folder, is what gets imported.
xiangqi-python-stubtest:
	@TIMEFORMAT='==> xiangqi stubtest took %0R s'; time \
		(cd xiangqi-py && ../scripts/python-run.sh ../.venvs/py$(PYTHON_STUBTEST_VERSION) \
			-m mypy.stubtest xiangqi_rules --allowlist stubtest-allowlist.txt)

# Clippy with the default feature (the abi3-py39 wheel's code) and with abi3-py310 (the
# cp310-abi3 wheel's).
xiangqi-python-lint:
	@TIMEFORMAT='==> xiangqi-py fmt and clippy took %0R s'; time { \
		$(CARGO) fmt --manifest-path $(XIANGQI_PY_MANIFEST) -- --check && \
		PYO3_PYTHON="$(CURDIR)/.venvs/py$(PYTHON_STUBTEST_VERSION)/bin/python" $(CARGO) clippy \
			--manifest-path $(XIANGQI_PY_MANIFEST) --all-targets -- -D warnings && \
		PYO3_PYTHON="$(CURDIR)/.venvs/py$(PYTHON_STUBTEST_VERSION)/bin/python" $(CARGO) clippy \
			--manifest-path $(XIANGQI_PY_MANIFEST) --all-targets --no-default-features \
			--features abi3-py310 -- -D warnings; \
	}

# xiangqi-python-freethreaded-check: the binding builds for free-threaded CPython 3.14
# (Py_GIL_DISABLED, no stable ABI), as python-freethreaded-check checks shogi-py's: clippy
# -D warnings without the default `abi3` feature against the same interpreter description
# (shogi-py/pyo3-freethreaded-3.14.txt), in a target directory of its own.          ~20 s
.PHONY: xiangqi-python-freethreaded-check
xiangqi-python-freethreaded-check:
	@TIMEFORMAT='==> xiangqi-python-freethreaded-check took %0R s'; time { \
		export PYO3_CONFIG_FILE="$(CURDIR)/shogi-py/pyo3-freethreaded-3.14.txt"; \
		$(CARGO) clippy --manifest-path $(XIANGQI_PY_MANIFEST) --no-default-features \
			--all-targets --target-dir xiangqi-py/target/freethreaded -- -D warnings; \
	}
