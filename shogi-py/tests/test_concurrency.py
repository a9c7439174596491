"""Use from several threads and processes.

The same objects are used from 4 threads at once and must give the answers
they give serially; ``read_records`` reads files in parallel; a
``multiprocessing`` pool (spawn context, so every worker imports the package
afresh) maps over record paths and sends positions and records back pickled.
"""

from __future__ import annotations

import multiprocessing
import pickle
import random
import threading
import time
from pathlib import Path
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import CORPUS, MATSURI_SFEN, record_files
from shogi_rules import Game, GameRecord, Position, RecordError, SfenError, read_record, read_records

THREADS = 4


def sample_positions(n=40, seed=7):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pos = Position()
        for _ in range(rng.randrange(0, 80)):
            moves = pos.legal_moves
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        out.append(pos)
    return out


POSITIONS = sample_positions()


def answers(pos: Position):
    moves = pos.legal_moves
    return (
        pos.sfen(),
        sorted(m.usi() for m in moves),
        pos.in_check(),
        pos.zobrist,
        hash(pos),
        pos.perft(2),
        [pos.play(m).sfen() for m in moves[:5]],
        [m.japanese(pos) for m in moves[:5]],
        pos.svg(),
    )


def loadable_records():
    files = []
    for relative, _folder in record_files():
        path = CORPUS / relative
        try:
            read_record(path)
        except RecordError:
            continue
        files.append(path)
    return files


RECORDS = loadable_records()


def test_shared_positions_from_four_threads():
    serial = [answers(p) for p in POSITIONS]
    barrier = threading.Barrier(THREADS)

    def work(offset):
        barrier.wait()
        # Every thread walks all the shared objects, starting at a different place.
        order = POSITIONS[offset:] + POSITIONS[:offset]
        got = [answers(p) for p in order]
        return got[len(POSITIONS) - offset:] + got[: len(POSITIONS) - offset]

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(work, [i * len(POSITIONS) // THREADS for i in range(THREADS)]))
    for r in results:
        assert r == serial


def test_native_perft_runs_in_parallel_and_releases_the_gil():
    pos = Position.from_sfen(MATSURI_SFEN)
    expected = 28684
    assert pos.perft(2) == expected
    with ThreadPoolExecutor(THREADS) as pool:
        assert list(pool.map(lambda _: pos.perft(3), range(THREADS))) == [4809015] * THREADS
    # While one thread counts, a Python thread keeps running: one of its ticks falls in the
    # middle half of a perft call. A call that kept the GIL would let the ticker run only just
    # before or just after it. (Times, not a count of ticks, so that a busy machine that runs
    # the ticker rarely cannot fail the test: the call is repeated until a tick falls inside.)
    ticks: list[float] = []
    calls: list[tuple[float, float]] = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.0005)

    def ticked_inside() -> bool:
        return any(start + (end - start) / 4 < x < end - (end - start) / 4 for start, end in calls for x in ticks)

    def count():
        for _ in range(50):
            start = time.perf_counter()
            assert pos.perft(3) == 4809015
            calls.append((start, time.perf_counter()))
            if ticked_inside():
                return

    t = threading.Thread(target=ticker)
    counter = threading.Thread(target=count)
    t.start()
    counter.start()
    counter.join()
    done.set()
    t.join()
    assert ticked_inside(), f"the ticker never ran during {len(calls)} perft calls: is the GIL held?"


def test_shared_records_from_four_threads():
    records = [read_record(p) for p in RECORDS[:40]]
    serial = [(r.moves, r.write("kif"), r.game().position.sfen()) for r in records]

    def work(_):
        return [(r.moves, r.write("kif"), r.game().position.sfen()) for r in records]

    with ThreadPoolExecutor(THREADS) as pool:
        for result in pool.map(work, range(THREADS)):
            assert result == serial


def test_games_one_per_thread():
    moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*6e"]

    def play(_):
        game = Game()
        for m in moves:
            game.push(m)
        return game.position.sfen(), tuple(m.usi() for m in game.moves)

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(play, range(16)))
    assert len(set(results)) == 1
    assert list(results[0][1]) == moves


def test_one_game_shared_by_threads_stays_consistent():
    # Mutating one Game from several threads must never corrupt it; each push/pop
    # pair is atomic from Python's view.
    game = Game()
    lock = threading.Lock()

    def work(_):
        for _ in range(200):
            with lock:
                game.push("7g7f")
                game.pop()
            game.position.legal_moves
        return True

    with ThreadPoolExecutor(THREADS) as pool:
        assert all(pool.map(work, range(THREADS)))
    assert game.moves == [] and game.position == Position()


def test_read_records_in_parallel_agrees_with_serial():
    paths = RECORDS
    serial = [read_record(p) for p in paths]
    parallel = read_records(paths, threads=THREADS)
    assert len(parallel) == len(paths)
    for a, b in zip(serial, parallel):
        assert a == b
    # str paths and a single thread too.
    assert read_records([str(p) for p in paths[:10]], threads=1) == serial[:10]


def test_read_records_reports_a_bad_file(tmp_path):
    bad = tmp_path / "bad.kif"
    bad.write_text("手合割：平手\n▲７六歩　△７五歩\n", encoding="utf-8")
    with pytest.raises(RecordError) as e:
        read_records([*RECORDS[:5], bad, *RECORDS[5:10]], threads=THREADS)
    assert e.value.path is not None and "bad.kif" in e.value.path


def load_for_pool(path):
    """Runs in a spawned worker: returns pickled objects of the package."""
    from pathlib import Path

    import shogi_rules

    record = shogi_rules.read_record(Path(path))
    game = record.game()
    return str(path), record, game.position, record.moves


def sfen_start(path) -> bool:
    """Whether the record's start position is one SFEN can describe (composed
    problem positions are covered by test_records.test_composed_start_positions:
    a Position that does not unpickle makes a pool hang)."""
    try:
        Position.from_sfen(read_record(path).start.sfen())
    except SfenError:
        return False
    return True


def test_multiprocessing_pool_over_record_paths():
    paths = [str(p) for p in RECORDS[::3] if sfen_start(p)]
    assert len(paths) > 40
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        # A result that fails to unpickle hangs Pool.map: wait with a timeout.
        results = pool.map_async(load_for_pool, paths, chunksize=8).get(timeout=120)
    assert [r[0] for r in results] == paths
    for path, record, position, moves in results:
        local = read_record(Path(path))
        assert isinstance(record, GameRecord)
        assert position == local.game().position
        assert moves == local.moves
        assert record == local
        # What came back is usable as is.
        assert position.legal_moves == local.game().position.legal_moves
        assert pickle.loads(pickle.dumps(record)) == record
