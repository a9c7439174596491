//! Game records: one model for KIF, KI2, CSA, JKF and USI files, readers
//! that check every move against the rules, and writers.
//!
//! A [`GameRecord`] holds ordered headers (known keys recognised, unknown keys
//! kept verbatim), the start position (with its handicap name when it is a
//! standard one), the main line of moves with their times and comments,
//! variations as a tree, and the ending the record states. Every move is
//! resolved against the position it is played in, so a record that loads
//! is legal move by move; a record that does not load fails with a
//! [`RecordError`] naming the line and column of the problem and a
//! [`RecordErrorKind`] a program can match.
//!
//! Input is bytes: [`decode`] detects UTF-8 (with or without BOM), CP932
//! (Windows Shift_JIS) and EUC-JP, honouring the `#KIF … encoding=` and CSA
//! `'encoding=` declarations; any line ending is accepted. [`read`] detects
//! the format from the content.
//!
//! A file may hold several records: the games of a CSA file separated by
//! `/` lines, the lines of a USI file (`position …` lines or bare SFEN
//! lines). [`read_all`] reads them all; [`read`] reads a file of one record
//! and refuses a file of several with [`RecordErrorKind::Collection`].
//!
//! A record may state the rules its game was played under (floodgate's
//! `'Max_Moves:256`, CSA V3.0 `$MAX_MOVES` and `$JISHOGI`, KIF 最大手数 and
//! 持将棋): they are headers ([`HeaderKey::MoveLimit`],
//! [`HeaderKey::ImpasseRule`]), [`GameRecord::rules`] reads them, and
//! [`GameRecord::game`] replays under them.

use core::fmt;
use core::time::Duration;

use crate::{Color, Game, Move, Outcome, Position, RuleSet, Setup, SetupChecks, Termination};

mod builder;
pub mod csa;
pub(crate) mod diagram;
mod encoding;
mod error;
pub mod handicap;
mod head;
#[cfg(feature = "jkf")]
pub mod jkf;
pub mod ki2;
pub mod kif;
mod limits;
mod read;
pub(crate) mod text;
mod tree;
pub mod usi;
mod written;

pub use diagram::bod;
pub use encoding::{Encoding, decode, encode};
pub use error::{RecordError, RecordErrorKind};
pub use handicap::Handicap;
pub use limits::{Limit, ReadLimits};
pub use read::{
    detect_format, read, read_all, read_all_as, read_all_with, read_as, read_str_all_as,
    read_str_all_with, read_str_as, read_str_with, read_with,
};
pub use tree::{EditError, LineId, Visit, Walk, WalkOrder};
pub use written::{Dropped, Written};

crate::names::named_enum! {
    /// A record file format.
    ///
    /// `Format::Jkf` exists only with the `jkf` feature (on by default):
    /// a build without it has no JKF value to ask for, detect or name (see
    /// [Features](crate#features)). The enum is `#[non_exhaustive]`, so that
    /// the feature, like a format added later, adds a value without
    /// breaking a `match` elsewhere.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum Format("record format") {
        /// Kakinoki KIF (`.kif` in CP932, `.kifu` in UTF-8): moves with origins.
        Kif => "kif",
        /// KI2: moves in Japanese notation without origins.
        Ki2 => "ki2",
        /// CSA standard record format, V2.2 or V3.0.
        Csa => "csa",
        /// JSON kifu format (feature `jkf`).
        Jkf => "jkf" if feature = "jkf",
        /// A USI `position … moves …` line.
        Usi => "usi",
    }
}

