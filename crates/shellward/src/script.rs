//! `shellward check --file SCRIPT`: every command of a script judged, with
//! its effects, so a person or CI can vet a script before running it.
//!
//! The script is cut into its top-level commands: lines are joined while
//! what they hold is unfinished (an open quote, here-document, `if` or
//! loop, a trailing `\` or `&&`), so each report is one complete command
//! with the line it starts on. Each is judged as the agent's command would
//! be, from the same working directory, except that a plain `cd DIR` with
//! a static directory moves the directory later commands are judged in.
//! The exit status says the worst answer: 0 when every command would run
//! without asking, 1 when one would ask, 2 when one would be denied.

use std::path::{Path, PathBuf};

use serde::Serialize;
use shellward_syntax::{MAX_COMMAND_CHARS, ParseStatus};

/// The largest script read (bytes).
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;

/// One top-level command of a script.
#[derive(Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The line it starts on (1-based).
    pub line: usize,
    /// Its text, without the trailing newline.
    pub text: String,
}

/// Parse errors that more lines may finish.
const UNFINISHED: &[&str] = &["unterminated", "unexpected end of input", "here-document"];

/// Cut `script` into its top-level commands (comments and blank lines
/// between them left out, a `#!` line too).
pub fn chunks(script: &str) -> Vec<Chunk> {
    let mut out = Vec::new();
    let mut current: Option<Chunk> = None;
    for (i, line) in script.lines().enumerate() {
        let chunk = match current.take() {
            Some(mut c) => {
                c.text.push('\n');
                c.text.push_str(line);
                c
            }
            None => {
                let trimmed = line.trim();
                if trimmed.is_empty() || trimmed.starts_with('#') {
                    continue;
                }
                Chunk {
                    line: i + 1,
                    text: line.to_string(),
                }
            }
        };
        if unfinished(&chunk.text) {
            current = Some(chunk);
        } else {
            out.push(chunk);
        }
    }
    out.extend(current);
    out
}

/// Would more lines finish this text? (Never past the analyzer's limit.)
fn unfinished(text: &str) -> bool {
    if text.len() >= MAX_COMMAND_CHARS {
        return false;
    }
    let trimmed = text.trim_end();
    if trimmed.ends_with('\\')
        || trimmed.ends_with("&&")
        || trimmed.ends_with("||")
        || trimmed.ends_with('|')
    {
        return true;
    }
    let analysis = shellward_syntax::analyze(text);
    analysis.status == ParseStatus::Error
        && analysis
            .errors
            .iter()
            .any(|e| UNFINISHED.iter().any(|u| e.to_string().contains(u)))
}

/// A chunk that is only `cd DIR` with a static directory: where later
/// commands run.
pub fn cd_target(text: &str, cwd: &Path) -> Option<PathBuf> {
    let analysis = shellward_syntax::analyze(text);
    let [command] = analysis.commands() else {
        return None;
    };
    if !analysis.permission_safe() || !command.redirects.is_empty() {
        return None;
    }
    let argv: Vec<&str> = command.argv().collect();
    match argv.as_slice() {
        ["cd", dir] if !dir.starts_with('-') && !dir.starts_with('~') => Some(cwd.join(dir)),
        _ => None,
    }
}

/// One command's report with the line it starts on.
#[derive(Debug, Serialize)]
pub struct Located<'r> {
    /// The line the command starts on.
    pub line: usize,
    /// The report.
    #[serde(flatten)]
    pub report: &'r crate::report::Report,
}

/// The exit status for the worst of `decisions` (`allow`, `ask`, `deny`).
pub fn status<'a>(decisions: impl IntoIterator<Item = &'a str>) -> u8 {
    decisions
        .into_iter()
        .map(|d| match d {
            "allow" => 0,
            "deny" => 2,
            _ => 1,
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_of_a_script() {
        let script = "#!/bin/bash\nset -e\n\n# build\ncargo build \\\n  --release\necho 'a\nb'\ncat <<EOF\nx\nEOF\nif true; then\n  rm -rf x\nfi\nmake &&\n  make install\n";
        let got: Vec<(usize, String)> = chunks(script)
            .into_iter()
            .map(|c| (c.line, c.text))
            .collect();
        let want: Vec<(usize, String)> = [
            (2, "set -e"),
            (5, "cargo build \\\n  --release"),
            (7, "echo 'a\nb'"),
            (9, "cat <<EOF\nx\nEOF"),
            (12, "if true; then\n  rm -rf x\nfi"),
            (15, "make &&\n  make install"),
        ]
        .iter()
        .map(|(l, t)| (*l, t.to_string()))
        .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn an_unfinished_script_ends_in_one_chunk() {
        let got = chunks("echo ok\necho 'never closed\nls\n");
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].line, 2);
        assert_eq!(got[1].text, "echo 'never closed\nls");
    }

    #[test]
    fn worst_status() {
        assert_eq!(status(["allow", "allow"]), 0);
        assert_eq!(status(["allow", "ask"]), 1);
        assert_eq!(status(["ask", "deny", "allow"]), 2);
        assert_eq!(status([]), 0);
    }
}
