"""Files of several records (``read_all``), USI ending tokens, and the rules a record states."""

from __future__ import annotations

import pytest

from conftest import CORPUS
from shogi_rules import Color, GameRecord, Outcome, ReadLimits, RecordError, RuleSet, read_all, read_record

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
SFEN_FILE = f"{STARTPOS}\n\n4k4/9/9/9/9/9/9/9/4K4 b G 1\nposition startpos moves 7g7f 3c3d resign\n"
CSA_GAMES = "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nN+c\nN-d\nPI\n+\n+2726FU\n-8384FU\n"


def test_read_all_reads_every_line_of_a_usi_file(tmp_path):
    path = tmp_path / "positions.sfen"
    path.write_text(SFEN_FILE, encoding="utf-8")
    for source in [SFEN_FILE, SFEN_FILE.encode(), bytearray(SFEN_FILE.encode()), path]:
        records = read_all(source)
        assert isinstance(records, list) and all(isinstance(r, GameRecord) for r in records)
        assert [len(r.moves) for r in records] == [0, 0, 2]
        assert records[1].start.sfen() == "4k4/9/9/9/9/9/9/9/4K4 b G 1"
        # `resign` after the moves: Sente, to move, resigned.
        assert records[2].end == "resign"
        assert records[2].stated_result == Outcome(Color.GOTE, "resignation")
    assert read_all(SFEN_FILE, "usi") == read_all(SFEN_FILE)


def test_read_record_refuses_a_collection_and_says_how_many(tmp_path):
    with pytest.raises(RecordError) as e:
        read_record(SFEN_FILE)
    assert (e.value.kind, e.value.count, e.value.line, e.value.format) == ("collection", 3, 3, "usi")
    assert "read_all" in str(e.value)
    path = tmp_path / "games.csa"
    path.write_text(CSA_GAMES, encoding="utf-8")
    with pytest.raises(RecordError) as e:
        read_record(path)
    assert (e.value.kind, e.value.count, e.value.line, e.value.path) == ("collection", 2, 9, str(path))
    # Other errors have no count.
    with pytest.raises(RecordError) as e:
        read_record("position startpos moves 7g7f 7g7f")
    assert e.value.count is None


def test_read_all_reads_csa_games_separated_by_a_slash():
    records = read_all(CSA_GAMES)
    assert [r.player(Color.SENTE) for r in records] == ["a", "c"]
    assert [len(r.moves) for r in records] == [1, 2]
    assert records[0].end == "resign"


def test_errors_name_their_line_in_the_whole_file():
    with pytest.raises(RecordError) as e:
        read_all("startpos\n\nstartpos moves 7g7f\nstartpos moves 7g7f 7g7f\n")
    assert (e.value.kind, e.value.line, e.value.ply) == ("illegal_move", 4, 2)


def test_the_record_limit():
    limits = ReadLimits(max_records=2)
    assert limits.max_records == 2 and ReadLimits().max_records == 1_000_000
    with pytest.raises(RecordError) as e:
        read_all(SFEN_FILE, limits=limits)
    assert (e.value.kind, e.value.limit, e.value.max, e.value.line) == ("limit_exceeded", "records", 2, 4)
    assert len(read_all(SFEN_FILE, limits=ReadLimits(max_records=3))) == 3


def test_a_file_of_one_record_is_a_list_of_one():
    path = CORPUS / "kif" / "shogi-supplement" / "kiou_game1.kif"
    records = read_all(path)
    assert records == [read_record(path)]
    assert read_all(b"position startpos moves 7g7f") == [read_record("position startpos moves 7g7f")]


def test_a_record_states_its_rules_and_replays_under_them():
    csa = "V2\nN+a\nN-b\n'Max_Moves:2\n'Declaration:jishogi 1.1\nPI\n+\n+7776FU\n-3334FU\n%MAX_MOVES\n"
    record = read_record(csa)
    rules = record.rules
    assert isinstance(rules, RuleSet)
    assert (rules.move_limit, rules.impasse, rules.invalid_declaration_loses) == (2, "csa27_declaration", True)
    assert record.headers["Max_Moves"] == "2"
    assert record.end == "max_moves"
    assert record.game().outcome == Outcome(None, "move_limit")
    assert record.game().rules == rules
    # Rules given replace them.
    assert record.game(RuleSet()).outcome is None
    # The rules and the ending survive KIF and CSA.
    back = read_record(read_record(record.write("kif", encoding=None)).write("csa", encoding=None))
    assert back.rules == rules and back.end == "max_moves"
    # A record that states nothing has the default rules.
    assert read_record("position startpos moves 7g7f").rules == RuleSet()
