//! The host's read-file state, seen from Bash.
//!
//! Edit tools refuse to change a file the model has not read. Models often
//! read with Bash, so after a command this module (1) **backfills** a read
//! record for the plain reading forms (`cat FILE`, `head`/`tail -n N FILE`,
//! `sed -n 'N,Mp' FILE`, a lone `grep PATTERN FILE` that matched), and (2)
//! after a formatter-like command, says which files read before it has
//! since modified. The host owns the records; it implements [`ReadFileState`].
//!
//! Beyond the reference: a `head`, `tail`, `sed` range or `grep` hit is
//! recorded as a **partial** view, so it does not count as having read the
//! whole file.

use std::path::{Path, PathBuf};

use shellward_syntax::{Analysis, Connector};

/// A read the host knows about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRead {
    /// When it was recorded (ms since the epoch).
    pub at_ms: i64,
    /// The file's modification time then (ms since the epoch).
    pub mtime_ms: i64,
    /// The lines shown (1-based, inclusive), when not the whole file.
    pub lines: Option<(u64, u64)>,
    /// Only part of the file was seen.
    pub partial: bool,
}

/// The host's read-file records.
pub trait ReadFileState: Send + Sync {
    /// The record for `path` (absolute), if any.
    fn get(&self, path: &Path) -> Option<FileRead>;
    /// Record a read of `path`.
    fn record(&self, path: &Path, read: FileRead);
    /// Every recorded path.
    fn paths(&self) -> Vec<PathBuf>;
}

/// Files larger than this are never backfilled.
pub const MAX_BACKFILL_BYTES: u64 = 10 * 1024 * 1024;

/// Words that make a command formatter-like: it may rewrite files in place.
pub const FORMATTER_MARKERS: &[&str] = &[
    "--write",
    "--fix",
    "--in-place",
    "black",
    "isort",
    "autopep8",
    "yapf",
    "ruff format",
    "cargo fmt",
    "rustfmt",
    "go fmt",
    "gofmt -w",
    "goimports -w",
    "prettier",
    "terraform fmt",
    "clang-format -i",
    "shfmt -w",
    "dprint fmt",
    "mix format",
    "rubocop -a",
    "rubocop -A",
    "swiftformat",
    "ktlint -F",
    "sed -i",
];

/// Programs ignored between the reading commands (`echo ---; cat a`).
const FILLER: &[&str] = &["echo", "printf", "true", ":"];

/// What a reading command showed of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    /// The file as written in the command.
    pub file: String,
    /// Lines shown, when not all.
    pub lines: Option<Lines>,
    /// Partial view.
    pub partial: bool,
}

/// A line selection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    /// The first N.
    Head(u64),
    /// The last N.
    Tail(u64),
    /// From..=to.
    Range(u64, u64),
}

fn count_arg(argv: &[&str]) -> Option<(u64, Vec<String>)> {
    // `head FILE`, `head -n N FILE`, `head -nN FILE`, `head -N FILE`, `head --lines=N FILE`
    let mut n = 10;
    let mut files = Vec::new();
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        if *a == "-n" || *a == "--lines" {
            n = argv.get(i + 1)?.parse().ok()?;
            i += 2;
            continue;
        }
        if let Some(v) = a.strip_prefix("--lines=").or_else(|| a.strip_prefix("-n")) {
            n = v.parse().ok()?;
        } else if let Some(v) = a.strip_prefix('-').filter(|v| !v.is_empty()) {
            n = v.parse().ok()?;
        } else {
            files.push((*a).to_string());
        }
        i += 1;
    }
    Some((n, files))
}

