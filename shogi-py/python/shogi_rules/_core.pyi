"""Type stubs and reference documentation of the ``shogi_rules._core`` extension module.

Everything here is re-exported by ``shogi_rules``; import it from there.

Conventions:

* **Squares** are ints 0-80: ``(file - 1) * 9 + (rank - 1)``, so ``SQ_1A == 0``,
  ``SQ_1I == 8``, ``SQ_2A == 9`` and ``SQ_9I == 80``. Every parameter typed ``_Square``
  (an int or a str) also accepts the USI name of a square, such as ``"7g"``; squares are
  always returned as ints.
* **Durations** are float seconds.
* **Names** of reasons, terminations, rules and formats are snake_case strings, the same as in
  the Rust crate and the C API (``"nifu"``, ``"perpetual_check"``, ``"csa27_declaration"``).
* **Errors** are ``ShogiError`` (a ``ValueError``) or one of its subclasses. Passing an
  argument of the wrong type raises ``TypeError``.
* **Threads**: every object may be used from any thread. ``Position.perft``,
  ``read_record``, ``read_records`` and the searches of the built-in opponent
  (``Player.choose``, ``Game.best_move``, ``search``, ``solve_mate``, ``hint``) release the
  GIL while they work; a ``Stop`` raised from another thread ends a search. A ``Game`` and a
  ``GameRecord`` are mutable: a method that changes one while another thread uses the same
  object raises ``RuntimeError`` (share them between threads only behind a lock).
* **Ctrl-C**: ``Position.perft``, ``Position.perft_divide``, ``read_records``, the searches
  of the built-in opponent, and ``read_record`` and ``GameRecord.write`` on large inputs look
  for signals every few milliseconds while they work (in the main thread, where Python
  handles signals), so ``KeyboardInterrupt`` stops them.
* **Limits**: the record readers (``read_record``, ``read_records``, ``Game.from_usi``) accept
  what ``ReadLimits`` allows; beyond it they raise ``RecordError`` with ``kind ==
  "limit_exceeded"``.
"""

import os
from typing import Any, ClassVar, Final, Iterable, Iterator, Literal, Optional, Sequence, SupportsIndex, Union, final, overload

from .engine import Score as _Score

__version__: Final[str]

_Square = Union[int, str]
# A move argument: a `Move`, USI text, or a move code (`Move.bits`).
_MoveArg = Union[Move, str, int]
"""A square: an int 0-80 or a USI name such as ``"7g"``."""

_IllegalReason = Literal[
    "not_in_hand",
    "occupied",
    "dead_piece",
    "nifu",
    "leaves_king_in_check",
    "uchifuzume",
    "not_a_piece_move",
    "cannot_promote",
    "must_promote",
]
"""Why a move is illegal, as ``IllegalMoveError.reason`` and ``Position.illegal_reason`` give it."""

_Termination = Literal[
    "checkmate",
    "no_legal_moves",
    "repetition",
    "perpetual_check",
    "impasse",
    "move_limit",
    "try_rule",
    "resignation",
    "timeout",
    "draw_agreement",
    "illegal_move",
    "interrupted",
]
"""How a game ended (``Outcome.termination``)."""

_ImpasseRule = Literal["points24", "csa27_declaration", "try_rule", "disabled"]
"""How impasse (jishogi) is settled (``RuleSet.impasse``)."""

_DeclarationRejection = Literal[
    "not_offered", "no_king", "kings_not_in_zone", "in_check", "too_few_pieces", "too_few_points"
]
"""Why an impasse declaration is not valid (``ImpasseStatus.reason``)."""

_RecordFormat = Literal["kif", "ki2", "csa", "jkf", "usi"]
"""A game record format."""

_RecordErrorKind = Literal[
    "encoding",
    "unknown_format",
    "unknown_handicap",
    "bad_header",
    "bad_position",
    "illegal_position",
    "bad_move_text",
    "illegal_move",
    "no_such_move",
    "ambiguous_move",
    "move_number",
    "move_after_end",
    "bad_time",
    "bad_variation",
    "json",
    "unexpected_line",
    "limit_exceeded",
    "number_too_large",
    "collection",
    "other",
]
"""What is wrong with a record (``RecordError.kind``)."""

_Limit = Literal[
    "input_bytes", "line_bytes", "header_bytes", "moves_per_line", "variations", "depth", "records"
]
"""One of the limits of ``ReadLimits`` (``RecordError.limit``): the name of its field without
``max_``."""

_RestoreErrorKind = Literal[
    "json",
    "start",
    "move",
    "move_after_end",
    "outcome_mismatch",
    "missing_outcome",
    "rules_decided",
    "winner",
    "ending_not_allowed",
    "declaration",
    "draw_offers",
    "draw_offer",
    "clock_missing",
    "unexpected_clock",
    "clock_settings",
    "clock_state",
    "timed_out",
    "not_timed_out",
]
"""What is wrong with a saved game (``RestoreError.kind``)."""

_GameActionErrorKind = Literal[
    "nothing_to_undo",
    "declaration_rejected",
    "not_your_turn",
    "no_draw_offers_left",
    "draw_offer_pending",
    "no_draw_offer",
    "no_clock",
]
"""Why a running game refuses an action (``GameActionError.kind``)."""

_SpecialMove = Literal[
    "resign",
    "suspend",
    "repetition",
    "impasse",
    "time_up",
    "illegal_loss",
    "illegal_win",
    "declare_win",
    "declare_draw",
    "checkmate",
    "no_mate",
    "max_moves",
    "sealed",
    "forfeit_win",
    "forfeit_loss",
    "take_back",
    "error",
]
"""How a record says a line ends (``GameRecord.end``, ``Variation.end``)."""

_CommentKind = Literal["normal", "engine", "bookmark"]
"""What kind of comment a comment line is (``Comment.kind``)."""

# Exceptions

class ShogiError(ValueError):
    """Base class of every error of shogi_rules; a ``ValueError``, so code that catches
    ``ValueError`` keeps working.

    Raised directly for bad arguments (a square, role, colour, format or encoding name that does
    not exist, a setting out of range); every error of the rules themselves has a subclass."""

class SfenError(ShogiError):
    """An SFEN string that is malformed or describes an illegal setup."""

    column: Optional[int]
    """1-based character column of a text error; ``None`` for an illegal setup."""

class InvalidMoveError(ShogiError):
    """Move text that is malformed in its notation (for example ``"7g7"`` as USI)."""

    column: Optional[int]
    """1-based character column of the problem, when known."""

class IllegalMoveError(ShogiError):
    """A well-formed move that is illegal in its position."""

    reason: Optional[_IllegalReason]
    """Why (``"nifu"``, ``"uchifuzume"``, ...). ``None`` when notation text fits no legal move
    at all (Western, Japanese or CSA text without an origin, or marked for the wrong side)."""
    move: Optional[str]
    """The move in USI, when the error concerns one move."""
    ply: Optional[int]
    """For ``Game.from_usi``: the 1-based ply of the illegal move; otherwise ``None``."""

class AmbiguousMoveError(ShogiError):
    """Move text (Western or Japanese) that fits several legal moves."""

    candidates: list[Move]
    """One legal move for each piece the text fits."""

class RecordError(ShogiError):
    """A game record that cannot be read (or written)."""

    line: int
    """1-based line of the problem in the decoded text (0 when it is on no line, such as an
    encoding error before the first line)."""
    column: int
    """1-based column in characters."""
    kind: _RecordErrorKind
    """What is wrong."""
    format: Optional[_RecordFormat]
    """The format being read; ``None`` when none was asked for and the text is not (or not yet)
    detected as one (``kind == "unknown_format"``, an undecodable or oversized input)."""
    reason: Optional[_IllegalReason]
    """For ``kind == "illegal_move"``: why the move is illegal; otherwise ``None``."""
    ply: Optional[int]
    """For move errors: the 1-based ply in the record; otherwise ``None``."""
    limit: Optional[_Limit]
    """For ``kind == "limit_exceeded"``: which limit of ``ReadLimits`` the input exceeds
    (``"depth"`` for ``max_depth``, ...); otherwise ``None``."""
    max: Optional[int]
    """For ``kind == "limit_exceeded"``: the value of the exceeded limit; for ``kind ==
    "number_too_large"``: the largest number allowed there; otherwise ``None``."""
    count: Optional[int]
    """For ``kind == "collection"`` (``read_record`` of a file that holds several records,
    which ``read_all`` reads): how many records the file holds; otherwise ``None``."""
    path: Optional[str]
    """The file that failed, when a path was read; otherwise ``None``."""

class RestoreError(ShogiError):
    """A saved game (``Game.from_json``, unpickling a ``Game``) that does not restore: text that
    is not a saved game (``kind == "json"``), or saved state the moves and rules contradict: a
    bad start position or move, a move after the end, a result the moves do not give (or none
    when they end the game), a winner that does not fit the ending, an ending the game could
    not have had, an impasse declaration that does not hold, draw offers beyond the rules, a
    clock missing, unexpected, with other settings or with times beyond them, or a side flagged
    without the game ending on its time."""

    kind: _RestoreErrorKind
    """What is wrong."""
    ply: Optional[int]
    """For ``"move"`` and ``"move_after_end"``: the 1-based ply; otherwise ``None``."""

