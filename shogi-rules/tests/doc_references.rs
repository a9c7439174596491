//! Citations of documents resolve inside the repository.
//!
//! Code, tests and documents cite the rules and the format notes they follow as
//! `docs/formats.md §2.5` or `docs/rules.md D5` (see `docs/README.md`). This test scans the
//! repository's source and documentation files (paths relative to the workspace root, the
//! parent of this crate) and fails when:
//!
//! * a `.md` path names a file that does not exist (relative to the root, to the citing file's
//!   folder or to one of its parents; a bare file name may be any file of the repository);
//! * a `shared/…` path with a file name names a file that does not exist (the documents of a
//!   `shared/` folder outside the repository are not there for its readers);
//! * a `§` section or a `D<number>` decision is cited without naming a document, or is missing
//!   from the document it names. A citation belongs to the nearest `.md` path before it in the
//!   same paragraph (so `docs/rules.md §8–§13 and D1–D13` cites four identifiers of one file);
//!   inside a Markdown file, a citation that names no other document cites that file. A
//!   section `§x.y` exists when the document has a heading `x.y …` (`### 2.5 Special moves`,
//!   `## 10. Impasse`), a decision `Dn` when it has a heading `Dn. …`.
//!
//! Data folders (the record and SFEN corpora, perft tables, fuzz corpora), build output and
//! hidden folders are not scanned. `D<number>` counts only as a whole word, so square names
//! (`SQ_5D`), hexadecimal numbers (`0xD2`) and words such as `D-file` are never citations.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in the workspace")
        .to_path_buf()
}

/// This file: its examples of broken citations are deliberate.
const SELF: &str = "shogi-rules/tests/doc_references.rs";

/// Folders never walked: build output, environments, caches.
const SKIPPED_NAMES: [&str; 5] = ["target", "build", "node_modules", "__pycache__", "venv"];

/// Folders (relative to the root) of data, not scanned for citations (their files still count
/// as existing).
const DATA_FOLDERS: [&str; 6] = [
    "tests/data/corpus",
    "tests/data/sfen",
    "tests/data/perft",
    "fuzz/corpus",
    "fuzz/artifacts",
    "fuzz/seeds",
];

/// Extensions of the files scanned; `Makefile` is scanned too.
const SCANNED_EXTENSIONS: [&str; 15] = [
    "rs", "md", "h", "c", "cc", "cpp", "py", "pyi", "toml", "mk", "sh", "cmake", "csv", "in", "txt",
];