impl Format {
    /// The format for a file extension (`kif`, `kifu`, `ki2`, `ki2u`, `csa`,
    /// `jkf`, `json`, `usi`, `sfen`), case-insensitive; `jkf` and `json`
    /// only with the `jkf` feature.
    #[must_use]
    pub fn from_extension(extension: &str) -> Option<Format> {
        match extension.to_ascii_lowercase().as_str() {
            "kif" | "kifu" => Some(Format::Kif),
            "ki2" | "ki2u" => Some(Format::Ki2),
            "csa" => Some(Format::Csa),
            #[cfg(feature = "jkf")]
            "jkf" | "json" => Some(Format::Jkf),
            "usi" | "sfen" => Some(Format::Usi),
            _ => None,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

crate::names::named_enum! {
    /// Header keys the library recognises. Every header also keeps its key as
    /// written ([`Header::name`]).
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum HeaderKey("header key") {
        /// Start date and time (KIF 開始日時, CSA `$START_TIME`).
        StartTime => "start_time",
        /// End date and time (KIF 終了日時, CSA `$END_TIME`).
        EndTime => "end_time",
        /// Event (KIF 棋戦, CSA `$EVENT`).
        Event => "event",
        /// Venue (KIF 場所, CSA `$SITE`).
        Site => "site",
        /// Opening (KIF 戦型, CSA `$OPENING`).
        Opening => "opening",
        /// Title (KIF 表題).
        Title => "title",
        /// Time control (KIF 持ち時間, CSA `$TIME_LIMIT` / `$TIME`).
        TimeControl => "time_control",
        /// Byo-yomi (KIF 秒読み).
        Byoyomi => "byoyomi",
        /// Sente's player (KIF 先手 / 下手, CSA `N+`).
        Sente => "sente",
        /// Gote's player (KIF 後手 / 上手, CSA `N-`).
        Gote => "gote",
        /// The handicap name (KIF 手合割).
        Handicap => "handicap",
        /// The move limit the game was played under: the game is drawn once
        /// this many moves are played (KIF 最大手数, CSA V3.0 `$MAX_MOVES`,
        /// floodgate's `'Max_Moves` comment). [`GameRecord::rules`] reads it.
        MoveLimit => "move_limit",
        /// The impasse (jishogi) rule the game was played under (KIF 持将棋, CSA
        /// V3.0 `$JISHOGI`, floodgate's `'Declaration` comment):
        /// `27` or floodgate's `jishogi 1.1` for the CSA 27-point declaration,
        /// `24` for the 24-point rule. [`GameRecord::rules`] reads it.
        ImpasseRule => "impasse_rule",
        /// Any other key, kept verbatim.
        Other => "other",
    }
}

/// One header: its recognised key, the key as written, and the value.
/// Made by [`Header::new`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Header {
    /// The recognised key ([`HeaderKey::Other`] if unknown).
    pub key: HeaderKey,
    /// The key as written in the file (`先手`, `$EVENT`, …).
    pub name: String,
    /// The value, trimmed of surrounding spaces.
    pub value: String,
}

impl HeaderKey {
    /// The key of a header named `name` as the readers name it: the KIF and
    /// KI2 names (`先手`, `下手`, `開始日時`, …), the CSA names (`N+`, `N-`,
    /// `$EVENT`, `$TIME_LIMIT`, …); [`HeaderKey::Other`] for any other.
    ///
    /// ```
    /// use shogi_rules::record::HeaderKey;
    /// assert_eq!(HeaderKey::of_name("上手"), HeaderKey::Gote);
    /// assert_eq!(HeaderKey::of_name("$SITE"), HeaderKey::Site);
    /// assert_eq!(HeaderKey::of_name("N+"), HeaderKey::Sente);
    /// assert_eq!(HeaderKey::of_name("作者"), HeaderKey::Other);
    /// ```
    #[must_use]
    pub fn of_name(name: &str) -> HeaderKey {
        match name {
            "N+" => HeaderKey::Sente,
            "N-" => HeaderKey::Gote,
            "$START_TIME" => HeaderKey::StartTime,
            "$END_TIME" => HeaderKey::EndTime,
            "$EVENT" => HeaderKey::Event,
            "$SITE" => HeaderKey::Site,
            "$OPENING" => HeaderKey::Opening,
            "$TIME_LIMIT" | "$TIME" => HeaderKey::TimeControl,
            // A rule header keeps its key whichever format names it.
            _ => match text::header_key(name) {
                HeaderKey::Other => text::rule_header_key(name).unwrap_or(HeaderKey::Other),
                key => key,
            },
        }
    }
}

impl Header {
    /// A header named `name` (its key given by [`HeaderKey::of_name`]) with
    /// `value`, or `None` when no record file could hold the name: it is
    /// empty or holds a line break or a colon (`:` or `：`, which every
    /// reader takes for the end of the name). A line break in the value is
    /// written as a space.
    ///
    /// ```
    /// use shogi_rules::record::{Header, HeaderKey};
    /// let h = Header::new("棋戦", "竜王戦").unwrap();
    /// assert_eq!(h.key, HeaderKey::Event);
    /// assert!(Header::new("a:b", "c").is_none());
    /// ```
    #[must_use]
    pub fn new(name: &str, value: &str) -> Option<Header> {
        if name.is_empty() || name.contains(['\n', '\r', ':', '：']) {
            return None;
        }
        Some(Header {
            key: HeaderKey::of_name(name),
            name: name.to_owned(),
            value: value.to_owned(),
        })
    }
}

/// Time used by one move. Made by [`MoveTime::checked`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct MoveTime {
    /// Time spent on this move.
    pub used: Duration,
    /// The mover's total time used so far, when the record gives it.
    pub total: Option<Duration>,
}

impl MoveTime {
    /// A time, or `None` when `used` or `total` is above
    /// [`MAX_TIME_SECONDS`] (which no reader reads back).
    ///
    /// ```
    /// use core::time::Duration;
    /// use shogi_rules::record::MoveTime;
    /// let t = MoveTime::checked(Duration::from_secs(5), Some(Duration::from_secs(65))).unwrap();
    /// assert_eq!((t.used.as_secs(), t.total.map(|d| d.as_secs())), (5, Some(65)));
    /// assert_eq!(MoveTime::checked(Duration::from_secs(1 << 40), None), None);
    /// ```
    #[must_use]
    pub fn checked(used: Duration, total: Option<Duration>) -> Option<MoveTime> {
        let used = checked_time(used).ok()?;
        let total = match total {
            Some(t) => Some(checked_time(t).ok()?),
            None => None,
        };
        Some(MoveTime { used, total })
    }
}

crate::names::named_enum! {
    /// What kind of comment a line is.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    pub enum CommentKind("comment kind") {
        /// A comment for people (KIF `*`, CSA `'*` or `'`).
        Normal => "normal",
        /// Engine output (KIF `**`, CSA `'**`).
        Engine => "engine",
        /// A bookmark (KIF `&`).
        Bookmark => "bookmark",
    }
}

