# The Python package shogi-py (`import shogi_rules`), built with maturin into the project
# virtualenv .venv.
#
#   python-env    scripts/python-env.sh: creates .venv, installs the pinned maturin, pytest and
#                 mypy (shogi-py/requirements-dev.txt), then `pip install ./shogi-py` (a
#                 release wheel); skips each step whose inputs did not change       ~3 min cold
#   python-test   python-env, then:
#                   pytest      shogi-py/tests against the installed package
#                   stubtest    mypy.stubtest: _core.pyi matches the built module       ~10 s
#                   fmt, clippy cargo fmt --check and clippy -D warnings on the binding
#                               crate (its own workspace, shogi-py/Cargo.toml)          ~1 min
#   python-bench  shogi-py/bench/run.sh: shogi_rules against cshogi and python-shogi in the
#                 bench's own virtualenv (PYTHON_BENCH_ARGS, e.g. --quick, go to bench.py)

VENV_PYTHON := .venv/bin/python
SHOGI_PY_MANIFEST := shogi-py/Cargo.toml
PYTHON_BENCH_ARGS ?=

.PHONY: python-env python-test python-pytest python-stubtest python-lint python-bench

python-env:
	@TIMEFORMAT='==> python-env took %0R s'; time scripts/python-env.sh

python-test: python-env
	@TIMEFORMAT='==> python-test took %0R s'; time { \
		$(MAKE) --no-print-directory python-pytest; \
		$(MAKE) --no-print-directory python-stubtest; \
		$(MAKE) --no-print-directory python-lint; \
	}
	@echo "python-test: all Python package checks passed"

python-pytest:
	@TIMEFORMAT='==> pytest took %0R s'; time \
		$(VENV_PYTHON) -m pytest shogi-py/tests -q

# Run from shogi-py/ so that the installed package, not a source folder, is what gets imported.
python-stubtest:
	@TIMEFORMAT='==> stubtest took %0R s'; time \
		(cd shogi-py && ../$(VENV_PYTHON) -m mypy.stubtest shogi_rules \
			--allowlist stubtest-allowlist.txt)

python-lint:
	@TIMEFORMAT='==> shogi-py fmt and clippy took %0R s'; time { \
		$(CARGO) fmt --manifest-path $(SHOGI_PY_MANIFEST) -- --check; \
		PYO3_PYTHON="$(CURDIR)/$(VENV_PYTHON)" $(CARGO) clippy --manifest-path $(SHOGI_PY_MANIFEST) \
			--all-targets -- -D warnings; \
	}

python-bench:
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
