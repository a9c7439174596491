"""Game: moves, undo, every termination, the clock, draw offers, USI, JSON, pickling."""

from __future__ import annotations

import copy
import gc
import inspect
import json
import pickle
import sys

import pytest

from conftest import MATSURI_SFEN, START_SFEN
from shogi_rules import (
    Clock,
    ClockSettings,
    Color,
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    Outcome,
    Position,
    RestoreError,
    RuleSet,
    ShogiError,
)

SENTE_MATE_IN_ONE = "8k/9/7G1/9/9/9/9/9/4K4 b G 1"
GOTE_MATE_IN_ONE = "4k4/9/9/9/9/9/1g7/9/K8 w g 1"
NO_LEGAL_MOVES = "8k/6G2/7S1/9/9/9/9/9/4K4 w - 1"
ROOK_CYCLES = ["2h3h", "8b7b", "3h2h", "7b8b"] * 3
SENTE_PERPETUAL_START = "9/9/6S1k/9/9/9/9/9/K8 b - 1"
SENTE_PERPETUAL = ["3c2b", "1c2d", "2b3c", "2d1c"] * 3
IMPASSE_32_22 = "lnsg1gsnl/7b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b R 1"
IMPASSE_27_27 = "lnsg1gsnl/1r5b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b - 1"


def play(game, moves):
    """Plays `moves`; every move but the last must leave the game running."""
    result = None
    for i, m in enumerate(moves):
        assert game.outcome is None, f"over before move {i + 1}: {game.outcome!r}"
        result = game.push(m)
        if i < len(moves) - 1:
            assert result is None, f"move {i + 1} {m} ended the game: {result!r}"
    return result


def assert_over(game, expected, undoable=True):
    assert game.outcome == expected
    assert game.is_over
    with pytest.raises(GameOverError) as e:
        game.push(game.position.legal_moves[0] if game.position.legal_moves else "7g7f")
    assert e.value.outcome == expected
    assert game.legal_moves == []
    with pytest.raises(GameOverError):
        game.resign()
    with pytest.raises(GameOverError):
        game.offer_draw()
    if undoable:
        saved = copy.deepcopy(game)
        game.pop()
        assert game.outcome is None
        game.push(saved.moves[-1])
        assert game == saved


# ---------------------------------------------------------------------------
# Basics


def test_new_game():
    game = Game()
    assert game.position == Position() == game.start
    assert game.moves == [] and len(game) == 0
    assert game.outcome is None and not game.is_over
    assert game.last_move is None
    assert game.rules == RuleSet.site()
    assert Game(START_SFEN) == game
    assert Game(Position(), RuleSet()) == game
    assert Game(start=Position(), rules=RuleSet.site()) == game


def test_push_and_pop():
    game = Game()
    assert game.push("7g7f") is None
    m = Move.from_usi("3c3d", game.position)
    assert game.push(m) is None
    assert [x.usi() for x in game.moves] == ["7g7f", "3c3d"]
    assert game.moves_usi() == ["7g7f", "3c3d"]
    assert game.last_move == m
    assert game.position == Position().play("7g7f").play("3c3d")
    assert game.legal_moves == game.position.legal_moves
    assert len(game.legal_moves) > 30
    assert game.pop() == m
    assert game.pop().usi() == "7g7f"
    assert game.position == Position()
    assert game.legal_moves == Position().legal_moves
    assert len(game.legal_moves) == 30
    with pytest.raises(ShogiError):
        game.pop()


def test_pop_returns_the_moves_taken_back_in_any_order_of_pushes():
    """Pop gives back the object pushed where there is one, and an equal new one otherwise;
    games copied, restored or replayed from text give the right moves too."""
    game = Game()
    a = Move.from_usi("7g7f", game.position)
    game.push(a)
    game.push("3c3d")
    b = Move.from_usi("8h2b+", game.position)
    game.push(b)
    assert game.pop() is b
    assert game.pop().usi() == "3c3d"
    game.push("3c3d")
    again = copy.copy(game)
    restored = pickle.loads(pickle.dumps(game))
    assert game.pop().usi() == "3c3d"
    assert game.pop() is a
    for other in (again, restored, Game.from_usi(again.to_usi())):
        assert [other.pop().usi(), other.pop().usi()] == ["3c3d", "7g7f"]
    # A push after some pops replaces the objects of the plies taken back.
    game.push(a)
    c = Move.from_usi("8c8d", game.position)
    game.push(c)
    assert game.pop() is c
    assert game.pop() is a
    # A timed move that comes too late is not played, and records nothing.
    timed = Game()
    timed.push("7g7f", elapsed=1.0)
    late = Move.from_usi("3c3d", timed.position)
    assert timed.push(late, elapsed=10_000.0) == Outcome(Color.SENTE, "timeout")
    assert len(timed.moves) == 1


