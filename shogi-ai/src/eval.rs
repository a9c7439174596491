//! The hand-written evaluation.

use shogi_rules::{Color, Position, Role};

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

/// The position's value for the side to move, in centipawns.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.turn();
    let mut score = 0;
    for color in [Color::Sente, Color::Gote] {
        let sign = if color == us { 1 } else { -1 };
        for role in Role::ALL {
            let count = (pos.by_role(role) & pos.by_color(color)).count() as i32;
            score += sign * count * piece_value(role);
        }
        for role in Role::HAND {
            score += sign * i32::from(pos.hand(color).get(role)) * piece_value(role);
        }
    }
    score
}
