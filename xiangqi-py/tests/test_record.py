"""PGN records through the Python API: every file of the corpus reads (the games and moves the
Rust tests count), writes and reads back in every notation, pickles; the sources (bytes in
UTF-8 or GBK, text, paths); errors with their place and kind; limits; reading in threads."""

from __future__ import annotations

import copy
import json
import pathlib
import pickle
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import DATA
from xiangqi_rules import (
    Game,
    GameOverError,
    GameRecord,
    Move,
    Position,
    ReadLimits,
    RecordError,
    XiangqiError,
    read_pgn,
    read_pgn_file,
    read_pgn_files,
)

CORPUS = DATA / "corpus"
FILES = sorted(CORPUS.rglob("*.pgn"))
NOTATIONS = ["iccs", "uci", "wxf", "chinese"]

# Games per file (files not listed hold one game), as xiangqi-rules/tests/corpus.rs has them.
GAMES = {
    "permissive/wxfdb15/wxfdb15-iccs.pgn": 15,
    "permissive/wxfdb15/wxfdb15-wxf.pgn": 15,
    "permissive/wxfdb15/wxfdb15-chinese.pgn": 15,
    "test-data-only/pychess/pychess-games.pgn": 26,
}

EXAMPLE = """[Event "Example"]
[Red "A"]
[Black "B"]
[Format "WXF"]

{before} 1. C2.5 H8+7 {the screen horse} 2. H2+3 (2. R1+1 R9.8 (2... C2.5)) R9.8 1-0
"""


def name(path: pathlib.Path) -> str:
    return path.relative_to(CORPUS).as_posix()


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[GameRecord]]:
    return {name(p): read_pgn_file(p) for p in FILES}


def test_every_corpus_file_reads_with_the_counts_of_the_rust_tests(corpus):
    assert len(FILES) == 34
    for file, records in corpus.items():
        assert len(records) == GAMES.get(file, 1), file
        for r in records:
            if "Result" in r.tags:
                assert r.result == r.tags["Result"], file
    assert sum(len(rs) for rs in corpus.values()) == 101
    assert sum(r.move_count for rs in corpus.values() for r in rs) == 9508


def test_corpus_games_write_and_read_back_in_every_notation(corpus):
    for file, records in corpus.items():
        for i, record in enumerate(records):
            for notation in NOTATIONS:
                text = record.write(notation)
                (back,) = read_pgn(text)
                assert back.tag("Format") == {"iccs": "ICCS", "uci": "UCI", "wxf": "WXF", "chinese": "Chinese"}[notation]
                assert back.moves == record.moves, (file, i, notation)
                assert back.variations == record.variations, (file, i, notation)
                assert back.comments == record.comments, (file, i, notation)
                assert back.start == record.start and back.result == record.result
                expected = [(n, v) for n, v in record.tag_list if n != "Format"]
                assert [(n, v) for n, v in back.tag_list if n != "Format"] == expected


def test_corpus_games_pickle_and_copy(corpus):
    for file, records in corpus.items():
        for record in records:
            back = pickle.loads(pickle.dumps(record))
            assert back == record, file
            assert back.tag_list == record.tag_list
            assert copy.deepcopy(record) is record
            json.dumps(record.to_dict())


def test_notation_lists_the_main_line(corpus):
    for records in corpus.values():
        for record in records:
            pos = record.start
            for m, iccs, wxf, chinese in zip(
                record.moves, record.notation(), record.notation("wxf"), record.notation("chinese")
            ):
                assert (m.iccs(), m.wxf(pos), m.chinese(pos)) == (iccs, wxf, chinese)
                pos = pos.play(m)


