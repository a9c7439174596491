"""Training data for shogi networks: the HCP, HCPE, PackedSfen and PSV formats, move labels,
legal move masks and input feature planes, filled in Rust for many positions at once with the
GIL released.

The bulk functions return ``bytes``; with NumPy installed (``pip install shogi-rules[numpy]``)
the ``*_array`` functions and :data:`HCPE_DTYPE` / :data:`PSV_DTYPE` give arrays over them.
NumPy is imported only by those.

Layouts (squares numbered ``(file - 1) * 9 + (rank - 1)``, 1a = 0 ... 9i = 80, seen from the
side to move: for Gote the board is turned round, square ``s`` becoming ``80 - s``):

* move labels: :data:`LABELS` = 27 x 81, ``label = kind * 81 + to``; ``kind`` 0-9 the
  direction of a board move (0 forwards, 1 forwards towards file 1, 2 forwards towards file 9,
  3 sideways towards file 1, 4 sideways towards file 9, 5 backwards, 6 backwards towards file 1,
  7 backwards towards file 9, 8 knight's jump towards file 1, 9 knight's jump towards file 9),
  plus 10 when it promotes; 20-26 a drop of pawn, lance, knight, silver, gold, bishop, rook;
* feature planes: :data:`PLANES` = 42 planes of 9 x 9 ``uint8`` (index ``[file - 1][rank -
  1]``): 0-13 the side to move's pieces and 14-27 the opponent's (pawn, lance, knight, silver,
  gold, bishop, rook, king, tokin, promoted lance, promoted knight, promoted silver, horse,
  dragon; 1 where one stands), 28-34 the side to move's hand and 35-41 the opponent's (pawn,
  lance, knight, silver, gold, bishop, rook; every byte the number held).

>>> from shogi_rules import Position
>>> from shogi_rules import training
>>> len(training.legal_move_mask([Position()])) == training.LABELS
True
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Union

from ._core import (
    Move,
    PackError,
    Position,
    _LABELS,
    _PLANES,
    _convert,
    _decode_hcp,
    _decode_hcpe,
    _decode_psfen,
    _decode_psv,
    _encode_hcp,
    _encode_hcpe,
    _encode_psfen,
    _encode_psv,
    _features,
    _legal_move_mask,
    _move_labels,
)

if TYPE_CHECKING:  # pragma: no cover
    import numpy

__all__ = [
    "PackError",
    "HcpeEntry",
    "PsvEntry",
    "LABELS",
    "PLANES",
    "HCP_SIZE",
    "HCPE_SIZE",
    "PSV_SIZE",
    "encode_hcp",
    "decode_hcp",
    "read_hcpe",
    "write_hcpe",
    "read_hcpe_array",
    "encode_psfen",
    "decode_psfen",
    "read_psv",
    "write_psv",
    "read_psv_array",
    "legal_move_mask",
    "legal_move_mask_array",
    "move_labels",
    "move_labels_array",
    "features",
    "features_array",
    "convert",
]

#: The number of move labels: 27 kinds x 81 squares.
LABELS: int = _LABELS
#: The number of 9 x 9 feature planes of a position.
PLANES: int = _PLANES
#: Bytes of a HuffmanCodedPos.
HCP_SIZE = 32
#: Bytes of a HuffmanCodedPosAndEval entry.
HCPE_SIZE = 38
#: Bytes of a PackedSfenValue entry.
PSV_SIZE = 40

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]


class HcpeEntry(NamedTuple):
    """One HCPE entry: the position, the evaluation from the side to move's point of view, the
    move (``None`` when its code is no legal move of the position) and the game's result (0 draw,
    1 Sente won, 2 Gote won)."""

    position: Position
    eval: int
    move: Optional[Move]
    game_result: int


class PsvEntry(NamedTuple):
    """One PSV entry: the position, the score from the side to move's point of view, the move
    (``None`` when its code is no legal move of the position), the ply number of the position in
    its game and the game's result for the side to move (1 won, -1 lost, 0 draw)."""

    position: Position
    score: int
    move: Optional[Move]
    game_ply: int
    game_result: int


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            "this function needs NumPy: pip install shogi-rules[numpy]"
        ) from e
    return numpy


