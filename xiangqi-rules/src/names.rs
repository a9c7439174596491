//! The names of the crate's named enums, and reading them back.
//!
//! Every enum whose values have a name ([`Color`](crate::Color),
//! [`Role`](crate::Role), [`IllegalReason`](crate::IllegalReason),
//! [`Termination`](crate::Termination)) has `ALL`, every value in
//! declaration order, `as_str`, its name, and `FromStr`, exactly the inverse
//! of `as_str`, failing with a [`ParseNameError`].
//!
//! ```
//! use xiangqi_rules::{Color, IllegalReason, Role, Termination};
//! assert_eq!("black".parse::<Color>(), Ok(Color::Black));
//! for r in Role::ALL {
//!     assert_eq!(r.as_str().parse::<Role>(), Ok(r));
//! }
//! for t in Termination::ALL {
//!     assert_eq!(t.as_str().parse::<Termination>(), Ok(t));
//! }
//! assert_eq!("horse_blocked".parse(), Ok(IllegalReason::HorseHobbled));
//! let err = "blue".parse::<Color>().unwrap_err();
//! assert_eq!(err.to_string(), r#"unknown color "blue": expected "red" or "black""#);
//! ```

use core::fmt;

/// Text that names no value of a named enum: the error of their `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} {text:?}: expected {}", OneOf(.expected))]
pub struct ParseNameError {
    /// What the text should have named: `"color"`, `"role"`, ….
    pub kind: &'static str,
    /// The text.
    pub text: String,
    /// The names accepted, in the order of the enum's `ALL`.
    pub expected: &'static [&'static str],
}

/// `"a", "b" or "c"`.
struct OneOf<'a>(&'a [&'static str]);

impl fmt::Display for OneOf<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        for (i, name) in self.0.iter().enumerate() {
            let separator = match i {
                0 => "",
                _ if i + 1 == n => " or ",
                _ => ", ",
            };
            write!(f, "{separator}{name:?}")?;
        }
        Ok(())
    }
}

/// Defines a named enum: the enum as written, and from the one list of its
/// variants with their names `ALL`, `as_str` and `FromStr`, so that none of
/// them can miss a variant.
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident($kind:literal) {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident $(= $value:expr)? => $name:literal,
            )+
        }
    ) => {
        $(#[$meta])*
        $vis enum $ty {
            $($(#[$variant_meta])* $variant $(= $value)?,)+
        }

        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; $ty::NAMES.len()] = [$($ty::$variant),+];

            /// The names of [`Self::ALL`], in its order.
            const NAMES: [&'static str; [$($name),+].len()] = [$($name),+];

            /// The name of the value, which `FromStr` reads back (the names, in the order of `ALL`:
            $(#[doc = concat!("`\"", $name, "\"`")])+
            /// ).
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }

        impl core::str::FromStr for $ty {
            type Err = $crate::ParseNameError;

            /// The value whose name is `text`.
            fn from_str(text: &str) -> Result<$ty, $crate::ParseNameError> {
                match $ty::NAMES.iter().position(|&name| name == text) {
                    Some(i) => Ok($ty::ALL[i]),
                    None => Err($crate::ParseNameError {
                        kind: $kind,
                        text: text.to_owned(),
                        expected: &$ty::NAMES,
                    }),
                }
            }
        }
    };
}
pub(crate) use named_enum;
