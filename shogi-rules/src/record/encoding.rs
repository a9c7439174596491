//! Text encodings of record files: detection on input, a choice on output.

use super::{Format, RecordError, RecordErrorKind};

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
        (None, None) => Err(encoding_error(bytes, Encoding::Cp932)),
    }
}

/// The error for bytes that are not valid in `encoding`, at the first line
/// that fails to decode.
fn encoding_error(bytes: &[u8], encoding: Encoding) -> RecordError {
    let line = bytes
        .split(|&b| b == b'\n')
        .position(|l| decode_strict(l, encoding).is_none())
        .map_or(1, |i| i + 1);
    RecordError::new(
        Format::Kif,
        line,
        1,
        RecordErrorKind::Encoding(encoding.name()),
    )
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
}
