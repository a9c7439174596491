//! `Move`, a frozen wrapper of the core's move, and `MoveList`, a packed list of them.

use board_py::sequence;
use pyo3::IntoPyObjectExt;
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyIterator, PyList, PyString};
use xiangqi_rules::{IccsMove, Square};

use crate::errors::{self, InvalidMoveError};
use crate::position::Position;
use crate::types::Role;

/// The integer code of a move: the origin in bits 0–6, the destination in bits 7–13, the role
/// in bits 14–16 and the captured role plus one (0: no capture) in bits 17–19.
pub fn to_bits(m: xiangqi_rules::Move) -> u32 {
    let capture = m.capture.map_or(0, |r| r.index() + 1);
    // Every part is below 128, so the casts lose nothing.
    (m.from.index() | m.to.index() << 7 | m.role.index() << 14 | capture << 17) as u32
}

/// The move of an integer code, if it is one (`to_bits` of some move).
pub fn from_bits(bits: u32) -> Option<xiangqi_rules::Move> {
    if bits >> 20 != 0 {
        return None;
    }
    let part = |shift: u32, mask: u32| ((bits >> shift) & mask) as usize;
    let from = Square::from_index(part(0, 0x7f))?;
    let to = Square::from_index(part(7, 0x7f))?;
    let role = xiangqi_rules::Role::from_index(part(14, 7))?;
    let capture = match part(17, 7) {
        0 => None,
        n => Some(xiangqi_rules::Role::from_index(n - 1)?),
    };
    (from != to).then_some(xiangqi_rules::Move::new(role, from, to, capture))
}

/// A move of some position: the role that moves, the origin and destination and the role it
/// captures. Frozen and hashable; two moves are equal when all of that is equal.
#[pyclass(frozen, freelist = 256, from_py_object, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub xiangqi_rules::Move);

#[pymethods]
impl Move {
    /// Resolves ICCS text (`"h2e2"`, `"H2-E2"`) against `position`: the legal move it names.
    #[staticmethod]
    fn from_iccs(py: Python<'_>, text: &str, position: &Position) -> PyResult<Move> {
        position
            .inner
            .parse_iccs_move(text)
            .map(Move)
            .map_err(|e| errors::iccs_move_error(py, &e))
    }

    /// Resolves `text` in `notation` (`"iccs"`: `h2e2`; `"uci"`, ranks 1–10: `h3e3`;
    /// `"wxf"`: `C2.5`; `"chinese"`: `炮二平五`) against `position`: the legal move it means.
    /// `NotationError` when it is not a move in the notation, names no legal move or fits
    /// several.
    #[staticmethod]
    #[pyo3(signature = (text, position, notation="iccs"))]
    fn from_notation(
        py: Python<'_>,
        text: &str,
        position: &Position,
        notation: &str,
    ) -> PyResult<Move> {
        notation_arg(notation)?
            .parse(&position.inner, text)
            .map(Move)
            .map_err(|e| errors::notation_error(py, &e))
    }

    /// The move with the given `bits` (as `Move.bits` gives them).
    #[staticmethod]
    fn from_bits(bits: &Bound<'_, PyAny>) -> PyResult<Move> {
        move_of_code(bits).map(Move)
    }

    /// The ICCS text: `"h2e2"`.
    fn iccs(&self) -> String {
        self.0.to_string()
    }

    /// The UCI text of Fairy-Stockfish, with ranks 1–10: `"h3e3"`.
    fn uci(&self) -> String {
        xiangqi_rules::notation::Notation::Uci.format(&xiangqi_rules::Position::startpos(), self.0)
    }

    /// The WXF text of this move, a legal move of `position`: `"C2.5"`.
    fn wxf(&self, py: Python<'_>, position: &Position) -> PyResult<String> {
        self.format(py, position, xiangqi_rules::notation::Notation::Wxf)
    }

    /// The Chinese text of this move, a legal move of `position`: `"炮二平五"`.
    fn chinese(&self, py: Python<'_>, position: &Position) -> PyResult<String> {
        self.format(py, position, xiangqi_rules::notation::Notation::Chinese)
    }

