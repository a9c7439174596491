//! Japanese move notation: the KI2 form of printed records and Japanese move
//! lists (`▲７六歩`, `△同　銀`, `▲５二金左上`, `▲５五角打`) and the KIF form
//! that names the origin (`７六歩(77)`, `同　銀(68)`, `５五角打`).
//!
//! # KI2 form, as [`format()`] writes it
//! Side mark (▲/△, ☗/☖ or none, see [`Mark`]), destination as a full-width
//! file digit and a kanji rank (`７六`), or `同` when the destination is the
//! one of the previous move, then the piece (`歩 香 桂 銀 金 角 飛 玉 と 成香
//! 成桂 成銀 馬 龍`), the words that tell it from the other pieces of its kind
//! that could legally move there, and `成` (promotes, forced promotions too),
//! `不成` (could have promoted, did not) or `打` (a drop that needs saying).
//! After `同` comes a full-width space when only the one-character piece name
//! follows (`△同　銀` but `△同銀右`, `▲同成銀`, `▲同角成`), as Kifu for
//! Windows and the records in the wild write it.
//!
//! # The JSA rules for the words
//! Let C be the pieces of the mover of exactly the moved kind (金, 成銀, 成桂,
//! 成香 and と are five kinds) that could move to the destination; a piece
//! pinned to its own king counts, as the records in the wild and the other
//! writers count it (`▲５九銀左` beside a pinned silver). The promotion of the
//! move is not used to tell the pieces apart.
//! 1. One piece in C: no word (`▲７六歩`).
//! 2. A drop is written `打` only when a piece of the same kind on the board
//!    could also move there; a board move never carries `打`.
//! 3. Motion first: `上` (the piece moves forward), `引` (backward), `寄`
//!    (sideways). When no other piece in C moves the same way, the motion word
//!    alone is written.
//! 4. Then position: `右` / `左` when the piece stands on the mover's right /
//!    left of the destination (for Sente a smaller file is on the right), and
//!    for 金, 銀, と, 成香, 成桂, 成銀 moving straight forward `直`. When no
//!    other piece in C has the same word, it is written alone.
//! 5. Otherwise both, position first: `左上`, `右引`, `左寄`, ...
//! 6. 龍 and 馬 (at most two of each): motion first; when both move the same
//!    way, `右` / `左` says which of the two stands on the right / left of the
//!    other, and `直` is never used.
//!
//! # Reading
//! [`parse`] reads both forms and is lenient in what people write: any of the
//! marks ▲△☗☖▼▽ or none, ASCII or full-width file digits, digits or kanji for
//! the rank (`76歩`, `７六歩`, `七六歩`), `同`, `同歩`, `同 歩` or `７六同歩`,
//! 竜 for 龍, 王 for 玉, one-character promoted pieces (`杏`, `圭`, `全`),
//! `生` for `不成`, `行` for `上`, words in either order, redundant words,
//! `不成` in the KIF form, and an origin in parentheses with ASCII or
//! full-width digits. The words filter the pieces in C: a word that fits none
//! of them is an error, and text that still fits several pieces is
//! [ambiguous](JapaneseError::Ambiguous), even when only one of them could
//! promote as written (the promotion does not tell pieces apart). Without `打`
//! and an origin, a board move is preferred to a drop. A move without `成`
//! does not promote.
//!
//! ```
//! use shogi_rules::notation::japanese::{self, Mark};
//! use shogi_rules::Position;
//!
//! let mut pos = Position::startpos();
//! let m = japanese::parse(&pos, "▲７六歩", None)?;
//! assert_eq!(japanese::format_kif(m, None), "７六歩(77)");
//! pos.play(m)?;
//! let m = japanese::parse(&pos, "３四歩(33)", None)?;
//! assert_eq!(japanese::format(&pos, m, None, Mark::Piece), "☖３四歩");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::notation::{
    Cursor, had_promotion_choice, is_backward, is_forward, is_right_of, legal_origins, reachers,
    usi_list,
};
use crate::{Bitboard, Color, IllegalMoveError, Move, Position, Role, Square, UsiMove};

