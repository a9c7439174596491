//! The bytes of one training entry: an HCPE (38 bytes) or a PSV (40 bytes)
//! record, little-endian and packed, as the programs that read them lay
//! them out.

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
            out.extend_from_slice(&hcpe_bytes(&entry));
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
            out.extend_from_slice(&psv_bytes(&entry));
        }
    }
    Ok(())
}

/// The 38 bytes of an HCPE entry: `hcp`, then `eval`, `best_move16`
/// (little-endian), `game_result` and `dummy`.
fn hcpe_bytes(entry: &HuffmanCodedPosAndEval) -> [u8; HuffmanCodedPosAndEval::SIZE] {
    let mut bytes = [0; HuffmanCodedPosAndEval::SIZE];
    bytes[..32].copy_from_slice(&entry.hcp);
    bytes[32..34].copy_from_slice(&entry.eval.to_le_bytes());
    bytes[34..36].copy_from_slice(&entry.best_move16.to_le_bytes());
    bytes[36] = entry.game_result;
    bytes[37] = entry.dummy;
    bytes
}

/// The 40 bytes of a PSV entry: `sfen`, then `score`, `move`, `gamePly`
/// (little-endian), `game_result` and `padding`.
fn psv_bytes(entry: &PackedSfenValue) -> [u8; PackedSfenValue::SIZE] {
    let mut bytes = [0; PackedSfenValue::SIZE];
    bytes[..32].copy_from_slice(&entry.sfen);
    bytes[32..34].copy_from_slice(&entry.score.to_le_bytes());
    bytes[34..36].copy_from_slice(&entry.mv.to_le_bytes());
    bytes[36..38].copy_from_slice(&entry.game_ply.to_le_bytes());
    bytes[38] = entry.game_result.to_le_bytes()[0];
    bytes[39] = entry.padding;
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_packed_little_endian() {
        let hcpe = HuffmanCodedPosAndEval {
            hcp: [7; 32],
            eval: -2,
            best_move16: 0x1234,
            game_result: 2,
            dummy: 0,
        };
        let bytes = hcpe_bytes(&hcpe);
        assert_eq!(bytes[..32], [7; 32]);
        assert_eq!(bytes[32..], [0xfe, 0xff, 0x34, 0x12, 2, 0]);
        let psv = PackedSfenValue {
            sfen: [1; 32],
            score: 300,
            mv: 0xabcd,
            game_ply: 513,
            game_result: -1,
            padding: 0,
        };
        let bytes = psv_bytes(&psv);
        assert_eq!(bytes[32..], [0x2c, 0x01, 0xcd, 0xab, 0x01, 0x02, 0xff, 0]);
    }
}
