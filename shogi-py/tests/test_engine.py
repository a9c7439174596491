"""shogi_rules.engine: the USI engine client, against Fairy-Stockfish and gpsshogi (skipped
when missing unless REQUIRE_ENGINES is set) and against the scripted fake_usi_engine.py."""

from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from pathlib import Path

import pytest

from shogi_rules import Color, Game, Move, Position, _core
from shogi_rules.engine import (
    Cp,
    EngineError,
    EngineIoError,
    EngineOptionError,
    EngineProtocolError,
    EngineStartError,
    EngineTerminatedError,
    EngineTimeoutError,
    IllegalEngineMoveError,
    Limit,
    Mate,
    MateGiven,
    Option,
    PovScore,
    SimpleEngine,
    popen_usi,
)

FAKE = str(Path(__file__).with_name("fake_usi_engine.py"))


def engine_path(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/games")
    if found is None:
        if os.environ.get("REQUIRE_ENGINES"):
            pytest.fail(f"{name} is not installed and REQUIRE_ENGINES is set")
        pytest.skip(f"{name} is not installed")
    return found


def fake(mode: str, **kwargs) -> SimpleEngine:
    return popen_usi([sys.executable, FAKE, mode], **kwargs)


@pytest.fixture(scope="module")
def stockfish():
    with popen_usi(engine_path("fairy-stockfish"), options={"USI_Hash": 16, "Threads": 1}) as engine:
        yield engine


# Limit


def test_limit_repr_and_eq():
    limit = Limit(byoyomi=0.5, btime=60.0, depth=3)
    assert repr(limit) == "Limit(byoyomi=0.5, btime=60.0, depth=3)"
    assert limit == Limit(depth=3, btime=60.0, byoyomi=0.5)
    assert limit != Limit(byoyomi=0.5)
    assert repr(Limit()) == "Limit()"


# Scores


def test_scores_order_from_the_movers_point_of_view():
    ordered = [Mate(-1), Mate(-5), Cp(-300), Cp(0), Cp(250), Mate(7), Mate(3), MateGiven]
    assert ordered == sorted(ordered)
    for lower, higher in zip(ordered, ordered[1:]):
        assert lower < higher and higher > lower
    assert Cp(10) == Cp(10) and Cp(10) != Mate(10)


def test_score_values_and_negation():
    assert (Cp(42).score(), Cp(42).cp, Cp(42).mate(), Cp(42).is_mate()) == (42, 42, None, False)
    assert (Mate(3).score(), Mate(3).mate(), Mate(3).is_mate()) == (None, 3, True)
    assert Mate(3).score(mate_score=100_000) == 99_997
    assert Mate(-3).score(mate_score=100_000) == -99_997
    assert -Cp(42) == Cp(-42) and -Mate(3) == Mate(-3)
    assert -MateGiven == Mate(0) and -Mate(0) == MateGiven


def test_pov_score():
    pov = PovScore(Cp(120), Color.GOTE, lowerbound=True)
    assert pov.relative == Cp(120) and pov.turn == Color.GOTE
    assert pov.gote() == Cp(120) and pov.sente() == Cp(-120)
    assert pov.pov(Color.SENTE) == Cp(-120)
    assert pov.lowerbound and not pov.upperbound
    assert pov == PovScore(Cp(-120), Color.SENTE)
    assert "Cp(+120)" in repr(pov)


# Errors


EXPECTED = {
    "Spawn": (EngineStartError, "spawn"),
    "Io": (EngineIoError, "io"),
    "Died": (EngineTerminatedError, "died"),
    "Timeout": (EngineTimeoutError, "timeout"),
    "Dead": (EngineTerminatedError, "dead"),
    "IllegalMove": (IllegalEngineMoveError, "illegal_move"),
    "Protocol": (EngineProtocolError, "protocol"),
    "UnknownOption": (EngineOptionError, "unknown_option"),
    "BadOptionValue": (EngineOptionError, "bad_option_value"),
    "MultiPvUnsupported": (EngineOptionError, "multipv_unsupported"),
    "InvalidMoves": (EngineError, "invalid_moves"),
}


def test_every_engine_error_variant_has_its_exception():
    examples = _core._engine_error_examples()
    assert [name for name, _ in examples] == list(EXPECTED)
    for name, err in examples:
        cls, kind = EXPECTED[name]
        assert type(err) is cls, name
        assert isinstance(err, EngineError) and isinstance(err, RuntimeError)
        assert err.kind == kind, name
        assert str(err)
    kinds = [err.kind for _, err in examples]
    assert len(set(kinds)) == len(kinds)
    by = dict(examples)
    assert by["Died"].stderr_tail == ["panic"] and by["Died"].waiting_for == "bestmove"
    assert by["Timeout"].killed is True
    assert by["BadOptionValue"].reason == "not_integer"


def test_spawn_error():
    with pytest.raises(EngineStartError) as e:
        popen_usi("/nonexistent/engine")
    assert e.value.kind == "spawn" and e.value.errno == 2


# Fairy-Stockfish


def test_handshake_and_options(stockfish):
    assert stockfish.id["name"].startswith("Fairy-Stockfish")
    assert stockfish.id["author"]
    multipv = stockfish.options["MultiPV"]
    assert isinstance(multipv, Option)
    assert (multipv.name, multipv.type, multipv.default, multipv.min) == ("MultiPV", "spin", 1, 1)
    assert "Fairy-Stockfish" in repr(stockfish)
    with pytest.raises(EngineOptionError) as e:
        stockfish.configure({"NoSuchOption": 1})
    assert e.value.kind == "unknown_option"
    with pytest.raises(EngineOptionError) as e:
        stockfish.configure({"Threads": "many"})
    assert e.value.kind == "bad_option_value"
    stockfish.configure({"Ponder": False})


def test_play_from_a_game_and_a_position(stockfish):
    game = Game()
    for _ in range(4):
        result = stockfish.play(game, Limit(nodes=2000), info=True)
        assert result.move is not None and not result.resign and not result.win
        assert game.position.is_legal(result.move)
        assert isinstance(result.info["score"], PovScore)
        assert result.info["score"].turn == game.position.turn
        game.push(result.move)
    position = Position("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
    result = stockfish.play(position, Limit(depth=4))
    assert isinstance(result.move, Move) and position.is_legal(result.move)
    assert result.info is None
    if result.ponder is not None:
        assert position.play(result.move).is_legal(result.ponder)


def test_analyse_multipv(stockfish):
    position = Position()
    lines = stockfish.analyse(position, Limit(depth=6), multipv=3)
    assert isinstance(lines, list) and len(lines) == 3
    assert [line["multipv"] for line in lines] == [1, 2, 3]
    firsts = set()
    for line in lines:
        assert isinstance(line["score"], PovScore) and line["score"].turn == Color.SENTE
        assert line["pv"] and "illegal_pv_move" not in line
        p = position
        for m in line["pv"]:
            assert p.is_legal(m)
            p = p.play(m)
        firsts.add(line["pv"][0])
    assert len(firsts) == 3
    scores = [line["score"].relative for line in lines]
    assert scores[0] >= scores[1] >= scores[2]
    single = stockfish.analyse(position, Limit(depth=3))
    assert isinstance(single, dict) and single["depth"] == 3


def test_context_manager_closes_the_engine():
    with popen_usi(engine_path("fairy-stockfish")) as engine:
        assert engine.is_alive()
    assert not engine.is_alive() and "closed" in repr(engine)
    with pytest.raises(EngineTerminatedError) as e:
        engine.play(Position(), Limit(depth=1))
    assert e.value.kind == "dead"
    engine.quit()  # again: nothing happens


# gpsshogi (it aborts on `go depth`: byoyomi only)


def test_gpsusi_plays_with_byoyomi():
    with popen_usi(engine_path("gpsusi"), timeout=20.0) as engine:
        game = Game()
        game.push("7g7f")
        result = engine.play(game, Limit(byoyomi=0.3), info=True)
        assert result.move is not None and game.position.is_legal(result.move)


# The fake engine


def test_fake_options_are_typed():
    with fake("normal") as engine:
        opts = engine.options
        assert (opts["Threads"].type, opts["Threads"].default, opts["Threads"].max) == ("spin", 1, 8)
        assert (opts["Ponder"].type, opts["Ponder"].default) == ("check", False)
        assert (opts["Style"].default, opts["Style"].var) == ("Normal", ["Normal", "Risky"])
        assert opts["Clear Hash"].type == "button" and opts["BookFile"].default == ""
        engine.configure({"Threads": 4, "Ponder": True, "Style": "Risky", "Clear Hash": None})
        result = engine.play(Game(), Limit(byoyomi=1.0), info=True)
        assert result.move == Move.from_usi("7g7f", Position())
        assert result.info["score"] == PovScore(Cp(12), Color.SENTE)
        assert result.info["score"].lowerbound
        assert (result.info["depth"], result.info["seldepth"], result.info["nodes"]) == (1, 2, 10)
        # The last info line with a score or a PV; its currmove a Move.
        assert result.info["currmove"] == result.move and "hashfull" not in result.info


def test_fake_crash_mid_game():
    with fake("crash") as engine:
        with pytest.raises(EngineTerminatedError) as e:
            engine.play(Game(), Limit(byoyomi=1.0))
        assert e.value.kind == "died" and e.value.waiting_for == "bestmove"
        assert any("crashing" in line for line in e.value.stderr_tail)
        with pytest.raises(EngineTerminatedError) as e:
            engine.play(Game(), Limit(byoyomi=1.0))
        assert e.value.kind == "dead"


def test_fake_illegal_bestmove():
    with fake("illegal") as engine:
        with pytest.raises(IllegalEngineMoveError) as e:
            engine.play(Position(), Limit(byoyomi=1.0))
        assert (e.value.kind, e.value.text) == ("illegal_move", "5e5d")
        assert e.value.sfen.startswith("lnsgkgsnl/")


def test_fake_garbage_lines_are_skipped():
    with fake("garbage") as engine:
        assert "Broken" not in engine.options and "Threads" in engine.options
        result = engine.play(Game(), Limit(byoyomi=1.0), info=True)
        assert result.move == Move.from_usi("7g7f", Position())
        # The PV's illegal tail is cut off and reported.
        assert result.info["pv"] == [result.move]
        assert "5e5d" in result.info["illegal_pv_move"]
        assert engine.warnings


def test_fake_missing_readyok_times_out():
    started = time.monotonic()
    with pytest.raises(EngineTimeoutError) as e:
        fake("noreadyok", timeout=0.5)
    took = time.monotonic() - started
    assert (e.value.kind, e.value.waiting_for, e.value.killed) == ("timeout", "readyok", True)
    assert 0.5 <= took < 3.0


def test_fake_bestmove_after_the_time_limit():
    with fake("late", margin=0.2) as engine:
        started = time.monotonic()
        with pytest.raises(EngineTimeoutError) as e:
            engine.play(Position(), Limit(byoyomi=0.2))
        assert time.monotonic() - started < 2.0
        # It answered `stop`: late, but alive and usable.
        assert e.value.waiting_for == "bestmove" and e.value.killed is False
        assert engine.is_alive()
    with fake("silent", margin=0.2) as engine:
        with pytest.raises(EngineTimeoutError) as e:
            engine.play(Position(), Limit(byoyomi=0.2))
        assert e.value.killed is True and not engine.is_alive()


def test_the_gil_is_released_while_waiting():
    with fake("slow") as engine:
        counter = 0
        stop = threading.Event()

        def count():
            nonlocal counter
            while not stop.is_set():
                counter += 1

        worker = threading.Thread(target=count)
        worker.start()
        try:
            time.sleep(0.05)
            before = counter
            engine.play(Position(), Limit(byoyomi=2.0))
            during = counter - before
        finally:
            stop.set()
            worker.join()
        # The engine took 0.5 s; the other thread counted all along.
        assert during > 10_000


def test_calls_from_threads_take_turns():
    with fake("slow") as engine:
        results = []
        threads = [
            threading.Thread(target=lambda: results.append(engine.play(Position(), Limit(byoyomi=2.0))))
            for _ in range(2)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [r.move for r in results] == [Move.from_usi("7g7f", Position())] * 2


def test_fake_mate_search_and_multipv_without_the_option():
    with fake("normal") as engine:
        result = engine.mate(Position(), Limit(mate=1.0))
        assert (result.reply, result.moves) == ("nomate", [])
        with pytest.raises(EngineOptionError) as e:
            engine.analyse(Position(), Limit(depth=1), multipv=2)
        assert e.value.kind == "multipv_unsupported"
        lines = engine.analyse(Position(), Limit(depth=1), multipv=1)
        assert len(lines) == 1 and lines[0]["score"].relative == Cp(12)
        game = Game()
        game.push("7g7f")
        # A game goes as start + moves: the engine sees gote to move.
        assert engine.play(game, Limit(depth=1)).move == Move.from_usi("3c3d", game.position)
