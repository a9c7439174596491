//! `Move`: a frozen wrapper of the core's 32-bit move, and its notations.

use board_py::sequence;
use pyo3::IntoPyObjectExt;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use pyo3::types::{PyInt, PyIterator, PyList, PyString};
use shogi_rules::notation::{csa, japanese, western};

use crate::errors::{self, InvalidMoveError};
use crate::position::Position;
use crate::types::Role;

/// A legal move of some position: the squares, the piece that moves, what it captures and
/// whether it promotes. Frozen and hashable; two moves are equal when all of that is equal.
// Up to 1,024 freed objects are kept for reuse (more than the longest move list).
#[pyclass(frozen, freelist = 1024, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub shogi_rules::Move);

impl From<shogi_rules::Move> for Move {
    #[inline]
    fn from(m: shogi_rules::Move) -> Move {
        Move(m)
    }
}

/// The USI text of every possible move, made once per interpreter: handing out a new reference
/// to a cached string is much cheaper than formatting one.
static USI_TEXTS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// Board moves: `from * 81 + to`, plus 6561 when promoting; drops follow.
const DROPS: usize = 2 * 81 * 81;

fn usi_index(m: shogi_rules::Move) -> usize {
    match m.from() {
        Some(from) => {
            from.index() * 81 + m.to().index() + if m.is_promotion() { 81 * 81 } else { 0 }
        }
        None => DROPS + m.role().index() * 81 + m.to().index(),
    }
}

fn usi_texts(py: Python<'_>) -> &Vec<Py<PyString>> {
    USI_TEXTS.get_or_init(py, || {
        let mut texts = Vec::with_capacity(DROPS + 7 * 81);
        for promote in [false, true] {
            for from in shogi_rules::Square::ALL {
                for to in shogi_rules::Square::ALL {
                    let text = format!("{from}{to}{}", if promote { "+" } else { "" });
                    texts.push(PyString::intern(py, &text).unbind());
                }
            }
        }
        for role in &shogi_rules::Role::ALL[..7] {
            for to in shogi_rules::Square::ALL {
                let text = format!("{}*{to}", role.sfen_char());
                texts.push(PyString::intern(py, &text).unbind());
            }
        }
        texts
    })
}

/// The USI text of `m` as a Python string.
#[inline]
pub fn usi_string(py: Python<'_>, m: shogi_rules::Move) -> Bound<'_, PyString> {
    usi_texts(py)[usi_index(m)].bind(py).clone()
}

/// A list of new `Move` objects for `moves`.
pub fn move_list<'py>(
    py: Python<'py>,
    moves: &[shogi_rules::Move],
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, moves.iter().map(|&m| Move(m)))
}

/// The Japanese side mark argument: `"triangle"` (▲△), `"piece"` (☗☖) or `"none"`.
fn mark(name: &str) -> PyResult<japanese::Mark> {
    name.parse().map_err(|e| errors::name_error(&e))
}

#[pymethods]
impl Move {
    /// The move's 16-bit code (move16), as HCPE and PSV files hold it.
    #[getter]
    fn move16(&self) -> u16 {
        self.0.to_move16()
    }

    /// Resolves USI text (`"7g7f"`, `"8h2b+"`, `"P*5e"`) against `position`.
    #[staticmethod]
    fn from_usi(py: Python<'_>, text: &str, position: &Position) -> PyResult<Move> {
        position
            .inner
            .parse_usi_move(text)
            .map(Move)
            .map_err(|e| errors::usi_move_error(py, &e))
    }

    /// Resolves Western notation (`"P-7f"`, `"Bx2b+"`, `"G6h-5h"`) against `position`.
    #[staticmethod]
    fn from_western(py: Python<'_>, text: &str, position: &Position) -> PyResult<Move> {
        western::parse(&position.inner, text)
            .map(Move)
            .map_err(|e| errors::western_error(py, &e))
    }

    /// Resolves Japanese notation (`"▲７六歩"`, `"同　銀"`, `"５八金(69)"`) against
    /// `position`; `previous` is the move before it, which `同` refers to.
    #[staticmethod]
    #[pyo3(signature = (text, position, previous=None))]
    fn from_japanese(
        py: Python<'_>,
        text: &str,
        position: &Position,
        previous: Option<Move>,
    ) -> PyResult<Move> {
        japanese::parse(&position.inner, text, previous.map(|m| m.0))
            .map(Move)
            .map_err(|e| errors::japanese_error(py, &e))
    }

    /// Resolves CSA notation (`"+7776FU"`, `"7776FU"`) against `position`.
    #[staticmethod]
    fn from_csa(py: Python<'_>, text: &str, position: &Position) -> PyResult<Move> {
        csa::parse(&position.inner, text)
            .map(Move)
            .map_err(|e| errors::csa_error(py, &e))
    }

    /// The move with the given `bits` (as `Move.bits` gives them).
    #[staticmethod]
    fn from_bits(bits: u32) -> PyResult<Move> {
        shogi_rules::Move::from_bits(bits)
            .map(Move)
            .ok_or_else(|| InvalidMoveError::new_err(format!("{bits:#x} is not a move")))
    }

