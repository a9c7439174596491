//! The legal moves that give check, generated without the quiet moves, and
//! the one-ply mate test built on them.

use shogi_rules::attacks::{
    attacks, between, bishop_attacks, king_attacks, lance_attacks, line, rook_attacks,
};
use shogi_rules::{Bitboard, Move, Position, Role, Square};

/// Appends to `out` every legal move of the side to move that gives check
/// (each once, in every legal promotion form).
///
/// Candidates are drops on the squares from which the dropped piece attacks
/// the enemy king, board moves to the squares from which the moved (or
/// promoted) piece attacks it, and every move of a piece that alone stands
/// between one of its own sliders and the enemy king (a discovered check).
/// Each candidate is confirmed legal by [`Position::is_legal`], which also
/// refuses a pawn drop that would checkmate (uchifuzume).
pub(crate) fn checking_moves(pos: &Position, out: &mut Vec<Move>) {
    candidates(pos, |m| {
        if pos.is_legal(m) {
            out.push(m);
        }
        false
    });
}

/// Calls `f` with every move of the side to move that gives check if it is
/// legal, each once, until `f` returns `true`; the legality test is left to
/// the caller.
fn candidates(pos: &Position, mut f: impl FnMut(Move) -> bool) {
    let us = pos.turn();
    let them = us.opposite();
    let Some(king) = pos.king_of(them) else {
        return;
    };
    let occupied = pos.occupied();
    let own = pos.by_color(us);
    let discoverers = discoverers(pos, king);
    // A king is never captured: the enemy king's square is no destination.
    let blocked = own | pos.by_role(Role::King);

    // Drops: the squares a piece of the same role on the king's square would
    // attack if it belonged to the defender.
    let hand = pos.hand(us);
    if !hand.is_empty() {
        let empty = !occupied;
        for role in Role::HAND {
            if hand.get(role) == 0 {
                continue;
            }
            for to in attacks(them, role, king, occupied) & empty {
                if f(Move::drop(role, to)) {
                    return;
                }
            }
        }
    }

    for from in own {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let role = piece.role;
        let targets = attacks(us, role, from, occupied) - blocked;
        if targets.is_empty() {
            continue;
        }
        let from_bb = Bitboard::from_square(from);
        let without = occupied ^ from_bb;
        if discoverers.contains(from) {
            // Any move off the line to the king uncovers a check; a move
            // along it checks only if the piece itself attacks the king.
            let ray = line(king, from);
            for to in targets {
                for promote in promotion_forms(pos, role, from, to) {
                    let after = if promote { promoted(role) } else { role };
                    let gives = !ray.contains(to)
                        || attacks(us, after, to, without | Bitboard::from_square(to))
                            .contains(king);
                    if gives && f(Move::normal(role, from, to, role_at(pos, to), promote)) {
                        return;
                    }
                }
            }
            continue;
        }
        if role == Role::King || !within_reach(role, from, king) {
            continue;
        }
        // Direct checks: destinations from which the piece, as it stands
        // after the move, attacks the king.
        let plain = targets & attacks(them, role, king, without);
        for to in plain {
            if !dead_square(us, role, to)
                && f(Move::normal(role, from, to, role_at(pos, to), false))
            {
                return;
            }
        }
        if let Some(up) = role.promote() {
            let zone_ok = if from.in_zone(us) {
                targets
            } else {
                targets & Bitboard::zone(us)
            };
            for to in zone_ok & attacks(them, up, king, without) {
                if f(Move::normal(role, from, to, role_at(pos, to), true)) {
                    return;
                }
            }
        }
    }
}

/// Whether a piece of `role` on `from` could give a direct check in one
/// move to the king on `king`: a stepping piece must stand within two
/// squares of it, a knight within two files and four ranks, a lance within
/// one file (it checks along its file, or promotes next to the king);
/// sliders may stand anywhere.
fn within_reach(role: Role, from: Square, king: Square) -> bool {
    let files = from.file().abs_diff(king.file());
    let ranks = from.rank().abs_diff(king.rank());
    match role {
        Role::Rook | Role::Bishop | Role::Horse | Role::Dragon => true,
        Role::Knight => files <= 2 && ranks <= 4,
        Role::Lance => files <= 1,
        _ => files <= 2 && ranks <= 2,
    }
}

/// The role on `sq`, if any.
fn role_at(pos: &Position, sq: Square) -> Option<Role> {
    pos.piece_at(sq).map(|p| p.role)
}

/// The promoted form of `role` (itself if it has none).
fn promoted(role: Role) -> Role {
    role.promote().unwrap_or(role)
}

