//! The small value types: colours, roles, pieces and squares.
//!
//! Squares are plain `int`s 0–80 (`(file - 1) * 9 + (rank - 1)`, so `SQ_1A` is 0 and `SQ_9I`
//! is 80, the order of the core); every function that takes a square also accepts its USI
//! name such as `"7g"`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use shogi_rules::{Square, notation};

use crate::errors::ShogiError;

pub use board_py::text::{quote, quote_opt};

board_py::side_enum! {
    /// A side: `Color.SENTE` (black, moves first) or `Color.GOTE`; `int(color)` is 0 or 1.
    pub enum Color in "shogi_rules._core" for shogi_rules::Color {
        SENTE = Sente,
        GOTE = Gote,
    }
    from_any = color_from_any;
}

/// A colour from a `Color`, 0/1, or `"sente"`/`"gote"`/`"b"`/`"w"`.
pub fn color_from_any(value: &Bound<'_, PyAny>) -> PyResult<Color> {
    if let Ok(c) = value.cast::<Color>() {
        return Ok(*c.get());
    }
    if let Ok(s) = value.cast::<PyString>() {
        let s = s.to_cow()?;
        // The core's names, and the SFEN letters and the English names.
        let color = s.parse::<shogi_rules::Color>().ok().or(match &*s {
            "b" | "black" => Some(shogi_rules::Color::Sente),
            "w" | "white" => Some(shogi_rules::Color::Gote),
            _ => None,
        });
        return color
            .map(Color::from)
            .ok_or_else(|| ShogiError::new_err(format!("not a colour: {s:?}")));
    }
    match value.extract::<i64>() {
        Ok(0) => Ok(Color::SENTE),
        Ok(1) => Ok(Color::GOTE),
        Ok(n) => Err(ShogiError::new_err(format!("not a colour: {n}"))),
        Err(_) => Err(PyTypeError::new_err("expected a Color")),
    }
}

/// An argument that is a colour.
pub struct ColorArg(pub shogi_rules::Color);

impl<'py> FromPyObject<'_, 'py> for ColorArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        color_from_any(&obj).map(|c| ColorArg(c.into()))
    }
}

/// A kind of piece, promoted kinds included; `int(role)` is the index used in the core.
#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum Role {
    PAWN = 0,
    LANCE = 1,
    KNIGHT = 2,
    SILVER = 3,
    BISHOP = 4,
    ROOK = 5,
    GOLD = 6,
    KING = 7,
    TOKIN = 8,
    PROMOTED_LANCE = 9,
    PROMOTED_KNIGHT = 10,
    PROMOTED_SILVER = 11,
    HORSE = 12,
    DRAGON = 13,
}

const ROLES: [Role; 14] = [
    Role::PAWN,
    Role::LANCE,
    Role::KNIGHT,
    Role::SILVER,
    Role::BISHOP,
    Role::ROOK,
    Role::GOLD,
    Role::KING,
    Role::TOKIN,
    Role::PROMOTED_LANCE,
    Role::PROMOTED_KNIGHT,
    Role::PROMOTED_SILVER,
    Role::HORSE,
    Role::DRAGON,
];

impl From<shogi_rules::Role> for Role {
    fn from(r: shogi_rules::Role) -> Role {
        ROLES[r.index()]
    }
}

impl From<Role> for shogi_rules::Role {
    fn from(r: Role) -> shogi_rules::Role {
        shogi_rules::Role::ALL[r as usize]
    }
}

#[pymethods]
impl Role {
    #[new]
    fn py_new(value: &Bound<'_, PyAny>) -> PyResult<Role> {
        role_from_any(value)
    }

    /// The promoted role, or `None` for a role that cannot promote.
    fn promoted(&self) -> Option<Role> {
        shogi_rules::Role::from(*self).promote().map(Role::from)
    }

    /// The unpromoted role (the role itself when it is not promoted).
    fn unpromoted(&self) -> Role {
        shogi_rules::Role::from(*self).unpromote().into()
    }

    /// Whether this is a promoted role.
    #[getter]
    fn is_promoted(&self) -> bool {
        shogi_rules::Role::from(*self).is_promoted()
    }

    /// The SFEN letter of the sente piece: `"P"`, `"+R"`, `"K"`.
    fn sfen(&self) -> String {
        let r = shogi_rules::Role::from(*self);
        let letter = r.sfen_char();
        if r.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }

    /// The Western letter: `"P"`, `"+B"`, …
    fn western(&self) -> &'static str {
        notation::western::piece_letter((*self).into())
    }

    /// The Japanese name: `"歩"`, `"成銀"`, `"龍"`, …
    fn japanese(&self) -> &'static str {
        notation::japanese::piece_name((*self).into())
    }

    /// The CSA code: `"FU"`, `"UM"`, …
    fn csa(&self) -> &'static str {
        notation::csa::piece_code((*self).into())
    }

    fn __str__(&self) -> &'static str {
        shogi_rules::Role::from(*self).as_str()
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

