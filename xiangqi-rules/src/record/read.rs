//! Reading PGN: tokens to games, every move checked against the rules.
//!
//! Variations are read with an explicit stack of open lines, never by
//! recursion, so nesting costs no call depth; each token costs a bounded
//! amount of work (at most one legal-move generation).

use super::lexer::{Lexer, Tok};
use super::san::{self, SanError};
use super::{GameRecord, Limit, NodeId, ReadLimits, RecordError, RecordErrorKind};
use crate::notation::{self, Notation, NotationError, excerpt};
use crate::{Move, Position};

/// Reads every game of PGN text with the default [`ReadLimits`].
///
/// # Errors
/// [`RecordError`] at the first problem, with its line and column.
pub fn read_pgn(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    read_pgn_with(text, &ReadLimits::DEFAULT)
}

/// Reads every game of PGN bytes: UTF-8 (with or without a byte-order
/// mark), else GBK/GB18030.
///
/// # Errors
/// [`RecordErrorKind::Encoding`] for bytes that are neither; else as
/// [`read_pgn`].
pub fn read_pgn_bytes(bytes: &[u8]) -> Result<Vec<GameRecord>, RecordError> {
    read_pgn_bytes_with(bytes, &ReadLimits::DEFAULT)
}

/// [`read_pgn_bytes`] under `limits`.
///
/// # Errors
/// As [`read_pgn_bytes`], and [`RecordErrorKind::LimitExceeded`].
pub fn read_pgn_bytes_with(
    bytes: &[u8],
    limits: &ReadLimits,
) -> Result<Vec<GameRecord>, RecordError> {
    check_size(bytes.len(), limits)?;
    let text = super::encoding::decode(bytes)?;
    read_pgn_with(&text, limits)
}

/// Reads the one game of PGN text.
///
/// # Errors
/// As [`read_pgn`], and [`RecordErrorKind::GameCount`] when the text holds
/// no game or several (at the start of the second).
pub fn read_pgn_game(text: &str) -> Result<GameRecord, RecordError> {
    let mut games = read_games(text, &ReadLimits::DEFAULT)?;
    match games.len() {
        1 => Ok(games.remove(0).0),
        0 => Err(RecordError::new(1, 1, RecordErrorKind::GameCount(0))),
        n => {
            let (line, column) = games[1].1;
            Err(RecordError::new(
                line,
                column,
                RecordErrorKind::GameCount(n),
            ))
        }
    }
}

fn check_size(bytes: usize, limits: &ReadLimits) -> Result<(), RecordError> {
    if bytes > limits.max_input_bytes {
        return Err(RecordError::new(
            0,
            0,
            RecordErrorKind::LimitExceeded {
                limit: Limit::InputBytes,
                max: limits.max_input_bytes,
            },
        ));
    }
    Ok(())
}

/// [`read_pgn`] under `limits`.
///
/// # Errors
/// As [`read_pgn`], and [`RecordErrorKind::LimitExceeded`].
pub fn read_pgn_with(text: &str, limits: &ReadLimits) -> Result<Vec<GameRecord>, RecordError> {
    Ok(read_games(text, limits)?
        .into_iter()
        .map(|(g, _)| g)
        .collect())
}

/// A game read, with the line and column where it starts.
type Placed = (GameRecord, (usize, usize));

/// The games of `text`, each with the line and column where it starts.
fn read_games(text: &str, limits: &ReadLimits) -> Result<Vec<Placed>, RecordError> {
    check_size(text.len(), limits)?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    for (i, line) in text.split('\n').enumerate() {
        if line.len() > limits.max_line_bytes {
            return Err(RecordError::new(
                i + 1,
                1,
                RecordErrorKind::LimitExceeded {
                    limit: Limit::LineBytes,
                    max: limits.max_line_bytes,
                },
            ));
        }
    }
    let mut lexer = Lexer::new(text);
    let mut games = Vec::new();
    let mut game: Option<Builder> = None;
    while let Some(t) = lexer.next_token()? {
        let at = |kind| RecordError::new(t.line, t.column, kind);
        if let Tok::Tag(..) = t.tok {
            if game.as_ref().is_some_and(|g| g.started) {
                finish(&mut games, game.take())?;
            }
        }
        if game.is_none() && games.len() >= limits.max_games {
            return Err(at(RecordErrorKind::LimitExceeded {
                limit: Limit::Games,
                max: limits.max_games,
            }));
        }
        let g = game.get_or_insert_with(|| Builder {
            first_at: (t.line, t.column),
            ..Builder::default()
        });
        match t.tok {
            Tok::Tag(name, value) => {
                if name.eq_ignore_ascii_case("FEN") {
                    g.fen_at = (t.line, t.column);
                }
                g.tags.push((name.to_owned(), value));
            }
            _ if g.ended => {}
            tok => g.token(tok, t.line, t.column, limits)?,
        }
    }
    finish(&mut games, game)?;
    Ok(games)
}

