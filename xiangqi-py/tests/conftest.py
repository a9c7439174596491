"""Shared helpers of the xiangqi_rules test suite.

The conformance data is read from the repository's ``xiangqi-rules/tests/data`` (shared with
the Rust tests of the crate); set ``XIANGQI_TEST_DATA`` to use another copy.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("XIANGQI_TEST_DATA", REPO / "xiangqi-rules" / "tests" / "data"))

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def load(name: str) -> Any:
    """A JSON file of the data folder."""
    path = DATA / name
    if not path.is_file():
        pytest.fail(f"test data not found at {path} (set XIANGQI_TEST_DATA)")
    return json.loads(path.read_text(encoding="utf-8"))


CASES = load("cases.json")
PERFT = load("perft.json")
