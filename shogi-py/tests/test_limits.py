"""ReadLimits: the class, and each limit exceeded by real input in every reader."""

from __future__ import annotations

import copy
import pickle

import pytest

import shogi_rules._core as core
from shogi_rules import Game, ReadLimits, RecordError, read_record, read_records

from conftest import deep_kif

DEFAULTS = {
    "max_input_bytes": 64 << 20,
    "max_line_bytes": 16 << 20,
    "max_header_bytes": 64 << 10,
    "max_moves_per_line": 1_000_000,
    "max_variations": 100_000,
    "max_depth": 1_000,
    "max_records": 1_000_000,
}


def test_defaults_attributes_and_repr():
    limits = ReadLimits()
    for name, value in DEFAULTS.items():
        assert getattr(limits, name) == value
    assert repr(limits) == "ReadLimits(" + ", ".join(f"{k}={v}" for k, v in DEFAULTS.items()) + ")"
    assert eval(repr(limits), {"ReadLimits": ReadLimits}) == limits
    changed = ReadLimits(max_depth=10)
    assert changed.max_depth == 10 and changed.max_variations == 100_000
    assert changed != limits and changed == ReadLimits(max_depth=10)
    assert hash(changed) == hash(ReadLimits(max_depth=10))
    assert limits.replace(max_depth=10) == changed
    assert changed.replace() == changed
    assert ReadLimits.unlimited().max_input_bytes == 2**64 - 1 or ReadLimits.unlimited().max_input_bytes > 2**31
    with pytest.raises(TypeError):
        limits.replace(max_everything=1)
    with pytest.raises(TypeError):
        ReadLimits(10)  # keywords only
    with pytest.raises(OverflowError):
        ReadLimits(max_depth=-1)
    with pytest.raises(AttributeError):
        limits.max_depth = 3  # type: ignore[misc]


def test_every_limit_of_the_core_is_a_keyword():
    # The core library gives one `limit_exceeded` example per limit it has. Its ReadLimits is
    # non-exhaustive, so a limit this binding did not pass on would keep its default silently:
    # each must have its keyword here.
    limits = {e.limit for enum, _, e in core._error_examples() if enum == "Limit"}
    assert {f"max_{limit}" for limit in limits} == set(DEFAULTS)


def test_pickle_and_copy():
    limits = ReadLimits(max_input_bytes=1, max_line_bytes=2, max_header_bytes=3,
                        max_moves_per_line=4, max_variations=5, max_depth=6, max_records=7)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(limits, protocol))
        assert back == limits and type(back) is ReadLimits
    assert copy.copy(limits) == limits and copy.deepcopy(limits) == limits
    assert pickle.loads(pickle.dumps(ReadLimits.unlimited())) == ReadLimits.unlimited()
    # A state pickled before max_records existed has six fields; the seventh takes its default.
    old = ReadLimits.__reduce__(limits)[1][:6]
    assert type(limits)._restore(*old) == limits.replace(max_records=1_000_000)  # type: ignore[attr-defined]


KIF = deep_kif(3)
HEADER_KIF = "棋戦：長い名前の棋戦\n" + KIF
USI = "position startpos moves 5i5h 5a5b 5h5i 5b5a"

# Each limit, a value the input exceeds, and the input (as in shogi-rules/tests/hostile.rs).
CASES = [
    ("input_bytes", 10, KIF),
    ("line_bytes", 20, KIF),
    ("header_bytes", 3, HEADER_KIF),
    ("moves_per_line", 2, KIF),
    ("variations", 2, KIF),
    ("depth", 2, KIF),
]


@pytest.mark.parametrize("limit,value,text", CASES, ids=[c[0] for c in CASES])
def test_each_limit_exceeded_names_itself(limit, value, text, tmp_path):
    limits = ReadLimits(**{f"max_{limit}": value})
    path = tmp_path / "deep.kif"
    path.write_text(text, encoding="utf-8")
    for source in [text, text.encode("utf-8"), text.encode("cp932"), path]:
        with pytest.raises(RecordError) as e:
            read_record(source, limits=limits)
        assert (e.value.kind, e.value.limit, e.value.max) == ("limit_exceeded", limit, value), source
        assert f"limit of {value}" in str(e.value)
    results = read_records([path, text.encode("utf-8")], limits=limits, errors="return")
    for err in results:
        assert isinstance(err, RecordError)
        assert (err.kind, err.limit, err.max) == ("limit_exceeded", limit, value)
    with pytest.raises(RecordError) as e:
        read_records([path], limits=limits, threads=1)
    assert e.value.limit == limit and e.value.path == str(path)
    # Within the default limits the same input reads.
    read_record(text)
    read_records([path])


def test_limits_in_the_other_formats():
    limits = ReadLimits(max_moves_per_line=3)
    for text in [USI, "PI\n+\n+5958OU,-5152OU,+5859OU,-5251OU\n"]:
        with pytest.raises(RecordError) as e:
            read_record(text, limits=limits)
        assert (e.value.kind, e.value.limit, e.value.max) == ("limit_exceeded", "moves_per_line", 3)
        assert len(read_record(text, limits=ReadLimits(max_moves_per_line=4)).moves) == 4
    with pytest.raises(RecordError) as e:
        Game.from_usi(USI, limits=limits)
    assert (e.value.kind, e.value.limit, e.value.max) == ("limit_exceeded", "moves_per_line", 3)


def test_deeper_than_the_default_depth():
    with pytest.raises(RecordError) as e:
        read_record(deep_kif(1001))
    assert (e.value.kind, e.value.limit, e.value.max) == ("limit_exceeded", "depth", 1000)
    assert e.value.line > 1
    assert len(read_record(deep_kif(1001), limits=ReadLimits(max_depth=1001)).variations) == 1


def test_a_file_too_large_is_not_read(tmp_path):
    path = tmp_path / "big.csa"
    path.write_bytes(b"PI\n+\n" + b"'" + b"x" * 1000 + b"\n")
    with pytest.raises(RecordError) as e:
        read_record(path, limits=ReadLimits(max_input_bytes=100))
    assert (e.value.kind, e.value.limit, e.value.max, e.value.format) == ("limit_exceeded", "input_bytes", 100, "csa")
    assert e.value.path == str(path)
