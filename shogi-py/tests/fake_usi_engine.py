"""A scripted USI engine for test_engine.py: `python fake_usi_engine.py MODE`.

MODE decides how it misbehaves:
  normal     plays 7g7f (as sente) or 3c3d (as gote) after one info line; finds no mate
  crash      exits with status 3 (a line on stderr first) when told to go
  illegal    answers go with an illegal move (5e5d)
  garbage    sends unreadable lines during the handshake and the search, then plays as normal
  noreadyok  never answers isready
  late       answers go only when told to stop
  silent     never answers go
  slow       waits 0.5 s before answering go
"""

import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "normal"


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


turn = "b"
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command == "usi":
        send("id name Fake " + mode)
        send("id author shogi-py tests")
        if mode == "garbage":
            send("option name Broken type nonsense")
            send("   ")
        send("option name Threads type spin default 1 min 1 max 8")
        send("option name Ponder type check default false")
        send("option name Style type combo default Normal var Normal var Risky")
        send("option name Clear Hash type button")
        send("option name BookFile type string default <empty>")
        send("usiok")
    elif command == "isready":
        if mode != "noreadyok":
            send("readyok")
    elif command == "position":
        moves = words[words.index("moves") + 1 :] if "moves" in words else []
        start_gote = len(words) > 3 and words[1] == "sfen" and words[3] == "w"
        turn = "w" if (len(moves) % 2 == 1) != start_gote else "b"
    elif command == "go":
        best = "7g7f" if turn == "b" else "3c3d"
        if "mate" in words:
            send("checkmate nomate")
            continue
        if mode == "crash":
            sys.stderr.write("fake engine: crashing on purpose\n")
            sys.stderr.flush()
            sys.exit(3)
        if mode == "illegal":
            send("bestmove 5e5d")
        elif mode == "garbage":
            send("info depth x")
            send("\x07 what is this")
            send("info depth 1 score cp 12 pv " + best + " 5e5d")
            send("bestmove " + best)
        elif mode in ("late", "silent"):
            pass
        else:
            if mode == "slow":
                time.sleep(0.5)
            send("info depth 1 currmove 1g1f hashfull 7")
            send("info depth 1 seldepth 2 nodes 10 currmove " + best + " score cp 12 lowerbound pv " + best)
            send("bestmove " + best)
    elif command == "stop":
        if mode == "late":
            send("bestmove 7g7f")
    elif command == "quit":
        break
