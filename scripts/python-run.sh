#!/usr/bin/env bash
# Runs a test virtualenv's Python without a Rust toolchain in reach:
#   scripts/python-run.sh VENV ARGS...   runs VENV/bin/python ARGS... with a PATH of VENV/bin and
#                                        the current PATH less every directory holding cargo,
#                                        rustc or rustup, after checking that neither cargo nor
#                                        rustc is found with it (exit status 1 if one is)
# So whatever pip installs or the tests import is the built wheel, never a build from source.
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
# CARGO and RUSTC could name the tools without PATH.
exec env -u CARGO -u RUSTC -u RUSTUP_TOOLCHAIN PATH="$path" VIRTUAL_ENV="$venv" \
    "$venv/bin/python" "$@"
