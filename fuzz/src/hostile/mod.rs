//! Structure-aware generators of hostile record text, one per format, and the property the
//! `hostile_*` targets check on what they generate.
//!
//! A [`Plan`] (built by `arbitrary` from the fuzzer's bytes) describes a record: a main line of
//! legal moves chosen by index among `legal_moves()` from the start position, variation blocks
//! (deep chains where each variation branches off the one before, wide fans of siblings at one
//! ply, single variations anywhere), and decorations (long or many comments, long or many
//! headers, extreme times, move numbers and start move numbers, all moves on one line, blank and
//! junk lines). [`Tree::build`] turns the plan into legal lines of play; each format module
//! renders the tree as text of its format, so most inputs are valid records with hostile shapes
//! and sizes, and the rest are near misses.
//!
//! Short inputs expand into large records: lengths and counts come from the plan, the moves
//! themselves from a generator seeded by the plan. The text is capped at [`MAX_TEXT`] bytes so
//! that each execution stays fast.

use arbitrary::Arbitrary;
use shogi_rules::record::{self, Format, ReadLimits};
use shogi_rules::{Move, Position};

pub mod csa;
pub mod jkf;
pub mod ki2;
pub mod kif;
pub mod usi;

/// The most text a generator produces, in bytes.
pub const MAX_TEXT: usize = 1 << 20;
/// The longest main line the plan's generator extends to.
const MAX_MAIN_PLIES: usize = 3000;
/// The most variations in one tree.
const MAX_VARIATIONS: usize = 4000;
/// The most moves over all lines of a tree.
const MAX_MOVES: usize = 40_000;
/// The longest single comment or header value.
const MAX_FILL: usize = 200_000;
/// The most comments or headers one decoration adds.
const MAX_COUNT: usize = 3000;

/// What a generator builds a record from.
#[derive(Debug, Arbitrary)]
pub struct Plan {
    /// Seeds the choices not given explicitly.
    pub seed: u64,
    /// Indices (modulo the number of legal moves) of the first main-line moves.
    pub main: Vec<u8>,
    /// Further main-line plies chosen by the seeded generator (mostly under 80, rarely up to
    /// 3000).
    pub extra_plies: u16,
    /// Variation blocks, in the order they are written (the first few are used).
    pub blocks: Vec<Block>,
    /// Decorations (the first few are used).
    pub decorations: Vec<Decoration>,
    /// The main line's ending, as an index into the format's ending words (past the end: none).
    pub ending: u8,
}

/// A group of variations.
#[derive(Debug, Arbitrary, Clone, Copy)]
pub enum Block {
    /// `depth` variations (mostly under 24, rarely up to 1200: past the readers' limit of
    /// 1000), the first replacing main-line ply `at`, each later one replacing the second move
    /// of the one before: nesting `depth` deep.
    Deep { at: u16, depth: u16 },
    /// `width` sibling variations (mostly under 24, rarely up to 4000) replacing main-line ply
    /// `at`, each `len` moves long.
    Wide { at: u16, width: u16, len: u8 },
    /// One variation of `len` moves replacing ply `ply` (counted from the first move) of the
    /// deepest line written so far that has it.
    One { ply: u16, len: u8 },
}

/// Something added to the record besides its moves. `at` picks a move over all lines
/// (modulo their number); `line` picks a line of the text.
#[derive(Debug, Arbitrary, Clone)]
pub enum Decoration {
    /// One comment of `len` bytes after a move.
    LongComment { at: u16, len: u32, filler: Filler },
    /// `count` comments after a move.
    Comments { at: u16, count: u16, filler: Filler },
    /// A comment on the start position.
    StartComment { len: u32, filler: Filler },
    /// One header whose value is `len` bytes long.
    LongHeader { key: u8, len: u32, filler: Filler },
    /// `count` headers.
    Headers { count: u16, filler: Filler },
    /// A time on one move.
    Time {
        at: u16,
        used: Number,
        total: Number,
    },
    /// The same time on every move.
    AllTimes { used: Number, total: Number },
    /// A move written with another move number (KIF), or a number where one is counted.
    MoveNumber { at: u16, number: Number },
    /// The move number of the start position (KIF/KI2 `手数＝`, USI SFEN, CSA none).
    StartNumber(Number),
    /// Every move on one line (CSA statements joined by `,`, KI2 moves on one line).
    OneLine,
    /// A line of arbitrary text inserted before text line `line`.
    Junk { line: u16, text: String },
    /// `count` blank or space-only lines inserted before text line `line`.
    Blank { line: u16, count: u16, spaces: bool },
}

