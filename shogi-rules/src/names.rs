//! The names of the crate's named enums, and reading them back.
//!
//! Every enum whose values have a name ([`Color`], [`Role`], [`Termination`],
//! [`IllegalReason`], [`Promotion`], [`ImpasseRule`],
//! [`DeclarationRejection`], [`Format`], [`HeaderKey`], [`CommentKind`],
//! [`SpecialMove`], [`Limit`], [`Handicap`], [`Encoding`], [`Mark`]) has
//!
//! - `ALL`: every value, in declaration order, and
//! - `FromStr`: the value of a name (`"gote".parse::<Color>()`), exactly the
//!   inverse of its `as_str` ([`Encoding`]: of its `name`, and the labels it
//!   is also known by), failing with a [`ParseNameError`] that names the kind
//!   of value and the names it accepts.
//!
//! The data-carrying error kinds [`RecordErrorKind`], [`GameError`] and
//! [`RestoreError`] have `name()`, the snake_case name of the variant.
//!
//! Each `ALL` is checked here against an exhaustive `match` over its enum:
//! a variant added to one of these enums fails to compile until it is listed.
//!
//! ```
//! use shogi_rules::record::Format;
//! use shogi_rules::{Color, ParseNameError, Termination};
//! assert_eq!("gote".parse::<Color>(), Ok(Color::Gote));
//! for t in Termination::ALL {
//!     assert_eq!(t.as_str().parse::<Termination>(), Ok(t));
//! }
//! let err = "kifu".parse::<Format>().unwrap_err();
//! assert_eq!(err.kind, "record format");
//! assert_eq!(err.to_string(), r#"unknown record format "kifu": expected "kif", "ki2", "csa", "jkf" or "usi""#);
//! ```

use core::fmt;
use core::str::FromStr;

#[cfg(feature = "serde")]
use crate::RestoreError;
use crate::notation::japanese::Mark;
use crate::record::{
    CommentKind, Encoding, Format, Handicap, HeaderKey, Limit, RecordErrorKind, SpecialMove,
};
use crate::{
    Color, DeclarationRejection, GameError, IllegalReason, ImpasseRule, Promotion, Role,
    Termination,
};

/// Text that names no value of a named enum: the error of their `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} {text:?}: expected {}", OneOf(.expected))]
pub struct ParseNameError {
    /// What the text should have named: `"color"`, `"termination"`,
    /// `"record format"`, ….
    pub kind: &'static str,
    /// The text.
    pub text: String,
    /// The names accepted, in the order of the enum's `ALL`.
    pub expected: &'static [&'static str],
}

/// `"a", "b" or "c"`.
struct OneOf<'a>(&'a [&'static str]);

impl fmt::Display for OneOf<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        for (i, name) in self.0.iter().enumerate() {
            let separator = match i {
                0 => "",
                _ if i + 1 == n => " or ",
                _ => ", ",
            };
            write!(f, "{separator}{name:?}")?;
        }
        Ok(())
    }
}

/// Checks at compile time that `$ty::ALL` lists every variant: the match
/// has no wildcard, and `ALL` is as long as the list of variants.
macro_rules! check_all {
    ($ty:ident [$($variant:ident),+ $(,)?]) => {
        const _: () = {
            #[allow(dead_code)]
            fn every_variant_is_listed(value: $ty) {
                match value {
                    $($ty::$variant)|+ => {}
                }
            }
            assert!($ty::ALL.len() == [$(stringify!($variant)),+].len());
        };
    };
}

/// Defines `$ty::ALL` from the list of variants, checked as by `check_all!`.
macro_rules! define_all {
    ($ty:ident [$($variant:ident),+ $(,)?]) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; [$(stringify!($variant)),+].len()] = [$($ty::$variant),+];
        }
        check_all!($ty [$($variant),+]);
    };
}

/// `FromStr` through `$ty::ALL` and the `const fn` `$ty::$name`.
macro_rules! from_name {
    ($ty:ident, $kind:literal) => {
        from_name!($ty, $kind, as_str);
    };
    ($ty:ident, $kind:literal, $name:ident) => {
        impl $ty {
            /// The names of [`Self::ALL`], in its order.
            const NAMES: [&'static str; $ty::ALL.len()] = {
                let mut names = [""; $ty::ALL.len()];
                let mut i = 0;
                while i < names.len() {
                    names[i] = $ty::ALL[i].$name();
                    i += 1;
                }
                names
            };
        }

        impl FromStr for $ty {
            type Err = ParseNameError;

            /// The value whose name is `text` (see [Names](crate#names)).
            fn from_str(text: &str) -> Result<$ty, ParseNameError> {
                match $ty::NAMES.iter().position(|&name| name == text) {
                    Some(i) => Ok($ty::ALL[i]),
                    None => Err(ParseNameError {
                        kind: $kind,
                        text: text.to_owned(),
                        expected: &$ty::NAMES,
                    }),
                }
            }
        }
    };
}

