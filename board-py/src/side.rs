//! The Python class of a game's two sides (`Color`), made by [`side_enum!`](crate::side_enum).

/// Defines the Python int enum of a game's two sides, as both bindings have it: the frozen,
/// hashable class with members 0 and 1, the conversions to and from the core's colour, and the
/// methods `Color(value)` (through the binding's own `from_any` function, which says what it
/// accepts), `opposite()`, `~color`, `str(color)` (the core's name), pickling by value, and the
/// `name` and `value` properties of a Python enum member.
///
/// ```ignore
/// board_py::side_enum! {
///     /// A side: ...
///     pub enum Color in "shogi_rules._core" for shogi_rules::Color {
///         SENTE = Sente,
///         GOTE = Gote,
///     }
///     from_any = color_from_any;
/// }
/// ```
///
/// The core's colour must have `opposite(self) -> Self` and `as_str(self) -> &'static str`.
#[macro_export]
macro_rules! side_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident in $module:tt for $core:path {
            $first:ident = $core_first:ident,
            $second:ident = $core_second:ident $(,)?
        }
        from_any = $from_any:path;
    ) => {
        $(#[$meta])*
        #[::pyo3::pyclass(eq, eq_int, frozen, hash, from_py_object, module = $module)]
        #[derive(Copy, Clone, PartialEq, Eq, Hash)]
        #[allow(clippy::upper_case_acronyms, non_camel_case_types)]
        pub enum $name {
            $first = 0,
            $second = 1,
        }

        impl ::core::convert::From<$core> for $name {
            fn from(c: $core) -> $name {
                match c {
                    <$core>::$core_first => $name::$first,
                    <$core>::$core_second => $name::$second,
                }
            }
        }

        impl ::core::convert::From<$name> for $core {
            fn from(c: $name) -> $core {
                match c {
                    $name::$first => <$core>::$core_first,
                    $name::$second => <$core>::$core_second,
                }
            }
        }

        #[::pyo3::pymethods]
        impl $name {
            #[new]
            fn py_new(
                value: &::pyo3::Bound<'_, ::pyo3::PyAny>,
            ) -> ::pyo3::PyResult<$name> {
                $from_any(value)
            }

            /// The other side.
            fn opposite(&self) -> $name {
                <$core>::from(*self).opposite().into()
            }

            fn __invert__(&self) -> $name {
                self.opposite()
            }

            fn __str__(&self) -> &'static str {
                <$core>::from(*self).as_str()
            }

            fn __reduce__<'py>(
                &self,
                py: ::pyo3::Python<'py>,
            ) -> ::pyo3::PyResult<(::pyo3::Bound<'py, ::pyo3::PyAny>, (u8,))> {
                Ok((py.get_type::<$name>().into_any(), (*self as u8,)))
            }

            /// The member's name, as in `Color.NAME`.
            #[getter]
            fn name(&self) -> String {
                self.__str__().to_ascii_uppercase()
            }

            /// The member's int value.
            #[getter]
            fn value(&self) -> u8 {
                *self as u8
            }
        }
    };
}
