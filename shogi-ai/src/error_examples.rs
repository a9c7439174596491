//! `examples()` of every error type of the crate: one value of each variant,
//! in declaration order, so that a binding (the C API, the Python module) can
//! prove it maps every variant to an error of its own.
//!
//! The enums' lists are made by `examples!` (of the `enum-names` crate),
//! which also writes a `match` without a wildcard: a variant added to
//! [`MateError`] or [`PlayError`] fails to compile here until it is given an
//! example.

use enum_names::examples;

use crate::level::{PlayError, StrengthError};
use crate::mate::MateError;

examples!(MateError {
    OpponentInCheck => MateError::OpponentInCheck,
    NoDefendingKing => MateError::NoDefendingKing,
});

examples!(PlayError {
    GameOver => PlayError::GameOver,
    NoLegalMoves => PlayError::NoLegalMoves,
});

impl StrengthError {
    /// One value of the error: a strength of 0.
    #[must_use]
    pub fn examples() -> Vec<StrengthError> {
        vec![StrengthError(0)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_example_is_of_the_variant_it_is_listed_for() {
        for (listed, found) in [MateError::example_variants(), PlayError::example_variants()] {
            assert_eq!(listed, found);
        }
        assert!(
            StrengthError::examples()
                .iter()
                .all(|e| crate::level::Strength::new(e.0).is_err())
        );
    }
}
