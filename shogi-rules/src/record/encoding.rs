//! Text encodings of record files: detection on input, a choice on output.

use super::{RecordError, RecordErrorKind};

/// A text encoding of a record file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 (a BOM, if present, is removed on input).
    Utf8,
    /// CP932, the Windows form of Shift_JIS (with the NEC and IBM extensions).
    Cp932,
    /// EUC-JP.
    EucJp,
}

impl Encoding {
    /// `"UTF-8"`, `"Shift_JIS"` (as KIF and CSA files declare CP932) or `"EUC-JP"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Cp932 => "Shift_JIS",
            Encoding::EucJp => "EUC-JP",
        }
    }

    fn codec(self) -> &'static encoding_rs::Encoding {
        match self {
            Encoding::Utf8 => encoding_rs::UTF_8,
            // The WHATWG Shift_JIS decoder is CP932 (Windows-31J).
            Encoding::Cp932 => encoding_rs::SHIFT_JIS,
            Encoding::EucJp => encoding_rs::EUC_JP,
        }
    }
}

/// The encoding a file declares in its first lines: `#KIF version=2.0
/// encoding=Shift_JIS`, `'CSA encoding=UTF-8`, `'encoding=EUC-JP`.
fn declared(bytes: &[u8]) -> Option<Encoding> {
    for line in bytes.split(|&b| b == b'\n').take(3) {
        let line: Vec<u8> = line.iter().map(u8::to_ascii_lowercase).collect();
        let Some(at) = line.windows(9).position(|w| w == b"encoding=") else {
            continue;
        };
        let value: Vec<u8> = line[at + 9..]
            .iter()
            .copied()
            .take_while(|b| !b.is_ascii_whitespace())
            .collect();
        return match value.as_slice() {
            b"utf-8" | b"utf8" => Some(Encoding::Utf8),
            b"shift_jis" | b"shift-jis" | b"sjis" | b"cp932" | b"windows-31j" => {
                Some(Encoding::Cp932)
            }
            b"euc-jp" | b"eucjp" => Some(Encoding::EucJp),
            _ => None,
        };
    }
    None
}

fn decode_strict(bytes: &[u8], encoding: Encoding) -> Option<String> {
    encoding
        .codec()
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(|text| text.into_owned())
}

/// Decodes the bytes of a record file: a UTF-8 BOM means UTF-8; else a
/// declared encoding is used if the bytes are valid in it (files converted
/// without updating their declaration exist); else valid UTF-8 is UTF-8; else CP932, or
/// EUC-JP when the text decodes as EUC-JP and reads as CP932 only through
/// half-width katakana (which EUC-JP kanji turn into).
///
/// # Errors
/// [`RecordErrorKind::Encoding`] when the bytes are not valid in the chosen
/// encoding; the line is the first line that fails.
pub fn decode(bytes: &[u8]) -> Result<(String, Encoding), RecordError> {
    if let Some(rest) = bytes.strip_prefix(b"\xef\xbb\xbf") {
        return decode_strict(rest, Encoding::Utf8)
            .map(|t| (t, Encoding::Utf8))
            .ok_or_else(|| encoding_error(rest, Encoding::Utf8));
    }
    if let Some(encoding) = declared(bytes) {
        if let Some(text) = decode_strict(bytes, encoding) {
            return Ok((text, encoding));
        }
        // A declaration that does not fit the bytes is stale (a file
        // converted without updating its header): detect as if undeclared.
    }
    if let Ok(text) = core::str::from_utf8(bytes) {
        return Ok((text.to_owned(), Encoding::Utf8));
    }
    let cp932 = decode_strict(bytes, Encoding::Cp932);
    let euc = decode_strict(bytes, Encoding::EucJp);
    match (cp932, euc) {
        (Some(sjis), Some(euc)) => {
            let katakana = |t: &str| {
                t.chars()
                    .filter(|c| ('\u{ff61}'..='\u{ff9f}').contains(c))
                    .count()
            };
            if katakana(&sjis) > katakana(&euc) {
                Ok((euc, Encoding::EucJp))
            } else {
                Ok((sjis, Encoding::Cp932))
            }
        }
        (Some(sjis), None) => Ok((sjis, Encoding::Cp932)),
        (None, Some(euc)) => Ok((euc, Encoding::EucJp)),
        (None, None) => Err(undecodable(bytes)),
    }
}

/// The error for bytes that are not valid in `encoding`: the line and
/// column of the first byte that is not.
fn encoding_error(bytes: &[u8], encoding: Encoding) -> RecordError {
    let name = match encoding {
        Encoding::Utf8 => "UTF-8 (declared by its byte order mark)",
        Encoding::Cp932 => "Shift_JIS",
        Encoding::EucJp => "EUC-JP",
    };
    error_at(bytes, encoding, name)
}

