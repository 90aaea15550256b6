//! shellward-argv reads a command's argv, once, for every part of shellward.
//!
//! The judge (is it read-only?), the deny and ask rules (what will run?),
//! the effect model and the "always allow" suggestions all need to know
//! where a command's options end, which words are option values, and
//! which command a wrapper (`sudo`, `timeout`, `xargs`, `bash -c`, `find
//! -exec`, `git -C DIR`) runs. When two readers disagree, a deny rule and
//! the judge see different commands; so there is one reader, here:
//!
//! * [`options`]: the option language the judge's tables are written in
//!   (`-n|--lines=NUM -q`) and the parser of an argv against a table.
//! * [`runners`]: the one table of programs that run other programs, with
//!   their options from their manuals, and what they run: the command
//!   after the options, an operand and then the command, a shell script,
//!   `find -exec ... ;`, git's subcommand after its global options.
//! * [`remote`]: the command ssh, `docker exec` and `kubectl exec` run elsewhere.
//! * [`tar`]: the commands tar runs from its helper options.
//! * [`spec`]: the lenient reading of an argv against a command tree (the
//!   registry's), through the [`spec::Spec`] trait.
//!
//! No dependencies; no allocation beyond the parsed results.

pub mod options;
pub mod remote;
pub mod runners;
pub mod spec;
pub mod tar;

/// `word` quoted for a POSIX shell (single quotes; a quote inside as
/// `'\''`): an argv handed to a reader of scripts reads back as itself.
pub fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', "'\\''"))
}
