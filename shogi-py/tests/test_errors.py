"""Every exception class and attribute, each raised by real bad input."""

from __future__ import annotations

import pickle

import pytest

import shogi_rules
import shogi_rules._core as core
from shogi_rules import (
    AmbiguousMoveError,
    Game,
    GameActionError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Outcome,
    OutcomeError,
    Position,
    ReadLimits,
    RecordError,
    RestoreError,
    RuleSet,
    SfenError,
    ShogiError,
    read_record,
)

SUBCLASSES = [
    SfenError,
    InvalidMoveError,
    IllegalMoveError,
    AmbiguousMoveError,
    RecordError,
    GameOverError,
    RestoreError,
    GameActionError,
    OutcomeError,
]


def test_hierarchy():
    assert issubclass(ShogiError, ValueError)
    for cls in SUBCLASSES:
        assert issubclass(cls, ShogiError), cls
        assert issubclass(cls, ValueError), cls
        assert cls.__module__.startswith("shogi_rules"), cls.__module__
        assert cls.__name__ in shogi_rules.__all__
    # Distinct classes: none is a subclass of another.
    for a in SUBCLASSES:
        for b in SUBCLASSES:
            if a is not b:
                assert not issubclass(a, b), (a, b)


def test_sfen_error():
    with pytest.raises(SfenError) as e:
        Position.from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1")
    assert "column" in dir(e.value) or hasattr(e.value, "column")
    assert isinstance(e.value.column, int) and e.value.column > 0
    # An illegal setup has no column.
    with pytest.raises(SfenError) as e:
        Position.from_sfen("4k4/9/9/9/9/9/P8/P8/4K4 b - 1")
    assert e.value.column is None
    assert str(e.value)


def test_invalid_move_error():
    pos = Position()
    for text in ["", "7g7", "7g7z", "Q*5e", "7g7f=", "7g7f++"]:
        with pytest.raises(InvalidMoveError) as e:
            pos.play(text)
        assert not isinstance(e.value, IllegalMoveError)
        assert hasattr(e.value, "column")
    with pytest.raises(InvalidMoveError) as e:
        Move.from_usi("7j7f", pos)
    assert e.value.column in (1, 2)
    with pytest.raises(InvalidMoveError):
        Move.from_western("P-7j", pos)
    with pytest.raises(InvalidMoveError):
        Move.from_csa("+7X76FU", pos)
    with pytest.raises(InvalidMoveError):
        Move.from_japanese("▲７六象", pos)


@pytest.mark.parametrize(
    "sfen,usi,reason",
    [
        ("startpos", "7g7e", "not_a_piece_move"),
        ("startpos", "P*5e", "not_in_hand"),
        ("startpos", "7g7f+", "cannot_promote"),
        ("startpos", "9i9g", "occupied"),
        ("4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a", "must_promote"),
        ("4k4/9/9/9/9/9/P8/9/4K4 b P 1", "P*9e", "nifu"),
        ("4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*1a", "dead_piece"),
        ("8k/9/6NG1/9/9/9/9/9/4K4 b P 1", "P*1b", "uchifuzume"),
        ("4k4/9/9/9/4r4/9/9/9/4K4 b - 1", "5i4i", None),
        ("4k4/9/9/9/4r4/9/9/9/4K4 b - 1", "5i5h", "leaves_king_in_check"),
    ],
)
def test_illegal_move_error(sfen, usi, reason):
    pos = Position.from_sfen(sfen)
    if reason is None:
        pos.play(usi)
        return
    with pytest.raises(IllegalMoveError) as e:
        pos.play(usi)
    assert e.value.reason == reason
    assert e.value.move == usi
    assert usi in str(e.value)
    with pytest.raises(IllegalMoveError) as e:
        Move.from_usi(usi, pos)
    assert e.value.reason == reason
    game = Game(pos)
    with pytest.raises(IllegalMoveError) as e:
        game.push(usi)
    assert e.value.reason == reason
    assert len(game.moves) == 0


def test_illegal_move_without_a_rule_to_blame():
    # Text in a notation that names no move at all: illegal, reason None.
    with pytest.raises(IllegalMoveError) as e:
        Move.from_western("P-7e", Position())
    assert e.value.reason is None


def test_ambiguous_move_error():
    pos = Position()
    with pytest.raises(AmbiguousMoveError) as e:
        Move.from_japanese("▲５八金", pos)
    assert sorted(m.usi() for m in e.value.candidates) == ["4i5h", "6i5h"]
    assert all(isinstance(m, Move) for m in e.value.candidates)
    with pytest.raises(AmbiguousMoveError):
        Move.from_western("G-5h", pos)


