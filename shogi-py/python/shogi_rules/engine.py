"""USI engines, after python-chess's ``chess.engine.SimpleEngine``.

The exchange with the engine (the ``shogi-usi`` client: deadlines, legality checks of moves and
PVs, errors) runs in Rust with the interpreter released; this module holds the values:
:class:`Limit`, the scores, :class:`PlayResult` and :class:`SimpleEngine` itself.

>>> from shogi_rules import Game
>>> from shogi_rules.engine import popen_usi, Limit
>>> with popen_usi("fairy-stockfish") as engine:  # doctest: +SKIP
...     result = engine.play(Game(), Limit(nodes=1000))
"""

from __future__ import annotations

import functools
import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union, overload

from ._core import (
    Color,
    EngineError,
    EngineIoError,
    EngineOptionError,
    EngineProtocolError,
    EngineStartError,
    EngineTerminatedError,
    EngineTimeoutError,
    Game,
    IllegalEngineMoveError,
    Move,
    Position,
    ShogiError,
    _UsiEngine,
)

__all__ = [
    "popen_usi",
    "SimpleEngine",
    "Limit",
    "Option",
    "PlayResult",
    "MateResult",
    "InfoDict",
    "Score",
    "Cp",
    "Mate",
    "MateGiven",
    "PovScore",
    "EngineError",
    "EngineStartError",
    "EngineTerminatedError",
    "EngineIoError",
    "EngineTimeoutError",
    "IllegalEngineMoveError",
    "EngineProtocolError",
    "EngineOptionError",
]

#: An ``info`` line as a dict: any of ``depth``, ``seldepth``, ``time`` (seconds), ``nodes``,
#: ``nps``, ``hashfull``, ``multipv``, ``currmove`` (a :class:`Move`, or USI text when it is not
#: legal), ``score`` (:class:`PovScore`),
#: ``pv`` (the legal prefix of the PV, a list of :class:`Move`), ``string`` and
#: ``illegal_pv_move`` (the first illegal move of the PV and why), as python-chess's.
InfoDict = Dict[str, Any]


class Limit:
    """How long a search may take. Times are in seconds, as in python-chess; ``byoyomi``,
    ``btime``/``wtime`` (black is sente) and ``binc``/``winc`` are USI's clock, ``mate`` the
    time of a ``go mate`` search. A limit with nothing set is ``go infinite``."""

    __slots__ = ("byoyomi", "btime", "wtime", "binc", "winc", "depth", "nodes", "movetime", "mate")

    def __init__(
        self,
        byoyomi: Optional[float] = None,
        btime: Optional[float] = None,
        wtime: Optional[float] = None,
        binc: Optional[float] = None,
        winc: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[float] = None,
        mate: Optional[float] = None,
    ) -> None:
        self.byoyomi = byoyomi
        self.btime = btime
        self.wtime = wtime
        self.binc = binc
        self.winc = winc
        self.depth = depth
        self.nodes = nodes
        self.movetime = movetime
        self.mate = mate

    def _fields(self) -> Tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Limit):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        set_ = ", ".join(f"{n}={v!r}" for n, v in zip(self.__slots__, self._fields()) if v is not None)
        return f"Limit({set_})"


