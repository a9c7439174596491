"""Games: moves pushed and popped, the endings the players make, the rules."""

from __future__ import annotations

import pytest

from conftest import START_FEN
import json
import pickle

from xiangqi_rules import (
    Clock,
    ClockReading,
    ClockSettings,
    ClockSide,
    Color,
    Game,
    GameActionError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveList,
    Outcome,
    Position,
    RestoreError,
    RuleSet,
    XiangqiError,
)

MATE_FEN = "3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1"


def test_push_pop_peek():
    game = Game()
    assert len(game) == 0 and game.outcome is None and not game.is_game_over()
    assert game.start == Position() == game.position
    assert len(game.legal_moves) == 44
    assert game.push("h2e2") is None
    m = game.push_iccs("h9g7")
    assert isinstance(m, Move) and m.iccs() == "h9g7"
    code = Move.from_iccs("h0g2", game.position).bits
    assert game.push(code) is None
    assert len(game) == 3
    assert game.moves_iccs() == ["h2e2", "h9g7", "h0g2"]
    assert isinstance(game.moves, MoveList) and game.moves.iccs() == game.moves_iccs()
    assert game.checks() == [False, False, False]
    assert game.peek().iccs() == "h0g2"
    assert game.pop().iccs() == "h0g2"
    assert len(game) == 2 and game.position.turn == Color.RED
    assert game.occurrences() == 1
    assert game.start.fen() == START_FEN
    assert "2 moves, ongoing" in repr(game)
    assert str(game) == str(game.position)


def test_checkmate_ends_the_game():
    game = Game(MATE_FEN)
    assert game.push("a6a5") is None
    outcome = game.push("b2e2")
    assert outcome == Outcome(Color.RED, "checkmate") == game.outcome
    assert outcome.result() == "1-0" and outcome.winner == Color.RED and outcome.loser == Color.BLACK
    assert game.is_game_over() and game.is_check()
    assert game.checks() == [False, True]
    assert len(game.legal_moves) == 0
    with pytest.raises(GameOverError):
        game.push("e9e8")
    # Taking the mate back reopens the game.
    assert game.pop().iccs() == "b2e2"
    assert game.outcome is None


def test_player_endings():
    game = Game()
    assert game.resign() == Outcome(Color.BLACK, "resignation")  # Red, to move, resigns
    game = Game()
    assert game.resign("black") == Outcome("red", "resignation")
    game = Game()
    assert game.time_out(Color.RED).result() == "0-1"
    assert game.outcome == Outcome(Color.BLACK, "timeout")
    game = Game()
    game.push("h2e2")
    draw = game.agree_draw()
    assert draw == Outcome(None, "draw_agreement") and draw.result() == "1/2-1/2"
    assert draw.winner is None and draw.loser is None
    assert repr(draw) == "Outcome(None, 'draw_agreement')"


def test_repetition_under_other_rules():
    moves = ["a8a9", "d9d8", "a9a8", "d8d9"] * 2
    fen = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1"
    game = Game(fen)
    for m in moves:
        game.push(m)
    assert game.outcome == Outcome(Color.BLACK, "perpetual_check")
    game = Game(Position(fen), RuleSet(perpetual_check_loses=False))
    for m in moves:
        game.push(m)
    assert game.outcome == Outcome(None, "repetition")
    game = Game(fen, RuleSet(repetitions=4))
    for m in moves:
        game.push(m)
    assert game.outcome is None and game.occurrences() == 3


def test_rule_set():
    rules = RuleSet()
    assert (rules.repetitions, rules.perpetual_check_loses, rules.move_limit, rules.bare_material_draw) == (
        3,
        True,
        300,
        True,
    )
    assert RuleSet(move_limit=0) != rules and RuleSet(move_limit=300) == rules
    assert hash(RuleSet()) == hash(rules)
    assert rules.max_draw_offers is None
    assert RuleSet(max_draw_offers=2).max_draw_offers == 2 and RuleSet(max_draw_offers=2) != rules
    assert repr(rules) == (
        "RuleSet(repetitions=3, perpetual_check_loses=True, move_limit=300, bare_material_draw=True, "
        "max_draw_offers=None, clock=ClockSettings(main_time=300.0, byoyomi=30.0, periods=3))"
    )
    assert "max_draw_offers=0," in repr(RuleSet(max_draw_offers=0))
    assert repr(RuleSet(clock=None)).endswith("max_draw_offers=None, clock=None)")
    assert Game(rules=RuleSet(move_limit=2)).rules.move_limit == 2
    game = Game(rules=RuleSet(move_limit=2))
    game.push("h2e2")
    assert game.push("h9g7") == Outcome(None, "move_limit")