def test_push_and_pop_keep_their_signatures_and_documentation():
    assert str(inspect.signature(Game.push)) == "(self, /, move, elapsed=None)"
    assert str(inspect.signature(Game.pop)) == "(self, /)"
    assert Game.push.__name__ == "push" and Game.pop.__name__ == "pop"
    assert Game.push.__qualname__ == "Game.push" and Game.pop.__qualname__ == "Game.pop"
    assert Game.push.__doc__.startswith("Plays a legal move (a `Move` or USI text)")
    assert Game.pop.__doc__.startswith("Takes back the last move and returns it")
    game = Game()
    push = game.push
    push("7g7f")
    assert push.__self__ is game
    assert Game.push(game, "3c3d") is None and Game.pop(game).usi() == "3c3d"
    with pytest.raises(TypeError):
        Game.push(Position(), "7g7f")
    with pytest.raises(TypeError):
        Game.pop(Position())


def test_position_play_keeps_its_signature_and_every_way_of_calling_it():
    assert str(inspect.signature(Position.play)) == "(self, /, move)"
    assert Position.play.__name__ == "play" and Position.play.__qualname__ == "Position.play"
    assert Position.play.__doc__.startswith("The position after a legal move")
    pos = Position.from_sfen(MATSURI_SFEN)
    for m in pos.legal_moves:
        expected = Position.from_sfen(pos.sfen()).play(m.usi())
        assert pos.play(m) == expected == pos.play(move=m) == Position.play(pos, m)
        assert pos.play(m.usi()) == expected == pos.play(move=m.usi())
    # Illegal moves, wrong arguments and wrong receivers raise as pyo3's method does.
    with pytest.raises(IllegalMoveError):
        Position().play(Move.from_usi("3c3d", Position().play("7g7f")))
    with pytest.raises(IllegalMoveError):
        Position().play("7g7d")
    with pytest.raises(TypeError):
        Position().play()
    with pytest.raises(TypeError):
        Position().play(Move.from_usi("7g7f", Position()), "extra")
    with pytest.raises(TypeError):
        Position().play(7.0)
    with pytest.raises(IllegalMoveError):
        Position().play(7)  # a move code, of a move not legal here
    with pytest.raises(TypeError):
        Position().play(mover="7g7f")
    with pytest.raises(TypeError):
        Position.play(Game(), "7g7f")


@pytest.mark.parametrize(
    "call",
    [
        lambda g, m: g.push(m),
        lambda g, m: g.push(m.usi()),
        lambda g, m: g.push(move=m),
        lambda g, m: g.push(move=m.usi()),
        lambda g, m: g.push(m, None),
        lambda g, m: g.push(m.usi(), elapsed=None),
        lambda g, m: g.push(m, elapsed=0.5),
        lambda g, m: g.push(elapsed=0.5, move=m.usi()),
    ],
    ids=["move", "text", "kw-move", "kw-text", "none", "kw-none", "elapsed", "kw-both"],
)
def test_every_way_of_calling_push_plays_the_same(call):
    moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8b7b"]
    game, reference = Game(), Game()
    for usi in moves:
        m = Move.from_usi(usi, game.position)
        assert call(game, m) is None
        reference.push(usi)
        assert game.position == reference.position
    assert game.moves == reference.moves
    assert [game.pop().usi() for _ in moves] == moves[::-1]
    # The move that ends the game returns its outcome the same way.
    game = Game(SENTE_MATE_IN_ONE)
    assert call(game, Move.from_usi("G*2b", game.position)) == Outcome(Color.SENTE, "checkmate")
    with pytest.raises(GameOverError):
        call(game, Move.from_usi("G*2b", Position(SENTE_MATE_IN_ONE)))
    assert game.pop().usi() == "G*2b"


