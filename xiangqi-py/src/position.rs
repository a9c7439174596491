//! `Position`: a frozen position, its legal moves, its checks and perft.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use xiangqi_rules::Square;

use crate::errors;
use crate::moves::{MoveArg, MoveList};
use crate::types::{Color, Piece, SquareArg, quote};

/// A position: the pieces on the board, the side to move and the FEN counters. Frozen: a move
/// gives a new position.
#[pyclass(frozen, freelist = 16, module = "xiangqi_rules._core")]
#[derive(Clone)]
pub struct Position {
    pub inner: xiangqi_rules::Position,
}

impl From<xiangqi_rules::Position> for Position {
    fn from(inner: xiangqi_rules::Position) -> Position {
        Position { inner }
    }
}

/// A position argument: a `Position` or a FEN string.
pub struct PositionArg(pub xiangqi_rules::Position);

impl<'py> FromPyObject<'_, 'py> for PositionArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(p) = obj.cast::<Position>() {
            return Ok(PositionArg(p.get().inner.clone()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return parse_fen(obj.py(), &s.to_cow()?).map(PositionArg);
        }
        Err(PyTypeError::new_err("expected a Position or a FEN string"))
    }
}

/// Reads FEN, also accepting `"startpos"`.
pub fn parse_fen(py: Python<'_>, fen: &str) -> PyResult<xiangqi_rules::Position> {
    if fen.trim() == "startpos" {
        return Ok(xiangqi_rules::Position::startpos());
    }
    xiangqi_rules::Position::from_fen(fen).map_err(|e| errors::fen_error(py, &e))
}

/// The legal moves as a vector.
pub fn legal_moves_vec(position: &xiangqi_rules::Position) -> Vec<xiangqi_rules::Move> {
    position.legal_moves().to_vec()
}

/// Refuses a perft depth above [`xiangqi_rules::MAX_PERFT_DEPTH`], for which the core counts
/// nothing.
fn check_perft_depth(depth: u32) -> PyResult<()> {
    if depth > xiangqi_rules::MAX_PERFT_DEPTH {
        return Err(PyValueError::new_err(format!(
            "perft depth {depth}: number too large (the limit is {})",
            xiangqi_rules::MAX_PERFT_DEPTH
        )));
    }
    Ok(())
}

/// The board as text: rank 9 (Black's back rank) at the top, FEN letters (upper case Red),
/// `.` for an empty point, the river between ranks 5 and 4, the files below and the side to
/// move last.
pub fn diagram(position: &xiangqi_rules::Position) -> String {
    let mut out = String::new();
    for rank in (0..10u8).rev() {
        out.push(char::from(b'0' + rank));
        for file in 0..9u8 {
            out.push(' ');
            let piece = Square::new(file, rank).and_then(|sq| position.piece_at(sq));
            out.push(piece.map_or('.', |p| p.char()));
        }
        out.push('\n');
        if rank == 5 {
            out.push_str("  ~~~~~~~~~~~~~~~~~\n");
        }
    }
    out.push_str("  a b c d e f g h i\n");
    out.push_str(match position.turn() {
        xiangqi_rules::Color::Red => "red to move",
        xiangqi_rules::Color::Black => "black to move",
    });
    out
}

#[pymethods]
impl Position {
    /// The start position, or the position of a FEN string.
    #[new]
    #[pyo3(signature = (fen=None))]
    fn py_new(py: Python<'_>, fen: Option<&str>) -> PyResult<Position> {
        match fen {
            None => Ok(xiangqi_rules::Position::startpos().into()),
            Some(s) => parse_fen(py, s).map(Position::from),
        }
    }

    /// Reads a FEN string (fields 3–6 may be left out; `"startpos"` is the start position).
    #[staticmethod]
    fn from_fen(py: Python<'_>, fen: &str) -> PyResult<Position> {
        parse_fen(py, fen).map(Position::from)
    }

    /// The FEN string (all six fields, `w` for Red).
    fn fen(&self) -> String {
        self.inner.to_fen()
    }

    /// The side to move.
    #[getter]
    fn turn(&self) -> Color {
        self.inner.turn().into()
    }

