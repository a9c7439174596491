//! The record text the readers and writers share: line splitting, spaces
//! and widths, numbers, error excerpts, the header keys (and the names of
//! the headers that state a rule in every format), side names, comment and
//! bookmark lines, variation headings, and the words of a `まで…` summary.
//! The board diagram is in [`super::diagram`].
//!
//! Where the two formats differ on purpose, the difference is a parameter:
//! the side names a diagram or summary is written with (KIF always writes
//! 先手/後手 in a diagram, KI2 writes 下手/上手 in handicap games).

use super::{
    Comment, CommentKind, GameRecord, Handicap, Header, HeaderKey, MAX_MOVE_NUMBER,
    MOVE_NUMBER_TOO_LARGE, ReadLimits, RecordError, RecordErrorKind, SpecialMove,
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

/// The lines of `text` as [`lines`] splits them, numbered from 1, the first
/// without its byte order mark.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    lines(text)
        .enumerate()
        .map(|(index, line)| (index + 1, line))
}

/// A reader of a format read line by line (KIF, KI2): fed each line with
/// its number, then asked for the record.
pub(crate) trait LineReader: Sized {
    /// A reader that has read nothing, within `limits`.
    fn new(limits: &ReadLimits) -> Self;
    /// Reads the line numbered `number`.
    fn line(&mut self, number: usize, line: &str) -> Result<(), RecordError>;
    /// The record read, once every line is.
    fn finish(self) -> Result<GameRecord, RecordError>;
}

/// Reads `text` with a [`LineReader`] within `limits`.
pub(crate) fn read_lines<R: LineReader>(
    text: &str,
    limits: &ReadLimits,
) -> Result<GameRecord, RecordError> {
    let mut reader = R::new(limits);
    for (number, line) in numbered_lines(text) {
        reader.line(number, line)?;
    }
    reader.finish()
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

/// The KIF/KI2 header names of the known keys, and the key each stands
/// for; the first name of a key is the one written. Every other name is
/// [`HeaderKey::Other`].
pub(crate) const HEADER_NAMES: [(&str, HeaderKey); 14] = [
    ("開始日時", HeaderKey::StartTime),
    ("対局日", HeaderKey::StartTime),
    ("終了日時", HeaderKey::EndTime),
    ("棋戦", HeaderKey::Event),
    ("場所", HeaderKey::Site),
    ("戦型", HeaderKey::Opening),
    ("表題", HeaderKey::Title),
    ("持ち時間", HeaderKey::TimeControl),
    ("秒読み", HeaderKey::Byoyomi),
    ("先手", HeaderKey::Sente),
    ("下手", HeaderKey::Sente),
    ("後手", HeaderKey::Gote),
    ("上手", HeaderKey::Gote),
    ("手合割", HeaderKey::Handicap),
];

/// The key of a KIF/KI2 header name (see [`HEADER_NAMES`]).
pub(crate) fn header_key(name: &str) -> HeaderKey {
    HEADER_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, k)| k)
        .or_else(|| RULE_HEADERS.iter().find(|h| h.kif == name).map(|h| h.key))
        .unwrap_or(HeaderKey::Other)
}

