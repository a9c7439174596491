//! What writing a record in a format keeps: the text, and a list of what
//! the format cannot hold.
//!
//! Every format holds the start position, the moves of the main line and
//! their order. What else each holds:
//!
//! | | KIF | KI2 | CSA | JKF | USI |
//! |---|---|---|---|---|---|
//! | variations | yes | yes | no | yes | no |
//! | times | whole seconds | no | per move (V2.2: whole seconds); totals are re-counted | whole seconds | no |
//! | comments and bookmarks | yes | yes | yes | yes | no |
//! | headers | one line, trimmed | one line, trimmed | one line, trimmed (`'#name：value` for those without a key) | first of each name | no |
//! | start move number | yes | yes | no | no | yes |
//! | endings | all | all but take-back and error | nearest of its list | nearest of its list | no |
//!
//! [`GameRecord::write`](super::GameRecord::write) returns the text with
//! the list ([`Written`]); the list is empty exactly when reading the text
//! back gives the record again.

use core::fmt;
use core::time::Duration;

use super::text::{one_line, summary_special, summary_words, trim};
use super::{Format, GameRecord, LineEnd, MoveTime, SpecialMove, WalkOrder, running_total};
use crate::Color;

/// A record written as text ([`GameRecord::write`](super::GameRecord::write)):
/// the text, and what of the record the format could not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Written {
    /// The record as text.
    pub text: String,
    /// What the text does not hold, in the order of [`Dropped::ALL_KINDS`];
    /// empty when reading the text back gives the record again.
    pub dropped: Vec<Dropped>,
}

impl Written {
    /// The text, whatever was dropped.
    #[must_use]
    pub fn into_text(self) -> String {
        self.text
    }
}

/// Something a record holds that the format it was written in cannot.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dropped {
    /// Variations (CSA and USI hold the main line only).
    Variations {
        /// How many lines besides the main line.
        count: usize,
    },
    /// Times of moves and endings (KI2 and USI hold none).
    Times {
        /// How many times.
        count: usize,
    },
    /// Fractions of a second of times the format writes in whole seconds.
    TimeFractions {
        /// How many times have a fraction.
        count: usize,
    },
    /// Total times that are not the running sum of the times used (CSA
    /// holds the time of each move; its reader counts the totals).
    TotalTimes {
        /// How many totals differ from the running sum.
        count: usize,
    },
    /// Comments and bookmarks (USI holds none).
    Comments {
        /// How many.
        count: usize,
    },
    /// A header the format cannot hold (all in USI; in JKF a second
    /// header of the same name).
    Header {
        /// The header's name.
        name: String,
    },
    /// A header value written altered: KIF, KI2 and CSA write a value on one
    /// line (a line break becomes a space) and read it without the spaces
    /// around it.
    HeaderValue {
        /// The header's name.
        name: String,
    },
    /// The start position's move number (CSA and JKF have none; the
    /// start reads back at move 1).
    MoveNumber {
        /// The move number.
        number: u32,
    },
    /// An ending the format has no word for: written as the nearest one
    /// with the same result, or left out.
    Ending {
        /// The ending of the record.
        ending: SpecialMove,
        /// What reading the text back gives, if anything.
        written_as: Option<SpecialMove>,
    },
}

impl Dropped {
    /// The names of the kinds, in the order [`Written::dropped`] lists them:
    /// the value of [`kind`](Self::kind).
    pub const ALL_KINDS: [&'static str; 9] = [
        "variations",
        "times",
        "time_fractions",
        "total_times",
        "comments",
        "header",
        "header_value",
        "move_number",
        "ending",
    ];

    /// The name of the kind (one of [`ALL_KINDS`](Self::ALL_KINDS)).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Dropped::Variations { .. } => "variations",
            Dropped::Times { .. } => "times",
            Dropped::TimeFractions { .. } => "time_fractions",
            Dropped::TotalTimes { .. } => "total_times",
            Dropped::Comments { .. } => "comments",
            Dropped::Header { .. } => "header",
            Dropped::HeaderValue { .. } => "header_value",
            Dropped::MoveNumber { .. } => "move_number",
            Dropped::Ending { .. } => "ending",
        }
    }
}

impl fmt::Display for Dropped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dropped::Variations { count } => write!(f, "{count} variations left out"),
            Dropped::Times { count } => write!(f, "{count} times left out"),
            Dropped::TimeFractions { count } => {
                write!(f, "{count} times rounded down to whole seconds")
            }
            Dropped::TotalTimes { count } => {
                write!(f, "{count} total times left out (not the running sum)")
            }
            Dropped::Comments { count } => write!(f, "{count} comments left out"),
            Dropped::Header { name } => write!(f, "header {name:?} left out"),
            Dropped::HeaderValue { name } => write!(
                f,
                "header {name:?} written on one line without spaces around it"
            ),
            Dropped::MoveNumber { number } => {
                write!(f, "the start's move number {number} left out")
            }
            Dropped::Ending {
                ending,
                written_as: Some(w),
            } => write!(f, "ending {ending} written as {w}"),
            Dropped::Ending {
                ending,
                written_as: None,
            } => write!(f, "ending {ending} left out"),
        }
    }
}

/// What a format holds (see the module documentation).
struct Holds {
    variations: bool,
    times: bool,
    whole_seconds: bool,
    totals: bool,
    comments: bool,
    move_number: bool,
}