crate::names::named_enum! {
    /// The side mark written before a move in the KI2 form.
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub enum Mark("mark") {
        /// `▲` for Sente, `△` for Gote, as KI2 files and most move lists write.
        #[default]
        Triangle => "triangle",
        /// `☗` for Sente, `☖` for Gote, the piece-shaped marks of printed records.
        Piece => "piece",
        /// No mark.
        None => "none",
    }
}

impl Mark {
    /// The mark of `color`, or `None` for [`Mark::None`].
    #[must_use]
    pub const fn symbol(self, color: Color) -> Option<char> {
        match (self, color) {
            (Mark::Triangle, Color::Sente) => Some('▲'),
            (Mark::Triangle, Color::Gote) => Some('△'),
            (Mark::Piece, Color::Sente) => Some('☗'),
            (Mark::Piece, Color::Gote) => Some('☖'),
            (Mark::None, _) => None,
        }
    }
}

/// Where the moved piece stands, the first word of a disambiguation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Relative {
    /// 右: on the mover's right (of the destination, or for 龍 and 馬 of the
    /// other piece).
    Right,
    /// 左: on the mover's left.
    Left,
    /// 直: straight behind the destination, moving straight forward (金, 銀
    /// and the pieces that move like 金 only).
    Straight,
}

impl Relative {
    /// The word: `右`, `左` or `直`.
    #[must_use]
    pub const fn kanji(self) -> char {
        match self {
            Relative::Right => '右',
            Relative::Left => '左',
            Relative::Straight => '直',
        }
    }
}

impl fmt::Display for Relative {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kanji())
    }
}

/// How the moved piece moves, the second word of a disambiguation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Motion {
    /// 上: forward (toward the opponent).
    Up,
    /// 寄: sideways, along its rank.
    Sideways,
    /// 引: backward.
    Down,
}

impl Motion {
    /// The word: `上`, `寄` or `引`.
    #[must_use]
    pub const fn kanji(self) -> char {
        match self {
            Motion::Up => '上',
            Motion::Sideways => '寄',
            Motion::Down => '引',
        }
    }

    /// The motion of a move from `from` to `to` by `color`.
    #[must_use]
    pub fn of(color: Color, from: Square, to: Square) -> Motion {
        if is_forward(color, from, to) {
            Motion::Up
        } else if is_backward(color, from, to) {
            Motion::Down
        } else {
            Motion::Sideways
        }
    }
}

impl fmt::Display for Motion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kanji())
    }
}

/// The words the JSA rules add to a move to tell it from the other legal
/// moves of pieces of the same kind to the same square.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Disambiguation {
    /// 右, 左 or 直, when needed.
    pub relative: Option<Relative>,
    /// 上, 寄 or 引, when needed.
    pub motion: Option<Motion>,
    /// Whether the move is a drop that must be written with 打.
    pub drop: bool,
}

impl Disambiguation {
    /// Whether no word is needed.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.relative.is_none() && self.motion.is_none() && !self.drop
    }
}

impl fmt::Display for Disambiguation {
    /// The words in the order they are written: `左上`, `直`, `打`, or nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = self.relative {
            write!(f, "{r}")?;
        }
        if let Some(m) = self.motion {
            write!(f, "{m}")?;
        }
        if self.drop {
            f.write_str("打")?;
        }
        Ok(())
    }
}