/// The error for bytes valid in no encoding: placed at the first bad byte
/// in the encoding that reads furthest, naming every encoding tried.
fn undecodable(bytes: &[u8]) -> RecordError {
    let furthest = [Encoding::Utf8, Encoding::Cp932, Encoding::EucJp]
        .into_iter()
        .max_by_key(|&e| (valid_up_to(bytes, e), e == Encoding::Utf8))
        .unwrap_or(Encoding::Utf8);
    let name = match furthest {
        Encoding::Utf8 => {
            "UTF-8, Shift_JIS or EUC-JP (the place is of the first byte bad in UTF-8)"
        }
        Encoding::Cp932 => {
            "UTF-8, Shift_JIS or EUC-JP (the place is of the first byte bad in Shift_JIS)"
        }
        Encoding::EucJp => {
            "UTF-8, Shift_JIS or EUC-JP (the place is of the first byte bad in EUC-JP)"
        }
    };
    error_at(bytes, furthest, name)
}

/// An encoding error named `name` at the first byte not valid in `encoding`.
fn error_at(bytes: &[u8], encoding: Encoding, name: &'static str) -> RecordError {
    let bad = valid_up_to(bytes, encoding);
    let before = &bytes[..bad.min(bytes.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column =
        decode_strict(&before[line_start..], encoding).map_or(1, |t| t.chars().count() + 1);
    RecordError::without_format(line, column, RecordErrorKind::Encoding(name))
}

/// How many bytes at the start of `bytes` are valid in `encoding`.
fn valid_up_to(bytes: &[u8], encoding: Encoding) -> usize {
    if encoding == Encoding::Utf8 {
        return core::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |_| bytes.len());
    }
    let mut decoder = encoding.codec().new_decoder_without_bom_handling();
    let capacity = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3));
    let mut out = String::with_capacity(capacity);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
    match result {
        encoding_rs::DecoderResult::Malformed(bad, after) => {
            read.saturating_sub(usize::from(bad) + usize::from(after))
        }
        _ => read,
    }
}

/// Encodes text for writing.
///
/// # Errors
/// The text holds a character the encoding cannot represent (the first
/// such character is returned).
pub fn encode(text: &str, encoding: Encoding) -> Result<Vec<u8>, char> {
    if encoding == Encoding::Utf8 {
        return Ok(text.as_bytes().to_vec());
    }
    let (bytes, _, had_errors) = encoding.codec().encode(text);
    if had_errors {
        let bad = text
            .chars()
            .find(|c| encoding.codec().encode(c.encode_utf8(&mut [0; 4])).2)
            .unwrap_or('\u{fffd}');
        return Err(bad);
    }
    Ok(bytes.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_encoding() {
        let text = "先手：羽生善治\n";
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(text);
        let (euc, _, _) = encoding_rs::EUC_JP.encode(text);
        assert_eq!(
            decode(text.as_bytes()).unwrap(),
            (text.to_string(), Encoding::Utf8)
        );
        assert_eq!(decode(&sjis).unwrap(), (text.to_string(), Encoding::Cp932));
        assert_eq!(decode(&euc).unwrap(), (text.to_string(), Encoding::EucJp));
        let mut bom = b"\xef\xbb\xbf".to_vec();
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode(&bom).unwrap().0, text);
    }

    #[test]
    fn honours_a_declaration() {
        let mut bytes = b"#KIF version=2.0 encoding=Shift_JIS\n".to_vec();
        bytes.extend_from_slice(&encoding_rs::SHIFT_JIS.encode("後手：△\n").0);
        assert_eq!(decode(&bytes).unwrap().1, Encoding::Cp932);
    }

    #[test]
    fn a_stale_declaration_falls_back_to_detection() {
        let mut bytes = b"#KIF version=2.0 encoding=UTF-8\n".to_vec();
        bytes.extend_from_slice(&encoding_rs::SHIFT_JIS.encode("後手：羽生\n").0);
        assert_eq!(decode(&bytes).unwrap().1, Encoding::Cp932);
    }

    #[test]
    fn encodes_cp932_and_reports_unmappable_characters() {
        assert!(encode("▲７六歩", Encoding::Cp932).is_ok());
        assert_eq!(encode("☗", Encoding::Cp932), Err('☗'));
    }

    #[test]
    fn a_bad_byte_in_utf8_text_is_placed_where_it_is() {
        let mut bytes = "先手：羽生\n".repeat(6).into_bytes();
        bytes.extend_from_slice("後手：".as_bytes());
        bytes.push(0xff);
        bytes.extend_from_slice("谷川\n".as_bytes());
        let err = decode(&bytes).unwrap_err();
        assert_eq!((err.line, err.column), (7, 4));
        assert!(
            matches!(err.kind, RecordErrorKind::Encoding(name) if name.contains("bad in UTF-8"))
        );
        assert!(err.to_string().contains("Shift_JIS"));
    }
}
