//! `convert`: records written in another format and encoding, one file to
//! a file or standard output, or many files and directories into an output
//! directory, in parallel.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::error::ErrorKind;
use shogi_rules::record::{self, Encoding, Format};

use crate::args::{ConvertArgs, usage_error};
use crate::input::{RECORD_EXTENSIONS, is_stdin, read_input};
use crate::load::load_records;
use board_cli::batch::{self, Item};
use board_cli::files::write_atomically;
use board_cli::output::{Failure, Out, complain, warn};

/// `convert`: one input as before, or a batch into `--out-dir`.
pub fn run(out: &mut Out, args: &ConvertArgs) -> Result<ExitCode, Failure> {
    match args.inputs.as_slice() {
        [input] if args.out_dir.is_none() && !is_directory(input) => single(out, args, input),
        _ => several(out, args),
    }
}

/// Whether `path` is a directory (through a symbolic link too).
fn is_directory(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_dir())
}

/// The usage error of a convert without a format to write.
fn needs_format() -> Failure {
    usage_error(
        "convert",
        ErrorKind::MissingRequiredArgument,
        "convert needs --to kif|ki2|csa|jkf|usi",
    )
}

/// Whether `to` can be written in `encoding`; when not, says why.
fn encoding_fits(to: Format, encoding: Encoding) -> bool {
    if to == Format::Jkf && encoding != Encoding::Utf8 {
        complain("JKF is JSON, which is always written in UTF-8");
        return false;
    }
    true
}