_DTYPES: Dict[str, Any] = {}


def __getattr__(name: str) -> Any:
    # HCPE_DTYPE and PSV_DTYPE are made on first use, so that importing this module needs no
    # NumPy (and they are left out of __all__, so that `import *` needs none either).
    if name in _DTYPES:
        return _DTYPES[name]
    if name in ("HCPE_DTYPE", "PSV_DTYPE"):
        _DTYPES[name] = _dtype(name)
        return _DTYPES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _dtype(name: str) -> Any:
    """The NumPy structured dtype of HCPE entries (cshogi's field names) or PSV entries."""
    if name == "HCPE_DTYPE":
        np = _numpy()
        return np.dtype(
            [
                ("hcp", np.uint8, 32),
                ("eval", "<i2"),
                ("bestMove16", "<u2"),
                ("gameResult", np.uint8),
                ("dummy", np.uint8),
            ]
        )
    np = _numpy()
    return np.dtype(
        [
            ("sfen", np.uint8, 32),
            ("score", "<i2"),
            ("move", "<u2"),
            ("gamePly", "<u2"),
            ("game_result", np.int8),
            ("padding", np.uint8),
        ]
    )


def _dtype_named(name: str) -> Any:
    return __getattr__(name)


def _bytes_of(source: Source) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    with open(os.fspath(source), "rb") as f:
        return f.read()


def _written(data: bytes, path: Union[str, "os.PathLike[str]", None]) -> bytes:
    """``data``, written to ``path`` first when one is given."""
    if path is not None:
        with open(os.fspath(path), "wb") as f:
            f.write(data)
    return data


def _array(source: Source, dtype: str) -> "numpy.ndarray":
    """A file (a path) or bytes of entries as a NumPy array of the dtype named ``dtype``."""
    np = _numpy()
    if isinstance(source, (bytes, bytearray, memoryview)):
        return np.frombuffer(source, dtype=_dtype_named(dtype))
    return np.fromfile(os.fspath(source), dtype=_dtype_named(dtype))


def encode_hcp(positions: Iterable[Union[Position, str]]) -> bytes:
    """The HCP of every position (a :class:`Position` or an SFEN string), 32 bytes each, one
    after another. Raises :class:`PackError` naming the first position the format cannot
    hold."""
    return _encode_hcp(positions)


def decode_hcp(buffer: Union[bytes, bytearray, memoryview]) -> List[Position]:
    """The positions of HCP bytes (32 each). Raises :class:`PackError` naming the first entry
    that is no position, or when the length is no multiple of 32."""
    return _decode_hcp(bytes(buffer))


def read_hcpe(source: Source) -> List[HcpeEntry]:
    """The entries of an HCPE file (a path) or of HCPE bytes."""
    return [HcpeEntry(*row) for row in _decode_hcpe(_bytes_of(source))]


def write_hcpe(
    entries: Iterable[Sequence[Any]],
    path: Union[str, "os.PathLike[str]", None] = None,
) -> bytes:
    """The HCPE bytes of ``entries``, each ``(position, eval, move, game_result)`` (an
    :class:`HcpeEntry` or a tuple); written to ``path`` too when given."""
    return _written(_encode_hcpe(entries), path)


def read_hcpe_array(source: Source) -> "numpy.ndarray":
    """An HCPE file or bytes as a NumPy array of :data:`HCPE_DTYPE` (needs NumPy)."""
    return _array(source, "HCPE_DTYPE")


def encode_psfen(positions: Iterable[Union[Position, str]]) -> bytes:
    """The PackedSfen of every position (a :class:`Position` or an SFEN string), 32 bytes each,
    one after another. Raises :class:`PackError` naming the first position the format cannot
    hold."""
    return _encode_psfen(positions)


