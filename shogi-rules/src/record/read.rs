//! Reading records: the format detected from the content, the size and
//! line checks every read starts with, and the entry points for one record
//! ([`read`] and its variants) and for a file of several ([`read_all`]).

#[cfg(feature = "jkf")]
use super::jkf;
use super::{
    Format, GameRecord, Limit, ReadLimits, RecordError, RecordErrorKind, csa, decode, ki2, kif,
    text, usi,
};

/// Guesses the format of decoded text from its content. Text that starts
/// with `{` is JKF (with the `jkf` feature; without it, no format). A first
/// line that is a USI command (`position …`, `startpos …`, `sfen …`) or a
/// bare SFEN (`lnsgkgsnl/1r5b1/… b - 1`) is USI.
#[must_use]
pub fn detect_format(text: &str) -> Option<Format> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') {
        #[cfg(feature = "jkf")]
        return Some(Format::Jkf);
        #[cfg(not(feature = "jkf"))]
        return None;
    }
    let first = trimmed.lines().next().unwrap_or("");
    if first.starts_with("position ")
        || first.starts_with("startpos")
        || first.starts_with("sfen ")
        || usi::is_bare_sfen(first)
    {
        return Some(Format::Usi);
    }
    let mut ki2_like = false;
    for line in trimmed.lines().take(200) {
        let line = line.trim();
        if line.starts_with("V2")
            || line.starts_with("V3")
            || line.starts_with("PI")
            || line.starts_with("P1")
            || line.starts_with("N+")
            || line.starts_with("N-")
            || line.starts_with("'CSA")
            || (line.len() >= 7
                && (line.starts_with('+') || line.starts_with('-'))
                && line.as_bytes()[1].is_ascii_digit())
        {
            return Some(Format::Csa);
        }
        if line.starts_with("手数--") || line.starts_with("#KIF") {
            return Some(Format::Kif);
        }
        let number = line.split_whitespace().next().unwrap_or("");
        if !number.is_empty()
            && number.bytes().all(|b| b.is_ascii_digit())
            && line.len() > number.len()
        {
            return Some(Format::Kif);
        }
        if line.starts_with('▲')
            || line.starts_with('△')
            || line.starts_with('☗')
            || line.starts_with('☖')
            || line.starts_with('▽')
        {
            ki2_like = true;
        }
    }
    if ki2_like {
        return Some(Format::Ki2);
    }
    // Headers or a board diagram without moves: KIF (KI2 reads the same).
    if ["手合割", "先手：", "開始日時", "の持駒："]
        .iter()
        .any(|mark| trimmed.contains(mark))
    {
        return Some(Format::Kif);
    }
    None
}

/// Reads a record of any format from bytes: decodes the text ([`decode`]),
/// detects the format ([`detect_format`]) and parses it. A caller that wants
/// to know the encoding found (to write the record back in it) calls those
/// steps itself:
///
/// ```
/// use shogi_rules::record::{self, Encoding, Format};
/// let bytes = b"PI\n+\n+7776FU\n";
/// let (text, encoding) = record::decode(bytes).unwrap();
/// assert_eq!(encoding, Encoding::Utf8);
/// let format = record::detect_format(&text).unwrap();
/// assert_eq!(format, Format::Csa);
/// let game = record::read_str_as(&text, format).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// ```
///
/// # Errors
/// [`RecordError`] with the line and column of the problem;
/// [`RecordErrorKind::Collection`] for a file of several records, which
/// [`read_all`] reads.
pub fn read(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read_with(bytes, None, &ReadLimits::DEFAULT)
}

/// Reads a record of a known format from bytes, within the default
/// [`ReadLimits`].
///
/// # Errors
/// [`RecordError`] with the line and column of the problem.
pub fn read_as(bytes: &[u8], format: Format) -> Result<GameRecord, RecordError> {
    read_with(bytes, Some(format), &ReadLimits::DEFAULT)
}

/// Reads a record from bytes within `limits`: in `format`, or in the format
/// [`detect_format`] finds when `format` is `None`.
///
/// # Errors
/// [`RecordError`] with the line and column of the problem;
/// [`RecordErrorKind::LimitExceeded`] when the input exceeds `limits`.
pub fn read_with(
    bytes: &[u8],
    format: Option<Format>,
    limits: &ReadLimits,
) -> Result<GameRecord, RecordError> {
    let text = checked_decode(bytes, format, limits)?;
    read_str_with(&text, format, limits)
}

/// The text of `bytes` read in `format` (`None`: to be detected), once their
/// size is checked against `limits`: before decoding, which would copy them.
fn checked_decode(
    bytes: &[u8],
    format: Option<Format>,
    limits: &ReadLimits,
) -> Result<String, RecordError> {
    let with_format = |error| RecordError { format, ..error };
    if bytes.len() > limits.max_input_bytes {
        let kind = Limit::InputBytes.exceeded(limits);
        return Err(with_format(RecordError::without_format(0, 0, kind)));
    }
    decode(bytes).map(|(text, _)| text).map_err(with_format)
}

/// Reads a record of a known format from text, within the default
/// [`ReadLimits`].
///
/// # Errors
/// [`RecordError`] with the line and column of the problem.
pub fn read_str_as(text: &str, format: Format) -> Result<GameRecord, RecordError> {
    read_str_with(text, Some(format), &ReadLimits::DEFAULT)
}

