//! The training formats against cshogi 1.1.0's output:
//! `tests/data/training/cshogi-oracle.txt`, written by
//! `scripts/training-oracle.py` (its documentation describes the lines).
//!
//! For every position of the file (replayed from its sequence's start with
//! the moves the file lists, each of which must be legal here): our HCP and
//! PackedSfen bytes are cshogi's (compared in full on `f`/`e` lines, by
//! FNV-1a hash on the others), the move's move16 is cshogi's, the move16
//! decodes back to the move, and cshogi's bytes (or ours, equal to them)
//! decode to the position with move number 1.

use shogi_rules::Position;

fn fnv32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

fn hex32(text: &str) -> [u8; 32] {
    assert_eq!(text.len(), 64, "{text}");
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

/// The SFEN of `pos` with move number 1, as the decoders give it.
fn at_move_one(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    let cut = sfen.rfind(' ').unwrap();
    format!("{} 1", &sfen[..cut])
}

fn check_position(pos: &Position, fields: &[&str], line: usize) {
    let hcp = pos.to_hcp().unwrap_or_else(|e| panic!("line {line}: {e}"));
    let psfen = pos
        .to_packed_sfen()
        .unwrap_or_else(|e| panic!("line {line}: {e}"));
    let (their_hcp, their_psfen) = match fields {
        [hash] => {
            let ours = [hcp, psfen].concat();
            assert_eq!(
                format!("{:08x}", fnv32(&ours)),
                *hash,
                "line {line}: {} hcp {} psfen {}",
                pos.to_sfen(),
                hex(&hcp),
                hex(&psfen)
            );
            (hcp, psfen)
        }
        [h, p] => (hex32(h), hex32(p)),
        _ => panic!("line {line}: fields {fields:?}"),
    };
    assert_eq!(
        hex(&hcp),
        hex(&their_hcp),
        "line {line}: HCP of {}",
        pos.to_sfen()
    );
    assert_eq!(
        hex(&psfen),
        hex(&their_psfen),
        "line {line}: PackedSfen of {}",
        pos.to_sfen()
    );
    let want = at_move_one(pos);
    let from_hcp = Position::from_hcp(&their_hcp).unwrap_or_else(|e| panic!("line {line}: {e}"));
    assert_eq!(from_hcp.to_sfen(), want, "line {line}");
    let from_psfen =
        Position::from_packed_sfen(&their_psfen).unwrap_or_else(|e| panic!("line {line}: {e}"));
    assert_eq!(from_psfen.to_sfen(), want, "line {line}");
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn bytes_and_moves_are_cshogis() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/training/cshogi-oracle.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut pos: Option<Position> = None;
    let (mut positions, mut sequences, mut full) = (0, 0, 0);
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let fields: Vec<&str> = line.split(' ').collect();
        match fields[0] {
            "#" => {}
            "s" => {
                let sfen = fields[1..].join(" ");
                pos = Some(Position::from_sfen(&sfen).unwrap_or_else(|e| panic!("line {n}: {e}")));
                sequences += 1;
            }
            "m" | "f" => {
                let p = pos.as_mut().expect("a position");
                check_position(p, &fields[3..], n);
                let m = p
                    .parse_usi_move(fields[1])
                    .unwrap_or_else(|e| panic!("line {n}: {e}"));
                let want = u16::from_str_radix(fields[2], 16).unwrap();
                assert_eq!(m.to_move16(), want, "line {n}: move16 of {m}");
                assert_eq!(p.move_from_move16(want), Ok(m), "line {n}");
                p.play(m).unwrap();
                positions += 1;
                full += usize::from(fields[0] == "f");
            }
            "e" => {
                let p = pos.take().expect("a position");
                assert!(p.legal_moves().is_empty(), "line {n}");
                check_position(&p, &fields[1..], n);
                positions += 1;
                full += usize::from(fields.len() == 3);
            }
            other => panic!("line {n}: unknown line kind {other}"),
        }
    }
    assert!(positions >= 100_000, "{positions} positions");
    assert!(
        sequences >= 10_000 && full >= 2_000,
        "{sequences} sequences, {full} in full"
    );
}
