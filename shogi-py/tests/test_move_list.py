"""MoveList: the packed legal moves of `Position.legal_moves` and `Game.legal_moves`."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from conftest import MATSURI_SFEN
from shogi_rules import Game, Move, MoveList, Position


def test_behaves_as_a_list_of_moves():
    pos = Position.from_sfen(MATSURI_SFEN)
    moves = pos.legal_moves
    as_list = list(moves)
    assert type(moves) is MoveList and len(moves) == len(as_list) > 100
    assert all(type(m) is Move for m in as_list)
    assert moves == as_list and as_list == moves and moves == tuple(as_list)
    assert moves == pos.legal_moves and not moves != pos.legal_moves
    assert moves != as_list[:-1] and moves != as_list[::-1] and moves != [1, 2]
    assert (moves == "7g7f") is False
    for i in (0, 1, len(moves) - 1, -1, -len(moves)):
        assert moves[i] == as_list[i]
    for i in (len(moves), -len(moves) - 1):
        with pytest.raises(IndexError):
            moves[i]
    with pytest.raises(TypeError):
        moves["0"]
    for s in (slice(None), slice(2, 9), slice(None, None, 3), slice(-5, None), slice(None, None, -2), slice(9, 2)):
        part = moves[s]
        assert type(part) is MoveList and part == as_list[s]
    assert list(reversed(moves)) == as_list[::-1]
    assert sorted(moves) == sorted(as_list)
    assert moves.usi() == [m.usi() for m in as_list] == pos.legal_moves_usi()
    assert [m.usi() for m in moves] == pos.legal_moves_usi()
    rng = random.Random(1)
    assert rng.choice(moves) in as_list


def test_membership_index_and_count():
    pos = Position()
    moves = pos.legal_moves
    m = Move.from_usi("7g7f", pos)
    assert m in moves and "7g7f" in moves and "7g7e" not in moves
    assert "not a move" not in moves and 7 not in moves and None not in moves
    assert Move.from_usi("3c3d", pos.play("7g7f")) not in moves
    assert moves[moves.index(m)] == m and moves.count(m) == 1
    with pytest.raises(ValueError):
        moves.index("7g7f")
    assert moves.count("7g7f") == 0


def test_construction_pickle_copy_and_repr():
    moves = Position().legal_moves
    assert MoveList(moves) == moves and MoveList(list(moves)) == moves
    assert MoveList() == [] and len(MoveList()) == 0
    with pytest.raises(TypeError):
        MoveList([1, 2])
    for protocol in (0, pickle.HIGHEST_PROTOCOL):
        again = pickle.loads(pickle.dumps(moves, protocol))
        assert type(again) is MoveList and again == moves
    assert copy.copy(moves) == moves and copy.deepcopy(moves) == moves
    with pytest.raises(TypeError):
        hash(moves)
    assert repr(MoveList(moves[:2])) == f"MoveList([{moves[0]!r}, {moves[1]!r}])"


def test_game_legal_moves():
    game = Game()
    assert game.legal_moves == Position().legal_moves
    for m in game.legal_moves:
        game.push(m)
        assert game.pop() == m
    game.resign()
    assert game.legal_moves == [] and len(game.legal_moves) == 0
