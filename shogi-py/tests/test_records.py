"""Game records against the corpus of real files in ``tests/data/corpus``.

As in the Rust ``records`` test (see the corpus' PROVENANCE.md and
MANIFEST.tsv): every record loads with its format detected except the
malformed files listed below, which fail on the expected line with the
expected kind; crafted malformed texts do too; twins agree; every format
reads back what it writes; records pickle and copy.
"""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from conftest import CORPUS, record_files
from shogi_rules import Color, Game, GameRecord, Outcome, Position, RecordError, SfenError, read_record

FORMATS = ("kif", "ki2", "csa", "jkf", "usi")

# Genuinely malformed corpus files: (file, line, kind). `fork-test.kif` numbers two
# moves of a variation 5; `kif-game-012.kif` ends its line twice.
MALFORMED_FILES = {
    "kif/kifu-for-js/fork-test.kif": (18, "move_number"),
    "kif/mog-core-scala/kif-game-012.kif": (138, "move_after_end"),
}

# Crafted malformed records: (name, format, text, line, kind).
MALFORMED_TEXTS = [
    (
        "KIF: Gote moves Sente's pawn",
        "kif",
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７五歩(76)\n",
        4,
        "illegal_move",
    ),
    (
        "KIF: a move after the ending",
        "kif",
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n",
        5,
        "move_after_end",
    ),
    (
        "KIF: unknown handicap and no board",
        "kif",
        "手合割：七色落ち\n手数----指手---------消費時間--\n   1 ７六歩(77)\n",
        1,
        "unknown_handicap",
    ),
    ("KI2: no Gote pawn reaches 7e", "ki2", "手合割：平手\n▲７六歩　△７五歩\n", 2, "no_such_move"),
    ("CSA: Gote moves from an empty square", "csa", "V2.2\nPI\n+\n+7776FU\n-7775FU\n", 5, "illegal_move"),
    ("JKF: a missing value", "jkf", '{"header": {},\n "moves": [{},\n  {"move": }]}\n', 3, "json"),
    (
        "JKF: the second move is marked as Sente's",
        "jkf",
        '{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},'
        '{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}}]}',
        1,
        "bad_move_text",
    ),
    (
        "JKF: nineteen pawns in the hands",
        "jkf",
        '{"header":{},"initial":{"preset":"OTHER","data":{"color":0,"board":{},"hands":[{"FU":10},{"FU":9}]}},"moves":[{}]}',
        1,
        "illegal_position",
    ),
    ("USI: the second move is illegal", "usi", "position startpos moves 7g7f 7c7e\n", 1, "illegal_move"),
]