/// A number the plan writes where the format expects one.
#[derive(Debug, Arbitrary, Clone, Copy)]
pub enum Number {
    Zero,
    Small(u8),
    /// Around the readers' 100 000 000 limit.
    NearLimit(i8),
    /// Around `u32::MAX`.
    NearU32(i8),
    U64Max,
    Any(u64),
}

impl Number {
    /// The value.
    pub fn value(self) -> u64 {
        match self {
            Number::Zero => 0,
            Number::Small(n) => u64::from(n),
            Number::NearLimit(d) => 100_000_000u64.saturating_add_signed(i64::from(d)),
            Number::NearU32(d) => u64::from(u32::MAX).saturating_add_signed(i64::from(d)),
            Number::U64Max => u64::MAX,
            Number::Any(n) => n,
        }
    }
}

/// What a long text is made of.
#[derive(Debug, Arbitrary, Clone, Copy)]
pub enum Filler {
    Ascii,
    Kanji,
    Digits,
    Comma,
    Colon,
    Space,
    Quote,
    Brackets,
    Control,
    Char(char),
}

impl Filler {
    fn unit(self) -> String {
        match self {
            Filler::Ascii => "a".into(),
            Filler::Kanji => "歩".into(),
            Filler::Digits => "9".into(),
            Filler::Comma => ",'".into(),
            Filler::Colon => "：:".into(),
            Filler::Space => "　 ".into(),
            Filler::Quote => "\"\\".into(),
            Filler::Brackets => "{[(".into(),
            Filler::Control => "\u{1}\t\r\u{1e}".into(),
            // A line break would end the line: the text is meant to stay on one.
            Filler::Char('\n') => "n".into(),
            Filler::Char(c) => c.to_string(),
        }
    }

    /// About `len` bytes of this filler: mostly under 600, rarely up to [`MAX_FILL`] (beyond
    /// the readers' 64 KiB limit on a header or comment).
    pub fn fill(self, len: u32) -> String {
        let len = size32(len, 600, MAX_FILL);
        let unit = self.unit();
        let mut s = String::with_capacity(len + unit.len());
        while s.len() < len {
            s.push_str(&unit);
        }
        s
    }
}

/// A size from a raw `u16`: mostly below `small`, and up to `big` when the raw value is in the
/// top sixteenth of its range, so that large records are generated but do not slow down most
/// executions.
pub fn size16(raw: u16, small: usize, big: usize) -> usize {
    if raw >= 0xF000 {
        usize::from(raw - 0xF000) * (big + 1) / 0x1000
    } else {
        usize::from(raw) % small.max(1)
    }
}

/// As [`size16`], for a raw `u32`.
pub fn size32(raw: u32, small: usize, big: usize) -> usize {
    if raw >= 0xF000_0000 {
        ((u64::from(raw - 0xF000_0000) * (big as u64 + 1)) >> 28) as usize
    } else {
        raw as usize % small.max(1)
    }
}

/// A small deterministic generator for the choices a plan leaves open.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next_u64(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// One move of a line with what is attached to it.
#[derive(Clone, Debug)]
pub struct Node {
    pub mv: Move,
    /// Time used and total, when given.
    pub time: Option<(Number, Number)>,
    pub comments: Vec<String>,
    /// A move number written instead of the counted one.
    pub number: Option<Number>,
}

/// A line of play: the main line or a variation.
#[derive(Clone, Debug)]
pub struct Line {
    /// The number of its first move (the main line's first is the start move number).
    pub first_ply: u64,
    /// The position before its first move.
    pub before: Position,
    /// The move before its first move (for 同).
    pub previous: Option<Move>,
    pub nodes: Vec<Node>,
    /// The line and the index of the move this line replaces; `None` for the main line.
    pub parent: Option<(usize, usize)>,
    /// An index into the format's ending words (past the end: no ending).
    pub ending: u8,
}

