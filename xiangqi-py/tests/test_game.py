"""Games: moves pushed and popped, the endings the players make, the rules."""

from __future__ import annotations

import pytest

from conftest import START_FEN
import json

from xiangqi_rules import (
    Color,
    Game,
    GameActionError,
    GameOverError,
    Move,
    MoveList,
    Outcome,
    Position,
    RestoreError,
    RuleSet,
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
        "max_draw_offers=None)"
    )
    assert repr(RuleSet(max_draw_offers=0)).endswith("max_draw_offers=0)")
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