/// Whether an unpromoted `role` of `color` could never move from `to`.
fn dead_square(color: shogi_rules::Color, role: Role, to: Square) -> bool {
    let rank = to.relative_rank(color);
    match role {
        Role::Pawn | Role::Lance => rank == 1,
        Role::Knight => rank <= 2,
        _ => false,
    }
}

/// The promotion choices (`false`: stay, `true`: promote) a board move of
/// `role` from `from` to `to` may take, before the test of the king's safety.
fn promotion_forms(
    pos: &Position,
    role: Role,
    from: Square,
    to: Square,
) -> impl Iterator<Item = bool> {
    let us = pos.turn();
    let plain = !dead_square(us, role, to);
    let up = role.can_promote() && (from.in_zone(us) || to.in_zone(us));
    [(plain, false), (up, true)]
        .into_iter()
        .filter_map(|(ok, promote)| ok.then_some(promote))
}

/// The side to move's pieces that alone stand between one of its own
/// sliders and the enemy king on `king`: moving one off that line gives
/// check.
fn discoverers(pos: &Position, king: Square) -> Bitboard {
    let us = pos.turn();
    let them = us.opposite();
    let own = pos.by_color(us);
    let occupied = pos.occupied();
    let rooks = pos.by_role(Role::Rook) | pos.by_role(Role::Dragon);
    let bishops = pos.by_role(Role::Bishop) | pos.by_role(Role::Horse);
    let snipers = ((rook_attacks(king, Bitboard::EMPTY) & rooks)
        | (bishop_attacks(king, Bitboard::EMPTY) & bishops)
        | (lance_attacks(them, king, Bitboard::EMPTY) & pos.by_role(Role::Lance)))
        & own;
    let mut found = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if blockers.count() == 1 {
            found |= blockers & own;
        }
    }
    found
}

/// The king's neighbours where it could stand after any check that
/// neither moves nor drops onto them, nor opens a line to them: not its own
/// pieces' squares, and not attacked by the attacker's pieces now (with the
/// king off the board, so that a slider's line runs through its square).
fn free_squares(pos: &Position, king: Square) -> Bitboard {
    let us = pos.turn();
    let them = us.opposite();
    let without_king = pos.occupied() ^ Bitboard::from_square(king);
    let mut free = Bitboard::EMPTY;
    for sq in king_attacks(king) - pos.by_color(them) {
        if pos.attackers_to(sq, us, without_king).is_empty() {
            free.insert(sq);
        }
    }
    free
}

/// Whether the king surely has a safe square after `m`, given the squares
/// [`free_squares`] found: a free square the moved piece does not attack
/// and that is on no line through the squares the move empties. A `true`
/// proves `m` does not mate; a `false` proves nothing.
fn escapes(pos: &Position, king: Square, free: Bitboard, m: Move) -> bool {
    if free.is_empty() {
        return false;
    }
    let us = pos.turn();
    let to = m.to();
    let mut occupied = pos.occupied() ^ Bitboard::from_square(king);
    let mut unsafe_squares = Bitboard::from_square(to);
    if let Some(from) = m.from() {
        occupied ^= Bitboard::from_square(from);
        unsafe_squares |=
            rook_attacks(from, Bitboard::EMPTY) | bishop_attacks(from, Bitboard::EMPTY);
        if m.is_capture() {
            unsafe_squares |=
                rook_attacks(to, Bitboard::EMPTY) | bishop_attacks(to, Bitboard::EMPTY);
        }
    }
    occupied |= Bitboard::from_square(to);
    unsafe_squares |= attacks(us, m.role_after(), to, occupied);
    (free - unsafe_squares).any()
}

/// A move of the side to move that checkmates at once, with `work` equal
/// to the position to test (it is left as it was).
pub(crate) fn mate_in_one_with(work: &mut Position) -> Option<Move> {
    let pos = work.clone();
    mate_in_one_at(&pos, work)
}

/// A move of the side to move in `pos` that checkmates at once, played on
/// `work`, which equals `pos` and is left as it was.
pub(crate) fn mate_in_one_at(pos: &Position, work: &mut Position) -> Option<Move> {
    let king = pos.king_of(pos.turn().opposite())?;
    // Found at the first candidate: most positions have none.
    let mut free = None;
    let mut found = None;
    candidates(pos, |m| {
        let free = *free.get_or_insert_with(|| free_squares(pos, king));
        if escapes(pos, king, free, m) || !pos.is_legal(m) {
            return false;
        }
        work.play_unchecked(m);
        let mate = !work.has_legal_moves();
        work.undo(m);
        if mate {
            found = Some(m);
        }
        mate
    });
    found
}
