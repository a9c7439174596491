"""shogi_rules.usi: USI protocol lines read and written."""

from __future__ import annotations

import pytest

from shogi_rules import Game, Position, ShogiError, _core
from shogi_rules.engine import Cp, Limit, Mate
from shogi_rules.usi import (
    UsiMessageError,
    format_go,
    format_position,
    format_setoption,
    parse_engine_message,
    parse_gui_command,
)

KINDS = {"empty", "missing_value", "bad_number", "bad_move", "bad_word", "unexpected", "position"}


def test_every_usi_message_error_example_has_kind_field_and_column():
    examples = _core._usi_message_error_examples()
    assert len(examples) == len(KINDS)
    seen = set()
    for debug, err in examples:
        assert isinstance(err, UsiMessageError) and isinstance(err, ShogiError), debug
        assert err.kind in KINDS, debug
        seen.add(err.kind)
        if err.kind == "empty":
            assert (err.field, err.column) == (None, None)
        elif err.kind == "position":
            assert err.field is None and isinstance(err.column, int)
        else:
            assert isinstance(err.field, str) and isinstance(err.column, int), debug
    assert seen == KINDS


@pytest.mark.parametrize(
    "line, kind, field, column",
    [
        ("", "empty", None, None),
        ("info depth x", "bad_number", "depth", 12),
        ("bestmove", "missing_value", "bestmove", 9),
        ("bestmove 9z9z", "bad_move", "bestmove", 10),
        ("option name X type int", "bad_word", "type", 20),
    ],
)
def test_engine_message_errors(line, kind, field, column):
    with pytest.raises(UsiMessageError) as e:
        parse_engine_message(line)
    assert (e.value.kind, e.value.field, e.value.column) == (kind, field, column)


def test_engine_messages():
    m = parse_engine_message("info depth 3 seldepth 5 nodes 99 score cp -42 lowerbound pv 7g7f 3c3d")
    assert m["type"] == "info" and (m["depth"], m["seldepth"], m["nodes"]) == (3, 5, 99)
    assert m["score"] == Cp(-42) and m["bound"] == "lowerbound" and m["pv"] == ["7g7f", "3c3d"]
    assert parse_engine_message("info score mate 5 string x")["score"] == Mate(5)
    m = parse_engine_message("bestmove 7g7f ponder 3c3d")
    assert (m["type"], m["move"], m["ponder"]) == ("bestmove", "7g7f", "3c3d")
    assert parse_engine_message("bestmove win")["move"] == "win"
    m = parse_engine_message("option name MultiPV type spin default 1 min 1 max 500")
    assert (m["type"], m["name"], m["option_type"], m["default"], m["max"]) == ("option", "MultiPV", "spin", 1, 500)
    m = parse_engine_message("option name Style type combo default A var A var B")
    assert (m["default"], m["var"]) == ("A", ["A", "B"])
    assert parse_engine_message("id name Some Engine 1.0")["name"] == "Some Engine 1.0"
    assert parse_engine_message("  usiok ")["type"] == "usiok"
    m = parse_engine_message("checkmate nomate")
    assert (m["type"], m["result"], m["moves"]) == ("checkmate", "nomate", [])
    m = parse_engine_message("frobnicate  now")
    assert (m["type"], m["text"]) == ("unknown", "frobnicate  now")
    # `line` is the message as the protocol writes it.
    assert parse_engine_message("bestmove   7g7f")["line"] == "bestmove 7g7f"


def test_gui_commands():
    m = parse_gui_command("position startpos moves 7g7f 3c3d")
    assert (m["type"], m["sfen"], m["moves"]) == ("position", "startpos", ["7g7f", "3c3d"])
    m = parse_gui_command("go btime 60000 wtime 50000 byoyomi 1000")
    assert (m["type"], m["btime"], m["wtime"], m["byoyomi"], m["depth"]) == ("go", 60.0, 50.0, 1.0, None)
    assert parse_gui_command("go mate infinite")["mate"] == "infinite"
    m = parse_gui_command("setoption name USI_Hash value 256")
    assert (m["name"], m["value"]) == ("USI_Hash", "256")
    assert parse_gui_command("gameover lose")["result"] == "lose"
    for word in ("usi", "isready", "usinewgame", "stop", "ponderhit", "quit"):
        assert parse_gui_command(word)["type"] == word
    with pytest.raises(UsiMessageError) as e:
        parse_gui_command("position nothing")
    assert e.value.kind == "position" and e.value.column == 10


def test_formatting():
    game = Game()
    game.push("7g7f")
    assert format_position(game) == "position startpos moves 7g7f"
    assert format_position(game.position).startswith("position sfen lnsgkgsnl/")
    assert format_go(Limit(byoyomi=0.5, btime=60, wtime=60)) == "go btime 60000 wtime 60000 byoyomi 500"
    assert format_go(Limit(depth=3)) == "go depth 3"
    assert format_go(Limit()) == "go infinite"
    assert format_setoption("USI_Ponder", False) == "setoption name USI_Ponder value false"
    assert format_setoption("Clear Hash") == "setoption name Clear Hash"
    assert format_setoption("BookFile", "") == "setoption name BookFile value <empty>"
    with pytest.raises(ValueError):
        format_setoption("X", "a\nquit")
    # What is written reads back as the same command.
    for line in ("go byoyomi 500 depth 3", "position startpos moves 7g7f", "setoption name A value b"):
        assert parse_gui_command(line)["line"] == line
    assert parse_gui_command(format_position(Position()))["sfen"] == "startpos"
