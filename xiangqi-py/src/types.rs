//! The small value types: colours, roles, pieces and squares.
//!
//! Squares are plain `int`s 0–89 (`rank * 9 + file`, so `a0` is 0 and `i9` is 89, the order of
//! the core); every function that takes a square also accepts its ICCS name such as `"e0"`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use xiangqi_rules::Square;

use crate::errors::{self, XiangqiError};

pub use board_py::text::quote;

board_py::side_enum! {
    /// A side: `Color.RED` (moves first, upper case in FEN) or `Color.BLACK`; `int(color)` is 0 or 1.
    pub enum Color in "xiangqi_rules._core" for xiangqi_rules::Color {
        RED = Red,
        BLACK = Black,
    }
    from_any = color_from_any;
}

/// A colour from a `Color`, 0/1, or `"red"`/`"black"` (also the FEN letters `"w"`, `"r"`, `"b"`).
pub fn color_from_any(value: &Bound<'_, PyAny>) -> PyResult<Color> {
    if let Ok(c) = value.cast::<Color>() {
        return Ok(*c.get());
    }
    if let Ok(s) = value.cast::<PyString>() {
        let s = s.to_cow()?;
        let mut chars = s.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) => xiangqi_rules::Color::from_fen_char(c),
            _ => None,
        };
        return match letter {
            Some(c) => Ok(c.into()),
            None => s
                .parse::<xiangqi_rules::Color>()
                .map(Color::from)
                .map_err(|e| errors::name_error(&e)),
        };
    }
    match value.extract::<i64>() {
        Ok(0) => Ok(Color::RED),
        Ok(1) => Ok(Color::BLACK),
        Ok(n) => Err(XiangqiError::new_err(format!("not a colour: {n}"))),
        Err(_) => Err(PyTypeError::new_err("expected a Color")),
    }
}

/// An argument that is a colour.
pub struct ColorArg(pub xiangqi_rules::Color);

impl<'py> FromPyObject<'_, 'py> for ColorArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        color_from_any(&obj).map(|c| ColorArg(c.into()))
    }
}

/// A kind of piece; `int(role)` is the index used in the core.
#[pyclass(
    eq,
    eq_int,
    frozen,
    hash,
    from_py_object,
    module = "xiangqi_rules._core"
)]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::upper_case_acronyms)]
pub enum Role {
    GENERAL = 0,
    ADVISOR = 1,
    ELEPHANT = 2,
    HORSE = 3,
    CHARIOT = 4,
    CANNON = 5,
    SOLDIER = 6,
}

const ROLES: [Role; 7] = [
    Role::GENERAL,
    Role::ADVISOR,
    Role::ELEPHANT,
    Role::HORSE,
    Role::CHARIOT,
    Role::CANNON,
    Role::SOLDIER,
];

impl From<xiangqi_rules::Role> for Role {
    fn from(r: xiangqi_rules::Role) -> Role {
        ROLES[r.index()]
    }
}

impl From<Role> for xiangqi_rules::Role {
    fn from(r: Role) -> xiangqi_rules::Role {
        xiangqi_rules::Role::ALL[r as usize]
    }
}

#[pymethods]
impl Role {
    #[new]
    fn py_new(value: &Bound<'_, PyAny>) -> PyResult<Role> {
        role_from_any(value)
    }

    /// The upper-case FEN letter: `"K"`, `"A"`, `"B"`, `"N"`, `"R"`, `"C"` or `"P"`.
    fn char(&self) -> String {
        xiangqi_rules::Role::from(*self).char().to_string()
    }

    /// Whether this is a chariot, horse, cannon or soldier: the roles whose absence on both
    /// sides draws the game at once (bare material).
    #[getter]
    fn is_attacker(&self) -> bool {
        xiangqi_rules::Role::from(*self).is_attacker()
    }

    fn __str__(&self) -> &'static str {
        xiangqi_rules::Role::from(*self).as_str()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u8,))> {
        Ok((py.get_type::<Role>().into_any(), (*self as u8,)))
    }

    /// The member's name, as in `Role.NAME`.
    #[getter]
    fn name(&self) -> String {
        self.__str__().to_ascii_uppercase()
    }

    /// The member's int value.
    #[getter]
    fn value(&self) -> u8 {
        *self as u8
    }
}

