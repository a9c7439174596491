//! Step tables: for every point, where each kind of piece can step and
//! which point blocks it (horse leg, elephant eye), where attackers of the
//! point stand, and the four orthogonal rays. All computed at compile time
//! by `const fn`.

/// Up to eight steps from one point: the destination and the point that
/// must be empty for the step (the horse leg or the elephant eye; the
/// destination itself for pieces that cannot be blocked).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Steps {
    pub(crate) len: u8,
    pub(crate) to: [u8; 8],
    pub(crate) via: [u8; 8],
}

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        to: [0; 8],
        via: [0; 8],
    };

    const fn with(mut self, to: u8, via: u8) -> Steps {
        self.to[self.len as usize] = to;
        self.via[self.len as usize] = via;
        self.len += 1;
        self
    }

    /// The (destination, blocking point) pairs.
    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.to[..self.len as usize]
            .iter()
            .zip(&self.via[..self.len as usize])
            .map(|(&t, &v)| (t as usize, v as usize))
    }
}

/// The points from one point to the edge in one direction, nearest first.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Ray {
    pub(crate) len: u8,
    pub(crate) sq: [u8; 9],
}

impl Ray {
    /// The points, nearest first.
    #[inline]
    pub(crate) fn points(&self) -> &[u8] {
        &self.sq[..self.len as usize]
    }
}

/// North (towards Black), east (towards file i), south, west.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The index `df` files and `dr` ranks from `sq`, or -1 off the board.
const fn offset(sq: usize, df: i32, dr: i32) -> i32 {
    let f = (sq % 9) as i32 + df;
    let r = (sq / 9) as i32 + dr;
    if f >= 0 && f < 9 && r >= 0 && r < 10 {
        r * 9 + f
    } else {
        -1
    }
}

/// Whether `sq` is in a palace; 0 Red's, 1 Black's, -1 none.
const fn palace_of(sq: usize) -> i32 {
    let f = sq % 9;
    let r = sq / 9;
    if f < 3 || f > 5 {
        -1
    } else if r <= 2 {
        0
    } else if r >= 7 {
        1
    } else {
        -1
    }
}

