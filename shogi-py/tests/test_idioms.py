"""The names python-shogi and cshogi users know: is_check, push_usi, peek, is_game_over, and
the board diagram as str()."""

from __future__ import annotations

import pytest

from conftest import MATSURI_SFEN
from shogi_rules import Color, Game, GameOverError, IllegalMoveError, InvalidMoveError, Move, Outcome, Position, read_record

CHECK = "4k4/4P4/9/9/9/9/9/9/4K4 w G 1"


def test_is_check():
    assert Position(CHECK).is_check() is True and Position(CHECK).in_check() is True
    assert Position().is_check() is False
    assert Game(CHECK).is_check() is True and Game().is_check() is False
    game = Game()
    for usi in ["7g7f", "3c3d", "8h2b+"]:
        game.push(usi)
    assert game.is_check() is False


def test_push_usi_and_peek():
    game = Game()
    with pytest.raises(IndexError):
        game.peek()
    m = game.push_usi("7g7f")
    assert type(m) is Move and m == Move.from_usi("7g7f", Position())
    assert game.peek() == m == game.last_move and len(game) == 1
    with pytest.raises(IllegalMoveError):
        game.push_usi("7g7f")
    with pytest.raises(InvalidMoveError):
        game.push_usi("not a move")
    with pytest.raises(TypeError):
        game.push_usi(m)
    assert len(game) == 1 and game.pop() == m


def test_is_game_over():
    game = Game()
    assert game.is_game_over() is False
    game.resign()
    assert game.is_game_over() is True and game.is_over is True
    with pytest.raises(GameOverError):
        game.push_usi("7g7f")


def test_str_is_the_board_diagram_and_repr_the_sfen():
    for sfen in (MATSURI_SFEN, CHECK):
        pos = Position(sfen)
        text = str(pos)
        assert text != sfen and sfen in repr(pos)
        assert "後手の持駒" in text and "先手の持駒" in text
        # A KIF file with the diagram as its start position reads back to the position.
        kif = text + "手数----指手---------消費時間--\n"
        assert read_record(kif).start == pos
    game = Game(MATSURI_SFEN)
    assert str(game) == str(game.position) and "Game" in repr(game)
    game.push(game.legal_moves()[0])
    assert str(game) == str(game.position) == str(Position(MATSURI_SFEN).play(game.peek()))
    assert Outcome(Color.SENTE, "resignation") != game.outcome
