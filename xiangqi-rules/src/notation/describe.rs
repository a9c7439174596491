//! The descriptive form shared by WXF and Chinese notation: which piece
//! (by its file, or by its place among identical pieces on one file), the
//! direction, and a number.
//!
//! [`Facts`] describes a legal move the way both notations see it;
//! [`Query`] is what a text says about the move it means; [`resolve`] finds
//! the legal moves that fit a query.

use crate::{Color, Move, Position, Role, Square};

/// Forward (towards the opponent), backward, or along the rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    /// `+`, 进.
    Forward,
    /// `-`, 退.
    Backward,
    /// `.`, 平.
    Sideways,
}

/// The file number of `sq` for `color`: 1–9 from that player's right.
pub(crate) const fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// A legal move as the descriptive notations see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Facts {
    /// The moving role.
    pub role: Role,
    /// The origin's file number, 1–9 from the mover's right.
    pub file: u8,
    /// The direction.
    pub dir: Dir,
    /// Points moved (line movers along the file) or the destination file.
    pub num: u8,
    /// The place of the piece on its file among the mover's pieces of the
    /// same role, 0 = the front one.
    pub index: usize,
    /// How many such pieces stand on the file.
    pub count: usize,
    /// For a piece on a file with two or more of its kind: its place among
    /// all such pieces on all such files, files from the mover's right,
    /// then front to back.
    pub ordinal: Option<usize>,
    /// How many files hold two or more of the mover's pieces of this role.
    pub tandem_files: usize,
}

impl Facts {
    /// Whether the notations mark this piece by its place on the file
    /// rather than by the file: two or more pieces of a kind that moves
    /// along lines or as a horse.
    pub(crate) fn is_tandem(&self) -> bool {
        self.count >= 2 && !matches!(self.role, Role::General | Role::Advisor | Role::Elephant)
    }
}

/// Whether `a` is nearer the opponent than `b` for `color`.
const fn ahead(color: Color, a: Square, b: Square) -> bool {
    match color {
        Color::Red => a.rank() > b.rank(),
        Color::Black => a.rank() < b.rank(),
    }
}

/// The mover's pieces of `role` on `file` (0–8), front to back.
fn on_file(pos: &Position, color: Color, role: Role, file: u8) -> Vec<Square> {
    let mut found: Vec<Square> = (0..10u8)
        .filter_map(|rank| Square::new(file, rank))
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color == color && p.role == role)
        })
        .collect();
    found.sort_by(|&a, &b| {
        if ahead(color, a, b) {
            core::cmp::Ordering::Less
        } else {
            core::cmp::Ordering::Greater
        }
    });
    found
}

/// The role, file, direction and number of `m`, without the places on
/// the file: [`Facts`] with `index`, `count`, `ordinal` and `tandem_files`
/// still 0 / `None`.
fn basic_facts(color: Color, m: Move) -> Facts {
    let (from, to) = (m.from, m.to);
    let dir = if from.rank() == to.rank() {
        Dir::Sideways
    } else if ahead(color, to, from) {
        Dir::Forward
    } else {
        Dir::Backward
    };
    let num = if from.file() == to.file() {
        from.rank().abs_diff(to.rank())
    } else {
        file_number(color, to)
    };
    Facts {
        role: m.role,
        file: file_number(color, from),
        dir,
        num,
        index: 0,
        count: 0,
        ordinal: None,
        tandem_files: 0,
    }
}

/// The facts of the move `m` of the side to move in `pos`.
pub(crate) fn facts(pos: &Position, m: Move) -> Facts {
    let color = pos.turn();
    let mut facts = basic_facts(color, m);
    let group = on_file(pos, color, m.role, m.from.file());
    facts.index = group.iter().position(|&sq| sq == m.from).unwrap_or(0);
    facts.count = group.len();
    // Files with two or more pieces of the role, from the mover's right.
    let mut seen = 0;
    for number in 1..=9u8 {
        let file = match color {
            Color::Red => 9 - number,
            Color::Black => number - 1,
        };
        let pieces = if file == m.from.file() {
            group.clone()
        } else {
            on_file(pos, color, m.role, file)
        };
        if pieces.len() < 2 {
            continue;
        }
        facts.tandem_files += 1;
        if let Some(i) = pieces.iter().position(|&sq| sq == m.from) {
            facts.ordinal = Some(seen + i);
        }
        seen += pieces.len();
    }
    facts
}

