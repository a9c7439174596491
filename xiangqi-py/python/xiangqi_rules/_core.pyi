"""Type stubs and reference documentation of the ``xiangqi_rules._core`` extension module.

Everything here is re-exported by ``xiangqi_rules``; import it from there.

Conventions:

* **Squares** are ints 0-89: ``rank * 9 + file`` in ICCS coordinates (files a-i from Red's left,
  ranks 0-9 from Red's side), so ``a0`` is 0, ``i0`` is 8 and ``i9`` is 89. Every parameter
  typed ``_Square`` (an int or a str) also accepts the ICCS name of a square, such as ``"e0"``;
  squares are always returned as ints.
* **Moves** are written in ICCS as UCCI engines write it: ``"h2e2"`` (``"H2-E2"`` also reads);
  ``Move.from_notation`` and ``Move.notation`` read and write UCI (ranks 1-10), WXF and Chinese
  too.
* **Names** of reasons and terminations are snake_case strings, the same as in the Rust crate
  (``"horse_blocked"``, ``"perpetual_check"``).
* **Errors** are ``XiangqiError`` (a ``ValueError``) or one of its subclasses. Passing an
  argument of the wrong type raises ``TypeError``.
* **Threads**: every object may be used from any thread. ``Position.perft``,
  ``Position.perft_divide``, ``read_pgn``, ``read_pgn_file`` and ``GameRecord.write`` release
  the GIL while they work; a ``GameRecord`` is immutable. A ``Game`` is mutable: a method
  that changes one while another thread uses the same object raises ``RuntimeError`` (share it
  between threads only behind a lock).
"""

import os
from typing import Any, ClassVar, Final, Iterable, Iterator, Literal, Optional, SupportsIndex, Union, final, overload

__version__: Final[str]

_Square = Union[int, str]
"""A square: an int 0-89 or an ICCS name such as ``"e0"``."""

# A move argument: a `Move`, ICCS text, or a move code (`Move.bits`).
_MoveArg = Union[Move, str, int]

_IllegalReason = Literal[
    "no_piece",
    "not_your_piece",
    "own_piece",
    "wrong_direction",
    "outside_palace",
    "crosses_river",
    "soldier_backward",
    "soldier_sideways_before_river",
    "elephant_blocked",
    "horse_blocked",
    "path_blocked",
    "no_screen",
    "too_many_screens",
    "move_mismatch",
    "flying_general",
    "leaves_general_in_check",
]
"""Why a move is illegal: the first rule it breaks, as ``IllegalMoveError.reason`` and
``Position.illegal_reason`` give it."""

_Termination = Literal[
    "checkmate",
    "no_legal_moves",
    "repetition",
    "perpetual_check",
    "move_limit",
    "bare_material",
    "resignation",
    "timeout",
    "draw_agreement",
]
"""How a game ended (``Outcome.termination``)."""

_FenErrorKind = Literal[
    "empty",
    "missing_field",
    "placement_character",
    "rank_length",
    "rank_count",
    "bad_field",
    "trailing_text",
]
"""What is wrong in a malformed FEN (``FenError.kind``)."""

_SetupErrorKind = Literal[
    "general_count", "too_many_pieces", "impossible_point", "generals_facing", "opponent_in_check"
]
"""Which setup rule a FEN breaks (``SetupError.kind``)."""

_FenField = Literal[
    "placement", "side_to_move", "castling", "en_passant", "halfmove_clock", "fullmove_number"
]
"""A field of a FEN."""

class XiangqiError(ValueError):
    """Base class of every error of xiangqi_rules; a ``ValueError``.

    Raised directly for bad arguments (a colour, role or termination name that does not exist, a
    square off the board); every error of the rules themselves has a subclass."""

class FenError(XiangqiError):
    """A FEN string that is malformed, or (``SetupError``) describes an illegal position."""

    kind: Union[_FenErrorKind, _SetupErrorKind]
    """What is wrong."""
    column: Optional[int]
    """1-based character column of a text error; ``None`` for an illegal setup or an empty FEN."""
    field: Optional[_FenField]
    """The field of a text error, where it names one; ``None`` for an illegal setup."""

class SetupError(FenError):
    """A well-formed FEN of an illegal position: a side without exactly one general, too many
    pieces of a role, a piece on a point it can never reach, the generals facing each other, or
    the side not to move in check."""

    kind: _SetupErrorKind  # type: ignore[assignment]
    """Which setup rule the position breaks."""