    /// The text of this move, a legal move of `position`, in `notation` (`"iccs"`, `"uci"`,
    /// `"wxf"` or `"chinese"`).
    #[pyo3(signature = (position, notation="iccs"))]
    fn notation(&self, py: Python<'_>, position: &Position, notation: &str) -> PyResult<String> {
        self.format(py, position, notation_arg(notation)?)
    }

    /// The origin square (0–89).
    #[getter]
    #[pyo3(name = "from_square")]
    fn origin(&self) -> usize {
        self.0.from.index()
    }

    /// The destination square (0–89).
    #[getter]
    #[pyo3(name = "to_square")]
    fn destination(&self) -> usize {
        self.0.to.index()
    }

    /// The role of the moving piece.
    #[getter]
    fn role(&self) -> Role {
        self.0.role.into()
    }

    /// The role of the captured piece, or `None`.
    #[getter]
    fn capture(&self) -> Option<Role> {
        self.0.capture.map(Role::from)
    }

    /// The move as an integer that `Move.from_bits` turns back into the move, accepted
    /// wherever a move is.
    #[getter]
    fn bits(&self) -> u32 {
        to_bits(self.0)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}>", self.0)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        match other.cast::<Move>() {
            Ok(o) => op
                .matches(self.0.cmp(&o.get().0))
                .into_py_any(py)
                .unwrap_or_else(|_| py.None()),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        u64::from(to_bits(self.0))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u32,))> {
        let from_bits = py.get_type::<Move>().getattr("from_bits")?;
        Ok((from_bits, (to_bits(self.0),)))
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

impl Move {
    /// The move in `notation`, after checking that it is legal in `position` (the descriptive
    /// notations describe a legal move only).
    fn format(
        &self,
        py: Python<'_>,
        position: &Position,
        notation: xiangqi_rules::notation::Notation,
    ) -> PyResult<String> {
        position
            .inner
            .clone()
            .play(self.0)
            .map_err(|e| errors::illegal_move_error(py, &e))?;
        Ok(notation.format(&position.inner, self.0))
    }
}

/// A notation from its name (`"iccs"`, `"uci"`, `"wxf"`, `"chinese"`), in any case.
pub fn notation_arg(name: &str) -> PyResult<xiangqi_rules::notation::Notation> {
    name.to_ascii_lowercase()
        .parse()
        .map_err(|e: xiangqi_rules::ParseNameError| {
            errors::name_error(&xiangqi_rules::ParseNameError {
                text: name.to_owned(),
                ..e
            })
        })
}

/// The move of an int code, or `InvalidMoveError`.
fn move_of_code(code: &Bound<'_, PyAny>) -> PyResult<xiangqi_rules::Move> {
    if !code.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err("expected a move code (int)"));
    }
    code.extract::<u32>()
        .ok()
        .and_then(from_bits)
        .ok_or_else(|| {
            let text = code.str().map(|s| s.to_string()).unwrap_or_default();
            let err = InvalidMoveError::new_err(format!("{text} is not a move code"));
            let _ = err.value(code.py()).setattr("text", text);
            err
        })
}

/// A move argument: a `Move`, ICCS text resolved against a position, or a move code.
pub enum MoveArg {
    Move(xiangqi_rules::Move),
    Iccs(String),
}

impl<'py> FromPyObject<'_, 'py> for MoveArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(m) = obj.cast::<Move>() {
            return Ok(MoveArg::Move(m.get().0));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(MoveArg::Iccs(s.to_cow()?.into_owned()));
        }
        if obj.is_instance_of::<PyInt>() {
            return move_of_code(&obj).map(MoveArg::Move);
        }
        Err(PyTypeError::new_err(
            "expected a Move, ICCS move text or a move code (int)",
        ))
    }
}

impl MoveArg {
    /// The move the argument names in `position`: a `Move` or a code as it is (checked when
    /// played), text resolved to the legal move from its origin to its destination.
    pub fn resolve(
        &self,
        py: Python<'_>,
        position: &xiangqi_rules::Position,
    ) -> PyResult<xiangqi_rules::Move> {
        match self {
            MoveArg::Move(m) => Ok(*m),
            MoveArg::Iccs(text) => position
                .parse_iccs_move(text)
                .map_err(|e| errors::iccs_move_error(py, &e)),
        }
    }
}

