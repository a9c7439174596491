"""Position and Move: construction, queries, value semantics, pickling, copying, SVG."""

from __future__ import annotations

import copy
import gc
import pickle
import sys

import pytest

import shogi_rules
from conftest import MATSURI_SFEN, START_SFEN
from shogi_rules import Color, Game, IllegalMoveError, InvalidMoveError, Move, Position, Role, SfenError


def test_package_metadata():
    assert isinstance(shogi_rules.__version__, str) and shogi_rules.__version__
    assert "Position" in shogi_rules.__all__
    for name in shogi_rules.__all__:
        assert hasattr(shogi_rules, name), name


def test_start_position():
    pos = Position()
    assert pos.sfen() == START_SFEN
    assert Position.from_sfen(START_SFEN) == pos
    assert Position(START_SFEN) == pos
    assert Position.from_sfen("startpos") == pos
    assert pos.turn == Color.SENTE
    assert str(pos.turn) == "sente"
    assert pos.move_number == 1
    assert not pos.in_check()
    assert not pos.is_checkmate()
    assert len(pos.legal_moves) == 30


def test_queries_on_the_matsuri_position():
    pos = Position.from_sfen(MATSURI_SFEN)
    assert pos.turn == Color.GOTE
    assert pos.sfen() == MATSURI_SFEN
    moves = pos.legal_moves
    assert len(moves) == 207
    assert sorted(pos.legal_moves_usi()) == sorted(m.usi() for m in moves)
    assert pos.count_legal_moves() == 207
    # Hands: Sente RG, Gote gsn5p.
    sente = pos.hand(Color.SENTE)
    gote = pos.hand("gote")
    assert sente[Role.ROOK] == 1 and sente[Role.GOLD] == 1 and sente[Role.PAWN] == 0
    assert gote[Role.PAWN] == 5 and gote[Role.SILVER] == 1 and gote[Role.KNIGHT] == 1
    assert len(sente) == 7
    # Pieces: the Gote king on 1b, a Sente tokin on 4b.
    king = pos.piece_at("1b")
    assert king.color == Color.GOTE and king.role == Role.KING
    assert pos.piece_at(shogi_rules.SQ_4B).role == Role.TOKIN
    assert pos.piece_at("5e") is None
    # Moves from a square and drops.
    from_1b = pos.legal_moves_from("1b")
    assert from_1b and all(m.from_square == shogi_rules.SQ_1B for m in from_1b)
    assert {m.usi() for m in from_1b} == {m.usi() for m in moves if m.usi().startswith("1b")}
    pawn_drops = pos.legal_drops(Role.PAWN)
    assert pawn_drops and all(m.is_drop and m.role == Role.PAWN for m in pawn_drops)
    assert {m.usi() for m in pawn_drops} == {m.usi() for m in moves if m.usi().startswith("P*")}
    assert pos.legal_drops(Role.BISHOP) == []  # Gote has no bishop in hand


def test_move_attributes():
    pos = Position.from_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
    m = Move.from_usi("8h2b+", pos)
    assert m.usi() == "8h2b+"
    assert str(m) == "8h2b+"
    assert m.from_square == shogi_rules.SQ_8H
    assert m.to_square == shogi_rules.SQ_2B
    assert m.role == Role.BISHOP
    assert m.promotion is True
    assert m.is_drop is False
    assert m.captured == Role.BISHOP
    drop = Move.from_usi("B*5e", pos.play(m).play("3a2b"))
    assert drop.is_drop and drop.from_square is None and drop.role == Role.BISHOP
    assert drop.captured is None and drop.promotion is False
    quiet = Move.from_usi("7g7f", Position())
    assert quiet.captured is None and quiet.role == Role.PAWN


def test_play_is_pure_and_accepts_text_or_moves():
    pos = Position()
    after = pos.play("7g7f")
    assert pos == Position()  # unchanged
    assert after.turn == Color.GOTE
    assert after.move_number == 2
    assert after == pos.play(Move.from_usi("7g7f", pos))
    assert after.sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"


def test_legality_queries():
    pos = Position()
    assert pos.is_legal("7g7f")
    assert pos.illegal_reason("7g7f") is None
    assert not pos.is_legal("7g7e")
    assert pos.illegal_reason("7g7e") == "not_a_piece_move"
    assert pos.illegal_reason("P*5e") == "not_in_hand"
    assert pos.promotion_options("7g", "7f") == "never"
    with pytest.raises(InvalidMoveError):
        pos.is_legal("7g7")
    # A Move from another position: the squares fit, the piece does not.
    other = Position.from_sfen("4k4/9/9/9/9/9/2R6/9/4K4 b - 1")
    rook_move = Move.from_usi("7g7f", other)
    assert not pos.is_legal(rook_move)
    assert pos.illegal_reason(rook_move) is not None
    with pytest.raises(IllegalMoveError):
        pos.play(rook_move)