/// The reads a command made, if it is one of the plain reading forms
/// (and nothing else but `echo`/`printf`/`true`/`:`). `exit_code` is needed
/// for `grep` (a read only when it matched).
pub fn reads(analysis: &Analysis, exit_code: Option<i32>) -> Vec<Shown> {
    if !analysis.permission_safe() {
        return Vec::new();
    }
    let commands = analysis.commands();
    if commands.iter().any(|c| {
        !c.redirects.is_empty()
            || !c.assignments.is_empty()
            || matches!(c.connector, Some(Connector::Pipe | Connector::PipeAll))
    }) {
        return Vec::new();
    }
    let readers: Vec<_> = commands
        .iter()
        .filter(|c| !c.argv().next().is_some_and(|p| FILLER.contains(&p)))
        .collect();
    let mut out = Vec::new();
    let grep_ok = readers.len() == 1 && exit_code == Some(0);
    for c in &readers {
        let argv: Vec<&str> = c.argv().collect();
        match shown_by(&argv, grep_ok) {
            Some(shown) => out.extend(shown),
            None => return Vec::new(),
        }
    }
    out
}

/// What one reader shows (`None`: a form we cannot vouch for, which
/// spoils the whole command). `grep` counts only alone and successful
/// (`grep_ok`): then its file is partly shown.
fn shown_by(argv: &[&str], grep_ok: bool) -> Option<Vec<Shown>> {
    let (&program, args) = argv.split_first()?;
    let one = |file: &str, lines: Option<Lines>| {
        Some(vec![Shown {
            file: file.to_string(),
            lines,
            partial: true,
        }])
    };
    match program {
        "cat" => {
            let files: Vec<&str> = args.iter().copied().filter(|a| *a != "-n").collect();
            if files.is_empty() || files.iter().any(|f| f.starts_with('-')) {
                return None;
            }
            let whole = |f: &str| Shown {
                file: f.to_string(),
                lines: None,
                partial: false,
            };
            Some(files.into_iter().map(whole).collect())
        }
        "head" | "tail" => {
            let (n, files) = count_arg(argv)?;
            let [file] = files.as_slice() else {
                return None;
            };
            let lines = if program == "head" {
                Lines::Head(n)
            } else {
                Lines::Tail(n)
            };
            one(file, Some(lines))
        }
        "sed" => {
            let (["-n", script, file] | [script, "-n", file]) = args else {
                return None;
            };
            let script = script.strip_suffix('p').unwrap_or("");
            let range = match script.split_once(',') {
                Some((a, b)) => a.parse().ok().zip(b.parse().ok()),
                None => script.parse().ok().map(|n| (n, n)),
            };
            let (from, to) = range.filter(|(a, b)| a <= b && *a > 0)?;
            one(file, Some(Lines::Range(from, to)))
        }
        "grep" if grep_ok => {
            let [pattern, file] = args else {
                return None;
            };
            if pattern.starts_with('-') || file.starts_with('-') {
                return None;
            }
            one(file, None)
        }
        _ => None,
    }
}

fn mtime_ms(meta: &std::fs::Metadata) -> i64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Record the reads of a command that ran in `cwd` and whose output was
/// shown whole (not truncated).
pub fn backfill(
    state: &dyn ReadFileState,
    analysis: &Analysis,
    exit_code: Option<i32>,
    cwd: &Path,
    now_ms: i64,
) {
    for shown in reads(analysis, exit_code) {
        let path = cwd.join(&shown.file);
        let path = path.canonicalize().unwrap_or(path);
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if !meta.is_file() || meta.len() > MAX_BACKFILL_BYTES || state.get(&path).is_some() {
            continue;
        }
        let lines = match shown.lines {
            None => None,
            Some(Lines::Range(a, b)) => Some((a, b)),
            Some(Lines::Head(n)) => Some((1, n)),
            Some(Lines::Tail(n)) => {
                let total = std::fs::read(&path).map_or(0, |b| {
                    let newlines = b.iter().filter(|&&c| c == b'\n').count() as u64;
                    newlines + u64::from(!b.is_empty() && !b.ends_with(b"\n"))
                });
                Some((total.saturating_sub(n) + 1, total))
            }
        };
        state.record(
            &path,
            FileRead {
                at_ms: now_ms,
                mtime_ms: mtime_ms(&meta),
                lines,
                partial: shown.partial,
            },
        );
    }
}