/// Which of the pieces a text means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// Any piece (on the file, if the query names one).
    Any,
    /// The front one of two or three (前, `+` after a file digit).
    Front,
    /// The rear one of two or three (后).
    Rear,
    /// The middle one of three or five (中, a WXF file digit in a group).
    Middle,
    /// WXF `+`: the front one of two or three, the second of four or five.
    WxfPlus,
    /// WXF `-`: the rear one of two or three, the second to last of four or five.
    WxfMinus,
    /// WXF `++`: the foremost of four or five.
    Foremost,
    /// WXF `--`: the rearmost of four or five.
    Rearmost,
    /// The n-th (0-based) among pieces on files with two or more
    /// (一兵, 二兵, …; xqbase `Pa`, `Pb`, …).
    Ordinal(usize),
    /// The n-th (0-based) from the front on the named file (二7平6).
    OnFile(usize),
}

impl Pick {
    fn fits(self, f: &Facts) -> bool {
        let (i, n) = (f.index, f.count);
        match self {
            Pick::Any => true,
            Pick::Front => n >= 2 && i == 0,
            Pick::Rear => n >= 2 && i + 1 == n,
            Pick::Middle => n >= 3 && n % 2 == 1 && i == n / 2,
            Pick::WxfPlus if n >= 4 => i == 1,
            Pick::WxfPlus => n >= 2 && i == 0,
            Pick::WxfMinus if n >= 4 => i + 2 == n,
            Pick::WxfMinus => n >= 2 && i + 1 == n,
            Pick::Foremost => n >= 4 && i == 0,
            Pick::Rearmost => n >= 4 && i + 1 == n,
            Pick::Ordinal(k) => f.ordinal == Some(k),
            Pick::OnFile(k) => n >= 2 && i == k,
        }
    }
}

/// What a descriptive text says about the move it means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Query {
    /// The roles it may mean (a bit per [`Role::index`]).
    pub roles: u8,
    /// The origin's file number, if written.
    pub file: Option<u8>,
    /// Which piece.
    pub pick: Pick,
    /// The direction.
    pub dir: Dir,
    /// The number.
    pub num: u8,
}

/// The bit of `role` in [`Query::roles`].
pub(crate) const fn role_bit(role: Role) -> u8 {
    1 << role.index()
}

impl Query {
    /// Whether the role, file, direction and number fit.
    fn fits_basics(&self, f: &Facts) -> bool {
        self.roles & role_bit(f.role) != 0
            && self.file.is_none_or(|file| file == f.file)
            && self.dir == f.dir
            && self.num == f.num
    }
}

/// The legal moves of `pos` that fit one of `queries`, trying them in
/// order and keeping the matches of the first that has any. When several
/// moves fit a query that names no place, the middle piece of an odd group
/// is meant (WXF writes it by its file, `P3.4`) if exactly one is.
pub(crate) fn resolve(pos: &Position, queries: &[Query]) -> Vec<Move> {
    let legal = pos.legal_moves();
    for q in queries {
        let found: Vec<(Move, Facts)> = legal
            .iter()
            .filter(|&&m| q.fits_basics(&basic_facts(pos.turn(), m)))
            .map(|&m| (m, facts(pos, m)))
            .filter(|(_, f)| q.pick.fits(f))
            .collect();
        if found.is_empty() {
            continue;
        }
        if found.len() > 1 && q.pick == Pick::Any {
            let middle: Vec<Move> = found
                .iter()
                .filter(|(_, f)| Pick::Middle.fits(f))
                .map(|(m, _)| *m)
                .collect();
            if middle.len() == 1 {
                return middle;
            }
        }
        return found.into_iter().map(|(m, _)| m).collect();
    }
    Vec::new()
}

/// Replaces full-width ASCII forms (`Ｃ２＝５`) and the ideographic space by
/// ASCII.
pub(crate) fn fold_full_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}