def test_bare_material_game_is_over_at_once():
    game = Game("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
    assert game.outcome == Outcome(None, "bare_material")
    game = Game("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", RuleSet(bare_material_draw=False))
    assert game.outcome is None


def test_games_compare_by_value():
    a, b = Game(), Game()
    assert a == b and a == a
    a.push("h2e2")
    assert a != b
    b.push("h2e2")
    assert a == b
    assert a != "game"
    with pytest.raises(TypeError):
        hash(a)


def test_draw_offers():
    game = Game(rules=RuleSet(max_draw_offers=1))
    assert game.draw_offer is None
    assert game.draw_offers_made(Color.RED) == game.draw_offers_made("black") == 0
    with pytest.raises(GameActionError) as e:
        game.accept_draw()
    assert e.value.kind == "no_draw_offer"
    # Black offers on Red's turn; Red declines.
    assert game.offer_draw(Color.BLACK) is None
    assert game.draw_offer == Color.BLACK and game.draw_offers_made(Color.BLACK) == 1
    with pytest.raises(GameActionError) as e:
        game.offer_draw()
    assert e.value.kind == "draw_offer_pending"
    with pytest.raises(GameActionError) as e:
        game.accept_draw(Color.BLACK)  # not one's own offer
    assert e.value.kind == "no_draw_offer"
    game.decline_draw()
    assert game.draw_offer is None
    with pytest.raises(GameActionError) as e:
        game.offer_draw("black")
    assert e.value.kind == "no_draw_offers_left"
    # Red offers and moves: its own move keeps the offer open; Black's move would end it.
    game.offer_draw()
    game.push("h2e2")
    assert game.draw_offer == Color.RED
    game.push("h9g7")
    assert game.draw_offer is None
    with pytest.raises(GameActionError):
        game.agree_draw()  # Red, to move, has no offer left
    assert game.outcome is None
    # An offer taken back with a move.
    other = Game()
    other.push("h2e2")
    other.offer_draw(Color.RED)
    other.pop()
    assert other.draw_offer is None and other.draw_offers_made(Color.RED) == 1
    # An accepted offer draws; nothing is offered or answered after the end.
    drawn = Game()
    drawn.offer_draw()
    assert drawn.accept_draw(Color.BLACK) == Outcome(None, "draw_agreement")
    assert drawn.draw_offer is None
    for action in (drawn.offer_draw, drawn.accept_draw, drawn.decline_draw):
        with pytest.raises(GameOverError):
            action()


def _saved(rules=None, moves=("h2e2",)):
    game = Game(rules=rules)
    for m in moves:
        game.push(m)
    return game


def test_json_round_trip_keeps_the_draw_offers():
    game = _saved(RuleSet(max_draw_offers=3))
    game.offer_draw(Color.RED)
    text = game.to_json()
    state = json.loads(text)
    assert state["moves"] == ["h2e2"] and state["draw_offers_made"] == [1, 0]
    assert state["draw_offer"] == "red" and state["rules"]["max_draw_offers"] == 3
    back = Game.from_json(text)
    assert back == game and back.to_json() == text
    assert back.draw_offer == Color.RED and back.draw_offers_made(Color.RED) == 1
    assert back.rules == RuleSet(max_draw_offers=3)
    assert back.accept_draw(Color.BLACK) == Outcome(None, "draw_agreement")
    for ended in (back, _saved(moves=("h2e2", "h9g7"))):
        if ended.outcome is None:
            ended.resign()
        assert Game.from_json(ended.to_json()) == ended


def _refused(state, kind, ply=None):
    with pytest.raises(RestoreError) as e:
        Game.from_json(json.dumps(state))
    assert e.value.kind == kind, str(e.value)
    assert e.value.ply == ply
    return e.value


def test_from_json_refuses_forged_games():
    state = json.loads(_saved().to_json())
    mated = Game(MATE_FEN)
    mated.push("a6a5")
    mated.push("b2e2")
    over = json.loads(mated.to_json())
    assert over["outcome"] == {"winner": "red", "termination": "checkmate"}
    limited = json.loads(_saved(RuleSet(max_draw_offers=1)).to_json())
    _refused({**state, "start": "x"}, "start")
    _refused({**state, "moves": ["h2e3"]}, "move", 1)
    _refused({**over, "moves": ["a6a5", "b2e2", "e9e8"]}, "move_after_end", 3)
    _refused({**over, "outcome": {"winner": "black", "termination": "resignation"}}, "outcome_mismatch")
    _refused({**over, "outcome": None}, "missing_outcome")
    _refused({**state, "outcome": {"winner": "red", "termination": "checkmate"}}, "rules_decided")
    _refused({**state, "outcome": {"winner": None, "termination": "resignation"}}, "winner")
    _refused({**state, "outcome": {"winner": None, "termination": "draw_agreement"}}, "agreement_without_offer")
    _refused({**limited, "draw_offers_made": [2, 0]}, "draw_offers")
    _refused({**state, "draw_offer": "black"}, "draw_offer")
    assert _refused({"start": 1}, "json").ply is None
    with pytest.raises(RestoreError) as e:
        Game.from_json("not json")
    assert e.value.kind == "json"
    # The same state with a draw offer made is a draw agreement that can be restored.
    agreed = {**state, "outcome": {"winner": None, "termination": "draw_agreement"}, "draw_offers_made": [0, 1]}
    assert Game.from_json(json.dumps(agreed)).outcome == Outcome(None, "draw_agreement")


# ---------------------------------------------------------------------------
# Clock


def test_rule_set_clock():
    assert RuleSet().clock == ClockSettings() == ClockSettings(300.0, 30.0, 3)
    assert RuleSet(clock=None).clock is None and RuleSet(clock=None) != RuleSet()
    short = ClockSettings(main_time=60.0, byoyomi=10.0, periods=1)
    assert RuleSet(clock=short).clock == short
    assert (short.main_time, short.byoyomi, short.periods) == (60.0, 10.0, 1)
    assert repr(short) == "ClockSettings(main_time=60.0, byoyomi=10.0, periods=1)"
    assert Game(rules=RuleSet(clock=short)).clock.settings == short
    with pytest.raises(TypeError):
        RuleSet(clock=300)


def test_timeout_by_a_timed_move():
    game = Game()
    expected = Outcome(Color.BLACK, "timeout")
    # 5 minutes + 3 x 30 s exactly: the last period has fully elapsed.
    assert game.push("h2e2", elapsed=390.0) == expected
    assert len(game) == 0, "the late move is not played"
    assert game.clock.side(Color.RED).timed_out
    assert game.is_game_over()
    with pytest.raises(GameOverError):
        game.push("h2e2", elapsed=1.0)
    with pytest.raises(GameOverError):
        game.pop()


def test_timed_moves_in_byoyomi():
    game = Game()
    game.push("h2e2", elapsed=300.0)  # main time used up exactly: the periods are intact
    game.push(Move.from_iccs("h9g7", game.position), elapsed=1.0)
    red = game.clock.side(Color.RED)
    assert (red.main, red.periods, red.timed_out) == (0.0, 3, False)
    game.push("h0g2", elapsed=29.999)  # within the period: kept
    game.push("i9h9", elapsed=1.0)
    assert game.clock.side(Color.RED).periods == 3
    game.push("i0h0", elapsed=30.0)  # a full period: spent
    assert game.clock.side(Color.RED).periods == 2
    assert game.clock.side(Color.BLACK).main == pytest.approx(298.0)
    assert len(game) == 5 and game.outcome is None
    with pytest.raises(InvalidMoveError):
        game.push("zz", elapsed=1.0)
    with pytest.raises(IllegalMoveError):
        game.push("h0g2", elapsed=1.0)
    assert len(game) == 5 and game.clock.side(Color.BLACK).main == pytest.approx(298.0)


def test_timeout_by_check_time_and_flag():
    game = Game()
    game.push("h2e2", elapsed=1.0)
    before = game.clock
    assert game.check_time(389.999) is None
    assert game.clock == before
    expected = Outcome(Color.RED, "timeout")
    assert game.check_time(390.0) == expected
    assert game.clock.side(Color.BLACK).timed_out
    assert not game.clock.side(Color.RED).timed_out
    with pytest.raises(GameOverError):
        game.check_time(0.0)
    game = Game()
    assert game.flag(Color.BLACK) == Outcome(Color.RED, "timeout")
    game = Game()
    assert game.flag() == Outcome(Color.BLACK, "timeout")  # the side to move


def test_clock_boundaries():
    clock = Clock()
    assert clock.settings == ClockSettings()
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
        for color in (Color.RED, Color.BLACK):
            r = clock.remaining(color, elapsed)
            assert isinstance(r, ClockReading)
            assert r.main == pytest.approx(main), elapsed
            if period_left is None:
                assert r.period_left is None or r.timed_out, elapsed
            else:
                assert r.period_left == pytest.approx(period_left), elapsed
            assert r.timed_out == timed_out, elapsed
            if not timed_out:
                assert r.periods == periods, elapsed
    assert clock == Clock()  # reading changes nothing
    assert repr(clock.remaining(Color.RED, 310.0)) == (
        "ClockReading(main=0.0, period_left=20.0, periods=3, timed_out=False)"
    )


def test_clock_spend():
    clock = Clock()
    assert clock.spend(Color.RED, 300.0)
    side = clock.side(Color.RED)
    assert isinstance(side, ClockSide)
    assert (side.main, side.periods, side.timed_out) == (0.0, 3, False)
    assert repr(side) == "ClockSide(main=0.0, periods=3, timed_out=False)"
    assert clock.side(Color.BLACK).main == 300.0
    assert clock.spend(Color.RED, 29.0)
    assert clock.side(Color.RED).periods == 3
    assert clock.spend(Color.RED, 30.0)
    assert clock.side(Color.RED).periods == 2
    assert clock.spend(Color.RED, 65.0) is False  # two periods: none left
    assert clock.side(Color.RED).timed_out
    assert repr(clock).startswith("<Clock red=ClockSide(")
    no_byoyomi = Clock(ClockSettings(main_time=10.0, byoyomi=0.0, periods=0))
    assert no_byoyomi.spend(Color.BLACK, 9.5)
    assert no_byoyomi.spend(Color.BLACK, 0.5) is False


def test_clock_increment():
    inc = ClockSettings(10.0, 5.0, 1, increment=2.0)
    assert inc.increment == 2.0 and ClockSettings().increment == 0.0
    assert inc != ClockSettings(10.0, 5.0, 1)
    assert ClockSettings(10.0, 5.0, 1, increment=0.0) == ClockSettings(10.0, 5.0, 1)
    assert repr(inc) == "ClockSettings(main_time=10.0, byoyomi=5.0, periods=1, increment=2.0)"
    assert repr(ClockSettings(10.0, 5.0, 1)) == "ClockSettings(main_time=10.0, byoyomi=5.0, periods=1)"
    assert pickle.loads(pickle.dumps(inc)) == inc
    clock = Clock(inc)
    assert clock.spend(Color.RED, 3.0)
    assert clock.side(Color.RED).main == 9.0  # 10 - 3 + 2
    assert clock.spend(Color.RED, 9.0 + 4.0)  # into the period: main time comes back
    side = clock.side(Color.RED)
    assert (side.main, side.periods) == (2.0, 1)
    assert pickle.loads(pickle.dumps(clock)) == clock
    late = Clock(ClockSettings(1.0, 0.0, 0, increment=5.0))
    assert late.spend(Color.RED, 1.0) is False  # too late: no increment
    assert late.side(Color.RED).timed_out
    game = Game(rules=RuleSet(clock=inc))
    game.push("h2e2", elapsed=1.0)
    assert game.clock.side(Color.RED).main == 11.0
    back = Game.from_json(game.to_json())
    assert back.clock == game.clock and back.rules.clock == inc
    with pytest.raises(XiangqiError):
        ClockSettings(increment=-1.0)


def test_clock_in_a_game_is_a_copy():
    game = Game()
    clock = game.clock
    clock.spend(Color.RED, 100.0)
    assert game.clock.side(Color.RED).main == 300.0
    game.push("h2e2", elapsed=100.0)
    assert game.clock.side(Color.RED).main == 200.0
    game.push("h9g7")  # untimed play charges nothing
    assert game.clock.side(Color.BLACK).main == 300.0


def test_untimed_games_have_no_clock():
    game = Game(rules=RuleSet(clock=None))
    assert game.clock is None
    for action in (lambda: game.check_time(1.0), lambda: game.flag(Color.BLACK), lambda: game.push("h2e2", elapsed=1.0)):
        with pytest.raises(GameActionError) as e:
            action()
        assert e.value.kind == "no_clock"
    assert game.outcome is None and len(game) == 0
    game.push("h2e2")
    assert game.time_out(Color.BLACK) == Outcome(Color.RED, "timeout")  # on the caller's word


def test_bad_durations():
    with pytest.raises(XiangqiError):
        Clock().remaining(Color.RED, -1.0)
    with pytest.raises(XiangqiError):
        ClockSettings(main_time=float("nan"))
    with pytest.raises(XiangqiError):
        Game().push("h2e2", elapsed=-1.0)
    with pytest.raises(XiangqiError):
        Game().check_time(float("inf"))


def test_json_round_trip_keeps_the_clock():
    game = Game()
    game.push("h2e2", elapsed=1.5)
    state = json.loads(game.to_json())
    assert state["clock"]["sides"][0]["main"] == {"secs": 298, "nanos": 500_000_000}
    back = Game.from_json(game.to_json())
    assert back == game and back.clock == game.clock
    assert back.clock.side(Color.RED).main == 298.5
    untimed = _saved(RuleSet(clock=None))
    assert json.loads(untimed.to_json())["clock"] is None
    assert Game.from_json(untimed.to_json()).clock is None


def test_restore_checks_the_clock_against_the_rules():
    timed = json.loads(_saved().to_json())
    untimed = json.loads(_saved(RuleSet(clock=None)).to_json())
    _refused({**timed, "clock": None}, "clock_missing")
    _refused({**untimed, "clock": timed["clock"]}, "unexpected_clock")
    other = json.loads(json.dumps(timed))
    other["clock"]["settings"]["periods"] = 2
    _refused(other, "clock_settings")


def test_restore_refuses_time_beyond_the_settings():
    one_second = json.loads(_saved(RuleSet(clock=ClockSettings(1.0, 0.0, 0))).to_json())
    assert Game.from_json(json.dumps(one_second)).clock.side(Color.RED).main == 1.0
    one_second["clock"]["sides"][0]["main"] = {"secs": 99_999, "nanos": 0}
    _refused(one_second, "clock_state")


def test_restore_refuses_a_flag_without_a_loss_on_time():
    state = json.loads(_saved().to_json())
    state["clock"]["sides"][1] = {"main": {"secs": 0, "nanos": 0}, "periods": 0, "timed_out": True}
    _refused(state, "timed_out")
    on_time = {**state, "outcome": {"winner": "red", "termination": "timeout"}}
    assert Game.from_json(json.dumps(on_time)).outcome == Outcome(Color.RED, "timeout")
    fresh = json.loads(_saved().to_json())
    _refused({**fresh, "outcome": {"winner": "red", "termination": "timeout"}}, "not_timed_out")


def test_flag_marks_the_clock_and_restores():
    game = Game()
    game.flag(Color.BLACK)
    assert game.clock.side(Color.BLACK).timed_out
    assert Game.from_json(game.to_json()) == game


def test_clock_setstate_refuses_times_beyond_its_settings():
    clock = Clock(ClockSettings(1.0, 0.0, 0))
    state = json.loads(clock.__getstate__())
    restored = Clock()
    restored.__setstate__(json.dumps(state))
    assert restored == clock
    state["sides"][0]["main"] = {"secs": 99_999, "nanos": 0}
    with pytest.raises(XiangqiError):
        Clock().__setstate__(json.dumps(state))
    state["sides"][0] = {"main": {"secs": 1, "nanos": 0}, "periods": 5, "timed_out": False}
    with pytest.raises(XiangqiError):
        Clock().__setstate__(json.dumps(state))
