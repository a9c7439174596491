#!/usr/bin/env python3
"""Converts tests/data/cases.json to the tab-separated lines the C tests read.

The C tests run the same rule cases as the Rust tests; parsing JSON in C would need a JSON
library, so this script flattens the file at test time (the output is a build product, never
committed). Every field is checked to hold no tab or line break.

Output, one line per entry (empty fields stay empty):
  case <TAB> name <TAB> kind <TAB> sfen <TAB> move <TAB> expect <TAB> reason <TAB> derived_sfen <TAB> derived_moves
  sequence <TAB> name <TAB> start_sfen <TAB> moves <TAB> expect
  total <TAB> number of case and sequence lines above
Booleans are written `true` / `false`, counts in decimal, move lists space-separated.
"""
import json
import sys


def field(value):
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = ""
    else:
        text = str(value)
    if any(c in text for c in "\t\r\n"):
        raise SystemExit(f"field {text!r} holds a tab or a line break")
    return text


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: cases_to_tsv.py CASES.json OUT.tsv")
    with open(sys.argv[1], encoding="utf-8") as f:
        data = json.load(f)
    lines = []
    for case in data["cases"]:
        derived = case.get("derived_from") or {}
        lines.append([
            "case", case["name"], case["kind"], case["sfen"], case.get("move"),
            case["expect"], case.get("reason"), derived.get("sfen"),
            " ".join(derived.get("moves", [])),
        ])
    for seq in data["sequences"]:
        lines.append(["sequence", seq["name"], seq["start_sfen"], " ".join(seq["moves"]),
                      seq["expect"]])
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        for line in lines:
            out.write("\t".join(field(v) for v in line) + "\n")
        out.write(f"total\t{len(lines)}\n")


if __name__ == "__main__":
    main()