impl Line {
    /// Positions before each move, and the previous move of each.
    pub fn positions(&self) -> Vec<(Position, Option<Move>)> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut pos = self.before.clone();
        let mut previous = self.previous;
        for n in &self.nodes {
            out.push((pos.clone(), previous));
            pos.play_unchecked(n.mv);
            previous = Some(n.mv);
        }
        out
    }
}

/// A record to render: lines of legal play (main line first, then variations in the order
/// they are written), headers, comments and format switches.
#[derive(Clone, Debug)]
pub struct Tree {
    pub lines: Vec<Line>,
    pub headers: Vec<(u8, String)>,
    pub start_comments: Vec<String>,
    /// The start move number, when the plan gives one.
    pub start_number: Option<Number>,
    pub one_line: bool,
    /// Text lines to insert: before which line of the text, and what.
    pub inserts: Vec<(usize, String)>,
}

fn play_line(
    before: &Position,
    rng: &mut Rng,
    explicit: &[u8],
    len: usize,
    avoid: Option<Move>,
) -> Vec<Node> {
    let mut pos = before.clone();
    let mut nodes = Vec::with_capacity(len);
    for i in 0..len {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mut index = match explicit.get(i) {
            Some(&c) => usize::from(c),
            None => rng.below(legal.len()),
        } % legal.len();
        if i == 0 && legal.len() > 1 && avoid == Some(legal[index]) {
            index = (index + 1) % legal.len();
        }
        let mv = legal[index];
        pos.play_unchecked(mv);
        nodes.push(Node {
            mv,
            time: None,
            comments: Vec::new(),
            number: None,
        });
    }
    nodes
}

