"""Move notations through the Python API: every row of ``notation.tsv`` (ICCS, WXF, Chinese)
formats and parses back, UCI's ranks 1-10, and ``NotationError`` for each way text fails."""

from __future__ import annotations

import pytest

from conftest import DATA
from xiangqi_rules import IllegalMoveError, Move, NotationError, Position, XiangqiError


def rows() -> list[tuple[str, str, str, str]]:
    out = []
    for line in (DATA / "notation.tsv").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("fen\t"):
            continue
        fen, iccs, wxf, chinese = line.split("\t")[:4]
        out.append((fen, iccs, wxf, chinese))
    return out


ROWS = rows()


def test_every_row_formats_to_its_text_and_parses_back():
    assert len(ROWS) == 1498
    failures = []
    positions: dict[str, Position] = {}
    for fen, iccs, wxf, chinese in ROWS:
        pos = positions.setdefault(fen, Position(fen))
        m = Move.from_iccs(iccs, pos)
        written = (m.iccs(), m.wxf(pos), m.chinese(pos))
        if written != (iccs, wxf, chinese):
            failures.append((fen, iccs, written))
        for notation, text in [("iccs", iccs), ("wxf", wxf), ("chinese", chinese)]:
            if m.notation(pos, notation) != text:
                failures.append((fen, notation, text))
            if Move.from_notation(text, pos, notation) != m:
                failures.append((fen, notation, text))
        uci = m.uci()
        if Move.from_notation(uci, pos, "uci") != m or m.notation(pos, "uci") != uci:
            failures.append((fen, "uci", uci))
    assert not failures, failures[:10]


def test_uci_ranks_run_from_1_to_10():
    pos = Position()
    assert Move.from_iccs("h2e2", pos).uci() == "h3e3"
    assert Move.from_iccs("b0c2", pos).uci() == "b1c3"
    m = Move.from_notation("b10c8", pos.play("h2e2"), "uci")
    assert m.iccs() == "b9c7"
    assert Move.from_notation("C2.5", pos, "WXF").iccs() == "h2e2"
    assert Move.from_notation("H2-E2", pos).iccs() == "h2e2"
    assert Move.from_notation("砲二平五", pos, "chinese").iccs() == "h2e2"


def test_syntax_error_has_its_column():
    pos = Position()
    for text, notation, column in [
        ("C2?5", "wxf", 3),
        ("炮二平", "chinese", 4),
        ("炮X平五", "chinese", 2),
        ("h2e", "iccs", 4),
        ("h0e3", "uci", 2),
    ]:
        with pytest.raises(NotationError) as e:
            Move.from_notation(text, pos, notation)
        assert e.value.kind == "syntax"
        assert e.value.column == column, text
        assert e.value.notation == notation
        assert e.value.text == text
        assert e.value.reason is None and e.value.candidates == []
        assert isinstance(e.value, XiangqiError) and isinstance(e.value, ValueError)


def test_no_legal_move_has_the_reason_where_both_points_are_named():
    pos = Position()
    with pytest.raises(NotationError) as e:
        Move.from_notation("C2+9", pos, "wxf")
    assert (e.value.kind, e.value.reason, e.value.column) == ("no_legal_move", None, None)
    with pytest.raises(NotationError) as e:
        Move.from_notation("炮二进九", pos, "chinese")
    assert e.value.kind == "no_legal_move"
    with pytest.raises(NotationError) as e:
        Move.from_notation("b2b7", pos, "iccs")
    assert (e.value.kind, e.value.reason) == ("no_legal_move", "no_screen")


def test_ambiguous_text_lists_the_candidates():
    pos = Position("3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1")
    with pytest.raises(NotationError) as e:
        Move.from_notation("R9.8", pos, "wxf")
    assert e.value.kind == "ambiguous"
    assert sorted(m.iccs() for m in e.value.candidates) == ["a1b1", "a3b3"]
    assert all(isinstance(m, Move) for m in e.value.candidates)


def test_descriptive_notations_need_a_legal_move():
    pos = Position()
    illegal = Move.from_iccs("h2e2", pos)
    after = pos.play("h2e2")
    with pytest.raises(IllegalMoveError):
        illegal.wxf(after)
    with pytest.raises(IllegalMoveError):
        illegal.chinese(after)


def test_unknown_notation_names_the_accepted_ones():
    with pytest.raises(XiangqiError) as e:
        Move.from_notation("h2e2", Position(), "san")
    assert type(e.value) is XiangqiError
    assert "wxf" in str(e.value)