/// One input, to `-o OUT` (one file per record for a collection written in
/// a format of one record) or to standard output.
fn single(out: &mut Out, args: &ConvertArgs, input: &Path) -> Result<ExitCode, Failure> {
    let output = args.output.as_deref().filter(|o| !is_stdin(o));
    // Without --to, the output file's extension decides.
    let to = args.to.or_else(|| {
        output
            .and_then(Path::extension)
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
    });
    let Some(to) = to else {
        return Err(needs_format());
    };
    if !encoding_fits(to, args.encoding) {
        return Ok(ExitCode::FAILURE);
    }
    let converted = convert(input, to, args.encoding, output);
    // What the target format cannot hold is said, not lost silently.
    for warning in &converted.warnings {
        warn(warning);
    }
    let files = match converted.files {
        Ok(files) => files,
        Err(e) => {
            complain(e);
            return Ok(ExitCode::FAILURE);
        }
    };
    for file in files {
        match file.path {
            None => out.write_all(&file.bytes)?,
            Some(path) => {
                if let Err(e) = write_atomically(&path, &file.bytes) {
                    complain(format!("cannot write {}: {e}", path.display()));
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One output of a conversion: where it goes and its bytes.
struct OutputFile {
    /// The file, or `None` for standard output.
    path: Option<PathBuf>,
    /// The record (or records) written and encoded.
    bytes: Vec<u8>,
}

/// What converting one input gives: the files to write, or why not; and
/// the warnings.
struct Converted {
    /// The files, or the error.
    files: Result<Vec<OutputFile>, String>,
    /// What the format could not hold, one warning each.
    warnings: Vec<String>,
}

/// Reads every record of `input` and writes them as `to` in `encoding`:
/// for `output` (standard output for `None`), or for numbered files beside
/// it when it is a collection that `to` holds one record of. Nothing is
/// written yet. Every error message names the file.
fn convert(input: &Path, to: Format, encoding: Encoding, output: Option<&Path>) -> Converted {
    let mut warnings = Vec::new();
    let files = convert_with(input, to, encoding, output, &mut warnings);
    Converted { files, warnings }
}

/// The work of [`convert`].
fn convert_with(
    input: &Path,
    to: Format,
    encoding: Encoding,
    output: Option<&Path>,
    warnings: &mut Vec<String>,
) -> Result<Vec<OutputFile>, String> {
    let name = input.display();
    let bytes = read_input(input)?;
    let records = load_records(input, &bytes)
        .map_err(|e| format!("{name}: {e}"))?
        .record;
    let mut texts = Vec::with_capacity(records.len());
    for record in &records {
        let written = record
            .write(to)
            .map_err(|e| format!("{name}: {}", e.kind))?;
        for dropped in &written.dropped {
            warnings.push(format!("{name}: written as {to}: {dropped}"));
        }
        texts.push(written.text);
    }
    // A collection stays one file in the formats that hold several records
    // (CSA games separated by '/', USI lines); the others take one file per
    // record.
    let files: Vec<(Option<PathBuf>, String)> = match (to, texts.len(), output) {
        (_, 1, _) | (Format::Csa | Format::Usi, _, _) => {
            let separator = if to == Format::Csa { "/\n" } else { "" };
            vec![(output.map(Path::to_path_buf), texts.join(separator))]
        }
        (_, n, Some(path)) => match numbered_names(path, n) {
            Some(names) => names.into_iter().map(Some).zip(texts).collect(),
            None => return Err(format!("{}: not a file name to number", path.display())),
        },
        (_, n, None) => {
            let ext = to.as_str();
            return Err(format!(
                "{name} holds {n} records, and a {} file holds one: write them with \
                 -o NAME.{ext} (NAME-1.{ext} ... NAME-{n}.{ext}), or convert to csa or usi",
                ext.to_ascii_uppercase()
            ));
        }
    };
    files
        .into_iter()
        .map(|(path, text)| {
            let bytes = encode(&text, encoding).map_err(|e| format!("{name}: {e}"))?;
            Ok(OutputFile { path, bytes })
        })
        .collect()
}

/// The bytes of `text` in `encoding`, its encoding declaration (if any)
/// made to say so.
fn encode(text: &str, encoding: Encoding) -> Result<Vec<u8>, String> {
    if encoding == Encoding::Utf8 {
        return Ok(text.as_bytes().to_vec());
    }
    let text = redeclare_encoding(text, encoding.name());
    record::encode(&text, encoding).map_err(|c| {
        format!(
            "the character {c:?} (U+{:04X}) cannot be written in {}",
            u32::from(c),
            encoding.name()
        )
    })
}

/// Rewrites an encoding declaration in the first lines of written text
/// (`#KIF version=2.0 encoding=UTF-8`, `'encoding=UTF-8`) to `name`.
fn redeclare_encoding(text: &str, name: &str) -> String {
    const KEY: &str = "encoding=";
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let found = (i < 3)
            .then(|| line.to_ascii_lowercase().find(KEY))
            .flatten();
        match found {
            Some(at) => {
                // ASCII lower-casing keeps byte offsets, so `at` is one in `line`.
                let value_start = at + KEY.len();
                let rest = line.get(value_start..).unwrap_or("");
                let value_end = rest
                    .find(|c: char| c.is_ascii_whitespace())
                    .map_or(line.len(), |n| value_start + n);
                out.push_str(line.get(..value_start).unwrap_or(line));
                out.push_str(name);
                out.push_str(line.get(value_end..).unwrap_or(""));
            }
            None => out.push_str(line),
        }
    }
    out
}

/// `NAME-1.EXT` … `NAME-N.EXT` for an output `NAME.EXT` (`NAME-1` … for a
/// name without extension), in the same directory; `None` for a path
/// without a file name.
fn numbered_names(path: &Path, n: usize) -> Option<Vec<PathBuf>> {
    let stem = path.file_stem()?.to_string_lossy();
    let ext = path.extension().map(|e| e.to_string_lossy());
    Some(
        (1..=n)
            .map(|i| {
                let name = match &ext {
                    Some(ext) => format!("{stem}-{i}.{ext}"),
                    None => format!("{stem}-{i}"),
                };
                path.with_file_name(name)
            })
            .collect(),
    )
}

/// What became of one input of a batch.
struct Report {
    /// The files written.
    written: Vec<PathBuf>,
    /// What the format could not hold.
    warnings: Vec<String>,
    /// Why the input was not converted.
    error: Option<String>,
    /// The input.
    input: PathBuf,
}

/// Several inputs or directories into `--out-dir`, in parallel: one line
/// `INPUT -> OUTPUT` per input converted, in the order of the inputs (the
/// files of a directory sorted by name), then the warnings and errors on
/// standard error in the same order; exit status 1 if any input fails.
fn several(out: &mut Out, args: &ConvertArgs) -> Result<ExitCode, Failure> {
    if args.output.is_some() {
        return Err(usage_error(
            "convert",
            ErrorKind::ArgumentConflict,
            "-o names the output of one file; for several inputs or a directory, use --out-dir DIR",
        ));
    }
    let Some(out_dir) = &args.out_dir else {
        return Err(usage_error(
            "convert",
            ErrorKind::MissingRequiredArgument,
            "converting several inputs or a directory needs --out-dir DIR",
        ));
    };
    let Some(to) = args.to else {
        return Err(needs_format());
    };
    if args.inputs.iter().any(|i| is_stdin(i)) {
        return Err(usage_error(
            "convert",
            ErrorKind::ArgumentConflict,
            "standard input ('-') is converted alone, with -o or to standard output",
        ));
    }
    if !encoding_fits(to, args.encoding) {
        return Ok(ExitCode::FAILURE);
    }
    let items = batch::expand(&args.inputs, &RECORD_EXTENSIONS);
    let targets = targets(&items, out_dir, to);
    let jobs: Vec<(&Item, &Result<PathBuf, String>)> = items.iter().zip(&targets).collect();
    let reports = batch::run(&jobs, |&(item, target)| match (item, target) {
        (Item::Failed { path, message }, _) => Report {
            written: Vec::new(),
            warnings: Vec::new(),
            error: Some(message.clone()),
            input: path.clone(),
        },
        (Item::File(job), Err(e)) => Report {
            written: Vec::new(),
            warnings: Vec::new(),
            error: Some(e.clone()),
            input: job.path.clone(),
        },
        (Item::File(job), Ok(target)) => convert_to(&job.path, to, args.encoding, target),
    });
    let failed = reports.iter().filter(|r| r.error.is_some()).count();
    for report in &reports {
        if !report.written.is_empty() {
            let names: Vec<String> = report
                .written
                .iter()
                .map(|p| p.display().to_string())
                .collect();
            writeln!(out, "{} -> {}", report.input.display(), names.join(", "))?;
        }
    }
    out.flush()?;
    for report in &reports {
        for warning in &report.warnings {
            warn(warning);
        }
        if let Some(e) = &report.error {
            complain(e);
        }
    }
    if failed > 0 {
        complain(format!("{failed} of {} inputs failed", reports.len()));
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// The output file of each item in `out_dir`: its path relative to the
/// directory it was found in (a file named itself: its name), with the
/// extension of `to` in place of its own (`game.ki2` → `game.kif`). Inputs
/// that would share an output that way (`game.ki2` and `game.ki2u`) keep
/// their extension before the new one (`game.ki2.kif`, `game.ki2u.kif`).
/// An output that two inputs would still both write is an error for the
/// second.
fn targets(items: &[Item], out_dir: &Path, to: Format) -> Vec<Result<PathBuf, String>> {
    let replaced = |relative: &Path| out_dir.join(relative).with_extension(to.as_str());
    let mut shared: HashMap<PathBuf, usize> = HashMap::new();
    for item in items {
        if let Item::File(job) = item {
            *shared.entry(replaced(&job.relative)).or_default() += 1;
        }
    }
    let mut taken: HashMap<PathBuf, &Path> = HashMap::new();
    items
        .iter()
        .map(|item| {
            let Item::File(job) = item else {
                return Err(String::new());
            };
            let mut target = replaced(&job.relative);
            if shared.get(&target).is_some_and(|&n| n > 1) {
                let mut name = out_dir.join(&job.relative).into_os_string();
                name.push(".");
                name.push(to.as_str());
                target = PathBuf::from(name);
            }
            match taken.get(&target) {
                Some(first) => Err(format!(
                    "{}: its output {} is already that of {}",
                    job.path.display(),
                    target.display(),
                    first.display()
                )),
                None => {
                    taken.insert(target.clone(), &job.path);
                    Ok(target)
                }
            }
        })
        .collect()
}

/// Converts `input` into `target` (or numbered files beside it), making
/// the directories it needs.
fn convert_to(input: &Path, to: Format, encoding: Encoding, target: &Path) -> Report {
    let converted = convert(input, to, encoding, Some(target));
    let mut report = Report {
        written: Vec::new(),
        warnings: converted.warnings,
        error: None,
        input: input.to_path_buf(),
    };
    let files = match converted.files {
        Ok(files) => files,
        Err(e) => {
            report.error = Some(e);
            return report;
        }
    };
    for file in files {
        let path = file.path.unwrap_or_else(|| target.to_path_buf());
        let made = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir),
            _ => Ok(()),
        };
        if let Err(e) = made.and_then(|()| write_atomically(&path, &file.bytes)) {
            report.error = Some(format!("cannot write {}: {e}", path.display()));
            return report;
        }
        report.written.push(path);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_declarations_are_rewritten() {
        let text = "#KIF version=2.0 encoding=UTF-8\n先手：a\n";
        assert_eq!(
            redeclare_encoding(text, "Shift_JIS"),
            "#KIF version=2.0 encoding=Shift_JIS\n先手：a\n"
        );
        let csa = "'CSA encoding=UTF-8\nV3.0\n";
        assert_eq!(
            redeclare_encoding(csa, "EUC-JP"),
            "'CSA encoding=EUC-JP\nV3.0\n"
        );
        // Only in the first lines.
        let late = "a\nb\nc\n'encoding=UTF-8\n";
        assert_eq!(redeclare_encoding(late, "Shift_JIS"), late);
    }

    #[test]
    fn collections_take_numbered_names() {
        let names = numbered_names(Path::new("out/game.kif"), 2);
        assert_eq!(
            names,
            Some(vec![
                PathBuf::from("out/game-1.kif"),
                PathBuf::from("out/game-2.kif")
            ])
        );
        assert_eq!(
            numbered_names(Path::new("game"), 1),
            Some(vec![PathBuf::from("game-1")])
        );
        assert_eq!(numbered_names(Path::new("/"), 2), None);
    }

    #[test]
    fn inputs_sharing_an_output_keep_their_extension() {
        let file = |path: &str, relative: &str| {
            Item::File(batch::Job {
                path: PathBuf::from(path),
                relative: PathBuf::from(relative),
            })
        };
        let items = [
            file("a/x.ki2", "x.ki2"),
            file("a/x.ki2u", "x.ki2u"),
            file("b/y.csa", "y.csa"),
            file("c/y.csa", "y.csa"),
        ];
        let targets = targets(&items, Path::new("out"), Format::Kif);
        assert_eq!(targets[0], Ok(PathBuf::from("out/x.ki2.kif")));
        assert_eq!(targets[1], Ok(PathBuf::from("out/x.ki2u.kif")));
        assert_eq!(targets[2], Ok(PathBuf::from("out/y.csa.kif")));
        assert!(targets[3].as_ref().is_err_and(|e| e.contains("b/y.csa")));
    }
}