/// Every file of the repository (relative paths with `/`), data folders included.
fn repository_files(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let entry = entry.expect("readable folder entry");
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            let kind = entry.file_type().expect("file type");
            if kind.is_dir() {
                if !name.starts_with('.') && !SKIPPED_NAMES.contains(&name.as_str()) {
                    stack.push(path);
                }
            } else if kind.is_file() {
                let relative = path.strip_prefix(root).expect("inside the root");
                files.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    files.sort();
    files
}

fn is_scanned(relative: &str) -> bool {
    if relative == SELF
        || DATA_FOLDERS
            .iter()
            .any(|d| relative.starts_with(d) && relative[d.len()..].starts_with('/'))
    {
        return false;
    }
    let name = relative.rsplit('/').next().unwrap_or(relative);
    name == "Makefile"
        || name
            .rsplit_once('.')
            .is_some_and(|(_, ext)| SCANNED_EXTENSIONS.contains(&ext))
}

/// The repository as the checks see it.
struct Repository {
    root: PathBuf,
    /// The names (last path component) of all its files.
    names: BTreeSet<String>,
}

impl Repository {
    fn new(root: PathBuf, files: &[String]) -> Repository {
        let names = files
            .iter()
            .map(|f| f.rsplit('/').next().unwrap_or(f).to_owned())
            .collect();
        Repository { root, names }
    }

    /// The file `cited` names when cited from `from` (relative path of the citing file): the
    /// first that exists of root/cited, then the citing file's folder and each of its parents
    /// joined with `cited`; a bare file name may also be any file of the repository (its
    /// relative path is then unknown and `None` is returned inside `Some`).
    fn resolve(&self, from: &str, cited: &str) -> Option<Option<PathBuf>> {
        let cited = cited.trim_start_matches("./");
        let mut dir = Path::new(from).parent();
        let mut candidates = vec![self.root.join(cited)];
        while let Some(d) = dir {
            candidates.push(self.root.join(d).join(cited));
            dir = d.parent();
        }
        if let Some(found) = candidates.into_iter().find(|p| p.is_file()) {
            return Some(Some(found));
        }
        (!cited.contains('/') && self.names.contains(cited)).then_some(None)
    }
}

fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '-')
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Path-like tokens of `text` ending in `suffix` (not followed by a word character), with the
/// byte offset where each starts. URLs, domain names (`https://…/x.md`, `example.org/x.md`) and
/// paths in another repository (`owner/repo:path/x.md`) and paths under a shell variable
/// (`$root/x.md`) are left out.
fn path_tokens(text: &str, suffix: &str) -> Vec<(usize, String)> {
    let mut tokens = Vec::new();
    let mut search = 0;
    while let Some(found) = text[search..].find(suffix) {
        let end = search + found + suffix.len();
        search = end;
        if text[end..].chars().next().is_some_and(is_word_char) {
            continue;
        }
        let start = text[..end - suffix.len()]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| is_path_char(c))
            .last()
            .map_or(end - suffix.len(), |(i, _)| i);
        if text[..start].ends_with(':') {
            continue; // `owner/repo:path/x.md`
        }
        if text[..start].ends_with('$') {
            continue; // `$root/README.md`: a path under a shell variable
        }
        let token = &text[start..end];
        let file_name = token.rsplit('/').next().unwrap_or(token);
        if file_name.len() == suffix.len() || token.starts_with('/') {
            continue; // `*.md`, `/abs/x.md`, `//host/x.md`
        }
        let first = token
            .trim_start_matches("./")
            .split('/')
            .next()
            .unwrap_or("");
        if token.contains('/') && first.contains('.') && first != ".." {
            continue; // `example.org/x.md`
        }
        tokens.push((start, token.to_owned()));
    }
    tokens
}

/// `shared/…` paths with a file extension.
fn shared_tokens(text: &str) -> Vec<(usize, String)> {
    let mut tokens = Vec::new();
    for (i, _) in text.match_indices("shared/") {
        if text[..i].chars().next_back().is_some_and(is_path_char) {
            continue;
        }
        let token: String = text[i..].chars().take_while(|&c| is_path_char(c)).collect();
        let token = token.trim_end_matches('.');
        let name = token.rsplit('/').next().unwrap_or(token);
        if name.contains('.') {
            tokens.push((i, token.to_owned()));
        }
    }
    tokens
}

/// What a citation names in a document.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Anchor {
    /// `§2.5`: the section number.
    Section(String),
    /// `D5`: the decision number.
    Decision(u32),
}

impl std::fmt::Display for Anchor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Anchor::Section(s) => write!(f, "§{s}"),
            Anchor::Decision(n) => write!(f, "D{n}"),
        }
    }
}

/// `§` and `D<n>` citations of `text` with their byte offsets.
fn anchors(text: &str) -> Vec<(usize, Anchor)> {
    let mut found = Vec::new();
    for (i, _) in text.match_indices('§') {
        let rest = text[i + '§'.len_utf8()..].trim_start_matches([' ', '\u{a0}']);
        let number = section_number(rest);
        found.push((i, Anchor::Section(number)));
    }
    for (i, _) in text.match_indices('D') {
        if text[..i].chars().next_back().is_some_and(is_word_char) {
            continue;
        }
        let digits: String = text[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let after = text[i + 1 + digits.len()..].chars().next();
        if digits.is_empty() || after.is_some_and(is_word_char) {
            continue;
        }
        if let Ok(n) = digits.parse() {
            found.push((i, Anchor::Decision(n)));
        }
    }
    found.sort();
    found
}

/// The leading `12`, `2.5` or `10.1` of `text` (a trailing `.` is punctuation).
fn section_number(text: &str) -> String {
    let mut number = String::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            number.push(c);
            chars.next();
        } else if c == '.' && !number.is_empty() {
            chars.next();
            match chars.peek() {
                Some(d) if d.is_ascii_digit() => number.push('.'),
                _ => break,
            }
        } else {
            break;
        }
    }
    number
}