def test_push_and_pop_errors_leave_the_game_unchanged():
    from shogi_rules import IllegalMoveError, InvalidMoveError

    game = Game()
    game.push("7g7f")
    saved = copy.deepcopy(game)
    bad_calls = [
        (lambda: game.push(), TypeError),
        (lambda: game.push("7g7f", 1.0, 2), TypeError),
        (lambda: game.push(mv="3c3d"), TypeError),
        (lambda: game.push("3c3d", move="3c3d"), TypeError),
        (lambda: game.push(42.0), TypeError),
        (lambda: game.push(42), IllegalMoveError),
        (lambda: game.push(-42), InvalidMoveError),
        (lambda: game.push(None), TypeError),
        (lambda: game.push(b"3c3d"), TypeError),
        (lambda: game.push("3c3d", elapsed="1"), TypeError),
        (lambda: game.push("3c3d", elapsed=-1.0), ValueError),
        (lambda: game.push("zz"), InvalidMoveError),
        (lambda: game.push("\ud800"), UnicodeEncodeError),
        (lambda: game.push("7g7f"), IllegalMoveError),
        (lambda: game.push(Move.from_usi("7g7f", Position())), IllegalMoveError),
        (lambda: game.push(Move.from_usi("7g7f", Position()), elapsed=1.0), IllegalMoveError),
        (lambda: game.pop(1), TypeError),
        (lambda: game.pop(None), TypeError),
        (lambda: game.pop(ply=1), TypeError),
        (lambda: Game.pop(game, 1), TypeError),
    ]
    for call, error in bad_calls:
        with pytest.raises(error):
            call()
        assert game == saved
        assert game.moves == saved.moves
    assert game.pop().usi() == "7g7f"
    with pytest.raises(ShogiError, match="no move to take back"):
        game.pop()
    # A game that ended otherwise than by a move cannot be taken back.
    game.push("7g7f")
    game.resign()
    with pytest.raises(GameOverError):
        game.pop()
    with pytest.raises(GameOverError):
        game.push("3c3d")
    assert game.moves_usi() == ["7g7f"]


@pytest.mark.skipif(
    sys.version_info >= (3, 12),
    reason="from Python 3.12 on a garbage collection runs only between bytecodes, never inside "
    "a method, so this way into the middle of one is closed",
)
def test_a_game_called_back_during_its_own_method_refuses_to_change():
    # Python code can run in the middle of a method: here a garbage collection, started when
    # `legal_moves` makes its list while it reads the game, calls back. The game may be read
    # there but not changed, and nothing is lost.
    game = Game()
    game.push("7g7f")
    seen = []
    inside = [False]

    def callback(phase, info):
        if phase != "start" or not inside[0] or seen:
            return
        for change in (lambda: game.push("3c3d"), game.pop, game.resign):
            try:
                change()
                seen.append("changed")
            except RuntimeError as e:
                seen.append(str(e))
        seen.append(len(game))

    lists = [None] * 20
    enabled, threshold = gc.isenabled(), gc.get_threshold()
    gc.callbacks.append(callback)
    gc.enable()
    # A collection starts when more objects were made than the threshold: the lists made
    # here (kept, so none is freed in between) are the only ones. Lists the interpreter keeps
    # for reuse do not count as made: those are taken first.
    spare = [[] for _ in range(200)]
    gc.set_threshold(1)
    try:
        for i in range(len(lists)):
            inside[0] = True
            lists[i] = game.legal_moves
            inside[0] = False
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(callback)
        if not enabled:
            gc.disable()
    del spare
    assert seen == ["Already borrowed"] * 3 + [1]
    assert all(moves == Position().play("7g7f").legal_moves for moves in lists)
    assert game.moves_usi() == ["7g7f"] and game.outcome is None
    assert game.push("3c3d") is None and game.pop().usi() == "3c3d"


def test_push_and_pop_hold_no_stray_references():
    game = Game()
    m = Move.from_usi("7g7f", game.position)
    reply = Move.from_usi("3c3d", Position().play(m))
    before = sys.getrefcount(m), sys.getrefcount(reply)
    for _ in range(1000):
        game.push(m)
        game.push(reply)
        assert game.pop() is reply
        game.push("3c3d")  # replaces the kept object of that ply
        game.pop()
        assert game.pop() is m
    assert (sys.getrefcount(m), sys.getrefcount(reply)) == before
    # Objects kept for plies taken back elsewhere (copies, undo by text) are let go of.
    for _ in range(1000):
        game.push(m)
        game.push(reply)
        copy.copy(game).pop()
        game.pop()
        game.pop()
    assert (sys.getrefcount(m), sys.getrefcount(reply)) == before


def test_game_is_mutable_and_unhashable():
    with pytest.raises(TypeError):
        hash(Game())


def test_repr():
    game = Game()
    game.push("7g7f")
    text = repr(game)
    assert "1" in text and "ongoing" in text
    g = Game(SENTE_MATE_IN_ONE)
    g.push("G*1b")
    assert "checkmate" in repr(g)
    assert repr(Outcome(Color.SENTE, "checkmate")) == "Outcome(Color.SENTE, 'checkmate')"
    assert "points24" in repr(RuleSet())


# ---------------------------------------------------------------------------
# Terminations


