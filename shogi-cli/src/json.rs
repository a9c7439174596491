//! The JSON the commands print (`show --json`, `replay --json`): one
//! `serde` type per object, its fields in the order they are printed.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use shogi_rules::record::Header;
use shogi_rules::{ImpasseStatus, Outcome, Position};

pub use board_cli::json::write_line;

/// `show --json`.
#[derive(Serialize)]
pub struct Show {
    /// The position in SFEN.
    pub sfen: String,
    /// `"sente"` or `"gote"`.
    pub side_to_move: &'static str,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// Whether the side to move is checkmated.
    pub checkmate: bool,
    /// The number of legal moves.
    pub legal_moves: u64,
}

impl Show {
    /// The facts `show --json` gives about `pos`.
    pub fn of(pos: &Position) -> Show {
        Show {
            sfen: pos.to_sfen(),
            side_to_move: pos.turn().as_str(),
            in_check: pos.in_check(),
            checkmate: pos.is_checkmate(),
            legal_moves: pos.count_legal_moves(),
        }
    }
}

/// `replay --json`.
#[derive(Serialize)]
pub struct Replay<'a> {
    /// The format the record was read as (`"kif"`, …).
    pub format: &'static str,
    /// The encoding of the file (`"UTF-8"`, `"Shift_JIS"`, `"EUC-JP"`).
    pub encoding: &'static str,
    /// The headers, in file order, keys as written.
    pub headers: Headers<'a>,
    /// The start position in SFEN.
    pub start: String,
    /// The moves of the main line in USI.
    pub moves: Vec<String>,
    /// The same moves in the notation `--notation` asks for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<&'a [String]>,
    /// The position after the last move, in SFEN.
    #[serde(rename = "final")]
    pub final_position: String,
    /// The result the record states, `null` when it states none.
    pub stated_result: Option<GameResult>,
    /// The result the rules give; both fields `null` while the game goes on.
    pub outcome: GameResult,
    /// Whether the stated result and the rules agree.
    pub results_agree: bool,
    /// The move after which the rules end the game, when the record goes on
    /// beyond it.
    pub rules_end_after: Option<usize>,
    /// The impasse declaration count of the side to move.
    pub impasse: Impasse,
}

/// The headers of a record as one JSON object: every header in file order,
/// keys as written (a name given twice is written twice).
pub struct Headers<'a>(pub &'a [Header]);

impl Serialize for Headers<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for header in self.0 {
            map.serialize_entry(&header.name, &header.value)?;
        }
        map.end()
    }
}

/// A result: the winner and how the game ended.
#[derive(Serialize)]
pub struct GameResult {
    /// `"sente"`, `"gote"`, or `null` for a draw (or no result).
    pub winner: Option<&'static str>,
    /// The termination (`"resignation"`, `"checkmate"`, …).
    pub reason: Option<&'static str>,
}

impl GameResult {
    /// The result of `outcome`; both fields `null` for none.
    pub fn of(outcome: Option<Outcome>) -> GameResult {
        GameResult {
            winner: outcome.and_then(|o| o.winner).map(|c| c.as_str()),
            reason: outcome.map(|o| o.termination.as_str()),
        }
    }
}

/// The impasse declaration count of the side to move.
#[derive(Serialize)]
pub struct Impasse {
    /// Sente's points.
    pub sente_points: u32,
    /// Gote's points.
    pub gote_points: u32,
    /// Whether the side to move may declare now.
    pub allowed: bool,
    /// Why not, when it may not.
    pub reason: Option<&'static str>,
}

impl Impasse {
    /// The count of `status`.
    pub fn of(status: &ImpasseStatus) -> Impasse {
        Impasse {
            sente_points: status.sente_points,
            gote_points: status.gote_points,
            allowed: status.allowed,
            reason: status.reason.map(|r| r.as_str()),
        }
    }
}
