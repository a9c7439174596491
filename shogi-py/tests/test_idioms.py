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
    game.push(game.legal_moves[0])
    assert str(game) == str(game.position) == str(Position(MATSURI_SFEN).play(game.peek()))
    assert Outcome(Color.SENTE, "resignation") != game.outcome


def test_legal_moves_is_a_property_with_len_and_in():
    game = Game()
    moves = game.legal_moves
    assert len(moves) == 30 and "7g7f" in moves and "7g7e" not in moves
    assert Move.from_usi("2g2f", Position()) in moves and moves[0] in moves
    assert len(Position().legal_moves) == 30 and "P*5e" not in Position().legal_moves
    # Calling it, as the method it was, gives the same list.
    assert game.legal_moves() == moves and Position().legal_moves() == Position().legal_moves
    assert moves() is moves
    with pytest.raises(TypeError):
        moves(1)
    with pytest.raises(TypeError):
        moves(usi=True)
    game.resign()
    assert len(game.legal_moves) == 0 and "7g7f" not in game.legal_moves


def test_move_codes_are_accepted_wherever_a_move_is():
    pos = Position()
    codes = pos.legal_moves.bits()
    assert codes == [m.bits for m in pos.legal_moves] and all(type(c) is int for c in codes)
    m = Move.from_usi("7g7f", pos)
    assert m.bits in pos.legal_moves and pos.legal_moves.index(m.bits) == pos.legal_moves.index(m)
    assert pos.legal_moves.count(m.bits) == 1
    assert pos.play(m.bits) == pos.play(m)
    game = Game()
    assert game.push(m.bits) is None and game.peek() == m
    # A code of a move that is not legal here is refused like the move.
    with pytest.raises(IllegalMoveError):
        game.push(m.bits)
    for bad in (-1, 2**40, 0xFFFFFFFF):
        with pytest.raises(InvalidMoveError):
            game.push(bad)
        assert bad not in pos.legal_moves
    with pytest.raises(TypeError):
        game.push(1.5)
    assert len(game) == 1


def test_game_svg_shades_the_last_move():
    game = Game()
    assert game._repr_svg_() == game.svg() == Position().svg()
    game.push("7g7f")
    assert game.svg() == game.position.svg(game.peek()) != game.position.svg()