/// A comment attached to a position or a move. Made by [`Comment::new`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Comment {
    /// The kind.
    pub kind: CommentKind,
    /// The text, without its marker.
    pub text: String,
}

impl Comment {
    /// A comment of `kind`, or `None` when `text` holds a line break: a
    /// comment is one line of a record file, and a reader reads each line
    /// as a comment of its own.
    #[must_use]
    pub fn new(kind: CommentKind, text: &str) -> Option<Comment> {
        if text.contains(['\n', '\r']) {
            return None;
        }
        Some(Comment {
            kind,
            text: text.to_owned(),
        })
    }
}

crate::names::named_enum! {
    /// How a line of play ends, as the record states it. The actor is the side
    /// to move at that point unless the event says otherwise.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum SpecialMove("special move") {
        /// The side to move resigns (投了, `%TORYO`).
        Resign => "resign",
        /// The game is suspended (中断, `%CHUDAN`).
        Suspend => "suspend",
        /// Repetition draw (千日手, `%SENNICHITE`).
        Repetition => "repetition",
        /// Impasse (持将棋, `%JISHOGI`).
        Impasse => "impasse",
        /// The side to move lost on time (切れ負け, 時間切れ, `%TIME_UP`).
        TimeUp => "time_up",
        /// The side to move committed a foul and loses (反則負け, `%ILLEGAL_MOVE`).
        IllegalLoss => "illegal_loss",
        /// The previous mover fouled: the side to move wins (反則勝ち,
        /// `%±ILLEGAL_ACTION` naming the other side).
        IllegalWin => "illegal_win",
        /// The side to move declares an entering-king win (入玉勝ち, `%KACHI`).
        DeclareWin => "declare_win",
        /// The side to move declares a draw (`%HIKIWAKE`).
        DeclareDraw => "declare_draw",
        /// The side to move is checkmated (詰み, `%TSUMI`).
        Checkmate => "checkmate",
        /// No mate (不詰, `%FUZUMI`; tsume problems).
        NoMate => "no_mate",
        /// The move limit was reached (`%MAX_MOVES`).
        MaxMoves => "max_moves",
        /// Sealed move: the game is adjourned (封じ手).
        Sealed => "sealed",
        /// Win by default (不戦勝), taken as the side to move's.
        ForfeitWin => "forfeit_win",
        /// Loss by default (不戦敗), taken as the side to move's.
        ForfeitLoss => "forfeit_loss",
        /// A take-back (`%MATTA`).
        TakeBack => "take_back",
        /// An error (`%ERROR`).
        Error => "error",
    }
}

impl fmt::Display for CommentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for SpecialMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl SpecialMove {
    /// The result this ending gives, with `to_move` the side to move where
    /// it stands. `None` for endings without a result (suspension, sealed
    /// move, no mate, take-back, error).
    #[must_use]
    pub fn outcome(self, to_move: Color) -> Option<Outcome> {
        let other = to_move.opposite();
        Some(match self {
            SpecialMove::Resign => Outcome::win(other, Termination::Resignation),
            SpecialMove::Repetition => Outcome::draw(Termination::Repetition),
            SpecialMove::Impasse | SpecialMove::DeclareDraw => {
                Outcome::draw(Termination::ImpasseDeclaration)
            }
            SpecialMove::TimeUp => Outcome::win(other, Termination::Timeout),
            SpecialMove::IllegalLoss | SpecialMove::ForfeitLoss => {
                Outcome::win(other, Termination::IllegalMove)
            }
            SpecialMove::IllegalWin | SpecialMove::ForfeitWin => {
                Outcome::win(to_move, Termination::IllegalMove)
            }
            SpecialMove::DeclareWin => Outcome::win(to_move, Termination::ImpasseDeclaration),
            SpecialMove::Checkmate => Outcome::win(other, Termination::Checkmate),
            SpecialMove::MaxMoves => Outcome::draw(Termination::MoveLimit),
            SpecialMove::Suspend
            | SpecialMove::NoMate
            | SpecialMove::Sealed
            | SpecialMove::TakeBack
            | SpecialMove::Error => return None,
        })
    }
}

