//! How much a record reader accepts: one policy for every format.
//!
//! Records come from people and programs a host does not control. Every
//! reader ([`super::read_with`], [`super::read_str_with`],
//! [`super::read_all_with`], [`super::read_str_all_with`] and
//! [`crate::Game::from_usi_with`]) checks its input against a
//! [`ReadLimits`] before and while it parses, so that no input costs more
//! than a caller allowed: the work and memory of a read are linear in the
//! input size and bounded by these numbers. Exceeding one fails with
//! [`super::RecordErrorKind::LimitExceeded`], which names the [`Limit`],
//! its value, and the line where it was exceeded.
//!
//! The defaults ([`ReadLimits::DEFAULT`]) hold every real record by a wide
//! margin — the longest professional games have about 400 moves, the
//! longest composed problems about 1,500, and analysis files a few thousand
//! variations — and keep a single read below a few hundred megabytes of
//! memory (a file of many records takes some 600 bytes a record more; see
//! [`ReadLimits::max_records`]). A caller reading trusted archives can raise
//! them; a server reading uploads can lower them.
//!
//! ```
//! use shogi_rules::record::{self, Limit, ReadLimits, RecordErrorKind};
//! let limits = ReadLimits::DEFAULT.with(Limit::MovesPerLine, 2);
//! let err = record::read_with(b"position startpos moves 7g7f 3c3d 2g2f", None, &limits)
//!     .unwrap_err();
//! assert!(matches!(
//!     err.kind,
//!     RecordErrorKind::LimitExceeded { limit: Limit::MovesPerLine, max: 2 }
//! ));
//! ```

use core::fmt;

crate::names::named_enum! {
    /// One of the limits of [`ReadLimits`].
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum Limit("limit") {
        /// The size of the input in bytes ([`ReadLimits::max_input_bytes`]).
        InputBytes => "input_bytes",
        /// The length of one line of text in bytes ([`ReadLimits::max_line_bytes`]).
        LineBytes => "line_bytes",
        /// The length of one header value or comment in bytes
        /// ([`ReadLimits::max_header_bytes`]).
        HeaderBytes => "header_bytes",
        /// The number of moves in one line of play ([`ReadLimits::max_moves_per_line`]).
        MovesPerLine => "moves_per_line",
        /// The number of variations in a record ([`ReadLimits::max_variations`]).
        Variations => "variations",
        /// How deep variations nest ([`ReadLimits::max_depth`]).
        Depth => "depth",
        /// The number of records in a file ([`ReadLimits::max_records`]).
        Records => "records",
    }
}

impl Limit {
    /// What the limit counts, for messages: `"input size in bytes"`, ….
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Limit::InputBytes => "input size in bytes",
            Limit::LineBytes => "line length in bytes",
            Limit::HeaderBytes => "header or comment length in bytes",
            Limit::MovesPerLine => "moves in one line of play",
            Limit::Variations => "number of variations",
            Limit::Depth => "nesting depth of variations",
            Limit::Records => "number of records in the file",
        }
    }

    /// This limit's value in `limits`.
    #[must_use]
    pub const fn of(self, limits: &ReadLimits) -> usize {
        match self {
            Limit::InputBytes => limits.max_input_bytes,
            Limit::LineBytes => limits.max_line_bytes,
            Limit::HeaderBytes => limits.max_header_bytes,
            Limit::MovesPerLine => limits.max_moves_per_line,
            Limit::Variations => limits.max_variations,
            Limit::Depth => limits.max_depth,
            Limit::Records => limits.max_records,
        }
    }
}

