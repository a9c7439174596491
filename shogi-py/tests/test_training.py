"""shogi_rules.training: HCP, HCPE, PackedSfen and move16 bytes, move labels, legal move masks,
feature planes and the conversion of record files, with NumPy when it is installed and cshogi
as an oracle of the bytes when it is."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CORPUS
from shogi_rules import GameRecord, Move, Position, training
from shogi_rules.training import PackError


CSA_DIR = CORPUS / "csa"


def random_positions(count: int, seed: int = 7) -> list[Position]:
    """Positions of random games (captures, promotions, drops and checks among them)."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        position = Position()
        for _ in range(rng.randrange(10, 160)):
            moves = list(position.legal_moves)
            if not moves:
                break
            position = position.play(rng.choice(moves))
            out.append(position)
    return out[:count]


def record_positions(limit: int) -> list[Position]:
    """Positions of the CSA records of the corpus."""
    out: list[Position] = []
    for path in sorted(CSA_DIR.rglob("*.csa")):
        try:
            record = GameRecord.from_file(path)
        except ValueError:
            continue
        position = record.start
        for move in record.moves:
            out.append(position)
            position = position.play(move)
        if len(out) >= limit:
            break
    return out[:limit]


def test_importing_needs_no_numpy():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "from shogi_rules import training, Position\n"
        "assert len(training.features([Position()])) == training.PLANES * 81\n"
        "try:\n"
        "    training.HCPE_DTYPE\n"
        "except ImportError as e:\n"
        "    assert 'shogi-rules[numpy]' in str(e)\n"
        "else:\n"
        "    raise SystemExit('HCPE_DTYPE without numpy')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_dtypes_have_cshogis_fields_and_sizes():
    np = pytest.importorskip("numpy")
    hcpe = training.HCPE_DTYPE
    assert hcpe.itemsize == training.HCPE_SIZE == 38
    assert hcpe.names == ("hcp", "eval", "bestMove16", "gameResult", "dummy")
    assert hcpe["hcp"].shape == (32,) and hcpe["eval"] == np.dtype("<i2")
    psv = training.PSV_DTYPE
    assert psv.itemsize == training.PSV_SIZE == 40
    assert psv.names == ("sfen", "score", "move", "gamePly", "game_result", "padding")
    assert psv["game_result"] == np.dtype("i1")
    try:
        import cshogi
    except ImportError:
        return
    # cshogi's dtypes: the same fields, sizes and offsets (it reads bestMove16 and gameResult
    # as signed, the same bytes).
    for ours, theirs in ((hcpe, cshogi.HuffmanCodedPosAndEval), (psv, cshogi.PackedSfenValue)):
        assert ours.names == theirs.names and ours.itemsize == theirs.itemsize
        assert [ours.fields[n][1] for n in ours.names] == [theirs.fields[n][1] for n in theirs.names]


def test_move_labels_follow_the_documented_layout():
    start = Position()
    labels = training.move_labels(
        [start, start, "4k4/9/9/9/9/9/9/9/4K4 b R 1"],
        [Move.from_usi("7g7f", start), Move.from_usi("2h1h", start),
         Move.from_usi("R*5e", Position("4k4/9/9/9/9/9/9/9/4K4 b R 1"))],
    )
    values = [int.from_bytes(labels[i:i + 2], "little") for i in range(0, len(labels), 2)]
    # 7g7f: forwards (0) to 7f = (7 - 1) * 9 + 5; 2h1h: sideways towards file 1 (3) to 1h;
    # R*5e: a rook drop (26) to 5e.
    assert values == [0 * 81 + 59, 3 * 81 + 7, 26 * 81 + 40]
    with pytest.raises(ValueError):
        training.move_labels([start], [])
    with pytest.raises(TypeError):
        training.move_labels([start], ["7g7f"])


def test_legal_move_masks_mark_every_legal_move():
    positions = random_positions(40)
    mask = training.legal_move_mask(positions)
    assert len(mask) == len(positions) * training.LABELS
    for i, position in enumerate(positions):
        row = mask[i * training.LABELS:(i + 1) * training.LABELS]
        moves = list(position.legal_moves)
        labels = training.move_labels([position] * len(moves), moves)
        marked = {int.from_bytes(labels[j:j + 2], "little") for j in range(0, len(labels), 2)}
        assert {k for k, b in enumerate(row) if b} == marked
        assert set(row) <= {0, 1}


def test_feature_planes_count_pieces_and_hands():
    positions = random_positions(30)
    data = training.features(positions, threads=2)
    assert len(data) == len(positions) * training.PLANES * 81
    assert data == training.features(positions, threads=1)
    size = training.PLANES * 81
    for i, position in enumerate(positions):
        planes = data[i * size:(i + 1) * size]
        # Every piece on the board stands on exactly one of the first 28 planes.
        assert sum(planes[:28 * 81]) == len(position.pieces())
        # Hands: each of the 14 hand planes repeats its count 81 times.
        hand_total = sum(planes[28 * 81:]) // 81
        assert hand_total == sum(sum(position.hand(c).values()) for c in ("sente", "gote"))
    with pytest.raises(TypeError):
        training.features([42])


