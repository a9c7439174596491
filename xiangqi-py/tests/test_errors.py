"""Every exception class and attribute: each raised by real bad input, and every variant of
every error enum of the core mapped to its class and kind."""

from __future__ import annotations

import pytest

import xiangqi_rules
import xiangqi_rules._core as core
from conftest import CASES, START_FEN
from xiangqi_rules import (
    FenError,
    Game,
    GameActionError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    NotationError,
    Outcome,
    Position,
    RecordError,
    RestoreError,
    SetupError,
    XiangqiError,
)

SUBCLASSES = [
    FenError,
    InvalidMoveError,
    IllegalMoveError,
    NotationError,
    RecordError,
    GameOverError,
    GameActionError,
    RestoreError,
]

RECORD_KINDS = [
    "encoding",
    "bad_tag",
    "bad_fen",
    "bad_move_text",
    "illegal_move",
    "no_such_move",
    "ambiguous_move",
    "unexpected_token",
    "unterminated_comment",
    "unterminated_variation",
    "limit_exceeded",
    "game_count",
]
RESTORE_KINDS = [
    "start",
    "move",
    "move_after_end",
    "outcome_mismatch",
    "missing_outcome",
    "rules_decided",
    "winner",
    "agreement_without_offer",
    "draw_offers",
    "draw_offer",
    "clock_missing",
    "unexpected_clock",
    "clock_settings",
    "clock_state",
    "timed_out",
    "not_timed_out",
]
LIMITS = ["input_bytes", "line_bytes", "moves", "variations", "depth", "games"]

PLACEMENT = START_FEN.split(" ")[0]

# One FEN for each kind of FenError, with the field it names.
FEN_ERRORS = [
    ("", "empty", None),
    ("   ", "empty", None),
    (PLACEMENT, "missing_field", "side_to_move"),
    (PLACEMENT.replace("rnbakabnr", "rnbakabnx", 1) + " w", "placement_character", "placement"),
    (PLACEMENT.replace("rnbakabnr", "rnbakabn", 1) + " w", "rank_length", "placement"),
    (PLACEMENT.replace("rnbakabnr/", "", 1) + " w", "rank_count", "placement"),
    (PLACEMENT + " x", "bad_field", "side_to_move"),
    (PLACEMENT + " w k - 0 1", "bad_field", "castling"),
    (PLACEMENT + " w - e3 0 1", "bad_field", "en_passant"),
    (PLACEMENT + " w - - x 1", "bad_field", "halfmove_clock"),
    (PLACEMENT + " w - - 0 y", "bad_field", "fullmove_number"),
    (PLACEMENT + " w - - 0 1 z", "trailing_text", None),
]

# One FEN for each kind of SetupError.
SETUP_ERRORS = [
    ("4k4/9/9/9/9/9/9/9/9/9 w", "general_count"),
    (PLACEMENT.replace("RNBAKABNR", "RNBAKABRR") + " w", "too_many_pieces"),
    ("4k4/9/9/9/9/9/9/9/9/3KB4 w", "impossible_point"),
    ("4k4/9/9/9/9/9/9/9/9/4K4 w", "generals_facing"),
    ("3k5/9/9/9/9/9/9/9/3R5/4K4 w", "opponent_in_check"),
]

FEN_KINDS = {kind for _, kind, _ in FEN_ERRORS}
SETUP_KINDS = {kind for _, kind in SETUP_ERRORS}


def test_hierarchy():
    assert issubclass(XiangqiError, ValueError)
    assert XiangqiError.__name__ in xiangqi_rules.__all__
    for cls in [*SUBCLASSES, SetupError]:
        assert issubclass(cls, XiangqiError), cls
        assert issubclass(cls, ValueError), cls
        assert cls.__module__.startswith("xiangqi_rules"), cls.__module__
        assert cls.__name__ in xiangqi_rules.__all__
        assert cls.__doc__
    assert issubclass(SetupError, FenError)
    # Distinct classes: none is a subclass of another, but SetupError of FenError.
    for a in SUBCLASSES:
        for b in SUBCLASSES:
            if a is not b:
                assert not issubclass(a, b), (a, b)


@pytest.mark.parametrize("fen,kind,field", FEN_ERRORS, ids=[f"{k}-{f}" for _, k, f in FEN_ERRORS])
def test_fen_error(fen, kind, field):
    with pytest.raises(FenError) as e:
        Position(fen)
    assert type(e.value) is FenError
    assert e.value.kind == kind
    assert e.value.field == field
    if kind == "empty":
        assert e.value.column is None
    else:
        assert isinstance(e.value.column, int) and e.value.column > 0
    assert str(e.value)
    with pytest.raises(FenError):
        Game(fen)


@pytest.mark.parametrize("fen,kind", SETUP_ERRORS, ids=[k for _, k in SETUP_ERRORS])
def test_setup_error(fen, kind):
    with pytest.raises(SetupError) as e:
        Position(fen)
    assert isinstance(e.value, FenError)
    assert e.value.kind == kind
    assert e.value.column is None and e.value.field is None
    assert "illegal setup" in str(e.value)