/// The stated end of a line of play. Made by [`LineEnd::new`], with
/// [`LineEnd::with_time`] and [`LineEnd::with_comment`].
///
/// ```
/// use core::time::Duration;
/// use shogi_rules::record::{Comment, CommentKind, LineEnd, MoveTime, SpecialMove};
/// let end = LineEnd::new(SpecialMove::Resign)
///     .with_time(MoveTime::checked(Duration::from_secs(3), None).unwrap())
///     .with_comment(Comment::new(CommentKind::Normal, "まで77手で先手の勝ち").unwrap());
/// assert_eq!(end.special, SpecialMove::Resign);
/// assert_eq!(end.comments.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct LineEnd {
    /// What happened.
    pub special: SpecialMove,
    /// Time used before it, when given.
    pub time: Option<MoveTime>,
    /// Comments after it.
    pub comments: Vec<Comment>,
}

impl LineEnd {
    /// The ending `special`, with no time and no comment.
    #[must_use]
    pub fn new(special: SpecialMove) -> LineEnd {
        LineEnd {
            special,
            time: None,
            comments: Vec::new(),
        }
    }

    /// This ending with `time` used before it.
    #[must_use]
    pub fn with_time(mut self, time: MoveTime) -> LineEnd {
        self.time = Some(time);
        self
    }

    /// This ending with `comment` after its comments.
    #[must_use]
    pub fn with_comment(mut self, comment: Comment) -> LineEnd {
        self.comments.push(comment);
        self
    }
}

/// One move of a record with what is attached to it. Made by
/// [`RecordMove::new`], with [`RecordMove::with_time`] and
/// [`RecordMove::with_comment`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RecordMove {
    /// The move, legal in its position.
    pub mv: Move,
    /// Time used, when given.
    pub time: Option<MoveTime>,
    /// Comments after the move.
    pub comments: Vec<Comment>,
}

impl RecordMove {
    /// A move with nothing attached.
    #[must_use]
    pub fn new(mv: Move) -> RecordMove {
        RecordMove {
            mv,
            time: None,
            comments: Vec::new(),
        }
    }

    /// This move with `time` used.
    #[must_use]
    pub fn with_time(mut self, time: MoveTime) -> RecordMove {
        self.time = Some(time);
        self
    }

    /// This move with `comment` after its comments.
    #[must_use]
    pub fn with_comment(mut self, comment: Comment) -> RecordMove {
        self.comments.push(comment);
        self
    }
}

/// A line of play: moves and how the line ends. Made by [`Line::new`] (or
/// [`Line::default`], no move and no end).
///
/// ```
/// use shogi_rules::Position;
/// use shogi_rules::record::{GameRecord, Line, LineEnd, RecordMove, SpecialMove};
/// let pos = Position::startpos();
/// let m = pos.parse_usi_move("7g7f")?;
/// let line = Line::new(vec![RecordMove::new(m)], Some(LineEnd::new(SpecialMove::Resign)));
/// let mut record = GameRecord::new(pos);
/// record.main = line;
/// assert_eq!(record.stated_result().unwrap().winner, Some(shogi_rules::Color::Sente));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Line {
    /// The moves.
    pub moves: Vec<RecordMove>,
    /// The stated end, if any.
    pub end: Option<LineEnd>,
}

impl Line {
    /// A line of `moves` ending as `end` states. The moves are taken as they
    /// are, here and by [`GameRecord::add_variation`]; [`GameRecord::push`]
    /// adds a move to a line of a record checked against the rules.
    #[must_use]
    pub fn new(moves: Vec<RecordMove>, end: Option<LineEnd>) -> Line {
        Line { moves, end }
    }
}

/// A game record in any format.
///
/// Variations are kept in a table beside the main line (see [`LineId`],
/// [`GameRecord::add_variation`], [`GameRecord::walk`]); two records are
/// equal when their headers, start, comments and lines are, and the same
/// variations branch at the same moves in the same order. Made by a reader,
/// by [`GameRecord::new`] or by [`GameRecord::from_game`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GameRecord {
    /// Headers in file order.
    pub headers: Vec<Header>,
    /// The start position.
    pub start: Position,
    /// The handicap name of the start position, when it is a standard one.
    pub handicap: Option<Handicap>,
    /// Comments on the start position.
    pub start_comments: Vec<Comment>,
    /// The main line.
    pub main: Line,
    /// The variations.
    tree: tree::Tree,
}

impl PartialEq for GameRecord {
    fn eq(&self, other: &GameRecord) -> bool {
        self.headers == other.headers
            && self.start == other.start
            && self.handicap == other.handicap
            && self.start_comments == other.start_comments
            && self.same_tree(other)
    }
}

impl Eq for GameRecord {}

impl GameRecord {
    /// An empty record from `start`.
    #[must_use]
    pub fn new(start: Position) -> GameRecord {
        let handicap = Handicap::of_position(&start);
        GameRecord {
            headers: Vec::new(),
            start,
            handicap,
            start_comments: Vec::new(),
            main: Line::default(),
            tree: tree::Tree::default(),
        }
    }

    /// The first header with `key`, if any.
    #[must_use]
    pub fn header(&self, key: HeaderKey) -> Option<&str> {
        self.headers
            .iter()
            .find(|h| h.key == key)
            .map(|h| h.value.as_str())
    }