# Twins: (a, b, how much must agree): "record" (equal records: the same file in two
# encodings), "tree" (start and move tree, variations included), "main" (start and
# main-line moves).
TWINS = [
    *[
        (f"kif/shogi-kifu-converter/kif-{n}.kif", f"jkf/shogi-kifu-converter/kif-{n}.json", "tree")
        for n in ["Shogidokoro", "empty", "everyday_20211107", "everyday_20220604", "example", "forks",
                  "oui202106290101", "piyo-shogi_KY"]
    ],
    ("ki2/shogi-kifu-converter/ki2-4.ki2", "jkf/shogi-kifu-converter/ki2-4.json", "tree"),
    ("ki2/shogi-kifu-converter/ki2-simple.ki2", "jkf/shogi-kifu-converter/ki2-simple.json", "tree"),
    *[
        (f"csa/shogi-kifu-converter/csa-{n}.csa", f"jkf/shogi-kifu-converter/csa-{n}.json", "tree")
        for n in ["WCSC32_F7_NBS_DLS", "floodgate", "initial_2", "initial_4", "initial_6", "initial_hi",
                  "initial_hirate", "initial_ka", "initial_ky", "tsumeshogi", "v22"]
    ],
    *[
        (f"kif/shogi-kifu-converter/kif-{n}.kif", f"kif/shogi-kifu-converter/kif-{n}.kifu", "record")
        for n in ["Shogidokoro", "empty", "everyday_20211107", "example", "forks", "piyo-shogi_KY"]
    ],
    ("ki2/shogi-kifu-converter/ki2-4.ki2", "ki2/shogi-kifu-converter/ki2-4.ki2u", "record"),
    ("ki2/shogi-kifu-converter/ki2-simple.ki2", "ki2/shogi-kifu-converter/ki2-simple.ki2u", "record"),
    ("kif/shogihome/encoding-sjis.kif", "kif/shogihome/encoding-utf8.kif", "record"),
    ("ki2/shogihome/encoding-sjis.ki2", "ki2/shogihome/encoding-utf8.ki2", "record"),
    ("kif/kifu-for-js/ryuou201409020101.kif", "jkf/kifu-for-js/ryuou201409020101.jkf", "tree"),
    ("kif/kifu-for-js/no_henka.kif", "kif/kifu-for-js/no_henka.kifu", "tree"),
    ("kif/kifu-for-js/8mai.kif", "ki2/kifu-for-js/8mai.ki2", "main"),
    ("kif/kifu-for-js/8mai.kif", "csa/kifu-for-js/8mai.csa", "main"),
    ("ki2/kifu-for-js/8mai.ki2", "ki2/kifu-for-js/8mai.ki2u", "main"),
    ("kif/kifu-for-js/9fu.kif", "ki2/kifu-for-js/9fu.ki2", "main"),
    ("kif/kifu-for-js/9fu.kif", "csa/kifu-for-js/9fu.csa", "main"),
    ("kif/kifu-for-js/9fu.kif", "csa/kifu-for-js/9fu_komabetsu.csa", "main"),
    ("kif/kifu-for-js/chudan.kif", "ki2/kifu-for-js/chudan.ki2", "main"),
    ("kif/kifu-for-js/chudan.kif", "csa/kifu-for-js/chudan.csa", "main"),
    ("kif/kifu-for-js/noeol.kif", "ki2/kifu-for-js/noeol.ki2", "main"),
    ("kif/kifu-for-js/fork.kif", "ki2/kifu-for-js/fork.ki2", "tree"),
    ("kif/kifu-for-js/illegal.kif", "ki2/kifu-for-js/illegal.ki2", "tree"),
    ("kif/mog-core-scala/kif-game-001.kif", "csa/mog-core-scala/csa-game-001.csa", "main"),
    ("kif/mog-core-scala/kif-game-001.kif", "ki2/mog-core-scala/ki2-game-001.ki2", "main"),
    ("kif/mog-core-scala/kif-game-001.kif", "ki2/mog-core-scala/ki2-game-002.ki2", "main"),
    ("kif/mog-core-scala/kif-game-010.kif", "csa/mog-core-scala/csa-game-002.csa", "main"),
    ("kif/mog-core-scala/kif-game-010.kif", "ki2/mog-core-scala/ki2-game-005.ki2", "main"),
]

FILES = record_files()
GOOD_FILES = [(rel, folder) for rel, folder in FILES if rel not in MALFORMED_FILES]
_cache: dict[str, GameRecord] = {}


def load(relative: str) -> GameRecord:
    if relative not in _cache:
        _cache[relative] = read_record(CORPUS / relative)
    return _cache[relative]


def tree(moves, variations):
    """A comparable move tree: the moves and, for each variation, its ply and tree."""
    return (
        [m.usi() for m in moves],
        sorted((v.ply, tree(v.moves, v.variations)) for v in variations),
    )


def test_corpus_size():
    counts = {folder: sum(1 for _, f in FILES if f == folder) for folder in ("kif", "ki2", "csa", "jkf")}
    assert counts["kif"] == 108 and counts["ki2"] == 32 and counts["csa"] == 52 and counts["jkf"] == 31, counts


@pytest.mark.parametrize("relative,folder", GOOD_FILES, ids=[r for r, _ in GOOD_FILES])
def test_every_corpus_record_loads(relative, folder):
    path = CORPUS / relative
    record = read_record(path)
    assert isinstance(record, GameRecord)
    # The same from bytes, and with the format named.
    data = path.read_bytes()
    assert read_record(data) == record
    assert read_record(data, format=folder) == record
    assert read_record(bytearray(data)) == record
    # What the record gives is consistent.
    assert isinstance(record.start, Position)
    assert record.moves_usi() == [m.usi() for m in record.moves]
    replay = record.start
    for m in record.moves:
        replay = replay.play(m)
    assert record.final_position() == replay
    assert isinstance(record.headers, dict)
    times = record.times
    assert len(times) == len(record.moves)


@pytest.mark.parametrize("relative", sorted(MALFORMED_FILES))
def test_malformed_corpus_files_fail_on_the_expected_line(relative):
    line, kind = MALFORMED_FILES[relative]
    with pytest.raises(RecordError) as e:
        read_record(CORPUS / relative)
    assert (e.value.line, e.value.kind) == (line, kind), str(e.value)
    assert e.value.path is not None and Path(e.value.path).name == Path(relative).name


@pytest.mark.parametrize("name,fmt,text,line,kind", MALFORMED_TEXTS, ids=[m[0] for m in MALFORMED_TEXTS])
def test_malformed_texts(name, fmt, text, line, kind):
    with pytest.raises(RecordError) as e:
        read_record(text, format=fmt)
    assert (e.value.format, e.value.line, e.value.kind) == (fmt, line, kind), str(e.value)
    # The same text through format detection, as text and as bytes.
    with pytest.raises(RecordError) as e:
        read_record(text)
    assert e.value.line == line, str(e.value)
    with pytest.raises(RecordError) as e:
        read_record(text.encode("utf-8"))
    assert e.value.line == line, str(e.value)