/// The anchors a document defines: the section number or decision at the start of each
/// Markdown heading.
fn defined_anchors(document: &str) -> BTreeSet<Anchor> {
    let mut defined = BTreeSet::new();
    for line in document.lines() {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let word = heading.split_whitespace().next().unwrap_or("");
        let word = word.trim_end_matches(['.', ':']);
        if let Some(n) = word.strip_prefix('D').and_then(|d| d.parse().ok()) {
            defined.insert(Anchor::Decision(n));
        } else if !word.is_empty() && section_number(word) == word {
            defined.insert(Anchor::Section(word.to_owned()));
        }
    }
    defined
}

/// Byte offsets where the paragraphs of `text` start: after every line that is empty once
/// spaces and comment markers (`//`, `//!`, `///`, `#`, `*`) are removed.
fn paragraph_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        offset += line.len();
        if line
            .trim()
            .chars()
            .all(|c| matches!(c, '/' | '!' | '#' | '*'))
        {
            starts.push(offset);
        }
    }
    starts
}

/// The problems with the citations of one file (`relative` is its path from the root).
fn check_text(repo: &Repository, relative: &str, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let md_paths = path_tokens(text, ".md");
    for (offset, path) in md_paths.iter().chain(&shared_tokens(text)) {
        if repo.resolve(relative, path).is_none() {
            problems.push(format!(
                "{relative}:{}: `{path}` is not a file of the repository",
                line_of(*offset)
            ));
        }
    }
    let paragraphs = paragraph_starts(text);
    let self_document = relative.ends_with(".md").then(|| repo.root.join(relative));
    for (offset, anchor) in anchors(text) {
        let paragraph = paragraphs
            .iter()
            .rev()
            .find(|&&p| p <= offset)
            .copied()
            .unwrap_or(0);
        let cited = md_paths
            .iter()
            .rev()
            .find(|(p, _)| *p >= paragraph && *p < offset);
        let document = match cited {
            Some((_, path)) => match repo.resolve(relative, path) {
                Some(Some(file)) => file,
                // Reported above, or a bare name that is not precise enough.
                Some(None) => {
                    problems.push(format!(
                        "{relative}:{}: `{anchor}` cites `{path}`, which names no single file",
                        line_of(offset)
                    ));
                    continue;
                }
                None => continue,
            },
            None => match &self_document {
                Some(own) => own.clone(),
                None => {
                    problems.push(format!(
                        "{relative}:{}: `{anchor}` names no document (write `docs/….md {anchor}`)",
                        line_of(offset)
                    ));
                    continue;
                }
            },
        };
        let shown = document
            .strip_prefix(&repo.root)
            .unwrap_or(&document)
            .to_string_lossy()
            .replace('\\', "/");
        match fs::read_to_string(&document) {
            Ok(content) if defined_anchors(&content).contains(&anchor) => {}
            Ok(_) => problems.push(format!(
                "{relative}:{}: `{anchor}` is not a heading of {shown}",
                line_of(offset)
            )),
            Err(e) => problems.push(format!(
                "{relative}:{}: `{anchor}` cites {shown}, which cannot be read: {e}",
                line_of(offset)
            )),
        }
    }
    problems
}