check_all!(Color[Sente, Gote]);
from_name!(Color, "color");

check_all!(Role[
    Pawn,
    Lance,
    Knight,
    Silver,
    Bishop,
    Rook,
    Gold,
    King,
    Tokin,
    PromotedLance,
    PromotedKnight,
    PromotedSilver,
    Horse,
    Dragon,
]);
from_name!(Role, "role");

check_all!(Termination[
    Checkmate,
    NoLegalMoves,
    Repetition,
    PerpetualCheck,
    ImpasseDeclaration,
    MoveLimit,
    TryRule,
    Resignation,
    Timeout,
    DrawAgreement,
    IllegalMove,
    Interrupted,
]);
from_name!(Termination, "termination");

define_all!(IllegalReason[
    NotInHand,
    Occupied,
    DeadPiece,
    Nifu,
    LeavesKingInCheck,
    Uchifuzume,
    NotAPieceMove,
    CannotPromote,
    MustPromote,
]);
from_name!(IllegalReason, "illegal-move reason");

define_all!(Promotion[Must, May, Never]);
from_name!(Promotion, "promotion");

define_all!(ImpasseRule[Points24, Csa27Declaration, TryRule, Disabled]);
from_name!(ImpasseRule, "impasse rule");

define_all!(DeclarationRejection[
    NotOffered,
    NoKing,
    KingsNotInZone,
    InCheck,
    TooFewPieces,
    TooFewPoints,
]);
from_name!(DeclarationRejection, "declaration rejection");

define_all!(Format[Kif, Ki2, Csa, Jkf, Usi]);
from_name!(Format, "record format");

define_all!(HeaderKey[
    StartTime,
    EndTime,
    Event,
    Site,
    Opening,
    Title,
    TimeControl,
    Byoyomi,
    Sente,
    Gote,
    Handicap,
    MoveLimit,
    ImpasseRule,
    Other,
]);
from_name!(HeaderKey, "header key");

impl HeaderKey {
    /// The snake_case name (as in JSON): `"start_time"`, `"time_control"`,
    /// `"sente"`, `"other"`, ….
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            HeaderKey::StartTime => "start_time",
            HeaderKey::EndTime => "end_time",
            HeaderKey::Event => "event",
            HeaderKey::Site => "site",
            HeaderKey::Opening => "opening",
            HeaderKey::Title => "title",
            HeaderKey::TimeControl => "time_control",
            HeaderKey::Byoyomi => "byoyomi",
            HeaderKey::Sente => "sente",
            HeaderKey::Gote => "gote",
            HeaderKey::Handicap => "handicap",
            HeaderKey::MoveLimit => "move_limit",
            HeaderKey::ImpasseRule => "impasse_rule",
            HeaderKey::Other => "other",
        }
    }
}

check_all!(CommentKind[Normal, Engine, Bookmark]);
from_name!(CommentKind, "comment kind");

check_all!(SpecialMove[
    Resign,
    Suspend,
    Repetition,
    Impasse,
    TimeUp,
    IllegalLoss,
    IllegalWin,
    DeclareWin,
    DeclareDraw,
    Checkmate,
    NoMate,
    MaxMoves,
    Sealed,
    ForfeitWin,
    ForfeitLoss,
    TakeBack,
    Error,
]);
from_name!(SpecialMove, "special move");

check_all!(Limit[
    InputBytes,
    LineBytes,
    HeaderBytes,
    MovesPerLine,
    Variations,
    Depth,
    Records,
]);
from_name!(Limit, "limit");

check_all!(Handicap[
    Even,
    Lance,
    RightLance,
    Bishop,
    Rook,
    RookLance,
    TwoPieces,
    ThreePieces,
    FourPieces,
    FivePieces,
    LeftFivePieces,
    SixPieces,
    LeftSevenPieces,
    RightSevenPieces,
    EightPieces,
    TenPieces,
]);
from_name!(Handicap, "handicap");

impl Handicap {
    /// The snake_case name (as in JSON): `"even"`, `"right_lance"`,
    /// `"two_pieces"`, …. [`Handicap::kif_name`] is the name in records.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Handicap::Even => "even",
            Handicap::Lance => "lance",
            Handicap::RightLance => "right_lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook_lance",
            Handicap::TwoPieces => "two_pieces",
            Handicap::ThreePieces => "three_pieces",
            Handicap::FourPieces => "four_pieces",
            Handicap::FivePieces => "five_pieces",
            Handicap::LeftFivePieces => "left_five_pieces",
            Handicap::SixPieces => "six_pieces",
            Handicap::LeftSevenPieces => "left_seven_pieces",
            Handicap::RightSevenPieces => "right_seven_pieces",
            Handicap::EightPieces => "eight_pieces",
            Handicap::TenPieces => "ten_pieces",
        }
    }
}