def test_feature_arrays_have_their_shapes():
    np = pytest.importorskip("numpy")
    positions = random_positions(5)
    planes = training.features_array(positions)
    assert planes.shape == (5, training.PLANES, 9, 9) and planes.dtype == np.uint8
    mask = training.legal_move_mask_array(positions)
    assert mask.shape == (5, training.LABELS) and mask.dtype == np.bool_
    assert mask.sum(axis=1).tolist() == [len(p.legal_moves) for p in positions]
    moves = [p.legal_moves[0] for p in positions]
    labels = training.move_labels_array(positions, moves)
    assert labels.shape == (5,) and all(mask[np.arange(5), labels])


def test_bad_bytes_are_pack_errors():
    with pytest.raises(PackError):
        Position.from_hcp(b"\x00" * 31)
    with pytest.raises(PackError):
        training.decode_hcp(b"\x00" * 33)
    with pytest.raises(PackError):
        training.read_hcpe(b"\x00" * 37)
    assert issubclass(PackError, ValueError)


def test_convert_writes_a_file_of_whole_entries(tmp_path: Path):
    output = tmp_path / "games.hcpe"
    summary = training.convert([CSA_DIR], "hcpe", output=output, threads=2)
    assert summary["games"] > 20 and summary["kept"] > 10
    assert summary["positions"] + summary["unencodable"] > 1000
    assert output.stat().st_size == summary["positions"] * 38 == summary["bytes"]
    again = training.convert([CSA_DIR], "psv", output=tmp_path / "games.psv", threads=1)
    assert again["positions"] == summary["positions"]
    assert (tmp_path / "games.psv").stat().st_size == again["positions"] * 40
    deduped = training.convert([CSA_DIR], output=output, dedup=True)
    considered = summary["positions"] + summary["unencodable"]
    assert deduped["duplicates"] > 0
    assert deduped["positions"] + deduped["unencodable"] + deduped["duplicates"] == considered
    unfinished = training.convert([CSA_DIR], output=output, keep_unfinished=True)
    assert unfinished["kept"] > summary["kept"]
    assert not any(r in unfinished["skipped"] for r in ("ending: interruption", "ending: unknown"))
    strict = training.convert([CSA_DIR], output=output, min_moves=100, endings=["resignation"])
    assert strict["kept"] < summary["kept"]
    assert any(reason.startswith("ending") for reason in strict["skipped"])
    with pytest.raises(ValueError):
        training.convert([CSA_DIR], "bin", output=output)
    with pytest.raises(ValueError):
        training.convert([CSA_DIR], output=output, endings=["abandoned"])
    failed = training.convert([tmp_path / "missing.kif"], output=output)
    assert failed["files"] == 0 and len(failed["failed"]) == 1


def test_hcp_and_psfen_round_trip():
    positions = random_positions(200)
    for position in positions:
        hcp = position.to_hcp()
        assert len(hcp) == 32
        assert Position.from_hcp(hcp).sfen().rsplit(" ", 1)[0] == position.sfen().rsplit(" ", 1)[0]
        psfen = position.to_psfen()
        assert len(psfen) == 32
        assert Position.from_psfen(psfen).sfen().rsplit(" ", 1)[0] == position.sfen().rsplit(" ", 1)[0]
        for move in position.legal_moves:
            assert position.move_from_move16(move.move16) == move
    data = training.encode_hcp(positions)
    assert len(data) == 32 * len(positions)
    assert [p.sfen().rsplit(" ", 1)[0] for p in training.decode_hcp(data)] == [
        p.sfen().rsplit(" ", 1)[0] for p in positions
    ]


def test_hcpe_entries_round_trip(tmp_path: Path):
    positions = random_positions(50)
    entries = [
        training.HcpeEntry(p, (i * 37) % 2000 - 1000, p.legal_moves[0], i % 3)
        for i, p in enumerate(positions)
        if len(p.legal_moves)
    ]
    path = tmp_path / "x.hcpe"
    data = training.write_hcpe(entries, path)
    assert path.read_bytes() == data and len(data) == 38 * len(entries)
    back = training.read_hcpe(path)
    assert [(e.eval, e.move, e.game_result) for e in back] == [
        (e.eval, e.move, e.game_result) for e in entries
    ]
    np = pytest.importorskip("numpy")
    array = np.frombuffer(data, dtype=training.HCPE_DTYPE)
    assert array["eval"].tolist() == [e.eval for e in entries]
    assert array["bestMove16"].tolist() == [e.move.move16 for e in entries]
    assert training.read_hcpe_array(path)["gameResult"].tolist() == [e.game_result for e in entries]


