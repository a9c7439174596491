#!/usr/bin/env bash
# Installs the engines the tests talk to, from Debian's packages: fairy-stockfish (a UCI/USI
# engine of many variants: the xiangqi perft and move-set oracle, and a USI shogi opponent) and
# gpsshogi (its gpsusi program is a USI shogi engine). Both land in /usr/games.
#
# Does nothing when both programs are there already. Otherwise runs `apt-get update` and
# `apt-get install`, as root or through sudo; fails when neither is possible.
set -euo pipefail

have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/games/$1" ]; }
if have fairy-stockfish && have gpsusi; then
    echo "==> engines: fairy-stockfish and gpsusi installed"
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    apt=(apt-get)
elif command -v sudo >/dev/null 2>&1; then
    apt=(sudo apt-get)
else
    echo "install-engines: need root or sudo to run apt-get install fairy-stockfish gpsshogi" >&2
    exit 1
fi
echo "==> engines: apt-get install fairy-stockfish gpsshogi"
DEBIAN_FRONTEND=noninteractive "${apt[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq fairy-stockfish gpsshogi >/dev/null
have fairy-stockfish && have gpsusi \
    || { echo "install-engines: fairy-stockfish or gpsusi missing after the install" >&2; exit 1; }
echo "==> engines: installed"
