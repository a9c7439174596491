//! The engine's `info` message.

use core::fmt;

use super::words::{Words, number, push_extra, usi_move, usi_moves, write_fields};
use super::{InfoScore, MateSign, Score, ScoreBound, UsiField, UsiMessageError};
use crate::UsiMove;

/// The keys of `info` that this module reads; any other word starts an
/// unknown field, kept in [`Info::extra`].
const INFO_KEYS: [&str; 11] = [
    "depth", "seldepth", "time", "nodes", "nps", "hashfull", "multipv", "currmove", "score", "pv",
    "string",
];

/// An `info` message: what an engine says while it searches. Every field is
/// optional; a field given twice keeps its last value.
///
/// ```
/// use shogi_rules::usi::{EngineMessage, Score};
/// let line = "info depth 12 seldepth 18 score cp 85 nodes 2200000 nps 1100000 pv 7g7f 3c3d";
/// let EngineMessage::Info(info) = line.parse()? else { unreachable!() };
/// assert_eq!(info.depth, Some(12));
/// assert_eq!(info.score.map(|s| s.score), Some(Score::Cp(85)));
/// assert_eq!(info.pv.as_ref().map(Vec::len), Some(2));
/// # Ok::<(), shogi_rules::usi::UsiMessageError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Info {
    /// `depth`: the search depth in plies.
    pub depth: Option<u32>,
    /// `seldepth`: the selective search depth in plies.
    pub seldepth: Option<u32>,
    /// `time`: the time searched, in milliseconds.
    pub time_ms: Option<u64>,
    /// `nodes`: the nodes searched.
    pub nodes: Option<u64>,
    /// `nps`: nodes per second.
    pub nps: Option<u64>,
    /// `hashfull`: the hash table's fill, in permille.
    pub hashfull: Option<u32>,
    /// `multipv`: the rank of this line among several.
    pub multipv: Option<u32>,
    /// `currmove`: the move being searched.
    pub currmove: Option<UsiMove>,
    /// `score`: the evaluation and its bound.
    pub score: Option<InfoScore>,
    /// `pv`: the principal variation (the rest of the line, or up to
    /// `string`). `Some` of an empty list for a bare `pv`.
    pub pv: Option<Vec<UsiMove>>,
    /// `string`: free text (the rest of the line, its inner spacing kept).
    pub string: Option<String>,
    /// Unknown fields, in order: a word that is not a known key, and the
    /// words after it up to the next known key, joined by single spaces.
    /// They are written between the known fields (the first before them,
    /// each next one after the next known field, `pv` and `string` last),
    /// so that each reads back as itself; an unknown field read when there
    /// are already one more of them than known fields (a known field given
    /// twice) is joined to the last one.
    pub extra: Vec<(String, String)>,
}

impl Info {
    /// Reads the words of an `info` line from word `i` (after `info`).
    pub(crate) fn read(words: &Words<'_>, mut i: usize) -> Result<Info, UsiMessageError> {
        let mut info = Info::default();
        while let Some(key) = words.text(i) {
            match key {
                "depth" => info.depth = Some(number(words, i + 1, UsiField::Depth)?),
                "seldepth" => info.seldepth = Some(number(words, i + 1, UsiField::SelDepth)?),
                "time" => info.time_ms = Some(number(words, i + 1, UsiField::Time)?),
                "nodes" => info.nodes = Some(number(words, i + 1, UsiField::Nodes)?),
                "nps" => info.nps = Some(number(words, i + 1, UsiField::Nps)?),
                "hashfull" => info.hashfull = Some(number(words, i + 1, UsiField::Hashfull)?),
                "multipv" => info.multipv = Some(number(words, i + 1, UsiField::MultiPv)?),
                "currmove" => info.currmove = Some(usi_move(words, i + 1, UsiField::CurrMove)?),
                "score" => {
                    let score = read_score(words, i + 1)?;
                    i += 3;
                    let bound = match words.text(i) {
                        Some("lowerbound") => ScoreBound::Lower,
                        Some("upperbound") => ScoreBound::Upper,
                        _ => ScoreBound::Exact,
                    };
                    if bound != ScoreBound::Exact {
                        i += 1;
                    }
                    info.score = Some(InfoScore { score, bound });
                    continue;
                }
                "pv" => {
                    let to = words.until(i + 1, &["string"]);
                    info.pv = Some(usi_moves(words, i + 1, to, UsiField::Pv)?);
                    i = to;
                    continue;
                }
                "string" => {
                    info.string = Some(words.rest(i + 1).into());
                    break;
                }
                "lowerbound" | "upperbound" => {
                    return Err(UsiMessageError::BadWord {
                        field: UsiField::Score,
                        column: words.column(i),
                        found: key.into(),
                    });
                }
                _ => {
                    let to = words.until(i + 1, &INFO_KEYS);
                    let known = info.known_fields().len();
                    push_extra(&mut info.extra, known, key, words.join(i + 1, to));
                    i = to;
                    continue;
                }
            }
            i += 2;
        }
        Ok(info)
    }
}

/// `cp <n>`, `mate <n>`, `mate +` or `mate -` at word `i`.
fn read_score(words: &Words<'_>, i: usize) -> Result<Score, UsiMessageError> {
    match words.text(i) {
        Some("cp") => Ok(Score::Cp(number(words, i + 1, UsiField::Score)?)),
        Some("mate") => match words.text(i + 1) {
            Some("+") => Ok(Score::MateUnknown(MateSign::Plus)),
            Some("-") => Ok(Score::MateUnknown(MateSign::Minus)),
            _ => Ok(Score::Mate(number(words, i + 1, UsiField::Score)?)),
        },
        Some(found) => Err(UsiMessageError::BadWord {
            field: UsiField::Score,
            column: words.column(i),
            found: found.into(),
        }),
        None => Err(UsiMessageError::MissingValue {
            field: UsiField::Score,
            column: words.column(i),
        }),
    }
}

impl Info {
    /// The known fields but `pv` and `string`, as written: ` depth 3`, ….
    fn known_fields(&self) -> Vec<String> {
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("time", self.time_ms),
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        let mut fields: Vec<String> = numbers
            .iter()
            .filter_map(|(key, value)| value.map(|v| format!(" {key} {v}")))
            .collect();
        if let Some(m) = self.currmove {
            fields.push(format!(" currmove {m}"));
        }
        if let Some(score) = self.score {
            fields.push(format!(" score {score}"));
        }
        fields
    }
}

impl fmt::Display for Info {
    /// `info`, the known fields in the order of the struct with the
    /// unknown ones between them (see [`Info::extra`]), `pv` and `string`
    /// last.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        write_fields(f, &self.known_fields(), &self.extra)?;
        if let Some(pv) = &self.pv {
            f.write_str(" pv")?;
            for m in pv {
                write!(f, " {m}")?;
            }
        }
        if let Some(text) = &self.string {
            f.write_str(" string")?;
            if !text.is_empty() {
                write!(f, " {text}")?;
            }
        }
        Ok(())
    }
}
