//! Zobrist keys: a 64-bit hash of the board and the side to move.
//!
//! One random key per (colour, role, point), XORed in for each piece, and
//! one XORed in when Black is to move. The keys come from a fixed
//! splitmix64 sequence, so they are the same in every build.

use crate::{Color, Role};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    board: [[[u64; 90]; 7]; 2],
    black: u64,
}

const fn make_keys() -> Keys {
    let mut keys = Keys {
        board: [[[0; 90]; 7]; 2],
        black: 0,
    };
    let mut state = 0x5849_414e_4751_u64;
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 7 {
            let mut s = 0;
            while s < 90 {
                let (next, key) = splitmix(state);
                state = next;
                keys.board[c][r][s] = key;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    let (_, key) = splitmix(state);
    keys.black = key;
    keys
}

static KEYS: Keys = make_keys();

/// Key of a piece of `color` and `role` on the point with index `sq` (0–89).
#[inline]
pub(crate) fn piece_key(color: Color, role: Role, sq: usize) -> u64 {
    KEYS.board[color.index()][role.index()]
        .get(sq)
        .copied()
        .unwrap_or(0)
}

/// Key XORed in when Black is to move.
#[inline]
pub(crate) fn black_key() -> u64 {
    KEYS.black
}
