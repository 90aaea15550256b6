//! shellward-syntax turns a bash command string into the simple commands it
//! runs, for deciding whether they may run without asking a person.
//!
//! It is a purpose-built, single-pass recursive-descent parser for the bash
//! grammar that agents use, made for hostile input:
//!
//! * input longer than [`MAX_COMMAND_CHARS`] is refused without parsing
//!   ([`ParseStatus::TooLong`]);
//! * nesting of any kind is limited to [`MAX_NESTING`] levels, reported as an
//!   error, so the stack is bounded;
//! * work is linear in the input; nothing panics on any input.
//!
//! The result is an [`Analysis`]: the [`SimpleCommand`]s reached through
//! lists (`;`, newline, `&&`, `||`) and pipelines (`|`, `|&`), each with its
//! decoded argv, `NAME=value` prefixes, redirections and here-documents, and
//! the connector before it. Compound commands (subshells, groups, `if`,
//! loops, functions, `[[ ]]`, `(( ))`, `coproc`, `time`, `&`) are parsed for
//! syntax but recorded as [`Unsupported`] and not descended into. A word is
//! static only when its value is known without running anything; see
//! [`DynamicKind`] for what is not. [`Analysis::permission_safe`] is the
//! single question later stages ask first: fail closed on anything else.
//!
//! ```
//! let analysis = shellward_syntax::analyze("git status && rm -rf 'build dir'");
//! assert!(analysis.permission_safe());
//! let argv: Vec<_> = analysis.commands()[1].argv().collect();
//! assert_eq!(argv, ["rm", "-rf", "build dir"]);
//! ```

mod ansi_c;
mod braces;
mod ir;
mod parser;
mod pattern;

pub use braces::{MAX_BRACE_WORDS, brace_expanded, expand_braces};
pub use ir::*;
pub use pattern::wildcard;

use std::sync::Arc;

/// Commands longer than this many characters are not parsed.
pub const MAX_COMMAND_CHARS: usize = 10_000;

/// Deepest nesting of compound commands, substitutions and expansions.
pub const MAX_NESTING: usize = 64;

pub(crate) type ParseResult<T> = Result<T, SyntaxError>;

/// Analyze one command string.
pub fn analyze(command: &str) -> Analysis {
    let source: Arc<str> = Arc::from(command);
    if is_too_long(command) {
        return Analysis {
            status: ParseStatus::TooLong,
            script: Script {
                source,
                ..Script::default()
            },
            errors: vec![SyntaxError {
                offset: 0,
                message: format!("command longer than {MAX_COMMAND_CHARS} characters"),
            }],
        };
    }
    if let Some(offset) = command.bytes().position(|b| b == 0) {
        return failed(
            source,
            SyntaxError {
                offset,
                message: "NUL byte in command".into(),
            },
        );
    }
    match parser::Parser::new(&source, source.clone(), 0, 0).parse_script() {
        Ok(script) => Analysis {
            status: ParseStatus::Ok,
            script,
            errors: Vec::new(),
        },
        Err(error) => failed(source, error),
    }
}

fn failed(source: Arc<str>, error: SyntaxError) -> Analysis {
    Analysis {
        status: ParseStatus::Error,
        script: Script {
            source,
            ..Script::default()
        },
        errors: vec![error],
    }
}

/// More than [`MAX_COMMAND_CHARS`] characters, counted without scanning far past the limit.
fn is_too_long(command: &str) -> bool {
    command.len() > MAX_COMMAND_CHARS && command.chars().nth(MAX_COMMAND_CHARS).is_some()
}