/// A list of new `Move` objects for `moves`.
pub fn move_list<'py>(
    py: Python<'py>,
    moves: &[xiangqi_rules::Move],
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, moves.iter().map(|&m| Move(m)))
}

/// A list of moves, kept packed: a `Move` object is made for each item read. Behaves as a
/// read-only list of `Move` objects (length, indexing with negative indices and slices,
/// iteration, `in` with a `Move`, ICCS text or a move code, equality with a list of moves).
#[pyclass(frozen, sequence, module = "xiangqi_rules._core")]
pub struct MoveList {
    moves: Vec<xiangqi_rules::Move>,
}

impl MoveList {
    pub fn new(moves: Vec<xiangqi_rules::Move>) -> MoveList {
        MoveList { moves }
    }

    /// The move `item` stands for when it is a `Move` or a valid move code.
    fn item_move(item: &Bound<'_, PyAny>) -> Option<xiangqi_rules::Move> {
        if let Ok(m) = item.cast::<Move>() {
            return Some(m.get().0);
        }
        if item.is_instance_of::<PyInt>() {
            return item.extract::<u32>().ok().and_then(from_bits);
        }
        None
    }

    /// The moves of `other` when it is a `MoveList` or a list or tuple of `Move` objects only.
    fn moves_of(other: &Bound<'_, PyAny>) -> Option<Vec<xiangqi_rules::Move>> {
        sequence::items_of(
            other,
            |o| o.cast::<MoveList>().ok().map(|l| l.get().moves.clone()),
            |item| item.cast::<Move>().ok().map(|m| m.get().0),
        )
    }
}

#[pymethods]
impl MoveList {
    /// A list of the given moves.
    #[new]
    #[pyo3(signature = (moves=None))]
    fn py_new(moves: Option<&Bound<'_, PyAny>>) -> PyResult<MoveList> {
        sequence::collect(moves, |item| Ok(item.extract::<Move>()?.0)).map(MoveList::new)
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        sequence::get_item(&self.moves, index, "MoveList", MoveList::new, Move)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        move_list(py, &self.moves)?.try_iter()
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let reversed: Vec<_> = self.moves.iter().rev().copied().collect();
        move_list(py, &reversed)?.try_iter()
    }

    /// Whether `item` (a `Move`, a move code or ICCS text) is in the list.
    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        if let Some(m) = MoveList::item_move(item) {
            return self.moves.contains(&m);
        }
        let Ok(text) = item.cast::<PyString>() else {
            return false;
        };
        let Ok(Ok(iccs)) = text.to_cow().map(|t| t.parse::<IccsMove>()) else {
            return false;
        };
        self.moves.iter().any(|m| m.iccs() == iccs)
    }

    /// The index of the first move equal to `item` (a `Move` or a move code), or `ValueError`.
    fn index(&self, item: &Bound<'_, PyAny>) -> PyResult<usize> {
        sequence::index_of(
            &self.moves,
            MoveList::item_move(item),
            "move not in the list",
        )
    }

    /// How many moves equal `item` (a `Move` or a move code).
    fn count(&self, item: &Bound<'_, PyAny>) -> usize {
        sequence::count_of(&self.moves, MoveList::item_move(item))
    }

    /// The moves as integer codes (`Move.bits`), which every method that takes a move accepts.
    fn bits(&self) -> Vec<u32> {
        self.moves.iter().map(|&m| to_bits(m)).collect()
    }

    /// The moves as ICCS text.
    fn iccs(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.to_string()).collect()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        sequence::compare(other.py(), &self.moves, MoveList::moves_of(other), op)
    }

    fn __repr__(&self) -> String {
        sequence::repr("MoveList", &self.moves, |m| format!("<Move {m}>"))
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyList>,))> {
        Ok((
            py.get_type::<MoveList>().into_any(),
            (move_list(py, &self.moves)?,),
        ))
    }
}
