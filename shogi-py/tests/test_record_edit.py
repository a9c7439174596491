"""Game records built and changed from Python: a record made move by move (headers, comments
of every kind, times with totals, line ends, nested variations) writes KIF that reads back as
the same record; corpus records built again from what the reading API gives equal the
originals and write the same text; every edit is checked (illegal moves, lines ended, names no
file holds, plies out of range, variations of other records or removed ones)."""

from __future__ import annotations

import copy
import pickle

import pytest

from conftest import CORPUS, rebuild_record
from shogi_rules import (
    Comment,
    GameRecord,
    IllegalMoveError,
    Move,
    MoveTime,
    Position,
    ShogiError,
    Variation,
    read_record,
)

# Records with start comments, bookmarks, engine comments, times with and without totals, ends
# with times and comments, and variations nested up to three deep.
TREE_FILES = [
    "kif/kifu-for-js/henka.kif",
    "kif/shogi-kifu-converter/kif-everyday_20211107.kifu",
    "ki2/kifu-for-js/fork.ki2",
    "csa/kifu-for-js/dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa",
]


def build_sample() -> GameRecord:
    record = GameRecord()
    record.set_header("先手", "羽生")
    record.set_header("後手", "谷川")
    record.add_comment(0, "平手の初形")
    record.push("7g7f", time=MoveTime(2, 2), comments=["角道を開ける", Comment("序盤", "bookmark")])
    record.push("3c3d", time=3, comments=[Comment("評価値 50", "engine")])
    record.push("2g2f", time=MoveTime(1, 3))
    variation = record.add_variation(2, ["8c8d", "2g2f"])
    record.push("8d8e", line=variation)
    nested = record.add_variation(3, ["6i7h"], line=variation)
    record.set_end("suspend", line=nested)
    record.set_end("resign", time=MoveTime(5, 8), comments=["まで"])
    return record


def test_a_record_built_move_by_move_reads_back_from_kif_as_itself():
    record = build_sample()
    assert record.header_list == [("先手", "羽生"), ("後手", "谷川")]
    assert record.player("sente") == "羽生"
    assert record.moves_usi() == ["7g7f", "3c3d", "2g2f"]
    assert record.times == [2.0, 3.0, 1.0]
    assert record.move_times == [MoveTime(2, 2), MoveTime(3), MoveTime(1, 3)]
    assert record.end == "resign" and record.end_time == MoveTime(5, 8)
    assert record.end_comments == [Comment("まで", ply=3)]
    assert [(c.ply, c.kind, c.text) for c in record.comments] == [
        (0, "normal", "平手の初形"),
        (1, "normal", "角道を開ける"),
        (1, "bookmark", "序盤"),
        (2, "engine", "評価値 50"),
        (3, "normal", "まで"),
    ]
    [variation] = record.variations
    assert variation.ply == 2
    assert [m.usi() for m in variation.moves] == ["8c8d", "2g2f", "8d8e"]
    [nested] = variation.variations
    assert (nested.ply, nested.end, [m.usi() for m in nested.moves]) == (3, "suspend", ["6i7h"])
    assert record.stated_result is not None and record.stated_result.winner is not None
    for encoding in ("utf-8", "cp932"):
        back = read_record(record.write("kif", encoding))
        assert back == record
    for fmt in ("jkf", "kif"):
        assert read_record(record.write(fmt, None), fmt).write(fmt, None) == record.write(fmt, None)


@pytest.mark.parametrize("relative", TREE_FILES)
def test_corpus_records_built_again_from_python_are_the_same(relative):
    record = read_record(CORPUS / relative)
    again = rebuild_record(record)
    assert again == record
    fmt = relative.split("/")[0]
    for f in sorted({"kif", fmt}):
        assert again.write(f, None) == record.write(f, None)


def test_times_and_comments_are_read_with_their_kinds_and_totals():
    record = read_record(CORPUS / TREE_FILES[0])
    assert record.move_times[0] == MoveTime(2, 2)
    assert record.end == "suspend" and record.end_time == MoveTime(0, 7)
    bookmarks = [c for c in record.comments if c.kind == "bookmark"]
    assert [(c.ply, c.text) for c in bookmarks] == [(0, "読み込み時表示")]
    deep = record.variations[0]
    assert deep.ply == 1 and deep.end == "suspend"
    assert deep.move_times[2] == MoveTime(1, 3)
    assert [(c.ply, c.text) for c in deep.comments] == [(3, "コメント")]
    assert deep.times == [t.used for t in deep.move_times]
    csa = read_record(CORPUS / TREE_FILES[3])
    assert all(c.kind == "engine" for c in csa.comments if 0 < c.ply < 400)
    # CSA has no totals: its reader counts the running total.
    assert csa.move_times[0] == MoveTime(10, 10)
    assert csa.move_times[0].total == 10
    assert len(csa.end_comments) == 14