class GameOverError(ShogiError):
    """An action on a game that is already over (or a USI move list that goes on after the end)."""

    outcome: Outcome
    """How the game ended."""

class GameActionError(ShogiError):
    """An action a running game refuses: taking back a move when there is none, a draw offer out
    of turn, beyond the limit or while one is open, answering a draw offer that is not there, a
    clock action on an untimed game, an impasse declaration the rules reject."""

    kind: _GameActionErrorKind
    """Why."""
    reason: Optional[_DeclarationRejection]
    """For ``kind == "declaration_rejected"``: why the declaration is rejected; otherwise
    ``None``."""

class OutcomeError(ShogiError):
    """A winner and a termination that cannot go together (``Outcome(winner, termination)``): a
    decisive ending without a winner, or a drawn one with a winner."""

# Small values

@final
class Color:
    """A side. ``Color.SENTE`` (black, ☗, moves first, upper-case in SFEN) or ``Color.GOTE``.

    ``int(color)`` is 0 or 1 and colours compare equal to those ints; ``str(color)`` is
    ``"sente"`` or ``"gote"``; ``~color`` is the other side. ``Color(x)`` accepts a ``Color``,
    0/1, or ``"sente"``/``"gote"``/``"b"``/``"w"``. Every parameter typed ``Color`` accepts the
    same values."""

    SENTE: ClassVar[Color]
    GOTE: ClassVar[Color]
    def __new__(cls, value: Union[Color, int, str]) -> Color: ...
    @property
    def name(self) -> Literal["SENTE", "GOTE"]:
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
    """A kind of piece, promoted kinds included. ``int(role)`` is its index (``PAWN`` = 0 ...
    ``DRAGON`` = 13); ``str(role)`` its snake_case name (``"promoted_silver"``).

    ``Role(x)`` and every parameter typed ``Role`` accept a ``Role``, its index, its name, a
    SFEN letter (``"P"``, ``"+s"``, either case) or a CSA code (``"FU"``, ``"RY"``)."""

    PAWN: ClassVar[Role]
    LANCE: ClassVar[Role]
    KNIGHT: ClassVar[Role]
    SILVER: ClassVar[Role]
    BISHOP: ClassVar[Role]
    ROOK: ClassVar[Role]
    GOLD: ClassVar[Role]
    KING: ClassVar[Role]
    TOKIN: ClassVar[Role]
    PROMOTED_LANCE: ClassVar[Role]
    PROMOTED_KNIGHT: ClassVar[Role]
    PROMOTED_SILVER: ClassVar[Role]
    HORSE: ClassVar[Role]
    DRAGON: ClassVar[Role]
    def __new__(cls, value: Union[Role, int, str]) -> Role: ...
    @property
    def name(self) -> str:
        """The member's name: ``"PAWN"``, ``"PROMOTED_SILVER"``."""
    @property
    def value(self) -> int:
        """The index, 0-13."""
    @property
    def is_promoted(self) -> bool:
        """Whether this is a promoted kind."""
    def promoted(self) -> Optional[Role]:
        """The promoted kind, or ``None`` for a kind that cannot promote."""
    def unpromoted(self) -> Role:
        """The unpromoted kind (the role itself when it is not promoted)."""
    def sfen(self) -> str:
        """The SFEN letters of sente's piece: ``"P"``, ``"+R"``, ``"K"``."""
    def western(self) -> str:
        """The Western letters: ``"P"``, ``"+B"``."""
    def japanese(self) -> str:
        """The Japanese name: ``"歩"``, ``"成銀"``, ``"龍"``."""
    def csa(self) -> str:
        """The CSA code: ``"FU"``, ``"UM"``."""
    def __int__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Piece:
    """A piece on the board: a role with a colour. Frozen and hashable."""

    def __new__(cls, color: Union[Color, int, str], role: Union[Role, int, str]) -> Piece: ...
    @property
    def color(self) -> Color:
        """The owner."""
    @property
    def role(self) -> Role:
        """The kind."""
    def sfen(self) -> str:
        """The SFEN letters: upper case for sente, lower case for gote (``"+p"``)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

SQUARES: Final[list[int]]
"""All squares, 0-80."""
SQUARE_NAMES: Final[list[str]]
"""The USI names of the squares by index: ``SQUARE_NAMES[SQ_7G] == "7g"``."""

def square_name(square: _Square) -> str:
    """The USI name of a square: ``square_name(SQ_7G) == "7g"``."""

def parse_square(name: _Square) -> int:
    """The square (int) of a USI name: ``parse_square("7g") == SQ_7G``; ints pass through."""

def square(file: int, rank: int) -> int:
    """The square at ``file`` (1-9) and ``rank`` (1-9, 1 = ``a``): ``square(7, 7) == SQ_7G``."""

def square_file(square: _Square) -> int:
    """The file (1-9) of a square."""

def square_rank(square: _Square) -> int:
    """The rank (1-9, 1 = ``a``) of a square."""

# Moves and positions

@final
class Move:
    """A legal move of some position: the squares, the piece that moves, what it captures and
    whether it promotes. Frozen and hashable; two moves are equal when all of that is equal, and
    moves are ordered by ``bits``. ``str(move)`` is the USI text. Moves pickle and copy.

    A move is made by a position (``Position.legal_moves``) or parsed against one
    (``Move.from_usi(text, position)`` and the other ``from_*`` methods)."""

    @staticmethod
    def from_usi(text: str, position: Position) -> Move:
        """Resolves USI text (``"7g7f"``, ``"8h2b+"``, ``"P*5e"``) against ``position``.

        Raises ``InvalidMoveError`` for malformed text and ``IllegalMoveError`` (with
        ``.reason``) for a move the position does not allow."""
    @staticmethod
    def from_western(text: str, position: Position) -> Move:
        """Resolves Western notation (``"P-7f"``, ``"Bx2b+"``, ``"G6h-5h"``, ``"P*5e"``).

        Raises ``InvalidMoveError``, ``IllegalMoveError`` or ``AmbiguousMoveError`` (text that
        fits several moves and needs the origin square)."""
    @staticmethod
    def from_japanese(text: str, position: Position, previous: Optional[Move] = None) -> Move:
        """Resolves Japanese notation (``"▲７六歩"``, ``"７六歩"``, ``"同　銀"``, ``"５八金左"``,
        and the KIF form ``"５八金(69)"``); ``previous`` is the move before, which ``同``
        refers to.

        Raises ``InvalidMoveError`` (also for ``同`` without ``previous``),
        ``IllegalMoveError`` or ``AmbiguousMoveError`` (a missing JSA word)."""
    @staticmethod
    def from_csa(text: str, position: Position) -> Move:
        """Resolves CSA notation (``"+7776FU"``, or without the sign, ``"7776FU"``).

        Raises ``InvalidMoveError`` or ``IllegalMoveError``."""
    @staticmethod
    def from_bits(bits: int) -> Move:
        """The move whose ``bits`` are given; ``InvalidMoveError`` if they describe no move."""
    def usi(self) -> str:
        """The USI text: ``"7g7f"``, ``"8h2b+"``, ``"P*5e"``."""
    def western(self, position: Position) -> str:
        """Western notation, ``position`` being the position the move is played from:
        ``"P-7f"``, ``"Bx2b+"``, ``"G6h-5h"`` (the origin only when needed)."""
    def japanese(
        self,
        position: Position,
        previous: Optional[Move] = None,
        mark: Literal["triangle", "piece", "none"] = "triangle",
    ) -> str:
        """Japanese notation with the JSA words that tell pieces apart (``"▲５八金左"``);
        ``previous`` (the move before) gives ``同``; ``mark`` chooses ``▲△`` (``"triangle"``),
        ``☗☖`` (``"piece"``) or none."""
    def kif(self, previous: Optional[Move] = None) -> str:
        """The KIF form (``"７六歩(77)"``, ``"同　銀(68)"``, ``"５五角打"``); needs no position."""
    def csa(self, position: Position) -> str:
        """CSA notation with the side sign: ``"+7776FU"``."""
    @property
    def from_square(self) -> Optional[int]:
        """The origin square, or ``None`` for a drop."""
    @property
    def to_square(self) -> int:
        """The destination square."""
    @property
    def role(self) -> Role:
        """The role of the moving or dropped piece before the move."""
    @property
    def role_after(self) -> Role:
        """The role after the move (the promoted role when the move promotes)."""
    @property
    def promotion(self) -> bool:
        """Whether the move promotes."""
    @property
    def is_drop(self) -> bool:
        """Whether the move is a drop."""
    @property
    def captured(self) -> Optional[Role]:
        """The role of the captured piece, or ``None``."""
    @property
    def bits(self) -> int:
        """The move as an int (24 bits) that ``Move.from_bits`` turns back into the move; the
        same encoding as the Rust crate and the C API."""
    @property
    def move16(self) -> int:
        """The move's 16-bit code (move16), as HCPE and PSV files hold it."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: Move, /) -> bool: ...
    def __le__(self, value: Move, /) -> bool: ...
    def __gt__(self, value: Move, /) -> bool: ...
    def __ge__(self, value: Move, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, memo: object, /) -> Move: ...