@functools.total_ordering
class Score:
    """A score from the point of view of one side: :class:`Cp`, :class:`Mate` or
    :data:`MateGiven`. Scores order from that side's point of view: a mate it gives beats every
    centipawn score, a quicker one beats a slower one; a mate it suffers is below them all."""

    __slots__ = ()

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """Centipawns, or for a mate ``None`` unless ``mate_score`` is given (then a mate in
        ``n`` is ``mate_score - n``, a mate against ``-mate_score - n``... as python-chess)."""
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        """Plies to mate (negative: being mated), ``None`` for a centipawn score."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        return self.mate() is not None

    @property
    def cp(self) -> Optional[int]:
        return self.score()

    def __neg__(self) -> Score:
        raise NotImplementedError

    def _key(self) -> Tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() == other._key()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())


class Cp(Score):
    """A centipawn score."""

    __slots__ = ("_cp",)

    def __init__(self, cp: int) -> None:
        self._cp = int(cp)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self._cp

    def mate(self) -> Optional[int]:
        return None

    def __neg__(self) -> Score:
        return Cp(-self._cp)

    def _key(self) -> Tuple[Any, ...]:
        return (2, self._cp)

    def __repr__(self) -> str:
        return f"Cp({self._cp:+d})"

    def __str__(self) -> str:
        return f"{self._cp:+d}"


class Mate(Score):
    """Mate in ``moves`` plies: given when positive, suffered when negative (``Mate(0)`` is
    :data:`MateGiven`'s opposite: mated)."""

    __slots__ = ("_moves",)

    def __init__(self, moves: int) -> None:
        self._moves = int(moves)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        if self._moves > 0:
            return mate_score - self._moves
        return -mate_score - self._moves

    def mate(self) -> Optional[int]:
        return self._moves

    def __neg__(self) -> Score:
        return MateGiven if self._moves == 0 else Mate(-self._moves)

    def _key(self) -> Tuple[Any, ...]:
        if self._moves > 0:
            return (4, -self._moves)
        return (0, -self._moves)

    def __repr__(self) -> str:
        return f"Mate({self._moves:+d})" if self._moves else "Mate(-0)"

    def __str__(self) -> str:
        return f"#{self._moves:+d}" if self._moves else "#-0"


class _MateGiven(Score):
    """The side has mated: the best score of all."""

    __slots__ = ()

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def mate(self) -> Optional[int]:
        return 0

    def __neg__(self) -> Score:
        return Mate(0)

    def _key(self) -> Tuple[Any, ...]:
        return (5, 0)

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven: Score = _MateGiven()


class _MateUnknown(Score):
    """``score mate +`` / ``score mate -``: a mate of unknown distance."""

    __slots__ = ("_plus",)

    def __init__(self, plus: bool) -> None:
        self._plus = plus

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score if self._plus else -mate_score

    def mate(self) -> Optional[int]:
        return None

    def is_mate(self) -> bool:
        return True

    def __neg__(self) -> Score:
        return _MateUnknown(not self._plus)

    def _key(self) -> Tuple[Any, ...]:
        return (3, 0) if self._plus else (1, 0)

    def __repr__(self) -> str:
        return "MateUnknown(+)" if self._plus else "MateUnknown(-)"


class PovScore:
    """A score ``relative`` to the side ``turn`` (the side to move where it was searched), with
    the bound the engine gave."""

    __slots__ = ("relative", "turn", "lowerbound", "upperbound")

    def __init__(
        self, relative: Score, turn: Color, *, lowerbound: bool = False, upperbound: bool = False
    ) -> None:
        self.relative = relative
        self.turn = turn
        self.lowerbound = lowerbound
        self.upperbound = upperbound

    def pov(self, color: Color) -> Score:
        """The score from ``color``'s point of view."""
        return self.relative if color == self.turn else -self.relative

    def sente(self) -> Score:
        return self.pov(Color.SENTE)

    def gote(self) -> Score:
        return self.pov(Color.GOTE)

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PovScore):
            return NotImplemented
        return self.sente() == other.sente()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        bound = ", lowerbound=True" if self.lowerbound else ", upperbound=True" if self.upperbound else ""
        return f"PovScore({self.relative!r}, {self.turn!r}{bound})"


class Option:
    """An option the engine declares: ``type`` is ``check``, ``spin``, ``combo``, ``button``,
    ``string`` or ``filename``; ``default`` is typed (bool, int or str)."""

    __slots__ = ("name", "type", "default", "min", "max", "var")

    def __init__(
        self,
        name: str,
        type: str,
        default: Union[str, int, bool, None],
        min: Optional[int],
        max: Optional[int],
        var: List[str],
    ) -> None:
        self.name = name
        self.type = type
        self.default = default
        self.min = min
        self.max = max
        self.var = var

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"Option({fields})"


class PlayResult:
    """What :meth:`SimpleEngine.play` returns: the ``move`` (``None`` when the engine resigned
    or declared a win), the ``ponder`` move (checked legal after it), ``resign``, ``win`` (an
    impasse declaration, for the caller to check) and the last ``info`` when asked for."""

    __slots__ = ("move", "ponder", "info", "resign", "win")

    def __init__(
        self,
        move: Optional[Move],
        ponder: Optional[Move],
        info: Optional[InfoDict] = None,
        *,
        resign: bool = False,
        win: bool = False,
    ) -> None:
        self.move = move
        self.ponder = ponder
        self.info = info
        self.resign = resign
        self.win = win

    def __repr__(self) -> str:
        return (
            f"PlayResult(move={self.move!r}, ponder={self.ponder!r}, info={self.info!r}, "
            f"resign={self.resign!r}, win={self.win!r})"
        )


class MateResult:
    """What :meth:`SimpleEngine.mate` returns: ``reply`` is ``"mate"``, ``"nomate"``,
    ``"timeout"`` or ``"notimplemented"``; ``moves`` the mating sequence (its legal prefix)."""

    __slots__ = ("reply", "moves")

    def __init__(self, reply: str, moves: List[Move]) -> None:
        self.reply = reply
        self.moves = moves

    def __repr__(self) -> str:
        return f"MateResult(reply={self.reply!r}, moves={self.moves!r})"


def _typed_default(type_: str, text: Optional[str]) -> Union[str, int, bool, None]:
    if text is None:
        return None
    if type_ == "check":
        return text == "true"
    if type_ == "spin":
        return int(text)
    return text


def _value_text(value: Union[str, int, bool, None]) -> Optional[str]:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(int(value))