/// Ends the game being read: its start position set up (a game of tags
/// only has one too), its variations all closed.
fn finish(games: &mut Vec<Placed>, game: Option<Builder>) -> Result<(), RecordError> {
    let Some(mut g) = game else {
        return Ok(());
    };
    if !g.started {
        g.start()?;
    }
    if let Some(&(line, column)) = g.opened.last() {
        return Err(RecordError::new(
            line,
            column,
            RecordErrorKind::UnterminatedVariation,
        ));
    }
    if let Some(record) = g.record {
        games.push((record, g.first_at));
    }
    Ok(())
}

/// A line of play being read: the position after its last move, and the
/// position before it (where a variation of that move starts).
#[derive(Clone)]
struct Line {
    pos: Position,
    before: Option<Position>,
    /// The node of the last move (the root or the branch point before any).
    last: NodeId,
    /// 1-based ply of the next move.
    ply: u32,
}

/// A game being read.
#[derive(Default)]
struct Builder {
    tags: Vec<(String, String)>,
    record: Option<GameRecord>,
    /// Move text has begun: the start position is set.
    started: bool,
    /// The result token was read: the rest up to the next tag is ignored.
    ended: bool,
    line: Option<Line>,
    /// The lines a variation interrupted, innermost last.
    stack: Vec<Line>,
    /// Where each open variation began.
    opened: Vec<(usize, usize)>,
    /// Comments waiting for the next move (at the start of a variation).
    pending: Vec<String>,
    moves: usize,
    variations: usize,
    /// Ranks of SAN text: 0 (WinBoard) or 1 (pychess), once known.
    san_base: Option<u8>,
    uci: bool,
    /// Where the `[FEN]` tag is.
    fen_at: (usize, usize),
    /// Where the game starts.
    first_at: (usize, usize),
}

impl Builder {
    /// Sets up the start position from the tags.
    fn start(&mut self) -> Result<(), RecordError> {
        let fen = self
            .tags
            .iter()
            .enumerate()
            .find(|(_, (n, _))| n.eq_ignore_ascii_case("FEN"));
        let start = match fen {
            Some((_, (_, fen))) => Position::from_fen(fen).map_err(|e| {
                RecordError::new(self.fen_at.0, self.fen_at.1, RecordErrorKind::BadFen(e))
            })?,
            None => Position::startpos(),
        };
        self.uci = self
            .tags
            .iter()
            .any(|(n, v)| n == "Format" && v.eq_ignore_ascii_case("uci"));
        let mut record = GameRecord::new(start.clone());
        record.tags = core::mem::take(&mut self.tags);
        self.record = Some(record);
        self.line = Some(Line {
            pos: start,
            before: None,
            last: NodeId(0),
            ply: 1,
        });
        self.started = true;
        Ok(())
    }