class InvalidMoveError(XiangqiError):
    """Move text that is not an ICCS move (``"h2e"``), or an int that is no move code."""

    text: str
    """The text (or the int, written out)."""

class IllegalMoveError(XiangqiError):
    """A well-formed move that is illegal in the position."""

    reason: _IllegalReason
    """The first rule the move breaks."""
    move: str
    """The move's ICCS text."""

_Notation = Literal["iccs", "uci", "wxf", "chinese"]
"""A move notation: ICCS (``h2e2``), UCI with ranks 1-10 (``h3e3``), WXF (``C2.5``) or Chinese
(``炮二平五``). Names are read in any case."""

class NotationError(XiangqiError):
    """Move text in a notation that names no legal move of the position."""

    kind: Literal["syntax", "no_legal_move", "ambiguous"]
    """Why: not a move in the notation, a well-formed move that no legal move is, or text that
    fits several legal moves."""
    notation: _Notation
    """The notation read."""
    text: str
    """The text (at most 80 characters of it)."""
    column: Optional[int]
    """For ``"syntax"``: the 1-based character column where the text stops being a move (one
    past its end when it is too short); else ``None``."""
    reason: Optional[_IllegalReason]
    """For ``"no_legal_move"`` in a notation that names both points: the rule the move
    breaks; else ``None``."""
    candidates: list[Move]
    """For ``"ambiguous"``: the legal moves the text fits; else empty."""