def _info(raw: Dict[str, Any], board: Union[Game, Position]) -> InfoDict:
    position = board.position if isinstance(board, Game) else board
    turn = position.turn
    currmove = raw.get("currmove")
    if currmove is not None:
        # A legal move of the searched position becomes a Move; anything else stays text.
        try:
            raw["currmove"] = Move.from_usi(currmove, position)
        except ShogiError:
            pass
    score = raw.get("score")
    if score is not None:
        kind, value, bound = score
        if kind == "cp":
            relative: Score = Cp(value)
        elif isinstance(value, str):
            relative = _MateUnknown(value == "+")
        else:
            relative = Mate(value)
        raw["score"] = PovScore(
            relative,
            turn,
            lowerbound=bound == "lowerbound",
            upperbound=bound == "upperbound",
        )
    return raw


def _limit_args(limit: Limit) -> Tuple[Any, ...]:
    return (
        limit.byoyomi,
        limit.btime,
        limit.wtime,
        limit.binc,
        limit.winc,
        limit.depth,
        limit.nodes,
        limit.movetime,
        limit.mate,
    )


class SimpleEngine:
    """A USI engine driven by blocking calls (start one with :func:`popen_usi`). Safe to share
    between threads: calls take turns. Every wait for the engine releases the GIL."""

    def __init__(self, engine: _UsiEngine) -> None:
        self._engine = engine
        self.id: Dict[str, str] = {"name": engine.name, "author": engine.author}
        self.options: Dict[str, Option] = {}
        for name, type_, default, min_, max_, var in engine.options():
            self.options[name] = Option(name, type_, _typed_default(type_, default), min_, max_, var)

    @property
    def program(self) -> str:
        """The program started."""
        return self._engine.program

    @property
    def warnings(self) -> List[str]:
        """The lines skipped so far (malformed or illegal), each with the reason."""
        return self._engine.warnings()

    def is_alive(self) -> bool:
        return self._engine.is_alive()

    def configure(self, options: Mapping[str, Union[str, int, bool, None]]) -> None:
        """Sets each option (``None`` presses a button); the names and values are checked
        against what the engine declared (:class:`EngineOptionError`)."""
        for name, value in options.items():
            self._engine.configure(name, _value_text(value))

    def new_game(self) -> None:
        """``usinewgame``, then ``isready``."""
        self._engine.new_game()

    def play(self, board: Union[Game, Position], limit: Limit, *, info: bool = False) -> PlayResult:
        """The engine's move in ``board`` (a game is sent as its start and moves, so that the
        engine sees its repetitions), checked legal. ``info``: keep the last info line."""
        played, move, ponder, raw = self._engine.play(board, *_limit_args(limit))
        return PlayResult(
            move,
            ponder,
            _info(raw, board) if info and raw is not None else ({} if info else None),
            resign=played == "resign",
            win=played == "win",
        )

    @overload
    def analyse(self, board: Union[Game, Position], limit: Limit, *, multipv: None = None) -> InfoDict: ...

    @overload
    def analyse(self, board: Union[Game, Position], limit: Limit, *, multipv: int) -> List[InfoDict]: ...

    def analyse(
        self, board: Union[Game, Position], limit: Limit, *, multipv: Optional[int] = None
    ) -> Union[InfoDict, List[InfoDict]]:
        """The last info of the search (a list of one per line, best first, when ``multipv``
        is given, as python-chess). The PVs are checked legal (``pv`` is the legal prefix)."""
        lines = [_info(raw, board) for raw in self._engine.analyse(board, multipv or 1, *_limit_args(limit))]
        if multipv is None:
            return lines[0] if lines else {}
        return lines

    def mate(self, board: Union[Game, Position], limit: Limit) -> MateResult:
        """A mate search, ``go mate`` with ``limit.mate`` seconds (infinite without)."""
        reply, moves = self._engine.mate(board, limit.mate)
        return MateResult(reply, moves)

    def quit(self) -> None:
        """``quit``; the engine is killed if it has not exited within a second. Idempotent."""
        self._engine.quit()

    close = quit

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()

    def __repr__(self) -> str:
        state = "" if self.is_alive() else ", closed"
        return f"<SimpleEngine ({self.program!r}, id={self.id!r}{state})>"


def popen_usi(
    command: Union[str, Sequence[str]],
    *,
    options: Optional[Mapping[str, Union[str, int, bool, None]]] = None,
    timeout: float = 10.0,
    margin: float = 1.0,
) -> SimpleEngine:
    """Starts a USI engine (``command``: a program, or a program and its arguments), waits for
    ``usiok`` and ``readyok`` (each within ``timeout`` seconds) and sets ``options``. ``margin``:
    the seconds a timed search may overrun before ``stop``, and after ``stop`` before the engine
    is killed."""
    args = [os.fspath(command)] if isinstance(command, (str, os.PathLike)) else [os.fspath(a) for a in command]
    engine = SimpleEngine(_UsiEngine.spawn(args, timeout, margin))
    if options:
        try:
            engine.configure(options)
        except BaseException:
            engine.quit()
            raise
    return engine
