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

pub use enum_names::ParseNameError;

/// Defines a named enum: the enum, `ALL`, `as_str` and `FromStr` from one
/// list of its variants and their names (the `enum-names` crate, shared with
/// the other rules crate).
pub(crate) use enum_names::named_enum;