/// Is `command` formatter-like?
pub fn formatter_like(command: &str) -> bool {
    let words: Vec<&str> = command.split_whitespace().collect();
    FORMATTER_MARKERS.iter().any(|marker| {
        let m: Vec<&str> = marker.split_whitespace().collect();
        words.windows(m.len()).any(|w| {
            w.iter().zip(&m).all(|(a, b)| {
                let a =
                    a.trim_matches(|c| c == '\'' || c == '"' || c == ';' || c == '&' || c == '|');
                a == *b || a.rsplit('/').next() == Some(b)
            })
        })
    })
}

/// After a formatter-like command started at `started_ms`: files read
/// before that it has modified since.
pub fn stale_notice(state: &dyn ReadFileState, command: &str, started_ms: i64) -> Option<String> {
    if !formatter_like(command) {
        return None;
    }
    let mut modified: Vec<PathBuf> = state
        .paths()
        .into_iter()
        .filter(|p| {
            let Some(read) = state.get(p) else {
                return false;
            };
            std::fs::metadata(p)
                .map(|m| mtime_ms(&m))
                .is_ok_and(|m| m >= started_ms && m > read.mtime_ms)
        })
        .collect();
    if modified.is_empty() {
        return None;
    }
    modified.sort();
    let shown: Vec<String> = modified
        .iter()
        .take(5)
        .map(|p| p.display().to_string())
        .collect();
    let more = if modified.len() > 5 {
        format!(" and {} more", modified.len() - 5)
    } else {
        String::new()
    };
    Some(format!(
        "[This command modified {} file{} you've previously read: {}{more}. Call Read before editing.]",
        modified.len(),
        if modified.len() == 1 { "" } else { "s" },
        shown.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(file, lines, partial)`
    type Expected<'a> = &'a [(&'a str, Option<Lines>, bool)];

    #[test]
    fn reading_forms() {
        let table: &[(&str, Option<i32>, Expected<'_>)] = &[
            ("cat a", Some(0), &[("a", None, false)]),
            (
                "cat -n a b",
                Some(0),
                &[("a", None, false), ("b", None, false)],
            ),
            ("head -n 5 a", Some(0), &[("a", Some(Lines::Head(5)), true)]),
            ("head -5 a", Some(0), &[("a", Some(Lines::Head(5)), true)]),
            ("head -n5 a", Some(0), &[("a", Some(Lines::Head(5)), true)]),
            ("tail a", Some(0), &[("a", Some(Lines::Tail(10)), true)]),
            (
                "tail --lines=3 a",
                Some(0),
                &[("a", Some(Lines::Tail(3)), true)],
            ),
            (
                "sed -n '3p' a",
                Some(0),
                &[("a", Some(Lines::Range(3, 3)), true)],
            ),
            (
                "sed -n 2,9p a",
                Some(0),
                &[("a", Some(Lines::Range(2, 9)), true)],
            ),
            ("grep x a", Some(0), &[("a", None, true)]),
            ("echo; cat a; true", Some(0), &[("a", None, false)]),
            ("grep x a", Some(1), &[]),
            ("grep x a; cat b", Some(0), &[]),
            ("cat a | head", Some(0), &[]),
            ("cat < a", Some(0), &[]),
            ("cat a > b", Some(0), &[]),
            ("head -n 3 a b", Some(0), &[]),
            ("sed -n 's/a/b/p' a", Some(0), &[]),
            ("cat $F", Some(0), &[]),
            ("ls a", Some(0), &[]),
        ];
        for (command, code, want) in table {
            let got = reads(&shellward_syntax::analyze(command), *code);
            let got: Vec<(&str, Option<Lines>, bool)> = got
                .iter()
                .map(|s| (s.file.as_str(), s.lines, s.partial))
                .collect();
            assert_eq!(got.as_slice(), *want, "{command}");
        }
    }

    #[test]
    fn formatter_markers() {
        for yes in [
            "npx prettier --write .",
            "cargo fmt",
            "black src",
            "gofmt -w x.go",
            "eslint --fix src",
            "sed -i s/a/b/ f",
            "/usr/bin/black x",
        ] {
            assert!(formatter_like(yes), "{yes}");
        }
        for no in [
            "cargo build",
            "blackbox run",
            "prettierx",
            "sed -n p f",
            "git status",
        ] {
            assert!(!formatter_like(no), "{no}");
        }
    }
}
