//! The BOD board diagram of KIF and KI2 records: reading it line by line
//! into a [`Setup`], and writing a position as one.
//!
//! A diagram is made of these lines, in any order, before the first move:
//! the hands (`後手の持駒：角　歩二`, `先手の持駒：なし`; the side may be
//! 先手, 後手, 下手, 上手 or a mark ▲ △ ☗ ☖ ▽; pieces with a count in kanji
//! or digits, separated by spaces, `、` or `,`), the file labels
//! (`９ ８ … １`), the borders (`+---…---+`), nine board rows (`| ・v香 …|一`:
//! each cell a space or `v` then a piece character, read by position), the
//! side to move (`後手番`) and the moves already played (`手数＝12`, so the
//! first move is move 13). A hand line given twice for a side replaces the
//! first. Errors point at the line and the character where the problem is.

use core::fmt::Write as _;

use super::text::{is_space, parse_number, side_of, trim};
use super::{Format, MAX_MOVE_NUMBER, MOVE_NUMBER_TOO_LARGE, RecordError, RecordErrorKind};
use crate::{Color, Hand, Piece, Position, Role, Setup, SetupChecks, Square};

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

/// The BOD board diagram of `pos`, as a KIF or KI2 file writes a start
/// position: Gote's hand (`後手の持駒：…`), the file labels, the board between
/// two borders (Gote's pieces marked `v`, each row ending with its rank in
/// kanji), Sente's hand, `手数＝N` when N moves were played before `pos`, and
/// `後手番` when Gote is to move. Every line ends with a newline.
///
/// Each cell is a mark (a space or `v`) and a full-width character, so the
/// columns line up wherever full-width characters take two columns, as in
/// a terminal. The KIF and KI2 readers read the diagram back as `pos`.
///
/// ```
/// use shogi_rules::Position;
/// use shogi_rules::record::{self, Format};
///
/// let board = record::bod(&Position::startpos());
/// assert!(board.starts_with("後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n"));
/// assert_eq!(board.lines().nth(3), Some("|v香v桂v銀v金v玉v金v銀v桂v香|一"));
/// assert_eq!(board.lines().last(), Some("先手の持駒：なし"));
///
/// // Gote to move after 7g7f 3c3d 8h2b+, with a bishop in Sente's hand.
/// let pos = Position::from_sfen(
///     "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
/// )?;
/// let board = record::bod(&pos);
/// assert_eq!(board.lines().nth(4), Some("| ・v飛 ・ ・ ・ ・ ・ 馬 ・|二"));
/// assert!(board.ends_with("先手の持駒：角\u{3000}\n手数＝3\n後手番\n"));
/// let kif = format!("{board}手数----指手---------消費時間--\n");
/// assert_eq!(record::read_str_as(&kif, Format::Kif)?.start, pos);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn bod(pos: &Position) -> String {
    let mut out = String::new();
    write_diagram(&mut out, pos, ["先手", "後手"]);
    out
}

