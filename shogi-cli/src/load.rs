//! Reading records from the bytes of a file: decoding, the format the
//! content shows (else the file name's extension), and errors as
//! `LINE:COLUMN: message`.

use std::path::Path;

use shogi_rules::record::{self, Encoding, Format, GameRecord, RecordError, RecordErrorKind};

use crate::input::LIMITS;

/// What was read from a file (a record, or every record), with how it was
/// read.
pub struct Loaded<T = GameRecord> {
    /// The record, or the records.
    pub record: T,
    /// The format it was read as.
    pub format: Format,
    /// The encoding of the bytes.
    pub encoding: Encoding,
}

/// Reads a record: decodes the bytes, then tries the format the content
/// shows and, if that fails and the file name's extension names another
/// format, that one. The error reported is the one of the first format
/// tried, as `LINE:COLUMN: message`.
pub fn load_record(name: &Path, bytes: &[u8]) -> Result<Loaded, String> {
    load_with(name, bytes, |text, format| {
        record::read_str_with(text, Some(format), &LIMITS)
    })
}

/// Reads every record of a file (the games of a CSA file, the lines of a
/// USI file; one record for the other formats), as [`load_record`] reads
/// one.
pub fn load_records(name: &Path, bytes: &[u8]) -> Result<Loaded<Vec<GameRecord>>, String> {
    load_with(name, bytes, |text, format| {
        record::read_str_all_with(text, Some(format), &LIMITS)
    })
}

/// The reading of [`load_record`] and [`load_records`], with `read`.
fn load_with<T>(
    name: &Path,
    bytes: &[u8],
    read: impl Fn(&str, Format) -> Result<T, RecordError>,
) -> Result<Loaded<T>, String> {
    let (text, encoding) = record::decode(bytes).map_err(|e| describe_error(&e))?;
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err("1:1: the file is empty".to_string());
    }
    let by_content = record::detect_format(&text);
    let by_extension = name
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension);
    let mut candidates: Vec<Format> = Vec::with_capacity(2);
    candidates.extend(by_content);
    candidates.extend(by_extension.filter(|&e| Some(e) != by_content));
    let mut first_error = None;
    for format in candidates {
        match read(&text, format) {
            Ok(record) => {
                return Ok(Loaded {
                    record,
                    format,
                    encoding,
                });
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let error = first_error
        .unwrap_or_else(|| RecordError::without_format(1, 1, RecordErrorKind::UnknownFormat));
    Err(describe_error(&error))
}

/// `LINE:COLUMN: message`, naming the format read when it matters.
fn describe_error(e: &RecordError) -> String {
    let Some(format) = e.format else {
        return format!("{}:{}: {}", e.line, e.column, e.kind);
    };
    let format = format.as_str().to_ascii_uppercase();
    match e.kind {
        RecordErrorKind::Encoding(_) => format!("{}:{}: {}", e.line, e.column, e.kind),
        RecordErrorKind::Collection { count } => format!(
            "{}:{}: the file holds {count} {format} records, the second from this line; \
             replay reads one (validate and convert read them all)",
            e.line, e.column,
        ),
        _ => format!("{}:{}: {} (read as {format})", e.line, e.column, e.kind),
    }
}