fn holds(format: Format) -> Holds {
    let all = Holds {
        variations: true,
        times: true,
        whole_seconds: true,
        totals: true,
        comments: true,
        move_number: true,
    };
    match format {
        Format::Kif => all,
        Format::Ki2 => Holds {
            times: false,
            ..all
        },
        Format::Csa => Holds {
            variations: false,
            totals: false,
            move_number: false,
            ..all
        },
        #[cfg(feature = "jkf")]
        Format::Jkf => Holds {
            move_number: false,
            ..all
        },
        Format::Usi => Holds {
            variations: false,
            times: false,
            comments: false,
            ..all
        },
    }
}

/// What reading the ending `special` back from `format` gives, with
/// `to_move` the side to move at it.
fn ending_read_back(format: Format, special: SpecialMove, to_move: Color) -> Option<SpecialMove> {
    match format {
        Format::Kif => Some(special),
        Format::Ki2 => summary_words(special, to_move, ["先手", "後手"])
            .and_then(|words| summary_special(&words, to_move)),
        Format::Csa => super::csa::ending_read_back(special, to_move),
        #[cfg(feature = "jkf")]
        Format::Jkf => super::jkf::ending_read_back(special, to_move),
        Format::Usi => super::usi::ending_read_back(special),
    }
}

/// Counts what a line's moves and ending hold.
#[derive(Default)]
struct Counts {
    times: usize,
    fractions: usize,
    totals: usize,
    comments: usize,
}

impl Counts {
    /// Counts the time of a move or ending of `turn`, with `totals` the
    /// running sums of the times used before it, which it updates.
    fn time(&mut self, time: Option<&MoveTime>, turn: Color, totals: &mut [Duration; 2]) {
        let Some(t) = time else { return };
        self.times += 1;
        let whole = |d: Duration| d.subsec_nanos() == 0;
        if !whole(t.used) || t.total.is_some_and(|d| !whole(d)) {
            self.fractions += 1;
        }
        let sum = running_total(totals[turn.index()], t.used);
        if t.total.is_some_and(|total| total != sum) {
            self.totals += 1;
        }
        totals[turn.index()] = sum;
    }
}

/// What `record` written in `format` loses (see [`Written::dropped`]).
pub(crate) fn dropped(record: &GameRecord, format: Format) -> Vec<Dropped> {
    let holds = holds(format);
    let mut counts = Counts {
        comments: record.start_comments.len(),
        ..Counts::default()
    };
    let mut endings = Vec::new();
    for visit in record.walk(WalkOrder::EarliestFirst) {
        if visit.depth > 0 && !holds.variations {
            break;
        }
        let mut turn = visit.position.turn();
        // The running sums of the times Sente and Gote used on the line.
        let mut totals = [Duration::ZERO; 2];
        for m in &visit.line.moves {
            counts.time(m.time.as_ref(), turn, &mut totals);
            counts.comments += m.comments.len();
            turn = turn.opposite();
        }
        if let Some(LineEnd {
            special,
            time,
            comments,
        }) = &visit.line.end
        {
            counts.time(time.as_ref(), turn, &mut totals.clone());
            counts.comments += comments.len();
            let back = ending_read_back(format, *special, turn);
            if back != Some(*special) {
                endings.push(Dropped::Ending {
                    ending: *special,
                    written_as: back,
                });
            }
        }
    }
    let mut out = Vec::new();
    if !holds.variations && record.variation_count() > 0 {
        out.push(Dropped::Variations {
            count: record.variation_count(),
        });
    }
    if !holds.times && counts.times > 0 {
        out.push(Dropped::Times {
            count: counts.times,
        });
    }
    if holds.times && holds.whole_seconds && counts.fractions > 0 {
        out.push(Dropped::TimeFractions {
            count: counts.fractions,
        });
    }
    if holds.times && !holds.totals && counts.totals > 0 {
        out.push(Dropped::TotalTimes {
            count: counts.totals,
        });
    }
    if !holds.comments && counts.comments > 0 {
        out.push(Dropped::Comments {
            count: counts.comments,
        });
    }
    out.extend(dropped_headers(record, format));
    let number = record.start.move_number();
    if !holds.move_number && number != 1 {
        out.push(Dropped::MoveNumber { number });
    }
    out.extend(endings);
    out
}

/// The headers `format` cannot hold.
fn dropped_headers(record: &GameRecord, format: Format) -> Vec<Dropped> {
    let left_out = |name: &str| Dropped::Header {
        name: name.to_owned(),
    };
    match format {
        Format::Usi => record.headers.iter().map(|h| left_out(&h.name)).collect(),
        #[cfg(feature = "jkf")]
        Format::Jkf => {
            let mut seen: Vec<&str> = Vec::new();
            let mut out = Vec::new();
            for h in &record.headers {
                let name = super::text::canonical_name(h);
                if seen.contains(&name) {
                    out.push(left_out(&h.name));
                } else {
                    seen.push(name);
                }
            }
            out
        }
        Format::Kif | Format::Ki2 | Format::Csa => record
            .headers
            .iter()
            .filter(|h| trim(&one_line(&h.value)) != h.value)
            .map(|h| Dropped::HeaderValue {
                name: h.name.clone(),
            })
            .collect(),
    }
}