_RecordErrorKind = Literal[
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
"""What is wrong in a PGN record (``RecordError.kind``)."""

_Limit = Literal["input_bytes", "line_bytes", "moves", "variations", "depth", "games"]
"""A limit of ``ReadLimits`` (``RecordError.limit``)."""

class RecordError(XiangqiError):
    """A PGN record that could not be read: where, and why."""

    kind: _RecordErrorKind
    """What is wrong."""
    line: int
    """1-based line; 0 when the problem is not on a line (the encoding, the input size)."""
    column: int
    """1-based column in characters; 0 with line 0."""
    ply: Optional[int]
    """For a move that cannot be read: its 1-based ply from the start; else ``None``."""
    limit: Optional[_Limit]
    """For ``"limit_exceeded"``: which limit; else ``None``."""
    path: Optional[str]
    """The file read, when a path was given; else ``None``."""

_RestoreErrorKind = Literal[
    "json",
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
]
"""What is wrong with a saved game (``RestoreError.kind``)."""

class RestoreError(XiangqiError):
    """A saved game (``Game.from_json``, unpickling a ``Game``) that does not restore: text that
    is not a saved game (``kind == "json"``), or saved state the moves and rules contradict: a
    bad start position or move, a move after the end, a result the moves do not give (or none
    when they end the game), a winner that does not fit the ending, a draw agreement without a
    draw offer, draw offers beyond the rules, or an open offer that could not be open."""

    kind: _RestoreErrorKind
    """What is wrong."""
    ply: Optional[int]
    """For ``"move"`` and ``"move_after_end"``: the 1-based ply; otherwise ``None``."""

class GameOverError(XiangqiError):
    """An action on a game that is over."""

    outcome: Outcome
    """How the game ended."""

class GameActionError(XiangqiError):
    """An action a game refuses for another reason than its end."""

    kind: Literal[
        "nothing_to_undo", "no_draw_offers_left", "draw_offer_pending", "no_draw_offer", "no_clock"
    ]
    """Why: ``"nothing_to_undo"``, ``Game.pop`` without a move to take back; the draw-offer
    kinds are the core's refusals of an offer or an answer (the Python ``Game`` agrees draws
    with ``agree_draw``); ``"no_clock"``, a clock action on a game whose rules are untimed."""

def _error_examples() -> list[tuple[str, str, BaseException]]:
    """For the tests: an example of every variant of every error enum of the core, as ``(enum,
    example, exception)``."""

def square_name(square: _Square) -> str:
    """The ICCS name of a square: ``square_name(4) == "e0"``."""

def parse_square(name: _Square) -> int:
    """The index (0-89) of a square given by its ICCS name: ``parse_square("e0") == 4``."""

@final
class Color:
    """A side. ``Color.RED`` (moves first, upper case in FEN) or ``Color.BLACK``.

    ``int(color)`` is 0 or 1 and colours compare equal to those ints; ``str(color)`` is
    ``"red"`` or ``"black"``; ``~color`` is the other side. ``Color(x)`` accepts a ``Color``,
    0/1, ``"red"``/``"black"`` or a FEN letter (``"w"`` or ``"r"`` for Red, ``"b"``). Every
    parameter typed ``Color`` accepts the same values."""

    RED: ClassVar[Color]
    BLACK: ClassVar[Color]
    def __new__(cls, value: Union[Color, int, str]) -> Color: ...
    @property
    def name(self) -> Literal["RED", "BLACK"]:
        """The member's name."""
    @property
    def value(self) -> int:
        """0 or 1."""
    def opposite(self) -> Color:
        """The other side."""
    def __invert__(self) -> Color: ...
    def __int__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Role:
    """A kind of piece. ``int(role)`` is its index (``GENERAL`` = 0 ... ``SOLDIER`` = 6);
    ``str(role)`` its name (``"horse"``).

    ``Role(x)`` and every parameter typed ``Role`` accept a ``Role``, its index, its name or a
    FEN letter (``K A B N R C P``, also ``E`` and ``H``, either case)."""

    GENERAL: ClassVar[Role]
    ADVISOR: ClassVar[Role]
    ELEPHANT: ClassVar[Role]
    HORSE: ClassVar[Role]
    CHARIOT: ClassVar[Role]
    CANNON: ClassVar[Role]
    SOLDIER: ClassVar[Role]
    def __new__(cls, value: Union[Role, int, str]) -> Role: ...
    @property
    def name(self) -> str:
        """The member's name (``"HORSE"``)."""
    @property
    def value(self) -> int:
        """The index, 0-6."""
    @property
    def is_attacker(self) -> bool:
        """Whether this is a chariot, horse, cannon or soldier: the roles whose absence on both
        sides draws a game at once (bare material)."""
    def char(self) -> str:
        """The upper-case FEN letter: ``"K"``, ``"A"``, ``"B"``, ``"N"``, ``"R"``, ``"C"`` or
        ``"P"``."""
    def __int__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Piece:
    """A piece: a role with a colour. Frozen and hashable; ``str(piece)`` is its FEN letter."""

    def __new__(cls, color: Union[Color, int, str], role: Union[Role, int, str]) -> Piece: ...
    @staticmethod
    def from_char(letter: str) -> Piece:
        """The piece of a FEN letter (``"C"``: a red cannon; ``"n"``: a black horse)."""
    @property
    def color(self) -> Color:
        """The owner."""
    @property
    def role(self) -> Role:
        """The kind."""
    def char(self) -> str:
        """The FEN letter: upper case for Red, lower case for Black."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Move:
    """A move of some position: the role that moves, the origin and destination, and the role
    it captures. Frozen and hashable; ``str(move)`` is its ICCS text. Moves order by role,
    origin, destination and capture."""

    @staticmethod
    def from_iccs(text: str, position: Position) -> Move:
        """The legal move ICCS text (``"h2e2"``, ``"H2-E2"``) names in ``position``.
        ``InvalidMoveError`` for text that is not a move, ``IllegalMoveError`` for an illegal
        one."""
    @staticmethod
    def from_notation(text: str, position: Position, notation: _Notation = "iccs") -> Move:
        """The legal move of ``position`` that ``text`` means in ``notation``: ``"iccs"``
        (``h2e2``), ``"uci"`` (``h3e3``), ``"wxf"`` (``C2.5``) or ``"chinese"`` (``炮二平五``).
        ``NotationError`` for text that is not a move, names no legal move or fits several."""
    @staticmethod
    def from_bits(bits: int) -> Move:
        """The move of an int code (``Move.bits``); ``InvalidMoveError`` for an int that is no
        move code."""
    def iccs(self) -> str:
        """The ICCS text: ``"h2e2"``."""
    def uci(self) -> str:
        """The UCI text of Fairy-Stockfish, with ranks 1-10: ``"h3e3"``."""
    def wxf(self, position: Position) -> str:
        """The WXF text of this move, a legal move of ``position``: ``"C2.5"``.
        ``IllegalMoveError`` if it is not legal there."""
    def chinese(self, position: Position) -> str:
        """The Chinese text of this move, a legal move of ``position``: ``"炮二平五"``.
        ``IllegalMoveError`` if it is not legal there."""
    def notation(self, position: Position, notation: _Notation = "iccs") -> str:
        """The text of this move, a legal move of ``position``, in ``notation``."""
    @property
    def from_square(self) -> int:
        """The origin square (0-89)."""
    @property
    def to_square(self) -> int:
        """The destination square (0-89)."""
    @property
    def role(self) -> Role:
        """The role of the moving piece."""
    @property
    def capture(self) -> Optional[Role]:
        """The role of the captured piece, or ``None``."""
    @property
    def bits(self) -> int:
        """The move as an int code, accepted wherever a move is (``Move.from_bits`` reads it)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: object, /) -> bool: ...
    def __le__(self, value: object, /) -> bool: ...
    def __gt__(self, value: object, /) -> bool: ...
    def __ge__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, memo: Any, /) -> Move: ...