def test_checkmate_both_colours():
    game = Game(SENTE_MATE_IN_ONE)
    expected = Outcome(Color.SENTE, "checkmate")
    assert game.push("G*1b") == expected
    assert expected.winner == Color.SENTE and expected.termination == "checkmate"
    assert expected.result() == "1-0"
    assert game.position.is_checkmate()
    assert_over(game, expected)
    game = Game(GOTE_MATE_IN_ONE)
    expected = Outcome("gote", "checkmate")
    assert game.push("G*9h") == expected
    assert expected.result() == "0-1"
    assert_over(game, expected)


def test_no_legal_moves_at_the_start():
    game = Game(NO_LEGAL_MOVES)
    assert game.outcome == Outcome(Color.SENTE, "no_legal_moves")
    assert game.moves == []
    assert game.count_legal_moves() == 0 == len(game.legal_moves)


def test_count_legal_moves_counts_what_legal_moves_lists():
    game = Game()
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d"]:
        assert game.count_legal_moves() == len(game.legal_moves) > 0
        game.push(usi)
    assert game.count_legal_moves() == len(game.legal_moves) == game.position.count_legal_moves()
    game.resign()
    assert game.count_legal_moves() == 0 == len(game.legal_moves)
    assert game.position.count_legal_moves() > 0


def test_repetition():
    game = Game()
    expected = Outcome(None, "repetition")
    assert play(game, ROOK_CYCLES) == expected
    assert game.repetition_count() == 4
    assert expected.result() == "1/2-1/2"
    assert_over(game, expected)


def test_perpetual_check():
    game = Game(SENTE_PERPETUAL_START)
    expected = Outcome(Color.GOTE, "perpetual_check")
    assert play(game, SENTE_PERPETUAL) == expected
    assert_over(game, expected)
    # Under rules where perpetual check is a plain draw.
    game = Game(SENTE_PERPETUAL_START, RuleSet(perpetual_check_loses=False))
    assert play(game, SENTE_PERPETUAL) == Outcome(None, "repetition")


def test_impasse_declaration():
    game = Game(IMPASSE_32_22)
    status = game.impasse_status()
    assert status.rule == "points24"
    assert (status.sente_points, status.gote_points) == (32, 22)
    assert status.allowed and status.reason is None
    expected = Outcome(Color.SENTE, "impasse")
    assert status.result == expected
    assert game.declare_impasse() == expected
    assert_over(game, expected, undoable=False)
    game = Game(IMPASSE_27_27)
    assert game.declare_impasse() == Outcome(None, "impasse")


def test_impasse_csa27_invalid_declaration_loses():
    game = Game(IMPASSE_27_27, RuleSet.csa27())
    status = game.impasse_status()
    assert status.rule == "csa27_declaration"
    assert not status.allowed
    outcome = game.declare_impasse()
    assert outcome.winner == Color.GOTE


def test_move_limit():
    game = Game("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 399")
    expected = Outcome(None, "move_limit")
    assert play(game, ["2h3h", "8b7b"]) == expected
    assert game.position.move_number == 401
    assert_over(game, expected)
    game = Game(rules=RuleSet(move_limit=10))
    moves = ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "2e2d", "2c2d"]
    assert play(game, moves) == expected
    game = Game("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 399", RuleSet(move_limit=0))
    assert play(game, ["2h3h", "8b7b", "3h2h"]) is None


def test_resignation():
    game = Game()
    game.push("7g7f")
    expected = Outcome(Color.GOTE, "resignation")
    assert game.resign(Color.SENTE) == expected
    assert_over(game, expected, undoable=False)
    game = Game()
    assert game.resign() == Outcome(Color.GOTE, "resignation")  # the side to move


def test_timeout_by_a_timed_move():
    game = Game()
    expected = Outcome(Color.GOTE, "timeout")
    # 5 minutes + 3 x 30 s exactly: the last period has fully elapsed.
    assert game.push("7g7f", elapsed=390.0) == expected
    assert game.moves == [], "the late move is not played"
    assert game.clock.side(Color.SENTE).timed_out
    assert_over(game, expected, undoable=False)


def test_timeout_by_check_time_and_flag():
    game = Game()
    game.push("7g7f", elapsed=1.0)
    before = game.clock
    assert game.check_time(389.999) is None
    assert game.clock == before
    expected = Outcome(Color.SENTE, "timeout")
    assert game.check_time(390.0) == expected
    assert game.clock.side(Color.GOTE).timed_out
    assert not game.clock.side(Color.SENTE).timed_out
    game = Game()
    assert game.flag(Color.GOTE) == Outcome(Color.SENTE, "timeout")


