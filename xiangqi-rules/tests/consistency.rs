//! Consistency over random games: the move generator and the single-move
//! check agree on every pair of points, keys match positions rebuilt from
//! FEN, undo restores, and no text makes the FEN reader panic.

use xiangqi_rules::{IccsMove, Position, Setup, Square};

/// xorshift64*: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn generator_and_single_move_check_agree_over_random_games() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut positions = 0;
    for _game in 0..12 {
        let mut pos = Position::startpos();
        for _ply in 0..120 {
            let moves = pos.legal_moves();
            assert_eq!(moves.len() as u64, pos.count_legal_moves());
            for from in Square::all() {
                for to in Square::all() {
                    let mv = IccsMove { from, to };
                    let generated = moves.iter().find(|m| m.iccs() == mv);
                    match (pos.to_move(mv), generated) {
                        (Ok(m), Some(g)) => assert_eq!(m, *g),
                        (Err(_), None) => {}
                        (ok, generated) => panic!(
                            "{}: {mv}: single-move check {ok:?}, generator {generated:?}",
                            pos.to_fen()
                        ),
                    }
                }
            }
            // The key depends on the board and the side to move only.
            let rebuilt = Position::from_fen(&pos.to_fen()).expect("own FEN reads back");
            assert_eq!(rebuilt, pos);
            assert_eq!(rebuilt.zobrist(), pos.zobrist());
            positions += 1;
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let before = pos.clone();
            pos.play(m).expect("a generated move is legal");
            let mut back = pos.clone();
            back.undo(m);
            assert!(back.same_position(&before));
            assert_eq!(back.zobrist(), before.zobrist());
        }
    }
    assert!(positions > 500);
}

#[test]
fn the_fen_reader_never_panics() {
    let mut rng = Rng(0xfeed_beef_cafe_f00d);
    let alphabet: Vec<char> = "rnbakcpRNBAKCPEHeh0123456789/ -wbrx\u{4e2d}\u{3000}"
        .chars()
        .collect();
    let start = Position::startpos().to_fen();
    for _ in 0..20_000 {
        // Random text, and the start FEN with a few characters changed.
        let text: String = if rng.below(2) == 0 {
            (0..rng.below(80))
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect()
        } else {
            let mut chars: Vec<char> = start.chars().collect();
            for _ in 0..=rng.below(3) {
                let i = rng.below(chars.len());
                chars[i] = alphabet[rng.below(alphabet.len())];
            }
            chars.into_iter().collect()
        };
        if let Ok(pos) = Position::from_fen(&text) {
            let _ = pos.legal_moves();
        }
        let _ = Setup::from_fen(&text);
    }
}
