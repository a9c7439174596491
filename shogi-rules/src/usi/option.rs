//! The engine's `option` message: a setting it offers.

use core::fmt;

use super::words::Words;
use super::{UsiField, UsiMessageError};

/// The keys after an option's type; a default or a `var` runs until the
/// next of them.
const OPTION_KEYS: [&str; 4] = ["default", "min", "max", "var"];

/// The USI spelling of an empty string value.
const EMPTY: &str = "<empty>";

/// An `option` message: `option name <name> type <kind> [default <x>]
/// [min <n> max <n>] [var <v>]...`.
///
/// ```
/// use shogi_rules::usi::{EngineMessage, UsiOption, UsiOptionKind};
/// let line = "option name Eval Dir type string default eval";
/// let EngineMessage::Option(option) = line.parse()? else { unreachable!() };
/// assert_eq!(option.name, "Eval Dir");
/// assert_eq!(option.kind, UsiOptionKind::String { default: Some("eval".into()) });
/// # Ok::<(), shogi_rules::usi::UsiMessageError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsiOption {
    /// The name: the words between `name` and `type`, joined by single
    /// spaces.
    pub name: String,
    /// The type, with its default and its limits or choices.
    pub kind: UsiOptionKind,
}

/// The type of an [`UsiOption`] and what it states besides its name. A
/// string default of `<empty>` is the empty string (and is written so).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UsiOptionKind {
    /// `check`: `true` or `false`.
    Check {
        /// The default.
        default: Option<bool>,
    },
    /// `spin`: an integer, with bounds.
    Spin {
        /// The default.
        default: Option<i64>,
        /// `min`.
        min: Option<i64>,
        /// `max`.
        max: Option<i64>,
    },
    /// `combo`: one of the `var` values.
    Combo {
        /// The default.
        default: Option<String>,
        /// The values offered, in order.
        vars: Vec<String>,
    },
    /// `button`: an action, without a value.
    Button,
    /// `string`: text.
    String {
        /// The default.
        default: Option<String>,
    },
    /// `filename`: a file name.
    Filename {
        /// The default.
        default: Option<String>,
    },
}

impl UsiOptionKind {
    /// The type's word: `check`, `spin`, `combo`, `button`, `string` or
    /// `filename`.
    #[must_use]
    pub fn as_str(&self) -> &'static str {
        match self {
            UsiOptionKind::Check { .. } => "check",
            UsiOptionKind::Spin { .. } => "spin",
            UsiOptionKind::Combo { .. } => "combo",
            UsiOptionKind::Button => "button",
            UsiOptionKind::String { .. } => "string",
            UsiOptionKind::Filename { .. } => "filename",
        }
    }
}

/// A field after the type: its key's index, its value, and their columns.
struct Field {
    key: UsiField,
    key_column: usize,
    key_text: &'static str,
    value: String,
    value_column: usize,
    value_word: Option<String>,
}

impl UsiOption {
    /// Reads the words of an `option` line from word `i` (after `option`).
    pub(crate) fn read(words: &Words<'_>, i: usize) -> Result<UsiOption, UsiMessageError> {
        match words.text(i) {
            Some("name") => {}
            Some(found) => {
                return Err(UsiMessageError::BadWord {
                    field: UsiField::Name,
                    column: words.column(i),
                    found: found.into(),
                });
            }
            None => {
                return Err(UsiMessageError::MissingValue {
                    field: UsiField::Name,
                    column: words.column(i),
                });
            }
        }
        let type_at = words.until(i + 1, &["type"]);
        if type_at == i + 1 {
            return Err(UsiMessageError::MissingValue {
                field: UsiField::Name,
                column: words.column(i + 1),
            });
        }
        let name = words.join(i + 1, type_at);
        if type_at == words.len() {
            return Err(UsiMessageError::MissingValue {
                field: UsiField::Type,
                column: words.column(type_at),
            });
        }
        let kind_at = type_at + 1;
        let kind_word = words.text(kind_at).ok_or(UsiMessageError::MissingValue {
            field: UsiField::Type,
            column: words.column(kind_at),
        })?;
        let mut fields = Vec::new();
        let mut j = kind_at + 1;
        while let Some(key_text) = words.text(j) {
            let (key, key_text) = match key_text {
                "default" => (UsiField::Default, "default"),
                "min" => (UsiField::Min, "min"),
                "max" => (UsiField::Max, "max"),
                "var" => (UsiField::Var, "var"),
                found => {
                    return Err(UsiMessageError::Unexpected {
                        field: UsiField::Type,
                        column: words.column(j),
                        found: found.into(),
                    });
                }
            };
            let to = words.until(j + 1, &OPTION_KEYS);
            fields.push(Field {
                key,
                key_column: words.column(j),
                key_text,
                value: words.join(j + 1, to),
                value_column: words.column(j + 1),
                value_word: words.text(j + 1).map(Into::into),
            });
            j = to;
        }
        let kind = read_kind(kind_word, words.column(kind_at), fields)?;
        Ok(UsiOption { name, kind })
    }
}

