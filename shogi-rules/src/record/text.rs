//! What the KIF and KI2 readers and writers share: line splitting (CSA's
//! too), spaces and widths, the header keys (and the names of the headers
//! that state a rule in every format), variation headings, the BOD board
//! diagram (its piece characters, rows, hands and the diagram as written),
//! comment lines and the words of a `まで…` summary.
//!
//! Where the two formats differ on purpose, the difference is a parameter:
//! the side names a diagram or summary is written with (KIF always writes
//! 先手/後手 in a diagram, KI2 writes 下手/上手 in handicap games).

use core::fmt::Write as _;

use super::{Comment, CommentKind, Header, HeaderKey, SpecialMove};
use crate::{Color, Piece, Position, Role, Square};

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
        _ => RULE_HEADERS
            .iter()
            .find(|h| h.kif == name)
            .map_or(HeaderKey::Other, |h| h.key),
    }
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

/// A header read from `name：value`, its key given by [`header_key`].
pub(crate) fn header(name: &str, value: &str) -> Header {
    Header {
        key: header_key(name),
        name: name.to_owned(),
        value: value.to_owned(),
    }
}

/// The side a name stands for: 先手/下手 or 後手/上手.
pub(crate) fn side_of_name(name: &str) -> Option<Color> {
    match name {
        "先手" | "下手" => Some(Color::Sente),
        "後手" | "上手" => Some(Color::Gote),
        _ => None,
    }
}

/// The move number of a variation heading, from the text after `変化` and
/// its colon: `3手` as Kifu for Windows writes it, `3手目` as several other
/// programs do, or a bare `3`; spaces around it are ignored. The digits are
/// returned for the format's own number parser.
pub(crate) fn variation_digits(after_colon: &str) -> &str {
    let rest = trim(after_colon);
    let digits = rest
        .strip_suffix("手目")
        .or_else(|| rest.strip_suffix('手'))
        .unwrap_or(rest);
    trim(digits)
}

/// Kanji numerals one to nine: diagram ranks and hand counts.
pub(crate) const KANJI_NUMBERS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The role of a one-character piece name of a diagram (`と`, `杏`, `圭`,
/// `全` for the promoted ones; `王` and `竜` too).
pub(crate) fn board_role(c: char) -> Option<Role> {
    Some(match c {
        '歩' => Role::Pawn,
        '香' => Role::Lance,
        '桂' => Role::Knight,
        '銀' => Role::Silver,
        '金' => Role::Gold,
        '角' => Role::Bishop,
        '飛' => Role::Rook,
        '玉' | '王' => Role::King,
        'と' => Role::Tokin,
        '杏' => Role::PromotedLance,
        '圭' => Role::PromotedKnight,
        '全' => Role::PromotedSilver,
        '馬' => Role::Horse,
        '龍' | '竜' => Role::Dragon,
        _ => return None,
    })
}

/// The one-character diagram name of `role`, as [`board_role`] reads it.
pub(crate) fn board_char(role: Role) -> char {
    match role {
        Role::Pawn => '歩',
        Role::Lance => '香',
        Role::Knight => '桂',
        Role::Silver => '銀',
        Role::Gold => '金',
        Role::Bishop => '角',
        Role::Rook => '飛',
        Role::King => '玉',
        Role::Tokin => 'と',
        Role::PromotedLance => '杏',
        Role::PromotedKnight => '圭',
        Role::PromotedSilver => '全',
        Role::Horse => '馬',
        Role::Dragon => '龍',
    }
}

/// The nine cells of a diagram row, file 9 first, from the text after the
/// row's first `|`. On error, the character offset in that text and what
/// was expected there.
pub(crate) fn board_row(body: &str) -> Result<[Option<Piece>; 9], (usize, &'static str)> {
    let chars: Vec<char> = body.chars().collect();
    let mut row = [None; 9];
    for (i, cell) in row.iter_mut().enumerate() {
        let at = 2 * i;
        let (Some(&prefix), Some(&piece)) = (chars.get(at), chars.get(at + 1)) else {
            return Err((at, "a board row of nine cells"));
        };
        if piece == '・' {
            continue;
        }
        let color = match prefix {
            ' ' | '^' => Color::Sente,
            'v' | 'V' => Color::Gote,
            _ => return Err((at, "a cell starting with a space or v")),
        };
        let role = board_role(piece).ok_or((at + 1, "a piece such as 歩 or ・"))?;
        *cell = Some(Piece::new(color, role));
    }
    if chars.get(18) != Some(&'|') {
        return Err((18, "| after nine cells"));
    }
    Ok(row)
}

/// Writes a hand count after its piece: nothing for one, else in kanji
/// (`二`, `十`, `十八`, `二十`).
pub(crate) fn push_count(s: &mut String, n: u8) {
    let n = usize::from(n);
    if n >= 20 {
        s.push(KANJI_NUMBERS[n / 10 - 1]);
    }
    if n >= 10 {
        s.push('十');
    }
    if n % 10 > 0 && n > 1 {
        s.push(KANJI_NUMBERS[n % 10 - 1]);
    }
}

/// Writes the hand line `<name>の持駒：…` of `color`.
fn write_hand(out: &mut String, name: &str, pos: &Position, color: Color) {
    out.push_str(name);
    out.push_str("の持駒：");
    let hand = pos.hand(color);
    if hand.is_empty() {
        out.push_str("なし");
    }
    for role in Role::HAND {
        let n = hand.get(role);
        if n > 0 {
            out.push(board_char(role));
            push_count(out, n);
            out.push('\u{3000}');
        }
    }
    out.push('\n');
}

/// Writes `pos` as a BOD board diagram, with `names` (Sente's, Gote's) for
/// the hand lines and the `…番` line: Gote's hand, the board, Sente's hand,
/// `手数＝N` when the position is past move 1, and the turn line when Gote
/// is to move.
pub(crate) fn write_diagram(out: &mut String, pos: &Position, names: [&str; 2]) {
    write_hand(out, names[1], pos, Color::Gote);
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        out.push('|');
        for file in (1..=9u8).rev() {
            match Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::Gote { 'v' } else { ' ' });
                    out.push(board_char(p.role));
                }
            }
        }
        out.push('|');
        out.push(KANJI_NUMBERS[usize::from(rank - 1)]);
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    write_hand(out, names[0], pos, Color::Sente);
    if pos.move_number() > 1 {
        let _ = writeln!(out, "手数＝{}", pos.move_number() - 1);
    }
    if pos.turn() == Color::Gote {
        out.push_str(names[1]);
        out.push_str("番\n");
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
