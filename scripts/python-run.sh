#!/usr/bin/env bash
# Runs a test virtualenv's Python without a Rust toolchain in reach:
#   scripts/python-run.sh VENV ARGS...   runs VENV/bin/python ARGS... with a PATH of VENV/bin and
#                                        the current PATH less every directory holding cargo,
#                                        rustc or rustup, after checking that neither cargo nor
#                                        rustc is found with it (exit status 1 if one is)
# So whatever pip installs or the tests import is the built wheel: a build from source fails.
set -euo pipefail

norust=
IFS=: read -r -a dirs <<< "$PATH"
for dir in "${dirs[@]}"; do
    [ -n "$dir" ] || continue
    if [ -e "$dir/cargo" ] || [ -e "$dir/rustc" ] || [ -e "$dir/rustup" ]; then continue; fi
    norust=${norust:+$norust:}$dir
done

venv=$1
shift
path="$venv/bin:$norust"
for tool in cargo rustc; do
    if found=$(PATH="$path"; command -v "$tool"); then
        echo "python-run: $tool is still on PATH ($found); the tests must run without Rust" >&2
        exit 1
    fi
done
# CARGO and RUSTC could name the tools without PATH. pip takes wheels only (PIP_ONLY_BINARY), and
# maturin's build backend, should it run all the same, may not fetch a Rust toolchain of its own
# (MATURIN_NO_INSTALL_RUST).
exec env -u CARGO -u RUSTC -u RUSTUP_TOOLCHAIN PATH="$path" VIRTUAL_ENV="$venv" \
    PIP_ONLY_BINARY=:all: MATURIN_NO_INSTALL_RUST=1 "$venv/bin/python" "$@"
