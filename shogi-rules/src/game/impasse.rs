//! Impasse (entering kings, 持将棋): the points each side counts, the
//! declaration under each [`ImpasseRule`] (the site's 24-point rule, the CSA
//! 27-point declaration; the try rule and no rule have none), and the count
//! that settles a game reaching the move limit with both kings in their
//! zones.

use super::{Game, GameError, Outcome, Termination};
use crate::{Bitboard, Color, ImpasseRule, Move, Position, Role, Square};

crate::names::named_enum! {
    /// Why an impasse declaration is not valid.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum DeclarationRejection("declaration rejection") {
        /// The rule set has no declaration (try rule or no impasse rule).
        NotOffered => "not_offered",
        /// The declarer has no king.
        NoKing => "no_king",
        /// A king that must be in its promotion zone is not (both kings for the
        /// 24-point rule, the declarer's for the CSA rule).
        KingsNotInZone => "kings_not_in_zone",
        /// The declarer is in check.
        InCheck => "in_check",
        /// Fewer than 10 of the declarer's pieces are in the enemy camp (CSA rule).
        TooFewPieces => "too_few_pieces",
        /// The declarer's count is below the threshold (CSA rule).
        TooFewPoints => "too_few_points",
    }
}

impl core::fmt::Display for DeclarationRejection {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Impasse points of a role: 5 for rook, bishop, dragon and horse; 0 for the
/// king; 1 for everything else.
#[must_use]
pub const fn impasse_points(role: Role) -> u32 {
    match role.unpromote() {
        Role::Rook | Role::Bishop => 5,
        Role::King => 0,
        _ => 1,
    }
}

impl Position {
    /// The 24-point count of `color`: every piece it owns on the board and in
    /// hand (rook, bishop, dragon, horse 5; kings 0; others 1).
    #[must_use]
    pub fn impasse_points(&self, color: Color) -> u32 {
        self.points_within(color, Bitboard::FULL)
    }

    /// Points of `color`'s pieces on `area` plus its hand.
    fn points_within(&self, color: Color, area: Bitboard) -> u32 {
        let own = self.by_color(color) & area;
        let big = self.roles(Role::Rook, Role::Dragon) | self.roles(Role::Bishop, Role::Horse);
        let king = self.by_role(Role::King);
        let hand = self.hand(color);
        let hand_points: u32 = Role::HAND
            .iter()
            .map(|&r| impasse_points(r) * u32::from(hand.get(r)))
            .sum();
        5 * (own & big).count() + (own - big - king).count() + hand_points
    }

    /// The CSA declaration count of `color`: its hand plus its pieces (king
    /// excluded) in the enemy camp, and how many such pieces there are.
    #[must_use]
    pub fn csa_declaration_count(&self, color: Color) -> (u32, u32) {
        let zone = Bitboard::zone(color);
        let pieces = ((self.by_color(color) & zone) - self.by_role(Role::King)).count();
        (self.points_within(color, zone), pieces)
    }

    /// Whether `color`'s king stands in `color`'s promotion zone.
    #[must_use]
    pub fn king_in_zone(&self, color: Color) -> bool {
        self.king_of(color).is_some_and(|k| k.in_zone(color))
    }
}

/// What an impasse declaration by the side to move would give now.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ImpasseStatus {
    /// The rule that applies.
    pub rule: ImpasseRule,
    /// Sente's count under that rule (the whole-board count for the 24-point
    /// rule, the try rule and no rule; hand plus pieces in the enemy camp for
    /// the CSA rule).
    pub sente_points: u32,
    /// Gote's count, likewise.
    pub gote_points: u32,
    /// Whether the side to move may declare validly now.
    pub allowed: bool,
    /// Why not, when it may not.
    pub reason: Option<DeclarationRejection>,
    /// The result declaring now would give: the outcome of a valid
    /// declaration, the declarer's loss when invalid declarations lose, or
    /// `None` when the declaration would be rejected.
    pub result: Option<Outcome>,
}

/// The 24-point count's winner: a side under 24 loses; both at 24 or more,
/// or both under 24, is a draw.
fn points24_winner(sente: u32, gote: u32) -> Option<Color> {
    match (sente >= 24, gote >= 24) {
        (true, false) => Some(Color::Sente),
        (false, true) => Some(Color::Gote),
        _ => None,
    }
}

