//! Training data formats shared by shogi programs: HuffmanCodedPos (HCP,
//! 32 bytes) and HuffmanCodedPosAndEval (HCPE, 38 bytes), PackedSfen
//! (32 bytes) and PackedSfenValue (PSV, 40 bytes), and 16-bit move codes
//! (move16), byte for byte as cshogi 1.1.0 writes them (and so as Apery,
//! dlshogi and YaneuraOu files hold them). `docs/formats.md` describes the
//! bit layouts and code tables.
//!
//! Decoding checks everything it reads: a code that is no piece, a code
//! that runs past the 256th bit, a king square off the board, piece counts
//! other than the set's, a position the rules refuse (the checks of
//! [`Position::from_sfen`]) are [`PackError`]s, never a panic.
//!
//! # What the formats hold
//!
//! - Both kings, always: a position without a king of a side, or with two,
//!   is [`PackError::Kings`] (cshogi writes square 81 for a missing king,
//!   which overflows the 256 bits by a bit; such bytes are refused).
//! - At most the standard set (18 pawns, 4 lances, knights, silvers and
//!   golds, 2 bishops and rooks): more is [`PackError::PieceCount`].
//!   Fewer is held: the pieces of the set that are nowhere are written with
//!   codes of their own (the piece box), as cshogi does, so that a full
//!   256 bits are always used. A decoder reads exactly the set: fewer or
//!   more pieces, box included, is [`PackError::PieceCount`], and as every
//!   bit belongs to a code there are no spare bits to check.
//! - No move number: a decoded position has move number 1 (as cshogi's);
//!   [`PackedSfenValue::game_ply`] carries the ply beside the position.
//! - Hand pieces and box pieces are accepted in any order; the encoders
//!   write cshogi's (Sente's hand, Gote's hand, the box, each P L N S G B
//!   R), so a position re-encodes to the bytes cshogi writes for it.
//!
//! ```
//! use shogi_rules::Position;
//!
//! let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")?;
//! let hcp = pos.to_hcp()?;
//! let back = Position::from_hcp(&hcp)?;
//! assert_eq!(back.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1");
//! let m = back.parse_usi_move("3c3d")?;
//! assert_eq!(m.to_move16(), 0x0a15);
//! assert_eq!(back.move_from_move16(0x0a15)?, m);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
mod codes;
mod entries;
mod move16;
mod pack;

pub use entries::{HuffmanCodedPosAndEval, PackedSfenValue, hcpe_entries, psv_entries};

use crate::{Color, Move, Position, Role, SetupError};

/// Why packed bytes are no position, a position cannot be packed, or a
/// move16 is no move of a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackError {
    /// The bits are no valid code.
    #[error("bad code at bit {bit}")]
    BadCode {
        /// The bit where the code starts.
        bit: usize,
    },
    /// A code runs past the 256th bit.
    #[error("the code at bit {bit} runs past the end")]
    Truncated {
        /// The bit where the code starts.
        bit: usize,
    },
    /// A king's square is off the board (81 or more) or the other king's.
    #[error("{color}'s king is on square {value}, not a free square of the board")]
    KingSquare {
        /// The king's side.
        color: Color,
        /// The square index read (7 bits).
        value: u8,
    },
    /// A side has no king or more than one (to encode).
    #[error("{color} has {count} kings; the format holds exactly one")]
    Kings {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// The number of pieces of a kind (board, hands and, in packed bytes,
    /// the box) is not the set's: above it to encode, other than it to decode.
    #[error("there are {count} pieces of kind {role:?}; the format holds {expected}")]
    PieceCount {
        /// The unpromoted kind.
        role: Role,
        /// How many there are.
        count: u32,
        /// How many the set has.
        expected: u8,
    },
    /// The decoded position breaks a setup rule (the first problem found).
    #[error("{0}")]
    Setup(#[source] SetupError),
    /// The move16 is no legal move of the position.
    #[error("move16 {move16:#06x} is no legal move of the position")]
    NoSuchMove {
        /// The code.
        move16: u16,
    },
    /// A buffer of entries whose length is no multiple of the entry size.
    #[error("{len} bytes are no whole number of {entry_size}-byte entries")]
    Length {
        /// The buffer's length.
        len: usize,
        /// The entry's size.
        entry_size: usize,
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
        pack::encode(self, &codes::HCP)
    }

    /// The position of a HuffmanCodedPos (HCP), move number 1.
    ///
    /// # Errors
    ///
    /// [`PackError`] when the bytes are no position.
    pub fn from_hcp(bytes: &[u8; 32]) -> Result<Position, PackError> {
        pack::decode(bytes, &codes::HCP_TABLE)
    }

    /// The position as a PackedSfen: 32 bytes.
    ///
    /// # Errors
    ///
    /// [`PackError`] when the format cannot hold the position (a king
    /// missing, more pieces than a set has).
    pub fn to_packed_sfen(&self) -> Result<[u8; 32], PackError> {
        pack::encode(self, &codes::PACKED_SFEN)
    }

    /// The position of a PackedSfen, move number 1.
    ///
    /// # Errors
    ///
    /// [`PackError`] when the bytes are no position.
    pub fn from_packed_sfen(bytes: &[u8; 32]) -> Result<Position, PackError> {
        pack::decode(bytes, &codes::PACKED_SFEN_TABLE)
    }

    /// The legal move of this position that `move16` encodes.
    ///
    /// # Errors
    ///
    /// [`PackError::NoSuchMove`] when it encodes no legal move here.
    pub fn move_from_move16(&self, move16: u16) -> Result<Move, PackError> {
        move16::move_from_move16(self, move16)
    }
}

impl Move {
    /// The move's 16-bit code (move16).
    #[must_use]
    pub fn to_move16(self) -> u16 {
        move16::to_move16(self)
    }
}