def test_the_model_of_a_record():
    (record,) = read_pgn(EXAMPLE)
    assert record.tags == {"Event": "Example", "Red": "A", "Black": "B", "Format": "WXF"}
    assert record.tag("Red") == "A" and record.tag("Site") is None and record.tag("Site", "") == ""
    assert [str(m) for m in record.moves] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert all(isinstance(m, Move) for m in record.moves)
    assert record.move_count == 7
    assert record.result == "1-0"
    assert record.comments == [(0, "before"), (2, "the screen horse")]
    assert [(ply, [str(m) for m in line]) for ply, line in record.variations] == [
        (2, ["h2e2", "h9g7", "i0i1", "i9h9"]),
        (3, ["h2e2", "h9g7", "i0i1", "b7e7"]),
    ]
    assert record.notation("chinese") == ["炮二平五", "马８进７", "马二进三", "车９平８"]
    assert record.start == Position()
    text = record.write("chinese")
    assert "1. 炮二平五 马８进７ {the screen horse}" in text
    assert '[Format "Chinese"]' in text
    d = record.to_dict()
    assert d["moves"] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert d["variations"][0] == (2, ["h2e2", "h9g7", "i0i1", "i9h9"])
    assert d["result"] == "1-0" and d["tags"][0] == ["Event", "Example"]
    assert repr(record) == "<GameRecord 'A' vs 'B', 4 moves, 1-0>"
    game = record.game()
    assert isinstance(game, Game) and len(game) == 4 and not game.is_game_over()


def test_repeated_tags_first_wins_and_the_list_keeps_all():
    (record,) = read_pgn('[Event "one"]\n[Event "two"]\n\n1. h2e2 *')
    assert record.tags == {"Event": "one"}
    assert record.tag_list == [("Event", "one"), ("Event", "two")]
    back = pickle.loads(pickle.dumps(record))
    assert back.tag_list == record.tag_list and back == record


def test_pickle_keeps_a_missing_format_tag_and_a_start_position():
    fen = "3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1"
    (record,) = read_pgn(f'[FEN "{fen}"]\n1... a6a5 2. b2e2 1-0')
    back = pickle.loads(pickle.dumps(record))
    assert back == record and back.tag("Format") is None
    assert back.start == Position(fen)
    assert record.game().outcome.termination == "checkmate"
    (no_tags,) = read_pgn("1. h2e2 {x} h9g7 *")
    assert pickle.loads(pickle.dumps(no_tags)) == no_tags


def test_pickled_state_is_checked_on_load():
    with pytest.raises(RecordError):
        GameRecord._restore("1. h2e2 h2e2 *", None)


def test_a_game_over_by_the_rules_is_reported():
    # Perpetual repetition past the end is recorded by some writers: `game` refuses it.
    moves = " ".join(["h0g2 h9g7 g2h0 g7h9"] * 5)
    (record,) = read_pgn(f"{moves} *")
    with pytest.raises(GameOverError):
        record.game()


# Text, the line and column of its error, the kind and the ply.
ERRORS = [
    ("1. h2e2 {never closed\n h9g7", 1, 9, "unterminated_comment", None),
    ("1. h2e2 h9g7 )", 1, 14, "unexpected_token", None),
    ("1. h2e2 h9g7\n2. b2b7", 2, 4, "illegal_move", 3),
    ("1. 炮二平五 马８进６", 1, 9, "no_such_move", 2),
    ("1. C2.5 H8+7 2. Cx.5", 1, 18, "bad_move_text", None),
    ("1. h2e2 (h0g2 (b0c2) h9g7", 1, 9, "unterminated_variation", None),
    ('[Event "x"]\n[FEN "9/9/9 w"]\n\n1. h2e2', 2, 1, "bad_fen", None),
    ('[FEN "3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1"]\n1. R9.8', 2, 4, "ambiguous_move", 1),
]


@pytest.mark.parametrize("text,line,column,kind,ply", ERRORS, ids=[e[3] for e in ERRORS])
def test_errors_name_their_place_and_kind(text, line, column, kind, ply):
    with pytest.raises(RecordError) as e:
        read_pgn(text)
    assert (e.value.line, e.value.column, e.value.kind, e.value.ply) == (line, column, kind, ply)
    assert e.value.limit is None and e.value.path is None
    assert f"line {line}, column {column}" in str(e.value)
    assert isinstance(e.value, XiangqiError)