#[test]
fn every_citation_in_the_repository_resolves() {
    let root = root();
    let files = repository_files(&root);
    let repo = Repository::new(root.clone(), &files);
    let mut scanned = 0;
    let mut citations = 0;
    let mut problems = Vec::new();
    for relative in files.iter().filter(|f| is_scanned(f)) {
        // Files that are not UTF-8 text are not scanned.
        let Ok(text) = fs::read_to_string(root.join(relative)) else {
            continue;
        };
        scanned += 1;
        citations += anchors(&text).len();
        problems.extend(check_text(&repo, relative, &text));
    }
    assert!(
        problems.is_empty(),
        "{} broken citation(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
    // The scan saw the repository: the sources, and the documents with their citations.
    assert!(scanned > 100, "only {scanned} files scanned");
    assert!(citations > 50, "only {citations} citations found");
    for document in ["docs/rules.md", "docs/formats.md", "docs/README.md"] {
        assert!(files.iter().any(|f| f == document), "{document} is missing");
    }
}

#[test]
fn the_documents_define_the_identifiers_the_code_relies_on() {
    let root = root();
    let rules = fs::read_to_string(root.join("docs/rules.md")).expect("docs/rules.md");
    let defined = defined_anchors(&rules);
    for n in 1..=13 {
        assert!(defined.contains(&Anchor::Decision(n)), "D{n} missing");
    }
    assert!(defined.contains(&Anchor::Section("10.1".into())));
    let formats = fs::read_to_string(root.join("docs/formats.md")).expect("docs/formats.md");
    let defined = defined_anchors(&formats);
    for s in ["2.5", "2.7", "3.2", "3.4", "4.3", "8.2"] {
        assert!(defined.contains(&Anchor::Section(s.into())), "§{s} missing");
    }
}

/// The checks on made-up files: broken citations are reported, ordinary text is not.
#[test]
fn broken_citations_are_reported_and_ordinary_text_is_not() {
    let root = root();
    let repo = Repository::new(root.clone(), &repository_files(&root));
    let check = |relative: &str, text: &str| check_text(&repo, relative, text);

    let broken = [
        // A document that is not in the repository.
        ("shogi-rules/src/x.rs", "// the table of FORMATS.md §2.5\n"),
        ("shogi-rules/src/x.rs", "//! see RULES.md\n"),
        ("tests/x.md", "Rules in `shared/rules/DECISIONS.md`.\n"),
        (
            "shogi-rules/src/x.rs",
            "//! (schema in `shared/formats/jkf.json`)\n",
        ),
        // A section or decision the document does not have.
        ("shogi-rules/src/x.rs", "// docs/formats.md §2.99\n"),
        ("shogi-rules/src/x.rs", "// docs/rules.md §8–§99\n"),
        ("shogi-rules/src/x.rs", "// docs/rules.md D1–D99\n"),
        ("shogi-rules/src/x.rs", "// docs/formats.md D5\n"),
        ("docs/rules.md", "See §99.\n"),
        ("docs/x.md", "See §5.\n"),
        // A citation without a document, or whose document is a paragraph away.
        (
            "shogi-rules/src/x.rs",
            "    /// The outcome at the move limit (D5).\n",
        ),
        ("shogi-rules/src/x.rs", "// §2.5\n"),
        ("shogi-rules/src/x.rs", "// docs/rules.md\n//\n// D5\n"),
    ];
    for (relative, text) in broken {
        assert!(!check(relative, text).is_empty(), "not reported: {text:?}");
    }

    let fine = [
        (
            "shogi-rules/src/x.rs",
            "// docs/formats.md §2.5, §2.7 and §3.2 rule 5\n",
        ),
        ("tests/c/x.sh", "readme=\"$root/README.md\"\n"),
        (
            "shogi-rules/src/x.rs",
            "//! (`docs/rules.md` §8–§13 and D1–D13)\n",
        ),
        (
            "shogi-rules/src/x.rs",
            "//! the foul it records (`docs/rules.md D2`):\n",
        ),
        (
            "shogi-rules/src/x.rs",
            "//! wrapped (docs/rules.md\n//! D5 and §10.1)\n",
        ),
        (
            "tests/data/x.md",
            "See `docs/formats.md §3.4`, `corpus/PROVENANCE.md`.\n",
        ),
        (
            "shogi-rules/tests/x.rs",
            "// see the corpus' PROVENANCE.md\n",
        ),
        ("docs/x.md", "[rules](rules.md), [formats](./formats.md)\n"),
        ("docs/rules.md", "As §5 and D1 say.\n"),
        ("README.md", "schema: `docs/jkf.schema.json`\n"),
        (
            "docs/x.md",
            "from na2hiro/Kifu-for-JS:packages/json-kifu-format/README.md\n",
        ),
        // Ordinary text.
        (
            "shogi-rules/src/x.rs",
            "let sq = Square::SQ_5D; let x = 0xD2; // D-file, 3D, D\n",
        ),
        (
            "README.md",
            "a shared library; shared/static builds; https://example.org/a/RULES.md\n",
        ),
        ("mk/x.mk", "grep --include=*.md docs\n"),
    ];
    for (relative, text) in fine {
        let problems = check(relative, text);
        assert!(problems.is_empty(), "{text:?}: {problems:?}");
    }
}
