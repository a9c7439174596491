//! Strings as Python's `repr` writes them, for the `__repr__` of the bindings' classes.

/// A string as Python's `repr` writes it (single quotes; backslash, quote, newline, carriage
/// return and tab escaped): `quote("it's")` is `'it\'s'`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// An optional string as Python's `repr` writes it: [`quote`]d, or `None`.
pub fn quote_opt(s: Option<&str>) -> String {
    s.map_or_else(|| "None".to_string(), quote)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_as_python_does() {
        assert_eq!(quote("plain"), "'plain'");
        assert_eq!(quote("it's\\\n\r\t"), r"'it\'s\\\n\r\t'");
        assert_eq!(quote_opt(None), "None");
        assert_eq!(quote_opt(Some("x")), "'x'");
    }
}
