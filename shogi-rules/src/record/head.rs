//! The head of a KIF or KI2 file, what it says before its moves: headers,
//! the handicap the `手合割` header names, the board diagram, and comments on
//! the start. Both formats read and write it alike; each reader keeps a
//! [`Head`] and reads its own move syntax.

use core::fmt::Write as _;

use super::builder::TreeBuilder;
use super::diagram::{DiagramReader, write_diagram};
use super::handicap::{named_start, needs_diagram};
use super::text::{header, kif_name, one_line};
use super::{
    Comment, Format, GameRecord, Header, HeaderKey, Limit, ReadLimits, RecordError, RecordErrorKind,
};
use crate::Position;

/// What a KIF or KI2 file has said before its moves so far.
#[derive(Default)]
pub(crate) struct Head {
    /// The headers, in file order.
    pub(crate) headers: Vec<Header>,
    /// The value of the first `手合割` header, its line and column.
    handicap: Option<(String, usize, usize)>,
    /// The board diagram, if the file has one.
    pub(crate) diagram: DiagramReader,
    /// The comments before the first move.
    pub(crate) start_comments: Vec<Comment>,
}

impl Head {
    /// Reads the header `name：value` of line `number` (its value at
    /// `value_column`) within `limits`. The first `手合割` header names the
    /// start position; a later one is kept as a header only.
    pub(crate) fn header(
        &mut self,
        format: Format,
        number: usize,
        (name, value, value_column): (&str, &str, usize),
        limits: &ReadLimits,
    ) -> Result<(), RecordError> {
        if value.len() > limits.max_header_bytes {
            let kind = Limit::HeaderBytes.exceeded(limits);
            return Err(RecordError::new(format, number, value_column, kind));
        }
        let header = header(name, value);
        if header.key == HeaderKey::Handicap && self.handicap.is_none() {
            self.handicap = Some((value.to_owned(), number, value_column));
        }
        self.headers.push(header);
        Ok(())
    }

    /// The start position: the diagram's, else the one the handicap names,
    /// else the even game's.
    pub(crate) fn start(&self, format: Format) -> Result<Position, RecordError> {
        if let Some(pos) = self.diagram.position(format)? {
            return Ok(pos);
        }
        match &self.handicap {
            None => Ok(Position::startpos()),
            Some((name, line, column)) => named_start(name).ok_or_else(|| {
                let kind = RecordErrorKind::UnknownHandicap(name.clone());
                RecordError::new(format, *line, *column, kind)
            }),
        }
    }

    /// The record `tree` holds, with these headers and start comments.
    pub(crate) fn into_record(self, tree: TreeBuilder) -> GameRecord {
        let mut record = tree.finish();
        record.headers = self.headers;
        record.start_comments = self.start_comments;
        record
    }
}

/// Writes the head of `record` as KIF and KI2 have it: every header under
/// its KIF name (`N+` becomes `先手`), then the board diagram when no
/// handicap name gives the start, its sides named `sides`.
pub(crate) fn write_head(out: &mut String, record: &GameRecord, sides: [&str; 2]) {
    let names = super::text::side_names(record);
    for h in &record.headers {
        let name = kif_name(h, names);
        let _ = writeln!(out, "{}：{}", one_line(&name), one_line(&h.value));
    }
    if needs_diagram(record) {
        write_diagram(out, &record.start, sides);
    }
}