impl Tree {
    /// The tree a plan describes.
    pub fn build(plan: &Plan) -> Tree {
        let mut rng = Rng::new(plan.seed);
        let mut tree = Tree {
            lines: Vec::new(),
            headers: Vec::new(),
            start_comments: Vec::new(),
            start_number: None,
            one_line: false,
            inserts: Vec::new(),
        };
        for d in plan.decorations.iter().take(8) {
            match d {
                Decoration::StartNumber(n) => tree.start_number = Some(*n),
                Decoration::OneLine => tree.one_line = true,
                _ => {}
            }
        }
        let start = Position::startpos();
        let first_ply = tree.start_number.map_or(1, |n| n.value().saturating_add(1));
        let plies =
            (plan.main.len() + size16(plan.extra_plies, 80, MAX_MAIN_PLIES)).min(MAX_MAIN_PLIES);
        let main = play_line(&start, &mut rng, &plan.main, plies, None);
        let mut total_moves = main.len();
        tree.lines.push(Line {
            first_ply,
            before: start,
            previous: None,
            nodes: main,
            parent: None,
            ending: plan.ending,
        });

        // The lines the reader of a KIF or KI2 file would hold as its path: a block for ply N
        // attaches to the deepest of them that has a move numbered N.
        let mut path = vec![0usize];
        for block in plan.blocks.iter().take(8) {
            let (count, len) = match *block {
                Block::Deep { depth, .. } => (size16(depth, 24, 1200).max(1), 2),
                Block::Wide { width, len, .. } => (
                    size16(width, 24, MAX_VARIATIONS).max(1),
                    usize::from(len % 12).max(1),
                ),
                Block::One { len, .. } => (1, usize::from(len % 40).max(1)),
            };
            for k in 0..count {
                if tree.lines.len() > MAX_VARIATIONS || total_moves > MAX_MOVES {
                    break;
                }
                let last = &tree.lines[*path.last().expect("the main line")];
                let ply = match (*block, k) {
                    (Block::Deep { at, .. } | Block::Wide { at, .. }, 0) => {
                        let main = &tree.lines[0];
                        if main.nodes.is_empty() {
                            break;
                        }
                        main.first_ply
                            .saturating_add((usize::from(at) % main.nodes.len()) as u64)
                    }
                    (Block::Deep { .. }, _) => last.first_ply.saturating_add(1),
                    (Block::Wide { .. }, _) => last.first_ply,
                    (Block::One { ply, .. }, _) => last.first_ply.saturating_add(u64::from(ply)),
                };
                let Some(depth) = path.iter().rposition(|&l| {
                    let line = &tree.lines[l];
                    ply >= line.first_ply && ply - line.first_ply < line.nodes.len() as u64
                }) else {
                    break;
                };
                let target = path[depth];
                let line = &tree.lines[target];
                let index = (ply - line.first_ply) as usize;
                let mut before = line.before.clone();
                for n in &line.nodes[..index] {
                    before.play_unchecked(n.mv);
                }
                let previous = match index {
                    0 => line.previous,
                    i => Some(line.nodes[i - 1].mv),
                };
                let nodes = play_line(&before, &mut rng, &[], len, Some(line.nodes[index].mv));
                if nodes.is_empty() {
                    break;
                }
                // An alternative to the first move of a variation is its sibling.
                let mut parent = (target, index);
                while parent.1 == 0 {
                    match tree.lines[parent.0].parent {
                        Some(p) => parent = p,
                        None => break,
                    }
                }
                total_moves += nodes.len();
                let ending = if rng.below(4) == 0 {
                    rng.next_u64() as u8
                } else {
                    u8::MAX
                };
                tree.lines.push(Line {
                    first_ply: ply,
                    before,
                    previous,
                    nodes,
                    parent: Some(parent),
                    ending,
                });
                path.truncate(depth + 1);
                path.push(tree.lines.len() - 1);
            }
        }

        let total: usize = tree.lines.iter().map(|l| l.nodes.len()).sum();
        let node = |tree: &Tree, at: u16| -> Option<(usize, usize)> {
            if total == 0 {
                return None;
            }
            let mut i = usize::from(at) % total;
            for (l, line) in tree.lines.iter().enumerate() {
                if i < line.nodes.len() {
                    return Some((l, i));
                }
                i -= line.nodes.len();
            }
            None
        };
        for d in plan.decorations.iter().take(8) {
            match d {
                Decoration::LongComment { at, len, filler } => {
                    if let Some((l, i)) = node(&tree, *at) {
                        tree.lines[l].nodes[i].comments.push(filler.fill(*len));
                    }
                }
                Decoration::Comments { at, count, filler } => {
                    if let Some((l, i)) = node(&tree, *at) {
                        let count = size16(*count, 12, MAX_COUNT);
                        let text = filler.fill((count % 7) as u32 * 3);
                        tree.lines[l].nodes[i]
                            .comments
                            .extend(std::iter::repeat_n(text, count));
                    }
                }
                Decoration::StartComment { len, filler } => {
                    tree.start_comments.push(filler.fill(*len));
                }
                Decoration::LongHeader { key, len, filler } => {
                    tree.headers.push((*key, filler.fill(*len)));
                }
                Decoration::Headers { count, filler } => {
                    let count = size16(*count, 12, MAX_COUNT);
                    for k in 0..count {
                        tree.headers.push((k as u8, filler.fill(k as u32 % 13)));
                    }
                }
                Decoration::Time { at, used, total } => {
                    if let Some((l, i)) = node(&tree, *at) {
                        tree.lines[l].nodes[i].time = Some((*used, *total));
                    }
                }
                Decoration::AllTimes { used, total } => {
                    for line in &mut tree.lines {
                        for n in &mut line.nodes {
                            n.time = Some((*used, *total));
                        }
                    }
                }
                Decoration::MoveNumber { at, number } => {
                    if let Some((l, i)) = node(&tree, *at) {
                        tree.lines[l].nodes[i].number = Some(*number);
                    }
                }
                Decoration::Junk { line, text } => {
                    let text: String = text.chars().take(4096).collect();
                    tree.inserts.push((usize::from(*line), text));
                }
                Decoration::Blank {
                    line,
                    count,
                    spaces,
                } => {
                    let blank = if *spaces { " \t　" } else { "" };
                    for _ in 0..usize::from(*count) % 64 {
                        tree.inserts.push((usize::from(*line), blank.to_string()));
                    }
                }
                Decoration::StartNumber(_) | Decoration::OneLine => {}
            }
        }
        tree
    }