def test_record_error_on_text():
    text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７五歩(76)\n"
    with pytest.raises(RecordError) as e:
        read_record(text)
    err = e.value
    assert err.line == 4
    assert isinstance(err.column, int) or err.column is None
    assert err.kind == "illegal_move"
    assert err.reason == "not_a_piece_move"
    assert err.ply == 2
    assert err.format == "kif"
    assert err.path is None
    assert "4" in str(err)


def test_record_error_on_bytes_and_path(tmp_path):
    data = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n".encode("cp932")
    with pytest.raises(RecordError) as e:
        read_record(data)
    assert (e.value.line, e.value.kind) == (5, "move_after_end")
    path = tmp_path / "bad.kif"
    path.write_bytes(data)
    with pytest.raises(RecordError) as e:
        read_record(path)
    assert (e.value.line, e.value.kind) == (5, "move_after_end")
    assert e.value.path is not None and "bad.kif" in e.value.path
    # A plain str is record text, not a file name.
    with pytest.raises(RecordError) as e:
        read_record(str(path))
    assert e.value.kind == "unknown_format"


def test_record_error_kinds():
    with pytest.raises(RecordError) as e:
        read_record("this is not a game record at all\n")
    assert e.value.kind == "unknown_format"
    # No format was asked for and none was found: the error names none.
    assert e.value.format is None
    assert str(e.value).startswith("line 1, column 1: ")
    with pytest.raises(RecordError) as e:
        read_record("手合割：七色落ち\n手数----指手---------消費時間--\n   1 ７六歩(77)\n")
    assert (e.value.line, e.value.kind) == (1, "unknown_handicap")
    with pytest.raises(RecordError) as e:
        read_record("手合割：平手\n▲７六歩　△７五歩\n")
    assert (e.value.line, e.value.kind) == (2, "no_such_move")
    with pytest.raises(RecordError) as e:
        read_record('{"header": {},\n "moves": [{},\n  {"move": }]}\n')
    assert (e.value.line, e.value.kind) == (3, "json")
    assert e.value.column is not None
    # Beyond a read limit: the limit's name and value.
    with pytest.raises(RecordError) as e:
        read_record("position startpos moves 5i5h 5a5b 5h5i", limits=ReadLimits(max_moves_per_line=2))
    assert (e.value.kind, e.value.limit, e.value.max, e.value.format) == ("limit_exceeded", "moves_per_line", 2, "usi")
    assert e.value.reason is None and e.value.ply is None
    assert "limit of 2" in str(e.value)
    # A number beyond what every format can write: the largest allowed.
    with pytest.raises(RecordError) as e:
        read_record("PI\n+\n+5958OU\nT100000001\n")
    assert (e.value.line, e.value.kind, e.value.max, e.value.limit) == (4, "number_too_large", 100_000_000, None)
    with pytest.raises(RecordError) as e:
        read_record("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 100000001")
    assert (e.value.kind, e.value.max) == ("number_too_large", 100_000_000)
    # Other kinds carry no limit.
    with pytest.raises(RecordError) as e:
        read_record("手合割：平手\n▲７六歩　△７五歩\n")
    assert e.value.limit is None and e.value.max is None


def test_game_from_usi_beyond_a_limit():
    text = "position startpos moves 5i5h 5a5b 5h5i"
    for limits, limit, value in [
        (ReadLimits(max_moves_per_line=2), "moves_per_line", 2),
        (ReadLimits(max_line_bytes=10), "line_bytes", 10),
        (ReadLimits(max_input_bytes=10), "input_bytes", 10),
    ]:
        with pytest.raises(RecordError) as e:
            Game.from_usi(text, limits=limits)
        err = e.value
        assert (err.kind, err.limit, err.max, err.format) == ("limit_exceeded", limit, value, "usi")
        assert err.line == (0 if limit == "input_bytes" else 1)
        assert f"limit of {value}" in str(err)
    assert len(Game.from_usi(text, limits=ReadLimits(max_moves_per_line=3)).moves) == 3


def test_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        read_record(tmp_path / "missing.kif")


def test_game_over_error():
    game = Game(Position.from_sfen("8k/9/7G1/9/9/9/9/9/4K4 b G 1"))
    outcome = game.push("G*1b")
    assert outcome is not None and game.outcome == outcome
    with pytest.raises(GameOverError) as e:
        game.push("5i5h")
    assert e.value.outcome == outcome
    with pytest.raises(GameOverError):
        game.resign("gote")
    with pytest.raises(GameOverError):
        game.declare_impasse()