/// Why a text is not the Japanese notation of a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JapaneseError {
    /// The text is not a Japanese move; `column` is the 1-based character
    /// column where the problem was found.
    #[error("not a Japanese move: expected {expected} at column {column}")]
    Syntax {
        /// 1-based character column.
        column: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// The side mark names the side that is not to move.
    #[error("the move is marked as {written}'s, but it is {}'s turn", .written.opposite())]
    WrongSide {
        /// The side the mark names.
        written: Color,
    },
    /// The text says `同` (same square as the previous move), but no previous
    /// move was given.
    #[error("同 at column {column} needs the previous move")]
    NoPreviousMove {
        /// 1-based character column of `同`.
        column: usize,
    },
    /// The text names its origin (KIF form) or is a drop, and that move is
    /// illegal here, for the reason given; or the piece the words single out
    /// cannot move as written (a missing forced `成`, `成` where no promotion
    /// is possible).
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The text is well formed, but no legal move fits it.
    #[error("no legal move is written {text:?}")]
    NoSuchMove {
        /// The text as given.
        text: String,
    },
    /// The text fits more than one piece: it lacks a word the JSA rules
    /// require.
    #[error("{text:?} is ambiguous: it fits {}", usi_list(.candidates))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// One legal move for each piece the text fits.
        candidates: Vec<Move>,
    },
}

/// The piece names of move text, indexed by role.
const NAMES: [&str; 14] = [
    "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍",
];

/// Kanji numerals one to nine, for ranks.
const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Full-width digits one to nine, for files.
const WIDE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The name of `role` in move text: `歩`, `成銀`, `龍`, ...
#[must_use]
pub fn piece_name(role: Role) -> &'static str {
    NAMES[role.index()]
}

/// Whether `role` may be written `直`: 金, 銀 and the pieces that move like 金.
fn may_be_straight(role: Role) -> bool {
    matches!(
        role,
        Role::Silver
            | Role::Gold
            | Role::Tokin
            | Role::PromotedLance
            | Role::PromotedKnight
            | Role::PromotedSilver
    )
}

/// The position word of a piece of `role` moving from `from` to `to`,
/// relative to the destination; `None` on the destination's file unless it
/// moves straight forward as a 金 or 銀.
fn relative_to_destination(color: Color, role: Role, from: Square, to: Square) -> Option<Relative> {
    if from.file() == to.file() {
        (may_be_straight(role) && is_forward(color, from, to)).then_some(Relative::Straight)
    } else if is_right_of(color, from, to.file()) {
        Some(Relative::Right)
    } else {
        Some(Relative::Left)
    }
}

/// The words the JSA rules require for `m`, a legal move of `pos` (see the
/// [module documentation](self) for the rules).
///
/// ```
/// use shogi_rules::notation::japanese::{disambiguation, Motion, Relative};
/// use shogi_rules::Position;
///
/// // Golds on 6e, 6f and 5f can all go to 5e.
/// let pos = Position::from_sfen("4k4/9/9/9/3G5/3GG4/9/9/4K4 b - 1")?;
/// let words = |usi: &str| disambiguation(&pos, pos.parse_usi_move(usi).unwrap()).to_string();
/// assert_eq!(words("6e5e"), "寄");
/// assert_eq!(words("5f5e"), "直");
/// assert_eq!(words("6f5e"), "左上");
/// let d = disambiguation(&pos, pos.parse_usi_move("6f5e")?);
/// assert_eq!((d.relative, d.motion), (Some(Relative::Left), Some(Motion::Up)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn disambiguation(pos: &Position, m: Move) -> Disambiguation {
    let us = pos.turn();
    let role = m.role();
    let to = m.to();
    let Some(from) = m.from() else {
        return Disambiguation {
            drop: reachers(pos, role, to).any(),
            ..Disambiguation::default()
        };
    };
    let others = reachers(pos, role, to) - Bitboard::from_square(from);
    if others.is_empty() {
        return Disambiguation::default();
    }
    let motion = Motion::of(us, from, to);
    if others.into_iter().all(|o| Motion::of(us, o, to) != motion) {
        return Disambiguation {
            motion: Some(motion),
            ..Disambiguation::default()
        };
    }
    if matches!(role, Role::Dragon | Role::Horse) {
        if let Some(other) = others.single_square() {
            if other.file() != from.file() {
                let relative = if is_right_of(us, from, other.file()) {
                    Relative::Right
                } else {
                    Relative::Left
                };
                return Disambiguation {
                    relative: Some(relative),
                    ..Disambiguation::default()
                };
            }
        }
    }
    let relative = relative_to_destination(us, role, from, to);
    if relative.is_some()
        && others
            .into_iter()
            .all(|o| relative_to_destination(us, role, o, to) != relative)
    {
        return Disambiguation {
            relative,
            ..Disambiguation::default()
        };
    }
    Disambiguation {
        relative,
        motion: Some(motion),
        drop: false,
    }
}