/// Whether `c` can be part of a hand count ([`parse_count`]).
fn count_char(c: char) -> bool {
    KANJI_NUMBERS.contains(&c) || c == '十' || c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// A hand count in kanji (`二`, `十`, `十八`, `二十`) or digits, 1–255.
pub(crate) fn parse_count(chars: &[char]) -> Option<u8> {
    let kanji = |c: char| {
        KANJI_NUMBERS
            .iter()
            .position(|&k| k == c)
            .map(|i| i as u32 + 1)
    };
    let digit = |c: char| c.to_digit(10).or_else(|| full_width_digit(c));
    let value = if chars.iter().all(|&c| digit(c).is_some()) {
        let mut v: u32 = 0;
        for &c in chars {
            v = v.checked_mul(10)?.checked_add(digit(c)?)?;
        }
        v
    } else {
        match chars {
            ['十'] => 10,
            [c] => kanji(*c)?,
            ['十', c] => 10 + kanji(*c)?,
            [t, '十'] => kanji(*t)? * 10,
            [t, '十', c] => kanji(*t)? * 10 + kanji(*c)?,
            _ => return None,
        }
    };
    u8::try_from(value).ok().filter(|&v| v > 0)
}

fn full_width_digit(c: char) -> Option<u32> {
    ('０'..='９').contains(&c).then(|| c as u32 - '０' as u32)
}

/// Whether `t` is the line of file labels: nine digits 9 to 1, full-width
/// or ASCII, with spaces.
fn is_file_labels(t: &str) -> bool {
    let mut digits = 0;
    for c in t.chars() {
        match c {
            '１'..='９' | '1'..='9' => digits += 1,
            c if is_space(c) => {}
            _ => return false,
        }
    }
    digits == 9
}

/// Whether `t` is a border line: `+` then dashes (`-`, `―`) and `+`.
fn is_border(t: &str) -> bool {
    t.starts_with('+')
        && t.contains(['-', '―'])
        && t.chars()
            .all(|c| matches!(c, '+' | '-' | '―' | 'ー') || is_space(c))
}

/// A board diagram read so far, line by line.
#[derive(Default)]
pub(crate) struct DiagramReader {
    /// The first diagram line, for errors about the whole diagram.
    first_line: Option<usize>,
    /// Board rows read, rank 1 first.
    rows: Vec<[Option<Piece>; 9]>,
    hands: [Hand; 2],
    turn: Option<Color>,
    /// `手数＝N`: moves played before the diagram.
    moves_played: Option<u32>,
}

impl DiagramReader {
    /// Reads `raw`, line `no` of a `format` record, if it is a diagram line,
    /// and says whether it was. `open` is whether a diagram may still come
    /// (no move read yet); a diagram line when it is not is an unexpected
    /// line.
    pub(crate) fn read_line(
        &mut self,
        format: Format,
        no: usize,
        raw: &str,
        open: bool,
    ) -> Result<bool, RecordError> {
        let lead = raw.len() - raw.trim_start_matches(is_space).len();
        let t = trim(raw);
        // The 1-based column of byte `at` of `raw`.
        let col = |at: usize| raw.get(..at).map_or(1, |s| s.chars().count() + 1);
        let fail = |at: usize, kind: RecordErrorKind| RecordError::new(format, no, col(at), kind);
        let bad = |at: usize, what: &str| fail(at, RecordErrorKind::BadPosition(what.to_owned()));
        enum Kind<'a> {
            MovesPlayed(&'a str),
            Labels,
            Border,
            Row,
            Hand(Color, &'a str),
            Turn(Color),
        }
        let kind = if let Some(v) = t.strip_prefix("手数＝").or_else(|| t.strip_prefix("手数="))
        {
            Kind::MovesPlayed(v)
        } else if is_file_labels(t) {
            Kind::Labels
        } else if is_border(t) {
            Kind::Border
        } else if t.starts_with('|') {
            Kind::Row
        } else if let Some((name, value)) = t.split_once("の持駒") {
            let Some(color) = side_of(trim(name)) else {
                return Ok(false);
            };
            let Some(value) = value.strip_prefix('：').or_else(|| value.strip_prefix(':')) else {
                return Ok(false);
            };
            Kind::Hand(color, value)
        } else if let Some(color) = t.strip_suffix('番').and_then(|n| side_of(trim(n))) {
            Kind::Turn(color)
        } else {
            return Ok(false);
        };
        if !open {
            return Err(fail(
                lead,
                RecordErrorKind::UnexpectedLine(super::text::excerpt(t)),
            ));
        }
        self.first_line.get_or_insert(no);
        // Where `part`, a slice of `raw`, starts in it.
        let at = |part: &str| part.as_ptr() as usize - raw.as_ptr() as usize;
        match kind {
            Kind::MovesPlayed(value) => {
                let value = trim(value);
                let end = value
                    .char_indices()
                    .find(|&(_, c)| !(c.is_ascii_digit() || full_width_digit(c).is_some()))
                    .map_or(value.len(), |(i, _)| i);
                let n = parse_number(&value[..end])
                    .ok_or_else(|| bad(at(value), "a count of moves such as 手数＝12"))?
                    .map_err(|kind| fail(at(value), kind))?;
                if n >= MAX_MOVE_NUMBER {
                    return Err(fail(at(value), MOVE_NUMBER_TOO_LARGE));
                }
                self.moves_played = Some(n);
            }
            Kind::Labels | Kind::Border => {}
            Kind::Row => {
                if self.rows.len() >= 9 {
                    return Err(bad(lead, "more than nine board rows"));
                }
                let body = &raw[lead + 1..];
                let row = board_row(body).map_err(|(offset, what)| {
                    let byte = body
                        .char_indices()
                        .nth(offset)
                        .map_or(body.len(), |(i, _)| i);
                    bad(lead + 1 + byte, what)
                })?;
                self.rows.push(row);
            }
            Kind::Hand(color, value) => {
                let value = trim(value);
                let start = at(value);
                self.hands[color.index()] = parse_hand(value).map_err(|byte| {
                    bad(start + byte, "a hand such as 飛　金二　歩十八, or なし")
                })?;
            }
            Kind::Turn(color) => self.turn = Some(color),
        }
        Ok(true)
    }

    /// Whether no diagram line was read.
    pub(crate) fn is_empty(&self) -> bool {
        self.first_line.is_none()
    }

    /// Whether `手数＝N` was given (the first move is then move N + 1).
    pub(crate) fn counts_moves(&self) -> bool {
        self.moves_played.is_some()
    }

    /// The setup the diagram shows, `None` when there was none.
    pub(crate) fn setup(&self, format: Format) -> Result<Option<(Setup, usize)>, RecordError> {
        let Some(first_line) = self.first_line else {
            return Ok(None);
        };
        if self.rows.len() != 9 {
            return Err(RecordError::new(
                format,
                first_line,
                1,
                RecordErrorKind::BadPosition(format!(
                    "the board diagram has {} rows, not 9",
                    self.rows.len()
                )),
            ));
        }
        let mut setup = Setup::empty();
        for (r, row) in self.rows.iter().enumerate() {
            for (i, cell) in row.iter().enumerate() {
                if let Some(sq) = Square::new(9 - i as u8, r as u8 + 1) {
                    setup.set_piece(sq, *cell);
                }
            }
        }
        for color in Color::ALL {
            setup.set_hand(color, self.hands[color.index()]);
        }
        setup.set_turn(self.turn.unwrap_or(Color::Sente));
        setup.set_move_number(self.moves_played.map_or(1, |n| n + 1));
        Ok(Some((setup, first_line)))
    }

    /// The start position the diagram shows, checked as every record's
    /// start is ([`SetupChecks::COMPOSED`]); `None` when there was none.
    pub(crate) fn position(&self, format: Format) -> Result<Option<Position>, RecordError> {
        let Some((setup, first_line)) = self.setup(format)? else {
            return Ok(None);
        };
        setup
            .validate(SetupChecks::COMPOSED)
            .map(Some)
            .map_err(|e| {
                let problem = e.problems().first().cloned();
                let kind = match problem {
                    Some(p) => RecordErrorKind::IllegalPosition(p),
                    None => RecordErrorKind::BadPosition(e.to_string()),
                };
                RecordError::new(format, first_line, 1, kind)
            })
    }
}

/// A hand: `角二　桂`, `なし` or nothing; entries separated by spaces, `、`
/// or `,`, or not at all. On error, the byte offset of the problem.
fn parse_hand(s: &str) -> Result<Hand, usize> {
    let mut hand = Hand::EMPTY;
    if s == "なし" {
        return Ok(hand);
    }
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    let mut i = 0;
    while let Some(&(at, c)) = chars.get(i) {
        if is_space(c) || c == '、' || c == ',' {
            i += 1;
            continue;
        }
        let role = board_role(c).filter(|r| r.is_hand_role()).ok_or(at)?;
        i += 1;
        let start = i;
        while chars.get(i).is_some_and(|&(_, c)| count_char(c)) {
            i += 1;
        }
        let count = if start == i {
            1
        } else {
            let digits: Vec<char> = chars[start..i].iter().map(|&(_, c)| c).collect();
            parse_count(&digits).ok_or(chars[start].0)?
        };
        hand.set(role, hand.get(role).saturating_add(count));
    }
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_counts_in_kanji_and_digits() {
        let count = |s: &str| parse_count(&s.chars().collect::<Vec<_>>());
        assert_eq!(count("二"), Some(2));
        assert_eq!(count("十"), Some(10));
        assert_eq!(count("十八"), Some(18));
        assert_eq!(count("二十"), Some(20));
        assert_eq!(count("１５"), Some(15));
        assert_eq!(count("十十"), None);
        assert_eq!(count("0"), None);
        let mut s = String::new();
        for n in 1..=18 {
            s.clear();
            push_count(&mut s, n);
            let parsed = if s.is_empty() { Some(1) } else { count(&s) };
            assert_eq!(parsed, Some(n), "{s}");
        }
    }

    #[test]
    fn hands_with_and_without_separators() {
        let hand = |s: &str| parse_hand(s).map(|h| Role::HAND.map(|r| h.get(r)));
        // Role::HAND order: rook, bishop, gold, silver, knight, lance, pawn.
        let order = Role::HAND;
        let at = |role: Role| order.iter().position(|&r| r == role).unwrap_or(0);
        let mut expected = [0u8; 7];
        expected[at(Role::Pawn)] = 18;
        expected[at(Role::Bishop)] = 1;
        assert_eq!(hand("歩十八　角"), Ok(expected));
        assert_eq!(hand("歩十八、角"), Ok(expected));
        assert_eq!(hand("歩十八,角"), Ok(expected));
        let mut expected = [0u8; 7];
        expected[at(Role::Gold)] = 2;
        expected[at(Role::Silver)] = 3;
        expected[at(Role::Knight)] = 1;
        assert_eq!(hand("金二銀３桂"), Ok(expected));
        assert_eq!(hand("なし"), Ok([0; 7]));
        // The byte offset of what is wrong.
        assert_eq!(hand("歩十十"), Err(3));
        assert_eq!(hand("歩x"), Err(3));
        assert_eq!(hand("玉"), Err(0));
    }

    fn read(lines: &[&str]) -> Result<Option<Position>, RecordError> {
        let mut d = DiagramReader::default();
        for (i, l) in lines.iter().enumerate() {
            assert!(d.read_line(Format::Kif, i + 1, l, true)?, "{l}");
        }
        d.position(Format::Kif)
    }

    const BOARD: [&str; 11] = [
        "+---------------------------+",
        "|v香v桂v銀v金v玉v金v銀v桂v香|一",
        "| ・v飛 ・ ・ ・ ・ ・v角 ・|二",
        "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三",
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四",
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五",
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六",
        "| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七",
        "| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八",
        "| 香 桂 銀 金 玉 金 銀 桂 香|九",
        "+---------------------------+",
    ];

    #[test]
    fn a_diagram_gives_its_position_and_move_number() {
        let mut lines = vec!["後手の持駒：なし", "  ９ ８ ７ ６ ５ ４ ３ ２ １"];
        lines.extend(BOARD);
        lines.extend(["▲の持駒：なし", "手数＝4", "△番"]);
        let pos = read(&lines).unwrap().unwrap();
        assert_eq!(
            pos.to_sfen(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 5"
        );
    }

    #[test]
    fn errors_point_at_the_character() {
        let mut lines: Vec<&str> = BOARD.to_vec();
        lines[3] = "|v歩v歩v歩v歩x歩v歩v歩v歩v歩|三";
        let e = read(&lines).unwrap_err();
        assert_eq!((e.line, e.column), (4, 10));
        let e = read(&["先手の持駒：歩二　x"]).unwrap_err();
        assert_eq!((e.line, e.column), (1, 10));
        let e = read(&["手数＝x"]).unwrap_err();
        assert_eq!((e.line, e.column), (1, 4));
        let e = read(&BOARD[..5]).unwrap_err();
        assert!(e.to_string().contains("4 rows"), "{e}");
        let mut lines: Vec<&str> = BOARD.to_vec();
        lines.push("先手の持駒：歩二十");
        let e = read(&lines).unwrap_err();
        assert!(matches!(e.kind, RecordErrorKind::IllegalPosition(_)), "{e}");
    }

    #[test]
    fn a_diagram_line_after_the_moves_is_unexpected() {
        let mut d = DiagramReader::default();
        let e = d.read_line(Format::Ki2, 7, "  後手番", false).unwrap_err();
        assert_eq!((e.line, e.column), (7, 3));
        assert!(!d.read_line(Format::Ki2, 8, "棋戦：名人戦", false).unwrap());
        assert!(!d.read_line(Format::Ki2, 8, "某の持駒：歩", true).unwrap());
    }
}