/// The format to read `text` in, `format` or the one detected, once the
/// text's size and the length of its lines are checked against `limits`.
fn checked_format(
    text: &str,
    format: Option<Format>,
    limits: &ReadLimits,
) -> Result<Format, RecordError> {
    let limit_error = |line, limit: Limit| RecordError {
        format,
        ..RecordError::without_format(line, 1, limit.exceeded(limits))
    };
    if text.len() > limits.max_input_bytes {
        return Err(limit_error(0, Limit::InputBytes));
    }
    if let Some(line) = text::first_line_longer_than(text, limits.max_line_bytes) {
        return Err(limit_error(line, Limit::LineBytes));
    }
    match format {
        Some(format) => Ok(format),
        None => detect_format(text)
            .ok_or_else(|| RecordError::without_format(1, 1, RecordErrorKind::UnknownFormat)),
    }
}

/// Reads a record from text within `limits`: in `format`, or in the format
/// [`detect_format`] finds when `format` is `None`.
///
/// # Errors
/// [`RecordError`] with the line and column of the problem;
/// [`RecordErrorKind::LimitExceeded`] when the input exceeds `limits`.
pub fn read_str_with(
    text: &str,
    format: Option<Format>,
    limits: &ReadLimits,
) -> Result<GameRecord, RecordError> {
    let format = checked_format(text, format, limits)?;
    match format {
        Format::Kif => kif::read_with(text, limits),
        Format::Ki2 => ki2::read_with(text, limits),
        Format::Csa => csa::read_with(text, limits),
        #[cfg(feature = "jkf")]
        Format::Jkf => jkf::read_with(text, limits),
        Format::Usi => usi::read_with(text, limits),
    }
}

/// Checks the number of records of a text whose records start at the
/// 1-based lines `starts` (collected up to one past
/// [`ReadLimits::max_records`]): [`Limit::Records`] exceeded, or, for a
/// `single` read, [`RecordErrorKind::Collection`] when there are several.
pub(crate) fn check_record_count(
    format: Format,
    starts: &[usize],
    limits: &ReadLimits,
    single: bool,
) -> Result<(), RecordError> {
    if let Some(&line) = starts.get(limits.max_records) {
        return Err(RecordError::new(
            format,
            line,
            1,
            Limit::Records.exceeded(limits),
        ));
    }
    match starts {
        [_, second, ..] if single => Err(RecordError::new(
            format,
            *second,
            1,
            RecordErrorKind::Collection {
                count: starts.len(),
            },
        )),
        _ => Ok(()),
    }
}

/// Reads every record of a file from bytes: a record per game of a CSA file
/// (games separated by `/` lines), per line of a USI file (`position …`
/// lines or bare SFEN lines), and the one record of a KIF, KI2 or JKF file.
/// A file of one record gives one record. Decoding and detection are as for
/// [`read`].
///
/// ```
/// use shogi_rules::record;
/// let text = b"position startpos moves 7g7f\nposition startpos moves 2g2f 8c8d\n";
/// let records = record::read_all(text).unwrap();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].moves().len(), 2);
/// let err = record::read(text).unwrap_err();
/// assert_eq!(err.kind, record::RecordErrorKind::Collection { count: 2 });
/// ```
///
/// # Errors
/// [`RecordError`] with the line and column of the first problem in the
/// whole file; [`RecordErrorKind::LimitExceeded`] beyond
/// [`ReadLimits::max_records`] records or another limit (each record is read
/// within the limits, the input size counts the whole file).
pub fn read_all(bytes: &[u8]) -> Result<Vec<GameRecord>, RecordError> {
    read_all_with(bytes, None, &ReadLimits::DEFAULT)
}

/// Reads every record of a file of a known format from bytes, within the
/// default [`ReadLimits`].
///
/// # Errors
/// As [`read_all`].
pub fn read_all_as(bytes: &[u8], format: Format) -> Result<Vec<GameRecord>, RecordError> {
    read_all_with(bytes, Some(format), &ReadLimits::DEFAULT)
}

/// Reads every record of a file from bytes within `limits`: in `format`, or
/// in the format [`detect_format`] finds when `format` is `None`.
///
/// # Errors
/// As [`read_all`].
pub fn read_all_with(
    bytes: &[u8],
    format: Option<Format>,
    limits: &ReadLimits,
) -> Result<Vec<GameRecord>, RecordError> {
    let text = checked_decode(bytes, format, limits)?;
    read_str_all_with(&text, format, limits)
}

/// Reads every record of a text of a known format, within the default
/// [`ReadLimits`].
///
/// # Errors
/// As [`read_all`].
pub fn read_str_all_as(text: &str, format: Format) -> Result<Vec<GameRecord>, RecordError> {
    read_str_all_with(text, Some(format), &ReadLimits::DEFAULT)
}

/// Reads every record of a text within `limits`: in `format`, or in the
/// format [`detect_format`] finds when `format` is `None`.
///
/// # Errors
/// As [`read_all`].
pub fn read_str_all_with(
    text: &str,
    format: Option<Format>,
    limits: &ReadLimits,
) -> Result<Vec<GameRecord>, RecordError> {
    let format = checked_format(text, format, limits)?;
    match format {
        Format::Csa => csa::read_all_with(text, limits),
        Format::Usi => usi::read_all_with(text, limits),
        _ => read_str_with(text, Some(format), limits).map(|r| vec![r]),
    }
}