impl Limit {
    /// The error kind for going beyond this limit of `limits`.
    pub(crate) const fn exceeded(self, limits: &ReadLimits) -> super::RecordErrorKind {
        super::RecordErrorKind::LimitExceeded {
            limit: self,
            max: self.of(limits),
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The limits a record reader enforces. Build one from
/// [`ReadLimits::DEFAULT`] (or [`ReadLimits::UNLIMITED`]) with
/// [`ReadLimits::with`], or by setting its fields on a copy:
///
/// ```
/// use shogi_rules::record::{Limit, ReadLimits};
/// let uploads = ReadLimits::DEFAULT
///     .with(Limit::InputBytes, 1 << 20)
///     .with(Limit::Depth, 50);
/// let mut same = ReadLimits::DEFAULT;
/// same.max_input_bytes = 1 << 20;
/// same.max_depth = 50;
/// assert_eq!(uploads, same);
/// ```
///
/// The struct is `#[non_exhaustive]`: a limit added later (with its
/// [`Limit`], which is `#[non_exhaustive]` too) takes its default in
/// limits built this way, where a struct literal would stop compiling.
/// For the same reason it cannot be built with struct update syntax
/// (`ReadLimits { max_depth: 50, ..ReadLimits::DEFAULT }`) outside this
/// crate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ReadLimits {
    /// Bytes of input, before decoding (default 64 MiB).
    pub max_input_bytes: usize,
    /// Bytes in one line of text after decoding (default 16 MiB: a CSA
    /// file may hold every move on one line).
    pub max_line_bytes: usize,
    /// Bytes in one header value or one comment (default 64 KiB).
    pub max_header_bytes: usize,
    /// Moves in one line of play, the main line or a variation (default
    /// 1,000,000).
    pub max_moves_per_line: usize,
    /// Variations in the whole record (default 100,000).
    pub max_variations: usize,
    /// Variations inside variations: a variation of the main line is at
    /// depth 1 (default 1,000).
    pub max_depth: usize,
    /// Records in one file: games of a CSA file separated by `/` lines,
    /// lines of a USI file (default 1,000,000: a file of SFEN lines within
    /// the default input size holds about that many positions). A record
    /// takes about 600 bytes before its moves, so a million bare positions
    /// read by [`super::read_all`] take some 600 MB: lower it where memory
    /// is tight. A single-record read counts them too, to say how many a
    /// collection holds.
    pub max_records: usize,
}

impl ReadLimits {
    /// The default limits.
    pub const DEFAULT: ReadLimits = ReadLimits {
        max_input_bytes: 64 << 20,
        max_line_bytes: 16 << 20,
        max_header_bytes: 64 << 10,
        max_moves_per_line: 1_000_000,
        max_variations: 100_000,
        max_depth: 1_000,
        max_records: 1_000_000,
    };

    /// No limit at all but what memory allows: for trusted input only.
    pub const UNLIMITED: ReadLimits = ReadLimits {
        max_input_bytes: usize::MAX,
        max_line_bytes: usize::MAX,
        max_header_bytes: usize::MAX,
        max_moves_per_line: usize::MAX,
        max_variations: usize::MAX,
        max_depth: usize::MAX,
        max_records: usize::MAX,
    };

    /// These limits with `limit` set to `value`.
    #[must_use]
    pub const fn with(mut self, limit: Limit, value: usize) -> ReadLimits {
        match limit {
            Limit::InputBytes => self.max_input_bytes = value,
            Limit::LineBytes => self.max_line_bytes = value,
            Limit::HeaderBytes => self.max_header_bytes = value,
            Limit::MovesPerLine => self.max_moves_per_line = value,
            Limit::Variations => self.max_variations = value,
            Limit::Depth => self.max_depth = value,
            Limit::Records => self.max_records = value,
        }
        self
    }
}

impl Default for ReadLimits {
    fn default() -> ReadLimits {
        ReadLimits::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_is_set_and_read_back_by_its_own_field() {
        for (i, limit) in Limit::ALL.into_iter().enumerate() {
            let limits = ReadLimits::DEFAULT.with(limit, 7 + i);
            assert_eq!(limit.of(&limits), 7 + i);
            for other in Limit::ALL {
                if other != limit {
                    assert_eq!(other.of(&limits), other.of(&ReadLimits::DEFAULT));
                }
            }
        }
        let names: std::collections::HashSet<_> = Limit::ALL.iter().map(|l| l.as_str()).collect();
        assert_eq!(names.len(), Limit::ALL.len());
    }
}