@final
class MoveList:
    """A list of moves, kept packed: a ``Move`` object is made for each item read. A read-only
    sequence of ``Move`` objects: ``len``, indexing (negative indices and slices), iteration,
    ``in`` with a ``Move``, ICCS text or a move code, and equality with a ``MoveList`` or a
    list of moves."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(cls, moves: Optional[Iterable[Move]] = None) -> MoveList: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: SupportsIndex, /) -> Move: ...
    @overload
    def __getitem__(self, key: slice, /) -> MoveList: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __reversed__(self) -> Iterator[Move]: ...
    def __contains__(self, key: object, /) -> bool:
        """Whether a ``Move``, a move code or ICCS text is in the list."""
    def index(self, item: object) -> int:
        """The index of the first move equal to ``item`` (a ``Move`` or a move code);
        ``ValueError`` if there is none."""
    def count(self, item: object) -> int:
        """How many moves equal ``item`` (a ``Move`` or a move code)."""
    def bits(self) -> list[int]:
        """The moves as int codes (``Move.bits``)."""
    def iccs(self) -> list[str]:
        """The moves as ICCS text."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...

@final
class Position:
    """A position: the pieces on the board, the side to move and the FEN counters. Frozen and
    hashable: a move gives a new position. ``repr`` shows the FEN, ``str`` the board.

    ``Position()`` is the start position, ``Position(fen)`` the position of a FEN (fields 3-6
    may be left out; ``"startpos"`` also reads). ``FenError`` for malformed text,
    ``SetupError`` for an illegal position."""

    def __new__(cls, fen: Optional[str] = None) -> Position: ...
    @staticmethod
    def from_fen(fen: str) -> Position:
        """The position of a FEN, as ``Position(fen)``."""
    def fen(self) -> str:
        """The FEN: all six fields, ``w`` for Red to move."""
    @property
    def turn(self) -> Color:
        """The side to move."""
    @property
    def halfmove_clock(self) -> int:
        """FEN field 5: plies since the last capture (no rule uses it)."""
    @property
    def fullmove_number(self) -> int:
        """FEN field 6: the move number, 1 at the start, incremented after Black's move."""
    @property
    def zobrist(self) -> int:
        """The Zobrist key of the board and the side to move (not the counters)."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def checkers(self) -> list[int]:
        """The squares of the pieces giving check."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is in check and has no legal move."""
    def has_legal_moves(self) -> bool:
        """Whether the side to move has a legal move (without one it loses, in check or not)."""
    def is_bare_material(self) -> bool:
        """Whether neither side has a chariot, horse, cannon or soldier."""
    @property
    def legal_moves(self) -> MoveList:
        """Every legal move."""
    def count_legal_moves(self) -> int:
        """The number of legal moves."""
    def is_legal(self, move: _MoveArg) -> bool:
        """Whether a move is legal here. A ``Move`` must also name the role and capture on its
        points; malformed text raises ``InvalidMoveError``."""
    def illegal_reason(self, move: _MoveArg) -> Optional[_IllegalReason]:
        """Why a move is illegal, or ``None`` when it is legal. A ``Move`` whose points make a
        legal move but whose role or capture is not what stands there is ``"move_mismatch"``."""
    def play(self, move: _MoveArg) -> Position:
        """The position after a legal move; this position is unchanged. ``IllegalMoveError``
        (with ``.reason``) for an illegal move, ``InvalidMoveError`` for malformed text."""
    def piece_at(self, square: _Square) -> Optional[Piece]:
        """The piece on ``square``, or ``None``."""
    def pieces(self) -> dict[int, Piece]:
        """Every piece on the board, by square."""
    def general(self, color: Union[Color, int, str]) -> int:
        """The square of ``color``'s general."""
    def perft(self, depth: int) -> int:
        """The number of leaf nodes of the legal move tree ``depth`` plies deep, counted
        without the GIL. ``ValueError`` for a depth above 32."""
    def perft_divide(self, depth: int) -> dict[str, int]:
        """The leaf counts of ``perft(depth)`` per first move, by ICCS text (empty for depth
        0), counted without the GIL."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: Any, /) -> Position: ...

@final
class RuleSet:
    """The rules a ``Game`` adjudicates by. ``RuleSet()`` is the site rules, with a clock of 5
    minutes plus 3 × 30 s byo-yomi; any of them can be changed by keyword, and ``clock=None``
    makes games untimed. Frozen and hashable."""

    def __new__(
        cls,
        repetitions: int = 3,
        perpetual_check_loses: bool = True,
        move_limit: int = 300,
        bare_material_draw: bool = True,
        max_draw_offers: Optional[int] = None,
        clock: Optional[ClockSettings] = ...,
    ) -> RuleSet: ...
    @property
    def repetitions(self) -> int:
        """How many occurrences of one position (board and side to move) end the game (values
        below 2 are read as 2)."""
    @property
    def perpetual_check_loses(self) -> bool:
        """Whether, at the repetition, a side that gave check with every one of its moves since
        the first occurrence loses (else it is a plain draw)."""
    @property
    def move_limit(self) -> int:
        """The game is drawn after this many plies unless the last one ends it otherwise; 0: no
        limit."""
    @property
    def bare_material_draw(self) -> bool:
        """Whether the game is drawn at once when neither side has a chariot, horse, cannon or
        soldier."""
    @property
    def max_draw_offers(self) -> Optional[int]:
        """How many draw offers each player may make in a game (``Game.offer_draw``); ``None``:
        no limit."""
    @property
    def clock(self) -> Optional[ClockSettings]:
        """The clock settings, or ``None`` for untimed games."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ClockSettings:
    """Time control: main time plus byo-yomi periods, and an increment. Frozen and hashable;
    pickles."""

    def __new__(
        cls, main_time: float = 300.0, byoyomi: float = 30.0, periods: int = 3, increment: float = 0.0
    ) -> ClockSettings:
        """``main_time``, ``byoyomi`` and ``increment`` in seconds; the defaults are the site's:
        5 minutes and 3 periods of 30 seconds, no increment. ``XiangqiError`` for a negative or
        non-finite duration."""
    @property
    def main_time(self) -> float:
        """Main time per player, in seconds."""
    @property
    def byoyomi(self) -> float:
        """One byo-yomi period, in seconds (0 for none)."""
    @property
    def periods(self) -> int:
        """Byo-yomi periods per player."""
    @property
    def increment(self) -> float:
        """Fischer increment, in seconds (0 for none): added to the mover's main time after each
        move completed in time, also in byo-yomi (main time then runs first again)."""
    @staticmethod
    def _restore(state: str) -> ClockSettings:
        """The settings of a pickled state."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ClockSide:
    """One player's remaining time (``Clock.side``). Frozen and hashable; pickles."""

    @property
    def main(self) -> float:
        """Main time left, in seconds."""
    @property
    def periods(self) -> int:
        """Byo-yomi periods left."""
    @property
    def timed_out(self) -> bool:
        """Whether this player's time has run out."""
    @staticmethod
    def _restore(state: str) -> ClockSide:
        """The value of a pickled state."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ClockReading:
    """What a player's clock shows some time into the current turn (``Clock.remaining``).
    Frozen and hashable; pickles."""

    @property
    def main(self) -> float:
        """Main time left, in seconds."""
    @property
    def period_left(self) -> Optional[float]:
        """Seconds left in the current byo-yomi period once main time is used up; ``None``
        while main time remains or without byo-yomi."""
    @property
    def periods(self) -> int:
        """Periods left, the current one included."""
    @property
    def timed_out(self) -> bool:
        """Whether time is up."""
    @staticmethod
    def _restore(state: str) -> ClockReading:
        """The value of a pickled state."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Clock:
    """Both players' clocks: main time, then byo-yomi periods (a move finished within its period
    keeps the period; a period that fully elapses is spent). Driven by the durations the caller
    measures; there is no wall clock inside. Mutable, not hashable; pickles and copies.

    ``Game.clock`` returns a copy: changing it does not change the game (use
    ``Game.push(move, elapsed=...)`` and ``Game.check_time``)."""

    def __new__(cls, settings: Optional[ClockSettings] = None) -> Clock:
        """Fresh clocks with ``settings`` (the site settings by default)."""
    @property
    def settings(self) -> ClockSettings:
        """The settings."""
    def side(self, color: Union[Color, int, str]) -> ClockSide:
        """One player's remaining time."""
    def remaining(self, color: Union[Color, int, str], elapsed: float = 0.0) -> ClockReading:
        """What ``color``'s clock shows ``elapsed`` seconds into its turn; changes nothing."""
    def spend(self, color: Union[Color, int, str], elapsed: float) -> bool:
        """Charges ``elapsed`` seconds to ``color`` for a finished move. ``False`` when its time
        ran out first (the player is then marked as timed out)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __copy__(self) -> Clock: ...
    def __deepcopy__(self, memo: Any, /) -> Clock: ...
    def __getstate__(self) -> str: ...
    def __setstate__(self, state: str) -> None:
        """Restores a pickled clock; a state whose times are beyond its settings (or that no
        play can give) raises ``XiangqiError``."""

@final
class Outcome:
    """The result of a finished game. Frozen and hashable.

    ``Outcome(winner, termination)``: ``XiangqiError`` when the winner does not fit the
    termination (a winner exactly for checkmate, no legal moves, perpetual check, resignation
    and timeout)."""

    def __new__(cls, winner: Optional[Union[Color, int, str]], termination: _Termination) -> Outcome: ...
    @property
    def winner(self) -> Optional[Color]:
        """The winner, or ``None`` for a draw."""
    @property
    def loser(self) -> Optional[Color]:
        """The loser, or ``None`` for a draw."""
    @property
    def termination(self) -> _Termination:
        """How the game ended."""
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2"]:
        """``"1-0"`` (Red won), ``"0-1"`` (Black won) or ``"1/2-1/2"``."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """A game: a start position, the moves played and the result under its rules, adjudicated
    after every move. Mutable and not hashable; pickles and copies (a game pickles as its JSON,
    ``to_json``, and is restored as ``from_json`` restores it: replayed move by move, its result,
    draw offers and clock checked).

    ``Game(start=None, rules=None)``: from ``start`` (a ``Position`` or FEN; the start position
    by default) under ``rules`` (``RuleSet()`` by default). Plies are counted from 0 whatever
    the FEN counters say; a start that is already decided ends the game at once."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(cls, start: Optional[Union[Position, str]] = None, rules: Optional[RuleSet] = None) -> Game: ...
    def push(self, move: _MoveArg, elapsed: Optional[float] = None) -> Optional[Outcome]:
        """Plays a legal move; returns the ``Outcome`` when the move ends the game, else
        ``None``. ``GameOverError`` once the game is over; a move that fails changes nothing.
        With ``elapsed`` (seconds the move took) the clock is charged first: if the time ran out
        the move is not played and the mover loses on time (``GameActionError`` of kind
        ``"no_clock"`` for an untimed game)."""
    def push_iccs(self, iccs: str) -> Move:
        """Plays a legal move given as ICCS text, as ``push`` does, and returns it."""
    def pop(self) -> Move:
        """Takes back the last move and returns it, and the end of the game if that move ended
        it. ``GameActionError`` (kind ``"nothing_to_undo"``) without a move, ``GameOverError``
        after a resignation, a timeout or an agreed draw."""
    def peek(self) -> Move:
        """The last move; ``IndexError`` when no move has been played."""
    @property
    def position(self) -> Position:
        """The current position."""
    @property
    def start(self) -> Position:
        """The start position."""
    @property
    def rules(self) -> RuleSet:
        """The rules."""
    @property
    def legal_moves(self) -> MoveList:
        """The moves ``push`` accepts now: none once the game is over."""
    @property
    def moves(self) -> MoveList:
        """The moves played, in order."""
    def moves_iccs(self) -> list[str]:
        """The moves played as ICCS text."""
    def checks(self) -> list[bool]:
        """For each move played, whether it gave check."""
    def __len__(self) -> int:
        """The number of moves played."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """The result, or ``None`` while the game goes on."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def occurrences(self) -> int:
        """How many times the current position (board and side to move) has occurred in the
        game, this time included."""
    def resign(self, color: Optional[Union[Color, int, str]] = None) -> Outcome:
        """``color`` (the side to move by default) resigns; returns the ``Outcome``.
        ``GameOverError`` once the game is over."""
    def time_out(self, color: Optional[Union[Color, int, str]] = None) -> Outcome:
        """``color`` (the side to move by default) ran out of time; returns the ``Outcome``. A
        timed game's clock marks ``color`` as timed out; an untimed game may end so too (compare
        ``flag``). ``GameOverError`` once the game is over."""
    def flag(self, color: Optional[Union[Color, int, str]] = None) -> Outcome:
        """``color`` (the side to move by default) loses on time, as reported by a clock outside
        the game; the game's clock marks ``color`` as timed out. ``GameOverError`` once the game
        is over, ``GameActionError`` (kind ``"no_clock"``) for an untimed game."""
    def check_time(self, elapsed: float) -> Optional[Outcome]:
        """Checks the side to move's clock ``elapsed`` seconds into its turn: ends the game on
        time if the time is up and returns the outcome, else ``None``. ``GameOverError`` once the
        game is over, ``GameActionError`` (kind ``"no_clock"``) for an untimed game."""
    @property
    def clock(self) -> Optional[Clock]:
        """A copy of the clocks, or ``None`` for an untimed game."""
    def agree_draw(self) -> Outcome:
        """The players agree to a draw at once (an open offer is accepted; with none open, this
        is an offer by the side to move accepted by the other side); returns the ``Outcome``.
        ``GameOverError`` once the game is over, ``GameActionError`` (``"no_draw_offers_left"``)
        when no offer is open and the side to move has made all the offers the rules allow."""
    def offer_draw(self, color: Optional[Union[Color, int, str]] = None) -> None:
        """``color`` (the side to move by default) offers a draw: either side may, on its own
        turn or not, while no offer is open, up to ``RuleSet.max_draw_offers`` offers. The offer
        stays open until the opponent accepts or declines it, the opponent moves, a move is
        taken back, or the game ends. ``GameOverError``; ``GameActionError`` of kind
        ``"draw_offer_pending"`` or ``"no_draw_offers_left"``."""
    def accept_draw(self, color: Optional[Union[Color, int, str]] = None) -> Outcome:
        """``color`` (the side to move by default) accepts the opponent's open offer: the game is
        drawn by agreement; returns the ``Outcome``. ``GameOverError``; ``GameActionError`` of
        kind ``"no_draw_offer"`` when no offer of the opponent is open."""
    def decline_draw(self, color: Optional[Union[Color, int, str]] = None) -> None:
        """``color`` (the side to move by default) declines the opponent's open offer. Errors as
        ``accept_draw``."""
    @property
    def draw_offer(self) -> Optional[Color]:
        """The side whose draw offer is open, or ``None``."""
    def draw_offers_made(self, color: Union[Color, int, str]) -> int:
        """The draw offers ``color`` has made in this game."""
    def to_json(self) -> str:
        """The game as JSON: start FEN, moves in ICCS, rules, result, the clocks, the draw offers
        made and the open offer. ``Game.from_json`` reads it back."""
    @staticmethod
    def from_json(text: str) -> Game:
        """A game restored from ``to_json()`` text: the moves are replayed under the saved rules
        and the result, draw offers and clock checked against them; ``RestoreError`` (with ``.kind``)
        when the text is not a saved game or does not restore."""
    @staticmethod
    def _restore(state: str) -> Game:
        """The game of a pickled state (its JSON), restored as ``from_json`` does."""
    def __eq__(self, value: object, /) -> bool: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any, /) -> Game: ...