/// The KIF name a key is written with: the first of [`HEADER_NAMES`], and
/// for the players the side names `names` (Sente's, Gote's).
pub(crate) fn key_name(key: HeaderKey, names: [&'static str; 2]) -> Option<&'static str> {
    match key {
        HeaderKey::Sente => Some(names[0]),
        HeaderKey::Gote => Some(names[1]),
        key => HEADER_NAMES
            .iter()
            .find(|(_, k)| *k == key)
            .map(|(n, _)| *n)
            .or_else(|| rule_header(key).map(|h| h.kif)),
    }
}

/// The KIF name of a header: its own name unless it comes from a format
/// with ASCII keys (CSA `$EVENT`, `N+`, JKF), then the KIF name of its key
/// (a name of no known key with its colons replaced, so it reads back as a
/// name).
pub(crate) fn kif_name(h: &Header, names: [&'static str; 2]) -> String {
    if !h.name.is_ascii() && !h.name.is_empty() {
        return h.name.clone();
    }
    match key_name(h.key, names) {
        Some(name) => name.to_owned(),
        None => h.name.replace(['：', ':'], "_"),
    }
}

/// The name a header is written with where one name stands for a key (JKF
/// object keys): its own name when that is a KIF name of its key (or the
/// key is unknown), else the first KIF name of its key.
#[cfg(feature = "jkf")]
pub(crate) fn canonical_name(header: &Header) -> &str {
    if header.key == HeaderKey::Other || header_key(&header.name) == header.key {
        return &header.name;
    }
    HEADER_NAMES
        .iter()
        .find(|(_, k)| *k == header.key)
        .map_or(header.name.as_str(), |(n, _)| n)
}

/// 先手/後手, or 下手/上手 in a handicap game or when the headers name the
/// players so: the side names a KIF or KI2 record is written with.
pub(crate) fn side_names(record: &GameRecord) -> [&'static str; 2] {
    let handicap = record.handicap.is_some_and(|h| h != Handicap::Even);
    let named = record
        .headers
        .iter()
        .any(|h| h.name == "下手" || h.name == "上手");
    if handicap || named {
        ["下手", "上手"]
    } else {
        ["先手", "後手"]
    }
}

/// A `name：value` (or `name:value`) line split at its first colon: the
/// name and value without surrounding spaces, and the 1-based column of
/// the value in `raw`; `None` without a colon or with an empty name.
pub(crate) fn header_line(raw: &str) -> Option<(&str, &str, usize)> {
    let at = raw.find(['：', ':'])?;
    let name = trim(&raw[..at]);
    let after = &raw[at + raw[at..].chars().next().map_or(1, char::len_utf8)..];
    let value = trim(after);
    let value_at =
        raw.len() - after.len() + (after.len() - after.trim_start_matches(is_space).len());
    let column = raw.get(..value_at).map_or(1, |s| s.chars().count() + 1);
    (!name.is_empty()).then_some((name, value, column))
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

/// A header that states a rule of the game, and its names in each format.
pub(crate) struct RuleHeader {
    /// Its key.
    pub(crate) key: HeaderKey,
    /// The KIF (and KI2) name.
    pub(crate) kif: &'static str,
    /// The CSA V3.0 key.
    pub(crate) csa: &'static str,
    /// The key of floodgate's comment line (`'Max_Moves:256`), which CSA
    /// V2.2 writes.
    pub(crate) floodgate: &'static str,
}

/// The headers that state a rule of the game.
pub(crate) const RULE_HEADERS: [RuleHeader; 2] = [
    RuleHeader {
        key: HeaderKey::MoveLimit,
        kif: "最大手数",
        csa: "$MAX_MOVES",
        floodgate: "Max_Moves",
    },
    RuleHeader {
        key: HeaderKey::ImpasseRule,
        kif: "持将棋",
        csa: "$JISHOGI",
        floodgate: "Declaration",
    },
];

/// The rule header of `key`, if it is one.
pub(crate) fn rule_header(key: HeaderKey) -> Option<&'static RuleHeader> {
    RULE_HEADERS.iter().find(|h| h.key == key)
}

/// The key of a rule header named `name` in any format.
pub(crate) fn rule_header_key(name: &str) -> Option<HeaderKey> {
    RULE_HEADERS
        .iter()
        .find(|h| h.kif == name || h.csa == name || h.floodgate == name)
        .map(|h| h.key)
}

/// The rule `header` states: by its key, or by its name when a reader left
/// the key unknown (as the JKF reader does for names it has no key for).
pub(crate) fn stated_rule(header: &Header) -> Option<&'static RuleHeader> {
    match header.key {
        HeaderKey::Other => rule_header(rule_header_key(&header.name)?),
        key => rule_header(key),
    }
}

/// The move number of a variation heading, from the text after `変化` and
/// its colon: `3手` as Kifu for Windows writes it, `3手目` as several other
/// programs do, or a bare `3`; spaces around it are ignored. The digits are
/// returned for the number parser.
pub(crate) fn variation_digits(after_colon: &str) -> &str {
    let rest = trim(after_colon);
    let digits = rest
        .strip_suffix("手目")
        .or_else(|| rest.strip_suffix('手'))
        .unwrap_or(rest);
    trim(digits)
}

/// The side a name or a side mark stands for: 先手/下手/▲/☗ or
/// 後手/上手/△/☖/▽.
pub(crate) fn side_of(name: &str) -> Option<Color> {
    match name {
        "先手" | "下手" | "▲" | "☗" => Some(Color::Sente),
        "後手" | "上手" | "△" | "☖" | "▽" => Some(Color::Gote),
        _ => None,
    }
}

/// The lines a comment is written as: every line break the readers split
/// at ([`lines`]: `\n`, `\r\n`, a lone `\r`) starts a new line.
pub(crate) fn comment_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
}

/// Writes comments as KIF and KI2 have them: `*`, `**` and `&` lines, one
/// for each line of a comment's text.
pub(crate) fn write_comments(out: &mut String, comments: &[Comment]) {
    for c in comments {
        let marker = comment_marker(c.kind);
        for text in comment_lines(&c.text) {
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

/// The words of a KIF ending (`投了`, `詰み`, …) and the endings they
/// stand for, the first of each ending being the one written.
const ENDING_WORDS: [(&str, SpecialMove); 21] = [
    ("投了", SpecialMove::Resign),
    ("中断", SpecialMove::Suspend),
    ("千日手", SpecialMove::Repetition),
    ("持将棋", SpecialMove::Impasse),
    ("切れ負け", SpecialMove::TimeUp),
    ("時間切れ", SpecialMove::TimeUp),
    ("Time-up", SpecialMove::TimeUp),
    ("反則勝ち", SpecialMove::IllegalWin),
    ("反則負け", SpecialMove::IllegalLoss),
    ("入玉勝ち", SpecialMove::DeclareWin),
    ("宣言勝ち", SpecialMove::DeclareWin),
    ("詰み", SpecialMove::Checkmate),
    ("詰", SpecialMove::Checkmate),
    ("不詰", SpecialMove::NoMate),
    ("封じ手", SpecialMove::Sealed),
    ("不戦勝", SpecialMove::ForfeitWin),
    ("不戦敗", SpecialMove::ForfeitLoss),
    ("引き分け", SpecialMove::DeclareDraw),
    ("最大手数", SpecialMove::MaxMoves),
    ("待った", SpecialMove::TakeBack),
    ("エラー", SpecialMove::Error),
];

/// The ending a word of [`ENDING_WORDS`] stands for (ASCII words in any case).
pub(crate) fn special_of_word(word: &str) -> Option<SpecialMove> {
    ENDING_WORDS
        .iter()
        .find(|(w, _)| *w == word || (w.is_ascii() && w.eq_ignore_ascii_case(word)))
        .map(|(_, s)| *s)
}

/// The word an ending is written with.
pub(crate) fn word_of_special(special: SpecialMove) -> &'static str {
    ENDING_WORDS
        .iter()
        .find(|(_, s)| *s == special)
        .map_or("中断", |(w, _)| w)
}

/// The ending the words of a `まで N 手で…` summary state, with `to_move`
/// the side to move at the end: a word of [`ENDING_WORDS`], a loss on time
/// (`時間切れにより先手の勝ち`, `…の切れ負け`), or `<side>の<result>` with
/// the side a name or mark (`…の勝ち` of the side to move is a winning
/// declaration; of the other side, a resignation).
pub(crate) fn summary_special(words: &str, to_move: Color) -> Option<SpecialMove> {
    if let Some(s) = special_of_word(words) {
        return Some(s);
    }
    if words.starts_with("時間切れ") || words.starts_with("切れ負け") || words.ends_with("切れ負け")
    {
        return Some(SpecialMove::TimeUp);
    }
    let (side, outcome) = words.split_once('の')?;
    let mover = side_of(side)? == to_move;
    Some(match (outcome, mover) {
        ("勝ち" | "入玉勝ち" | "宣言勝ち", true) => SpecialMove::DeclareWin,
        ("勝ち", false) => SpecialMove::Resign,
        ("反則勝ち", true) | ("反則負け", false) => SpecialMove::IllegalWin,
        ("反則勝ち", false) | ("反則負け", true) => SpecialMove::IllegalLoss,
        ("入玉勝ち" | "宣言勝ち", false) => SpecialMove::IllegalLoss,
        ("不戦勝", true) | ("不戦敗", false) => SpecialMove::ForfeitWin,
        ("不戦勝", false) | ("不戦敗", true) => SpecialMove::ForfeitLoss,
        _ => return None,
    })
}

/// A comment line after its format's prefix (none in KIF and KI2, `'` in
/// CSA): `**` an engine comment, `*` a comment, `&` a bookmark; `None` for
/// a line without a marker.
pub(crate) fn marked_comment(line: &str) -> Option<Comment> {
    let (kind, text) = if let Some(rest) = line.strip_prefix("**") {
        (CommentKind::Engine, rest)
    } else if let Some(rest) = line.strip_prefix('*') {
        (CommentKind::Normal, rest)
    } else if let Some(rest) = line.strip_prefix('&') {
        (CommentKind::Bookmark, rest)
    } else {
        return None;
    };
    Some(Comment {
        kind,
        text: text.to_owned(),
    })
}

/// The marker [`marked_comment`] reads a comment of `kind` by.
pub(crate) fn comment_marker(kind: CommentKind) -> &'static str {
    match kind {
        CommentKind::Normal => "*",
        CommentKind::Engine => "**",
        CommentKind::Bookmark => "&",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_name_the_ending_from_the_side_to_move() {
        use SpecialMove::*;
        let s = |w: &str| summary_special(w, Color::Gote);
        assert_eq!(s("先手の勝ち"), Some(Resign));
        assert_eq!(s("後手の勝ち"), Some(DeclareWin));
        assert_eq!(s("後手の反則勝ち"), Some(IllegalWin));
        assert_eq!(s("先手の反則勝ち"), Some(IllegalLoss));
        assert_eq!(s("上手の反則負け"), Some(IllegalLoss));
        assert_eq!(s("時間切れにより先手の勝ち"), Some(TimeUp));
        assert_eq!(s("詰"), Some(Checkmate));
        assert_eq!(s("切れ負けにより先手の勝ち"), Some(TimeUp));
        assert_eq!(s("▲の勝ち"), Some(Resign));
        assert_eq!(s("△の入玉勝ち"), Some(DeclareWin));
        assert_eq!(s("何か"), None);
        for (word, special) in ENDING_WORDS {
            assert_eq!(special_of_word(word_of_special(special)), Some(special));
            assert_eq!(special_of_word(word), Some(special));
        }
    }

    #[test]
    fn header_names_and_keys_agree() {
        for (name, key) in HEADER_NAMES {
            assert_eq!(header_key(name), key);
            let written = key_name(key, ["先手", "後手"]).unwrap_or_default();
            assert_eq!(header_key(written), key, "{name}");
        }
        assert_eq!(
            header_line(" 棋戦 ：　名人戦 "),
            Some(("棋戦", "名人戦", 7))
        );
        assert_eq!(header_line("：x"), None);
    }

    #[test]
    fn comment_markers_read_back() {
        for kind in [
            CommentKind::Normal,
            CommentKind::Engine,
            CommentKind::Bookmark,
        ] {
            let line = format!("{}text", comment_marker(kind));
            let c = marked_comment(&line).unwrap();
            assert_eq!((c.kind, c.text.as_str()), (kind, "text"));
        }
        assert_eq!(marked_comment("plain"), None);
    }
}
