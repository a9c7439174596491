//! The hand-written evaluation.
//!
//! [`evaluate`] scores a position in centipawns for the side to move, as the
//! sum of these terms for each side (its own counted positively, the
//! opponent's negatively):
//!
//! - **Material**: [`piece_value`] of each piece on the board (promoted
//!   pieces at their promoted value) and [`hand_value`] of each piece in hand,
//!   a little above its board value because a hand piece can be dropped
//!   anywhere.
//! - **Piece-square terms**: pawns and silvers gain a few points per rank
//!   they have advanced; an unpromoted pawn, lance, knight or silver in the
//!   enemy camp gains [`ZONE_BONUS`] (it threatens to promote); rooks,
//!   bishops, dragons and horses gain [`MOBILITY`] per square they attack;
//!   the king gains [`KING_HOME`] on its own two back ranks.
//! - **King safety**: each gold, silver or promoted minor piece next to its
//!   own king gains [`GUARD_NEAR`], [`GUARD_FAR`] when two squares away; for
//!   each square around a king, every enemy piece attacking it costs
//!   [`DANGER`] points, plus [`DANGER_PER_HAND`] more per piece the enemy
//!   holds in hand (up to ten), since hand pieces turn attacks into mating
//!   drops.
//! - **Tempo**: [`TEMPO`] for the side to move.
//!
//! The evaluation reads the board once and computes slider attacks only for
//! the major pieces and the squares around the kings, so it stays cheap next
//! to move generation.

use shogi_rules::attacks::{attacks, king_attacks};
use shogi_rules::{Bitboard, Color, Position, Role, Square};

/// The bonus of an unpromoted pawn, lance, knight or silver in the enemy camp.
pub const ZONE_BONUS: i32 = 20;
/// The bonus per square a rook, bishop, dragon or horse attacks.
pub const MOBILITY: i32 = 3;
/// The bonus of a king on its own two back ranks.
pub const KING_HOME: i32 = 30;
/// The bonus of a gold, silver or promoted minor piece next to its own king.
pub const GUARD_NEAR: i32 = 30;
/// The bonus of a gold, silver or promoted minor piece two squares from its
/// own king.
pub const GUARD_FAR: i32 = 12;
/// The cost of each enemy attack on a square next to the king.
pub const DANGER: i32 = 12;
/// The extra cost of each such attack per piece the enemy holds (up to ten).
pub const DANGER_PER_HAND: i32 = 2;
/// The bonus of the side to move.
pub const TEMPO: i32 = 20;

/// The value of a piece of `role` on the board, in centipawns.
#[must_use]
pub fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Lance => 300,
        Role::Knight => 350,
        Role::Silver => 500,
        Role::Gold => 550,
        Role::Bishop => 800,
        Role::Rook => 950,
        Role::King => 0,
        Role::Tokin => 550,
        Role::PromotedLance => 550,
        Role::PromotedKnight => 550,
        Role::PromotedSilver => 550,
        Role::Horse => 1050,
        Role::Dragon => 1250,
    }
}

/// The value of a piece of `role` in hand, in centipawns: a tenth above its
/// board value (`role` is a hand role; a promoted role is valued unpromoted).
#[must_use]
pub fn hand_value(role: Role) -> i32 {
    piece_value(role.unpromote()) * 11 / 10
}

/// The material balance for the side to move, in centipawns: board pieces
/// at [`piece_value`], hand pieces at [`hand_value`].
#[must_use]
pub fn material(pos: &Position) -> i32 {
    let us = pos.turn();
    let mut score = 0;
    for color in [Color::Sente, Color::Gote] {
        let sign = if color == us { 1 } else { -1 };
        let own = pos.by_color(color);
        for role in Role::ALL {
            let count = (pos.by_role(role) & own).count() as i32;
            score += sign * count * piece_value(role);
        }
        for role in Role::HAND {
            score += sign * i32::from(pos.hand(color).get(role)) * hand_value(role);
        }
    }
    score
}

/// Whether `role` guards its king: gold, silver and the pieces that move
/// like gold.
fn is_guard(role: Role) -> bool {
    matches!(
        role,
        Role::Gold
            | Role::Silver
            | Role::Tokin
            | Role::PromotedLance
            | Role::PromotedKnight
            | Role::PromotedSilver
    )
}

