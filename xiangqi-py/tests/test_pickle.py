"""Pickling and copying every class."""

from __future__ import annotations

import copy
import pickle

import pytest

from xiangqi_rules import (
    Clock,
    ClockSettings,
    Color,
    Game,
    Move,
    MoveList,
    Outcome,
    Piece,
    Position,
    RestoreError,
    Role,
    RuleSet,
)

VALUES = [
    Color.RED,
    Color.BLACK,
    *[Role(i) for i in range(7)],
    Piece(Color.BLACK, Role.CANNON),
    Move.from_iccs("h2h9", Position()),
    Position().legal_moves,
    MoveList(),
    Position(),
    Position("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 7 12"),
    RuleSet(),
    RuleSet(repetitions=4, perpetual_check_loses=False, move_limit=0, bare_material_draw=False),
    RuleSet(max_draw_offers=2),
    RuleSet(max_draw_offers=0),
    RuleSet(clock=None),
    RuleSet(clock=ClockSettings(main_time=0.1 + 0.2, byoyomi=0.0, periods=0)),
    ClockSettings(),
    ClockSettings(main_time=1e-9, byoyomi=12.345678901, periods=7),
    Clock().side(Color.RED),
    Clock().remaining(Color.BLACK, 310.0),
    Clock().remaining(Color.BLACK, 1000.0),
    Outcome(Color.RED, "checkmate"),
    Outcome(None, "repetition"),
]


@pytest.mark.parametrize("value", VALUES, ids=[repr(v)[:40] for v in VALUES])
def test_values_pickle_and_copy(value):
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        restored = pickle.loads(pickle.dumps(value, protocol))
        assert restored == value and type(restored) is type(value)
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value


def test_frozen_values_are_shared_by_copy():
    pos = Position()
    assert copy.copy(pos) is pos and copy.deepcopy(pos) is pos
    m = pos.legal_moves[0]
    assert copy.copy(m) is m and copy.deepcopy(m) is m


def played(*moves: str) -> Game:
    game = Game()
    for m in moves:
        game.push(m)
    return game


def games() -> list[Game]:
    running = played("h2e2", "h9g7", "h0g2")
    resigned = played("h2e2")
    resigned.resign()
    timed_out = played("h2e2", "h9g7")
    timed_out.time_out(Color.RED)
    drawn = played()
    drawn.agree_draw()
    mated = Game("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1", RuleSet(move_limit=50))
    mated.push("a6a5")
    mated.push("b2e2")
    offered = Game(rules=RuleSet(max_draw_offers=2))
    offered.push("h2e2")
    offered.offer_draw(Color.BLACK)
    declined = played("h2e2")
    declined.offer_draw(Color.RED)
    declined.decline_draw(Color.BLACK)
    accepted = played("h2e2")
    accepted.offer_draw(Color.BLACK)
    accepted.accept_draw(Color.RED)
    return [running, resigned, timed_out, drawn, mated, offered, declined, accepted, Game()]


@pytest.mark.parametrize("game", games(), ids=lambda g: repr(g)[:30])
def test_games_pickle_and_copy(game):
    restored = pickle.loads(pickle.dumps(game))
    assert restored == game
    assert restored.outcome == game.outcome
    assert restored.rules == game.rules
    assert restored.moves == game.moves
    assert restored.position == game.position
    for c in (restored, copy.copy(game), copy.deepcopy(game)):
        assert c.draw_offer == game.draw_offer
        for color in (Color.RED, Color.BLACK):
            assert c.draw_offers_made(color) == game.draw_offers_made(color)
        assert c.to_json() == game.to_json()
    for c in (copy.copy(game), copy.deepcopy(game)):
        assert c == game and c is not game
    # Copies are independent.
    c = copy.copy(game)
    if game.outcome is None:
        c.push(c.legal_moves[0])
        assert c != game


def test_a_pickled_game_is_its_json_replayed_and_so_checked():
    game = played("h2e2")
    game.offer_draw(Color.RED)
    restore, (state,) = game.__reduce__()
    assert state == game.to_json()
    back = restore(state)
    assert back == game and back.draw_offer == Color.RED
    with pytest.raises(RestoreError) as e:
        restore(state.replace('"moves":["h2e2"]', '"moves":["h2e2","h2e2"]'))
    assert (e.value.kind, e.value.ply) == ("move", 2)
    with pytest.raises(RestoreError) as e:
        restore(state.replace('"draw_offers_made":[1,0]', '"draw_offers_made":[0,0]'))
    assert e.value.kind == "draw_offer"


def test_clocks_pickle_and_copy():
    clock = Clock(ClockSettings(main_time=10.0, byoyomi=5.0, periods=2))
    assert clock.spend(Color.RED, 12.25)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        restored = pickle.loads(pickle.dumps(clock, protocol))
        assert restored == clock and restored is not clock
    assert copy.copy(clock) == clock and copy.deepcopy(clock) == clock
    timed = Game()
    timed.push("h2e2", elapsed=12.5)
    restored = pickle.loads(pickle.dumps(timed))
    assert restored == timed and restored.clock == timed.clock
    untimed = Game(rules=RuleSet(clock=None))
    assert pickle.loads(pickle.dumps(untimed)).clock is None
