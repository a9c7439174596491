"""The USI protocol as values: lines read into dicts, and the commands a GUI writes.

A module of its own, apart from :mod:`shogi_rules.engine`, because reading and writing protocol
lines needs no engine process: a log reader, a GUI or an engine written in Python use it alone.
The reading is the Rust core's (``EngineMessage::parse`` and ``GuiCommand::parse``); a line it
cannot read raises :class:`UsiMessageError` with ``.kind``, ``.field`` and ``.column``.

>>> from shogi_rules.usi import parse_engine_message
>>> m = parse_engine_message("bestmove 7g7f ponder 3c3d")
>>> (m["type"], m["move"], m["ponder"])
('bestmove', '7g7f', '3c3d')
"""

from __future__ import annotations

from typing import Any, Dict, Union

from ._core import (
    Game,
    Position,
    UsiMessageError,
    _format_position,
    _parse_engine_message,
    _parse_gui_command,
)
from .engine import Cp, Limit, Mate, Score, _MateUnknown

__all__ = [
    "UsiMessageError",
    "parse_engine_message",
    "parse_gui_command",
    "format_position",
    "format_go",
    "format_setoption",
]


def _score(value: Any) -> Score:
    kind, n, _bound = value
    if kind == "cp":
        return Cp(n)
    if isinstance(n, str):
        return _MateUnknown(n == "+")
    return Mate(n)


def parse_engine_message(line: str) -> Dict[str, Any]:
    """An engine's line as a dict: ``type`` is ``id_name``, ``id_author``, ``option``,
    ``usiok``, ``readyok``, ``info``, ``bestmove``, ``checkmate`` or ``unknown``; ``line`` is the
    message as the protocol writes it; the other keys are its fields (for ``info`` those of
    :data:`shogi_rules.engine.InfoDict`, moves as USI text, ``score`` a :class:`Score` from the
    side to move's point of view and ``bound`` ``exact``, ``lowerbound`` or ``upperbound``)."""
    message = _parse_engine_message(line)
    score = message.get("score")
    if score is not None:
        message["bound"] = score[2]
        message["score"] = _score(score)
    return message


def parse_gui_command(line: str) -> Dict[str, Any]:
    """A GUI's command as a dict: ``type`` is ``usi``, ``isready``, ``setoption``,
    ``usinewgame``, ``position`` (``sfen``, ``"startpos"`` or an SFEN, and ``moves``), ``go``
    (times in seconds), ``stop``, ``ponderhit``, ``gameover``, ``quit`` or ``unknown``; ``line``
    is the command as the protocol writes it."""
    return _parse_gui_command(line)


def format_position(board: Union[Game, Position]) -> str:
    """The ``position`` command of a game (its start and moves, as the engine client sends
    it) or of a position."""
    return _format_position(board)


def _ms(seconds: float) -> int:
    return max(0, round(seconds * 1000))


def format_go(limit: Limit, *, ponder: bool = False) -> str:
    """The ``go`` command of a limit (times in milliseconds; nothing set is ``go infinite``)."""
    words = ["go"]
    if ponder:
        words.append("ponder")
    for name in ("btime", "wtime", "byoyomi", "binc", "winc", "movetime"):
        value = getattr(limit, name)
        if value is not None:
            words += [name, str(_ms(value))]
    if limit.depth is not None:
        words += ["depth", str(limit.depth)]
    if limit.nodes is not None:
        words += ["nodes", str(limit.nodes)]
    if limit.mate is not None:
        words += ["mate", str(_ms(limit.mate))]
    if len(words) == (2 if ponder else 1):
        words.append("infinite")
    return str(parse_gui_command(" ".join(words))["line"])


def format_setoption(name: str, value: Union[str, int, bool, None] = None) -> str:
    """``setoption name <name> [value <value>]`` (``None``: a button; booleans as
    ``true``/``false``; the empty string as ``<empty>``)."""
    if value is None:
        line = f"setoption name {name}"
    else:
        if isinstance(value, bool):
            text = "true" if value else "false"
        else:
            text = str(value)
        if "\n" in text or "\r" in text:
            raise ValueError("an option value cannot hold a line break")
        line = f"setoption name {name} value {text if text else '<empty>'}"
    return str(parse_gui_command(line)["line"])


