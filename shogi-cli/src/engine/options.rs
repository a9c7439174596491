//! The options the engine declares (`Level`, `Strength`, `Seed`), their
//! values, and `setoption` applied to them.

use shogi_ai::level::{Level, Strength};
use shogi_rules::usi::{UsiOption, UsiOptionKind};

/// The largest `Seed` (the largest 32-bit signed integer, which every GUI's
/// spin box holds).
pub const MAX_SEED: u64 = 2_147_483_647;

/// The `Level` names, in the order they are offered.
const LEVELS: [(&str, Level); 3] = [
    ("Easy", Level::Easy),
    ("Normal", Level::Normal),
    ("Hard", Level::Hard),
];

/// Options a GUI sends whatever the engine declares; they are accepted and
/// have no effect (the level fixes the table's size, and the engine does
/// not ponder on its own).
const ACCEPTED: [&str; 2] = ["USI_Hash", "USI_Ponder"];

/// The engine's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `Level`.
    pub level: Level,
    /// `Strength`: `None` (0) plays at the level's strength.
    pub strength: Option<Strength>,
    /// `Seed`.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            level: Level::Normal,
            strength: None,
            seed: 0,
        }
    }
}

impl Settings {
    /// The strength the player plays at: `Strength` when set, else the
    /// level's.
    pub fn effective_strength(&self) -> Strength {
        self.strength.unwrap_or_else(|| self.level.strength())
    }

    /// The `option` lines, with these settings as defaults.
    pub fn declarations(&self) -> Vec<UsiOption> {
        vec![
            UsiOption {
                name: "Level".into(),
                kind: UsiOptionKind::Combo {
                    default: Some(level_name(self.level).into()),
                    vars: LEVELS.iter().map(|(name, _)| (*name).into()).collect(),
                },
            },
            UsiOption {
                name: "Strength".into(),
                kind: UsiOptionKind::Spin {
                    default: Some(self.strength.map_or(0, |s| i64::from(s.get()))),
                    min: Some(0),
                    max: Some(i64::from(Strength::MAX.get())),
                },
            },
            UsiOption {
                name: "Seed".into(),
                kind: UsiOptionKind::Spin {
                    default: i64::try_from(self.seed).ok(),
                    min: Some(0),
                    max: i64::try_from(MAX_SEED).ok(),
                },
            },
        ]
    }

    /// Applies `setoption name <name> value <value>`; names are compared
    /// case-insensitively, as GUIs differ.
    ///
    /// # Errors
    /// A message for an unknown option or a value it does not take; the
    /// settings are then unchanged.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let value = value.map(str::trim);
        let missing = || format!("option {name} needs a value");
        if name.eq_ignore_ascii_case("Level") {
            let value = value.ok_or_else(missing)?;
            self.level = parse_level(value)
                .ok_or_else(|| format!("Level must be Easy, Normal or Hard, not {value:?}"))?;
        } else if name.eq_ignore_ascii_case("Strength") {
            let value = value.ok_or_else(missing)?;
            self.strength = parse_strength(value)?;
        } else if name.eq_ignore_ascii_case("Seed") {
            let value = value.ok_or_else(missing)?;
            self.seed = parse_seed(value)?;
        } else if !ACCEPTED.iter().any(|a| name.eq_ignore_ascii_case(a)) {
            return Err(format!("unknown option {name:?}"));
        }
        Ok(())
    }
}

/// A level's name as `Level` offers it.
pub fn level_name(level: Level) -> &'static str {
    LEVELS
        .iter()
        .find(|(_, l)| *l == level)
        .map_or("Normal", |(name, _)| name)
}

/// A level by name, case-insensitively.
pub fn parse_level(text: &str) -> Option<Level> {
    LEVELS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(text.trim()))
        .map(|(_, level)| *level)
}

/// `Strength`: 0 (use the level) or 1 to 10.
///
/// # Errors
/// A message for anything else.
pub fn parse_strength(text: &str) -> Result<Option<Strength>, String> {
    let bad = || format!("Strength must be from 0 to 10, not {text:?}");
    let n: u32 = text.trim().parse().map_err(|_| bad())?;
    if n == 0 {
        return Ok(None);
    }
    Strength::new(n).map(Some).map_err(|_| bad())
}

/// `Seed`: 0 to [`MAX_SEED`].
///
/// # Errors
/// A message for anything else.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n <= MAX_SEED)
        .ok_or_else(|| format!("Seed must be from 0 to {MAX_SEED}, not {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_set_and_refused() {
        let mut settings = Settings::default();
        assert_eq!(settings.effective_strength(), Level::Normal.strength());
        settings.set("level", Some("hard")).expect("a level");
        assert_eq!(settings.level, Level::Hard);
        assert_eq!(settings.effective_strength(), Strength::MAX);
        settings.set("Strength", Some("3")).expect("a strength");
        assert_eq!(settings.effective_strength().get(), 3);
        settings.set("Strength", Some("0")).expect("the level's");
        assert_eq!(settings.strength, None);
        settings.set("Seed", Some("42")).expect("a seed");
        assert_eq!(settings.seed, 42);
        settings.set("USI_Hash", Some("256")).expect("accepted");
        let before = settings;
        assert!(settings.set("Strength", Some("11")).is_err());
        assert!(settings.set("Strength", Some("-1")).is_err());
        assert!(settings.set("Level", Some("Expert")).is_err());
        assert!(settings.set("Level", None).is_err());
        assert!(settings.set("Seed", Some("2147483648")).is_err());
        assert!(settings.set("Threads", Some("4")).is_err());
        assert_eq!(settings, before);
    }

    #[test]
    fn declarations_carry_the_settings_as_defaults() {
        let settings = Settings {
            level: Level::Easy,
            strength: Some(Strength::new(7).expect("valid")),
            seed: 9,
        };
        let lines: Vec<String> = settings
            .declarations()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            lines,
            [
                "option name Level type combo default Easy var Easy var Normal var Hard",
                "option name Strength type spin default 7 min 0 max 10",
                "option name Seed type spin default 9 min 0 max 2147483647",
            ]
        );
    }
}
