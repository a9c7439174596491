//! An engine's options, and whether a value suits one.

use shogi_rules::usi::{UsiOption, UsiOptionKind};

use crate::error::OptionValueError;

/// The option called `name`, compared case-insensitively as USI engines
/// compare names; `USI_Hash` (a spin from 1) and `USI_Ponder` (a check) are
/// understood even when the engine does not declare them.
#[must_use]
pub fn find_option(options: &[UsiOption], name: &str) -> Option<UsiOption> {
    if let Some(option) = options.iter().find(|o| o.name.eq_ignore_ascii_case(name)) {
        return Some(option.clone());
    }
    let kind = if name.eq_ignore_ascii_case("USI_Hash") {
        UsiOptionKind::Spin {
            default: None,
            min: Some(1),
            max: None,
        }
    } else if name.eq_ignore_ascii_case("USI_Ponder") {
        UsiOptionKind::Check { default: None }
    } else {
        return None;
    };
    Some(UsiOption {
        name: name.to_owned(),
        kind,
    })
}

/// Checks `value` against the option's kind: `true`/`false` for a check,
/// an integer within `min..=max` for a spin, one of the `var`s for a
/// combo, no value for a button, any single-line text for the others.
///
/// ```
/// use shogi_rules::usi::{UsiOption, UsiOptionKind};
/// use shogi_usi::{OptionValueError, check_option_value};
/// let hash = UsiOption { name: "USI_Hash".into(),
///     kind: UsiOptionKind::Spin { default: Some(256), min: Some(1), max: Some(1024) } };
/// assert_eq!(check_option_value(&hash, Some("512")), Ok(()));
/// assert_eq!(check_option_value(&hash, Some("0")),
///     Err(OptionValueError::OutOfRange { value: 0, min: 1, max: 1024 }));
/// ```
///
/// # Errors
/// [`OptionValueError`] saying why the value does not suit.
pub fn check_option_value(option: &UsiOption, value: Option<&str>) -> Result<(), OptionValueError> {
    if value.is_some_and(|v| v.contains(['\n', '\r'])) {
        return Err(OptionValueError::LineBreak);
    }
    match (&option.kind, value) {
        (UsiOptionKind::Button, None) => Ok(()),
        (UsiOptionKind::Button, Some(_)) => Err(OptionValueError::ButtonValue),
        (_, None) => Err(OptionValueError::MissingValue),
        (UsiOptionKind::Check { .. }, Some(v)) => match v {
            "true" | "false" => Ok(()),
            _ => Err(OptionValueError::NotBool(v.to_owned())),
        },
        (UsiOptionKind::Spin { min, max, .. }, Some(v)) => {
            let n: i64 = v
                .trim()
                .parse()
                .map_err(|_| OptionValueError::NotInteger(v.to_owned()))?;
            let (min, max) = (min.unwrap_or(i64::MIN), max.unwrap_or(i64::MAX));
            if (min..=max).contains(&n) {
                Ok(())
            } else {
                Err(OptionValueError::OutOfRange { value: n, min, max })
            }
        }
        (UsiOptionKind::Combo { vars, .. }, Some(v)) => {
            if vars.iter().any(|var| var == v) {
                Ok(())
            } else {
                Err(OptionValueError::NotAVar {
                    value: v.to_owned(),
                    vars: vars.clone(),
                })
            }
        }
        (_, Some(_)) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Vec<UsiOption> {
        [
            "option name MultiPV type spin default 1 min 1 max 10",
            "option name Style type combo default Normal var Solid var Normal var Risky",
            "option name Ponder type check default false",
            "option name Clear Hash type button",
            "option name BookFile type filename default book.bin",
            "option name Eval Dir type string default <empty>",
        ]
        .iter()
        .map(|l| match l.parse() {
            Ok(shogi_rules::usi::EngineMessage::Option(o)) => o,
            other => panic!("{other:?}"),
        })
        .collect()
    }

    #[test]
    fn values() {
        let options = options();
        let check = |name: &str, value: Option<&str>| {
            check_option_value(&find_option(&options, name).expect(name), value)
        };
        assert_eq!(check("multipv", Some("3")), Ok(()));
        assert_eq!(
            check("MultiPV", Some("11")),
            Err(OptionValueError::OutOfRange {
                value: 11,
                min: 1,
                max: 10
            })
        );
        assert_eq!(
            check("MultiPV", Some("x")),
            Err(OptionValueError::NotInteger("x".into()))
        );
        assert_eq!(check("MultiPV", None), Err(OptionValueError::MissingValue));
        assert_eq!(check("Style", Some("Risky")), Ok(()));
        assert!(matches!(
            check("Style", Some("risky")),
            Err(OptionValueError::NotAVar { .. })
        ));
        assert_eq!(check("Ponder", Some("true")), Ok(()));
        assert_eq!(
            check("Ponder", Some("yes")),
            Err(OptionValueError::NotBool("yes".into()))
        );
        assert_eq!(check("Clear Hash", None), Ok(()));
        assert_eq!(
            check("clear hash", Some("1")),
            Err(OptionValueError::ButtonValue)
        );
        assert_eq!(check("BookFile", Some("other.bin")), Ok(()));
        assert_eq!(check("Eval Dir", Some("")), Ok(()));
        assert_eq!(
            check("Eval Dir", Some("a\nb")),
            Err(OptionValueError::LineBreak)
        );
        assert_eq!(check("USI_Hash", Some("64")), Ok(()));
        assert!(check("USI_Hash", Some("0")).is_err());
        assert_eq!(check("usi_ponder", Some("false")), Ok(()));
        assert!(find_option(&options, "Threads").is_none());
    }
}
