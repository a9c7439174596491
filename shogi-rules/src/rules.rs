//! Rule sets: what a [`Game`](crate::Game) adjudicates by.

use crate::ClockSettings;

crate::names::named_enum! {
    /// How impasse (entering kings, 持将棋) is settled.
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum ImpasseRule("impasse rule") {
        /// The site rule (default): the side to move may declare when both kings
        /// are in their promotion zones and it is not in check. Every piece on the
        /// board and in hand counts (rook, bishop, dragon, horse 5; others 1;
        /// kings 0). A side under 24 points loses; otherwise (and when both are
        /// under 24) the game is drawn.
        #[default]
        Points24 => "points24",
        /// The CSA 27-point declaration: the declarer wins if its king is in the
        /// enemy camp, it is not in check, at least 10 of its other pieces are in
        /// the enemy camp, and its hand plus those pieces count at least 28 points
        /// (Sente) or 27 (Gote).
        Csa27Declaration => "csa27_declaration",
        /// Try rule: moving the king onto the square where the enemy king started
        /// (5a for Sente, 5i for Gote) wins. There is no declaration.
        TryRule => "try_rule",
        /// No impasse rule: declarations are rejected.
        Disabled => "disabled",
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
