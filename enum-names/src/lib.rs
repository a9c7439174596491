#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![no_std]

extern crate alloc;

use alloc::string::String;
use core::fmt;

/// Text that names no value of a named enum: the error of their `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} {text:?}: expected {}", OneOf(.expected))]
pub struct ParseNameError {
    /// What the text should have named: `"color"`, `"termination"`, ….
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

/// Defines a named enum: the enum as written (its attributes, documents and
/// discriminants), and from the one list of its variants with their names
///
/// - `ALL`, every value in declaration order,
/// - `as_str`, the name of a value, and
/// - `FromStr`, the value of a name, failing with a [`ParseNameError`] of
///   the kind given after the enum's name.
///
/// A variant that exists only under a configuration names it after its
/// name, `Jkf => "jkf" if feature = "jkf",`: the variant, its place in
/// `ALL` and its name are all compiled out without it.
///
/// ```
/// enum_names::named_enum! {
///     /// A side.
///     #[derive(Copy, Clone, Debug, PartialEq, Eq)]
///     pub enum Color("color") {
///         /// The first player.
///         Sente = 0 => "sente",
///         /// The second player.
///         Gote = 1 => "gote",
///     }
/// }
/// assert_eq!(Color::Gote as u8, 1);
/// assert_eq!("gote".parse::<Color>(), Ok(Color::Gote));
/// ```
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident($kind:literal) {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident $(= $value:expr)? => $name:literal $(if $cfg:meta)?,
            )+
        }
    ) => {
        // `all()` with nothing in it holds: a variant without a condition is
        // always compiled.
        $(#[$meta])*
        $vis enum $ty {
            $($(#[$variant_meta])* #[cfg(all($($cfg)?))] $variant $(= $value)?,)+
        }

        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; $ty::NAMES.len()] = [$(#[cfg(all($($cfg)?))] $ty::$variant),+];

            /// The name of the value, which `FromStr` reads back (the names, in the order of `ALL`:
            $(#[cfg_attr(all($($cfg)?), doc = concat!("`\"", $name, "\"`"))])+
            /// ).
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(#[cfg(all($($cfg)?))] $ty::$variant => $name,)+
                }
            }
        }

        impl $ty {
            /// The names of [`Self::ALL`], in its order.
            const NAMES: [&'static str; [$(#[cfg(all($($cfg)?))] $name),+].len()] =
                [$(#[cfg(all($($cfg)?))] $name),+];
        }

        impl core::str::FromStr for $ty {
            type Err = $crate::ParseNameError;

            /// The value whose name is `text`: the inverse of `as_str`.
            fn from_str(text: &str) -> Result<$ty, $crate::ParseNameError> {
                match $ty::NAMES.iter().position(|&name| name == text) {
                    Some(i) => Ok($ty::ALL[i]),
                    None => Err($crate::ParseNameError {
                        kind: $kind,
                        text: text.into(),
                        expected: &$ty::NAMES,
                    }),
                }
            }
        }
    };
}

/// `impl $ty { pub fn examples() }` for an error enum, from `Variant =>
/// example` lines: one value of each variant, in declaration order, so that
/// a binding can prove it maps every variant. It also writes a `match`
/// without a wildcard that names each variant once, so that a variant added
/// to the enum fails to compile until it is given an example, and, under
/// `cfg(test)`, `example_variants()`: the variants listed and the variants
/// the examples are, for a test to compare. A variant compiled only under a
/// feature has its `#[cfg(...)]` before its line.
///
/// ```
/// #[derive(Debug)]
/// pub enum ReadError {
///     Empty,
///     BadByte { at: usize },
/// }
/// enum_names::examples!(ReadError {
///     Empty => ReadError::Empty,
///     BadByte => ReadError::BadByte { at: 3 },
/// });
/// assert_eq!(ReadError::examples().len(), 2);
/// ```
#[macro_export]
macro_rules! examples {
    ($ty:ident { $($(#[$cfg:meta])* $variant:ident => $example:expr),+ $(,)? }) => {
        impl $ty {
            /// One value of each variant, in declaration order.
            #[must_use]
            pub fn examples() -> Vec<$ty> {
                vec![$($(#[$cfg])* $example),+]
            }

            /// The name of the variant of `self`, as the examples list it:
            /// a `match` without a wildcard, so that a new variant fails
            /// to compile until it has an example.
            #[allow(dead_code)]
            fn example_variant(&self) -> &'static str {
                match self {
                    $($(#[$cfg])* $ty::$variant { .. } => stringify!($variant),)+
                }
            }
        }

        #[cfg(test)]
        impl $ty {
            /// The variants the examples are listed for, and the variants
            /// they are.
            fn example_variants() -> (Vec<&'static str>, Vec<&'static str>) {
                let listed = vec![$($(#[$cfg])* stringify!($variant)),+];
                let found = $ty::examples().iter().map($ty::example_variant).collect();
                (listed, found)
            }
        }
    };
}

/// `examples()` of fieldless named enums (see [`named_enum!`]): their `ALL`.
#[macro_export]
macro_rules! examples_from_all {
    ($($ty:ident),+) => {
        $(
            impl $ty {
                /// Every value, as [`Self::ALL`].
                #[must_use]
                pub fn examples() -> Vec<$ty> {
                    $ty::ALL.to_vec()
                }
            }
        )+
    };
}