@pytest.mark.parametrize("a,b,agree", TWINS, ids=[f"{a}~{b}" for a, b, _ in TWINS])
def test_twins_agree(a, b, agree):
    ra, rb = load(a), load(b)
    if agree == "record":
        assert ra == rb
    elif agree == "tree":
        assert ra.start == rb.start
        assert tree(ra.moves, ra.variations) == tree(rb.moves, rb.variations)
    else:
        assert ra.start == rb.start
        assert ra.moves == rb.moves


def usi_record(line: str) -> GameRecord:
    line = line.strip()
    command = line if line.startswith("position") else f"position startpos moves {line}"
    return read_record(command, format="usi")


def test_kif_records_give_their_expected_usi_moves():
    names = sorted(p.name for p in (CORPUS / "usi" / "shogi-supplement").iterdir())
    assert len(names) == 10
    for name in names:
        game = name.removesuffix("_expected_usi.txt")
        expected = usi_record((CORPUS / "usi" / "shogi-supplement" / name).read_text(encoding="ascii"))
        got = load(f"kif/shogi-supplement/{game}.kif")
        assert got.start == expected.start, game
        assert got.moves == expected.moves, game


def test_lishogi_move_lists_are_legal_games():
    lines = [
        line
        for line in (CORPUS / "usi" / "shogiops" / "prod-500-games.usi.txt").read_text(encoding="ascii").splitlines()
        if line.strip()
    ]
    assert len(lines) == 500
    for line in lines[::5]:
        record = usi_record(line)
        text = record.write("usi", encoding=None)
        assert isinstance(text, str)
        assert read_record(text, format="usi") == record
        game = Game.from_usi(text)
        assert game.moves == record.moves


# ---------------------------------------------------------------------------
# Round trips


def loadable(folder):
    out = []
    for relative, f in GOOD_FILES:
        if f == folder:
            out.append(relative)
    return out


@pytest.mark.parametrize("folder", ["kif", "ki2", "csa", "jkf"])
def test_files_read_back_what_they_write(folder):
    failures = []
    files = loadable(folder)
    assert files
    for relative in files:
        first = load(relative)
        text = first.write(folder, encoding=None)
        try:
            second = read_record(text, format=folder)
        except RecordError as e:
            failures.append(f"{relative}: written text does not read: {e}")
            continue
        if second != first:
            failures.append(f"{relative}: differs after writing {folder}")
            continue
        if second.write(folder, encoding=None) != text:
            failures.append(f"{relative}: writing again gives another text")
        # Bytes in UTF-8 (the default) read back the same.
        assert read_record(first.write(folder), format=folder) == first
    assert not failures, "\n".join(failures)


def composed(position) -> bool:
    """Whether a start position is outside what an SFEN may describe (composed
    problems such as nine pawns on one file): record readers accept them, the
    SFEN reader does not."""
    try:
        Position.from_sfen(position.sfen())
    except SfenError:
        return True
    return False


@pytest.mark.parametrize("target", FORMATS)
def test_conversion_keeps_start_and_main_line(target):
    failures = []
    for relative, _folder in GOOD_FILES:
        record = load(relative)
        if target == "usi" and composed(record.start):
            continue  # see test_composed_start_positions
        try:
            back = read_record(record.write(target, encoding=None), format=target)
        except RecordError as e:
            failures.append(f"{relative} -> {target}: {e}")
            continue
        if back.start != record.start or back.moves != record.moves:
            failures.append(f"{relative} -> {target}: start or moves differ")
    assert not failures, "\n".join(failures)