    /// FEN field 5: plies since the last capture.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.inner.halfmove_clock()
    }

    /// FEN field 6: the move number, 1 at the start, incremented after Black's move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.inner.fullmove_number()
    }

    /// The Zobrist key of the board and the side to move (not the counters).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.inner.in_check()
    }

    /// The squares of the pieces giving check.
    fn checkers(&self) -> Vec<usize> {
        self.inner.checkers().iter().map(|s| s.index()).collect()
    }

    /// Whether the side to move is in check and has no legal move.
    fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }

    /// Whether the side to move has a legal move (without one it loses, in check or not).
    fn has_legal_moves(&self) -> bool {
        self.inner.has_legal_move()
    }

    /// Whether neither side has a chariot, horse, cannon or soldier (a game is drawn at once).
    fn is_bare_material(&self) -> bool {
        self.inner.is_bare_material()
    }

    /// Every legal move, as a `MoveList` (usable with `len`, `in`, indexing and iteration).
    #[getter]
    fn legal_moves(&self) -> MoveList {
        MoveList::new(legal_moves_vec(&self.inner))
    }

    /// The number of legal moves.
    fn count_legal_moves(&self) -> u64 {
        self.inner.count_legal_moves()
    }

    /// Whether a move (a `Move`, ICCS text or a move code) is legal here. A `Move` must also
    /// name the role and capture on its points; malformed text raises `InvalidMoveError`.
    fn is_legal(&self, py: Python<'_>, r#move: MoveArg) -> PyResult<bool> {
        Ok(self.illegal_reason(py, r#move)?.is_none())
    }

    /// Why a move is illegal (`"horse_blocked"`, `"flying_general"`, …, as
    /// `IllegalMoveError.reason`), or `None` when it is legal. A `Move` whose points make a
    /// legal move but whose role or capture is not what stands there is `"move_mismatch"`.
    fn illegal_reason(&self, py: Python<'_>, r#move: MoveArg) -> PyResult<Option<&'static str>> {
        let reason = match r#move {
            MoveArg::Move(m) => self.inner.why_illegal(m),
            MoveArg::Iccs(text) => {
                let iccs = text
                    .parse()
                    .map_err(|e| errors::iccs_syntax_error(py, &e))?;
                self.inner.why_illegal_iccs(iccs)
            }
        };
        Ok(reason.map(|r| r.as_str()))
    }

    /// The position after a legal move (a `Move`, ICCS text or a move code); this position is
    /// unchanged.
    fn play<'py>(&self, py: Python<'py>, r#move: MoveArg) -> PyResult<Bound<'py, Position>> {
        let m = r#move.resolve(py, &self.inner)?;
        let mut next = self.inner.clone();
        next.play(m)
            .map_err(|e| errors::illegal_move_error(py, &e))?;
        Bound::new(py, Position::from(next))
    }

    /// The piece on `square` (an int 0–89 or a name such as `"e0"`), or `None`.
    fn piece_at(&self, square: SquareArg) -> Option<Piece> {
        self.inner.piece_at(square.0).map(Piece::from)
    }

    /// Every piece on the board, by square (0–89).
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (sq, piece) in self.inner.pieces() {
            dict.set_item(sq.index(), Piece::from(piece))?;
        }
        Ok(dict)
    }

    /// The square of `color`'s general.
    fn general(&self, color: crate::types::ColorArg) -> usize {
        self.inner.general(color.0).index()
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep. Runs without the
    /// GIL, so other Python threads go on meanwhile. `ValueError` for a depth above 32.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        check_perft_depth(depth)?;
        let position = self.inner.clone();
        Ok(py.detach(move || xiangqi_rules::perft(&position, depth)))
    }

    /// The leaf counts of `perft(depth)` per first move, as a dict of ICCS text to count (empty
    /// for depth 0). Runs without the GIL.
    fn perft_divide<'py>(&self, py: Python<'py>, depth: u32) -> PyResult<Bound<'py, PyDict>> {
        check_perft_depth(depth)?;
        let position = self.inner.clone();
        let divided = py.detach(move || xiangqi_rules::perft_divide(&position, depth));
        let dict = PyDict::new(py);
        for (m, n) in divided {
            dict.set_item(m.to_string(), n)?;
        }
        Ok(dict)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Position>() {
            Ok(o) => self.inner == o.get().inner,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let counters =
            u64::from(self.inner.halfmove_clock()) << 32 | u64::from(self.inner.fullmove_number());
        // Python reserves -1; the top bit is dropped so the hash stays non-negative.
        (self.inner.zobrist() ^ counters.wrapping_mul(0x9e37_79b9_7f4a_7c15)) >> 1
    }

    fn __repr__(&self) -> String {
        format!("Position({})", quote(&self.inner.to_fen()))
    }

    /// The board diagram: ranks 9 to 0, FEN letters, `.` for empty points, the side to move.
    fn __str__(&self) -> String {
        diagram(&self.inner)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((py.get_type::<Position>().into_any(), (self.inner.to_fen(),)))
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}
