//! Record bytes to text: UTF-8 with or without a byte-order mark, else
//! GB18030 (which includes GBK and GB2312), the encoding of most Chinese
//! xiangqi programs.

use super::{RecordError, RecordErrorKind};

/// The text of `bytes`: UTF-8 (a leading BOM dropped) when they are valid
/// UTF-8, else GB18030.
pub(crate) fn decode(bytes: &[u8]) -> Result<String, RecordError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(text) = core::str::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    encoding_rs::GB18030
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(|text| text.into_owned())
        .ok_or(RecordError::new(0, 0, RecordErrorKind::Encoding))
}