    /// The USI text: `"7g7f"`, `"8h2b+"`, `"P*5e"`.
    fn usi<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        usi_string(py, self.0)
    }

    /// Western notation in `position` (the position the move is played from): `"P-7f"`.
    fn western(&self, position: &Position) -> String {
        western::format(&position.inner, self.0)
    }

    /// Japanese notation in `position`, with the JSA words that tell pieces apart
    /// (`"▲５八金左"`); `previous` (the move before) gives `同`; `mark` is `"triangle"`
    /// (▲△), `"piece"` (☗☖) or `"none"`.
    #[pyo3(signature = (position, previous=None, mark="triangle"))]
    fn japanese(
        &self,
        position: &Position,
        previous: Option<Move>,
        mark: &str,
    ) -> PyResult<String> {
        Ok(japanese::format(
            &position.inner,
            self.0,
            previous.map(|m| m.0),
            self::mark(mark)?,
        ))
    }

    /// The KIF form (`"７六歩(77)"`, `"同　銀(68)"`); needs no position.
    #[pyo3(signature = (previous=None))]
    fn kif(&self, previous: Option<Move>) -> String {
        japanese::format_kif(self.0, previous.map(|m| m.0))
    }

    /// CSA notation with the side sign: `"+7776FU"`.
    fn csa(&self, position: &Position) -> String {
        csa::format(&position.inner, self.0)
    }

    /// The origin square, or `None` for a drop.
    #[getter]
    #[pyo3(name = "from_square")]
    fn origin(&self) -> Option<usize> {
        self.0.from().map(|s| s.index())
    }

    /// The destination square.
    #[getter]
    #[pyo3(name = "to_square")]
    fn destination(&self) -> usize {
        self.0.to().index()
    }

    /// The role of the moving or dropped piece, before any promotion.
    #[getter]
    fn role(&self) -> Role {
        self.0.role().into()
    }

    /// The role after the move (the promoted role when the move promotes).
    #[getter]
    fn role_after(&self) -> Role {
        self.0.role_after().into()
    }

    /// Whether the move promotes.
    #[getter]
    fn promotion(&self) -> bool {
        self.0.is_promotion()
    }

    /// Whether the move is a drop.
    #[getter]
    fn is_drop(&self) -> bool {
        self.0.is_drop()
    }

    /// The role of the captured piece, or `None`.
    #[getter]
    fn captured(&self) -> Option<Role> {
        self.0.capture().map(Role::from)
    }

    /// The move as an integer that `Move.from_bits` turns back into the move.
    #[getter]
    fn bits(&self) -> u32 {
        self.0.to_bits()
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        usi_string(py, self.0)
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
        u64::from(self.0.to_bits())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u32,))> {
        let from_bits = py.get_type::<Move>().getattr("from_bits")?;
        Ok((from_bits, (self.0.to_bits(),)))
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

/// A move argument: a `Move`, or USI text resolved against a position.
pub enum MoveArg {
    Move(shogi_rules::Move),
    Usi(String),
}

impl<'py> FromPyObject<'_, 'py> for MoveArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(m) = obj.cast::<Move>() {
            return Ok(MoveArg::Move(m.get().0));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(MoveArg::Usi(s.to_cow()?.into_owned()));
        }
        if obj.is_instance_of::<PyInt>() {
            // A move code as `Move.bits` and `MoveList.bits()` give them.
            return obj
                .extract::<u32>()
                .ok()
                .and_then(shogi_rules::Move::from_bits)
                .map(MoveArg::Move)
                .ok_or_else(|| InvalidMoveError::new_err(format!("{} is not a move code", &*obj)));
        }
        Err(pyo3::exceptions::PyTypeError::new_err(
            "expected a Move, USI move text or a move code (int)",
        ))
    }
}

impl MoveArg {
    /// The USI form of the argument (for checks that only look at the squares).
    pub fn usi(&self, py: Python<'_>) -> PyResult<shogi_rules::UsiMove> {
        match self {
            MoveArg::Move(m) => Ok(m.to_usi()),
            MoveArg::Usi(text) => text.parse().map_err(|e| errors::usi_syntax_error(py, &e)),
        }
    }
}

/// The legal moves of a position, kept packed: a `Move` object is made for each item read.
/// Behaves as a read-only list of `Move` objects (length, indexing with negative indices and
/// slices, iteration, `in` with a `Move` or USI text, equality with a list of moves).
#[pyclass(frozen, sequence, module = "shogi_rules._core")]
pub struct MoveList {
    moves: Vec<shogi_rules::Move>,
}

impl MoveList {
    pub fn new(moves: Vec<shogi_rules::Move>) -> MoveList {
        MoveList { moves }
    }

    /// The move `item` stands for when it is a `Move` or a valid move code.
    fn item_move(item: &Bound<'_, PyAny>) -> Option<shogi_rules::Move> {
        if let Ok(m) = item.cast::<Move>() {
            return Some(m.get().0);
        }
        if item.is_instance_of::<PyInt>() {
            return item
                .extract::<u32>()
                .ok()
                .and_then(shogi_rules::Move::from_bits);
        }
        None
    }

    /// The moves of `other` when it is a `MoveList` or a sequence of `Move` objects only.
    fn moves_of(other: &Bound<'_, PyAny>) -> Option<Vec<shogi_rules::Move>> {
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

    /// Whether `item` (a `Move`, a move code or USI text) is in the list.
    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        if let Some(m) = MoveList::item_move(item) {
            return self.moves.contains(&m);
        }
        let Ok(text) = item.cast::<PyString>() else {
            return false;
        };
        let Ok(usi) = text.to_cow().map(|t| t.parse::<shogi_rules::UsiMove>()) else {
            return false;
        };
        usi.is_ok_and(|usi| self.moves.iter().any(|m| m.to_usi() == usi))
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
        self.moves.iter().map(|m| m.to_bits()).collect()
    }

    /// The list itself: `legal_moves` is a property, and code that calls it as the method it
    /// once was (`legal_moves()`) gets the same list.
    fn __call__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// The moves as USI text.
    fn usi<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.moves.iter().map(|&m| usi_string(py, m)))
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
