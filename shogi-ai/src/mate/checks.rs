//! The legal moves that give check, generated without the quiet moves, and
//! the one-ply mate test built on them.

use shogi_rules::attacks::{attacks, between, bishop_attacks, lance_attacks, line, rook_attacks};
use shogi_rules::{Bitboard, Move, Position, Role};

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
                let m = Move::drop(role, to);
                if pos.is_legal(m) {
                    out.push(m);
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
                    if gives {
                        push_if_legal(
                            pos,
                            out,
                            Move::normal(role, from, to, role_at(pos, to), promote),
                        );
                    }
                }
            }
            continue;
        }
        if role == Role::King {
            continue;
        }
        // Direct checks: destinations from which the piece, as it stands
        // after the move, attacks the king.
        let plain = targets & attacks(them, role, king, without);
        for to in plain {
            if !dead_square(us, role, to) {
                push_if_legal(
                    pos,
                    out,
                    Move::normal(role, from, to, role_at(pos, to), false),
                );
            }
        }
        if let Some(up) = role.promote() {
            let zone_ok = if from.in_zone(us) {
                targets
            } else {
                targets & Bitboard::zone(us)
            };
            for to in zone_ok & attacks(them, up, king, without) {
                push_if_legal(
                    pos,
                    out,
                    Move::normal(role, from, to, role_at(pos, to), true),
                );
            }
        }
    }
}

/// The role on `sq`, if any.
fn role_at(pos: &Position, sq: shogi_rules::Square) -> Option<Role> {
    pos.piece_at(sq).map(|p| p.role)
}

/// The promoted form of `role` (itself if it has none).
fn promoted(role: Role) -> Role {
    role.promote().unwrap_or(role)
}

/// Whether an unpromoted `role` of `color` could never move from `to`.
fn dead_square(color: shogi_rules::Color, role: Role, to: shogi_rules::Square) -> bool {
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
    from: shogi_rules::Square,
    to: shogi_rules::Square,
) -> impl Iterator<Item = bool> {
    let us = pos.turn();
    let plain = !dead_square(us, role, to);
    let up = role.can_promote() && (from.in_zone(us) || to.in_zone(us));
    [(plain, false), (up, true)]
        .into_iter()
        .filter_map(|(ok, promote)| ok.then_some(promote))
}

/// Pushes `m` if it is legal.
fn push_if_legal(pos: &Position, out: &mut Vec<Move>, m: Move) {
    if pos.is_legal(m) {
        out.push(m);
    }
}

/// The side to move's pieces that alone stand between one of its own
/// sliders and the enemy king on `king`: moving one off that line gives
/// check.
fn discoverers(pos: &Position, king: shogi_rules::Square) -> Bitboard {
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

/// A move of the side to move that checkmates at once, using `buf` for the
/// candidate checks and `work` (equal to the position to test) to play them;
/// `work` is left as it was.
pub(crate) fn mate_in_one_with(work: &mut Position, buf: &mut Vec<Move>) -> Option<Move> {
    buf.clear();
    checking_moves(work, buf);
    buf.iter().copied().find(|&m| {
        work.play_unchecked(m);
        let mate = !work.has_legal_moves();
        work.undo(m);
        mate
    })
}
