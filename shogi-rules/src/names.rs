//! The names of the crate's named enums, and reading them back.
//!
//! Every enum whose values have a name ([`Color`](crate::Color),
//! [`Role`](crate::Role), [`Termination`](crate::Termination),
//! [`IllegalReason`](crate::IllegalReason), [`Promotion`](crate::Promotion),
//! [`ImpasseRule`](crate::ImpasseRule),
//! [`DeclarationRejection`](crate::DeclarationRejection),
//! [`Format`](crate::record::Format), [`HeaderKey`](crate::record::HeaderKey),
//! [`CommentKind`](crate::record::CommentKind),
//! [`SpecialMove`](crate::record::SpecialMove), [`Limit`](crate::record::Limit),
//! [`Handicap`](crate::record::Handicap), [`Encoding`],
//! [`Mark`](crate::notation::japanese::Mark),
//! [`Notation`](crate::notation::Notation)) has
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
//! Each of these enums but [`Encoding`] is defined with `named_enum!` (from
//! the `enum-names` crate), which
//! writes the enum, `ALL`, `as_str` and `FromStr` from one list of the
//! variants and their names, so that none of them can miss a variant.
//!
//! ```
//! use shogi_rules::record::CommentKind;
//! use shogi_rules::{Color, ParseNameError, Termination};
//! assert_eq!("gote".parse::<Color>(), Ok(Color::Gote));
//! for t in Termination::ALL {
//!     assert_eq!(t.as_str().parse::<Termination>(), Ok(t));
//! }
//! let err = "note".parse::<CommentKind>().unwrap_err();
//! assert_eq!(err.kind, "comment kind");
//! assert_eq!(err.to_string(), r#"unknown comment kind "note": expected "normal", "engine" or "bookmark""#);
//! ```

use core::str::FromStr;

use crate::GameError;
#[cfg(feature = "serde")]
use crate::RestoreError;
use crate::record::{Encoding, RecordErrorKind};

pub use enum_names::ParseNameError;

/// Defines a named enum: the enum, `ALL`, `as_str` and `FromStr` from one
/// list of its variants and their names (the `enum-names` crate, shared with
/// the other rules crate).
pub(crate) use enum_names::named_enum;

// Checks that `Encoding::ALL` lists every variant: the match has no
// wildcard, so a variant added fails to compile until it is listed.
const _: () = {
    #[allow(dead_code)]
    fn every_variant_is_listed(encoding: Encoding) {
        match encoding {
            Encoding::Utf8 | Encoding::Cp932 | Encoding::EucJp => {}
        }
    }
};

// Not `named_enum!`: an encoding's name is its label (`"Shift_JIS"`), and it
// reads other labels too.
impl Encoding {
    /// Every encoding, in declaration order.
    pub const ALL: [Encoding; 3] = [Encoding::Utf8, Encoding::Cp932, Encoding::EucJp];

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
            #[cfg(feature = "jkf")]
            RecordErrorKind::Json(_) => "json",
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
    use crate::notation::japanese::Mark;
    use crate::record::{CommentKind, Format, Handicap, HeaderKey, Limit, SpecialMove};
    use crate::{
        Color, DeclarationRejection, IllegalReason, ImpasseRule, Promotion, Role, Termination,
    };
    use core::fmt;

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
        round_trips(&crate::usi::UsiField::ALL, crate::usi::UsiField::as_str);
        round_trips(&crate::usi::GameResult::ALL, crate::usi::GameResult::as_str);
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