    fn token(
        &mut self,
        tok: Tok<'_>,
        line: usize,
        column: usize,
        limits: &ReadLimits,
    ) -> Result<(), RecordError> {
        let at = |kind| RecordError::new(line, column, kind);
        if !self.started {
            self.start()?;
        }
        let (Some(record), Some(current)) = (self.record.as_mut(), self.line.as_mut()) else {
            return Ok(());
        };
        match tok {
            Tok::Tag(..) => {}
            Tok::Comment(text) => {
                if current.last == NodeId(0) && self.stack.is_empty() {
                    record.nodes[0].comments.push(text.to_owned());
                } else if current.before.is_none() {
                    // The start of a variation: a comment on its first move.
                    self.pending.push(text.to_owned());
                } else {
                    record.nodes[current.last.0].comments.push(text.to_owned());
                }
            }
            Tok::Open => {
                let Some(before) = current.before.clone() else {
                    return Err(at(RecordErrorKind::UnexpectedToken("(".into())));
                };
                if self.stack.len() >= limits.max_depth {
                    return Err(at(RecordErrorKind::LimitExceeded {
                        limit: Limit::Depth,
                        max: limits.max_depth,
                    }));
                }
                if self.variations >= limits.max_variations {
                    return Err(at(RecordErrorKind::LimitExceeded {
                        limit: Limit::Variations,
                        max: limits.max_variations,
                    }));
                }
                self.variations += 1;
                let branch = Line {
                    pos: before,
                    before: None,
                    last: NodeId(record.nodes[current.last.0].parent),
                    ply: current.ply - 1,
                };
                self.stack.push(core::mem::replace(current, branch));
                self.opened.push((line, column));
                self.flush_pending_to_root();
            }
            Tok::Close => {
                let Some(outer) = self.stack.pop() else {
                    return Err(at(RecordErrorKind::UnexpectedToken(")".into())));
                };
                self.opened.pop();
                self.flush_pending_to_root();
                self.line = Some(outer);
            }
            Tok::Result(result) => {
                if !self.stack.is_empty() {
                    return Err(at(RecordErrorKind::UnexpectedToken(result.as_str().into())));
                }
                record.result = result;
                self.ended = true;
                self.flush_pending_to_root();
            }
            Tok::Move(text) => {
                if self.moves >= limits.max_moves {
                    return Err(at(RecordErrorKind::LimitExceeded {
                        limit: Limit::Moves,
                        max: limits.max_moves,
                    }));
                }
                let m = read_move(
                    &current.pos,
                    text,
                    current.ply,
                    self.uci,
                    &mut self.san_base,
                )
                .map_err(|(offset, kind)| RecordError::new(line, column + offset, kind))?;
                self.moves += 1;
                let id = record.push_node(current.last, m);
                record.nodes[id.0].comments_before.append(&mut self.pending);
                let mut before = current.pos.clone();
                core::mem::swap(&mut before, &mut current.pos);
                current.pos.play_unchecked(m);
                current.before = Some(before);
                current.last = id;
                current.ply += 1;
            }
        }
        Ok(())
    }

    /// Comments left waiting when a line ends go to the last move read
    /// (or the root).
    fn flush_pending_to_root(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if let (Some(record), Some(line)) = (self.record.as_mut(), self.line.as_ref()) {
            let target = if line.before.is_some() {
                line.last.0
            } else {
                0
            };
            let comments = core::mem::take(&mut self.pending);
            record.nodes[target].comments.extend(comments);
        }
    }
}

/// Whether `c` is a CJK character (Chinese move text).
fn is_cjk(c: char) -> bool {
    ('\u{2E80}'..='\u{FEFF}').contains(&c) || ('\u{20000}'..='\u{2FFFF}').contains(&c)
}

/// A file letter then a rank at `at`: 0–9 (`uci` false) or 1–10; the
/// index after it.
fn point_end(t: &[char], at: usize, uci: bool) -> Option<usize> {
    let file = t
        .get(at)
        .is_some_and(|c| ('a'..='i').contains(&c.to_ascii_lowercase()));
    let digit = |i: usize| t.get(i).and_then(|c| c.to_digit(10));
    if !file {
        return None;
    }
    match (digit(at + 1), digit(at + 2)) {
        (Some(1), Some(0)) if uci => Some(at + 3),
        (Some(0), _) if uci => None,
        (Some(_), _) => Some(at + 2),
        _ => None,
    }
}

/// Whether the text is two points: `(ICCS h2e2 or H2-E2, ranks 1–10 with a
/// rank 10)`. Letters are all lower or all upper case: `E5e3` is SAN.
fn is_coordinates(t: &[char]) -> (bool, bool) {
    let letters = || t.iter().filter(|c| c.is_ascii_alphabetic());
    let one_case =
        letters().all(char::is_ascii_lowercase) || letters().all(char::is_ascii_uppercase);
    let iccs = one_case
        && point_end(t, 0, false).is_some_and(|i| {
            let i = if t.get(i) == Some(&'-') { i + 1 } else { i };
            point_end(t, i, false) == Some(t.len())
        });
    let uci = !iccs
        && t.iter().all(|c| !c.is_ascii_uppercase())
        && point_end(t, 0, true).is_some_and(|i| point_end(t, i, true) == Some(t.len()));
    (iccs, uci)
}

