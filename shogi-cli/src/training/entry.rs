//! One training entry of a sample: an HCPE (38 bytes) or a PSV (40 bytes)
//! record, laid out by `shogi_rules::training`.

use shogi_rules::Color;
use shogi_rules::training::{HuffmanCodedPosAndEval, PackError, PackedSfenValue};

use super::game::{Sample, Winner};

/// A training file format, as `--to` names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum TrainingFormat {
    /// HuffmanCodedPosAndEval: 38 bytes a position.
    Hcpe,
    /// PackedSfenValue: 40 bytes a position.
    Psv,
}

impl TrainingFormat {
    /// The size of one entry in bytes.
    #[must_use]
    pub fn entry_size(self) -> usize {
        match self {
            TrainingFormat::Hcpe => HuffmanCodedPosAndEval::SIZE,
            TrainingFormat::Psv => PackedSfenValue::SIZE,
        }
    }

    /// The format's name, as `--to` takes it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            TrainingFormat::Hcpe => "hcpe",
            TrainingFormat::Psv => "psv",
        }
    }
}

/// Appends the entry of `sample` in `format` to `out`, with the game's
/// `winner` (`None`: a draw, or a game kept without a result).
///
/// # Errors
///
/// [`PackError`] when the format cannot hold the position; `out` is then
/// unchanged.
pub fn push_entry(
    out: &mut Vec<u8>,
    format: TrainingFormat,
    sample: &Sample,
    winner: Winner,
) -> Result<(), PackError> {
    match format {
        TrainingFormat::Hcpe => {
            let entry = HuffmanCodedPosAndEval {
                hcp: sample.position.to_hcp()?,
                eval: sample.eval,
                best_move16: sample.mv.to_move16(),
                game_result: match winner {
                    None => 0,
                    Some(Color::Sente) => 1,
                    Some(Color::Gote) => 2,
                },
                dummy: 0,
            };
            out.extend_from_slice(&entry.to_bytes());
        }
        TrainingFormat::Psv => {
            let turn = sample.position.turn();
            let entry = PackedSfenValue {
                sfen: sample.position.to_packed_sfen()?,
                score: sample.eval,
                mv: sample.mv.to_move16(),
                game_ply: u16::try_from(sample.position.move_number()).unwrap_or(u16::MAX),
                game_result: match winner {
                    None => 0,
                    Some(color) if color == turn => 1,
                    Some(_) => -1,
                },
                padding: 0,
            };
            out.extend_from_slice(&entry.to_bytes());
        }
    }
    Ok(())
}
