"""The built-in opponent (``shogi_rules.ai``): legal moves at each level, the same move for the
same seed, mates found and replayed with ``Game``, no mate and undecided answers, hints, a
``Stop`` raised from another thread and Ctrl-C during searches without a limit, and every
error."""

from __future__ import annotations

import _thread
import threading
import time

import pytest

import shogi_rules
from shogi_rules import Color, Game, Position, ShogiError
from shogi_rules.ai import (
    AiError,
    Choice,
    Hint,
    Level,
    MateReport,
    MateSearchError,
    NoMoveError,
    Player,
    Stop,
    StrengthError,
    hint,
    mate_in_one,
    search,
    solve_mate,
)
from shogi_rules.engine import Cp, Mate

# Gote's king alone; Sente drops the gold on 5b: mate in one.
MATE_IN_ONE = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
# Gote's king in the corner, Sente's pawn on 2c and a bishop in hand: mate in three, and none
# in one (checked by an exhaustive search of the checks).
MATE_IN_THREE = "8k/9/7P1/9/9/9/9/9/4K4 b B 1"
# Nothing in hand and no piece that can check: no mate.
NO_MATE = "4k4/9/9/9/9/9/9/9/4K4 b - 1"
# Gote to move is checkmated.
MATED = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"
# A mate in five: a solver without limits has work to do.
MATE_IN_FIVE = "4k4/9/9/9/9/9/9/9/4K4 b R2G 1"


def test_the_module_is_a_submodule_of_the_package():
    assert shogi_rules.ai.Player is Player
    assert "ai" in shogi_rules.__all__
    for name in shogi_rules.ai.__all__:
        assert hasattr(shogi_rules.ai, name), name


def test_levels_have_increasing_strengths_within_the_scale():
    strengths = [Level.EASY.strength, Level.NORMAL.strength, Level.HARD.strength]
    assert strengths == sorted(set(strengths))
    assert 1 <= strengths[0] and strengths[-1] == 10
    assert Player(Level.HARD).strength == 10
    assert Player(3, seed=9).seed == 9


def test_stop_is_raised_and_reset():
    stop = Stop()
    assert not stop.is_stopped
    stop.stop()
    assert stop.is_stopped
    stop.reset()
    assert not stop.is_stopped


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_each_level_plays_legal_moves(level):
    player = Player(level, seed=7)
    game = Game()
    for _ in range(4):
        choice = player.choose(game, depth=4, nodes=20000)
        assert isinstance(choice, Choice)
        assert choice.move in game.legal_moves
        assert choice.pv and choice.pv[0] == choice.move
        assert all(isinstance(m, shogi_rules.Move) for m in choice.pv)
        assert isinstance(choice.score, (Cp, Mate))
        assert choice.nodes > 0
        assert choice.depth >= 1
        assert choice.elapsed >= 0
        game.push(choice.move)
    assert len(game) == 4


@pytest.mark.parametrize("strength", [1, 4, 7, 10])
def test_the_same_seed_gives_the_same_choice(strength):
    # Few enough nodes that no level's own time cap ends the search first on a busy machine.
    game = Game()
    game.push("7g7f")
    a = Player(strength, seed=12345).choose(game, nodes=500)
    b = Player(strength, seed=12345).choose(game, nodes=500)
    assert (a.move, a.score, a.pv) == (b.move, b.score, b.pv)


def test_a_bare_position_search_is_deterministic_for_a_depth():
    a = search(Position(), depth=3)
    b = search(Position().sfen(), depth=3)
    assert a.move in Position().legal_moves
    assert (a.move, a.score, a.pv, a.nodes) == (b.move, b.score, b.pv, b.nodes)


def test_game_best_move_by_level_and_by_strength():
    game = Game()
    for move in [
        game.best_move(nodes=3000),
        game.best_move(Level.EASY, seed=3, nodes=3000),
        game.best_move(strength=8, nodes=3000, depth=3),
        game.best_move(strength=Level.HARD, time=5.0, nodes=3000),
    ]:
        assert move in game.legal_moves
    assert game.best_move(Level.HARD, seed=5, nodes=4000) == game.best_move(
        strength=Level.HARD.strength, seed=5, nodes=4000
    )


def test_mate_in_one():
    move = mate_in_one(MATE_IN_ONE)
    assert move is not None and str(move) == "G*5b"
    assert mate_in_one(Position(MATE_IN_ONE)) == move
    assert mate_in_one(Position()) is None


def replay_to_checkmate(sfen, moves):
    """Plays the mate in a game: every move legal, the last one ends it by checkmate."""
    game = Game(sfen)
    for i, move in enumerate(moves):
        assert move in game.legal_moves, (i, move)
        game.push(move)
        if i % 2 == 0:
            assert game.position.in_check(), (i, move)
    assert game.outcome is not None
    assert game.outcome.termination == "checkmate"
    assert game.outcome.winner == Color.SENTE


@pytest.mark.parametrize("sfen, plies", [(MATE_IN_ONE, 1), (MATE_IN_THREE, 3)])
def test_solve_mate_finds_mates_that_replay_to_checkmate(sfen, plies):
    report = solve_mate(sfen)
    assert isinstance(report, MateReport)
    assert report.kind == "mate", report
    assert report.reason is None
    # At least the shortest mate (a solver need not find the shortest), the attacker's move last.
    assert len(report.moves) >= plies and len(report.moves) % 2 == 1
    assert report.nodes > 0 and report.elapsed >= 0
    replay_to_checkmate(sfen, report.moves)