/// A role from a `Role`, its int value, its name (`"horse"`) or a FEN letter (`"N"`, `"h"`).
pub fn role_from_any(value: &Bound<'_, PyAny>) -> PyResult<Role> {
    if let Ok(r) = value.cast::<Role>() {
        return Ok(*r.get());
    }
    if let Ok(s) = value.cast::<PyString>() {
        let s = s.to_cow()?;
        let mut chars = s.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) => xiangqi_rules::Role::from_char(c),
            _ => None,
        };
        return match letter {
            Some(r) => Ok(r.into()),
            None => s
                .parse::<xiangqi_rules::Role>()
                .map(Role::from)
                .map_err(|e| errors::name_error(&e)),
        };
    }
    match value.extract::<i64>() {
        Ok(n) => usize::try_from(n)
            .ok()
            .and_then(|i| ROLES.get(i).copied())
            .ok_or_else(|| XiangqiError::new_err(format!("not a role: {n}"))),
        Err(_) => Err(PyTypeError::new_err("expected a Role")),
    }
}

/// An argument that is a role.
pub struct RoleArg(pub xiangqi_rules::Role);

impl<'py> FromPyObject<'_, 'py> for RoleArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        role_from_any(&obj).map(|r| RoleArg(r.into()))
    }
}

/// A piece: a role with a colour.
#[pyclass(frozen, eq, hash, from_py_object, module = "xiangqi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    #[pyo3(get)]
    color: Color,
    /// The kind.
    #[pyo3(get)]
    role: Role,
}

impl From<xiangqi_rules::Piece> for Piece {
    fn from(p: xiangqi_rules::Piece) -> Piece {
        Piece {
            color: p.color.into(),
            role: p.role.into(),
        }
    }
}

impl From<Piece> for xiangqi_rules::Piece {
    fn from(p: Piece) -> xiangqi_rules::Piece {
        xiangqi_rules::Piece::new(p.color.into(), p.role.into())
    }
}

#[pymethods]
impl Piece {
    #[new]
    fn py_new(color: ColorArg, role: RoleArg) -> Piece {
        xiangqi_rules::Piece::new(color.0, role.0).into()
    }

    /// The piece of a FEN letter (`"C"` a red cannon, `"n"` a black horse; also `E` and `H`).
    #[staticmethod]
    fn from_char(letter: &str) -> PyResult<Piece> {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => xiangqi_rules::Piece::from_char(c).map(Piece::from),
            _ => None,
        }
        .ok_or_else(|| XiangqiError::new_err(format!("not a piece letter: {letter:?}")))
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    fn char(&self) -> String {
        xiangqi_rules::Piece::from(*self).char().to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Piece(Color.{}, Role.{})",
            self.color.name(),
            self.role.name()
        )
    }

    fn __str__(&self) -> String {
        self.char()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Color, Role))> {
        Ok((py.get_type::<Piece>().into_any(), (self.color, self.role)))
    }
}

/// A square from an int 0–89 or an ICCS name (`"e0"`).
pub fn square_from_any(value: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Ok(s) = value.cast::<PyString>() {
        let s = s.to_cow()?;
        return s
            .parse::<Square>()
            .map_err(|e| XiangqiError::new_err(e.to_string()));
    }
    match value.extract::<i64>() {
        Ok(n) => usize::try_from(n)
            .ok()
            .and_then(Square::from_index)
            .ok_or_else(|| XiangqiError::new_err(format!("not a square: {n} (expected 0-89)"))),
        Err(_) => Err(PyTypeError::new_err(
            "expected a square: an int 0-89 or a name such as \"e0\"",
        )),
    }
}

/// An argument that is a square.
pub struct SquareArg(pub Square);

impl<'py> FromPyObject<'_, 'py> for SquareArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        square_from_any(&obj).map(SquareArg)
    }
}

/// The ICCS name of a square (`0` → `"a0"`, `89` → `"i9"`).
#[pyfunction]
pub fn square_name(square: SquareArg) -> String {
    square.0.to_string()
}

/// The index (0–89) of a square given by its ICCS name (`"e0"` → 4).
#[pyfunction]
pub fn parse_square(name: SquareArg) -> usize {
    name.0.index()
}
