"""The built-in opponent: a computer player at three levels (or a strength from 1 to 10),
mate in one, a checkmate solver and hints, from the Rust crate ``shogi-ai``. No engine program
and no downloaded weights: everything runs in this process.

Every search releases the GIL and runs until its limits, a :class:`Stop` raised from another
thread, or Ctrl-C (in the main thread) ends it; searches limited by depth or nodes are
deterministic for a seed.

>>> from shogi_rules import Game
>>> from shogi_rules.ai import Level, Player, mate_in_one
>>> game = Game()
>>> choice = Player(Level.EASY, seed=1).choose(game, nodes=2000)
>>> choice.move in game.legal_moves
True
>>> str(mate_in_one("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
'G*5b'
"""

from __future__ import annotations

from ._core import (
    AiError,
    Choice,
    Hint,
    Level,
    MateReport,
    MateSearchError,
    NoMoveError,
    Player,
    Stop,
    StrengthError,
    hint,
    mate_in_one,
    search,
    solve_mate,
)

__all__ = [
    "Level",
    "Stop",
    "Player",
    "Choice",
    "MateReport",
    "Hint",
    "search",
    "mate_in_one",
    "solve_mate",
    "hint",
    "AiError",
    "StrengthError",
    "MateSearchError",
    "NoMoveError",
]