def test_bytes_match_cshogi():
    cshogi = pytest.importorskip("cshogi")
    np = pytest.importorskip("numpy")
    positions = random_positions(300, seed=11) + record_positions(1000)
    board = cshogi.Board()
    for position in positions:
        board_field = position.sfen().split()[0]
        if board_field.count("K") != 1 or board_field.count("k") != 1:
            # A problem without a king: the formats hold exactly one king a side, and we refuse
            # what cshogi writes with a bit lost (docs/formats.md §10).
            with pytest.raises(PackError) as e:
                position.to_hcp()
            assert e.value.kind == "kings"
            continue
        board.set_sfen(position.sfen())
        hcp = np.empty(32, dtype=np.uint8)
        board.to_hcp(hcp)
        assert position.to_hcp() == hcp.tobytes(), position.sfen()
        psfen = np.empty(32, dtype=np.uint8)
        board.to_psfen(psfen)
        assert position.to_psfen() == psfen.tobytes(), position.sfen()
        for move in position.legal_moves:
            assert move.move16 == cshogi.move16(board.move_from_usi(str(move))), str(move)


def test_cshogi_loads_converted_files(tmp_path: Path):
    cshogi = pytest.importorskip("cshogi")
    np = pytest.importorskip("numpy")
    Position().to_hcp()
    output = tmp_path / "games.hcpe"
    summary = training.convert([CSA_DIR], "hcpe", output=output)
    entries = np.fromfile(output, dtype=cshogi.HuffmanCodedPosAndEval)
    assert len(entries) == summary["positions"] > 1000
    ours = training.decode_hcp(entries["hcp"].tobytes())
    board = cshogi.Board()
    for entry, position in zip(entries, ours):
        board.set_hcp(entry["hcp"])
        assert board.sfen().rsplit(" ", 1)[0] == position.sfen().rsplit(" ", 1)[0]
        move = board.move_from_move16(int(entry["bestMove16"]))
        assert board.is_legal(move)


def test_each_pack_error_has_its_own_kind():
    # One example of each variant of the core's PackError: each is a PackError whose kind names
    # its variant, no two variants share a kind and none falls back to "other".
    import shogi_rules._core as core

    examples = core._pack_error_examples()
    assert len(examples) >= 8
    kinds = [error.kind for _, error in examples]
    assert all(isinstance(error, PackError) and str(error) for _, error in examples)
    assert "other" not in kinds
    assert len(set(kinds)) == len(kinds), kinds


def test_pack_error_kinds_of_real_failures():
    with pytest.raises(PackError) as e:
        Position.from_hcp(b"\x00" * 31)
    assert e.value.kind == "length"
    with pytest.raises(PackError) as e:
        Position.from_hcp(b"\xff" * 32)
    assert e.value.kind != "length"
    with pytest.raises(PackError) as e:
        training.decode_hcp(b"\x00" * 33)
    assert e.value.kind == "length"


def test_psfen_and_psv_entries_round_trip(tmp_path: Path):
    positions = random_positions(50, seed=5)
    data = training.encode_psfen(positions)
    assert len(data) == 32 * len(positions)
    assert [p.sfen().rsplit(" ", 1)[0] for p in training.decode_psfen(data)] == [
        p.sfen().rsplit(" ", 1)[0] for p in positions
    ]
    entries = [
        training.PsvEntry(p, (i * 53) % 3000 - 1500, p.legal_moves[-1], p.move_number, i % 3 - 1)
        for i, p in enumerate(positions)
        if len(p.legal_moves)
    ]
    path = tmp_path / "x.psv"
    data = training.write_psv(entries, path)
    assert path.read_bytes() == data and len(data) == 40 * len(entries)
    back = training.read_psv(path)
    assert [(e.score, e.move, e.game_ply, e.game_result) for e in back] == [
        (e.score, e.move, e.game_ply, e.game_result) for e in entries
    ]
    with pytest.raises(ValueError):
        training.write_psv([(positions[0], 0, positions[0].legal_moves[0], 1, 2)])
    with pytest.raises(PackError) as e:
        training.read_psv(data[:-1])
    assert e.value.kind == "length"
    np = pytest.importorskip("numpy")
    array = training.read_psv_array(data)
    assert array["score"].tolist() == [e.score for e in entries]
    assert array["gamePly"].tolist() == [e.game_ply for e in entries]
    assert array["game_result"].tolist() == [e.game_result for e in entries]


def test_cshogi_reads_our_psv():
    cshogi = pytest.importorskip("cshogi")
    np = pytest.importorskip("numpy")
    positions = [p for p in random_positions(100, seed=9) if len(p.legal_moves)]
    entries = [training.PsvEntry(p, 7, p.legal_moves[0], p.move_number, 0) for p in positions]
    array = np.frombuffer(training.write_psv(entries), dtype=cshogi.PackedSfenValue)
    board = cshogi.Board()
    for row, entry in zip(array, entries):
        board.set_psfen(row["sfen"])
        assert board.sfen().rsplit(" ", 1)[0] == entry.position.sfen().rsplit(" ", 1)[0]
        assert cshogi.move16(board.move_from_usi(str(entry.move))) == int(row["move"])