def test_draw_agreement_and_offers():
    game = Game()
    game.offer_draw(Color.SENTE)
    game.push("7g7f")
    assert game.draw_offer == Color.SENTE
    assert game.draw_offers_made(Color.SENTE) == 1
    expected = Outcome(None, "draw_agreement")
    assert game.accept_draw(Color.GOTE) == expected
    assert game.draw_offer is None
    assert_over(game, expected, undoable=False)
    # Declining, and the limit on offers.
    game = Game(rules=RuleSet(draw_offers=1))
    game.offer_draw()
    game.decline_draw(Color.GOTE)
    assert game.draw_offer is None
    with pytest.raises(ShogiError):
        game.offer_draw(Color.SENTE)
    with pytest.raises(ShogiError):
        game.accept_draw(Color.GOTE)  # no offer open


def test_interrupt():
    game = Game()
    outcome = game.interrupt()
    assert outcome.winner is None and outcome.termination == "interrupted"


# ---------------------------------------------------------------------------
# Clock


def test_clock_boundaries():
    clock = Clock()
    assert clock.settings == ClockSettings() == ClockSettings(300.0, 30.0, 3)
    table = [
        (0.0, (300.0, None, 3, False)),
        (299.0, (1.0, None, 3, False)),
        (300.0, (0.0, 30.0, 3, False)),
        (329.0, (0.0, 1.0, 3, False)),
        (330.0, (0.0, 30.0, 2, False)),
        (360.0, (0.0, 30.0, 1, False)),
        (389.0, (0.0, 1.0, 1, False)),
        (390.0, (0.0, None, 0, True)),
        (10_000.0, (0.0, None, 0, True)),
    ]
    for elapsed, (main, period_left, periods, timed_out) in table:
        for color in (Color.SENTE, Color.GOTE):
            r = clock.remaining(color, elapsed)
            assert r.main == pytest.approx(main), elapsed
            if period_left is None:
                assert r.period_left is None or r.timed_out, elapsed
            else:
                assert r.period_left == pytest.approx(period_left), elapsed
            assert r.timed_out == timed_out, elapsed
            if not timed_out:
                assert r.periods == periods, elapsed
    assert clock == Clock()  # reading changes nothing


def test_clock_spend():
    clock = Clock()
    assert clock.spend(Color.SENTE, 300.0)
    side = clock.side(Color.SENTE)
    assert (side.main, side.periods, side.timed_out) == (0.0, 3, False)
    assert clock.side(Color.GOTE).main == 300.0
    assert clock.spend(Color.SENTE, 29.0)
    assert clock.side(Color.SENTE).periods == 3
    assert clock.spend(Color.SENTE, 30.0)
    assert clock.side(Color.SENTE).periods == 2
    assert clock.spend(Color.SENTE, 65.0) is False  # two periods: none left
    assert clock.side(Color.SENTE).timed_out
    no_byoyomi = Clock(ClockSettings(main_time=10.0, byoyomi=0.0, periods=0))
    assert no_byoyomi.spend(Color.GOTE, 9.5)
    assert no_byoyomi.spend(Color.GOTE, 0.5) is False


def test_clock_increment():
    inc = ClockSettings(10.0, 5.0, 1, increment=2.0)
    assert inc.increment == 2.0 and ClockSettings().increment == 0.0
    assert inc != ClockSettings(10.0, 5.0, 1)
    assert ClockSettings(10.0, 5.0, 1, increment=0.0) == ClockSettings(10.0, 5.0, 1)
    assert repr(inc) == "ClockSettings(main_time=10.0, byoyomi=5.0, periods=1, increment=2.0)"
    assert repr(ClockSettings(10.0, 5.0, 1)) == "ClockSettings(main_time=10.0, byoyomi=5.0, periods=1)"
    assert pickle.loads(pickle.dumps(inc)) == inc
    clock = Clock(inc)
    assert clock.spend(Color.SENTE, 3.0)
    assert clock.side(Color.SENTE).main == 9.0  # 10 - 3 + 2
    assert clock.spend(Color.SENTE, 9.0 + 4.0)  # into the period: main time comes back
    side = clock.side(Color.SENTE)
    assert (side.main, side.periods) == (2.0, 1)
    assert pickle.loads(pickle.dumps(clock)) == clock
    late = Clock(ClockSettings(1.0, 0.0, 0, increment=5.0))
    assert late.spend(Color.SENTE, 1.0) is False  # too late: no increment
    assert late.side(Color.SENTE).timed_out
    game = Game(rules=RuleSet(clock=inc))
    game.push("7g7f", elapsed=1.0)
    assert game.clock.side(Color.SENTE).main == 11.0
    back = Game.from_json(game.to_json())
    assert back.clock == game.clock and back.rules.clock == inc
    with pytest.raises(ShogiError):
        ClockSettings(increment=-1.0)