def test_composed_start_positions():
    """Records whose start is a composed position (legal for a record, not for
    SFEN): the record formats keep it; the objects made from it must still
    pickle and restore."""
    files = [rel for rel, _ in GOOD_FILES if composed(load(rel).start)]
    assert "kif/kifu-for-js/9fu.kif" in files
    failures = []
    for relative in files:
        record = load(relative)
        start = record.start
        try:
            if pickle.loads(pickle.dumps(start)) != start:
                failures.append(f"{relative}: start position differs after pickling")
        except Exception as e:  # noqa: BLE001 - reported with the file
            failures.append(f"{relative}: start position does not unpickle: {type(e).__name__}: {e}")
        game = record.game()
        try:
            if Game.from_json(game.to_json()) != game:
                failures.append(f"{relative}: game differs after JSON")
        except Exception as e:  # noqa: BLE001
            failures.append(f"{relative}: game does not restore from its JSON: {type(e).__name__}: {e}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("encoding", ["utf-8", "cp932", "euc-jp"])
def test_write_encodings(encoding):
    record = load("kif/kifu-for-js/ryuou201409020101.kif")
    data = record.write("kif", encoding=encoding)
    assert isinstance(data, bytes)
    assert data.decode(encoding) == record.write("kif", encoding=None)
    assert read_record(data) == record


def test_write_errors():
    record = load("kif/kifu-for-js/8mai.kif")
    from shogi_rules import ShogiError

    with pytest.raises(ShogiError):
        record.write("pgn")
    with pytest.raises(ShogiError):
        record.write("kif", encoding="latin-1")


# ---------------------------------------------------------------------------
# Contents


def test_headers_comments_and_result():
    record = load("kif/kifu-for-js/henka.kif")
    assert record.headers["棋戦"] == "第74期棋聖戦1次予選"
    assert record.player(Color.SENTE) == "先手56789012全3456789"
    assert ("場所", "東京将棋会館") in record.header_list
    texts = [c.text for c in record.comments]
    assert "開始局面のコメント" in texts and "初手のコメント" in texts
    first = next(c for c in record.comments if c.text == "開始局面のコメント")
    assert first.ply == 0
    assert next(c for c in record.comments if c.text == "初手のコメント").ply == 1
    assert any(c.kind == "bookmark" for c in record.comments)
    # Variations in the order of the main-line move they replace; nested ones under theirs.
    assert [v.ply for v in record.variations] == [1, 2, 3, 3]
    assert [m.usi() for m in record.variations[1].moves] == ["3c3d"]
    nested = record.variations[0].variations
    assert nested and all(v.ply >= 2 for v in nested)
    assert len(record.moves) == 12
    assert record.end == "interrupt" or record.end is not None
    assert record.times[0] == 2.0
    game = record.game()
    assert len(game.moves) == 12
    assert record.handicap == "平手"


def test_stated_results():
    resign = load("csa/kifu-for-js/2005_GPS_K-SHOGI.csa")
    outcome = resign.stated_result
    assert isinstance(outcome, Outcome) and outcome.termination == "resignation"
    loser = resign.final_position().turn
    assert outcome.winner == loser.opposite()
    assert resign.game().outcome == outcome
    mate = load("csa/kifu-for-js/9fu.csa")
    assert mate.stated_result is None or mate.stated_result.termination == "checkmate"


def test_engine_comments():
    record = load("kif/shogihome/encoding-utf8.kif")
    kinds = {c.kind for c in record.comments}
    assert "engine" in kinds
    assert record.moves_usi()[:3] == ["2g2f", "8c8d", "7g7f"]


def test_record_of_a_game_writes_every_format():
    game = Game()
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b"]:
        game.push(m)
    game.resign()
    record = GameRecord.from_game(game)
    assert record == game.record()
    for fmt in FORMATS:
        back = read_record(record.write(fmt), format=fmt)
        assert back.moves == game.moves
        if fmt != "usi":
            assert back.stated_result == game.outcome


# ---------------------------------------------------------------------------
# Pickling and copying


def test_records_pickle_and_copy():
    failures = []
    for relative, _folder in GOOD_FILES:
        record = load(relative)
        try:
            back = pickle.loads(pickle.dumps(record))
        except Exception as e:  # noqa: BLE001 - reported with the file
            failures.append(f"{relative}: {type(e).__name__}: {e}")
            continue
        if back != record:
            diff = [a for a in ("header_list", "start", "moves", "times", "comments", "end", "stated_result")
                    if getattr(back, a) != getattr(record, a)]
            failures.append(f"{relative}: differs after pickling ({', '.join(diff) or 'other details'})")
    assert not failures, f"{len(failures)} of {len(GOOD_FILES)}:\n" + "\n".join(failures)
    record = load("kif/kifu-for-js/henka.kif")
    assert copy.copy(record) == record
    assert copy.deepcopy(record) == record
    assert repr(record).startswith("<GameRecord")


def test_record_attributes_are_read_only():
    record = load("kif/kifu-for-js/8mai.kif")
    with pytest.raises(AttributeError):
        record.moves = []  # type: ignore[misc]


def test_dropped_lists_what_a_format_cannot_hold():
    record = read_record(
        "手数----指手---------消費時間--\n*a comment\n   1 ７六歩(77)   ( 0:03/00:00:03)\n"
        "   2 ３四歩(33)   ( 0:04/00:00:04)\n\n変化：2手\n   2 ８四歩(83)\n"
    )
    assert record.dropped("kif") == []
    kinds = [kind for kind, _ in record.dropped("usi")]
    assert kinds == ["variations", "times", "comments"]
    assert record.dropped("csa")[0] == ("variations", "1 variations left out")
