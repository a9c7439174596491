"""Exact xiangqi (Chinese chess) rules: positions, FEN, legal moves with the reason a move is
illegal, perft, and games adjudicated to their end.

The classes and functions are implemented in Rust (the ``xiangqi-rules`` crate) and documented
in ``_core.pyi``. Squares are ints 0-89 (``rank * 9 + file``: ``a0`` = 0 ... ``i9`` = 89, ICCS
coordinates with files a-i from Red's left and ranks 0-9 from Red's side); every argument that
takes a square also accepts its ICCS name, such as ``"e0"``.

>>> from xiangqi_rules import Position
>>> pos = Position()
>>> len(pos.legal_moves)
44
>>> pos.play("h2e2").fen()
'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'
"""

from ._core import (
    XiangqiError,
    FenError,
    SetupError,
    InvalidMoveError,
    IllegalMoveError,
    NotationError,
    RecordError,
    RestoreError,
    GameOverError,
    GameActionError,
    Color,
    Role,
    Piece,
    Move,
    MoveList,
    Position,
    RuleSet,
    ClockSettings,
    ClockSide,
    ClockReading,
    Clock,
    Outcome,
    Game,
    GameRecord,
    ReadLimits,
    read_pgn,
    read_pgn_file,
    read_pgn_files,
    square_name,
    parse_square,
    __version__,
)

__all__ = [
    "XiangqiError",
    "FenError",
    "SetupError",
    "InvalidMoveError",
    "IllegalMoveError",
    "NotationError",
    "RecordError",
    "RestoreError",
    "GameOverError",
    "GameActionError",
    "Color",
    "Role",
    "Piece",
    "Move",
    "MoveList",
    "Position",
    "RuleSet",
    "ClockSettings",
    "ClockSide",
    "ClockReading",
    "Clock",
    "Outcome",
    "Game",
    "GameRecord",
    "ReadLimits",
    "read_pgn",
    "read_pgn_file",
    "read_pgn_files",
    "square_name",
    "parse_square",
    "__version__",
]
