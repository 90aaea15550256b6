//! Programs whose options the effect rows read exactly, as the program's
//! own parser does, from a table of every option it has.
//!
//! The lenient reading ([`crate::Args::has`]) finds an option in any
//! spelling and counts what would lower a severity only when it is written
//! out plainly, because it does not know which options take a value. For
//! the programs here it does: `git branch --format -d` formats with `-d`
//! (nothing is deleted), `git branch --no-delete -d x` deletes (the last
//! wins), `git clean -fdxn` only lists, `rm -- -rf x` removes a file named
//! `-rf`. A command the table cannot read whole (an option it does not
//! have, an ambiguous abbreviation) is read leniently, as before.

use std::sync::OnceLock;

use shellward_argv::options::{self, Dialect, Options};

/// One program (or git subcommand) read exactly: its options as its
/// `--help` lists them, how it reads long options, and the options that
/// make it print usage and do nothing else.
pub(crate) struct Grammar {
    pub program: &'static str,
    /// git's subcommand, after its global options.
    pub subcommand: Option<&'static str>,
    pub table: &'static str,
    pub dialect: Dialect,
    /// Options after which the program only prints (`-h`, `--help`).
    pub quits: &'static [&'static str],
    /// Several implementations read it, some as GNU getopt does (options
    /// anywhere, unless `POSIXLY_CORRECT` is set), some as POSIX getopt
    /// (options end at the first operand): the command is read both ways
    /// and does what either reading does. The table is then the union of
    /// every implementation's options, so an option outside it is one
    /// every implementation refuses (the command does nothing).
    pub posix_sensitive: bool,
}

/// git's parse-options: any unambiguous prefix, `--no-NAME`, options
/// anywhere.
const GIT: Dialect = Dialect {
    stop_at_operand: false,
    abbreviations: true,
    negations: true,
};

/// GNU getopt_long: any unambiguous prefix, options anywhere (unless
/// `POSIXLY_CORRECT` is set).
const GNU: Dialect = Dialect {
    stop_at_operand: false,
    abbreviations: true,
    negations: false,
};

/// The grammars, from each program's `--help` (git 2.4x; rm: GNU coreutils
/// 9 with its hidden `---presume-input-tty`, uutils, FreeBSD, macOS,
/// OpenBSD, NetBSD and BusyBox).
#[rustfmt::skip]
pub(crate) const GRAMMARS: &[Grammar] = &[
    Grammar {
        program: "git", subcommand: Some("branch"), dialect: GIT, quits: &["-h", "--help"], posix_sensitive: false,
        table: "-v|--verbose -q|--quiet -t|--track=OPT -u|--set-upstream-to=STR --set-upstream --unset-upstream --color=OPT -r|--remotes --contains=LAST --no-contains=LAST --with=LAST --without=LAST --abbrev=OPT -a|--all -d|--delete -D -m|--move -M -c|--copy -C -l|--list --show-current --create-reflog --edit-description -f|--force --merged=LAST --no-merged=LAST --column=OPT --sort=STR --points-at=STR -i|--ignore-case --recurse-submodules --format=STR --omit-empty -h --help",
    },
    Grammar {
        program: "git", subcommand: Some("clean"), dialect: GIT, quits: &["-h", "--help"], posix_sensitive: false,
        table: "-q|--quiet -n|--dry-run -f|--force -i|--interactive -d -e|--exclude=STR -x -X -h --help",
    },
    Grammar {
        program: "rm", subcommand: None, dialect: GNU, quits: &["--help", "--version"], posix_sensitive: true,
        table: "-f|--force -i -I --interactive=OPT --one-file-system|-x --no-preserve-root --preserve-root=OPT -r|-R|--recursive -d|--dir -v|--verbose -P -W --presume-input-tty ---presume-input-tty --help --version",
    },
];

/// `git branch` options that put it in list mode: with `-d`, `-m` or
/// `-c` git refuses the command (`git branch --merged -d x` deletes
/// nothing).
pub(crate) const GIT_BRANCH_LISTS: &[&str] = &[
    "--contains",
    "--no-contains",
    "--with",
    "--without",
    "--merged",
    "--no-merged",
    "--points-at",
    "-l",
];

/// A command read by its [`Grammar`].
#[derive(Debug)]
pub struct Exact<'a> {
    options: &'static Options,
    /// The options in effect (canonical names), the last of `--X` and
    /// `--no-X` winning.
    present: Vec<&'static str>,
    /// The options in the order given, with their values.
    pub flags: Vec<(&'static str, Option<String>)>,
    /// The operands, after the subcommand.
    pub operands: Vec<&'a str>,
    /// The program only prints its usage or version, or refuses the
    /// command: it does nothing else.
    pub quits: bool,
    /// The other reading of a [`Grammar::posix_sensitive`] program, where
    /// it differs (`rm ./build -r`: POSIX getopt removes the files
    /// `./build` and `-r`).
    pub posix: Option<Box<Exact<'a>>>,
}