def test_solve_mate_proves_no_mate():
    report = solve_mate(NO_MATE)
    assert (report.kind, report.moves, report.reason) == ("no_mate", [], None)
    # A mate in three is out of reach of one ply.
    assert solve_mate(MATE_IN_THREE, max_plies=1, nodes=None).kind == "no_mate"


def test_a_node_limit_leaves_the_answer_unknown():
    report = solve_mate(MATE_IN_THREE, nodes=1)
    assert (report.kind, report.moves, report.reason) == ("unknown", [], "nodes")


def test_a_hint_gives_the_mate_in_one():
    found = hint(Game(MATE_IN_ONE))
    assert isinstance(found, Hint)
    assert str(found.move) == "G*5b"
    assert (found.why, found.value) == ("mates", 1)
    assert found.score == Mate(1)


def test_a_hint_stopped_at_once_still_suggests_a_legal_move():
    stop = Stop()
    stop.stop()
    game = Game()
    found = hint(game, stop)
    assert found.move in game.legal_moves
    assert found.why in ("mates", "stops_mate", "wins_material", "best_position")


def stop_later(stop, delay=0.2):
    timer = threading.Timer(delay, stop.stop)
    timer.start()
    return timer


def test_a_stop_from_another_thread_ends_an_unlimited_search():
    stop = Stop()
    timer = stop_later(stop)
    started = time.monotonic()
    try:
        choice = search(Position(), stop=stop)
    finally:
        timer.join()
    # Depth 64 is out of reach: only the stop ended the search.
    assert time.monotonic() - started < 30
    assert choice.move in Position().legal_moves


def test_a_stop_from_another_thread_ends_a_mate_search_without_limits():
    stop = Stop()
    timer = stop_later(stop)
    try:
        report = solve_mate(MATE_IN_FIVE, nodes=None, stop=stop)
    finally:
        timer.join()
    assert report.kind != "no_mate"
    if report.kind == "unknown":
        assert report.reason == "stopped"
    else:
        replay_to_checkmate(MATE_IN_FIVE, report.moves)


def test_a_search_in_another_thread_is_stopped_from_this_one():
    stop = Stop()
    result = []
    worker = threading.Thread(target=lambda: result.append(search(Position(), stop=stop)))
    worker.start()
    time.sleep(0.2)
    stop.stop()
    worker.join(30)
    assert not worker.is_alive()
    assert result and result[0].move in Position().legal_moves


def test_ctrl_c_ends_an_unlimited_search():
    assert threading.current_thread() is threading.main_thread()
    timer = threading.Timer(0.2, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            search(Position())
            # Not interrupted inside the call: let the interrupt arrive here, then fail.
            timer.join()
            time.sleep(0.1)
    finally:
        timer.cancel()
        timer.join()
    assert time.monotonic() - started < 30


def test_strength_errors():
    with pytest.raises(StrengthError) as e:
        Player(0)
    assert (e.value.kind, e.value.value) == ("strength", 0)
    with pytest.raises(StrengthError):
        Player(11)
    with pytest.raises(StrengthError):
        Game().best_move(strength=-1)
    with pytest.raises(TypeError):
        Player("hard")
    with pytest.raises(TypeError):
        Player(True)
    with pytest.raises(ValueError):
        search(Position(), time=-1.0)


def test_no_move_errors():
    over = Game(MATED)
    with pytest.raises(NoMoveError) as e:
        Player(Level.EASY).choose(over)
    assert e.value.kind == "game_over"
    assert e.value.outcome == over.outcome
    with pytest.raises(NoMoveError):
        over.best_move()
    with pytest.raises(NoMoveError):
        hint(over)
    with pytest.raises(NoMoveError) as e:
        search(MATED)
    assert (e.value.kind, e.value.outcome) == ("no_legal_moves", None)


def test_mate_search_errors():
    in_check = Position.from_sfen("4k4/9/9/9/4L4/9/9/9/4K4 b G 1", setup="any")
    with pytest.raises(MateSearchError) as e:
        solve_mate(in_check)
    assert e.value.kind == "opponent_in_check"
    no_king = Position.from_sfen("9/9/9/9/9/9/9/9/4K4 b G 1", setup="any")
    with pytest.raises(MateSearchError) as e:
        solve_mate(no_king)
    assert e.value.kind == "no_defending_king"


def test_every_error_variant_has_a_class_and_kind_of_its_own():
    examples = shogi_rules._core._ai_error_examples()
    assert {enum for enum, _, _ in examples} == {"MateError", "PlayError", "StrengthError"}
    kinds = set()
    for enum, example, error in examples:
        assert isinstance(error, AiError) and isinstance(error, ShogiError), example
        assert type(error) is not AiError, example
        assert error.kind not in kinds, example
        kinds.add(error.kind)
        assert str(error)
    assert kinds == {
        "opponent_in_check",
        "no_defending_king",
        "game_over",
        "no_legal_moves",
        "strength",
    }