impl Game {
    /// What an impasse declaration by the side to move would give now,
    /// without declaring.
    #[must_use]
    pub fn impasse_status(&self) -> ImpasseStatus {
        let pos = &self.position;
        let declarer = pos.turn();
        let rule = self.rules.impasse;
        let (sente_points, gote_points) = match rule {
            ImpasseRule::Csa27Declaration => (
                pos.csa_declaration_count(Color::Sente).0,
                pos.csa_declaration_count(Color::Gote).0,
            ),
            _ => (
                pos.impasse_points(Color::Sente),
                pos.impasse_points(Color::Gote),
            ),
        };
        let check = || -> Result<Outcome, DeclarationRejection> {
            match rule {
                ImpasseRule::TryRule | ImpasseRule::Disabled => {
                    Err(DeclarationRejection::NotOffered)
                }
                ImpasseRule::Points24 => {
                    if pos.king_of(declarer).is_none() {
                        return Err(DeclarationRejection::NoKing);
                    }
                    if !(pos.king_in_zone(Color::Sente) && pos.king_in_zone(Color::Gote)) {
                        return Err(DeclarationRejection::KingsNotInZone);
                    }
                    if pos.in_check() {
                        return Err(DeclarationRejection::InCheck);
                    }
                    Ok(Outcome {
                        winner: points24_winner(sente_points, gote_points),
                        termination: Termination::ImpasseDeclaration,
                    })
                }
                ImpasseRule::Csa27Declaration => {
                    if pos.king_of(declarer).is_none() {
                        return Err(DeclarationRejection::NoKing);
                    }
                    if !pos.king_in_zone(declarer) {
                        return Err(DeclarationRejection::KingsNotInZone);
                    }
                    if pos.in_check() {
                        return Err(DeclarationRejection::InCheck);
                    }
                    let (points, pieces) = pos.csa_declaration_count(declarer);
                    if pieces < 10 {
                        return Err(DeclarationRejection::TooFewPieces);
                    }
                    let needed = match declarer {
                        Color::Sente => 28,
                        Color::Gote => 27,
                    };
                    if points < needed {
                        return Err(DeclarationRejection::TooFewPoints);
                    }
                    Ok(Outcome::win(declarer, Termination::ImpasseDeclaration))
                }
            }
        };
        match check() {
            Ok(outcome) => ImpasseStatus {
                rule,
                sente_points,
                gote_points,
                allowed: true,
                reason: None,
                result: Some(outcome),
            },
            Err(reason) => ImpasseStatus {
                rule,
                sente_points,
                gote_points,
                allowed: false,
                reason: Some(reason),
                result: (self.rules.invalid_declaration_loses
                    && reason != DeclarationRejection::NotOffered)
                    .then(|| Outcome::win(declarer.opposite(), Termination::ImpasseDeclaration)),
            },
        }
    }

    /// The side to move declares impasse.
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::DeclarationRejected`] when
    /// the conditions do not hold and the rules reject (rather than score)
    /// invalid declarations; the game then goes on.
    pub fn declare_impasse(&mut self) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        let status = self.impasse_status();
        match (status.result, status.reason) {
            (Some(outcome), _) => Ok(self.end(outcome)),
            (None, reason) => Err(GameError::DeclarationRejected(
                reason.unwrap_or(DeclarationRejection::NotOffered),
            )),
        }
    }

    /// The win the try rule gives `mover` for the move `m`: its king reaching
    /// the square the enemy king started on (5a for Sente, 5i for Gote).
    #[inline(always)]
    pub(super) fn try_rule(&self, mover: Color, m: Move) -> Option<Outcome> {
        if self.rules.impasse != ImpasseRule::TryRule || m.role() != Role::King {
            return None;
        }
        let target = match mover {
            Color::Sente => Square::SQ_5A,
            Color::Gote => Square::SQ_5I,
        };
        (m.to() == target).then_some(Outcome::win(mover, Termination::TryRule))
    }

    /// The outcome when the game has passed the move limit: a draw, or the
    /// 24-point count when both kings are in their zones (unless there is no
    /// impasse rule). `None` before the limit, or without one.
    #[inline]
    pub(super) fn move_limit(&self) -> Option<Outcome> {
        let limit = self.rules.move_limit;
        if limit == 0 || self.position.move_number() <= limit {
            return None;
        }
        self.move_limit_reached()
    }

    /// The outcome at the move limit (`docs/rules.md D5`).
    #[cold]
    fn move_limit_reached(&self) -> Option<Outcome> {
        let pos = &self.position;
        if self.rules.impasse != ImpasseRule::Disabled
            && pos.king_in_zone(Color::Sente)
            && pos.king_in_zone(Color::Gote)
        {
            let winner = points24_winner(
                pos.impasse_points(Color::Sente),
                pos.impasse_points(Color::Gote),
            );
            return Some(Outcome {
                winner,
                termination: Termination::MoveLimit,
            });
        }
        Some(Outcome::draw(Termination::MoveLimit))
    }
}
