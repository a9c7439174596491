//! Rule sets: what a [`Game`](crate::Game) adjudicates by.

use crate::ClockSettings;

/// The rules a [`Game`](crate::Game) adjudicates by, as data.
///
/// The defaults are the site rules ([`RuleSet::site`]).
///
/// ```
/// use xiangqi_rules::RuleSet;
/// let rules = RuleSet { move_limit: 0, ..RuleSet::site() }; // no move limit
/// assert_eq!(rules.repetitions, 3);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RuleSet {
    /// How many occurrences of one position (board and side to move) end the
    /// game (3). Values below 2 are read as 2.
    pub repetitions: u32,
    /// Whether, at the repetition, a side that gave check with every one of
    /// its moves since the first occurrence loses (true), or the game is a
    /// plain draw.
    pub perpetual_check_loses: bool,
    /// The game is drawn after this many plies (Red's and Black's moves
    /// together) unless the last one ends it otherwise (300); 0 means no
    /// limit.
    pub move_limit: u32,
    /// Whether the game is drawn at once when neither side has a chariot,
    /// horse, cannon or soldier.
    pub bare_material_draw: bool,
    /// How many draw offers each player may make in a game
    /// ([`Game::offer_draw`](crate::Game::offer_draw)); `None` (the site
    /// rules) is no limit: the site has agreed draws offered at any time and
    /// states no limit.
    #[cfg_attr(feature = "serde", serde(default))]
    pub max_draw_offers: Option<u32>,
    /// The clock, if the game is timed (the site rules: 5 minutes main
    /// time and 3 byo-yomi periods of 30 seconds, [`ClockSettings::SITE`]).
    /// Rules saved without this field read as untimed (`None`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub clock: Option<ClockSettings>,
}

impl RuleSet {
    /// The site rules: third occurrence ends the game, perpetual check
    /// loses, 300 plies, bare material draws, draw offers unlimited,
    /// 5 minutes + 3 × 30 s byo-yomi.
    #[must_use]
    pub const fn site() -> RuleSet {
        RuleSet {
            repetitions: 3,
            perpetual_check_loses: true,
            move_limit: 300,
            bare_material_draw: true,
            max_draw_offers: None,
            clock: Some(ClockSettings::SITE),
        }
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::site()
    }
}