@final
class ReadLimits:
    """How much a PGN reader accepts (the ``limits=`` argument of ``read_pgn`` and
    ``read_pgn_file``); the defaults hold every real record by a wide margin. Frozen, hashable,
    picklable. Exceeding a limit raises ``RecordError`` of kind ``"limit_exceeded"``."""

    def __new__(
        cls,
        *,
        max_input_bytes: int = 67108864,
        max_line_bytes: int = 1048576,
        max_moves: int = 100000,
        max_variations: int = 10000,
        max_depth: int = 64,
        max_games: int = 100000,
    ) -> ReadLimits: ...
    @property
    def max_input_bytes(self) -> int:
        """Bytes of input (default 64 MiB)."""
    @property
    def max_line_bytes(self) -> int:
        """Bytes in one line (default 1 MiB)."""
    @property
    def max_moves(self) -> int:
        """Moves of one game, variations included (default 100,000)."""
    @property
    def max_variations(self) -> int:
        """Variations of one game (default 10,000)."""
    @property
    def max_depth(self) -> int:
        """How deep variations nest (default 64)."""
    @property
    def max_games(self) -> int:
        """Games of one file (default 100,000)."""
    @staticmethod
    def _restore(
        max_input_bytes: int,
        max_line_bytes: int,
        max_moves: int,
        max_variations: int,
        max_depth: int,
        max_games: int,
    ) -> ReadLimits:
        """The limits of a pickled state."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class GameRecord:
    """A game record read from PGN: the tag pairs, the start position, the moves (the main line
    and its variations, with comments) and the result. Frozen, and safe to share between
    threads; every move was checked against the rules when it was read. Pickles through its PGN
    text, which is read again (and so checked) when it is loaded."""

    @staticmethod
    def from_game(game: Game, tags: Optional[Union[dict[str, str], Iterable[tuple[str, str]]]] = None) -> GameRecord:
        """The record of a game: its start (a ``[FEN]`` tag when it is not the standard one),
        its moves and its result (``"*"`` while it goes on), with ``tags`` set in order after
        the ``[FEN]`` tag."""
    @property
    def tags(self) -> dict[str, str]:
        """The tags, name to value, in their order (the first of a repeated name)."""
    @property
    def tag_list(self) -> list[tuple[str, str]]:
        """The tag pairs in their order, repeated names included."""
    def tag(self, name: str, default: Optional[str] = None) -> Optional[str]:
        """The value of the first tag named ``name``, or ``default``."""
    @property
    def start(self) -> Position:
        """The start position (the ``[FEN]`` tag's, or the standard start)."""
    @property
    def moves(self) -> list[Move]:
        """The moves of the main line."""
    @property
    def move_count(self) -> int:
        """How many moves the record holds, variations included."""
    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "*"]:
        """The result token."""
    @property
    def comments(self) -> list[tuple[int, str]]:
        """The comments of the main line as ``(ply, text)``: ply 0 before the first move, ply n
        after the n-th move."""
    @property
    def variations(self) -> list[tuple[int, list[Move]]]:
        """Every variation (nested ones too, each after its parent) as ``(ply, moves)``:
        ``moves`` is the whole line from the start to the variation's end, ``ply`` the 0-based
        index in it of the variation's first move."""
    def notation(self, notation: _Notation = "iccs") -> list[str]:
        """The main line's moves in ``notation``."""
    def write(self, notation: _Notation = "iccs") -> str:
        """The record as PGN text, its moves in ``notation`` (the ``[Format]`` tag set to
        it), with the comments, variations and result."""
    def game(self, rules: Optional[RuleSet] = None) -> Game:
        """The main line played as a ``Game`` under ``rules`` (``RuleSet()`` by default),
        adjudicated after every move; ``GameOverError`` for a move recorded after the game
        ended by the rules."""
    def to_dict(self) -> dict[str, Any]:
        """The record as plain values, for ``json.dumps``: ``tags`` (``[name, value]`` pairs),
        ``start`` (FEN), ``moves`` (ICCS), ``comments`` (``[ply, text]``), ``variations``
        (``[ply, ICCS moves]``) and ``result``."""
    @staticmethod
    def _restore(text: str, format: Optional[str]) -> GameRecord:
        """The record of a pickled state."""
    def __eq__(self, other: object, /) -> bool: ...
    def __copy__(self) -> GameRecord: ...
    def __deepcopy__(self, memo: Any, /) -> GameRecord: ...