def decode_psfen(buffer: Union[bytes, bytearray, memoryview]) -> List[Position]:
    """The positions of PackedSfen bytes (32 each). Raises :class:`PackError` naming the first
    entry that is no position, or when the length is no multiple of 32."""
    return _decode_psfen(bytes(buffer))


def read_psv(source: Source) -> List[PsvEntry]:
    """The entries of a PSV file (a path) or of PSV bytes."""
    return [PsvEntry(*row) for row in _decode_psv(_bytes_of(source))]


def write_psv(
    entries: Iterable[Sequence[Any]],
    path: Union[str, "os.PathLike[str]", None] = None,
) -> bytes:
    """The PSV bytes of ``entries``, each ``(position, score, move, game_ply, game_result)`` (a
    :class:`PsvEntry` or a tuple); written to ``path`` too when given."""
    return _written(_encode_psv(entries), path)


def read_psv_array(source: Source) -> "numpy.ndarray":
    """A PSV file or bytes as a NumPy array of :data:`PSV_DTYPE` (needs NumPy)."""
    return _array(source, "PSV_DTYPE")


def legal_move_mask(positions: Iterable[Union[Position, str]]) -> bytes:
    """:data:`LABELS` bytes per position: 1 at the label of each legal move, else 0."""
    return _legal_move_mask(positions)


def legal_move_mask_array(positions: Iterable[Union[Position, str]]) -> "numpy.ndarray":
    """:func:`legal_move_mask` as a ``bool`` array of shape ``(n, LABELS)`` (needs NumPy)."""
    np = _numpy()
    data = np.frombuffer(_legal_move_mask(positions), dtype=np.uint8)
    return data.reshape(-1, LABELS).astype(bool)


def move_labels(positions: Iterable[Union[Position, str]], moves: Iterable[Move]) -> bytes:
    """The label of each move played from its position, little-endian ``uint16`` each."""
    return _move_labels(positions, moves)


def move_labels_array(
    positions: Iterable[Union[Position, str]], moves: Iterable[Move]
) -> "numpy.ndarray":
    """:func:`move_labels` as an ``int64`` array of shape ``(n,)`` (needs NumPy)."""
    np = _numpy()
    return np.frombuffer(_move_labels(positions, moves), dtype="<u2").astype(np.int64)


def features(positions: Iterable[Union[Position, str]], threads: Optional[int] = None) -> bytes:
    """The feature planes of every position, :data:`PLANES` x 81 ``uint8`` each, on
    ``threads`` threads (default: one per core)."""
    return _features(positions, threads)


def features_array(
    positions: Iterable[Union[Position, str]], threads: Optional[int] = None
) -> "numpy.ndarray":
    """:func:`features` as a ``uint8`` array of shape ``(n, PLANES, 9, 9)`` (needs NumPy)."""
    np = _numpy()
    data = np.frombuffer(_features(positions, threads), dtype=np.uint8)
    return data.reshape(-1, PLANES, 9, 9)


def convert(
    paths: Iterable[Union[str, "os.PathLike[str]"]],
    to: str = "hcpe",
    *,
    output: Union[str, "os.PathLike[str]"],
    min_moves: int = 0,
    min_rating: Optional[float] = None,
    require_rating: bool = False,
    endings: Optional[Iterable[str]] = None,
    keep_unfinished: bool = False,
    dedup: bool = False,
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """Converts record files and directories into an HCPE or PSV file, as ``shogi training
    convert`` does, and returns its summary: ``files``, ``failed`` (the messages of inputs that
    could not be read), ``games``, ``kept``, ``skipped`` (a dict from reason to count),
    ``positions``, ``duplicates``, ``unencodable`` and ``bytes``. ``endings`` names the endings
    kept: checkmate, resignation, timeout, repetition, impasse, move-limit, foul, interruption,
    unknown (default: the first six)."""
    return _convert(
        [os.fspath(p) for p in paths],
        to,
        os.fspath(output),
        min_moves,
        min_rating,
        require_rating,
        None if endings is None else list(endings),
        keep_unfinished,
        dedup,
        threads,
    )
