//! `Position`: a frozen position, its legal moves and its checks.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::errors;
use crate::interrupt::Signals;
use crate::moves::{Move, MoveArg, MoveList, move_list, usi_string};
use crate::types::{Color, ColorArg, Piece, Role, RoleArg, SquareArg, quote};

/// A position: board, hands, side to move and move number. Frozen: moves give new positions.
// Freed objects are kept for reuse, a few: `play` in a loop frees one for each it makes.
#[pyclass(frozen, freelist = 16, module = "shogi_rules._core")]
#[derive(Clone)]
pub struct Position {
    pub inner: shogi_rules::Position,
}

impl From<shogi_rules::Position> for Position {
    fn from(inner: shogi_rules::Position) -> Position {
        Position { inner }
    }
}

/// A position argument: a `Position` or an SFEN string.
pub struct PositionArg(pub shogi_rules::Position);

impl<'py> FromPyObject<'_, 'py> for PositionArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(p) = obj.cast::<Position>() {
            return Ok(PositionArg(p.get().inner.clone()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return parse_sfen(obj.py(), &s.to_cow()?).map(PositionArg);
        }
        Err(pyo3::exceptions::PyTypeError::new_err(
            "expected a Position or an SFEN string",
        ))
    }
}

/// Reads SFEN, also accepting `"startpos"`.
pub fn parse_sfen(py: Python<'_>, sfen: &str) -> PyResult<shogi_rules::Position> {
    if sfen.trim() == "startpos" {
        return Ok(shogi_rules::Position::startpos());
    }
    shogi_rules::Position::from_sfen(sfen).map_err(|e| errors::sfen_error(py, &e))
}

/// Reads SFEN the way a record's start position is checked
/// (`Position::from_sfen_composed`): composed problems may have two unpromoted pawns of a side
/// on a file or a piece that could never move.
fn parse_composed_sfen(py: Python<'_>, sfen: &str) -> PyResult<shogi_rules::Position> {
    if sfen.trim() == "startpos" {
        return Ok(shogi_rules::Position::startpos());
    }
    shogi_rules::Position::from_sfen_composed(sfen).map_err(|e| errors::sfen_error(py, &e))
}

/// Reads any position an SFEN string describes, checking the text only.
fn parse_any_sfen(py: Python<'_>, sfen: &str) -> PyResult<shogi_rules::Position> {
    if sfen.trim() == "startpos" {
        return Ok(shogi_rules::Position::startpos());
    }
    shogi_rules::Position::from_sfen_unvalidated(sfen).map_err(|e| errors::sfen_error(py, &e))
}

/// The legal moves in a vector as long as the list (cheaper to set up than the core's
/// fixed-capacity `MoveList`, which is sized for the largest position).
pub fn legal_moves_vec(position: &shogi_rules::Position) -> Vec<shogi_rules::Move> {
    let mut moves = Vec::with_capacity(128);
    position.for_each_legal_move(|m| moves.push(m));
    moves
}

impl Position {
    /// `Position.play`, for pyo3's method and the direct entry point (`crate::fastcall`).
    pub fn play_impl<'py>(&self, py: Python<'py>, m: &MoveArg) -> PyResult<Bound<'py, Position>> {
        let m = self.resolve(py, m)?;
        let mut next = self.inner.clone();
        next.play(m)
            .map_err(|e| errors::illegal_move_error(py, &e))?;
        Bound::new(py, Position::from(next))
    }

    fn resolve(&self, py: Python<'_>, m: &MoveArg) -> PyResult<shogi_rules::Move> {
        match m {
            MoveArg::Move(m) => Ok(*m),
            MoveArg::Usi(text) => self
                .inner
                .parse_usi_move(text)
                .map_err(|e| errors::usi_move_error(py, &e)),
        }
    }
}

#[pymethods]
impl Position {
    /// The start position, or the position of an SFEN string.
    #[new]
    #[pyo3(signature = (sfen=None))]
    fn py_new(py: Python<'_>, sfen: Option<&str>) -> PyResult<Position> {
        match sfen {
            None => Ok(shogi_rules::Position::startpos().into()),
            Some(s) => parse_sfen(py, s).map(Position::from),
        }
    }

    /// Reads an SFEN string (with or without the move number); `"startpos"` is the start
    /// position. `setup` says which setups are accepted: `"legal"` (every rule), `"composed"`
    /// (as game records accept for composed problems: two unpromoted pawns on a file and
    /// pieces that could never move are allowed) or `"any"` (the text is all that is checked).
    #[staticmethod]
    #[pyo3(signature = (sfen, *, setup = "legal"))]
    fn from_sfen(py: Python<'_>, sfen: &str, setup: &str) -> PyResult<Position> {
        let parse = match setup {
            "legal" => parse_sfen,
            "composed" => parse_composed_sfen,
            "any" => parse_any_sfen,
            other => {
                return Err(errors::ShogiError::new_err(format!(
                    "unknown setup {other:?}: expected \"legal\", \"composed\" or \"any\""
                )));
            }
        };
        parse(py, sfen).map(Position::from)
    }