def test_zobrist_and_equality():
    a = Position().play("7g7f").play("3c3d")
    b = Position().play("7g7f").play("3c3d")
    c = Position().play("2g2f")
    assert a == b and a is not b
    assert hash(a) == hash(b)
    assert a.zobrist == b.zobrist
    assert a != c and a.zobrist != c.zobrist
    assert a != a.sfen()  # not equal to its text
    # Equality includes the move number; zobrist does not.
    d = Position.from_sfen(a.sfen().rsplit(" ", 1)[0] + " 99")
    assert d != a and d.zobrist == a.zobrist
    assert len({a, b, c, d}) == 3


def test_frozen():
    pos = Position()
    with pytest.raises(AttributeError):
        pos.turn = Color.GOTE  # type: ignore[misc]
    with pytest.raises(AttributeError):
        pos.foo = 1  # type: ignore[attr-defined]
    m = pos.legal_moves[0]
    with pytest.raises(AttributeError):
        m.promotion = True  # type: ignore[misc]
    with pytest.raises(AttributeError):
        m.foo = 1  # type: ignore[attr-defined]


def test_repr():
    pos = Position.from_sfen(MATSURI_SFEN)
    assert MATSURI_SFEN in repr(pos)
    assert repr(pos).startswith("Position(")
    assert eval(repr(pos), {"Position": Position}) == pos  # noqa: S307 - our own repr
    assert pos.sfen() == MATSURI_SFEN and str(pos) != MATSURI_SFEN  # str is the diagram
    m = Move.from_usi("7g7f", Position())
    assert "7g7f" in repr(m)
    assert repr(Color.SENTE) and repr(Role.PAWN)


POSITIONS = [Position(), Position.from_sfen(MATSURI_SFEN), Position().play("7g7f").play("3c3d").play("8h2b+")]


@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: p.sfen())
def test_position_pickles_and_copies(pos):
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(pos, protocol))
        assert back == pos and back.sfen() == pos.sfen() and hash(back) == hash(pos)
    assert copy.copy(pos) == pos
    assert copy.deepcopy(pos) == pos
    nested = copy.deepcopy({"p": [pos]})
    assert nested["p"][0] == pos


def test_moves_pickle_and_copy():
    for pos in POSITIONS:
        moves = pos.legal_moves
        for protocol in (0, pickle.HIGHEST_PROTOCOL):
            assert pickle.loads(pickle.dumps(moves, protocol)) == moves
        assert copy.deepcopy(moves) == moves
        assert [copy.copy(m) for m in moves] == moves
    m = Move.from_usi("7g7f", Position())
    assert Move.from_bits(m.bits) == m
    with pytest.raises(InvalidMoveError):
        Move.from_bits(0xFFFFFFFF)


def test_moves_are_hashable_and_ordered():
    moves = Position.from_sfen(MATSURI_SFEN).legal_moves
    assert len(set(moves)) == len(moves)
    assert sorted(moves) == sorted(reversed(moves))
    assert Move.from_usi("7g7f", Position()) == Move.from_usi("7g7f", Position())


def test_move_objects_in_lists_are_whole_moves():
    # Each object of a move list is a complete Move: the same as one parsed from its text, in
    # every attribute, and alive on its own once the list is gone.
    for pos in POSITIONS:
        moves = pos.legal_moves
        kept = moves[::3]
        del moves
        gc.collect()
        for m in kept:
            assert type(m) is Move
            same = Move.from_usi(m.usi(), pos)
            assert m == same and hash(m) == hash(same) and m.bits == same.bits
            assert (m.from_square, m.to_square, m.role, m.promotion, m.is_drop, m.captured) == (
                same.from_square,
                same.to_square,
                same.role,
                same.promotion,
                same.is_drop,
                same.captured,
            )
            assert sys.getrefcount(m) == 3  # `kept`, `m` and the call's argument
            assert pos.is_legal(m)
    game = Game(Position())
    game.push("7g7f")
    (made,) = game.moves
    assert made == game.pop() and made.usi() == "7g7f"


def test_position_objects_are_whole_and_freed():
    # Positions from `play` and `Game.position` (freed ones are kept for reuse) are complete
    # positions, alive on their own, and the type's reference count comes back.
    start = Position.from_sfen(MATSURI_SFEN)
    type_refs = sys.getrefcount(Position)
    played = [start.play(m) for m in start.legal_moves]
    game = Game(start)
    current = game.position
    assert sys.getrefcount(Position) == type_refs + len(played) + 1
    for pos, m in zip(played, start.legal_moves):
        same = Position.from_sfen(pos.sfen())
        assert type(pos) is Position and pos == same and hash(pos) == hash(same)
        assert pos.zobrist == same.zobrist and pos.legal_moves == same.legal_moves
        game.push(m)
        assert game.position == pos
        game.pop()
    assert current == start
    del played, current, pos, same
    gc.collect()
    assert sys.getrefcount(Position) == type_refs


def test_move_objects_under_tracemalloc():
    # With allocations traced, objects kept for reuse and made again are still accounted for.
    import tracemalloc

    pos = Position.from_sfen(MATSURI_SFEN)
    tracemalloc.start()
    try:
        for _ in range(50):
            moves = pos.legal_moves
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(200):
            moves = pos.legal_moves
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(moves) == len(pos.legal_moves)
    assert after - before < 10_000