fn push_destination(s: &mut String, sq: Square) {
    s.push(WIDE_DIGITS[usize::from(sq.file() - 1)]);
    s.push(KANJI_DIGITS[usize::from(sq.rank() - 1)]);
}

/// The KI2 form of `m`, a legal move of `pos`: `▲７六歩`, `△同　銀`,
/// `▲５二金左上`, `▲５五角打`, `▲２二角成`, `▲５二銀不成`.
///
/// `previous` is the move played just before (it decides `同`); `mark` the
/// side mark to write.
///
/// ```
/// use shogi_rules::notation::japanese::{self, Mark};
/// use shogi_rules::Position;
///
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")?;
/// let m = pos.parse_usi_move("8h2b+")?;
/// assert_eq!(japanese::format(&pos, m, None, Mark::Triangle), "▲２二角成");
/// let m = pos.parse_usi_move("8h2b")?;
/// assert_eq!(japanese::format(&pos, m, None, Mark::None), "２二角不成");
///
/// let mut after = pos.clone();
/// after.play(m)?;
/// let recapture = after.parse_usi_move("3a2b")?;
/// assert_eq!(japanese::format(&after, recapture, Some(m), Mark::Triangle), "△同　銀");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn format(pos: &Position, m: Move, previous: Option<Move>, mark: Mark) -> String {
    let mut s = String::with_capacity(32);
    if let Some(c) = mark.symbol(pos.turn()) {
        s.push(c);
    }
    let same = previous.is_some_and(|p| p.to() == m.to());
    if same {
        s.push('同');
    } else {
        push_destination(&mut s, m.to());
    }
    let body = s.len();
    s.push_str(piece_name(m.role()));
    let words = disambiguation(pos, m);
    if let Some(r) = words.relative {
        s.push(r.kanji());
    }
    if let Some(w) = words.motion {
        s.push(w.kanji());
    }
    if words.drop {
        s.push('打');
    } else if m.is_promotion() {
        s.push('成');
    } else if had_promotion_choice(pos.turn(), m) {
        s.push_str("不成");
    }
    if same && s[body..].chars().count() == 1 {
        s.insert(body, '　');
    }
    s
}

/// The KIF form of `m`: `７六歩(77)`, `同　銀(68)`, `５五角打`,
/// `２二角成(88)`. The move describes itself, so no position is needed.
///
/// As Kifu for Windows writes it: the origin in ASCII digits, every drop with
/// `打`, `同` followed by a full-width space, no disambiguation words and no
/// `不成`.
///
/// ```
/// use shogi_rules::notation::japanese;
/// use shogi_rules::Position;
///
/// let pos = Position::startpos();
/// let m = pos.parse_usi_move("2g2f")?;
/// assert_eq!(japanese::format_kif(m, None), "２六歩(27)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn format_kif(m: Move, previous: Option<Move>) -> String {
    let mut s = String::with_capacity(24);
    if previous.is_some_and(|p| p.to() == m.to()) {
        s.push_str("同　");
    } else {
        push_destination(&mut s, m.to());
    }
    s.push_str(piece_name(m.role()));
    if m.is_promotion() {
        s.push('成');
    }
    match m.from() {
        None => s.push('打'),
        Some(from) => {
            s.push('(');
            s.push(from.file_char());
            s.push(char::from(b'0' + from.rank()));
            s.push(')');
        }
    }
    s
}

