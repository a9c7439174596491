//! The words of a protocol line, with their columns, read in one pass.

use super::{UsiField, UsiMessageError};
use crate::UsiMove;

/// A word of a line: its 1-based column in characters, its byte offset and
/// its text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Word<'a> {
    /// 1-based column, in characters.
    pub column: usize,
    /// Byte offset in the line.
    pub start: usize,
    /// The word.
    pub text: &'a str,
}

/// A line split on ASCII whitespace.
pub(crate) struct Words<'a> {
    /// The line.
    pub line: &'a str,
    /// Its words, in order.
    pub words: Vec<Word<'a>>,
    /// The column just after the line's last character.
    pub end_column: usize,
}

impl<'a> Words<'a> {
    /// Splits `line`, counting columns as it is read (once, whatever the
    /// number of words).
    pub fn new(line: &'a str) -> Words<'a> {
        let mut words = Vec::new();
        let mut start: Option<(usize, usize)> = None;
        let mut column = 1;
        for (i, c) in line.char_indices() {
            if c.is_ascii_whitespace() {
                if let Some((s, col)) = start.take() {
                    words.push(Word {
                        column: col,
                        start: s,
                        text: &line[s..i],
                    });
                }
            } else if start.is_none() {
                start = Some((i, column));
            }
            column += 1;
        }
        if let Some((s, col)) = start {
            words.push(Word {
                column: col,
                start: s,
                text: &line[s..],
            });
        }
        Words {
            line,
            words,
            end_column: column,
        }
    }

    /// The number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// The text of word `i`, if there is one.
    pub fn text(&self, i: usize) -> Option<&'a str> {
        self.words.get(i).map(|w| w.text)
    }

    /// The column of word `i`, or the end of the line when there is none.
    pub fn column(&self, i: usize) -> usize {
        self.words.get(i).map_or(self.end_column, |w| w.column)
    }

    /// The rest of the line from word `i`, without trailing whitespace
    /// (empty when there is no word `i`): text that keeps its own spacing.
    pub fn rest(&self, i: usize) -> &'a str {
        self.words.get(i).map_or("", |w| {
            self.line[w.start..].trim_end_matches(|c: char| c.is_ascii_whitespace())
        })
    }

    /// Words `from..to` joined by single spaces.
    pub fn join(&self, from: usize, to: usize) -> String {
        let mut out = String::new();
        for w in &self.words[from..to] {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w.text);
        }
        out
    }

    /// The first index from `from` whose word is one of `stops`, or the
    /// number of words.
    pub fn until(&self, from: usize, stops: &[&str]) -> usize {
        let mut i = from;
        while i < self.words.len() && !stops.contains(&self.words[i].text) {
            i += 1;
        }
        i
    }
}

/// Word `i` read as a number of `field`.
pub(crate) fn number<T: core::str::FromStr>(
    words: &Words<'_>,
    i: usize,
    field: UsiField,
) -> Result<T, UsiMessageError> {
    let text = words.text(i).ok_or(UsiMessageError::MissingValue {
        field,
        column: words.column(i),
    })?;
    text.parse().map_err(|_| UsiMessageError::BadNumber {
        field,
        column: words.column(i),
        found: text.into(),
    })
}

/// Word `i` read as a USI move of `field`.
pub(crate) fn usi_move(
    words: &Words<'_>,
    i: usize,
    field: UsiField,
) -> Result<UsiMove, UsiMessageError> {
    let text = words.text(i).ok_or(UsiMessageError::MissingValue {
        field,
        column: words.column(i),
    })?;
    text.parse().map_err(|source| UsiMessageError::BadMove {
        field,
        column: words.column(i),
        source,
    })
}

/// Words `from..to` read as USI moves of `field`.
pub(crate) fn usi_moves(
    words: &Words<'_>,
    from: usize,
    to: usize,
    field: UsiField,
) -> Result<Vec<UsiMove>, UsiMessageError> {
    (from..to).map(|i| usi_move(words, i, field)).collect()
}

/// An error if word `i` exists: nothing may follow `field`.
pub(crate) fn end(words: &Words<'_>, i: usize, field: UsiField) -> Result<(), UsiMessageError> {
    match words.text(i) {
        None => Ok(()),
        Some(found) => Err(UsiMessageError::Unexpected {
            field,
            column: words.column(i),
            found: found.into(),
        }),
    }
}

/// Adds an unknown field read after `known` known fields have been set:
/// a field of its own, or when there are already `known + 1` of them (a
/// known field given twice), joined to the last one, so that [`write_fields`]
/// can separate each from the next by a known field.
pub(crate) fn push_extra(
    extra: &mut Vec<(String, String)>,
    known: usize,
    key: &str,
    value: String,
) {
    let full = extra.len() > known;
    match extra.last_mut() {
        Some((_, last)) if full => {
            for part in [key, &value] {
                if !part.is_empty() {
                    if !last.is_empty() {
                        last.push(' ');
                    }
                    last.push_str(part);
                }
            }
        }
        _ => extra.push((key.into(), value)),
    }
}

/// Writes the known fields and the unknown ones between them: the first
/// unknown field before the first known one, each next one after the next
/// known field, and those left over after the last known field (where they
/// read back as one).
pub(crate) fn write_fields(
    f: &mut core::fmt::Formatter<'_>,
    known: &[String],
    extra: &[(String, String)],
) -> core::fmt::Result {
    fn write_extra(
        f: &mut core::fmt::Formatter<'_>,
        (key, value): &(String, String),
    ) -> core::fmt::Result {
        write!(f, " {key}")?;
        if value.is_empty() {
            Ok(())
        } else {
            write!(f, " {value}")
        }
    }
    let mut extra = extra.iter();
    if let Some(e) = extra.next() {
        write_extra(f, e)?;
    }
    for field in known {
        f.write_str(field)?;
        if let Some(e) = extra.next() {
            write_extra(f, e)?;
        }
    }
    for e in extra {
        write_extra(f, e)?;
    }
    Ok(())
}
