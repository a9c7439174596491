//! The record text the readers and writers share: line splitting, spaces
//! and widths, numbers, error excerpts, the header keys, side names,
//! comment and bookmark lines, and the words of a `まで…` summary. The board
//! diagram is in [`super::diagram`].
//!
//! Where the two formats differ on purpose, the difference is a parameter:
//! the side names a diagram or summary is written with (KIF always writes
//! 先手/後手 in a diagram, KI2 writes 下手/上手 in handicap games).

use super::{
    Comment, CommentKind, Header, HeaderKey, MAX_MOVE_NUMBER, MOVE_NUMBER_TOO_LARGE,
    RecordErrorKind, SpecialMove,
};
use crate::Color;

/// The lines of `text`, any line ending (`\n`, `\r\n`, `\r\r\n` or `\r`),
/// without their line ends.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut parts: Vec<&str> = text
        .split('\n')
        .flat_map(|l| l.trim_end_matches('\r').split('\r'))
        .collect();
    if parts.last().is_some_and(|l| l.is_empty()) {
        parts.pop();
    }
    parts.into_iter()
}

/// The 1-based number of the first line of `text` (split as [`lines`]
/// splits) longer than `max` bytes, if any.
pub(crate) fn first_line_longer_than(text: &str, max: usize) -> Option<usize> {
    if text.len() <= max {
        return None;
    }
    lines(text).position(|l| l.len() > max).map(|i| i + 1)
}

/// At most this many characters of the input are quoted in an error.
pub(crate) const EXCERPT_CHARS: usize = 80;

/// `s` as an error quotes it: whole when it has at most [`EXCERPT_CHARS`]
/// characters, else its first ones followed by `…`.
pub(crate) fn excerpt(s: &str) -> String {
    match s.char_indices().nth(EXCERPT_CHARS) {
        None => s.to_string(),
        Some((end, _)) => format!("{}…", &s[..end]),
    }
}

/// A header value on one line: the line breaks [`lines`] splits at (`\n`,
/// `\r`) become spaces, and every other character, control characters
/// included, is written as it is, so that a value read from a line is
/// written back unchanged.
pub(crate) fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect()
}

/// Spaces of record text: ASCII space and tab, the ideographic space
/// (U+3000), a stray carriage return and a byte order mark.
pub(crate) fn is_space(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\u{3000}' || c == '\r' || c == '\u{feff}'
}

/// `s` without [spaces](is_space) at either end.
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// Display width as Kifu for Windows counts it: two columns for a
/// full-width character.
pub(crate) fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// The key of a KIF/KI2 header name (`下手` and `上手` are Sente's and
/// Gote's players); any other name is [`HeaderKey::Other`].
pub(crate) fn header_key(name: &str) -> HeaderKey {
    match name {
        "開始日時" | "対局日" => HeaderKey::StartTime,
        "終了日時" => HeaderKey::EndTime,
        "棋戦" => HeaderKey::Event,
        "場所" => HeaderKey::Site,
        "戦型" => HeaderKey::Opening,
        "表題" => HeaderKey::Title,
        "持ち時間" => HeaderKey::TimeControl,
        "秒読み" => HeaderKey::Byoyomi,
        "先手" | "下手" => HeaderKey::Sente,
        "後手" | "上手" => HeaderKey::Gote,
        "手合割" => HeaderKey::Handicap,
        _ => HeaderKey::Other,
    }
}

/// A header read from `name：value`, its key given by [`header_key`].
pub(crate) fn header(name: &str, value: &str) -> Header {
    Header {
        key: header_key(name),
        name: name.to_owned(),
        value: value.to_owned(),
    }
}

/// A move number, ply or count of moves in ASCII or full-width digits:
/// `None` when `s` is not a number, [`RecordErrorKind::NumberTooLarge`]
/// above [`MAX_MOVE_NUMBER`].
pub(crate) fn parse_number(s: &str) -> Option<Result<u32, RecordErrorKind>> {
    if s.is_empty() {
        return None;
    }
    let mut n: u32 = 0;
    for c in s.chars() {
        let d = c
            .to_digit(10)
            .or_else(|| ('０'..='９').contains(&c).then(|| c as u32 - '０' as u32))?;
        n = n.saturating_mul(10).saturating_add(d);
    }
    Some(if n > MAX_MOVE_NUMBER {
        Err(MOVE_NUMBER_TOO_LARGE)
    } else {
        Ok(n)
    })
}

/// The side a name stands for: 先手/下手 or 後手/上手.
pub(crate) fn side_of_name(name: &str) -> Option<Color> {
    match name {
        "先手" | "下手" => Some(Color::Sente),
        "後手" | "上手" => Some(Color::Gote),
        _ => None,
    }
}

/// Writes comments as `*`, `**` and `&` lines, one line for each line of
/// a comment's text.
/// The lines a comment is written as: every line break the format's reader
/// splits at starts a new line: `\n` and `\r\n` always, a lone `\r` when
/// `lone_cr_breaks` (KI2 and CSA, whose readers split there; not KIF, whose
/// reader keeps it).
pub(crate) fn comment_lines(text: &str, lone_cr_breaks: bool) -> impl Iterator<Item = &str> {
    let limit = if lone_cr_breaks { usize::MAX } else { 1 };
    text.split('\n').flat_map(move |l| {
        let l = l.strip_suffix('\r').unwrap_or(l);
        l.splitn(limit, '\r')
    })
}

pub(crate) fn write_comments(out: &mut String, comments: &[Comment], lone_cr_breaks: bool) {
    for c in comments {
        let marker = match c.kind {
            CommentKind::Normal => "*",
            CommentKind::Engine => "**",
            CommentKind::Bookmark => "&",
        };
        for text in comment_lines(&c.text, lone_cr_breaks) {
            out.push_str(marker);
            out.push_str(text);
            out.push('\n');
        }
    }
}

/// The words after `まで N 手で` for an ending, with `to_move` the side to
/// move at the end and `names` (Sente's, Gote's) the side names; `None` for
/// the endings a summary has no words for (take-back, error).
pub(crate) fn summary_words(
    special: SpecialMove,
    to_move: Color,
    names: [&str; 2],
) -> Option<String> {
    let side = |c: Color| names[c.index()];
    let other = to_move.opposite();
    Some(match special {
        SpecialMove::Resign => format!("{}の勝ち", side(other)),
        SpecialMove::TimeUp => format!("時間切れにより{}の勝ち", side(other)),
        SpecialMove::IllegalWin => format!("{}の反則勝ち", side(to_move)),
        SpecialMove::IllegalLoss => format!("{}の反則負け", side(to_move)),
        SpecialMove::DeclareWin => format!("{}の入玉勝ち", side(to_move)),
        SpecialMove::ForfeitWin => format!("{}の不戦勝", side(to_move)),
        SpecialMove::ForfeitLoss => format!("{}の不戦敗", side(to_move)),
        SpecialMove::Checkmate => "詰み".to_owned(),
        SpecialMove::Suspend => "中断".to_owned(),
        SpecialMove::Repetition => "千日手".to_owned(),
        SpecialMove::Impasse => "持将棋".to_owned(),
        SpecialMove::DeclareDraw => "引き分け".to_owned(),
        SpecialMove::Sealed => "封じ手".to_owned(),
        SpecialMove::NoMate => "不詰".to_owned(),
        SpecialMove::MaxMoves => "最大手数".to_owned(),
        SpecialMove::TakeBack | SpecialMove::Error => return None,
    })
}