/// Parses Japanese move text, in the KI2 form (`▲７六歩`, `△同　銀`,
/// `▲５二金左上`) or the KIF form (`７六歩(77)`), into the legal move of `pos`
/// it means. `previous` is the move played just before, needed for `同`.
///
/// See the [module documentation](self) for what is accepted.
///
/// # Errors
/// [`JapaneseError::Syntax`] when the text is not a move,
/// [`JapaneseError::WrongSide`] when its mark names the side not to move,
/// [`JapaneseError::NoPreviousMove`] for `同` without `previous`,
/// [`JapaneseError::Illegal`] when the move the text names (by its origin, as
/// a drop, or by its words) is illegal as written,
/// [`JapaneseError::NoSuchMove`] when no legal move fits, and
/// [`JapaneseError::Ambiguous`] when the text fits several pieces.
///
/// ```
/// use shogi_rules::notation::japanese::{self, JapaneseError};
/// use shogi_rules::Position;
///
/// let pos = Position::from_sfen("4k4/9/9/9/3G5/3GG4/9/9/4K4 b G 1")?;
/// assert_eq!(japanese::parse(&pos, "▲５五金左上", None)?.to_string(), "6f5e");
/// assert_eq!(japanese::parse(&pos, "５五金打", None)?.to_string(), "G*5e");
/// match japanese::parse(&pos, "▲５五金左", None) {
///     Err(JapaneseError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
///     other => panic!("{other:?}"),
/// }
/// assert!(matches!(
///     japanese::parse(&pos, "▲５五金右", None),
///     Err(JapaneseError::NoSuchMove { .. })
/// ));
/// assert!(matches!(
///     japanese::parse(&pos, "▲５五銀", None),
///     Err(JapaneseError::NoSuchMove { .. })
/// ));
/// assert!(matches!(
///     japanese::parse(&pos, "▲５五金＿", None),
///     Err(JapaneseError::Syntax { column: 5, .. })
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(pos: &Position, text: &str, previous: Option<Move>) -> Result<Move, JapaneseError> {
    let written = parse_syntax(text)?;
    if let Some(color) = written.side {
        if color != pos.turn() {
            return Err(JapaneseError::WrongSide { written: color });
        }
    }
    let to = match written.destination {
        Destination::Square(sq) => sq,
        Destination::Same { column } => previous
            .map(Move::to)
            .ok_or(JapaneseError::NoPreviousMove { column })?,
    };
    resolve(pos, &written, to, text)
}

fn resolve(pos: &Position, w: &Written, to: Square, text: &str) -> Result<Move, JapaneseError> {
    let no_such = || JapaneseError::NoSuchMove {
        text: text.to_owned(),
    };
    let has_words = w.relative.is_some() || w.motion.is_some();
    let role = w.role;
    if w.suffix == Some(Suffix::Drop) {
        if has_words {
            return Err(no_such());
        }
        return Ok(pos.to_move(UsiMove::Drop { role, to })?);
    }
    let promote = w.suffix == Some(Suffix::Promote);
    let all = legal_origins(pos, role, to);
    let reach = reachers(pos, role, to);
    if let Some(from) = w.from {
        if !all.contains(from) {
            return Err(match pos.to_move(UsiMove::Normal { from, to, promote }) {
                Err(e) => JapaneseError::Illegal(e),
                Ok(_) => no_such(),
            });
        }
        if !fits_words(pos, w, reach, from, to) {
            return Err(no_such());
        }
        return Ok(pos.to_move(UsiMove::Normal { from, to, promote })?);
    }
    if all.is_empty() {
        return if has_words || w.suffix.is_some() {
            Err(no_such())
        } else {
            pos.to_move(UsiMove::Drop { role, to })
                .map_err(|_| no_such())
        };
    }
    let mut fitting = Bitboard::EMPTY;
    for from in all {
        if fits_words(pos, w, reach, from, to) {
            fitting.insert(from);
        }
    }
    if let Some(from) = fitting.single_square() {
        return Ok(pos.to_move(UsiMove::Normal { from, to, promote })?);
    }
    if fitting.is_empty() {
        return Err(no_such());
    }
    let candidates = fitting
        .into_iter()
        .filter_map(|from| {
            pos.to_move(UsiMove::Normal { from, to, promote })
                .or_else(|_| {
                    pos.to_move(UsiMove::Normal {
                        from,
                        to,
                        promote: !promote,
                    })
                })
                .ok()
        })
        .collect();
    Err(JapaneseError::Ambiguous {
        text: text.to_owned(),
        candidates,
    })
}

