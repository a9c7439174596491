"""Shared helpers of the shogi_rules test suite.

The conformance data is read from the repository's ``tests/data`` (shared
with the Rust tests and the other bindings); set ``SHOGI_TEST_DATA`` to use
another copy.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from shogi_rules import GameRecord

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("SHOGI_TEST_DATA", REPO / "tests" / "data"))
CORPUS = DATA / "corpus"

START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
MATSURI_SFEN = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

# Record folders of the corpus.
RECORD_FOLDERS = ("kif", "ki2", "csa", "jkf")


def require_data() -> None:
    if not DATA.is_dir():
        pytest.fail(f"conformance data not found at {DATA} (set SHOGI_TEST_DATA)")


@dataclass
class PerftRecord:
    id: str
    line: int
    sfen: str = ""
    unvalidated: bool = False
    counts: list[tuple[int, int]] = field(default_factory=list)


def load_perft(name: str) -> list[PerftRecord]:
    """Parses a ``.perft`` file (format at the top of each file)."""
    require_data()
    path = DATA / "perft" / name
    records: list[PerftRecord] = []
    current: PerftRecord | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            if current is not None:
                records.append(current)
                current = None
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            assert current is None, f"{path}:{number}: id inside a record"
            current = PerftRecord(value, number)
            continue
        assert current is not None, f"{path}:{number}: {key} before id"
        if key == "sfen":
            current.sfen = value
        elif key == "unvalidated":
            current.unvalidated = True
        elif key == "perft":
            depth, nodes = value.split()
            current.counts.append((int(depth), int(nodes)))
        else:
            raise AssertionError(f"{path}:{number}: unknown key {key}")
    if current is not None:
        records.append(current)
    return records


def load_cases() -> dict:
    require_data()
    return json.loads((DATA / "cases.json").read_text(encoding="utf-8"))


def record_files() -> list[tuple[str, str]]:
    """Every record file of the corpus as (path relative to the corpus, folder)."""
    require_data()
    files = []
    for folder in RECORD_FOLDERS:
        for source in sorted((CORPUS / folder).iterdir()):
            for path in sorted(source.iterdir()):
                files.append((path.relative_to(CORPUS).as_posix(), folder))
    return files


def deep_kif(depth: int) -> str:
    """A KIF record whose variations nest ``depth`` deep: each variation branches from the one
    before it, and the kings walk back and forth so that every line is legal at every depth (as
    ``deep_kif`` of shogi-rules/tests/hostile.rs)."""
    out = ["手数----指手---------消費時間--\n"]
    shuttle = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"]
    for i, m in enumerate(shuttle):
        out.append(f"{i + 1:>4} {m}\n")
    ply = 1
    for _ in range(depth):
        ply += 1
        out.append(f"\n変化：{ply}手\n")
        for k in range(3):
            i = ply - 1 + k
            if i % 2 == 0:
                m = ["５八玉(59)", "５九玉(58)"][i // 2 % 2]
            else:
                m = ["４二玉(51)", "５一玉(42)"][i // 2 % 2]
            out.append(f"{ply + k:>4} {m}\n")
    return "".join(out)


def rebuild_record(record):
    """The record built again from nothing through the editing methods, from what the reading
    API gives, walking the variations with a stack."""
    out = GameRecord(record.start)
    for name, value in record.header_list:
        out.add_header(name, value)
    comments = record.comments
    for c in comments[: len(comments) - len(record.end_comments)]:
        if c.ply == 0:
            out.add_comment(0, c.text, c.kind)
    for m in record.moves:
        out.push(m)
    copy_line(record, out, None)
    stack = [(v, None) for v in reversed(record.variations)]
    while stack:
        source, parent = stack.pop()
        moves = source.moves
        target = out.add_variation(source.ply, moves[:1], line=parent)
        for m in moves[1:]:
            out.push(m, line=target)
        copy_line(source, out, target)
        stack.extend((v, target) for v in reversed(source.variations))
    return out


def copy_line(source, out, line) -> None:
    """Copies the times, comments and end of `source` (the record's main line or a variation)
    onto `line` of `out`, whose moves are there."""
    first = 1 if line is None else source.ply
    for i, time in enumerate(source.move_times):
        out.set_time(first + i, time, line=line)
    end_comments = source.end_comments
    move_comments = source.comments[: len(source.comments) - len(end_comments)]
    for c in move_comments:
        if c.ply >= first:
            out.add_comment(c.ply, c.text, c.kind, line=line)
    out.set_end(source.end, time=source.end_time, comments=end_comments, line=line)