/// The kind named `word`, from the fields after it.
fn read_kind(
    word: &str,
    column: usize,
    fields: Vec<Field>,
) -> Result<UsiOptionKind, UsiMessageError> {
    let unexpected = |field: &Field| UsiMessageError::Unexpected {
        field: UsiField::Type,
        column: field.key_column,
        found: field.key_text.into(),
    };
    let text = |field: Field| {
        if field.value == EMPTY {
            String::new()
        } else {
            field.value
        }
    };
    let integer = |field: &Field| {
        field
            .value
            .parse::<i64>()
            .map_err(|_| match &field.value_word {
                None => UsiMessageError::MissingValue {
                    field: field.key,
                    column: field.value_column,
                },
                Some(_) => UsiMessageError::BadNumber {
                    field: field.key,
                    column: field.value_column,
                    found: field.value.clone(),
                },
            })
    };
    let mut kind = match word {
        "check" => UsiOptionKind::Check { default: None },
        "spin" => UsiOptionKind::Spin {
            default: None,
            min: None,
            max: None,
        },
        "combo" => UsiOptionKind::Combo {
            default: None,
            vars: Vec::new(),
        },
        "button" => UsiOptionKind::Button,
        "string" => UsiOptionKind::String { default: None },
        "filename" => UsiOptionKind::Filename { default: None },
        found => {
            return Err(UsiMessageError::BadWord {
                field: UsiField::Type,
                column,
                found: found.into(),
            });
        }
    };
    for field in fields {
        match (&mut kind, field.key) {
            (UsiOptionKind::Check { default }, UsiField::Default) => {
                *default = Some(match field.value.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(match field.value_word {
                            None => UsiMessageError::MissingValue {
                                field: UsiField::Default,
                                column: field.value_column,
                            },
                            Some(_) => UsiMessageError::BadWord {
                                field: UsiField::Default,
                                column: field.value_column,
                                found: field.value,
                            },
                        });
                    }
                });
            }
            (UsiOptionKind::Spin { default, .. }, UsiField::Default) => {
                *default = Some(integer(&field)?);
            }
            (UsiOptionKind::Spin { min, .. }, UsiField::Min) => *min = Some(integer(&field)?),
            (UsiOptionKind::Spin { max, .. }, UsiField::Max) => *max = Some(integer(&field)?),
            (UsiOptionKind::Combo { vars, .. }, UsiField::Var) => vars.push(field.value),
            (
                UsiOptionKind::Combo { default, .. }
                | UsiOptionKind::String { default }
                | UsiOptionKind::Filename { default },
                UsiField::Default,
            ) => *default = Some(text(field)),
            _ => return Err(unexpected(&field)),
        }
    }
    Ok(kind)
}

/// A string default as written: `<empty>` for the empty string.
fn text_value(value: &str) -> &str {
    if value.is_empty() { EMPTY } else { value }
}

impl fmt::Display for UsiOption {
    /// `option name <name> type <kind>`, then `default`, `min`, `max` and
    /// each `var`, single-spaced.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type {}", self.name, self.kind.as_str())?;
        match &self.kind {
            UsiOptionKind::Check { default } => {
                if let Some(d) = default {
                    write!(f, " default {d}")?;
                }
            }
            UsiOptionKind::Spin { default, min, max } => {
                for (key, value) in [("default", default), ("min", min), ("max", max)] {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
            }
            UsiOptionKind::Combo { default, vars } => {
                if let Some(d) = default {
                    write!(f, " default {}", text_value(d))?;
                }
                for var in vars {
                    f.write_str(" var")?;
                    if !var.is_empty() {
                        write!(f, " {var}")?;
                    }
                }
            }
            UsiOptionKind::Button => {}
            UsiOptionKind::String { default } | UsiOptionKind::Filename { default } => {
                if let Some(d) = default {
                    write!(f, " default {}", text_value(d))?;
                }
            }
        }
        Ok(())
    }
}