/// Whether the piece on `from`, one of the pieces `reach` of its kind that
/// could move to `to`, fits the words of `w`.
fn fits_words(pos: &Position, w: &Written, reach: Bitboard, from: Square, to: Square) -> bool {
    let us = pos.turn();
    if w.motion.is_some_and(|m| m != Motion::of(us, from, to)) {
        return false;
    }
    match w.relative {
        None => true,
        Some(Relative::Straight) => from.file() == to.file() && is_forward(us, from, to),
        Some(side) => {
            let dragon_or_horse = matches!(w.role, Role::Dragon | Role::Horse);
            let pair = if dragon_or_horse {
                (reach - Bitboard::from_square(from)).single_square()
            } else {
                None
            };
            // 龍 and 馬 are placed relative to each other; a single one has
            // nothing to be placed against, and its word is not checked.
            let reference = match pair {
                Some(other) if other.file() != from.file() => other.file(),
                None if dragon_or_horse && reach.count() == 1 => return true,
                _ if from.file() == to.file() => return false,
                _ => to.file(),
            };
            is_right_of(us, from, reference) == (side == Relative::Right)
        }
    }
}

/// The promotion or drop suffix.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Suffix {
    /// 成
    Promote,
    /// 不成 or 生
    Decline,
    /// 打
    Drop,
}

/// The destination as written.
#[derive(Copy, Clone, Debug)]
enum Destination {
    Square(Square),
    /// 同, at this 1-based column.
    Same {
        column: usize,
    },
}

/// A Japanese move as written, before it is looked up in a position.
struct Written {
    side: Option<Color>,
    destination: Destination,
    role: Role,
    relative: Option<Relative>,
    motion: Option<Motion>,
    suffix: Option<Suffix>,
    from: Option<Square>,
}

fn syntax(column: usize, expected: &'static str) -> JapaneseError {
    JapaneseError::Syntax { column, expected }
}

fn eat_space(c: &mut Cursor) {
    while c.eat_if(|ch| ch == ' ' || ch == '\u{3000}').is_some() {}
}

/// The value 1–9 of a digit in ASCII, full width or kanji.
fn digit_value(ch: char) -> Option<u8> {
    let value = match ch {
        '1'..='9' => ch as u32 - '0' as u32,
        '１'..='９' => ch as u32 - '０' as u32,
        _ => {
            return KANJI_DIGITS
                .iter()
                .position(|&k| k == ch)
                .and_then(|i| u8::try_from(i + 1).ok());
        }
    };
    u8::try_from(value).ok()
}