/// The larger of the file and rank distances between two squares.
fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// The terms of `color`'s pieces and hand (everything but the danger to its
/// own king and the tempo), from `color`'s point of view, and the number of
/// attacks its pieces make on `enemy_zone` (the squares around the enemy
/// king).
fn side_terms(pos: &Position, color: Color, enemy_zone: Bitboard) -> (i32, i32) {
    let occupied = pos.occupied();
    let king = pos.king_of(color);
    let mut score = 0;
    let mut zone_attacks = 0;
    for role in Role::HAND {
        score += i32::from(pos.hand(color).get(role)) * hand_value(role);
    }
    for sq in pos.by_color(color) {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let role = piece.role;
        let reach = attacks(color, role, sq, occupied);
        zone_attacks += (reach & enemy_zone).count() as i32;
        let rel = i32::from(sq.relative_rank(color));
        score += piece_value(role);
        score += match role {
            Role::Pawn => (7 - rel).clamp(0, 4) * 4,
            Role::Silver => (7 - rel).clamp(0, 3) * 8,
            Role::Rook | Role::Dragon | Role::Bishop | Role::Horse => {
                reach.count() as i32 * MOBILITY
            }
            Role::King if rel >= 8 => KING_HOME,
            _ => 0,
        };
        if matches!(role, Role::Pawn | Role::Lance | Role::Knight | Role::Silver) && rel <= 3 {
            score += ZONE_BONUS;
        }
        if let Some(k) = king {
            if is_guard(role) {
                score += match distance(sq, k) {
                    1 => GUARD_NEAR,
                    2 => GUARD_FAR,
                    _ => 0,
                };
            }
        }
    }
    (score, zone_attacks)
}

/// The cost to `color` of `attacks` enemy attacks on the squares around
/// its king.
fn danger(pos: &Position, color: Color, attacks: i32) -> i32 {
    let hand = pos.hand(color.opposite()).total().min(10) as i32;
    attacks * (DANGER + DANGER_PER_HAND * hand)
}

/// The position's value for the side to move, in centipawns (see the module
/// documentation for the terms).
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.turn();
    let them = us.opposite();
    let zone = |color: Color| pos.king_of(color).map_or(Bitboard::EMPTY, king_attacks);
    let (ours, on_them) = side_terms(pos, us, zone(them));
    let (theirs, on_us) = side_terms(pos, them, zone(us));
    ours - theirs - danger(pos, us, on_us) + danger(pos, them, on_them) + TEMPO
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_material_terms_agree_with_material() {
        // Kings only on their home ranks, no guards or mobility: evaluate is
        // material plus the king terms and tempo.
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2Pl 1").unwrap();
        assert_eq!(evaluate(&pos), material(&pos) + TEMPO);
        assert_eq!(
            material(&pos),
            2 * hand_value(Role::Pawn) - hand_value(Role::Lance)
        );
    }

    #[test]
    fn attacks_next_to_the_king_cost() {
        // A gote dragon next to the Sente king, protected or not, and far away.
        let near = Position::from_sfen("4k4/9/9/9/9/9/9/3+r5/4K4 b - 1").unwrap();
        let far = Position::from_sfen("4k4/9/9/+r8/9/9/9/9/4K4 b - 1").unwrap();
        assert!(evaluate(&near) < evaluate(&far));
    }

    #[test]
    fn the_start_position_is_balanced_but_for_the_tempo() {
        assert_eq!(evaluate(&Position::startpos()), TEMPO);
    }

    #[test]
    fn the_evaluation_is_from_the_side_to_move() {
        // Sente has an extra rook in hand; the same position with Gote to move.
        let sente = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1").unwrap();
        let gote = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w R 1").unwrap();
        assert!(evaluate(&sente) > 900);
        assert!(evaluate(&gote) < -900);
        assert_eq!(evaluate(&sente) - TEMPO, -(evaluate(&gote) - TEMPO));
    }

    #[test]
    fn a_hand_piece_is_worth_a_little_more_than_on_the_board() {
        for role in Role::HAND {
            assert!(hand_value(role) > piece_value(role), "{role:?}");
        }
    }

    #[test]
    fn guards_next_to_the_king_are_worth_more_than_far_away() {
        let near = Position::from_sfen("4k4/9/9/9/9/9/9/4G4/4K4 b - 1").unwrap();
        let far = Position::from_sfen("4k4/9/9/9/G8/9/9/9/4K4 b - 1").unwrap();
        assert!(evaluate(&near) > evaluate(&far));
    }
}
