"""The deepest record the readers accept by default (variations nested 1,000 deep) is read,
copied, pickled, written in every format (JKF included), walked and built again through the
editing methods on a 256 KiB thread stack: nothing recurses per level."""

from __future__ import annotations

import copy
import pickle
import threading

import pytest

from conftest import deep_kif, rebuild_record
from shogi_rules import GameRecord, ReadLimits, RecordError, Variation, read_record

DEPTH = ReadLimits().max_depth  # 1,000


def on_small_stack(work):
    """Runs ``work`` on a thread with a 256 KiB stack and re-raises what it raised."""
    failure = []

    def run():
        try:
            work()
        except BaseException as e:  # noqa: BLE001 - handed to the test's thread
            failure.append(e)

    previous = threading.stack_size(256 * 1024)
    try:
        thread = threading.Thread(target=run)
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    if failure:
        raise failure[0]


def walk(node):
    """The variations below ``node`` level by level, iteratively: one per level."""
    levels = []
    while True:
        variations = node.variations
        if not variations:
            return levels
        assert len(variations) == 1
        node = variations[0]
        levels.append(node)


def exercise():
    text = deep_kif(DEPTH)
    record = read_record(text)
    assert record == read_record(text.encode("cp932"))

    # pickle, copy, deepcopy of the record.
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(record, protocol))
        assert type(back) is GameRecord and back == record
    assert copy.copy(record) == record
    assert copy.deepcopy(record) == record

    # Every format, JKF too, writes every level; KIF and JKF give the same record back.
    for fmt in ["kif", "ki2", "csa", "usi", "jkf"]:
        written = record.write(fmt, None)
        back = read_record(written, fmt)
        assert back.moves == record.moves, fmt
        if fmt in ("kif", "ki2", "jkf"):
            assert len(walk(back)) == DEPTH, fmt
        if fmt in ("kif", "jkf"):
            assert back == record, fmt
        assert read_record(record.write(fmt, "cp932"), fmt) == back

    # The variations, level by level down to the last.
    levels = walk(record)
    assert len(levels) == DEPTH
    assert [v.ply for v in levels[:3]] == [2, 3, 4]
    assert levels[-1].ply == DEPTH + 1
    assert all(len(v.moves) == 3 for v in levels)
    # A variation pickles and copies with everything below it, at the top and at the bottom.
    for v in [levels[0], levels[DEPTH // 2], levels[-1]]:
        back = pickle.loads(pickle.dumps(v))
        assert type(back) is Variation and back == v
        assert copy.copy(v) == v and copy.deepcopy(v) == v
        assert back.moves == v.moves and back.ply == v.ply
    top = pickle.loads(pickle.dumps(levels[0]))
    assert len(walk(top)) == DEPTH - 1
    assert walk(top)[-1] == levels[-1]

    # Copies compare equal level by level too.
    deep_copy = copy.deepcopy(record)
    for a, b in zip(walk(deep_copy), levels):
        assert a == b
    record.game()

    # Built again move by move, variation by variation, it is the same record; removing the
    # outermost variation takes every one below it.
    again = rebuild_record(record)
    assert again == record
    again.remove_variation(again.variations[0])
    assert again.variations == [] and again.moves == record.moves


def test_the_deepest_accepted_record_on_a_small_stack():
    on_small_stack(exercise)


def jkf_one_level_too_deep():
    """JKF forks one level deeper than ``max_depth`` are refused on the line of that fork."""
    deeper = read_record(deep_kif(DEPTH + 1), "kif", limits=ReadLimits(max_depth=DEPTH + 1))
    jkf = deeper.write("jkf", None)
    fork_lines = [i + 1 for i, line in enumerate(jkf.splitlines()) if line.strip() == "["]
    assert len(fork_lines) == DEPTH + 1
    with pytest.raises(RecordError) as e:
        read_record(jkf, "jkf")
    assert (e.value.kind, e.value.limit, e.value.max) == ("limit_exceeded", "depth", DEPTH)
    assert e.value.line == fork_lines[DEPTH]
    assert read_record(jkf, "jkf", limits=ReadLimits(max_depth=DEPTH + 1)) == deeper


def test_jkf_one_level_too_deep_on_a_small_stack():
    on_small_stack(jkf_one_level_too_deep)
