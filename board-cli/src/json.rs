//! JSON output: one value per line.

use std::io::{self, Write};

use serde::Serialize;

/// Writes `value` as one line of compact JSON.
pub fn write_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    // An I/O error keeps its kind (a broken pipe stays one).
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}
