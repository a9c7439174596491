//! Answering standard input line by line (`legal` without a position): one
//! reply line per input line, in order, each line bounded in length.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;

use crate::output::{Failure, Out, complain};

/// Reads standard input line by line, at most `max_line` bytes a line (the
/// line ending aside), and writes one reply line for each: `answer` of the
/// line's text (a `\r\n` ending is taken off), or `error: line N: MESSAGE`
/// for a line that fails (not UTF-8, too long, or refused by `answer`), so
/// that replies stay paired with their lines. A bad line does not stop the
/// others; any bad line makes the exit status 1, with `error: F of N input
/// lines failed` on standard error at the end. Input that cannot be read
/// stops at once with status 1.
///
/// Replies are flushed as soon as no more input is waiting, so that a
/// program feeding lines one at a time gets each answer.
pub fn answer_stdin(
    out: &mut Out,
    max_line: usize,
    answer: impl FnMut(&str) -> Result<String, String>,
) -> Result<ExitCode, Failure> {
    answer_stdin_with(out, max_line, answer, error_line)
}

/// `error: line N: MESSAGE`, the reply [`answer_stdin`] gives a bad line.
pub fn error_line(number: usize, message: &str) -> String {
    format!("error: line {number}: {message}")
}

/// [`answer_stdin`], with `error(N, MESSAGE)` as the reply to a bad line
/// (a JSON object for JSON output, say) instead of [`error_line`].
pub fn answer_stdin_with(
    out: &mut Out,
    max_line: usize,
    answer: impl FnMut(&str) -> Result<String, String>,
    error: impl Fn(usize, &str) -> String,
) -> Result<ExitCode, Failure> {
    let input = BufReader::with_capacity(64 << 10, io::stdin().lock());
    answer_lines(out, input, max_line, answer, error)
}

/// [`answer_stdin_with`] on any input and output (standard input and
/// [`Out`] for a command); the input is named `standard input` in messages.
pub fn answer_lines<R: Read>(
    out: &mut impl Write,
    mut input: BufReader<R>,
    max_line: usize,
    mut answer: impl FnMut(&str) -> Result<String, String>,
    error: impl Fn(usize, &str) -> String,
) -> Result<ExitCode, Failure> {
    let mut line = Vec::new();
    let mut failed = 0usize;
    let mut number = 0usize;
    let line_cap = u64::try_from(max_line)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    loop {
        line.clear();
        // Never more than one line's limit in memory, however long the line.
        let read = (&mut input).take(line_cap).read_until(b'\n', &mut line);
        match read {
            Ok(0) => break,
            Ok(_) => number += 1,
            Err(e) => {
                out.flush()?;
                complain(format!(
                    "cannot read standard input after line {number}: {e}"
                ));
                return Ok(ExitCode::FAILURE);
            }
        }
        let complete = line.last() == Some(&b'\n');
        if complete {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        let reply = if !complete && line.len() > max_line {
            if let Err(e) = skip_line(&mut input) {
                out.flush()?;
                complain(format!("cannot read standard input in line {number}: {e}"));
                return Ok(ExitCode::FAILURE);
            }
            Err(format!("longer than {max_line} bytes"))
        } else {
            match std::str::from_utf8(&line) {
                Ok(text) => answer(text),
                Err(_) => Err("not valid UTF-8".to_string()),
            }
        };
        match reply {
            Ok(text) => writeln!(out, "{text}")?,
            Err(e) => {
                failed += 1;
                writeln!(out, "{}", error(number, &e))?;
            }
        }
        // Without waiting for more input: a program feeding lines one at a
        // time gets each answer.
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    if failed > 0 {
        out.flush()?;
        complain(format!("{failed} of {number} input lines failed"));
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads and drops the rest of the current line, the newline included.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = buffer.len();
                input.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The output and exit status of `answer_lines` on `input`, lines of
    /// at most 8 bytes, a line answered with its length unless it is `bad`.
    fn replies(input: &[u8]) -> (String, ExitCode) {
        let mut out = Vec::new();
        let code = answer_lines(
            &mut out,
            BufReader::new(input),
            8,
            |text| match text {
                "bad" => Err("a bad line".to_string()),
                _ => Ok(text.len().to_string()),
            },
            error_line,
        )
        .expect("the replies are written");
        (String::from_utf8(out).expect("UTF-8"), code)
    }

    #[test]
    fn one_reply_a_line_bad_lines_in_their_place() {
        let (text, code) = replies(b"one\r\nbad\n0123456789abc\n\xff\nlast");
        assert_eq!(
            text,
            "3\nerror: line 2: a bad line\nerror: line 3: longer than 8 bytes\n\
             error: line 4: not valid UTF-8\n4\n"
        );
        assert_eq!(code, ExitCode::FAILURE);
        let (text, code) = replies(b"12345678\n\n");
        assert_eq!(text, "8\n0\n");
        assert_eq!(code, ExitCode::SUCCESS);
    }
}
