//! Rule sets and impasse (jishogi) counting.

use crate::{Bitboard, ClockSettings, Color, Position, Role};

/// How impasse (entering kings, 持将棋) is settled.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ImpasseRule {
    /// The site rule (default): the side to move may declare when both kings
    /// are in their promotion zones and it is not in check. Every piece on the
    /// board and in hand counts (rook, bishop, dragon, horse 5; others 1;
    /// kings 0). A side under 24 points loses; otherwise (and when both are
    /// under 24) the game is drawn.
    #[default]
    Points24,
    /// The CSA 27-point declaration: the declarer wins if its king is in the
    /// enemy camp, it is not in check, at least 10 of its other pieces are in
    /// the enemy camp, and its hand plus those pieces count at least 28 points
    /// (Sente) or 27 (Gote).
    Csa27Declaration,
    /// Try rule: moving the king onto the square where the enemy king started
    /// (5a for Sente, 5i for Gote) wins. There is no declaration.
    TryRule,
    /// No impasse rule: declarations are rejected.
    Disabled,
}

impl ImpasseRule {
    /// `"points24"`, `"csa27_declaration"`, `"try_rule"` or `"disabled"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ImpasseRule::Points24 => "points24",
            ImpasseRule::Csa27Declaration => "csa27_declaration",
            ImpasseRule::TryRule => "try_rule",
            ImpasseRule::Disabled => "disabled",
        }
    }
}

/// The rules a [`Game`](crate::Game) adjudicates by.
///
/// The defaults are the site rules ([`RuleSet::site`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct RuleSet {
    /// How impasse is settled.
    pub impasse: ImpasseRule,
    /// How many occurrences of one position make sennichite (4).
    pub repetitions: u32,
    /// Whether the side that gave check with every move since the first
    /// occurrence loses the repetition (true) or it is a plain draw.
    pub perpetual_check_loses: bool,
    /// The game ends when the SFEN move number would exceed this (400); 0
    /// means no limit.
    pub move_limit: u32,
    /// Draw offers each player may make (3).
    pub draw_offers: u32,
    /// Whether a declaration whose conditions do not hold loses (as in the
    /// CSA rule) instead of being rejected.
    pub invalid_declaration_loses: bool,
    /// The clock, if the game is timed.
    pub clock: Option<ClockSettings>,
}

impl RuleSet {
    /// The site rules: 24-point impasse declaration, fourfold repetition with
    /// perpetual check losing, 400-move limit, 3 draw offers per player,
    /// invalid declarations rejected, 5 minutes + 3 × 30 s byo-yomi.
    #[must_use]
    pub const fn site() -> RuleSet {
        RuleSet {
            impasse: ImpasseRule::Points24,
            repetitions: 4,
            perpetual_check_loses: true,
            move_limit: 400,
            draw_offers: 3,
            invalid_declaration_loses: false,
            clock: Some(ClockSettings::SITE),
        }
    }

    /// The site rules with the CSA 27-point declaration, under which an
    /// invalid declaration loses.
    #[must_use]
    pub const fn csa27() -> RuleSet {
        let mut rules = RuleSet::site();
        rules.impasse = ImpasseRule::Csa27Declaration;
        rules.invalid_declaration_loses = true;
        rules
    }

    /// The site rules with the try rule instead of a declaration.
    #[must_use]
    pub const fn try_rule() -> RuleSet {
        let mut rules = RuleSet::site();
        rules.impasse = ImpasseRule::TryRule;
        rules
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::site()
    }
}

/// Why an impasse declaration is not valid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum DeclarationRejection {
    /// The rule set has no declaration (try rule or no impasse rule).
    NotOffered,
    /// The declarer has no king.
    NoKing,
    /// A king that must be in its promotion zone is not (both kings for the
    /// 24-point rule, the declarer's for the CSA rule).
    KingsNotInZone,
    /// The declarer is in check.
    InCheck,
    /// Fewer than 10 of the declarer's pieces are in the enemy camp (CSA rule).
    TooFewPieces,
    /// The declarer's count is below the threshold (CSA rule).
    TooFewPoints,
}

impl DeclarationRejection {
    /// The snake_case name (`"kings_not_in_zone"`, `"in_check"`, …).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            DeclarationRejection::NotOffered => "not_offered",
            DeclarationRejection::NoKing => "no_king",
            DeclarationRejection::KingsNotInZone => "kings_not_in_zone",
            DeclarationRejection::InCheck => "in_check",
            DeclarationRejection::TooFewPieces => "too_few_pieces",
            DeclarationRejection::TooFewPoints => "too_few_points",
        }
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