def test_game_action_errors():
    game = Game()
    with pytest.raises(GameActionError) as e:
        game.pop()
    assert (e.value.kind, e.value.reason) == ("nothing_to_undo", None)
    assert "no move to take back" in str(e.value)
    with pytest.raises(GameActionError) as e:
        game.offer_draw("gote")
    assert e.value.kind == "not_your_turn"
    with pytest.raises(GameActionError) as e:
        game.accept_draw("gote")
    assert e.value.kind == "no_draw_offer"
    game.offer_draw("sente")
    with pytest.raises(GameActionError) as e:
        game.offer_draw("sente")
    assert e.value.kind == "draw_offer_pending"
    with pytest.raises(GameActionError) as e:
        Game(rules=RuleSet(clock=None)).check_time(1.0)
    assert e.value.kind == "no_clock"
    with pytest.raises(GameActionError) as e:
        Game(rules=RuleSet(draw_offers=0)).offer_draw("sente")
    assert e.value.kind == "no_draw_offers_left"
    game = Game(Position.from_sfen("lnsg1gsnl/1r5b1/9/ppppKpppp/4p4/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b - 1"))
    with pytest.raises(GameActionError) as e:
        game.declare_impasse()
    assert (e.value.kind, e.value.reason) == ("declaration_rejected", "kings_not_in_zone")


def test_outcome_error():
    with pytest.raises(OutcomeError):
        Outcome(None, "checkmate")
    with pytest.raises(OutcomeError):
        Outcome("sente", "draw_agreement")


def test_a_line_that_is_not_a_position_command_is_a_record_error():
    for text, column in [("position nowhere", 10), ("position startpos 7g7f", 19)]:
        with pytest.raises(RecordError) as e:
            Game.from_usi(text)
        err = e.value
        assert (err.kind, err.format, err.line, err.column) == ("unexpected_line", "usi", 1, column)
        assert err.reason is None and err.ply is None and err.limit is None


# Every core error enum the binding translates (the enums no call raises alone are walked inside
# the error that carries them).
CORE_ERROR_ENUMS = {
    "EditError",
    "ParseUsiMoveError",
    "IllegalReason",
    "UsiMoveError",
    "CoreSfenError",
    "SetupError",
    "ClockStateError",
    "UsiCommandError",
    "CoreOutcomeError",
    "DeclarationRejection",
    "GameError",
    "GameFromUsiError",
    "CoreRestoreError",
    "GameJsonError",
    "WesternError",
    "JapaneseError",
    "CsaError",
    "RecordErrorKind",
    "Limit",
}


def test_no_core_error_maps_to_the_base_class():
    # One example of each variant of each core error enum, with the exception the binding
    # makes of it: each must be a subclass of ShogiError, never ShogiError itself.
    examples = core._error_examples()
    assert {enum for enum, _, _ in examples} == CORE_ERROR_ENUMS
    assert len(examples) > 100
    # A refused record edit that is not an illegal move is the built-in exception Python code
    # expects for it: IndexError (no such line or move), ValueError (a move after the end),
    # OverflowError (a move number past the limit).
    edit_builtins = (IndexError, ValueError, OverflowError)
    for enum, example, error in examples:
        if enum == "EditError" and isinstance(error, edit_builtins):
            continue
        assert isinstance(error, ShogiError), (enum, example, error)
        assert type(error) is not ShogiError, f"{enum}::{example} maps to ShogiError: {error}"
        assert type(error) in SUBCLASSES, (enum, example, type(error))
        assert str(error)


def test_exceptions_pickle():
    # Raised exceptions keep their class and message through pickling.
    for action in [
        lambda: Position.from_sfen("bad"),
        lambda: Position().play("7g7e"),
        lambda: Position().play("7g7"),
        lambda: read_record("手合割：平手\n▲７六歩　△７五歩\n"),
    ]:
        with pytest.raises(ShogiError) as e:
            action()
        back = pickle.loads(pickle.dumps(e.value))
        assert type(back) is type(e.value)
        assert str(back) == str(e.value)


def test_value_error_catches_everything():
    for action in [
        lambda: Position.from_sfen("bad"),
        lambda: Position().play("7g7e"),
        lambda: Move.from_japanese("▲５八金", Position()),
        lambda: read_record("nonsense"),
    ]:
        with pytest.raises(ValueError):
            action()


def test_exception_attributes_survive_pickling():
    with pytest.raises(IllegalMoveError) as e:
        Position().play("7g7e")
    back = pickle.loads(pickle.dumps(e.value))
    assert (back.reason, back.move) == ("not_a_piece_move", "7g7e")
    with pytest.raises(RecordError) as e:
        read_record("手合割：平手\n▲７六歩　△７五歩\n")
    back = pickle.loads(pickle.dumps(e.value))
    assert (back.line, back.kind, back.format) == (2, "no_such_move", "ki2")
    with pytest.raises(RecordError) as e:
        read_record("position startpos moves 5i5h 5a5b", limits=ReadLimits(max_moves_per_line=1))
    back = pickle.loads(pickle.dumps(e.value))
    assert (back.kind, back.limit, back.max) == ("limit_exceeded", "moves_per_line", 1)