@final
class MoveList:
    """The moves ``legal_moves`` gives, kept packed: a ``Move`` object is made for each item
    read. Behaves as a read-only list of ``Move``: ``len``, indexing (negative indices too),
    slices (a ``MoveList``), iteration, ``in`` with a ``Move`` or USI text, ``index``,
    ``count``, and equality with another ``MoveList`` or a list or tuple of ``Move``
    (``list(moves)`` makes a list). Unhashable; pickles and copies.

    ``legal_moves`` is a property; calling the list (``pos.legal_moves()``) returns the list
    itself, so code that calls it works too."""

    def __new__(cls, moves: Optional[Iterable[Move]] = None) -> MoveList:
        """A list of the given moves."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: SupportsIndex, /) -> Move: ...
    @overload
    def __getitem__(self, key: slice, /) -> MoveList: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __reversed__(self) -> Iterator[Move]: ...
    def __contains__(self, key: object, /) -> bool:
        """Whether ``key`` (a ``Move``, a move code or USI text) is in the list."""
    def __call__(self) -> MoveList:
        """The list itself."""
    def index(self, item: object) -> int:
        """The index of the first move equal to ``item`` (a ``Move`` or a move code);
        ``ValueError`` when there is none."""
    def count(self, item: object) -> int:
        """How many moves equal ``item`` (a ``Move`` or a move code)."""
    def bits(self) -> list[int]:
        """The moves as integer codes (``Move.bits``), which every method that takes a move
        accepts: the fastest way to push many moves."""
    def usi(self) -> list[str]:
        """The moves as USI text."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class Position:
    """A position: board, hands, side to move and move number. Frozen and hashable; ``==``
    compares all four. ``repr`` shows the SFEN; ``str`` (and ``print``) the board diagram (BOD,
    as KIF files hold it); positions pickle through their SFEN. In a Jupyter notebook a position
    shows itself as a picture of the board.

    ``Position()`` is the start position; ``Position(sfen)`` reads SFEN like ``from_sfen``."""

    def __new__(cls, sfen: Optional[str] = None) -> Position: ...
    @staticmethod
    def from_sfen(sfen: str, *, setup: Literal["legal", "composed", "any"] = "legal") -> Position:
        """Reads an SFEN string (the move number may be left out); ``"startpos"`` is the start
        position. ``setup`` says which setups are accepted: ``"legal"`` (every rule),
        ``"composed"`` (as game records accept for composed problems: two unpromoted pawns on a
        file and pieces that could never move are allowed) or ``"any"`` (only the text is
        checked; move generation still works, following the rules as far as the position
        allows). Raises ``SfenError``, or ``ShogiError`` for an unknown ``setup``."""
    def to_hcp(self) -> bytes:
        """The position as a HuffmanCodedPos (HCP): 32 bytes. Raises ``PackError`` for a
        position the format cannot hold (a king missing, more pieces than a set has)."""
    @classmethod
    def from_hcp(cls, data: bytes) -> Position:
        """The position of a HuffmanCodedPos (32 bytes); ``PackError`` when they are no
        position."""
    def to_psfen(self) -> bytes:
        """The position as a PackedSfen: 32 bytes. Raises ``PackError`` for a position the
        format cannot hold."""
    @classmethod
    def from_psfen(cls, data: bytes) -> Position:
        """The position of a PackedSfen (32 bytes); ``PackError`` when they are no position."""
    def move_from_move16(self, code: int) -> Move:
        """The legal move of this position that a 16-bit move code (move16) encodes;
        ``PackError`` when it encodes none."""
    def sfen(self) -> str:
        """The canonical SFEN string."""
    @property
    def turn(self) -> Color:
        """The side to move."""
    @property
    def move_number(self) -> int:
        """The SFEN move number (1 at the start)."""
    @property
    def zobrist(self) -> int:
        """The 64-bit Zobrist key of board, hands and side to move (not the move number)."""
    def in_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_check(self) -> bool:
        """Whether the side to move is in check (``in_check``, by python-shogi's and cshogi's
        name)."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is in check and has no legal move."""
    def has_legal_moves(self) -> bool:
        """Whether the side to move has a legal move."""
    def checkers(self) -> list[int]:
        """The squares of the pieces that give check."""
    @property
    def legal_moves(self) -> MoveList:
        """Every legal move, drops included (both forms of an optional promotion), as a
        ``MoveList``: a read-only list whose ``Move`` objects are made as they are read
        (``len(pos.legal_moves)``, ``"7g7f" in pos.legal_moves``)."""
    def legal_moves_usi(self) -> list[str]:
        """Every legal move as USI text, in the order of ``legal_moves``; faster than
        ``[m.usi() for m in legal_moves]``."""
    def count_legal_moves(self) -> int:
        """The number of legal moves."""
    def legal_moves_from(self, square: _Square) -> list[Move]:
        """The legal moves of the piece on ``square`` (empty when no piece of the side to move
        stands there)."""
    def legal_drops(self, role: Union[Role, int, str]) -> list[Move]:
        """The legal drops of ``role`` from the hand of the side to move (empty for a role that
        is not in hand or cannot be held)."""
    def is_legal(self, move: _MoveArg) -> bool:
        """Whether a ``Move`` (its piece and capture must match this position too) or USI text is
        legal here. Malformed USI text raises ``InvalidMoveError``."""
    def illegal_reason(self, move: _MoveArg) -> Optional[_IllegalReason]:
        """Why a move is illegal here (``"nifu"``, ``"uchifuzume"``, ...), or ``None`` when it
        is legal. Malformed USI text raises ``InvalidMoveError``."""
    def promotion_options(
        self, from_square: _Square, to_square: _Square
    ) -> Optional[Literal["must", "may", "never"]]:
        """Whether a board move between the two squares must, may or can never promote, or
        ``None`` when it is illegal either way."""
    def play(self, move: _MoveArg) -> Position:
        """The position after a legal move (a ``Move`` or USI text); this one is unchanged.
        Raises ``InvalidMoveError`` or ``IllegalMoveError``."""
    def piece_at(self, square: _Square) -> Optional[Piece]:
        """The piece on ``square``, or ``None``."""
    def pieces(self) -> dict[int, Piece]:
        """Every piece on the board, by square."""
    def hand(self, color: Union[Color, int, str]) -> dict[Role, int]:
        """The hand of ``color``: the seven hand roles (rook, bishop, gold, silver, knight, lance,
        pawn, in that order) to their counts, zeros included."""
    def king(self, color: Union[Color, int, str]) -> Optional[int]:
        """The square of ``color``'s king, or ``None`` when it has none."""
    def impasse_points(self, color: Union[Color, int, str]) -> int:
        """``color``'s impasse points on the board and in hand (rook and bishop and their
        promotions 5, king 0, the rest 1)."""
    def perft(self, depth: int) -> int:
        """The number of leaf nodes of the legal move tree ``depth`` plies deep. Releases the
        GIL while it counts; Ctrl-C stops it with ``KeyboardInterrupt``."""
    def perft_divide(self, depth: int) -> dict[str, int]:
        """``perft(depth - 1)`` after each legal move, keyed by the move's USI text. Releases
        the GIL while it counts; Ctrl-C stops it with ``KeyboardInterrupt``."""
    def svg(self, last_move: Optional[Move] = None) -> str:
        """The board as an SVG document: pieces in kanji (gote's upside down), both hands, file
        and rank labels, and ``last_move`` shaded when given. The same picture as every other
        binding of the library draws."""
    def _repr_svg_(self) -> str:
        """The picture Jupyter shows: ``svg()``."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object, /) -> Position: ...

# Rules and clocks

@final
class ClockSettings:
    """Time control: main time plus byo-yomi periods, and an increment. Frozen and hashable."""

    def __new__(
        cls, main_time: float = 300.0, byoyomi: float = 30.0, periods: int = 3, increment: float = 0.0
    ) -> ClockSettings:
        """``main_time``, ``byoyomi`` and ``increment`` in seconds; the defaults are the site's:
        5 minutes and 3 periods of 30 seconds, no increment."""
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
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class RuleSet:
    """The rules a ``Game`` is adjudicated by. Frozen and hashable.

    ``RuleSet()`` is the site rules: the 24-point impasse declaration, fourfold repetition
    (sennichite) with perpetual check losing, the 400-move limit, 3 draw offers per player,
    invalid declarations rejected, and a clock of 5 minutes plus 3 × 30 s byo-yomi. Each keyword
    changes one rule; ``clock=None`` makes games untimed."""

    def __new__(
        cls,
        *,
        impasse: _ImpasseRule = "points24",
        repetitions: int = 4,
        perpetual_check_loses: bool = True,
        move_limit: int = 400,
        draw_offers: int = 3,
        invalid_declaration_loses: bool = False,
        clock: Optional[ClockSettings] = ...,
    ) -> RuleSet: ...
    @staticmethod
    def site() -> RuleSet:
        """The site rules (the same as ``RuleSet()``)."""
    @staticmethod
    def csa27() -> RuleSet:
        """The site rules with the CSA 27-point declaration, under which an invalid declaration
        loses."""
    @staticmethod
    def try_rule() -> RuleSet:
        """The site rules with the try rule (a king reaching the enemy king's start square wins)
        instead of a declaration."""
    def replace(
        self,
        *,
        impasse: _ImpasseRule = ...,
        repetitions: int = ...,
        perpetual_check_loses: bool = ...,
        move_limit: int = ...,
        draw_offers: int = ...,
        invalid_declaration_loses: bool = ...,
        clock: Optional[ClockSettings] = ...,
    ) -> RuleSet:
        """A copy with the given rules changed."""
    @property
    def impasse(self) -> _ImpasseRule:
        """How impasse is settled."""
    @property
    def repetitions(self) -> int:
        """How many occurrences of one position make sennichite."""
    @property
    def perpetual_check_loses(self) -> bool:
        """Whether the side that gave check with every move of a repetition loses it (else it
        is a plain draw)."""
    @property
    def move_limit(self) -> int:
        """The game ends when the SFEN move number would exceed this; 0 means no limit."""
    @property
    def draw_offers(self) -> int:
        """Draw offers each player may make."""
    @property
    def invalid_declaration_loses(self) -> bool:
        """Whether an impasse declaration whose conditions do not hold loses (instead of being
        rejected with ``GameActionError``)."""
    @property
    def clock(self) -> Optional[ClockSettings]:
        """The clock settings, or ``None`` for untimed games."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ClockSide:
    """One player's remaining time (``Clock.side``)."""

    @property
    def main(self) -> float:
        """Main time left, in seconds."""
    @property
    def periods(self) -> int:
        """Byo-yomi periods left."""
    @property
    def timed_out(self) -> bool:
        """Whether this player's time has run out."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ClockReading:
    """What a player's clock shows some time into the current turn (``Clock.remaining``)."""

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
    def __deepcopy__(self, memo: object, /) -> Clock: ...
    def __getstate__(self) -> str: ...
    def __setstate__(self, state: str) -> None:
        """Restores a pickled clock; a state whose times are beyond its settings (or that no
        play can give) raises ``ShogiError``."""

# Games

@final
class Outcome:
    """The result of a finished game. Frozen and hashable; pickles.

    ``Outcome(winner, termination)``: ``winner`` is a ``Color`` or ``None`` (a draw, or a game
    stopped without result), ``termination`` one of the ``_Termination`` names ("checkmate", "resignation", ...).
    A winner that does not fit the termination raises ``OutcomeError`` (a ``ValueError``): a
    decisive ending (checkmate, resignation, timeout, ...) needs one, a drawn one (repetition,
    draw agreement, interruption) has none."""

    def __new__(cls, winner: Union[Color, int, str, None], termination: _Termination) -> Outcome: ...
    @property
    def winner(self) -> Optional[Color]:
        """The winner, or ``None`` for a draw (or no result)."""
    @property
    def termination(self) -> _Termination:
        """How the game ended."""
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2"]:
        """``"1-0"`` when sente won, ``"0-1"`` when gote won, else ``"1/2-1/2"``."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ImpasseStatus:
    """What an impasse declaration by the side to move would give now
    (``Game.impasse_status``)."""

    @property
    def rule(self) -> _ImpasseRule:
        """The rule that applies."""
    @property
    def sente_points(self) -> int:
        """Sente's count under that rule (for the CSA rule: hand plus pieces in the enemy camp)."""
    @property
    def gote_points(self) -> int:
        """Gote's count under that rule."""
    @property
    def allowed(self) -> bool:
        """Whether the side to move may declare validly now."""
    @property
    def reason(self) -> Optional[_DeclarationRejection]:
        """Why not, or ``None`` when allowed."""
    @property
    def result(self) -> Optional[Outcome]:
        """The outcome declaring now would give (a loss for an invalid declaration when the rules
        say so), or ``None`` when the declaration would be rejected."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """A game: a start position, the moves played and the result, adjudicated after every move
    by its ``RuleSet`` (checkmate and no-legal-move losses, sennichite with perpetual check, the
    move limit, the try rule). Mutable, not hashable; ``==`` compares start, moves, rules,
    result, clocks and draw offers. Pickles and copies (through ``to_json``). ``str`` (and
    ``print``) gives the board diagram of the current position.

    Once the game is over every action raises ``GameOverError``, except ``pop`` after a move
    that ended it."""

    def __new__(
        cls, start: Union[Position, str, None] = None, rules: Optional[RuleSet] = None
    ) -> Game:
        """A game from ``start`` (a ``Position`` or SFEN; the start position by default) under
        ``rules`` (``RuleSet()``, the site rules, by default). A start position without a legal
        move is over at once."""
    @staticmethod
    def from_usi(text: str, rules: Optional[RuleSet] = None, *, limits: Optional[ReadLimits] = None) -> Game:
        """A game replayed from a USI ``position`` command (``"position startpos moves 7g7f
        3c3d"``; the word ``position`` may be left out). Raises ``SfenError``,
        ``InvalidMoveError``, ``IllegalMoveError`` (with ``.ply``), ``GameOverError`` (a move
        after the end) or ``RecordError`` (``kind == "unexpected_line"``: the text is not a
        ``position`` command, as ``read_record`` says). Text beyond ``limits`` (``ReadLimits()`` by default:
        its input size, line length and moves per line apply) raises ``RecordError`` with
        ``kind == "limit_exceeded"`` and ``format == "usi"``."""
    def to_usi(self) -> str:
        """The game as a USI ``position`` command."""
    def to_json(self) -> str:
        """The game as JSON: start SFEN, moves in USI, rules, result, clocks and draw offers."""
    @staticmethod
    def from_json(text: str) -> Game:
        """A game restored from ``to_json`` text; the moves are replayed and the result, draw
        offers and clock are checked against them and the rules: forged state raises
        ``RestoreError`` with ``.kind`` naming what is wrong."""
    def best_move(
        self,
        level: Level = ...,
        strength: Union[Level, int, None] = None,
        seed: int = 0,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        stop: Optional[Stop] = None,
    ) -> Move:
        """The move of the built-in opponent (``shogi_rules.ai``) for the side to move: a
        ``Player`` at ``level`` (``Level.NORMAL`` by default), or at ``strength`` (a ``Level`` or
        an int from 1 to 10) when given, with ``seed``, within the level's budget narrowed by
        ``depth`` (plies), ``nodes`` and ``time`` (seconds); ``stop`` ends the search early.
        Releases the GIL; Ctrl-C stops it with ``KeyboardInterrupt``. Raises ``NoMoveError``
        when the game is over, ``StrengthError`` for a strength outside 1-10."""
    def push_usi(self, usi: str) -> Move:
        """Plays a legal move given as USI text, as ``push`` does (and raising as it does), and
        returns it as a ``Move``; ``outcome`` tells whether it ended the game."""
    def push(self, move: _MoveArg, elapsed: Optional[float] = None) -> Optional[Outcome]:
        """Plays a legal move (a ``Move`` or USI text) and returns the outcome when the move ends
        the game, else ``None``. With ``elapsed`` (seconds the move took) the clock is charged
        first: if the time ran out the move is not played and the mover loses on time
        (``GameActionError`` for an untimed game). Raises ``InvalidMoveError``, ``IllegalMoveError``
        (the game is unchanged) or ``GameOverError``."""
    @property
    def legal_moves(self) -> MoveList:
        """The moves ``push`` accepts now, as a ``MoveList``: the legal moves of the current
        position (as ``position.legal_moves``) while the game runs, none once it is over."""
    def count_legal_moves(self) -> int:
        """The number of moves ``legal_moves`` lists, counted without making them: 0 once the
        game is over."""
    def svg(self) -> str:
        """The current position as SVG, the last move shaded (as ``Position.svg``)."""
    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for a game: ``svg()``."""
    def pop(self) -> Move:
        """Takes back the last move and returns it (also a move that ended the game). Raises
        ``GameActionError`` when there is none, ``GameOverError`` when the game ended otherwise than
        by a move (resignation, time, agreement, declaration)."""
    @property
    def position(self) -> Position:
        """The current position."""
    @property
    def start(self) -> Position:
        """The start position."""
    @property
    def moves(self) -> list[Move]:
        """The moves played, in order."""
    def moves_usi(self) -> list[str]:
        """The moves played as USI text."""
    @property
    def last_move(self) -> Optional[Move]:
        """The last move played, or ``None``."""
    def __len__(self) -> int:
        """The number of moves played."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """The result, or ``None`` while the game goes on."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    def is_game_over(self) -> bool:
        """Whether the game is over (``is_over``, by python-shogi's and cshogi's name)."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def peek(self) -> Move:
        """The last move played; ``IndexError`` when there is none."""
    @property
    def rules(self) -> RuleSet:
        """The rules."""
    @property
    def clock(self) -> Optional[Clock]:
        """A copy of the clocks, or ``None`` for an untimed game."""
    def repetition_count(self) -> int:
        """How many times the current position (board, hands, side to move) has occurred in the
        game, this time included."""
    def impasse_status(self) -> ImpasseStatus:
        """What an impasse declaration by the side to move would give now, without declaring."""
    def declare_impasse(self) -> Outcome:
        """The side to move declares impasse; returns the outcome. Raises ``GameActionError``
        (``.reason``: the ``_DeclarationRejection`` name) when the declaration is invalid and the rules
        reject rather than score it; the game then goes on."""
    def resign(self, color: Union[Color, int, str, None] = None) -> Outcome:
        """``color`` (the side to move by default) resigns, on its turn or not."""
    def flag(self, color: Union[Color, int, str, None] = None) -> Outcome:
        """``color`` (the side to move by default) loses on time, as reported by a clock outside
        the game; the game's clock marks ``color`` as timed out. Raises ``GameActionError`` for an
        untimed game."""
    def interrupt(self) -> Outcome:
        """Stops the game without a result (``Outcome(None, "interrupted")``)."""
    def check_time(self, elapsed: float) -> Optional[Outcome]:
        """Checks the side to move's clock ``elapsed`` seconds into its turn: ends the game on
        time if the time is up and returns the outcome, else ``None``. ``GameActionError`` for an
        untimed game."""
    def offer_draw(self, color: Union[Color, int, str, None] = None) -> None:
        """``color`` (the side to move by default) offers a draw: on its own turn, with no offer
        open, within ``RuleSet.draw_offers``. The offer stays open until the opponent accepts,
        declines or moves. Raises ``GameActionError`` otherwise."""
    def accept_draw(self, color: Union[Color, int, str, None] = None) -> Outcome:
        """``color`` (the side to move by default) accepts the opponent's open offer: the game is
        drawn by agreement. ``GameActionError`` when there is no such offer."""
    def decline_draw(self, color: Union[Color, int, str, None] = None) -> None:
        """``color`` (the side to move by default) declines the opponent's open offer.
        ``GameActionError`` when there is no such offer."""
    @property
    def draw_offer(self) -> Optional[Color]:
        """The player whose draw offer is open, or ``None``."""
    def draw_offers_made(self, color: Union[Color, int, str]) -> int:
        """How many draw offers ``color`` has made."""
    def record(self) -> GameRecord:
        """The game as a ``GameRecord`` (start, moves, and the result as the ending), ready to
        ``write``."""
    def __eq__(self, value: object, /) -> bool: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object, /) -> Game: ...
    def __getstate__(self) -> str: ...
    def __setstate__(self, state: str) -> None: ...

# Records

@final
class Comment:
    """A comment of a record. Frozen and hashable; pickles."""

    def __new__(cls, text: str, kind: _CommentKind = "normal", ply: int = 0) -> Comment:
        """A comment of ``kind`` with one line of ``text`` (``ShogiError`` for a line break or
        an unknown kind). Given to ``GameRecord.push`` or ``GameRecord.set_end``, its ``ply``
        is not used: the place decides."""
    @property
    def ply(self) -> int:
        """The number of moves played before the comment (0 for comments on the start
        position)."""
    @property
    def kind(self) -> _CommentKind:
        """``"normal"`` (KIF ``*``), ``"engine"`` (KIF ``**``) or ``"bookmark"`` (KIF ``&``)."""
    @property
    def text(self) -> str:
        """The text, without its marker."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class MoveTime:
    """The time a move (or the end of a line) took: ``used`` seconds and ``total``, the
    mover's running total when the record gives it. Frozen and hashable; pickles."""

    def __new__(cls, used: float, total: Optional[float] = None) -> MoveTime:
        """Times in seconds, from 0 to 100,000,000 (``ShogiError`` otherwise); the record
        formats write whole seconds."""
    @property
    def used(self) -> float:
        """Seconds spent on the move."""
    @property
    def total(self) -> Optional[float]:
        """The mover's total so far in seconds, this move included, or ``None``."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_TimeArg = Union[MoveTime, float, None]
"""A time argument: a ``MoveTime``, the seconds used, or ``None`` for no time."""

_CommentsArg = Iterable[Union[str, Comment]]
"""Comments to add: ``str`` (a normal comment) or ``Comment`` (its kind and text)."""

@final
class Variation:
    """A line of play that replaces one move of its parent line. A view of its record as the
    record is now: moves pushed to it (``GameRecord.push(..., line=variation)``) show here.
    Removing a variation from the record numbers the others again, and a ``Variation`` taken
    before raises ``ShogiError`` afterwards (take them again from ``variations``). Not
    hashable; ``==`` compares ply and content; pickles (as a copy of its own)."""

    @property
    def ply(self) -> int:
        """The 1-based ply (counted from the game's start) of the move it replaces; its first
        move is played from the position before that move, and its move ``i`` is ply
        ``ply + i``."""
    @property
    def moves(self) -> list[Move]:
        """The moves of the variation."""
    @property
    def times(self) -> list[Optional[float]]:
        """Seconds used by each move, ``None`` where the record gives none."""
    @property
    def move_times(self) -> list[Optional[MoveTime]]:
        """The time of each move (used and running total), ``None`` where the record gives
        none."""
    @property
    def comments(self) -> list[Comment]:
        """The comments after its moves (the comment after its move ``i`` at ply ``ply + i``),
        then those after its end."""
    @property
    def end(self) -> Optional[_SpecialMove]:
        """How the record says the variation ends, or ``None``."""
    @property
    def end_time(self) -> Optional[MoveTime]:
        """The time taken before its end, or ``None``."""
    @property
    def end_comments(self) -> list[Comment]:
        """The comments after its end (the last ones of ``comments``)."""
    @property
    def variations(self) -> list[Variation]:
        """Variations of this variation's own moves."""
    def __eq__(self, value: object, /) -> bool: ...

@final
class GameRecord:
    """A game record (KIF, KI2, CSA, JKF or USI): headers, start position, the main line with
    times and comments, variations, and the ending the record states. Every move was checked
    against the rules when it was read or added. Mutable (the methods below that add, set,
    clear and remove), so not hashable; ``==`` compares everything; pickles and copies
    (``copy.copy`` gives an independent record).

    Plies count from the record's start: the main line's first move is ply 1, and a comment at
    ply ``p`` follows the move at ply ``p`` (ply 0: the start position). The editing methods
    work on the main line, or on the variation given as ``line=`` (one of this record's)."""

    def __new__(cls, start: Union[Position, str, None] = None) -> GameRecord:
        """An empty record (no headers, comments or moves) from ``start`` (a ``Position`` or
        SFEN; the standard start position by default)."""
    @staticmethod
    def from_game(game: Game) -> GameRecord:
        """The record of a game: its start, its moves and its result as the ending."""
    @staticmethod
    def from_file(
        path: Union[str, os.PathLike[str]],
        format: Optional[_RecordFormat] = None,
        *,
        limits: Optional[ReadLimits] = None,
    ) -> GameRecord:
        """Reads the game record in the file at ``path``, as ``read_record_file``."""
    def notation(self, notation: Literal["usi", "western", "japanese", "kif", "csa"] = "usi") -> list[str]:
        """The main line's moves in ``notation``: ``"usi"`` (``7g7f``), ``"western"``
        (``P-7f``), ``"japanese"`` (``▲７六歩``, ``△同　銀``, as KI2 files write them),
        ``"kif"`` (``７六歩(77)``) or ``"csa"`` (``+7776FU``)."""
    def to_dict(self) -> dict[str, Any]:
        """The record as plain values, for ``json.dumps`` or a row of a ``pandas.DataFrame``:
        ``headers`` (as ``headers``), ``start`` (SFEN), ``handicap``, ``moves`` (USI),
        ``times`` (seconds or ``None``), ``comments`` (dicts of ``ply``, ``kind`` and
        ``text``), ``end`` (as ``end``) and ``result`` (``None``, or a dict of ``winner`` —
        ``"sente"``, ``"gote"`` or ``None`` — and ``termination``), all of the main line."""
    @property
    def headers(self) -> dict[str, str]:
        """The headers in file order, keyed as the file writes them (``"先手"``, ``"開始日時"``,
        ``"$EVENT"``, ...); the first of repeated keys wins."""
    @property
    def header_list(self) -> list[tuple[str, str]]:
        """The headers as ``(key, value)`` pairs in file order, repeats included."""
    def set_header(self, name: str, value: str) -> None:
        """Sets header ``name`` (as a file writes it: ``"先手"``, ``"$EVENT"``, ``"N+"``, ...)
        to ``value``: the first header of that name keeps its place and later ones of that name
        are removed, or the header is appended. What the name stands for follows from it as the
        readers give it. ``ShogiError`` for a name no file could hold (empty, or with a line
        break or a colon)."""
    def add_header(self, name: str, value: str) -> None:
        """Appends header ``name`` with ``value`` even when one of that name exists (files may
        repeat a key); names as for ``set_header``."""
    def remove_header(self, name: str) -> None:
        """Removes every header named ``name``; ``KeyError`` when there is none."""
    def player(self, color: Union[Color, int, str]) -> Optional[str]:
        """The name of ``color``'s player as the headers give it (KIF 先手/後手 or 下手/上手,
        CSA ``N+``/``N-``), or ``None``."""
    @property
    def start(self) -> Position:
        """The start position."""
    @property
    def handicap(self) -> Optional[str]:
        """The KIF name of the start position's handicap (``"平手"``, ``"角落ち"``, ...) when it
        is a standard one, else ``None``."""
    @property
    def moves(self) -> list[Move]:
        """The moves of the main line."""
    def moves_usi(self) -> list[str]:
        """The main line's moves as USI text."""
    @property
    def times(self) -> list[Optional[float]]:
        """Seconds used by each move of the main line, ``None`` where the record gives none."""
    @property
    def move_times(self) -> list[Optional[MoveTime]]:
        """The time of each move of the main line (used and running total), ``None`` where the
        record gives none."""
    @property
    def comments(self) -> list[Comment]:
        """The main line's comments in order: on the start position, after each move, then after
        the stated ending."""
    @property
    def variations(self) -> list[Variation]:
        """The variations branching from the main line, in order of the move they replace."""
    @property
    def end(self) -> Optional[_SpecialMove]:
        """How the record says the main line ends (``"resign"``, ``"time_up"``, ...), or
        ``None``."""
    @property
    def end_time(self) -> Optional[MoveTime]:
        """The time taken before the main line's end, or ``None``."""
    @property
    def end_comments(self) -> list[Comment]:
        """The comments after the main line's end (the last ones of ``comments``)."""
    @property
    def stated_result(self) -> Optional[Outcome]:
        """The result the record states, or ``None`` when it states none (or its ending has no
        result, such as a suspension)."""
    def final_position(self) -> Position:
        """The position after the main line."""
    def push(
        self,
        move: _MoveArg,
        time: _TimeArg = None,
        comments: Optional[_CommentsArg] = None,
        *,
        line: Optional[Variation] = None,
    ) -> Move:
        """Appends ``move`` (a ``Move`` or USI text) to the main line, or to ``line``, with its
        ``time`` and ``comments``, and returns it. ``IllegalMoveError`` (``InvalidMoveError``
        for malformed text) when it is not legal there; ``ShogiError`` when the line states
        its end (remove it with ``set_end(None)``) or the move would be numbered above
        100,000,000."""
    def set_time(self, ply: int, time: _TimeArg, *, line: Optional[Variation] = None) -> None:
        """Sets the time of the move at ``ply`` (``None`` removes it); ``IndexError`` when the
        line has no move there."""
    def add_comment(
        self,
        ply: int,
        text: str,
        kind: _CommentKind = "normal",
        *,
        line: Optional[Variation] = None,
    ) -> None:
        """Appends a comment of ``kind`` with one line of ``text`` after the move at ``ply`` (on
        the start position for ply 0 of the main line). ``ShogiError`` for text with a line
        break or an unknown kind, ``IndexError`` when the line has no move there."""
    def clear_comments(self, ply: int, *, line: Optional[Variation] = None) -> None:
        """Removes the comments at ``ply`` (as ``add_comment`` places them)."""
    def set_end(
        self,
        special: Optional[_SpecialMove],
        time: _TimeArg = None,
        comments: Optional[_CommentsArg] = None,
        *,
        line: Optional[Variation] = None,
    ) -> None:
        """States how the main line (or ``line``) ends, with the time taken before it and the
        comments after it (which replace those there were); ``None`` removes the end. The end
        is what the record says: it is not checked against the position."""
    def add_variation(
        self,
        ply: int,
        moves: Iterable[_MoveArg],
        *,
        line: Optional[Variation] = None,
    ) -> Variation:
        """Adds a variation replacing the move at ``ply`` of the main line (or of ``line``),
        after the variations that move has, with ``moves`` (each checked legal where it is
        played: ``IllegalMoveError`` and nothing added otherwise; no moves gives a variation
        that only states an end), and returns it."""
    def remove_variation(self, variation: Variation) -> None:
        """Removes ``variation`` (of this record) and the variations below it. The others are
        numbered again: every ``Variation`` taken before raises ``ShogiError`` afterwards."""
    @property
    def rules(self) -> RuleSet:
        """The rules the record states the game was played under: ``RuleSet()`` with the move
        limit of a move-limit header (floodgate's ``'Max_Moves:256``, CSA ``$MAX_MOVES``, KIF
        ``最大手数``) or, without one, the limit a move-limit ending reached; and the impasse rule
        of an impasse header (floodgate's ``'Declaration:jishogi 1.1`` or ``27``: the CSA
        27-point declaration, under which an invalid declaration loses; ``24``: the 24-point
        rule)."""
    def game(self, rules: Optional[RuleSet] = None) -> Game:
        """The main line replayed as a ``Game`` under ``rules`` (by default the rules the
        record states, ``.rules``). Endings only the record can know (resignation, time,
        suspension, a declaration, a foul) are applied as stated; checkmate, repetition and the
        move limit come from the rules and may differ from what the record says. Raises
        ``GameOverError`` when the rules end the game before the record's last move."""
    def dropped(self, format: _RecordFormat) -> list[tuple[str, str]]:
        """What writing the record as ``format`` leaves out because the format cannot hold it:
        ``(kind, description)`` pairs, ``kind`` one of ``"variations"``, ``"times"``,
        ``"time_fractions"``, ``"total_times"``, ``"comments"``, ``"header"``,
        ``"header_value"``, ``"move_number"``, ``"ending"``; empty when reading the written
        record back gives it again."""
    @overload
    def write(
        self,
        format: _RecordFormat,
        encoding: Literal["utf-8", "utf8", "cp932", "shift_jis", "euc-jp"] = "utf-8",
    ) -> bytes:
        """The record written as ``format``: ``bytes`` in ``encoding`` (``"utf-8"`` by default,
        ``"cp932"`` alias ``"shift_jis"``, or ``"euc-jp"``), or ``str`` when ``encoding`` is
        ``None``. A character the encoding cannot hold raises ``ShogiError``. Every format
        writes variations of any depth (JKF nests them as ``forks``; CSA and USI keep the main
        line only)."""
    @overload
    def write(self, format: _RecordFormat, encoding: None) -> str: ...
    def __eq__(self, value: object, /) -> bool: ...

@final
class ReadLimits:
    """How much the record readers accept (the ``limits=`` keyword of ``read_record``,
    ``read_records`` and ``Game.from_usi``): every read's work and memory stay linear in its
    input and bounded by these numbers, and input beyond one raises ``RecordError`` with
    ``kind == "limit_exceeded"``, ``.limit`` naming the limit and ``.max`` its value.

    ``ReadLimits()`` is the defaults, which hold every real record by a wide margin; each
    keyword changes one limit. Frozen and hashable; ``==`` compares every limit; pickles."""

    def __new__(
        cls,
        *,
        max_input_bytes: int = 67108864,
        max_line_bytes: int = 16777216,
        max_header_bytes: int = 65536,
        max_moves_per_line: int = 1000000,
        max_variations: int = 100000,
        max_depth: int = 1000,
        max_records: int = 1000000,
    ) -> ReadLimits: ...
    @staticmethod
    def unlimited() -> ReadLimits:
        """No limit but what memory allows: for trusted input only."""
    @property
    def max_input_bytes(self) -> int:
        """Bytes of input before decoding (default 64 MiB); a file larger is not read."""
    @property
    def max_line_bytes(self) -> int:
        """Bytes in one line of text after decoding (default 16 MiB)."""
    @property
    def max_header_bytes(self) -> int:
        """Bytes in one header value or one comment (default 64 KiB)."""
    @property
    def max_moves_per_line(self) -> int:
        """Moves in one line of play, the main line or a variation (default 1,000,000)."""
    @property
    def max_variations(self) -> int:
        """Variations in the whole record (default 100,000)."""
    @property
    def max_depth(self) -> int:
        """How deep variations nest: a variation of the main line is at depth 1 (default
        1,000)."""
    @property
    def max_records(self) -> int:
        """Records in one file: games of a CSA file separated by ``/`` lines, lines of a USI
        file (default 1,000,000). ``read_record`` counts them too, to refuse a file of several
        with ``kind == "collection"``."""
    def replace(
        self,
        *,
        max_input_bytes: int = ...,
        max_line_bytes: int = ...,
        max_header_bytes: int = ...,
        max_moves_per_line: int = ...,
        max_variations: int = ...,
        max_depth: int = ...,
        max_records: int = ...,
    ) -> ReadLimits:
        """A copy with the given limits changed."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def read_record(
    source: Union[bytes, bytearray, memoryview, str, os.PathLike[str]],
    format: Optional[_RecordFormat] = None,
    *,
    limits: Optional[ReadLimits] = None,
) -> GameRecord:
    """Reads one game record.

    ``source`` is the content as ``bytes`` (any supported encoding: UTF-8 with or without BOM,
    CP932/Shift_JIS, EUC-JP; a declared ``encoding=`` is honoured), the content as ``str``
    text, or a file path as an ``os.PathLike`` such as ``pathlib.Path``. **A plain ``str`` is
    always record text, never a file name**: pass ``pathlib.Path(name)`` or use
    ``read_record_file(name)`` to read a file (a ``str`` that is not a record but names an
    existing file raises ``RecordError`` saying so).

    The format is detected from the content (then from a path's extension) unless ``format``
    names it. Releases the GIL while it reads. Raises ``RecordError`` (``.line``, ``.column``,
    ``.kind``) or ``OSError`` for a file that cannot be read. Input beyond ``limits``
    (``ReadLimits()`` by default) raises ``RecordError`` with ``kind == "limit_exceeded"``."""

def read_record_file(
    path: Union[str, os.PathLike[str]],
    format: Optional[_RecordFormat] = None,
    *,
    limits: Optional[ReadLimits] = None,
) -> GameRecord:
    """Reads the game record in the file at ``path`` (``str`` or ``os.PathLike``), as
    ``read_record`` reads a path: the format from the content, then from the extension, unless
    ``format`` names it. Raises ``RecordError`` (its ``.path`` set) or ``OSError``."""

def read_all(
    source: Union[bytes, bytearray, memoryview, str, os.PathLike[str]],
    format: Optional[_RecordFormat] = None,
    *,
    limits: Optional[ReadLimits] = None,
) -> list[GameRecord]:
    """Reads every record of one file, in file order: each game of a CSA file (games
    separated by a ``/`` line), each line of a USI file (``position ...`` lines, or bare SFEN
    lines such as ``lnsgkgsnl/1r5b1/... b - 1``), and the one record of a KIF, KI2 or JKF file
    (a list of one). ``read_record`` raises ``RecordError`` with ``kind == "collection"`` for a
    file of several records; this reads them.

    ``source``, ``format`` and ``limits`` are as for ``read_record`` (a plain ``str`` is record
    text, not a file name). ``limits.max_records`` bounds the number of records, the other
    limits apply to each record, the input size to the whole file. Raises ``RecordError`` for
    the first record that does not read, its ``.line`` counted in the whole file."""

@overload
def read_records(
    sources: Iterable[Union[str, os.PathLike[str], bytes]],
    threads: Optional[int] = None,
    format: Optional[_RecordFormat] = None,
    errors: Literal["raise"] = "raise",
    *,
    limits: Optional[ReadLimits] = None,
) -> list[GameRecord]:
    """Reads many records in parallel on ``threads`` threads (the number of CPUs by default)
    without the GIL. Each item is a file path (here a ``str`` is a path) or the ``bytes`` of a
    record. The list keeps the order of ``sources``.

    With ``errors="raise"`` the first failing source (in order) raises its ``RecordError``
    (``.path`` names the file) or ``OSError``; with ``errors="return"`` the exception takes the
    place of the record in the list. ``limits`` (``ReadLimits()`` by default) applies to
    each source. Ctrl-C stops the read with ``KeyboardInterrupt``; a worker thread then ends
    after the source it is reading."""
@overload
def read_records(
    sources: Iterable[Union[str, os.PathLike[str], bytes]],
    threads: Optional[int] = None,
    format: Optional[_RecordFormat] = None,
    *,
    errors: Literal["return"],
    limits: Optional[ReadLimits] = None,
) -> list[Union[GameRecord, Exception]]: ...

# Squares by name: SQ_1A == 0, SQ_1B == 1, ..., SQ_9I == 80.

SQ_1A: Final[int]
SQ_1B: Final[int]
SQ_1C: Final[int]
SQ_1D: Final[int]
SQ_1E: Final[int]
SQ_1F: Final[int]
SQ_1G: Final[int]
SQ_1H: Final[int]
SQ_1I: Final[int]
SQ_2A: Final[int]
SQ_2B: Final[int]
SQ_2C: Final[int]
SQ_2D: Final[int]
SQ_2E: Final[int]
SQ_2F: Final[int]
SQ_2G: Final[int]
SQ_2H: Final[int]
SQ_2I: Final[int]
SQ_3A: Final[int]
SQ_3B: Final[int]
SQ_3C: Final[int]
SQ_3D: Final[int]
SQ_3E: Final[int]
SQ_3F: Final[int]
SQ_3G: Final[int]
SQ_3H: Final[int]
SQ_3I: Final[int]
SQ_4A: Final[int]
SQ_4B: Final[int]
SQ_4C: Final[int]
SQ_4D: Final[int]
SQ_4E: Final[int]
SQ_4F: Final[int]
SQ_4G: Final[int]
SQ_4H: Final[int]
SQ_4I: Final[int]
SQ_5A: Final[int]
SQ_5B: Final[int]
SQ_5C: Final[int]
SQ_5D: Final[int]
SQ_5E: Final[int]
SQ_5F: Final[int]
SQ_5G: Final[int]
SQ_5H: Final[int]
SQ_5I: Final[int]
SQ_6A: Final[int]
SQ_6B: Final[int]
SQ_6C: Final[int]
SQ_6D: Final[int]
SQ_6E: Final[int]
SQ_6F: Final[int]
SQ_6G: Final[int]
SQ_6H: Final[int]
SQ_6I: Final[int]
SQ_7A: Final[int]
SQ_7B: Final[int]
SQ_7C: Final[int]
SQ_7D: Final[int]
SQ_7E: Final[int]
SQ_7F: Final[int]
SQ_7G: Final[int]
SQ_7H: Final[int]
SQ_7I: Final[int]
SQ_8A: Final[int]
SQ_8B: Final[int]
SQ_8C: Final[int]
SQ_8D: Final[int]
SQ_8E: Final[int]
SQ_8F: Final[int]
SQ_8G: Final[int]
SQ_8H: Final[int]
SQ_8I: Final[int]
SQ_9A: Final[int]
SQ_9B: Final[int]
SQ_9C: Final[int]
SQ_9D: Final[int]
SQ_9E: Final[int]
SQ_9F: Final[int]
SQ_9G: Final[int]
SQ_9H: Final[int]
SQ_9I: Final[int]

# USI engines (shogi_rules.engine) and the USI protocol (shogi_rules.usi)

class EngineError(RuntimeError):
    """Base class of the errors of a USI engine (a ``RuntimeError``)."""

    kind: str
    """The error: ``spawn``, ``io``, ``died``, ``dead``, ``timeout``, ``illegal_move``,
    ``protocol``, ``unknown_option``, ``bad_option_value``, ``multipv_unsupported`` or
    ``invalid_moves``."""
    program: Optional[str]
    """The engine program."""

class EngineStartError(EngineError):
    """The engine program could not be started; ``errno`` is the OS error."""

    errno: Optional[int]

class EngineTerminatedError(EngineError):
    """The engine exited (``died``: ``status``, ``waiting_for``, ``stderr_tail``) or was already
    gone (``dead``)."""

class EngineIoError(EngineError):
    """Writing to the engine failed while it was running."""

class EngineTimeoutError(EngineError):
    """The engine did not answer in time; ``killed`` tells whether it was killed."""

    waiting_for: str
    killed: bool

class IllegalEngineMoveError(EngineError):
    """The engine's best move is illegal or malformed (``text``, ``reason``, ``sfen``)."""

    text: str
    reason: str
    sfen: str

class EngineProtocolError(EngineError):
    """The engine sent a malformed reply (``line``, ``reason``)."""

    line: str
    reason: str

class EngineOptionError(EngineError):
    """An undeclared option, a value that does not suit it, or more lines than the engine can
    give."""

    name: str

class UsiMessageError(ShogiError):
    """A USI protocol line whose known fields are malformed."""

    kind: str
    """``empty``, ``missing_value``, ``bad_number``, ``bad_move``, ``bad_word``,
    ``unexpected`` or ``position``."""
    field: Optional[str]
    """The field's keyword."""
    column: Optional[int]
    """1-based column."""
    found: Optional[str]
    """The text read, for a bad number, word or an unexpected word."""

@final
class _UsiEngine:
    """A running USI engine (the Rust client); :class:`shogi_rules.engine.SimpleEngine` wraps
    it."""

    @staticmethod
    def spawn(args: list[str], timeout: float, margin: float) -> _UsiEngine: ...
    @property
    def program(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def author(self) -> str: ...
    def options(
        self,
    ) -> list[tuple[str, str, Optional[str], Optional[int], Optional[int], list[str]]]: ...
    def is_alive(self) -> bool: ...
    def warnings(self) -> list[str]: ...
    def configure(self, name: str, value: Optional[str]) -> None: ...
    def new_game(self) -> None: ...
    def play(
        self,
        board: Union[Game, Position],
        byoyomi: Optional[float],
        btime: Optional[float],
        wtime: Optional[float],
        binc: Optional[float],
        winc: Optional[float],
        depth: Optional[int],
        nodes: Optional[int],
        movetime: Optional[float],
        mate: Optional[float],
    ) -> tuple[str, Optional[Move], Optional[Move], Optional[dict[str, Any]]]: ...
    def analyse(
        self,
        board: Union[Game, Position],
        multipv: int,
        byoyomi: Optional[float],
        btime: Optional[float],
        wtime: Optional[float],
        binc: Optional[float],
        winc: Optional[float],
        depth: Optional[int],
        nodes: Optional[int],
        movetime: Optional[float],
        mate: Optional[float],
    ) -> list[dict[str, Any]]: ...
    def mate(self, board: Union[Game, Position], mate: Optional[float]) -> tuple[str, list[Move]]: ...
    def quit(self) -> None: ...

def _engine_error_examples() -> list[tuple[str, EngineError]]: ...
def _usi_message_error_examples() -> list[tuple[str, UsiMessageError]]: ...
def _parse_engine_message(line: str) -> dict[str, Any]: ...
def _parse_gui_command(line: str) -> dict[str, Any]: ...
def _format_position(board: Union[Game, Position]) -> str: ...

# The built-in opponent (``shogi_rules.ai``)

class AiError(ShogiError):
    """Base class of the errors of the built-in opponent."""

    kind: str
    """The error: ``strength``, ``opponent_in_check``, ``no_defending_king``, ``game_over`` or
    ``no_legal_moves``."""

class StrengthError(AiError):
    """A strength outside 1-10 (``kind == "strength"``)."""

    value: int
    """The strength given."""

class MateSearchError(AiError):
    """A position a checkmate search cannot start from: ``kind`` is ``"opponent_in_check"``
    (the side not to move is in check) or ``"no_defending_king"`` (it has no king)."""

class NoMoveError(AiError):
    """There is no move to choose: ``kind`` is ``"game_over"`` or ``"no_legal_moves"``."""

    outcome: Optional[Outcome]
    """For ``"game_over"``: how the game ended; otherwise ``None``."""

@final
class Level:
    """The three levels a person chooses between: ``EASY`` (shallow, with seeded human-like
    mistakes), ``NORMAL`` and ``HARD`` (the strongest)."""

    EASY: ClassVar[Level]
    NORMAL: ClassVar[Level]
    HARD: ClassVar[Level]
    @property
    def strength(self) -> int:
        """The level's place on the 1-10 scale."""
    def __int__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Stop:
    """A flag that ends searches early: give it to a search and call ``stop()`` from another
    thread; the search returns the best answer it has. It stays raised until ``reset()``."""

    def __new__(cls) -> Stop: ...
    def stop(self) -> None:
        """Raises the flag: every search polling it ends soon."""
    @property
    def is_stopped(self) -> bool:
        """Whether the flag is raised."""
    def reset(self) -> None:
        """Lowers the flag, so the next search runs."""

@final
class Choice:
    """A move chosen by a search, with what the search found."""

    @property
    def move(self) -> Move:
        """The move to play."""
    @property
    def score(self) -> _Score:
        """Its score from the mover's point of view: ``shogi_rules.engine.Cp`` (centipawns) or
        ``Mate`` (plies; negative when the mover is mated)."""
    @property
    def pv(self) -> list[Move]:
        """The line the search expects, starting with ``move``."""
    @property
    def depth(self) -> int:
        """The depth of the last completed iteration, in plies."""
    @property
    def nodes(self) -> int:
        """Positions visited."""
    @property
    def elapsed(self) -> float:
        """Seconds spent."""

@final
class Player:
    """A computer player at a strength, deterministic for its seed: the same game, strength,
    seed and limits give the same move unless a time limit or a stop ends the search. It keeps
    its transposition table between the moves of a game; calls from several threads take
    turns."""

    def __new__(cls, level_or_strength: Union[Level, int], seed: int = 0) -> Player:
        """A player at a ``Level`` or a strength from 1 to 10 (``StrengthError`` otherwise)."""
    @property
    def strength(self) -> int:
        """The strength, from 1 to 10."""
    @property
    def seed(self) -> int:
        """The seed."""
    def choose(
        self,
        game: Game,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        stop: Optional[Stop] = None,
    ) -> Choice:
        """A move for the side to move in ``game``, within the strength's budget narrowed by
        ``depth`` (plies), ``nodes`` and ``time`` (seconds); ``stop`` ends the search early.
        Releases the GIL; Ctrl-C stops it with ``KeyboardInterrupt``. Raises ``NoMoveError``
        when the game is over."""

@final
class MateReport:
    """The answer of a checkmate search with what it cost."""

    @property
    def kind(self) -> Literal["mate", "no_mate", "unknown"]:
        """``"mate"`` (a forced mate, in ``moves``), ``"no_mate"`` (proven: no sequence of
        checks forces mate within ``max_plies``) or ``"unknown"`` (the search ended first)."""
    @property
    def moves(self) -> list[Move]:
        """The mate: the attacker's and the defender's moves, ending in checkmate (empty unless
        ``kind == "mate"``)."""
    @property
    def reason(self) -> Optional[Literal["nodes", "time", "stopped", "depth"]]:
        """Why the search ended undecided; ``None`` unless ``kind == "unknown"``."""
    @property
    def nodes(self) -> int:
        """Positions visited."""
    @property
    def elapsed(self) -> float:
        """Seconds spent."""

@final
class Hint:
    """A suggested move and why."""

    @property
    def move(self) -> Move:
        """The move."""
    @property
    def why(self) -> Literal["mates", "stops_mate", "wins_material", "best_position"]:
        """``"mates"`` (it starts a forced mate in ``value`` plies), ``"stops_mate"`` (it stops
        the opponent's threat of mate), ``"wins_material"`` (it wins about ``value``
        centipawns) or ``"best_position"`` (the search prefers it)."""
    @property
    def value(self) -> Optional[int]:
        """Plies to mate for ``"mates"``, centipawns for ``"wins_material"``, else ``None``."""
    @property
    def score(self) -> _Score:
        """The move's score from the mover's point of view, as ``Choice.score``."""

def search(
    position: Union[Position, str],
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    stop: Optional[Stop] = None,
) -> Choice:
    """The best move of ``position`` at full strength, limited only by ``depth``, ``nodes`` and
    ``time``: with none of them it runs to depth 64 or until ``stop`` is raised. A new
    transposition table and no earlier positions (no repetition). Releases the GIL; Ctrl-C
    stops it. Raises ``NoMoveError`` when the side to move has no legal move."""

def mate_in_one(position: Union[Position, str]) -> Optional[Move]:
    """A move of the side to move that checkmates at once, or ``None`` (a pawn drop that would
    checkmate is illegal and never returned)."""

def solve_mate(
    position: Union[Position, str],
    *,
    nodes: Optional[int] = 1000000,
    time: Optional[float] = None,
    max_plies: Optional[int] = None,
    defender_holds_remaining: bool = False,
    stop: Optional[Stop] = None,
) -> MateReport:
    """Searches for a forced checkmate by the side to move (the attacker plays only checks, the
    defender every legal evasion) within ``nodes`` (``None``: no limit), ``time`` (seconds)
    and ``max_plies``; with ``defender_holds_remaining`` the defender holds every piece neither
    on the board nor in the attacker's hand (the tsume convention). A mate found replays to
    checkmate with ``Game``. Releases the GIL; ``stop`` or Ctrl-C ends it. Raises
    ``MateSearchError`` for a position a search cannot start from."""

def hint(game: Game, stop: Optional[Stop] = None) -> Hint:
    """The move the strongest level would play in ``game``, and why. Releases the GIL; ``stop``
    or Ctrl-C ends it. Raises ``NoMoveError`` when there is no move to suggest."""

def _ai_error_examples() -> list[tuple[str, str, AiError]]: ...

# Training data (``shogi_rules.training``)

class PackError(ShogiError):
    """Bytes that are no position in a training format, a move16 that is no legal move of the
    position, or a position the format cannot hold; ``kind`` names the error."""

    kind: Literal[
        "bad_code",
        "truncated",
        "king_square",
        "kings",
        "piece_count",
        "setup",
        "no_such_move",
        "length",
        "other",
    ]

_LABELS: int
_PLANES: int

def _pack_error_examples() -> list[tuple[str, PackError]]: ...
def _encode_hcp(positions: Iterable[Union[Position, str]]) -> bytes: ...
def _encode_psfen(positions: Iterable[Union[Position, str]]) -> bytes: ...
def _decode_psfen(data: bytes) -> list[Position]: ...
def _encode_psv(entries: Iterable[Sequence[Any]]) -> bytes: ...
def _decode_psv(data: bytes) -> list[tuple[Position, int, Optional[Move], int, int]]: ...
def _decode_hcp(data: bytes) -> list[Position]: ...
def _encode_hcpe(entries: Iterable[Sequence[Any]]) -> bytes: ...
def _decode_hcpe(data: bytes) -> list[tuple[Position, int, Optional[Move], int]]: ...
def _legal_move_mask(positions: Iterable[Union[Position, str]]) -> bytes: ...
def _move_labels(positions: Iterable[Union[Position, str]], moves: Iterable[Move]) -> bytes: ...
def _features(positions: Iterable[Union[Position, str]], threads: Optional[int] = None) -> bytes: ...
def _convert(
    paths: list[str],
    to: str,
    output: str,
    min_moves: int = 0,
    min_rating: Optional[float] = None,
    require_rating: bool = False,
    endings: Optional[list[str]] = None,
    keep_unfinished: bool = False,
    dedup: bool = False,
    threads: Optional[int] = None,
) -> dict[str, Any]: ...