fn parse_syntax(text: &str) -> Result<Written, JapaneseError> {
    let mut c = Cursor::new(text);
    let side = match c.peek() {
        Some('▲' | '☗' | '▼') => Some(Color::Sente),
        Some('△' | '☖' | '▽') => Some(Color::Gote),
        _ => None,
    };
    if side.is_some() {
        c.bump();
        eat_space(&mut c);
    }
    let destination = if c.peek() == Some('同') {
        let column = c.column();
        c.bump();
        eat_space(&mut c);
        Destination::Same { column }
    } else {
        let column = c.column();
        let file = c
            .bump()
            .and_then(digit_value)
            .ok_or_else(|| syntax(column, "a destination such as ７六, or 同"))?;
        let rank = c
            .bump()
            .and_then(digit_value)
            .ok_or_else(|| syntax(column + 1, "a rank 一-九"))?;
        if c.eat('同') {
            eat_space(&mut c);
        }
        Destination::Square(Square::new(file, rank).ok_or_else(|| syntax(column, "a square"))?)
    };
    let role = parse_piece(&mut c)?;
    let mut relative = None;
    let mut motion = None;
    loop {
        let column = c.column();
        let (r, m) = match c.peek() {
            Some('右') => (Some(Relative::Right), None),
            Some('左') => (Some(Relative::Left), None),
            Some('直') => (Some(Relative::Straight), None),
            Some('上' | '行') => (None, Some(Motion::Up)),
            Some('寄') => (None, Some(Motion::Sideways)),
            Some('引') => (None, Some(Motion::Down)),
            _ => break,
        };
        if (r.is_some() && relative.is_some()) || (m.is_some() && motion.is_some()) {
            return Err(syntax(
                column,
                "at most one of 右 左 直 and one of 上 寄 引",
            ));
        }
        relative = relative.or(r);
        motion = motion.or(m);
        c.bump();
    }
    let column = c.column();
    let suffix = match c.peek() {
        Some('成') => Some(Suffix::Promote),
        Some('生') => Some(Suffix::Decline),
        Some('打') => Some(Suffix::Drop),
        Some('不') => {
            c.bump();
            if c.peek() != Some('成') {
                return Err(syntax(column + 1, "成 after 不"));
            }
            Some(Suffix::Decline)
        }
        _ => None,
    };
    if suffix.is_some() {
        c.bump();
    }
    let from = if suffix != Some(Suffix::Drop) && c.eat_if(|ch| ch == '(' || ch == '（').is_some()
    {
        let column = c.column();
        let file = c.bump().and_then(ascii_or_wide_digit);
        let rank = c.bump().and_then(ascii_or_wide_digit);
        let closed = c.eat_if(|ch| ch == ')' || ch == '）').is_some();
        match (file, rank, closed) {
            (Some(file), Some(rank), true) => Square::new(file, rank),
            _ => {
                return Err(syntax(
                    column,
                    "an origin of two digits and ')', such as (77)",
                ));
            }
        }
    } else {
        None
    };
    if !c.at_end() {
        return Err(syntax(c.column(), "the end of the move"));
    }
    Ok(Written {
        side,
        destination,
        role,
        relative,
        motion,
        suffix,
        from,
    })
}

fn ascii_or_wide_digit(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' | '１'..='９' => digit_value(ch),
        _ => None,
    }
}

fn parse_piece(c: &mut Cursor) -> Result<Role, JapaneseError> {
    let column = c.column();
    let role = match c.bump() {
        Some('歩') => Role::Pawn,
        Some('香') => Role::Lance,
        Some('桂') => Role::Knight,
        Some('銀') => Role::Silver,
        Some('金') => Role::Gold,
        Some('角') => Role::Bishop,
        Some('飛') => Role::Rook,
        Some('玉' | '王') => Role::King,
        Some('と') => Role::Tokin,
        Some('杏') => Role::PromotedLance,
        Some('圭') => Role::PromotedKnight,
        Some('全') => Role::PromotedSilver,
        Some('馬') => Role::Horse,
        Some('龍' | '竜') => Role::Dragon,
        Some('成') => match c.bump() {
            Some('香') => Role::PromotedLance,
            Some('桂') => Role::PromotedKnight,
            Some('銀') => Role::PromotedSilver,
            _ => return Err(syntax(column + 1, "香, 桂 or 銀 after 成")),
        },
        _ => return Err(syntax(column, "a piece name such as 歩 or 成銀")),
    };
    Ok(role)
}
