#!/usr/bin/env bash
# Installs cargo-fuzz, which `make fuzz-smoke` needs, unless it is already installed.
# The fuzz targets themselves also need a nightly toolchain; this script does not install one.
set -euo pipefail

if cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz already installed: $(cargo fuzz --version)"
    exit 0
fi

echo "installing cargo-fuzz from crates.io"
cargo install cargo-fuzz --locked
cargo fuzz --version