    /// The position as a HuffmanCodedPos (HCP): 32 bytes. Raises `PackError` for a position
    /// the format cannot hold (a king missing, more pieces than a set has).
    fn to_hcp<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        crate::training::to_hcp(py, &self.inner)
    }

    /// The position of a HuffmanCodedPos (32 bytes); `PackError` when they are no position.
    #[classmethod]
    fn from_hcp(_cls: &Bound<'_, pyo3::types::PyType>, data: &[u8]) -> PyResult<Position> {
        crate::training::from_hcp(data)
    }

    /// The position as a PackedSfen: 32 bytes. Raises `PackError` for a position the format
    /// cannot hold.
    fn to_psfen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        crate::training::to_psfen(py, &self.inner)
    }

    /// The position of a PackedSfen (32 bytes); `PackError` when they are no position.
    #[classmethod]
    fn from_psfen(_cls: &Bound<'_, pyo3::types::PyType>, data: &[u8]) -> PyResult<Position> {
        crate::training::from_psfen(data)
    }

    /// The legal move of this position that a 16-bit move code (move16) encodes;
    /// `PackError` when it encodes none.
    fn move_from_move16(&self, code: u16) -> PyResult<Move> {
        crate::training::move_from_move16(&self.inner, code)
    }

    /// The canonical SFEN string.
    fn sfen(&self) -> String {
        self.inner.to_sfen()
    }

    /// The side to move.
    #[getter]
    fn turn(&self) -> Color {
        self.inner.turn().into()
    }

    /// The SFEN move number.
    #[getter]
    fn move_number(&self) -> u32 {
        self.inner.move_number()
    }

    /// The Zobrist key of board, hands and side to move (not the move number).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool {
        self.inner.in_check()
    }

    /// Whether the side to move is in check (the name python-shogi and cshogi use).
    fn is_check(&self) -> bool {
        self.inner.in_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }

    /// Whether the side to move has any legal move.
    fn has_legal_moves(&self) -> bool {
        self.inner.has_legal_moves()
    }

    /// The squares of the pieces giving check.
    fn checkers(&self) -> Vec<usize> {
        self.inner
            .checkers()
            .into_iter()
            .map(|s| s.index())
            .collect()
    }

    /// Every legal move, drops included, as a `MoveList` (usable with `len`, `in`, indexing and
    /// iteration).
    #[getter]
    fn legal_moves(&self) -> MoveList {
        MoveList::new(legal_moves_vec(&self.inner))
    }

    /// Every legal move as USI text; faster than `[m.usi() for m in legal_moves]`.
    fn legal_moves_usi<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = legal_moves_vec(&self.inner);
        PyList::new(py, moves.into_iter().map(|m| usi_string(py, m)))
    }

    /// The number of legal moves.
    fn count_legal_moves(&self) -> u64 {
        self.inner.count_legal_moves()
    }

    /// The legal moves of the piece on `square` (empty when there is none of the side to move).
    fn legal_moves_from<'py>(
        &self,
        py: Python<'py>,
        square: SquareArg,
    ) -> PyResult<Bound<'py, PyList>> {
        let moves = self.inner.legal_moves_from(square.0);
        move_list(py, moves.as_slice())
    }

    /// The legal drops of `role` from the hand of the side to move.
    fn legal_drops<'py>(&self, py: Python<'py>, role: RoleArg) -> PyResult<Bound<'py, PyList>> {
        let role = role.0;
        let squares = if role.is_hand_role() {
            self.inner.legal_drops(role)
        } else {
            shogi_rules::Bitboard::EMPTY
        };
        let drops: Vec<_> = squares
            .into_iter()
            .map(|to| shogi_rules::Move::drop(role, to))
            .collect();
        move_list(py, &drops)
    }

    /// Whether a move (a `Move`, or USI text) is legal here. A `Move` must also describe the
    /// piece and capture correctly; malformed USI text raises `InvalidMoveError`.
    fn is_legal(&self, py: Python<'_>, r#move: MoveArg) -> PyResult<bool> {
        Ok(self.illegal_reason(py, r#move)?.is_none())
    }

    /// Why a move is illegal (`"nifu"`, `"uchifuzume"`, …, as `IllegalMoveError.reason`), or
    /// `None` when it is legal. A `Move` whose squares make a legal move but whose piece or
    /// capture does not match the board is `"not_a_piece_move"`.
    fn illegal_reason(&self, py: Python<'_>, r#move: MoveArg) -> PyResult<Option<&'static str>> {
        let reason = match r#move {
            MoveArg::Move(m) => self.inner.check(m).err().map(|e| e.reason()),
            MoveArg::Usi(_) => self.inner.illegal_reason(r#move.usi(py)?),
        };
        Ok(reason.map(|r| r.as_str()))
    }

    /// Whether a board move from `from_square` to `to_square` `"must"`, `"may"` or can
    /// `"never"` promote, or `None` if it is not legal either way.
    fn promotion_options(
        &self,
        from_square: SquareArg,
        to_square: SquareArg,
    ) -> Option<&'static str> {
        self.inner
            .promotion_options(from_square.0, to_square.0)
            .map(|p| p.as_str())
    }

    /// The position after a legal move (a `Move` or USI text); this position is unchanged.
    fn play<'py>(&self, py: Python<'py>, r#move: MoveArg) -> PyResult<Bound<'py, Position>> {
        self.play_impl(py, &r#move)
    }

    /// The piece on `square`, or `None`.
    fn piece_at(&self, square: SquareArg) -> Option<Piece> {
        self.inner.piece_at(square.0).map(Piece::from)
    }

    /// Every piece on the board, by square.
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for sq in shogi_rules::Square::ALL {
            if let Some(p) = self.inner.piece_at(sq) {
                dict.set_item(sq.index(), Piece::from(p))?;
            }
        }
        Ok(dict)
    }

    /// The hand of `color`: a dict of the seven hand roles (rook, bishop, gold, silver,
    /// knight, lance, pawn) to their counts, zeros included.
    fn hand<'py>(&self, py: Python<'py>, color: ColorArg) -> PyResult<Bound<'py, PyDict>> {
        let hand = self.inner.hand(color.0);
        let dict = PyDict::new(py);
        for role in shogi_rules::Role::HAND {
            dict.set_item(Role::from(role), hand.get(role))?;
        }
        Ok(dict)
    }

    /// The square of `color`'s king, or `None` when it has none.
    fn king(&self, color: ColorArg) -> Option<usize> {
        self.inner.king_of(color.0).map(|s| s.index())
    }

    /// Impasse points of `color` (board and hand; rook and bishop 5, king 0, others 1).
    fn impasse_points(&self, color: ColorArg) -> u32 {
        self.inner.impasse_points(color.0)
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep. Runs without the
    /// GIL, so other Python threads go on meanwhile, and stops with `KeyboardInterrupt` at
    /// Ctrl-C. `ValueError` for a depth above 64, which no count could reach.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        check_perft_depth(depth)?;
        let mut signals = Signals::new(py);
        py.detach(|| crate::interrupt::perft(&self.inner, depth, &mut signals))
    }

    /// The leaf counts of `perft(depth)` per first move, as a dict of USI text to count.
    fn perft_divide<'py>(&self, py: Python<'py>, depth: u32) -> PyResult<Bound<'py, PyDict>> {
        check_perft_depth(depth)?;
        let mut signals = Signals::new(py);
        let divided = py.detach(|| -> PyResult<Vec<(shogi_rules::Move, u64)>> {
            let mut out = Vec::new();
            if depth == 0 {
                return Ok(out);
            }
            let mut moves = Vec::new();
            self.inner.for_each_legal_move(|m| moves.push(m));
            for m in moves {
                let mut child = self.inner.clone();
                child.play_unchecked(m);
                out.push((m, crate::interrupt::perft(&child, depth - 1, &mut signals)?));
            }
            Ok(out)
        })?;
        let dict = PyDict::new(py);
        for (m, n) in divided {
            dict.set_item(usi_string(py, m), n)?;
        }
        Ok(dict)
    }

    /// The board as SVG (pieces in kanji, both hands, `last_move` shaded when given).
    #[pyo3(signature = (last_move=None))]
    fn svg(&self, last_move: Option<Move>) -> String {
        shogi_rules::svg::render(&self.inner, last_move.map(|m| m.0))
    }

    fn _repr_svg_(&self) -> String {
        shogi_rules::svg::render(&self.inner, None)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Position>() {
            Ok(o) => self.inner == o.get().inner,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        // Python reserves -1; the top bit is dropped so the hash stays non-negative.
        (self.inner.zobrist() ^ u64::from(self.inner.move_number()).wrapping_mul(0x9e37_79b9)) >> 1
    }

    fn __repr__(&self) -> String {
        format!("Position({})", quote(&self.inner.to_sfen()))
    }

    /// The board diagram (BOD, as KIF files hold it): hands, board and side to move.
    fn __str__(&self) -> String {
        shogi_rules::record::bod(&self.inner)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = py.get_type::<Position>().getattr("_restore")?;
        Ok((restore, (self.inner.to_sfen(),)))
    }

    /// The position of a `__reduce__` SFEN: any position a `Position` held, so the text alone is
    /// checked.
    #[staticmethod]
    fn _restore(py: Python<'_>, sfen: &str) -> PyResult<Position> {
        parse_any_sfen(py, sfen).map(Position::from)
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

/// Refuses a perft depth above [`shogi_rules::MAX_PERFT_DEPTH`]: each ply is a level of
/// recursion, and no count that deep could finish.
fn check_perft_depth(depth: u32) -> PyResult<()> {
    if depth > shogi_rules::MAX_PERFT_DEPTH {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "perft depth {depth}: number too large (the limit is {})",
            shogi_rules::MAX_PERFT_DEPTH
        )));
    }
    Ok(())
}