impl Exact<'_> {
    /// Is one of `spellings` (names in the grammar) in effect?
    pub fn has(&self, spellings: &[&str]) -> bool {
        spellings
            .iter()
            .any(|s| options::canonical(self.options, s).is_some_and(|c| self.present.contains(&c)))
    }
}

/// The grammar of `program` (and git's `subcommand`), if it has one.
pub(crate) fn grammar(
    program: &str,
    subcommand: Option<&str>,
) -> Option<(usize, &'static Grammar)> {
    GRAMMARS.iter().enumerate().find(|(_, g)| {
        g.program == program && (g.subcommand.is_none() || g.subcommand == subcommand)
    })
}

/// Does `word` (an option of `program`, as written) take the next word as
/// its value? `None` when `program` has no grammar or the grammar does not
/// have the option.
pub(crate) fn takes_next(program: &str, subcommand: Option<&str>, word: &str) -> Option<bool> {
    use options::Value;
    let (at, _) = grammar(program, subcommand)?;
    let table = options_of(at);
    let separate = |v: Value| !matches!(v, Value::None | Value::Opt);
    if word.starts_with("--") {
        return Some(separate(options::value_of(table, word)?));
    }
    // A cluster (`-fm`): the first letter that takes a value takes the
    // rest of the word, or the next word when it is the last.
    let letters: Vec<char> = word.chars().skip(1).collect();
    for (i, c) in letters.iter().enumerate() {
        let value = options::value_of(table, &format!("-{c}"))?;
        if separate(value) {
            return Some(i + 1 == letters.len());
        }
    }
    Some(false)
}

/// The options of git subcommands without a [`Grammar`] that take the next
/// word as their value (their `--help`); any other option of git's is read
/// as a flag, so a word after it may be an option (`git push -u $F`).
#[rustfmt::skip]
const GIT_VALUES: &[(&str, &[&str])] = &[
    ("am", &["-p", "-C", "--directory", "--exclude", "--include"]),
    ("apply", &["-p", "-C", "--directory", "--exclude", "--include"]),
    ("checkout", &["-b", "-B", "--orphan", "--conflict", "--pathspec-from-file"]),
    ("cherry-pick", &["-m", "--mainline", "-s", "--strategy", "-X", "--strategy-option"]),
    ("clone", &["-b", "--branch", "-o", "--origin", "--depth", "-c", "--config", "-u", "--upload-pack", "--reference", "--separate-git-dir", "-j", "--jobs", "--template", "--filter"]),
    ("commit", &["-m", "--message", "-F", "--file", "-C", "--reuse-message", "-c", "--reedit-message", "--author", "--date", "--fixup", "--squash", "-t", "--template", "--trailer"]),
    ("fetch", &["--depth", "-j", "--jobs", "--upload-pack", "-o", "--server-option", "--refmap", "--negotiation-tip"]),
    ("log", &["-n", "--max-count", "--since", "--until", "--author", "--grep", "--format", "--pretty", "--skip", "--date"]),
    ("merge", &["-m", "-F", "--file", "-s", "--strategy", "-X", "--strategy-option"]),
    ("pull", &["-s", "--strategy", "-X", "--strategy-option", "--depth", "-j", "--jobs", "--upload-pack"]),
    ("push", &["-o", "--push-option", "--repo", "--receive-pack", "--exec"]),
    ("rebase", &["--onto", "-x", "--exec", "-s", "--strategy", "-X", "--strategy-option"]),
    ("restore", &["-s", "--source", "--pathspec-from-file"]),
    ("revert", &["-m", "--mainline", "-s", "--strategy", "-X", "--strategy-option"]),
    ("stash", &["-m", "--message", "--pathspec-from-file"]),
    ("submodule", &["-b", "--branch", "--name", "--reference", "--depth", "-j", "--jobs"]),
    ("switch", &["-c", "--create", "-C", "--force-create", "--orphan", "--conflict"]),
    ("tag", &["-m", "--message", "-F", "--file", "-u", "--local-user", "--cleanup"]),
    ("worktree", &["-b", "-B", "--reason"]),
];