def test_setup_modes_of_from_sfen():
    nifu = "4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1"
    dead = "P3k4/9/9/9/9/9/9/9/4K4 b - 1"
    extra = "4k4/9/9/9/9/9/9/9/4K4 b 3R 1"
    in_check = "4k4/9/9/9/4R4/9/9/9/4K4 b - 1"
    for sfen, composed_ok in ((nifu, True), (dead, True), (extra, False), (in_check, False)):
        with pytest.raises(SfenError):
            Position.from_sfen(sfen)
        if composed_ok:
            assert Position.from_sfen(sfen, setup="composed").sfen() == sfen
        else:
            with pytest.raises(SfenError):
                Position.from_sfen(sfen, setup="composed")
        pos = Position.from_sfen(sfen, setup="any")
        assert pos.sfen() == sfen
        assert pickle.loads(pickle.dumps(pos)) == pos
        assert copy.deepcopy(pos) == pos
    assert Position.from_sfen("startpos", setup="any") == Position()
    with pytest.raises(SfenError):
        Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 x - 1", setup="any")
    with pytest.raises(shogi_rules.ShogiError, match="unknown setup"):
        Position.from_sfen(nifu, setup="loose")
    with pytest.raises(TypeError):
        Position.from_sfen(nifu, "any")  # keyword only
    # Moves are generated as far as the position allows; a king is never captured, even one the
    # side to move attacks.
    moves = Position.from_sfen(in_check, setup="any").legal_moves
    assert moves and all(m.captured != Role.KING for m in moves)
    assert Position.from_sfen(in_check, setup="any").illegal_reason("5e5a") == "occupied"


def test_small_types_pickle():
    for value in [Color.SENTE, Color.GOTE, Role.PAWN, Role.DRAGON]:
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    piece = Position().piece_at("5i")
    assert pickle.loads(pickle.dumps(piece)) == piece
    assert Color.SENTE.opposite() == Color.GOTE == ~Color.SENTE


def test_svg():
    pos = Position.from_sfen(MATSURI_SFEN)
    svg = pos._repr_svg_()
    assert isinstance(svg, str)
    assert svg.lstrip().startswith("<svg") or svg.lstrip().startswith("<?xml")
    assert svg.rstrip().endswith("</svg>")
    for kanji in ("玉", "飛", "金", "銀", "桂", "香", "歩", "角"):
        assert kanji in svg, kanji
    assert "と" in svg  # the tokin on 4b
    m = pos.legal_moves[0]
    with_last = pos.svg(m)
    assert with_last != pos.svg() and with_last.rstrip().endswith("</svg>")
    assert Position().svg() != svg


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",  # short rank
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",  # side
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b Q 1",  # hand piece
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x",  # move number
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1",  # 10 ranks
        "P3k4/9/9/9/9/9/9/9/4K4 b - 1",  # dead pawn
        "4k4/9/9/9/9/9/P8/P8/4K4 b - 1",  # nifu
        "4k4/9/9/9/9/9/9/9/4K4 b 19P 1",  # too many pawns
        "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",  # the side not to move is in check
    ],
)
def test_bad_sfen(bad):
    with pytest.raises(SfenError) as info:
        Position.from_sfen(bad)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


def test_more_queries():
    pos = Position.from_sfen("4k4/9/9/9/9/9/9/4r4/4K4 b 2P 1")
    assert pos.in_check()
    assert pos.checkers() == [shogi_rules.SQ_5H]
    assert pos.king(Color.SENTE) == shogi_rules.SQ_5I
    assert pos.king("gote") == shogi_rules.SQ_5A
    pieces = pos.pieces()
    assert set(pieces) == {shogi_rules.SQ_5A, shogi_rules.SQ_5H, shogi_rules.SQ_5I}
    assert pieces[shogi_rules.SQ_5H] == shogi_rules.Piece(Color.GOTE, Role.ROOK)
    assert pos.impasse_points(Color.SENTE) == 2 and pos.impasse_points(Color.GOTE) == 5
    assert pos.has_legal_moves()
    divide = Position.from_sfen(MATSURI_SFEN).perft_divide(2)
    assert len(divide) == 207 and sum(divide.values()) == 28684
    promoted = Move.from_usi("8h2b+", Position().play("7g7f").play("3c3d"))
    assert promoted.role == Role.BISHOP and promoted.role_after == Role.HORSE


def test_squares():
    assert shogi_rules.SQ_1A == 0 and shogi_rules.SQ_9I == 80
    assert shogi_rules.square_name(shogi_rules.SQ_7G) == "7g"
    assert shogi_rules.parse_square("7g") == shogi_rules.SQ_7G == shogi_rules.square(7, 7)
    assert (shogi_rules.square_file("7g"), shogi_rules.square_rank("7g")) == (7, 7)
    assert len(shogi_rules.SQUARES) == 81 and shogi_rules.SQUARE_NAMES[0] == "1a"
    with pytest.raises(shogi_rules.ShogiError):
        shogi_rules.parse_square("0a")
    with pytest.raises(shogi_rules.ShogiError):
        Position().piece_at(81)
    with pytest.raises(TypeError):
        Position().piece_at(1.5)  # type: ignore[arg-type]
