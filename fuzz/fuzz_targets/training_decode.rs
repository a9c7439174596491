//! Fuzz target `training_decode`: the first 32 bytes of the input (zero-padded) decoded as a
//! HuffmanCodedPos and as a PackedSfen never panic, and every position that decodes re-encodes
//! to bytes that decode to the same position, which re-encode to the same bytes; a move16 from
//! the next two bytes resolves against such a position or fails, never panics.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_rules::training::PackError;
use shogi_rules::Position;

type Decode = fn(&[u8; 32]) -> Result<Position, PackError>;
type Encode = fn(&Position) -> Result<[u8; 32], PackError>;

fuzz_target!(|data: &[u8]| {
    let mut bytes = [0u8; 32];
    let n = data.len().min(32);
    bytes[..n].copy_from_slice(&data[..n]);
    let move16 = match data.get(32..34) {
        Some(&[a, b]) => u16::from_le_bytes([a, b]),
        _ => 0,
    };
    let formats: [(Decode, Encode); 2] = [
        (Position::from_hcp, Position::to_hcp),
        (Position::from_packed_sfen, Position::to_packed_sfen),
    ];
    for (decode, encode) in formats {
        let Ok(pos) = decode(&bytes) else {
            continue;
        };
        let again = encode(&pos).expect("a decoded position encodes");
        let back = decode(&again).expect("encoded bytes decode");
        assert_eq!(back, pos, "{bytes:02x?} -> {again:02x?}");
        assert_eq!(encode(&back).expect("encodes"), again);
        if let Ok(m) = pos.move_from_move16(move16) {
            assert_eq!(m.to_move16(), move16);
        }
    }
});
