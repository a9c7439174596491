"""Positions: FEN in and out, the board, legal moves, checks, and the value classes."""

from __future__ import annotations

import pytest

from conftest import START_FEN
from xiangqi_rules import (
    Color,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveList,
    Piece,
    Position,
    Role,
    XiangqiError,
    parse_square,
    square_name,
)


def test_start_position():
    pos = Position()
    assert pos.fen() == START_FEN
    assert pos == Position(START_FEN) == Position("startpos") == Position.from_fen(START_FEN)
    assert hash(pos) == hash(Position(START_FEN))
    assert repr(pos) == f"Position('{START_FEN}')"
    assert pos.turn == Color.RED
    assert (pos.halfmove_clock, pos.fullmove_number) == (0, 1)
    assert len(pos.legal_moves) == pos.count_legal_moves() == 44
    assert not pos.is_check() and not pos.is_checkmate() and pos.has_legal_moves()
    assert not pos.is_bare_material()
    assert pos.checkers() == []
    assert pos.general(Color.RED) == parse_square("e0")
    assert pos.general("black") == parse_square("e9")
    assert len(pos.pieces()) == 32


def test_short_fen_and_alternative_letters():
    # Fields 3-6 may be left out; E/H for elephant/horse and r for Red also read.
    short = Position("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
    assert short.fen() == START_FEN


def test_board_diagram():
    text = str(Position())
    lines = text.splitlines()
    assert lines[0] == "9 r n b a k a b n r"
    assert lines[-3] == "0 R N B A K A B N R"
    assert lines[-2] == "  a b c d e f g h i"
    assert lines[-1] == "red to move"
    assert "black to move" in str(Position().play("h2e2"))


def test_play_returns_a_new_position():
    pos = Position()
    after = pos.play("h2e2")
    assert pos.fen() == START_FEN
    assert after.fen() == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    assert after.turn == Color.BLACK
    m = Move.from_iccs("h2e2", pos)
    assert pos.play(m) == after == pos.play(m.bits) == pos.play("H2-E2")
    assert after.zobrist != pos.zobrist


def test_piece_at_and_squares():
    pos = Position()
    assert pos.piece_at("e0") == Piece(Color.RED, Role.GENERAL) == pos.piece_at(4)
    assert pos.piece_at("b7") == Piece("black", "cannon") == Piece.from_char("c")
    assert pos.piece_at("e4") is None
    assert square_name(0) == "a0" and square_name(89) == "i9"
    assert parse_square("e0") == 4 and parse_square("i9") == 89
    with pytest.raises(XiangqiError):
        pos.piece_at(90)
    with pytest.raises(XiangqiError):
        pos.piece_at("j0")
    with pytest.raises(TypeError):
        pos.piece_at(1.5)  # type: ignore[arg-type]


def test_colors_roles_pieces():
    assert ~Color.RED == Color.BLACK and Color.BLACK.opposite() == Color.RED
    assert Color("red") == Color.RED and Color("b") == Color.BLACK and Color(1) == Color.BLACK
    assert str(Color.RED) == "red" and Color.RED.name == "RED" and Color.BLACK.value == 1
    assert [str(r) for r in [Role.GENERAL, Role.HORSE, Role.SOLDIER]] == ["general", "horse", "soldier"]
    assert Role("N") == Role.HORSE and Role("h") == Role.HORSE and Role(4) == Role.CHARIOT
    assert Role.CANNON.char() == "C" and Role.ELEPHANT.char() == "B"
    assert Role.SOLDIER.is_attacker and not Role.ADVISOR.is_attacker
    p = Piece(Color.BLACK, Role.HORSE)
    assert (p.color, p.role, p.char(), str(p)) == (Color.BLACK, Role.HORSE, "n", "n")
    assert repr(p) == "Piece(Color.BLACK, Role.HORSE)"
    assert len({Piece("red", r) for r in range(7)}) == 7
    for bad in ["blue", 2]:
        with pytest.raises(XiangqiError):
            Color(bad)
    with pytest.raises(XiangqiError):
        Role("dragon")
    with pytest.raises(XiangqiError):
        Piece.from_char("x")


def test_moves():
    pos = Position()
    m = Move.from_iccs("b0c2", pos)
    assert (m.iccs(), str(m), repr(m)) == ("b0c2", "b0c2", "<Move b0c2>")
    assert m.role == Role.HORSE and m.capture is None
    assert (m.from_square, m.to_square) == (parse_square("b0"), parse_square("c2"))
    assert Move.from_bits(m.bits) == m and hash(m) == hash(Move.from_bits(m.bits))
    capture = Move.from_iccs("h2h9", pos)
    assert capture.role == Role.CANNON and capture.capture == Role.HORSE
    assert sorted([capture, m]) == sorted([m, capture])
    assert m != capture and m == Move.from_iccs("B0-C2", pos)
    for code in [-1, 1 << 20, 0]:  # 0 would move a0 to a0
        with pytest.raises(InvalidMoveError):
            Move.from_bits(code)
    with pytest.raises(InvalidMoveError):
        Move.from_iccs("h2e", pos)
    with pytest.raises(IllegalMoveError) as e:
        Move.from_iccs("h2h7", pos)
    assert e.value.reason == "no_screen"


def test_move_list():
    pos = Position()
    moves = pos.legal_moves
    assert isinstance(moves, MoveList)
    assert len(moves) == 44 and len(list(moves)) == 44
    assert moves[0] == list(moves)[0] and moves[-1] == list(moves)[-1]
    assert list(reversed(moves)) == list(moves)[::-1]
    assert moves[2:5] == list(moves)[2:5] and isinstance(moves[2:5], MoveList)
    assert moves[::-1] == list(moves)[::-1]
    m = Move.from_iccs("h2e2", pos)
    assert m in moves and "h2e2" in moves and "H2-E2" in moves and m.bits in moves
    assert "h2h7" not in moves and "nonsense" not in moves and 12 not in moves and None not in moves
    assert moves.index(m) == list(moves).index(m) == moves.index(m.bits)
    assert moves.count(m) == 1
    assert moves.iccs() == [x.iccs() for x in moves]
    assert moves.bits() == [x.bits for x in moves]
    assert MoveList(list(moves)) == moves and MoveList() == []
    assert moves != list(moves)[1:]
    with pytest.raises(IndexError):
        moves[44]
    with pytest.raises(ValueError):
        moves.index(Move.from_iccs("h2e2", pos.play("b0c2").play("b9c7")).bits + 1)
    assert repr(MoveList([m])) == "MoveList([<Move h2e2>])"


def test_illegal_reason_and_is_legal():
    pos = Position()
    assert pos.illegal_reason("h2e2") is None and pos.is_legal("h2e2")
    assert pos.illegal_reason("h2h7") == "no_screen"
    assert pos.illegal_reason("b0d1") == "horse_blocked"
    assert pos.illegal_reason("a0a3") == "own_piece"
    assert pos.illegal_reason("e4e5") == "no_piece"
    assert pos.illegal_reason("e9e8") == "not_your_piece"
    # A Move whose points are legal but whose role or capture is not what stands there.
    horse = Move.from_iccs("b0c2", pos)
    other = Move.from_bits(horse.bits ^ (1 << 14))  # another role
    assert pos.illegal_reason(other) == "move_mismatch" and not pos.is_legal(other)
    with pytest.raises(InvalidMoveError):
        pos.illegal_reason("e4")
    with pytest.raises(TypeError):
        pos.illegal_reason(None)  # type: ignore[arg-type]


def test_check_and_checkers():
    pos = Position("3k5/9/9/9/9/9/9/9/3R5/5K3 b - - 0 1")
    assert pos.is_check() and pos.checkers() == [parse_square("d1")]
    assert not pos.is_checkmate()
    # With the red general on e0, e9 would face it: mate.
    assert Position("3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1").is_checkmate()


def test_fen_errors_have_kind_column_and_field():
    with pytest.raises(FenError) as e:
        Position(START_FEN.replace(" w ", " x "))
    assert (e.value.kind, e.value.field) == ("bad_field", "side_to_move")
    assert isinstance(e.value.column, int) and e.value.column > 0