def test_clock_in_a_game_is_a_copy():
    game = Game()
    clock = game.clock
    clock.spend(Color.SENTE, 100.0)
    assert game.clock.side(Color.SENTE).main == 300.0
    game.push("7g7f", elapsed=100.0)
    assert game.clock.side(Color.SENTE).main == 200.0
    untimed = Game(rules=RuleSet(clock=None))
    assert untimed.clock is None
    with pytest.raises(ShogiError):
        untimed.check_time(1.0)


def test_bad_durations():
    with pytest.raises(ShogiError):
        Clock().remaining(Color.SENTE, -1.0)
    with pytest.raises(ShogiError):
        ClockSettings(main_time=float("nan"))


# ---------------------------------------------------------------------------
# Saving and restoring


def sample_games():
    games = []
    g = Game()
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b"]:
        g.push(m, elapsed=3.5)
    g.offer_draw()
    games.append(g)
    g = Game(SENTE_MATE_IN_ONE, RuleSet.csa27())
    g.push("G*1b")
    games.append(g)
    g = Game()
    play(g, ROOK_CYCLES)
    games.append(g)
    g = Game(rules=RuleSet(clock=ClockSettings(60.0, 10.0, 1), move_limit=200, draw_offers=2))
    g.push("2g2f", elapsed=0.25)
    g.resign()
    games.append(g)
    games.append(Game(IMPASSE_27_27, RuleSet.try_rule()))
    return games


@pytest.mark.parametrize("game", sample_games(), ids=repr)
def test_json_round_trip(game):
    text = game.to_json()
    json.loads(text)  # valid JSON
    back = Game.from_json(text)
    assert back == game
    assert back.to_json() == text
    assert back.outcome == game.outcome
    assert back.clock == game.clock
    assert back.rules == game.rules
    assert back.draw_offer == game.draw_offer


@pytest.mark.parametrize("game", sample_games(), ids=repr)
def test_pickle_and_copy(game):
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(game, protocol))
        assert back == game and back.to_json() == game.to_json()
    shallow = copy.copy(game)
    deep = copy.deepcopy(game)
    assert shallow == game and deep == game
    # Copies are independent.
    if game.outcome is None:
        deep.push(deep.position.legal_moves[0])
        assert deep != game and len(deep) == len(game) + 1


def _clock_after_a_move():
    clock = Clock()
    clock.spend(Color.SENTE, 12.25)
    return clock


SMALL_OBJECTS = {
    "outcome": lambda: Outcome(Color.SENTE, "checkmate"),
    "draw outcome": lambda: Outcome(None, "repetition"),
    "site rules": RuleSet.site,
    "csa27 rules": RuleSet.csa27,
    "untimed rules": lambda: RuleSet(clock=None, move_limit=0),
    "clock settings": lambda: ClockSettings(12.5, 0.5, 2),
    "clock": _clock_after_a_move,
    "impasse status": lambda: Game(IMPASSE_32_22).impasse_status(),
    "clock side": lambda: _clock_after_a_move().side(Color.SENTE),
    "clock reading": lambda: _clock_after_a_move().remaining(Color.GOTE, 1.0),
}


@pytest.mark.parametrize("name", sorted(SMALL_OBJECTS))
def test_small_objects_pickle_and_copy(name):
    value = SMALL_OBJECTS[name]()
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(value, protocol)) == value
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value


def test_json_rejects_bad_text():
    with pytest.raises(ShogiError):
        Game.from_json("{}")
    with pytest.raises(ShogiError):
        Game.from_json("not json")
    # Tampered moves are replayed and checked.
    game = Game()
    game.push("7g7f")
    text = game.to_json().replace("7g7f", "7g7e")
    if text != game.to_json():
        with pytest.raises(ShogiError):
            Game.from_json(text)


def test_usi_round_trip():
    game = Game()
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]:
        game.push(m)
    text = game.to_usi()
    assert text == "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"
    back = Game.from_usi(text)
    assert back.position == game.position and back.moves == game.moves
    assert Game.from_usi("startpos moves 7g7f").moves_usi() == ["7g7f"]
    g = Game(IMPASSE_27_27)
    g.push("5c4c")
    assert Game.from_usi(g.to_usi()).position == g.position
    assert g.to_usi().startswith("position sfen ")
    # A game that ended keeps its outcome through USI when the moves decide it.
    g = Game()
    play(g, ROOK_CYCLES)
    assert Game.from_usi(g.to_usi()).outcome == Outcome(None, "repetition")


