//! A progress bar on standard error for long work (a batch of files, an
//! engine match): shown only when standard error is a terminal.

use std::io::{self, IsTerminal};

pub use indicatif::ProgressBar;
use indicatif::ProgressStyle;

/// A bar counting to `len` with the indicatif `template` (`{wide_bar}`,
/// `{pos}`, `{len}`, `{msg}`, `{elapsed}` …), or a hidden one when
/// standard error is not a terminal (a file, a pipe, a test) or `len` is
/// below `min_len`. A template indicatif refuses keeps its default style.
#[must_use]
pub fn bar(len: u64, min_len: u64, template: &str) -> ProgressBar {
    if len < min_len || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