def test_a_bad_tag():
    with pytest.raises(RecordError) as e:
        read_pgn('[Event "x\n1. h2e2')
    assert (e.value.kind, e.value.line) == ("bad_tag", 1)


def test_limits():
    limits = ReadLimits(max_moves=2)
    assert limits.max_moves == 2 and limits.max_depth == ReadLimits().max_depth == 64
    with pytest.raises(RecordError) as e:
        read_pgn("1. h2e2 h9g7 2. h0g2 *", limits=limits)
    assert (e.value.line, e.value.column, e.value.kind, e.value.limit) == (1, 17, "limit_exceeded", "moves")
    text = "1. h2e2 (1. h0g2 (1. b0c2 (1. i0i1))) h9g7 *"
    for limits, limit in [
        (ReadLimits(max_depth=2), "depth"),
        (ReadLimits(max_variations=2), "variations"),
        (ReadLimits(max_input_bytes=10), "input_bytes"),
        (ReadLimits(max_line_bytes=10), "line_bytes"),
    ]:
        with pytest.raises(RecordError) as e:
            read_pgn(text, limits=limits)
        assert e.value.limit == limit
    with pytest.raises(RecordError) as e:
        read_pgn("1. h2e2 *\n\n[Event \"2\"]\n1. h2e2 *", limits=ReadLimits(max_games=1))
    assert e.value.limit == "games"
    assert read_pgn(text, limits=ReadLimits())[0].move_count == 5


def test_read_limits_is_frozen_hashable_and_picklable():
    a = ReadLimits(max_moves=7, max_games=3)
    assert a == ReadLimits(max_moves=7, max_games=3) and a != ReadLimits()
    assert hash(a) == hash(ReadLimits(max_moves=7, max_games=3))
    assert pickle.loads(pickle.dumps(a)) == a
    assert "max_moves=7" in repr(a)
    with pytest.raises(AttributeError):
        a.max_moves = 8  # type: ignore[misc]
    with pytest.raises(TypeError):
        ReadLimits(2)  # type: ignore[misc]


def test_gbk_bytes_and_files():
    text = '[Event "中炮"]\n\n1. 炮二平五 马８进７ *\n'
    utf8 = read_pgn(text.encode("utf-8"))
    assert read_pgn(text.encode("gbk")) == utf8
    assert read_pgn(b"\xef\xbb\xbf" + text.encode("utf-8")) == utf8
    assert read_pgn(bytearray(text.encode("gbk"))) == utf8
    assert read_pgn(memoryview(text.encode("gbk"))) == utf8
    assert utf8[0].tags["Event"] == "中炮"
    gbk_file = CORPUS / "test-data-only" / "xqbase" / "ccgc2006-01.pgn"
    raw = gbk_file.read_bytes()
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    (record,) = read_pgn(raw)
    assert record == read_pgn_file(gbk_file)[0] == read_pgn(gbk_file)[0]
    assert any("\u4e00" <= c <= "\u9fff" for _, v in record.tag_list for c in v)
    with pytest.raises(RecordError) as e:
        read_pgn(b"1. h2e2 \xff\xff\xff")
    assert (e.value.kind, e.value.line, e.value.column) == ("encoding", 0, 0)


def test_a_path_against_text(tmp_path):
    path = tmp_path / "game.pgn"
    path.write_text(EXAMPLE, encoding="utf-8")
    assert read_pgn(path) == read_pgn_file(path) == read_pgn_file(str(path)) == read_pgn(EXAMPLE)
    with pytest.raises(RecordError) as e:
        read_pgn(str(path))
    assert "read_pgn_file" in str(e.value) and "name of an existing file" in str(e.value)
    with pytest.raises(FileNotFoundError):
        read_pgn_file(tmp_path / "missing.pgn")
    bad = tmp_path / "bad.pgn"
    bad.write_text("1. h2e2 h2e2 *", encoding="utf-8")
    with pytest.raises(RecordError) as e:
        read_pgn_file(bad)
    assert e.value.path == str(bad) and str(bad) in str(e.value)
    assert e.value.kind == "illegal_move"
    with pytest.raises(RecordError) as e:
        read_pgn_file(path, limits=ReadLimits(max_input_bytes=10))
    assert e.value.limit == "input_bytes"
    with pytest.raises(TypeError):
        read_pgn(42)  # type: ignore[arg-type]