/// The move a token means, or the character offset (0-based) and the kind
/// of the error.
fn read_move(
    pos: &Position,
    text: &str,
    ply: u32,
    uci: bool,
    san_base: &mut Option<u8>,
) -> Result<Move, (usize, RecordErrorKind)> {
    let chars: Vec<char> = text
        .chars()
        .take(16)
        .map(notation::describe::fold_full_width)
        .collect();
    let (iccs, uci_form) = is_coordinates(&chars);
    let notation = if chars.iter().any(|&c| is_cjk(c)) {
        Some(Notation::Chinese)
    } else if iccs {
        Some(if uci { Notation::Uci } else { Notation::Iccs })
    } else if uci_form {
        Some(Notation::Uci)
    } else if chars.len() <= 6
        && (chars
            .get(2)
            .is_some_and(|c| matches!(c, '+' | '-' | '.' | '='))
            || (chars.len() == 3
                && chars.first().is_some_and(char::is_ascii_uppercase)
                && chars[1..].iter().all(char::is_ascii_digit)))
    {
        Some(Notation::Wxf)
    } else {
        None
    };
    let text_owned = excerpt(text);
    match notation {
        Some(n) => n.parse(pos, text).map_err(|e| match e {
            NotationError::Syntax { column, .. } => {
                (column - 1, RecordErrorKind::BadMoveText(text_owned.clone()))
            }
            NotationError::NoLegalMove {
                reason: Some(reason),
                ..
            } => (
                0,
                RecordErrorKind::IllegalMove {
                    ply,
                    text: text_owned.clone(),
                    reason,
                },
            ),
            NotationError::Ambiguous { candidates, .. } => {
                (0, ambiguous(ply, &text_owned, &candidates))
            }
            _ => (
                0,
                RecordErrorKind::NoSuchMove {
                    ply,
                    text: text_owned.clone(),
                },
            ),
        }),
        None => read_san(pos, text, ply, san_base),
    }
}

fn ambiguous(ply: u32, text: &str, candidates: &[Move]) -> RecordErrorKind {
    RecordErrorKind::AmbiguousMove {
        ply,
        text: text.to_owned(),
        candidates: candidates.iter().map(Move::to_string).collect(),
    }
}

/// A SAN-like token, with ranks from the base already found for the game,
/// or the one base under which it fits exactly one move.
fn read_san(
    pos: &Position,
    text: &str,
    ply: u32,
    san_base: &mut Option<u8>,
) -> Result<Move, (usize, RecordErrorKind)> {
    let bases: &[u8] = match san_base {
        Some(0) => &[0],
        Some(_) => &[1],
        None => &[0, 1],
    };
    let results: Vec<Result<Move, SanError>> =
        bases.iter().map(|&b| san::parse(pos, text, b)).collect();
    let ok: Vec<(u8, Move)> = bases
        .iter()
        .zip(&results)
        .filter_map(|(&b, r)| r.as_ref().ok().map(|&m| (b, m)))
        .collect();
    match ok.as_slice() {
        [(b, m)] => {
            if bases.len() == 2 {
                *san_base = Some(*b);
            }
            return Ok(*m);
        }
        [(_, m0), (_, m1)] => {
            // Both fit: only pychess writes `P` for a soldier, only WinBoard
            // leaves the letter out; otherwise ranks 0–9 for now.
            let pychess = text.starts_with('P');
            if pychess || text.starts_with(|c: char| c.is_ascii_lowercase()) {
                *san_base = Some(u8::from(pychess));
            }
            return Ok(if pychess { *m1 } else { *m0 });
        }
        [(_, m), ..] => return Ok(*m),
        [] => {}
    }
    let text_owned = excerpt(text);
    // The error of the first base.
    Err(match results.into_iter().next() {
        Some(Err(SanError::Syntax(column))) => {
            (column - 1, RecordErrorKind::BadMoveText(text_owned))
        }
        Some(Err(SanError::Ambiguous(c))) => (0, ambiguous(ply, &text_owned, &c)),
        _ => (
            0,
            RecordErrorKind::NoSuchMove {
                ply,
                text: text_owned,
            },
        ),
    })
}
