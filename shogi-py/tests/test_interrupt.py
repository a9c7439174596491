"""Ctrl-C stops long calls: a timer thread interrupts the main thread (as SIGINT would) while
a call that would run for minutes works without the GIL, and ``KeyboardInterrupt`` must come
within a couple of seconds."""

from __future__ import annotations

import _thread
import os
import threading
import time

import pytest

from shogi_rules import Position, RecordError, read_record, read_records

DELAY = 0.2  # seconds before the interrupt
PROMPT = 2.0  # seconds the call may take to stop after it


def interrupted(call):
    """Runs ``call`` with an interrupt of the main thread after ``DELAY`` seconds and returns
    how long the call went on after the interrupt."""
    assert threading.current_thread() is threading.main_thread()
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        _thread.interrupt_main()

    timer = threading.Timer(DELAY, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
            # Not interrupted inside the call: let the pending interrupt arrive here instead
            # of in a later test, then fail.
            timer.join()
            time.sleep(0.1)
        return time.monotonic() - sent[0]
    finally:
        timer.cancel()
        timer.join()


def os_threads():
    """The number of threads of the process, or None where /proc does not tell."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


def wait_for_abandoned_work(threads_before):
    """Waits until the threads an interrupted call left to finish their piece have ended, so
    that their memory is not counted by later tests."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        count = os_threads()
        if count is None:
            time.sleep(3)
            return
        if count <= threads_before:
            return
        time.sleep(0.02)
    raise AssertionError("the threads of an interrupted call did not end")


def test_perft_stops_at_ctrl_c():
    # perft(7) of the start position counts 2.4 billion leaves: minutes.
    assert interrupted(lambda: Position().perft(7)) < PROMPT
    # The position and the module still work.
    assert Position().perft(3) == 25_470


def test_perft_divide_stops_at_ctrl_c():
    assert interrupted(lambda: Position().perft_divide(7)) < PROMPT
    assert sum(Position().perft_divide(3).values()) == 25_470


@pytest.fixture
def slow_usi_file(tmp_path):
    # 20,000 king moves and an illegal one at the end: every read replays the whole line and
    # fails, so that a batch of them holds no records while it runs.
    shuttle = ["5i5h", "5a5b", "5h5i", "5b5a"]
    moves = " ".join(shuttle[i % 4] for i in range(20_000))
    path = tmp_path / "slow.usi"
    path.write_text(f"position startpos moves {moves} 5i3i\n")
    return path


@pytest.mark.parametrize("threads", [1, None])
def test_read_records_stops_at_ctrl_c(slow_usi_file, threads):
    with pytest.raises(RecordError):
        read_records([slow_usi_file], threads=threads)
    sources = [slow_usi_file] * 200_000
    before = os_threads()
    assert interrupted(lambda: read_records(sources, threads=threads, errors="return")) < PROMPT
    wait_for_abandoned_work(before)
    # Workers stop taking sources: the next batch reads normally.
    results = read_records([slow_usi_file] * 4, threads=threads, errors="return")
    assert len(results) == 4 and all(isinstance(r, RecordError) for r in results)


def test_read_record_of_a_large_input_stops_at_ctrl_c():
    # A million moves as KIF (20 MB): about two seconds to read in a release build.
    shuttle = ["5i5h", "5a5b", "5h5i", "5b5a"]
    usi = "position startpos moves " + " ".join(shuttle[i % 4] for i in range(1_000_000))
    kif = read_record(usi).write("kif")
    before = os_threads()
    assert interrupted(lambda: read_record(kif)) < PROMPT
    wait_for_abandoned_work(before)
    # The module still reads (the abandoned read ends on its own thread).
    assert len(read_record(" ".join(usi.split()[:19])).moves) == 16