    /// For each line, the variations that replace each of its moves, in the order written.
    pub fn children(&self) -> Vec<Vec<Vec<usize>>> {
        let mut children: Vec<Vec<Vec<usize>>> = self
            .lines
            .iter()
            .map(|l| vec![Vec::new(); l.nodes.len()])
            .collect();
        for (id, line) in self.lines.iter().enumerate() {
            if let Some((parent, index)) = line.parent {
                children[parent][index].push(id);
            }
        }
        children
    }
}

/// Inserts the plan's extra lines into `text` and caps it at [`MAX_TEXT`] bytes (on a
/// character boundary).
pub fn finish(mut text: String, inserts: &[(usize, String)]) -> String {
    if !inserts.is_empty() {
        let mut lines: Vec<&str> = text.split('\n').collect();
        let mut sorted: Vec<&(usize, String)> = inserts.iter().collect();
        sorted.sort_by_key(|(at, _)| std::cmp::Reverse(*at % (lines.len() + 1)));
        let count = lines.len() + 1;
        for (at, insert) in sorted {
            lines.insert(at % count, insert.as_str());
        }
        text = lines.join("\n");
    }
    if text.len() > MAX_TEXT {
        let mut end = MAX_TEXT;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
    }
    text
}

/// Where the debug forms of two values first differ, with some context.
fn difference(a: &impl std::fmt::Debug, b: &impl std::fmt::Debug) -> String {
    let (a, b) = (format!("{a:?}"), format!("{b:?}"));
    let at = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    let from = a.floor_char_boundary(at.saturating_sub(200));
    let excerpt = |s: &str| {
        let to = s.floor_char_boundary((at + 200).min(s.len()));
        s[from.min(to)..to].to_string()
    };
    format!(
        "first difference at byte {at}: {:?} vs {:?}",
        excerpt(&a),
        excerpt(&b)
    )
}

/// Every format, in the order the check writes them.
pub const FORMATS: [Format; 5] = [
    Format::Kif,
    Format::Ki2,
    Format::Csa,
    Format::Jkf,
    Format::Usi,
];

/// Reads `text` as `format` within the default limits and, when that succeeds, writes the
/// record in every format and reads each text back.
///
/// # Panics
/// When reading or writing panics (libFuzzer reports it as is), when a record read does not
/// write in some format, when a written text does not read back or gives other main-line moves, when in the format read it gives another record
/// (for CSA and JKF, whose writers round times and endings: another text when written again),
/// or when writing the record read back and reading again changes it.
pub fn check(text: &str, format: Format) {
    let limits = ReadLimits::DEFAULT;
    let Ok(first) = record::read_with(text.as_bytes(), Some(format), &limits) else {
        return;
    };
    for target in FORMATS {
        // Every format writes every record read, whatever its depth.
        let written = first
            .write(target)
            .unwrap_or_else(|e| panic!("{format} record does not write as {target}: {e}"))
            .text;
        let second =
            record::read_with(written.as_bytes(), Some(target), &limits).unwrap_or_else(|e| {
                panic!("{format} record written as {target} does not read back: {e}\n{written}")
            });
        assert_eq!(
            first.moves(),
            second.moves(),
            "{format} record written as {target}: the moves change through {written:?}"
        );
        if target == format && matches!(format, Format::Csa | Format::Jkf) {
            // The CSA V2.2 writer drops fractions of a second and the JKF writer writes some
            // endings as the nearest schema value: the record may change once, the text not.
            let again = second.write(target).ok().map(|w| w.text);
            assert!(
                again.as_deref() == Some(written.as_str()),
                "{format}: the text changes when read and written again: {}\n{written:?}",
                difference(&first, &second)
            );
        } else if target == format {
            assert!(
                first == second,
                "{format}: the record changes when written and read again: {}\n{written:?}",
                difference(&first, &second)
            );
        }
        let again = second
            .write(target)
            .unwrap_or_else(|e| panic!("{target} record read back does not write: {e}"))
            .text;
        let third = record::read_with(again.as_bytes(), Some(target), &limits)
            .unwrap_or_else(|e| panic!("{target} text written twice does not read: {e}\n{again}"));
        assert!(
            second == third,
            "{target} (from {format}): writing is not stable: {}\n{again:?}",
            difference(&second, &third)
        );
    }
}
