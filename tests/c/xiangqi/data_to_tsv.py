#!/usr/bin/env python3
"""Converts xiangqi-rules/tests/data/cases.json and perft.json to the tab-separated lines the C
tests of the xiangqi C API read.

The C tests run the same rule cases, games and perft counts as the Rust tests; parsing JSON in C
would need a JSON library, so this script flattens the files at test time (the output is a build
product, never committed), as tests/c/cases_to_tsv.py does for the shogi data. Every field is
checked to hold no tab or line break.

Output, one line per entry (empty fields stay empty):
  case <TAB> name <TAB> kind <TAB> fen <TAB> move <TAB> reason <TAB> expected <TAB> checkers
       <TAB> loser <TAB> legal_move_count <TAB> moves
  game <TAB> name <TAB> fen <TAB> moves <TAB> result <TAB> reason <TAB> loser <TAB> end_ply
       <TAB> final_fen
  perft <TAB> name <TAB> fen <TAB> depth <TAB> nodes
  total <TAB> number of case, game and perft lines above
Booleans are written `true` / `false`, counts in decimal, lists space-separated. A game that is
not over has empty result, reason, loser and end_ply. The perft counts are the published ones
where the file has them (they agree with Fairy-Stockfish's), else Fairy-Stockfish's.
"""
import json
import sys


def field(value):
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = ""
    elif isinstance(value, list):
        text = " ".join(value)
    else:
        text = str(value)
    if any(c in text for c in "\t\r\n"):
        raise SystemExit(f"field {text!r} holds a tab or a line break")
    return text


def main():
    if len(sys.argv) != 4:
        raise SystemExit("usage: data_to_tsv.py CASES.json PERFT.json OUT.tsv")
    with open(sys.argv[1], encoding="utf-8") as f:
        cases = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        perft = json.load(f)
    lines = []
    for case in cases["cases"]:
        lines.append([
            "case", case["name"], case["kind"], case["fen"], case.get("move"),
            case.get("reason"), case.get("expected"), case.get("checkers"), case.get("loser"),
            case["legal_move_count"], case.get("moves"),
        ])
    for game in cases["games"]:
        expected = game["expected"] or {}
        lines.append([
            "game", game["name"], game["fen"], game["moves"], expected.get("result"),
            expected.get("reason"), expected.get("loser"), expected.get("end_ply"),
            game["final_fen"],
        ])
    for position in perft["positions"]:
        counts = position.get("published") or position["fairy_stockfish_11_1"]
        for depth, nodes in sorted(counts.items(), key=lambda item: int(item[0])):
            engine = position["fairy_stockfish_11_1"].get(depth)
            if engine is not None and engine != nodes:
                raise SystemExit(f"{position['name']} depth {depth}: {nodes} != {engine}")
            lines.append(["perft", position["name"], position["fen"], depth, nodes])
    with open(sys.argv[3], "w", encoding="utf-8") as out:
        for line in lines:
            out.write("\t".join(field(v) for v in line) + "\n")
        out.write(f"total\t{len(lines)}\n")


if __name__ == "__main__":
    main()