define_all!(Mark[Triangle, Piece, None]);
from_name!(Mark, "mark");

define_all!(Encoding[Utf8, Cp932, EucJp]);
// The names only: `Encoding` reads its labels too, below.
impl Encoding {
    /// The names of [`Encoding::ALL`], in its order.
    const NAMES: [&'static str; 3] = [
        Encoding::Utf8.name(),
        Encoding::Cp932.name(),
        Encoding::EucJp.name(),
    ];

    /// The labels of each encoding (its name among them), in lower case
    /// with `-` for `_`.
    const LABELS: [(&'static str, Encoding); 9] = [
        ("utf-8", Encoding::Utf8),
        ("utf8", Encoding::Utf8),
        ("cp932", Encoding::Cp932),
        ("shift-jis", Encoding::Cp932),
        ("sjis", Encoding::Cp932),
        ("windows-31j", Encoding::Cp932),
        ("ms932", Encoding::Cp932),
        ("euc-jp", Encoding::EucJp),
        ("eucjp", Encoding::EucJp),
    ];
}

impl FromStr for Encoding {
    type Err = ParseNameError;

    /// The encoding [`Encoding::name`] names (`"UTF-8"`, `"Shift_JIS"`,
    /// `"EUC-JP"`), or one of its labels, in any case and with `-` or `_`:
    /// `utf8`, `cp932`, `sjis`, `windows-31j`, `ms932`, `eucjp`.
    fn from_str(text: &str) -> Result<Encoding, ParseNameError> {
        let label = text.to_ascii_lowercase().replace('_', "-");
        let found = Encoding::LABELS
            .iter()
            .find(|(l, _)| *l == label)
            .map(|&(_, e)| e);
        found.ok_or_else(|| ParseNameError {
            kind: "encoding",
            text: text.to_owned(),
            expected: &Encoding::NAMES,
        })
    }
}

impl RecordErrorKind {
    /// The snake_case name of the variant: `"bad_move_text"`,
    /// `"illegal_move"`, `"limit_exceeded"`, ….
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            RecordErrorKind::Encoding(_) => "encoding",
            RecordErrorKind::UnknownFormat => "unknown_format",
            RecordErrorKind::UnknownHandicap(_) => "unknown_handicap",
            RecordErrorKind::BadHeader(_) => "bad_header",
            RecordErrorKind::BadPosition(_) => "bad_position",
            RecordErrorKind::IllegalPosition(_) => "illegal_position",
            RecordErrorKind::BadMoveText(_) => "bad_move_text",
            RecordErrorKind::IllegalMove { .. } => "illegal_move",
            RecordErrorKind::NoSuchMove { .. } => "no_such_move",
            RecordErrorKind::AmbiguousMove { .. } => "ambiguous_move",
            RecordErrorKind::MoveNumber { .. } => "move_number",
            RecordErrorKind::MoveAfterEnd => "move_after_end",
            RecordErrorKind::BadTime(_) => "bad_time",
            RecordErrorKind::BadVariation(_) => "bad_variation",
            RecordErrorKind::Json(_) => "json",
            RecordErrorKind::Unsupported(_) => "unsupported",
            RecordErrorKind::UnexpectedLine(_) => "unexpected_line",
            RecordErrorKind::LimitExceeded { .. } => "limit_exceeded",
            RecordErrorKind::NumberTooLarge { .. } => "number_too_large",
            RecordErrorKind::Collection { .. } => "collection",
        }
    }
}

impl GameError {
    /// The snake_case name of the variant: `"game_over"`,
    /// `"nothing_to_undo"`, `"not_your_turn"`, ….
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            GameError::GameOver(_) => "game_over",
            GameError::IllegalMove(_) => "illegal_move",
            GameError::BadMoveText(_) => "bad_move_text",
            GameError::NothingToUndo => "nothing_to_undo",
            GameError::DeclarationRejected(_) => "declaration_rejected",
            GameError::NotYourTurn(_) => "not_your_turn",
            GameError::NoDrawOffersLeft(_) => "no_draw_offers_left",
            GameError::DrawOfferPending => "draw_offer_pending",
            GameError::NoDrawOffer => "no_draw_offer",
            GameError::NoClock => "no_clock",
            GameError::NotStatable(_) => "not_statable",
        }
    }
}