def test_reading_in_several_threads_at_once(corpus):
    sources = [p.read_bytes() for p in FILES] * 4
    expected = [read_pgn(s) for s in sources]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(read_pgn, sources))
    assert results == expected
    records = [r for rs in corpus.values() for r in rs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        texts = list(pool.map(lambda r: r.write("chinese"), records))
    assert [read_pgn(t)[0].moves for t in texts] == [r.moves for r in records]


def big_pgn(megabytes: int) -> bytes:
    data = (CORPUS / "permissive" / "wxfdb15" / "wxfdb15-chinese.pgn").read_bytes()
    return b"\n".join([data] * (megabytes * 1_000_000 // len(data) + 1))


def test_a_large_read_answers_ctrl_c_at_once():
    import _thread
    import threading
    import time

    assert threading.current_thread() is threading.main_thread()
    data = big_pgn(20)
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        _thread.interrupt_main()

    timer = threading.Timer(0.2, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            read_pgn(data)
            # Not interrupted inside the call: let the pending interrupt arrive here.
            timer.join()
            time.sleep(0.1)
            pytest.fail("the read ended before the interrupt")
        assert time.monotonic() - sent[0] < 0.5
    finally:
        timer.cancel()
        timer.join()


def test_a_large_read_in_another_thread_reads_every_game():
    data = big_pgn(2)
    with ThreadPoolExecutor(max_workers=1) as pool:
        records = pool.submit(read_pgn, data).result()
    assert len(records) == len(read_pgn(data)) and len(records) % 15 == 0


def test_read_pgn_files_reads_in_parallel_in_order(corpus, tmp_path):
    sources = [*FILES, *(str(p) for p in FILES), *(p.read_bytes() for p in FILES)]
    expected = [corpus[name(p)] for p in FILES] * 3
    for threads in [None, 1, 3]:
        assert read_pgn_files(sources, threads=threads) == expected
    assert read_pgn_files([]) == []
    bad = tmp_path / "bad.pgn"
    bad.write_text("1. h2e2 h2e2 *", encoding="utf-8")
    with pytest.raises(RecordError) as e:
        read_pgn_files([FILES[0], bad, tmp_path / "missing.pgn"], threads=2)
    assert e.value.path == str(bad)
    results = read_pgn_files([FILES[0], bad, tmp_path / "missing.pgn"], errors="return")
    assert results[0] == corpus[name(FILES[0])]
    assert isinstance(results[1], RecordError) and results[1].kind == "illegal_move"
    assert isinstance(results[2], FileNotFoundError)
    with pytest.raises(RecordError) as e:
        read_pgn_files([FILES[0]], limits=ReadLimits(max_input_bytes=10))
    assert e.value.limit == "input_bytes"
    with pytest.raises(XiangqiError):
        read_pgn_files([], errors="ignore")  # type: ignore[arg-type]


def test_a_record_of_a_game_writes_and_reads_back():
    game = Game("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1")
    game.push("a6a5")
    game.push("b2e2")
    assert game.outcome is not None and game.outcome.result() == "1-0"
    record = GameRecord.from_game(game, {"Event": "Test", "Result": "1-0"})
    assert record.tag_list[0][0] == "FEN" and record.tags["Event"] == "Test"
    assert record.result == "1-0" and record.moves == list(game.moves)
    (back,) = read_pgn(record.write("chinese"))
    assert back.moves == record.moves and back.start == game.start
    assert back.game().outcome == game.outcome
    going = Game()
    going.push("h2e2")
    record = GameRecord.from_game(going, [("Event", "a"), ("Site", "b")])
    assert record.tag_list == [("Event", "a"), ("Site", "b")] and record.result == "*"
    assert GameRecord.from_game(Game()).write() == '[Format "ICCS"]\n\n*\n'