def test_moves_are_checked_where_they_are_played():
    record = GameRecord()
    assert record.push(Move.from_usi("7g7f", record.start)).usi() == "7g7f"
    with pytest.raises(IllegalMoveError) as e:
        record.push("7g7f")
    assert e.value.reason == "not_a_piece_move"
    with pytest.raises(ShogiError):
        record.push("7g7")
    record.set_end("resign")
    with pytest.raises(ValueError, match="follows the end"):
        record.push("3c3d")
    record.set_end(None)
    assert record.push("3c3d").usi() == "3c3d"
    with pytest.raises(IllegalMoveError):
        record.add_variation(2, ["3c3d", "7g7f"])
    assert record.variations == []
    with pytest.raises(IndexError):
        record.add_variation(3, ["2g2f"])
    with pytest.raises(ShogiError, match="unknown special move"):
        record.set_end("resigned")


def test_headers_are_set_added_and_removed_by_name():
    record = GameRecord("startpos")
    record.add_header("先手", "a")
    record.add_header("棋戦", "b")
    record.add_header("先手", "c")
    record.set_header("先手", "d")
    record.add_header("$SITE", "e")
    assert record.header_list == [("先手", "d"), ("棋戦", "b"), ("$SITE", "e")]
    assert record.headers == {"先手": "d", "棋戦": "b", "$SITE": "e"}
    assert "$SITE:e" in record.write("csa", None)
    record.remove_header("棋戦")
    with pytest.raises(KeyError):
        record.remove_header("棋戦")
    for bad in ("", "a:b", "先手：", "x\ny"):
        with pytest.raises(ShogiError):
            record.set_header(bad, "v")


def test_comments_and_times_are_one_line_and_within_range():
    record = GameRecord()
    record.push("7g7f")
    with pytest.raises(ShogiError, match="one line"):
        record.add_comment(1, "two\nlines")
    with pytest.raises(ShogiError, match="comment kind"):
        record.add_comment(1, "x", "note")
    with pytest.raises(ShogiError):
        Comment("a\rb")
    with pytest.raises(TypeError):
        record.push("3c3d", comments="a string")
    with pytest.raises(IndexError):
        record.add_comment(2, "x")
    with pytest.raises(IndexError):
        record.set_time(0, 1)
    record.set_time(1, 4)
    assert record.move_times == [MoveTime(4)]
    record.set_time(1, None)
    assert record.times == [None]
    record.add_comment(1, "a")
    record.add_comment(0, "start")
    record.clear_comments(1)
    assert [c.text for c in record.comments] == ["start"]
    record.clear_comments(0)
    assert record.comments == []
    for bad in (-1.0, float("nan"), 1e9):
        with pytest.raises(ShogiError):
            MoveTime(bad)
    with pytest.raises(ShogiError):
        MoveTime(1, 1e9)


def test_variations_are_views_of_their_record():
    record = build_sample()
    [variation] = record.variations
    record.push("2f2e", line=variation)
    assert variation.moves[-1].usi() == "2f2e"
    other = build_sample()
    with pytest.raises(ShogiError, match="another record"):
        other.push("2f2e", line=variation)
    # Removing a variation numbers the others again: views taken before name no line.
    second = record.add_variation(1, ["2g2f"])
    record.remove_variation(second)
    with pytest.raises(ShogiError, match="gone"):
        variation.moves
    with pytest.raises(ShogiError, match="gone"):
        record.push("2g2f", line=second)
    [variation] = record.variations
    assert variation.moves[-1].usi() == "2f2e"
    record.remove_variation(variation)
    assert record.variations == []
    assert record.write("kif", None) == read_record(record.write("kif")).write("kif", None)


def test_an_empty_record_starts_where_it_is_told():
    sfen = "4k4/9/9/9/9/9/9/9/4K4 b G 5"
    record = GameRecord(Position.from_sfen(sfen))
    assert record.start.sfen() == sfen and record.moves == [] and record.handicap is None
    assert GameRecord().handicap == "平手"
    record.push("G*5b")
    assert read_record(record.write("kif")) == record
    with pytest.raises(ShogiError, match="move number"):
        GameRecord("4k4/9/9/9/9/9/9/9/4K4 b G 100000001")


def test_built_records_pickle_copy_and_compare():
    record = build_sample()
    assert pickle.loads(pickle.dumps(record)) == record
    twin = copy.copy(record)
    assert twin == record
    twin.set_header("棋戦", "x")
    assert twin != record and "棋戦" not in record.headers
    deep = copy.deepcopy(record)
    deep.set_end(None)
    deep.push("8c8d")
    assert len(deep.moves) == len(record.moves) + 1 and record.end == "resign"
    with pytest.raises(TypeError):
        hash(record)
    [variation] = record.variations
    back = pickle.loads(pickle.dumps(variation))
    assert isinstance(back, Variation) and back == variation and back.ply == 2
    assert back.variations[0].ply == 3
    for value in (MoveTime(1.5, 2), MoveTime(3), Comment("x", "engine", 4)):
        assert pickle.loads(pickle.dumps(value)) == value
        assert hash(copy.copy(value)) == hash(value)
    assert repr(MoveTime(1, 2)) == "MoveTime(1.0, 2.0)"