#[cfg(feature = "serde")]
impl RestoreError {
    /// The snake_case name of the variant, which names the field of the
    /// saved form that is wrong and how: `"start"`, `"move"`,
    /// `"outcome_mismatch"`, `"clock_state"`, ….
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            RestoreError::Start(_) => "start",
            RestoreError::Move { .. } => "move",
            RestoreError::MoveAfterEnd { .. } => "move_after_end",
            RestoreError::OutcomeMismatch { .. } => "outcome_mismatch",
            RestoreError::MissingOutcome { .. } => "missing_outcome",
            RestoreError::RulesDecided { .. } => "rules_decided",
            RestoreError::Winner(_) => "winner",
            RestoreError::EndingNotAllowed { .. } => "ending_not_allowed",
            RestoreError::Declaration { .. } => "declaration",
            RestoreError::DrawOffers { .. } => "draw_offers",
            RestoreError::DrawOffer { .. } => "draw_offer",
            RestoreError::ClockMissing => "clock_missing",
            RestoreError::UnexpectedClock => "unexpected_clock",
            RestoreError::ClockSettings { .. } => "clock_settings",
            RestoreError::ClockState(_) => "clock_state",
            RestoreError::TimedOut { .. } => "timed_out",
            RestoreError::NotTimedOut { .. } => "not_timed_out",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name reads back as its value, and nothing else does.
    fn round_trips<T>(all: &[T], name: fn(T) -> &'static str)
    where
        T: Copy + PartialEq + fmt::Debug + FromStr<Err = ParseNameError>,
    {
        for &value in all {
            assert_eq!(name(value).parse::<T>(), Ok(value), "{value:?}");
        }
        let err = "no such name".parse::<T>().unwrap_err();
        assert_eq!(err.expected.len(), all.len());
        assert!(err.to_string().contains(&format!("{:?}", name(all[0]))));
    }

    #[test]
    fn every_name_reads_back() {
        round_trips(&Color::ALL, Color::as_str);
        round_trips(&Role::ALL, Role::as_str);
        round_trips(&Termination::ALL, Termination::as_str);
        round_trips(&IllegalReason::ALL, IllegalReason::as_str);
        round_trips(&Promotion::ALL, Promotion::as_str);
        round_trips(&ImpasseRule::ALL, ImpasseRule::as_str);
        round_trips(&DeclarationRejection::ALL, DeclarationRejection::as_str);
        round_trips(&Format::ALL, Format::as_str);
        round_trips(&HeaderKey::ALL, HeaderKey::as_str);
        round_trips(&CommentKind::ALL, CommentKind::as_str);
        round_trips(&SpecialMove::ALL, SpecialMove::as_str);
        round_trips(&Limit::ALL, Limit::as_str);
        round_trips(&Handicap::ALL, Handicap::as_str);
        round_trips(&Mark::ALL, Mark::as_str);
        round_trips(&Encoding::ALL, Encoding::name);
    }

    /// The names of the variants of the error kinds are distinct.
    #[test]
    fn error_kind_names_are_distinct() {
        fn distinct(names: Vec<&'static str>) {
            let mut sorted = names.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), names.len(), "{names:?}");
        }
        distinct(
            RecordErrorKind::examples()
                .iter()
                .map(RecordErrorKind::name)
                .collect(),
        );
        distinct(GameError::examples().iter().map(GameError::name).collect());
        #[cfg(feature = "serde")]
        distinct(
            RestoreError::examples()
                .iter()
                .map(RestoreError::name)
                .collect(),
        );
    }

    #[test]
    fn encodings_read_their_labels() {
        for (text, encoding) in [
            ("utf-8", Encoding::Utf8),
            ("UTF8", Encoding::Utf8),
            ("Shift_JIS", Encoding::Cp932),
            ("CP932", Encoding::Cp932),
            ("windows_31j", Encoding::Cp932),
            ("eucjp", Encoding::EucJp),
        ] {
            assert_eq!(text.parse::<Encoding>(), Ok(encoding), "{text}");
        }
        let err = "latin-1".parse::<Encoding>().unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"unknown encoding "latin-1": expected "UTF-8", "Shift_JIS" or "EUC-JP""#
        );
    }

    /// The names are the serde names, where the type has serde.
    #[cfg(feature = "serde")]
    #[test]
    fn names_are_the_json_names() {
        fn same<T: serde::Serialize + Copy>(all: &[T], name: fn(T) -> &'static str) {
            for &value in all {
                let json = serde_json::to_string(&value).unwrap();
                assert_eq!(json, format!("\"{}\"", name(value)));
            }
        }
        same(&Color::ALL, Color::as_str);
        same(&IllegalReason::ALL, IllegalReason::as_str);
        same(&Promotion::ALL, Promotion::as_str);
        same(&ImpasseRule::ALL, ImpasseRule::as_str);
        same(&DeclarationRejection::ALL, DeclarationRejection::as_str);
        same(&Format::ALL, Format::as_str);
        same(&HeaderKey::ALL, HeaderKey::as_str);
        same(&CommentKind::ALL, CommentKind::as_str);
        same(&SpecialMove::ALL, SpecialMove::as_str);
        same(&Handicap::ALL, Handicap::as_str);
    }
}