def test_usi_errors():
    from shogi_rules import IllegalMoveError, InvalidMoveError, SfenError

    with pytest.raises(IllegalMoveError) as e:
        Game.from_usi("position startpos moves 7g7f 7c7e")
    assert e.value.ply == 2
    with pytest.raises(InvalidMoveError):
        Game.from_usi("position startpos moves 7g7f x")
    with pytest.raises(SfenError):
        Game.from_usi("position sfen 9/9/9 b - 1")
    with pytest.raises(GameOverError):
        Game.from_usi(Game().to_usi() + " moves " + " ".join(ROOK_CYCLES + ["2h3h"]))
    # After checkmate no move is legal; one there is still a move after the end.
    with pytest.raises(GameOverError) as over:
        Game.from_usi(f"position sfen {SENTE_MATE_IN_ONE} moves G*1b 1a2a")
    assert over.value.outcome == Outcome(Color.SENTE, "checkmate")


def test_record_of_a_game():
    game = Game()
    for m in ["7g7f", "3c3d"]:
        game.push(m)
    game.resign()
    record = game.record()
    assert record.moves == game.moves
    assert record.game().outcome == game.outcome


def test_try_rule():
    game = Game("k8/4K4/9/9/9/9/9/9/9 b - 1", RuleSet.try_rule())
    assert game.push("5b5a") == Outcome(Color.SENTE, "try_rule")
    # Under the site rules the same move is just a move.
    assert Game("k8/4K4/9/9/9/9/9/9/9 b - 1").push("5b5a") is None


def test_rule_sets():
    rules = RuleSet.site().replace(move_limit=100)
    assert rules.move_limit == 100 and rules.impasse == "points24" and rules.repetitions == 4
    assert rules != RuleSet.site()
    assert RuleSet.try_rule().impasse == "try_rule"
    assert RuleSet.csa27().invalid_declaration_loses
    assert RuleSet(clock=None).clock is None
    assert RuleSet().clock == ClockSettings()
    with pytest.raises(ShogiError):
        RuleSet(impasse="nope")
    with pytest.raises(ShogiError):
        RuleSet(repetitions=1)
    with pytest.raises(ShogiError):
        Outcome(None, "nope")


# Forged saved games: each is refused with the RestoreError kind naming what is wrong.


def _saved_after_7g7f(rules=None):
    game = Game(rules=rules) if rules is not None else Game()
    game.push("7g7f")
    return json.loads(game.to_json())


def _restore(state):
    return Game.from_json(json.dumps(state))


def _refused(state, kind):
    text = json.dumps(state)
    with pytest.raises(RestoreError) as info:
        Game.from_json(text)
    assert info.value.kind == kind, str(info.value)
    # Unpickling goes through the same checks.
    game = Game()
    with pytest.raises(RestoreError) as again:
        game.__setstate__(text)
    assert again.value.kind == kind
    assert game == Game(), "a refused state changes nothing"
    return info.value


@pytest.mark.parametrize(
    "winner,termination",
    [
        ("sente", "checkmate"),
        ("gote", "no_legal_moves"),
        (None, "repetition"),
        ("sente", "perpetual_check"),
        (None, "move_limit"),
        ("gote", "try_rule"),
    ],
)
def test_restore_refuses_endings_the_moves_do_not_give(winner, termination):
    state = _saved_after_7g7f()
    state["outcome"] = {"winner": winner, "termination": termination}
    _refused(state, "rules_decided")


def test_restore_refuses_a_declaration_the_position_does_not_give():
    state = _saved_after_7g7f()
    state["outcome"] = {"winner": "sente", "termination": "impasse_declaration"}
    _refused(state, "declaration")


def test_restore_checks_a_result_the_moves_give():
    game = Game(SENTE_MATE_IN_ONE)
    game.push("G*1b")
    state = json.loads(game.to_json())
    assert _restore(state) == game
    _refused({**state, "outcome": None}, "missing_outcome")
    _refused(
        {**state, "outcome": {"winner": "gote", "termination": "resignation"}},
        "outcome_mismatch",
    )
    error = _refused({**state, "moves": ["G*1b", "1a2a"]}, "move_after_end")
    assert error.ply == 2
    error = _refused({**state, "moves": ["7g7f"]}, "move")
    assert error.ply == 1
    _refused({**state, "start": "9/9 b - 1"}, "start")


@pytest.mark.parametrize(
    "winner,termination,kind",
    [
        ("sente", "draw_agreement", "winner"),
        ("gote", "interrupted", "winner"),
        (None, "resignation", "winner"),
        (None, "timeout", "winner"),
        (None, "draw_agreement", "ending_not_allowed"),
    ],
)
def test_restore_refuses_winners_and_endings_that_do_not_fit(winner, termination, kind):
    state = _saved_after_7g7f()
    state["outcome"] = {"winner": winner, "termination": termination}
    _refused(state, kind)