def test_invalid_move_error():
    pos = Position()
    for text in ["", "h2e", "h2e22", "j2e2", "h2-e2x", "h2 e2"]:
        with pytest.raises(InvalidMoveError) as e:
            pos.play(text)
        assert not isinstance(e.value, IllegalMoveError)
        assert e.value.text == text
    with pytest.raises(InvalidMoveError):
        Game().push("h2e")
    with pytest.raises(InvalidMoveError):
        Game().push_iccs("e2")
    with pytest.raises(InvalidMoveError) as e:
        pos.play(1 << 25)
    assert e.value.text == str(1 << 25)


def test_illegal_move_error_for_every_reason_of_the_data():
    seen = set()
    for case in CASES["cases"]:
        if case["kind"] != "illegal":
            continue
        with pytest.raises(IllegalMoveError) as e:
            Position(case["fen"]).play(case["move"])
        assert e.value.reason == case["reason"]
        assert e.value.move == case["move"]
        assert case["move"] in str(e.value)
        seen.add(e.value.reason)
    assert seen == set(CASES["reasons"])


def test_game_errors():
    game = Game()
    with pytest.raises(GameActionError) as e:
        game.pop()
    assert e.value.kind == "nothing_to_undo"
    game.push("h2e2")
    outcome = game.resign()
    with pytest.raises(GameOverError) as e:
        game.push("h9g7")
    assert e.value.outcome == outcome
    with pytest.raises(GameOverError):
        game.pop()  # a resignation is not taken back with a move
    with pytest.raises(GameOverError):
        game.agree_draw()
    with pytest.raises(GameOverError):
        game.time_out()
    with pytest.raises(IndexError):
        Game().peek()


def test_bad_arguments_raise_the_base_class():
    with pytest.raises(XiangqiError) as e:
        Outcome("red", "no_such_ending")
    assert type(e.value) is XiangqiError
    with pytest.raises(XiangqiError):
        Outcome(None, "checkmate")  # a checkmate has a winner
    with pytest.raises(XiangqiError):
        Outcome("red", "repetition")  # a repetition is a draw
    with pytest.raises(TypeError):
        Position(42)  # type: ignore[arg-type]


# The variants of the core's error enums, by the class and kind the package gives each.
EXPECTED_EXAMPLES = {
    "SetupError": [(SetupError, kind) for kind in sorted(SETUP_KINDS)],
    "FenError": [(FenError, kind) for kind in sorted(FEN_KINDS)]
    + [(SetupError, kind) for kind in sorted(SETUP_KINDS)],
    "ParseIccsMoveError": [(InvalidMoveError, None)],
    "IccsMoveError": [(InvalidMoveError, None), (IllegalMoveError, None)],
    "GameError": [
        (GameOverError, None),
        (IllegalMoveError, None),
        (InvalidMoveError, None),
        (GameActionError, "nothing_to_undo"),
        (GameActionError, "no_draw_offers_left"),
        (GameActionError, "draw_offer_pending"),
        (GameActionError, "no_draw_offer"),
        (GameActionError, "no_clock"),
    ],
    "RestoreError": [(RestoreError, kind) for kind in RESTORE_KINDS],
    "GameJsonError": [(RestoreError, "json"), (RestoreError, "agreement_without_offer")],
    "NotationError": [(NotationError, k) for k in ["syntax", "no_legal_move", "ambiguous"]],
    "RecordError": [(RecordError, kind) for kind in RECORD_KINDS],
    "Limit": [(RecordError, "limit_exceeded")] * len(LIMITS),
}


def test_every_variant_of_every_core_error_maps_to_its_class():
    examples = core._error_examples()
    by_enum: dict[str, list[tuple[type, object]]] = {}
    reasons = []
    limits = []
    for enum, example, err in examples:
        assert isinstance(err, XiangqiError), (enum, example)
        assert type(err) is not XiangqiError, (enum, example)
        assert getattr(err, "kind", None) != "unknown", (enum, example)
        assert str(err), (enum, example)
        if enum == "IllegalReason":
            assert type(err) is IllegalMoveError
            reasons.append(err.reason)
            continue
        if enum == "Limit":
            limits.append(err.limit)
        kinded = (FenError, GameActionError, NotationError, RecordError, RestoreError)
        kind = getattr(err, "kind", None) if isinstance(err, kinded) else None
        by_enum.setdefault(enum, []).append((type(err), kind))
    assert set(by_enum) == set(EXPECTED_EXAMPLES)
    for enum, expected in EXPECTED_EXAMPLES.items():
        assert sorted(by_enum[enum], key=repr) == sorted(expected, key=repr), enum
    # Every reason once, the names of the data among them, and `.reason` in the stubs' list.
    assert len(reasons) == len(set(reasons)) == 16
    assert set(CASES["reasons"]) <= set(reasons)
    assert {"no_piece", "not_your_piece", "move_mismatch"} <= set(reasons)
    assert limits == LIMITS
