//! Zobrist keys: a 64-bit hash of board, hands and side to move.
//!
//! Board squares use one random key per (colour, role, square). Hands use one
//! random key per (colour, hand role) that is *added* once per piece held, so a
//! hand of any size has a key and gaining or losing a piece is one addition or
//! subtraction. The side to move is XORed in when it is Gote.

use crate::{Color, Role, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    board: [[[u64; 81]; 14]; 2],
    hand: [[u64; 7]; 2],
    gote: u64,
}

const fn make_keys() -> Keys {
    let mut keys = Keys {
        board: [[[0; 81]; 14]; 2],
        hand: [[0; 7]; 2],
        gote: 0,
    };
    let mut state = 0x5348_4f47_4921_u64;
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 14 {
            let mut s = 0;
            while s < 81 {
                let (next, key) = splitmix(state);
                state = next;
                keys.board[c][r][s] = key;
                s += 1;
            }
            r += 1;
        }
        let mut h = 0;
        while h < 7 {
            let (next, key) = splitmix(state);
            state = next;
            keys.hand[c][h] = key;
            h += 1;
        }
        c += 1;
    }
    let (_, key) = splitmix(state);
    keys.gote = key;
    keys
}

static KEYS: Keys = make_keys();

/// Key of a piece of `color` and `role` standing on `sq`.
#[inline]
pub(crate) fn board_key(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.board[color.index()][role.index()][sq.index()]
}

/// Key added for each piece of `role` (a hand role) that `color` holds.
#[inline]
pub(crate) fn hand_key(color: Color, role: Role) -> u64 {
    KEYS.hand[color.index()][role.index()]
}

/// Key XORed in when Gote is to move.
#[inline]
pub(crate) fn gote_key() -> u64 {
    KEYS.gote
}