def test_restore_accepts_stated_endings_with_a_consistent_winner():
    state = _saved_after_7g7f()
    for winner, termination in [("sente", "resignation"), ("gote", "illegal_move"), (None, "interrupted")]:
        outcome = _restore({**state, "outcome": {"winner": winner, "termination": termination}}).outcome
        assert outcome == Outcome(winner, termination)


def test_restore_refuses_draw_offers_beyond_the_rules():
    state = _saved_after_7g7f()
    _refused({**state, "draw_offers_made": [4_000_000_000, 0]}, "draw_offers")
    _refused({**state, "draw_offer": "gote"}, "draw_offer")
    resigned = Game()
    resigned.offer_draw()
    resigned.resign(Color.GOTE)
    assert resigned.draw_offer is None, "the offer lapses when the game ends"
    over = json.loads(resigned.to_json())
    _refused({**over, "draw_offer": "sente"}, "draw_offer")


def test_restore_checks_the_clock_against_the_rules():
    timed = _saved_after_7g7f()
    untimed = _saved_after_7g7f(RuleSet(clock=None))
    _refused({**timed, "clock": None}, "clock_missing")
    _refused({**untimed, "clock": timed["clock"]}, "unexpected_clock")
    _refused({**untimed, "outcome": {"winner": "sente", "termination": "timeout"}}, "ending_not_allowed")
    other = json.loads(json.dumps(timed))
    other["clock"]["settings"]["periods"] = 2
    _refused(other, "clock_settings")


def test_restore_refuses_time_beyond_the_settings():
    one_second = _saved_after_7g7f(RuleSet(clock=ClockSettings(1.0, 0.0, 0)))
    assert _restore(one_second).clock.side(Color.SENTE).main == 1.0
    one_second["clock"]["sides"][0]["main"] = {"secs": 99_999, "nanos": 0}
    _refused(one_second, "clock_state")


def test_restore_refuses_a_flag_without_a_loss_on_time():
    state = _saved_after_7g7f()
    state["clock"]["sides"][1] = {"main": {"secs": 0, "nanos": 0}, "periods": 0, "timed_out": True}
    _refused(state, "timed_out")
    on_time = {**state, "outcome": {"winner": "sente", "termination": "timeout"}}
    assert _restore(on_time).outcome == Outcome(Color.SENTE, "timeout")
    fresh = _saved_after_7g7f()
    _refused({**fresh, "outcome": {"winner": "sente", "termination": "timeout"}}, "not_timed_out")


def test_restore_error_for_text_that_is_not_a_saved_game():
    with pytest.raises(RestoreError) as info:
        Game.from_json("not json")
    assert info.value.kind == "json" and info.value.ply is None
    assert issubclass(RestoreError, ShogiError) and issubclass(RestoreError, ValueError)


def test_flag_needs_a_clock_and_marks_it():
    game = Game(rules=RuleSet(clock=None))
    with pytest.raises(ShogiError):
        game.flag(Color.GOTE)
    assert game.outcome is None
    game = Game()
    game.flag(Color.GOTE)
    assert game.clock.side(Color.GOTE).timed_out
    assert Game.from_json(game.to_json()) == game


@pytest.mark.parametrize(
    "winner,termination",
    [(None, "checkmate"), (None, "resignation"), (None, "timeout"), (Color.SENTE, "draw_agreement"),
     (Color.GOTE, "repetition"), (Color.SENTE, "interrupted")],
)
def test_outcome_refuses_a_winner_that_does_not_fit(winner, termination):
    with pytest.raises(ValueError):
        Outcome(winner, termination)


def test_outcome_accepts_both_ways_where_the_rules_allow():
    assert Outcome(None, "move_limit").winner is None
    assert Outcome(Color.SENTE, "move_limit").winner == Color.SENTE
    assert Outcome(None, "impasse").winner is None
    assert Outcome(Color.GOTE, "impasse").winner == Color.GOTE


def test_clock_setstate_refuses_times_beyond_its_settings():
    clock = Clock(ClockSettings(1.0, 0.0, 0))
    state = json.loads(clock.__getstate__())
    restored = Clock()
    restored.__setstate__(json.dumps(state))
    assert restored == clock
    state["sides"][0]["main"] = {"secs": 99_999, "nanos": 0}
    with pytest.raises(ValueError):
        Clock().__setstate__(json.dumps(state))
    state["sides"][0] = {"main": {"secs": 1, "nanos": 0}, "periods": 5, "timed_out": False}
    with pytest.raises(ValueError):
        Clock().__setstate__(json.dumps(state))