/// A role from a `Role`, its index, its snake_case name (`"pawn"`, `"promoted_silver"`), a
/// SFEN letter (`"P"`, `"+s"`) or a CSA code (`"FU"`).
pub fn role_from_any(value: &Bound<'_, PyAny>) -> PyResult<Role> {
    if let Ok(r) = value.cast::<Role>() {
        return Ok(*r.get());
    }
    if let Ok(s) = value.cast::<PyString>() {
        let s = s.to_cow()?;
        let s: &str = &s;
        let found = s
            .parse::<shogi_rules::Role>()
            .ok()
            .or_else(|| notation::csa::role_from_code(s))
            .or_else(|| {
                let (promoted, letter) = match s.strip_prefix('+') {
                    Some(rest) => (true, rest),
                    None => (false, s),
                };
                let mut chars = letter.chars();
                let role = shogi_rules::Role::from_sfen_char(chars.next()?)?;
                if chars.next().is_some() {
                    return None;
                }
                if promoted { role.promote() } else { Some(role) }
            });
        return found
            .map(Role::from)
            .ok_or_else(|| ShogiError::new_err(format!("not a piece kind: {s:?}")));
    }
    match value.extract::<i64>() {
        Ok(n) => usize::try_from(n)
            .ok()
            .and_then(shogi_rules::Role::from_index)
            .map(Role::from)
            .ok_or_else(|| ShogiError::new_err(format!("not a piece kind: {n}"))),
        Err(_) => Err(PyTypeError::new_err("expected a Role")),
    }
}

/// An argument that is a role.
pub struct RoleArg(pub shogi_rules::Role);

impl<'py> FromPyObject<'_, 'py> for RoleArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        role_from_any(&obj).map(|r| RoleArg(r.into()))
    }
}

/// A piece: a role with a colour.
#[pyclass(frozen, eq, hash, from_py_object, module = "shogi_rules._core")]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    #[pyo3(get)]
    color: Color,
    /// The kind.
    #[pyo3(get)]
    role: Role,
}

impl From<shogi_rules::Piece> for Piece {
    fn from(p: shogi_rules::Piece) -> Piece {
        Piece {
            color: p.color.into(),
            role: p.role.into(),
        }
    }
}

#[pymethods]
impl Piece {
    #[new]
    fn py_new(color: ColorArg, role: RoleArg) -> Piece {
        Piece {
            color: color.0.into(),
            role: role.0.into(),
        }
    }

    /// The SFEN letters: upper case for sente, lower case for gote, `+` for promoted (`"+p"`).
    fn sfen(&self) -> String {
        let letters = self.role.sfen();
        match self.color {
            Color::SENTE => letters,
            Color::GOTE => letters.to_lowercase(),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Piece({}, {})",
            color_repr(self.color),
            role_repr(self.role)
        )
    }

    fn __str__(&self) -> String {
        self.sfen()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Color, Role))> {
        Ok((py.get_type::<Piece>().into_any(), (self.color, self.role)))
    }
}

fn color_repr(c: Color) -> &'static str {
    match c {
        Color::SENTE => "Color.SENTE",
        Color::GOTE => "Color.GOTE",
    }
}

fn role_repr(r: Role) -> String {
    format!(
        "Role.{}",
        shogi_rules::Role::from(r).as_str().to_ascii_uppercase()
    )
}

/// A square from an `int` 0–80 or a USI name like `"7g"`.
pub fn square_from_any(value: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Ok(s) = value.cast::<PyString>() {
        let s = s.to_cow()?;
        let s: &str = &s;
        return s.parse().map_err(|_| {
            ShogiError::new_err(format!(
                "not a square: {s:?} (expected a file 1-9 and a rank a-i, like \"7g\")"
            ))
        });
    }
    match value.extract::<i64>() {
        Ok(n) => u8::try_from(n)
            .ok()
            .and_then(Square::from_index)
            .ok_or_else(|| ShogiError::new_err(format!("not a square: {n} (expected 0-80)"))),
        Err(_) => Err(PyTypeError::new_err(
            "expected a square: an int 0-80 or a name like \"7g\"",
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

/// The USI name of a square: `square_name(SQ_7G) == "7g"`.
#[pyfunction]
pub fn square_name(square: SquareArg) -> String {
    square.0.to_string()
}

/// The square (an int) of a USI name or an int: `parse_square("7g") == SQ_7G`.
#[pyfunction]
pub fn parse_square(name: SquareArg) -> usize {
    name.0.index()
}

/// The square at `file` (1–9) and `rank` (1–9, 1 = `a`).
#[pyfunction]
pub fn square(file: u8, rank: u8) -> PyResult<usize> {
    Square::new(file, rank)
        .map(Square::index)
        .ok_or_else(|| ShogiError::new_err(format!("no square at file {file}, rank {rank}")))
}

/// The file (1–9) of a square.
#[pyfunction]
pub fn square_file(square: SquareArg) -> u8 {
    square.0.file()
}

/// The rank (1–9, 1 = `a`) of a square.
#[pyfunction]
pub fn square_rank(square: SquareArg) -> u8 {
    square.0.rank()
}

/// Adds `SQ_1A` … `SQ_9I`, `SQUARES` and `SQUARE_NAMES` to the module.
pub fn add_squares(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let mut names = Vec::with_capacity(81);
    for sq in Square::ALL {
        let name = sq.to_string();
        m.add(
            format!("SQ_{}", name.to_ascii_uppercase()).as_str(),
            sq.index(),
        )?;
        names.push(name);
    }
    m.add("SQUARES", (0..81usize).collect::<Vec<_>>())?;
    m.add("SQUARE_NAMES", names)?;
    Ok(())
}