const fn general_steps() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let p = palace_of(sq);
        let mut d = 0;
        while p >= 0 && d < 4 {
            let to = offset(sq, DIRECTIONS[d].0, DIRECTIONS[d].1);
            if to >= 0 && palace_of(to as usize) == p {
                t[sq] = t[sq].with(to as u8, to as u8);
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

const fn advisor_steps() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let p = palace_of(sq);
        let mut d = 0;
        while p >= 0 && d < 4 {
            let to = offset(sq, DIAGONALS[d].0, DIAGONALS[d].1);
            if to >= 0 && palace_of(to as usize) == p {
                t[sq] = t[sq].with(to as u8, to as u8);
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn elephant_steps() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONALS[d];
            let to = offset(sq, 2 * df, 2 * dr);
            if to >= 0 && (to as usize / 9 < 5) == (sq / 9 < 5) {
                let eye = offset(sq, df, dr);
                t[sq] = t[sq].with(to as u8, eye as u8);
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// The eight horse jumps as (first orthogonal step, full jump).
const HORSE_JUMPS: [((i32, i32), (i32, i32)); 8] = [
    ((0, 1), (-1, 2)),
    ((0, 1), (1, 2)),
    ((1, 0), (2, 1)),
    ((1, 0), (2, -1)),
    ((0, -1), (1, -2)),
    ((0, -1), (-1, -2)),
    ((-1, 0), (-2, -1)),
    ((-1, 0), (-2, 1)),
];

const fn horse_steps() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut j = 0;
        while j < 8 {
            let ((lf, lr), (jf, jr)) = HORSE_JUMPS[j];
            let to = offset(sq, jf, jr);
            if to >= 0 {
                let leg = offset(sq, lf, lr);
                t[sq] = t[sq].with(to as u8, leg as u8);
            }
            j += 1;
        }
        sq += 1;
    }
    t
}

/// For each point, the horses that attack it: (origin, leg).
const fn horse_attacks() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let steps = horse_steps();
    let mut from = 0;
    while from < 90 {
        let s = steps[from];
        let mut i = 0;
        while i < s.len as usize {
            let to = s.to[i] as usize;
            t[to] = t[to].with(from as u8, s.via[i]);
            i += 1;
        }
        from += 1;
    }
    t
}

/// Soldier steps of each colour: forward, and sideways once across the river.
const fn soldier_steps() -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let forward = if c == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 90 {
            let to = offset(sq, 0, forward);
            if to >= 0 {
                t[c][sq] = t[c][sq].with(to as u8, to as u8);
            }
            let crossed = if c == 0 { sq / 9 >= 5 } else { sq / 9 <= 4 };
            if crossed {
                let mut side = -1;
                while side <= 1 {
                    let to = offset(sq, side, 0);
                    if to >= 0 {
                        t[c][sq] = t[c][sq].with(to as u8, to as u8);
                    }
                    side += 2;
                }
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

/// For each colour and point, the soldiers of that colour that attack the point.
const fn soldier_attacks() -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let steps = soldier_steps();
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let s = steps[c][from];
            let mut i = 0;
            while i < s.len as usize {
                let to = s.to[i] as usize;
                t[c][to] = t[c][to].with(from as u8, from as u8);
                i += 1;
            }
            from += 1;
        }
        c += 1;
    }
    t
}

const fn rays() -> [[Ray; 4]; 90] {
    let mut t = [[Ray { len: 0, sq: [0; 9] }; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let mut cur = offset(sq, DIRECTIONS[d].0, DIRECTIONS[d].1);
            while cur >= 0 {
                let r = &mut t[sq][d];
                r.sq[r.len as usize] = cur as u8;
                r.len += 1;
                cur = offset(cur as usize, DIRECTIONS[d].0, DIRECTIONS[d].1);
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// General steps inside the palace of the point.
pub(crate) static GENERAL: [Steps; 90] = general_steps();
/// Advisor steps inside the palace of the point.
pub(crate) static ADVISOR: [Steps; 90] = advisor_steps();
/// Elephant steps on the point's side of the river, with the eye.
pub(crate) static ELEPHANT: [Steps; 90] = elephant_steps();
/// Horse jumps with the leg.
pub(crate) static HORSE: [Steps; 90] = horse_steps();
/// Horses attacking the point, with their leg.
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = horse_attacks();
/// Soldier steps by colour.
pub(crate) static SOLDIER: [[Steps; 90]; 2] = soldier_steps();
/// Soldiers of a colour attacking the point.
pub(crate) static SOLDIER_ATTACKERS: [[Steps; 90]; 2] = soldier_attacks();
/// The four orthogonal rays (north, east, south, west).
pub(crate) static RAYS: [[Ray; 4]; 90] = rays();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes() {
        // Red palace centre e1 = 13: four general steps and four advisor steps.
        assert_eq!(GENERAL[13].len, 4);
        assert_eq!(ADVISOR[13].len, 4);
        // Corner d0 = 3: advisor to e1 only.
        assert_eq!(ADVISOR[3].iter().collect::<Vec<_>>(), vec![(13, 13)]);
        // Elephant on c4 = 38 stays on Red's side: a2 and e2.
        assert_eq!(ELEPHANT[38].len, 2);
        // Horse in a corner: two jumps; in the middle: eight.
        assert_eq!(HORSE[0].len, 2);
        assert_eq!(HORSE[40].len, 8);
        // A Red soldier on e5 (crossed) has three steps; on e3 one.
        assert_eq!(SOLDIER[0][49].len, 3);
        assert_eq!(SOLDIER[0][31].len, 1);
        assert_eq!(SOLDIER[1][85].len, 1);
        assert_eq!(RAYS[0][0].len, 9);
        assert_eq!(RAYS[0][1].len, 8);
    }
}
