//! The fixed-size training entries: HCPE (38 bytes) and PSV (40 bytes),
//! little-endian and without padding between fields, as cshogi's NumPy
//! dtypes `HuffmanCodedPosAndEval` and `PackedSfenValue` lay them out.

use super::PackError;

/// A HuffmanCodedPosAndEval (HCPE) entry: 38 bytes.
///
/// Bytes 0–31 `hcp`, 32–33 `eval` (i16), 34–35 `best_move16`, 36
/// `game_result`, 37 `dummy`. cshogi's dtype names the fields `hcp`,
/// `eval`, `bestMove16` (declared `<i2`: the same bytes) and `gameResult`
/// (declared `i1`: the same bytes).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HuffmanCodedPosAndEval {
    /// The position, as [`Position::to_hcp`](crate::Position::to_hcp) writes it.
    pub hcp: [u8; 32],
    /// The evaluation from the side to move's point of view.
    pub eval: i16,
    /// The move played or best move, as [`Move::to_move16`](crate::Move::to_move16) writes it.
    pub best_move16: u16,
    /// The game's result: 0 draw, 1 Sente won, 2 Gote won.
    pub game_result: u8,
    /// Padding, written as 0.
    pub dummy: u8,
}

impl HuffmanCodedPosAndEval {
    /// The entry's size in bytes.
    pub const SIZE: usize = 38;

    /// The entry's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut out = [0u8; Self::SIZE];
        out[..32].copy_from_slice(&self.hcp);
        out[32..34].copy_from_slice(&self.eval.to_le_bytes());
        out[34..36].copy_from_slice(&self.best_move16.to_le_bytes());
        out[36] = self.game_result;
        out[37] = self.dummy;
        out
    }

    /// The entry of `bytes`; the position is not decoded (see
    /// [`Position::from_hcp`](crate::Position::from_hcp)).
    #[must_use]
    pub fn from_bytes(bytes: &[u8; Self::SIZE]) -> HuffmanCodedPosAndEval {
        let mut hcp = [0u8; 32];
        hcp.copy_from_slice(&bytes[..32]);
        HuffmanCodedPosAndEval {
            hcp,
            eval: i16::from_le_bytes([bytes[32], bytes[33]]),
            best_move16: u16::from_le_bytes([bytes[34], bytes[35]]),
            game_result: bytes[36],
            dummy: bytes[37],
        }
    }
}

/// A PackedSfenValue (PSV) entry: 40 bytes.
///
/// Bytes 0–31 `sfen`, 32–33 `score` (i16), 34–35 `mv` (cshogi's `move`),
/// 36–37 `game_ply`, 38 `game_result` (i8), 39 `padding`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PackedSfenValue {
    /// The position, as [`Position::to_packed_sfen`](crate::Position::to_packed_sfen) writes it.
    pub sfen: [u8; 32],
    /// The evaluation from the side to move's point of view.
    pub score: i16,
    /// The move played, as [`Move::to_move16`](crate::Move::to_move16) writes it.
    pub mv: u16,
    /// The ply number of the position in its game.
    pub game_ply: u16,
    /// The game's result for the side to move: 1 won, -1 lost, 0 drawn.
    pub game_result: i8,
    /// Padding, written as 0.
    pub padding: u8,
}

impl PackedSfenValue {
    /// The entry's size in bytes.
    pub const SIZE: usize = 40;

    /// The entry's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let mut out = [0u8; Self::SIZE];
        out[..32].copy_from_slice(&self.sfen);
        out[32..34].copy_from_slice(&self.score.to_le_bytes());
        out[34..36].copy_from_slice(&self.mv.to_le_bytes());
        out[36..38].copy_from_slice(&self.game_ply.to_le_bytes());
        out[38] = self.game_result.to_le_bytes()[0];
        out[39] = self.padding;
        out
    }

    /// The entry of `bytes`; the position is not decoded (see
    /// [`Position::from_packed_sfen`](crate::Position::from_packed_sfen)).
    #[must_use]
    pub fn from_bytes(bytes: &[u8; Self::SIZE]) -> PackedSfenValue {
        let mut sfen = [0u8; 32];
        sfen.copy_from_slice(&bytes[..32]);
        PackedSfenValue {
            sfen,
            score: i16::from_le_bytes([bytes[32], bytes[33]]),
            mv: u16::from_le_bytes([bytes[34], bytes[35]]),
            game_ply: u16::from_le_bytes([bytes[36], bytes[37]]),
            game_result: i8::from_le_bytes([bytes[38]]),
            padding: bytes[39],
        }
    }
}

/// The entries of a whole buffer of `SIZE`-byte entries.
fn entries<const SIZE: usize, T>(
    bytes: &[u8],
    read: impl Fn(&[u8; SIZE]) -> T,
) -> Result<Vec<T>, PackError> {
    let chunks = bytes.chunks_exact(SIZE);
    if !chunks.remainder().is_empty() {
        return Err(PackError::Length {
            len: bytes.len(),
            entry_size: SIZE,
        });
    }
    Ok(chunks
        .filter_map(|chunk| <&[u8; SIZE]>::try_from(chunk).ok())
        .map(read)
        .collect())
}

/// The HCPE entries of a buffer (a `.hcpe` file's bytes).
///
/// # Errors
///
/// [`PackError::Length`] when the length is no multiple of 38.
pub fn hcpe_entries(bytes: &[u8]) -> Result<Vec<HuffmanCodedPosAndEval>, PackError> {
    entries(bytes, HuffmanCodedPosAndEval::from_bytes)
}

/// The PSV entries of a buffer (a `.bin` file of PackedSfenValue).
///
/// # Errors
///
/// [`PackError::Length`] when the length is no multiple of 40.
pub fn psv_entries(bytes: &[u8]) -> Result<Vec<PackedSfenValue>, PackError> {
    entries(bytes, PackedSfenValue::from_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_little_endian_and_packed() {
        let e = HuffmanCodedPosAndEval {
            hcp: [7; 32],
            eval: -2,
            best_move16: 0x1234,
            game_result: 2,
            dummy: 0,
        };
        let bytes = e.to_bytes();
        assert_eq!(&bytes[32..], &[0xfe, 0xff, 0x34, 0x12, 2, 0]);
        assert_eq!(HuffmanCodedPosAndEval::from_bytes(&bytes), e);
        let v = PackedSfenValue {
            sfen: [1; 32],
            score: 300,
            mv: 0xabcd,
            game_ply: 258,
            game_result: -1,
            padding: 0,
        };
        let bytes = v.to_bytes();
        assert_eq!(&bytes[32..], &[0x2c, 0x01, 0xcd, 0xab, 2, 1, 0xff, 0]);
        assert_eq!(PackedSfenValue::from_bytes(&bytes), v);
    }

    #[test]
    fn buffers_split_into_whole_entries_only() {
        let mut buf = Vec::new();
        for i in 0..3u8 {
            let mut e = PackedSfenValue::from_bytes(&[0; 40]);
            e.game_ply = u16::from(i);
            buf.extend_from_slice(&e.to_bytes());
        }
        let got = psv_entries(&buf).unwrap();
        assert_eq!(
            got.iter().map(|e| e.game_ply).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        assert_eq!(
            psv_entries(&buf[..39]),
            Err(PackError::Length {
                len: 39,
                entry_size: 40
            })
        );
        assert_eq!(hcpe_entries(&[0; 76]).unwrap().len(), 2);
        assert!(hcpe_entries(&[]).unwrap().is_empty());
    }
}
