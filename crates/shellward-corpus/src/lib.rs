//! shellward-corpus loads the labelled command corpus (`../shared/corpus`
//! beside the repository) for tests and benchmarks. It is test support only:
//! no shipped crate depends on it.
//!
//! The files are TSV with a header line; a real newline inside a command is
//! written `{NL}` and a tab `{TAB}`.

#![allow(clippy::panic)]

use std::path::PathBuf;

/// One row of a corpus file.
#[derive(Debug, Clone)]
pub struct Row {
    /// The command (the `script` column if there is one, else `command`), decoded.
    pub command: String,
    /// Every field of the row, decoded, in header order.
    pub fields: Vec<String>,
}

/// `../shared/corpus` beside the repository. Panics with a clear message if
/// it is missing: the tests must not pass silently without their data.
pub fn dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    assert!(
        dir.is_dir(),
        "the shared corpus is expected at {} (a copy of shared/ beside the repository)",
        dir.display()
    );
    dir
}

fn decode(field: &str) -> String {
    field.replace("{NL}", "\n").replace("{TAB}", "\t")
}

/// The rows of `file` (a path relative to [`dir`], such as `benign.tsv`).
pub fn rows(file: &str) -> Vec<Row> {
    let path = dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let Some(column) = header
        .iter()
        .position(|&h| h == "script")
        .or_else(|| header.iter().position(|&h| h == "command"))
    else {
        panic!("{} has no `command` or `script` column", path.display());
    };
    lines
        .filter(|l| !l.is_empty())
        .map(|line| {
            let fields: Vec<String> = line.split('\t').map(decode).collect();
            Row {
                command: fields.get(column).cloned().unwrap_or_default(),
                fields,
            }
        })
        .collect()
}

/// The commands of `files`, in order.
pub fn commands(files: &[&str]) -> Vec<String> {
    files
        .iter()
        .flat_map(|f| rows(f))
        .map(|r| r.command)
        .collect()
}

/// Every corpus file that holds commands, for benchmarks and fuzz-style tests.
pub const ALL: &[&str] = &[
    "benign.tsv",
    "adversarial.tsv",
    "peers/codex-safety-cases.tsv",
];

/// Apply random edits to `command`, as the hostile-input property tests do:
/// each `(at, c, op)` inserts `c` (op 0), removes (op 1) or replaces (op 2)
/// the character at `at` modulo the length (appending when past the end).
pub fn mutate(command: &str, edits: &[(usize, char, u8)]) -> String {
    let mut chars: Vec<char> = command.chars().collect();
    for &(at, c, op) in edits {
        let at = if chars.is_empty() {
            0
        } else {
            at % (chars.len() + 1)
        };
        match op {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}
