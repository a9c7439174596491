//! PGN text as tokens, each with its 1-based line and column.

use super::{GameResult, RecordError, RecordErrorKind};
use crate::notation::excerpt;

/// A token of PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'a> {
    /// `[Name "value"]`.
    Tag(&'a str, String),
    /// `{...}` or `; ...` to the end of the line, trimmed.
    Comment(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// A result: `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(GameResult),
    /// Anything else: a move (move numbers and NAGs are skipped).
    Move(&'a str),
}

/// A token and where it starts.
pub(crate) struct Spanned<'a> {
    pub tok: Tok<'a>,
    pub line: usize,
    pub column: usize,
}

/// Reads tokens from PGN text.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
    line: usize,
    column: usize,
}

const fn is_delimiter(c: char) -> bool {
    matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';')
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            line: 1,
            column: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.at..).and_then(|s| s.chars().next())
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or("")
    }

    fn error(&self, line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError::new(line, column, kind)
    }

    /// The next token, `None` at the end of the text.
    pub(crate) fn next_token(&mut self) -> Result<Option<Spanned<'a>>, RecordError> {
        loop {
            while self.peek().is_some_and(char::is_whitespace) {
                self.bump();
            }
            let (line, column) = (self.line, self.column);
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            let tok = match c {
                '%' if column == 1 => {
                    self.skip_line();
                    continue;
                }
                '{' => {
                    self.bump();
                    let start = self.at;
                    let Some(len) = self.rest().find('}') else {
                        return Err(self.error(line, column, RecordErrorKind::UnterminatedComment));
                    };
                    let body = self.text.get(start..start + len).unwrap_or("");
                    while self.at < start + len + 1 {
                        self.bump();
                    }
                    Tok::Comment(body.trim())
                }
                ';' => {
                    self.bump();
                    let start = self.at;
                    self.skip_line();
                    Tok::Comment(self.text.get(start..self.at).unwrap_or("").trim())
                }
                '(' => {
                    self.bump();
                    Tok::Open
                }
                ')' => {
                    self.bump();
                    Tok::Close
                }
                '[' => self.tag(line, column)?,
                '}' | ']' => {
                    self.bump();
                    return Err(self.error(
                        line,
                        column,
                        RecordErrorKind::UnexpectedToken(c.to_string()),
                    ));
                }
                _ => match self.word() {
                    Some((tok, column)) => return Ok(Some(Spanned { tok, line, column })),
                    None => continue,
                },
            };
            return Ok(Some(Spanned { tok, line, column }));
        }
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// Consumes `bytes` bytes (whole characters).
    fn consume(&mut self, bytes: usize) {
        let end = self.at + bytes;
        while self.at < end && self.bump().is_some() {}
    }

    /// A word: a result, a move, or nothing for move numbers and NAGs, with
    /// the column where it starts. The part of a word after a move number
    /// (`1.h2e2`) is a move of its own.
    fn word(&mut self) -> Option<(Tok<'a>, usize)> {
        let rest = self.rest();
        let end = rest
            .find(|c: char| c.is_whitespace() || is_delimiter(c))
            .unwrap_or(rest.len());
        let word = rest.get(..end).unwrap_or("");
        if let Some(result) = GameResult::from_token(word) {
            let column = self.column;
            self.consume(word.len());
            return Some((Tok::Result(result), column));
        }
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let after = word.get(digits..).unwrap_or("");
        let moves = after.trim_start_matches(['.', '…']);
        if word.starts_with('$') || (digits > 0 && moves.is_empty()) {
            self.consume(word.len());
            return None;
        }
        let numbered = digits > 0
            && moves.len() < after.len()
            && !moves.starts_with(|c: char| c.is_ascii_digit());
        let text = if numbered {
            self.consume(word.len() - moves.len());
            moves
        } else {
            word
        };
        let column = self.column;
        self.consume(text.len());
        Some((Tok::Move(text), column))
    }

    /// `[Name "value"]` on the rest of the line.
    fn tag(&mut self, line: usize, column: usize) -> Result<Tok<'a>, RecordError> {
        // Errors stand at the `[` of the tag.
        let bad = |lexer: &Lexer<'a>, what: &str| {
            lexer.error(line, column, RecordErrorKind::BadTag(excerpt(what)))
        };
        self.bump();
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
        {
            self.bump();
        }
        let name = self.text.get(start..self.at).unwrap_or("");
        if name.is_empty() {
            return Err(bad(self, "expected a tag name"));
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some('"') {
            return Err(bad(self, "expected a quoted value"));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    Some('\n') | None => return Err(bad(self, "value not closed")),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                },
                Some('\n') | None => return Err(bad(self, "value not closed")),
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some(']') {
            return Err(bad(self, "expected ]"));
        }
        Ok(Tok::Tag(name, value))
    }
}