def read_pgn(
    source: Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"],
    *,
    limits: Optional[ReadLimits] = None,
) -> list[GameRecord]:
    """Every game of PGN: ``bytes`` (UTF-8, or GBK/GB18030), ``str`` text, or a file path as
    an ``os.PathLike`` (a ``str`` is always text: a ``str`` naming an existing file raises an
    error that says to use ``read_pgn_file``). Reads without the GIL; ``RecordError`` with the
    line and column of the first problem."""

def read_pgn_file(path: Union[str, "os.PathLike[str]"], *, limits: Optional[ReadLimits] = None) -> list[GameRecord]:
    """Every game of the PGN file at ``path``, as ``read_pgn`` reads it."""

def read_pgn_files(
    sources: Iterable[Union[str, "os.PathLike[str]", bytes]],
    threads: Optional[int] = None,
    errors: Literal["raise", "return"] = "raise",
    *,
    limits: Optional[ReadLimits] = None,
) -> list[Any]:
    """Reads many PGN sources in parallel on ``threads`` threads (the number of CPUs by default),
    without the GIL: each item is a path (``str`` or ``os.PathLike``) or the ``bytes`` of a PGN
    file. Returns, in the order of ``sources``, the list of games of each (a
    ``list[GameRecord]``). With ``errors="raise"`` the first failing source (in order) raises
    its error; with ``errors="return"`` its place holds the exception instead."""
