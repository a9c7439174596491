"""Records as python-shogi and pandas users reach for them: reading a file by name, the moves
in any notation, and the record as plain values."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import DATA
from shogi_rules import GameRecord, RecordError, read_record, read_record_file

KIF = """手合割：平手
先手：A
後手：B
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:03/00:00:03)
*a comment
   2 ３四歩(33)   ( 0:01/00:00:01)
   3 ２二角成(88)   ( 0:02/00:00:05)
   4 同　銀(31)   ( 0:04/00:00:05)
   5 投了
"""


@pytest.fixture
def kif_path(tmp_path: Path) -> Path:
    path = tmp_path / "game.kif"
    path.write_text(KIF, encoding="utf-8")
    return path


def test_read_record_file_and_from_file_take_str_and_pathlike(kif_path: Path):
    expected = read_record(KIF)
    for arg in (kif_path, str(kif_path), os.fsencode(kif_path).decode()):
        assert read_record_file(arg) == expected
        assert GameRecord.from_file(arg) == expected
    assert read_record_file(kif_path, "kif") == expected
    with pytest.raises(FileNotFoundError):
        read_record_file(kif_path.with_name("missing.kif"))


def test_a_str_naming_a_file_gets_an_error_that_says_so(kif_path: Path):
    with pytest.raises(RecordError) as info:
        read_record(str(kif_path))
    message = str(info.value)
    assert "existing file" in message and "read_record_file" in message
    # Other text keeps the plain error.
    with pytest.raises(RecordError) as info:
        read_record("no record here")
    assert "existing file" not in str(info.value)


def test_notation_gives_the_main_line_in_every_notation():
    record = read_record(KIF)
    assert record.notation() == record.notation("usi") == ["7g7f", "3c3d", "8h2b+", "3a2b"]
    assert record.notation("western") == ["P-7f", "P-3d", "Bx2b+", "Sx2b"]
    assert record.notation("japanese") == ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]
    assert record.notation("kif") == ["７六歩(77)", "３四歩(33)", "２二角成(88)", "同　銀(31)"]
    assert record.notation("csa") == ["+7776FU", "-3334FU", "+8822UM", "-3122GI"]
    with pytest.raises(ValueError):
        record.notation("ascii")


def test_to_dict_is_plain_values():
    record = read_record(KIF)
    d = record.to_dict()
    assert json.loads(json.dumps(d, ensure_ascii=False)) == d
    assert d["headers"] == record.headers == {"手合割": "平手", "先手": "A", "後手": "B"}
    assert d["start"] == record.start.sfen() and d["handicap"] == "平手"
    assert d["moves"] == record.moves_usi() and d["times"] == [3.0, 1.0, 2.0, 4.0]
    assert d["comments"] == [{"ply": 1, "kind": "normal", "text": "a comment"}]
    assert d["end"] == "resign"
    # Sente, to move after the fourth move, resigned.
    assert d["result"] == {"winner": "gote", "termination": "resignation"}
    empty = GameRecord().to_dict()
    assert empty["moves"] == [] and empty["result"] is None and empty["end"] is None


def test_every_corpus_record_converts_to_a_dict_and_notations():
    files = sorted(p for p in (DATA / "corpus" / "kif").rglob("*.kif"))[:20]
    assert files
    for path in files:
        try:
            record = read_record_file(path)
        except RecordError:
            continue
        d = record.to_dict()
        assert len(d["moves"]) == len(record.moves)
        for notation in ("usi", "western", "japanese", "kif", "csa"):
            assert len(record.notation(notation)) == len(record.moves)