/// Does `word` (an option of `program`, as written) take the next word as
/// its value? By the program's [`Grammar`]; for another git subcommand,
/// [`GIT_VALUES`] (any other option a flag); `None` for other programs.
pub(crate) fn option_takes_next(
    program: &str,
    subcommand: Option<&str>,
    word: &str,
) -> Option<bool> {
    if let Some(known) = takes_next(program, subcommand, word) {
        return Some(known);
    }
    if program != "git" {
        return None;
    }
    let values = GIT_VALUES
        .iter()
        .find(|(s, _)| Some(*s) == subcommand)
        .map_or(&[][..], |(_, v)| *v);
    Some(values.contains(&word))
}

/// Each grammar's table, parsed on first use.
fn options_of(at: usize) -> &'static Options {
    static TABLES: [OnceLock<Options>; GRAMMARS.len()] =
        [const { OnceLock::new() }; GRAMMARS.len()];
    TABLES[at].get_or_init(|| Options::parse(GRAMMARS[at].table))
}

/// Read `args` (the words after the program, or after git's subcommand)
/// by `program`'s grammar; `None` when it has none or cannot read them.
pub(crate) fn read<'a>(
    program: &str,
    subcommand: Option<&str>,
    args: &'a [String],
) -> Option<Exact<'a>> {
    let (at, grammar) = grammar(program, subcommand)?;
    let options = options_of(at);
    // git's `--end-of-options` is `--`.
    let words: Vec<&'a str> = args
        .iter()
        .map(|w| {
            if w == "--end-of-options" && grammar.program == "git" {
                "--"
            } else {
                w.as_str()
            }
        })
        .collect();
    if !grammar.posix_sensitive {
        let parsed = options::parse_as(options, &words, false, grammar.dialect).ok()?;
        return Some(reading(options, grammar, args, &parsed));
    }
    let posix = Dialect {
        stop_at_operand: true,
        ..grammar.dialect
    };
    // An option no implementation has: the command is refused. An
    // abbreviation the union finds ambiguous may not be in one of them
    // (`--pre` is GNU's `--preserve-root`, and also uutils'
    // `--presume-input-tty`): not read exactly.
    let mut unsure = false;
    let mut read_as = |dialect| match options::parse_as(options, &words, false, dialect) {
        Ok(parsed) => reading(options, grammar, args, &parsed),
        Err(options::Unknown(name)) => {
            let name = name.split('=').next().unwrap_or(&name);
            unsure |= options::begins_long(options, name);
            Exact {
                options,
                present: Vec::new(),
                flags: Vec::new(),
                operands: Vec::new(),
                quits: true,
                posix: None,
            }
        }
    };
    let mut exact = read_as(grammar.dialect);
    let other = read_as(posix);
    if unsure {
        return None;
    }
    if other.flags != exact.flags || other.operands != exact.operands || other.quits != exact.quits
    {
        exact.posix = Some(Box::new(other));
    }
    Some(exact)
}

/// One reading of `args` by `grammar`.
fn reading<'a>(
    options: &'static Options,
    grammar: &Grammar,
    args: &'a [String],
    parsed: &options::Parsed<'_>,
) -> Exact<'a> {
    let mut present: Vec<&'static str> = Vec::new();
    for flag in &parsed.flags {
        present.retain(|p| *p != flag.name);
        if !flag.negated {
            present.push(flag.name);
        }
    }
    let quits = parsed.flags.iter().any(|f| grammar.quits.contains(&f.name));
    let flags = parsed
        .flags
        .iter()
        .filter(|f| !f.negated)
        .map(|f| (f.name, f.value.map(str::to_string)))
        .collect();
    let operands = parsed
        .operands
        .iter()
        .map(|&(i, _)| args[i - 1].as_str())
        .collect();
    Exact {
        options,
        present,
        flags,
        operands,
        quits,
        posix: None,
    }
}

/// Every spelling a row of a program with a grammar names in an option
/// condition that its grammar does not have (a row that could never
/// apply to a command read exactly): `(row id, spelling)`.
pub fn unknown_spellings() -> Vec<(&'static str, &'static str)> {
    use crate::rows::Cond;
    let mut out = Vec::new();
    for row in crate::ROWS {
        let sub = row.path.first().copied().filter(|_| row.program == "git");
        let Some((at, g)) = grammar(row.program, sub) else {
            continue;
        };
        if row.program == "git" && sub.is_none() {
            continue;
        }
        for cond in row.when {
            if let Cond::Opt(spellings) | Cond::Not(spellings) = cond {
                for s in *spellings {
                    // `--no-delete` where `--delete` is negated by the dialect.
                    let negation = g.dialect.negations
                        && s.strip_prefix("--no-").is_some_and(|rest| {
                            options::canonical(options_of(at), &format!("--{rest}")).is_some()
                        });
                    if options::canonical(options_of(at), s).is_none() && !negation {
                        out.push((row.id, *s));
                    }
                }
            }
        }
    }
    out
}