    /// Sets the value of the first header named `header.name` (keeping its
    /// place and removing the later ones of that name), or appends
    /// `header` when there is none.
    pub fn set_header(&mut self, header: Header) {
        match self.headers.iter().position(|h| h.name == header.name) {
            Some(at) => {
                let mut index = 0;
                self.headers.retain(|h| {
                    index += 1;
                    index <= at + 1 || h.name != header.name
                });
                self.headers[at] = header;
            }
            None => self.headers.push(header),
        }
    }

    /// Removes every header named `name`; returns how many there were.
    pub fn remove_header(&mut self, name: &str) -> usize {
        let before = self.headers.len();
        self.headers.retain(|h| h.name != name);
        before - self.headers.len()
    }

    /// The moves of the main line.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.main.moves.iter().map(|m| m.mv).collect()
    }

    /// The position after the main line.
    #[must_use]
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.main.moves {
            pos.play_unchecked(m.mv);
        }
        pos
    }

    /// The result the record states for its main line, if it states one.
    #[must_use]
    pub fn stated_result(&self) -> Option<Outcome> {
        let end = self.main.end.as_ref()?;
        end.special.outcome(self.final_position().turn())
    }

    /// The rules the record states the game was played under: the default
    /// [`RuleSet`] with
    /// * the move limit of the first [`HeaderKey::MoveLimit`] header that
    ///   gives a number (`256`, `256手`); without one, a main line that ends
    ///   at the move limit ([`SpecialMove::MaxMoves`]: CSA `%MAX_MOVES`, a
    ///   floodgate `max_moves` summary, KIF 最大手数) states the limit it
    ///   reached, the number of the last move;
    /// * the impasse rule of the first [`HeaderKey::ImpasseRule`] header that
    ///   names one: `27`, `27点法` or floodgate's `jishogi 1.1` for the CSA
    ///   27-point declaration (under which an invalid declaration loses, as
    ///   in [`RuleSet::csa27`]), `24` or `24点法` for the 24-point rule,
    ///   `トライルール` or `try` for the try rule, or the rule's own name
    ///   ([`ImpasseRule::as_str`](crate::ImpasseRule::as_str)).
    ///
    /// A header that a reader kept as [`HeaderKey::Other`] counts by its
    /// name (最大手数, `$MAX_MOVES`, `Max_Moves`, 持将棋, `$JISHOGI`,
    /// `Declaration`). [`Self::game`] replays under these rules.
    ///
    /// ```
    /// use shogi_rules::record;
    /// let csa = "V2.2\n'Max_Moves:256\n'Declaration:jishogi 1.1\nPI\n+\n+7776FU\n";
    /// let rules = record::read_str_as(csa, record::Format::Csa).unwrap().rules();
    /// assert_eq!(rules.move_limit, 256);
    /// assert_eq!(rules.impasse, shogi_rules::ImpasseRule::Csa27Declaration);
    /// ```
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        let mut rules = RuleSet::default();
        let mut move_limit = None;
        let mut impasse = None;
        for h in &self.headers {
            match text::stated_rule(h).map(|rule| rule.key) {
                Some(HeaderKey::MoveLimit) if move_limit.is_none() => {
                    move_limit = stated_move_limit(&h.value);
                }
                Some(HeaderKey::ImpasseRule) if impasse.is_none() => {
                    impasse = stated_impasse_rule(&h.value);
                }
                _ => {}
            }
        }
        let reached = self
            .main
            .end
            .as_ref()
            .filter(|e| e.special == SpecialMove::MaxMoves)
            .map(|_| {
                let last = u64::from(self.start.move_number()) + self.main.moves.len() as u64;
                u32::try_from(last.saturating_sub(1)).unwrap_or(u32::MAX)
            })
            .filter(|&n| n > 0);
        if let Some(limit) = move_limit.or(reached) {
            rules.move_limit = limit;
        }
        if let Some(impasse) = impasse {
            rules.impasse = impasse;
            rules.invalid_declaration_loses = impasse == crate::ImpasseRule::Csa27Declaration;
        }
        rules
    }

    /// The main line replayed as a [`Game`] under the rules the record
    /// states ([`Self::rules`]); see [`Self::game_with`].
    ///
    /// # Errors
    /// [`crate::GameError`] if the rules end the game before the record's
    /// last move.
    pub fn game(&self) -> Result<Game, crate::GameError> {
        self.game_with(self.rules())
    }

    /// The main line replayed as a [`Game`] under `rules`. Endings that are
    /// not moves (resignation, suspension, a foul, an agreed draw) are
    /// applied as the record states them; endings the rules decide by
    /// themselves (checkmate, repetition, move limit) come from
    /// adjudication, and may differ from what the record states. A stated
    /// ending the game could not be restored with is not applied and the
    /// game is left running ([`Self::stated_result`] still gives it): a time
    /// loss without a clock in `rules`, a declaration the declaration rules
    /// reject.
    ///
    /// # Errors
    /// [`crate::GameError`] if the rules end the game before the record's
    /// last move.
    pub fn game_with(&self, rules: RuleSet) -> Result<Game, crate::GameError> {
        let mut game = Game::from_position(self.start.clone(), rules);
        for m in &self.main.moves {
            game.play(m.mv)?;
        }
        if game.outcome().is_none() {
            if let Some(end) = &self.main.end {
                let to_move = game.position().turn();
                match end.special {
                    SpecialMove::Resign => drop(game.resign(to_move)?),
                    SpecialMove::TimeUp if game.clock().is_none() => {}
                    SpecialMove::TimeUp => drop(game.flag(to_move)?),
                    SpecialMove::Suspend | SpecialMove::Sealed => drop(game.interrupt()?),
                    special => {
                        if let Some(outcome) = special.outcome(to_move) {
                            if !matches!(
                                outcome.termination,
                                Termination::Checkmate
                                    | Termination::Repetition
                                    | Termination::MoveLimit
                            ) {
                                match game.set_stated_outcome(outcome) {
                                    Ok(()) | Err(crate::GameError::NotStatable(_)) => {}
                                    Err(e) => return Err(e),
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(game)
    }

    /// A record of a game: its start, its moves, and its result as the
    /// ending of the main line.
    #[must_use]
    pub fn from_game(game: &Game) -> GameRecord {
        let mut record = GameRecord::new(game.start().clone());
        record.main.moves = game.moves().into_iter().map(RecordMove::new).collect();
        record.main.end = game
            .outcome()
            .and_then(|o| special_for(o, game.position().turn()));
        record
    }

    /// Writes the record as text in `format`, with the list of what the
    /// format cannot hold ([`Written::dropped`], empty when reading the text
    /// back gives this record again; see [`Dropped`] for what each format
    /// holds).
    ///
    /// ```
    /// use shogi_rules::record::{Dropped, Format, GameRecord};
    /// use shogi_rules::Position;
    ///
    /// let mut record = GameRecord::new(Position::startpos());
    /// record.set_header(shogi_rules::record::Header::new("棋戦", "名人戦").unwrap());
    /// let written = record.write(Format::Csa)?;
    /// assert!(written.dropped.is_empty());
    /// let usi = record.write(Format::Usi)?;
    /// assert_eq!(usi.dropped, [Dropped::Header { name: "棋戦".into() }]);
    /// # Ok::<(), shogi_rules::record::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// JKF (feature `jkf`) fails, with `RecordErrorKind::Json`, only if the
    /// JSON serializer does; every other format always writes.
    pub fn write(&self, format: Format) -> Result<Written, RecordError> {
        let text = match format {
            Format::Kif => kif::write(self),
            Format::Ki2 => ki2::write(self),
            Format::Csa => csa::write(self),
            #[cfg(feature = "jkf")]
            Format::Jkf => jkf::write(self)?,
            Format::Usi => usi::write(self),
        };
        Ok(Written {
            text,
            dropped: written::dropped(self, format),
        })
    }
}

/// The largest move number a record may have (its start position's, the
/// number of a move or of the ending after the last one, a variation
/// heading): every reader refuses a larger one with
/// [`RecordErrorKind::NumberTooLarge`], so that every format can write
/// every number it reads.
pub const MAX_MOVE_NUMBER: u32 = 100_000_000;

/// The longest time a record may give, in seconds (a move's time or a
/// running total; about three years): every reader refuses a longer one
/// with [`RecordErrorKind::NumberTooLarge`], so that every format can write
/// every time it reads.
pub const MAX_TIME_SECONDS: u64 = 100_000_000;

/// The error kind for a move number above [`MAX_MOVE_NUMBER`].
pub(crate) const MOVE_NUMBER_TOO_LARGE: RecordErrorKind = RecordErrorKind::NumberTooLarge {
    max: MAX_MOVE_NUMBER as u64,
};

/// A mover's total after a move that took `used`, when the record gives no
/// total: the sum, capped at [`MAX_TIME_SECONDS`] (each time a record gives
/// is at most that, but their sum need not be, and a total written must
/// read back).
pub(crate) fn running_total(before: Duration, used: Duration) -> Duration {
    before
        .saturating_add(used)
        .min(Duration::from_secs(MAX_TIME_SECONDS))
}

/// `time` if it is at most [`MAX_TIME_SECONDS`].
pub(crate) fn checked_time(time: Duration) -> Result<Duration, RecordErrorKind> {
    if time.as_secs() > MAX_TIME_SECONDS
        || (time.as_secs() == MAX_TIME_SECONDS && time.subsec_nanos() > 0)
    {
        return Err(RecordErrorKind::NumberTooLarge {
            max: MAX_TIME_SECONDS,
        });
    }
    Ok(time)
}

/// The move limit a rule header states: a number of moves (`256`, `256手`).
fn stated_move_limit(value: &str) -> Option<u32> {
    let value = text::trim(value);
    let digits = value.strip_suffix('手').unwrap_or(value);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The impasse rule a rule header states (see [`GameRecord::rules`]).
pub(crate) fn stated_impasse_rule(value: &str) -> Option<crate::ImpasseRule> {
    use crate::ImpasseRule;
    let value = text::trim(value).to_ascii_lowercase();
    let value = value.as_str();
    Some(match value {
        "27" | "27点" | "27点法" | "jishogi 1.1" | "csa27_declaration" => {
            ImpasseRule::Csa27Declaration
        }
        "24" | "24点" | "24点法" | "points24" => ImpasseRule::Points24,
        "トライルール" | "try" | "try_rule" => ImpasseRule::TryRule,
        "disabled" => ImpasseRule::Disabled,
        _ => return None,
    })
}

/// The special move that states `outcome` with `to_move` to move.
fn special_for(outcome: Outcome, to_move: Color) -> Option<LineEnd> {
    let special = match outcome.termination {
        Termination::Checkmate | Termination::NoLegalMoves => SpecialMove::Checkmate,
        Termination::Repetition | Termination::PerpetualCheck => SpecialMove::Repetition,
        Termination::ImpasseDeclaration => match outcome.winner {
            Some(w) if w == to_move => SpecialMove::DeclareWin,
            Some(_) => SpecialMove::IllegalLoss,
            None => SpecialMove::Impasse,
        },
        Termination::MoveLimit => SpecialMove::MaxMoves,
        Termination::TryRule => SpecialMove::DeclareWin,
        Termination::Resignation => SpecialMove::Resign,
        Termination::Timeout => SpecialMove::TimeUp,
        Termination::DrawAgreement => SpecialMove::DeclareDraw,
        Termination::IllegalMove => match outcome.winner {
            Some(w) if w == to_move => SpecialMove::IllegalWin,
            _ => SpecialMove::IllegalLoss,
        },
        Termination::Interrupted => SpecialMove::Suspend,
    };
    Some(LineEnd {
        special,
        time: None,
        comments: Vec::new(),
    })
}

/// The start position of a record from the setup it gives, checked like
/// [`Position::validate`] except for the two rules composed problems in the
/// wild break ([`SetupChecks::COMPOSED`]): two unpromoted pawns of a side on
/// one file (the nine pawns of `9fu`) and pieces that could never move. The
/// kings, the piece counts and the side not to move being in check are
/// always checked; the first problem is the error.
pub(crate) fn start_position(setup: Setup) -> Result<Position, RecordErrorKind> {
    setup
        .validate(SetupChecks::COMPOSED)
        .map_err(|e| match e.problems().first() {
            Some(problem) => RecordErrorKind::IllegalPosition(problem.clone()),
            None => RecordErrorKind::BadPosition(e.to_string()),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SetupError;

    /// The names are distinct and, with serde, the JSON names.
    #[test]
    fn names_of_special_moves_and_comment_kinds() {
        let specials: std::collections::HashSet<_> =
            SpecialMove::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(specials.len(), SpecialMove::ALL.len());
        assert_eq!(SpecialMove::IllegalWin.to_string(), "illegal_win");
        assert_eq!(CommentKind::Engine.to_string(), "engine");
        #[cfg(feature = "serde")]
        {
            for s in SpecialMove::ALL {
                assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
            }
            for k in CommentKind::ALL {
                assert_eq!(serde_json::to_value(k).unwrap(), k.as_str());
            }
        }
    }

    #[test]
    fn header_keys_follow_the_names_every_reader_gives() {
        for (name, key) in [
            ("開始日時", HeaderKey::StartTime),
            ("$START_TIME", HeaderKey::StartTime),
            ("$TIME", HeaderKey::TimeControl),
            ("$TIME_LIMIT", HeaderKey::TimeControl),
            ("下手", HeaderKey::Sente),
            ("N-", HeaderKey::Gote),
            ("手合割", HeaderKey::Handicap),
            ("$FOO", HeaderKey::Other),
            ("N*", HeaderKey::Other),
        ] {
            assert_eq!(HeaderKey::of_name(name), key, "{name}");
        }
        // A header as the CSA reader reads it has the key of its name.
        let csa = read_str_as("N+sen\nN-go\n$EVENT:e\n$TIME:1+2+3\nPI\n+\n", Format::Csa).unwrap();
        for h in &csa.headers {
            assert_eq!(HeaderKey::of_name(&h.name), h.key, "{}", h.name);
        }
    }

    #[test]
    fn a_header_name_must_be_one_a_file_can_hold() {
        for bad in ["", "a:b", "先手：", "a\nb", "a\rb"] {
            assert_eq!(Header::new(bad, "v"), None, "{bad:?}");
        }
        let h = Header::new("$EVENT", "a\nb").unwrap();
        assert_eq!((h.key, h.value.as_str()), (HeaderKey::Event, "a\nb"));
    }

    #[test]
    fn setting_a_header_keeps_its_place_and_drops_its_repeats() {
        let mut r = GameRecord::new(Position::startpos());
        for (name, value) in [("先手", "a"), ("棋戦", "b"), ("先手", "c"), ("場所", "d")] {
            r.headers.push(Header::new(name, value).unwrap());
        }
        r.set_header(Header::new("先手", "x").unwrap());
        let pairs: Vec<_> = r
            .headers
            .iter()
            .map(|h| (h.name.as_str(), h.value.as_str()))
            .collect();
        assert_eq!(pairs, [("先手", "x"), ("棋戦", "b"), ("場所", "d")]);
        r.set_header(Header::new("後手", "y").unwrap());
        assert_eq!(r.header(HeaderKey::Gote), Some("y"));
        assert_eq!(r.headers.len(), 4);
        assert_eq!(r.remove_header("棋戦"), 1);
        assert_eq!(r.remove_header("棋戦"), 0);
        assert_eq!(r.headers.len(), 3);
    }

    #[test]
    fn a_comment_is_one_line() {
        let c = Comment::new(CommentKind::Bookmark, "終盤").unwrap();
        assert_eq!((c.kind, c.text.as_str()), (CommentKind::Bookmark, "終盤"));
        assert_eq!(Comment::new(CommentKind::Normal, "a\nb"), None);
        assert_eq!(Comment::new(CommentKind::Engine, "a\r"), None);
        assert!(Comment::new(CommentKind::Normal, "").is_some());
    }

    /// With the `jkf` feature JKF is a format like the others.
    #[cfg(feature = "jkf")]
    #[test]
    fn jkf_is_a_format_with_the_feature() {
        assert_eq!(Format::ALL.len(), 5);
        assert_eq!("jkf".parse::<Format>(), Ok(Format::Jkf));
        assert_eq!(Format::from_extension("JSON"), Some(Format::Jkf));
        let text = "{\"header\": {}, \"moves\": [{}]}";
        assert_eq!(detect_format(text), Some(Format::Jkf));
        let r = read_str_with(text, None, &ReadLimits::DEFAULT).unwrap();
        assert_eq!(r.write(Format::Jkf).unwrap().dropped, []);
        let e = read_str_as("{", Format::Jkf).unwrap_err();
        assert_eq!(e.kind.name(), "json");
    }

    /// Without the `jkf` feature no value names JKF: no read or write can
    /// ask for it, and JSON text is of no format.
    #[cfg(not(feature = "jkf"))]
    #[test]
    fn jkf_is_no_format_without_the_feature() {
        let names: Vec<_> = Format::ALL.iter().map(|f| f.as_str()).collect();
        assert_eq!(names, ["kif", "ki2", "csa", "usi"]);
        let e = "jkf".parse::<Format>().unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"unknown record format "jkf": expected "kif", "ki2", "csa" or "usi""#
        );
        assert_eq!(Format::from_extension("jkf"), None);
        assert_eq!(Format::from_extension("json"), None);
        let text = "{\"header\": {}, \"moves\": [{}]}";
        assert_eq!(detect_format(text), None);
        let e = read(text.as_bytes()).unwrap_err();
        assert_eq!((e.format, &e.kind), (None, &RecordErrorKind::UnknownFormat));
        assert_eq!(
            e.to_string(),
            "line 1, column 1: not a KIF, KI2, CSA or USI record"
        );
    }

    #[test]
    fn a_line_id_is_its_index() {
        let id = LineId::from_index(7).unwrap();
        assert_eq!(id.index(), 7);
        assert_eq!(LineId::from_index(0), Some(LineId::MAIN));
        assert_eq!(LineId::from_index(u32::MAX as usize + 1), None);
    }

    #[test]
    fn a_time_is_checked_against_the_largest_a_reader_reads() {
        let max = Duration::from_secs(MAX_TIME_SECONDS);
        let over = max + Duration::from_millis(1);
        assert!(MoveTime::checked(max, Some(max)).is_some());
        assert_eq!(MoveTime::checked(over, None), None);
        assert_eq!(MoveTime::checked(max, Some(over)), None);
    }

    /// The first problem of an SFEN as a record's start.
    fn check_start(sfen: &str) -> Result<(), SetupError> {
        match start_position(Setup::from_sfen(sfen).unwrap()) {
            Ok(_) => Ok(()),
            Err(RecordErrorKind::IllegalPosition(e)) => Err(e),
            Err(other) => panic!("{other}"),
        }
    }

    #[test]
    fn start_positions_allow_composed_problems_but_not_impossible_ones() {
        // Nine Gote pawns on one file, one of them on its last rank.
        assert_eq!(check_start("4k3p/8p/8p/8p/8p/8p/8p/8p/4K3p b - 1"), Ok(()));
        // The side not to move is in check from a lance: still rejected.
        assert!(matches!(
            check_start("4k4/9/9/9/4L4/9/9/9/4K4 b - 1"),
            Err(SetupError::OpponentInCheck { .. })
        ));
        // A third rook in hand: still rejected.
        assert!(matches!(
            check_start("4k4/9/9/9/9/9/9/9/4K4 b 3R 1"),
            Err(SetupError::TooManyPieces { .. })
        ));
    }
}
