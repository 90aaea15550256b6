//! shellward-judge decides whether an analyzed command is provably
//! read-only, and says which rule decided.
//!
//! A whole command is read-only only if it is permission-safe (see
//! `shellward_syntax::Analysis::permission_safe`), has at least one simple
//! command, and every simple command is judged read-only. Per simple command,
//! in order: environment prefixes from a fixed allowlist; redirections only
//! from files or to `/dev/null` and descriptors; the wrappers `command`,
//! `builtin`, `noglob` stripped; only bare program names; then the command's
//! row in [`tables`](crate) (or git's rules), its option table, its callback,
//! and its path operands resolved against the workspace. Unknown is never
//! read-only. Every verdict carries a stable rule id (`readonly.flags:sort`,
//! `readonly.flag:sort:-o`, `env.prefix:PATH`, `git.global:-c`,
//! `path.outside:/etc/*` ...) and a reason for people.
//!
//! A read-only command that reads outside the workspace is still read-only,
//! but lists `external_paths` so the permission layer asks.

mod awk;
mod callbacks;
/// The option language and parser, shared with the rest of shellward.
pub(crate) use shellward_argv::options as flags;
mod fsread;
pub mod git;
mod gitconfig;
mod index;
mod paths;
mod project;
pub mod rules;
mod tables;

pub use paths::Context;

use std::path::{Path, PathBuf};

use shellward_syntax::{
    Analysis, Connector, DynamicKind, ParseStatus, Part, RedirectOp, Script, SimpleCommand, Word,
};

use paths::Resolved;
use rules::Rule;
use tables::{Operands, Runs};

/// A rejection: the rule that decided and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reject {
    /// Stable rule id.
    pub rule: Text,
    /// Human reason.
    pub reason: Text,
}

/// A rule id or reason: most are fixed text, some name what was judged.
pub type Text = std::borrow::Cow<'static, str>;

impl Reject {
    pub(crate) fn new(rule: impl Into<Text>, reason: impl Into<Text>) -> Reject {
        Reject {
            rule: rule.into(),
            reason: reason.into(),
        }
    }
}

/// The verdict on one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandVerdict {
    /// Whether this simple command is read-only.
    pub read_only: bool,
    /// The rule that decided.
    pub rule: Text,
    /// Why, for people.
    pub reason: Text,
    /// Directories outside the workspace it reads (`/etc/*`).
    pub external_paths: Vec<String>,
}

/// The verdict on a whole command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Every simple command is read-only (it may still read outside the workspace).
    pub read_only: bool,
    /// The rule that decided.
    pub rule: Text,
    /// Why, for people.
    pub reason: Text,
    /// Per simple command, in order (empty when the command was not judged per command).
    pub commands: Vec<CommandVerdict>,
    /// Union of the external paths, in order of appearance.
    pub external_paths: Vec<String>,
}

impl Verdict {
    fn whole(rule: impl Into<Text>, reason: impl Into<Text>) -> Verdict {
        Verdict {
            read_only: false,
            rule: rule.into(),
            reason: reason.into(),
            commands: Vec::new(),
            external_paths: Vec::new(),
        }
    }
}

/// What a prefix variable's value may look like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Any text: the variable names no file and runs nothing.
    Text,
    /// A locale name (`C`, `POSIX`, `en_US.UTF-8`, `de_DE@euro`): glibc
    /// reads a locale from a path when the value has a `/`.
    Locale,
    /// `LANGUAGE`: locale names separated by `:` (a `/` or `..` would
    /// make gettext read message catalogs from anywhere).
    Locales,
    /// A time zone name (`UTC`, `Europe/Paris`, `EST5EDT`): a leading `/`
    /// or `:`, or a `..`, names a zone file anywhere.
    Zone,
    /// A terminal name (`xterm-256color`): a `/` makes ncurses read a
    /// terminfo file by path.
    Terminal,
}

/// Environment variables a read-only command may be given as a prefix,
/// and the shape their value must have. (Not `TMPDIR`: `sort` writes its
/// temporary files there. Not `LOCPATH`, `NLSPATH`, `GCONV_PATH`,
/// `TERMINFO`, `MAGIC`: they name files or code to load.)
#[rustfmt::skip]
const ENV_ALLOW: &[(&str, Shape)] = &[
    ("LANG", Shape::Locale), ("LANGUAGE", Shape::Locales), ("LC_ALL", Shape::Locale),
    ("LC_CTYPE", Shape::Locale), ("LC_COLLATE", Shape::Locale), ("LC_MESSAGES", Shape::Locale),
    ("LC_NUMERIC", Shape::Locale), ("LC_TIME", Shape::Locale), ("LC_MONETARY", Shape::Locale),
    ("TZ", Shape::Zone), ("TERM", Shape::Terminal),
    ("NO_COLOR", Shape::Text), ("FORCE_COLOR", Shape::Text), ("CLICOLOR", Shape::Text),
    ("CLICOLOR_FORCE", Shape::Text), ("COLORTERM", Shape::Text), ("COLUMNS", Shape::Text),
    ("LINES", Shape::Text), ("CI", Shape::Text), ("GIT_TERMINAL_PROMPT", Shape::Text),
    ("TIME_STYLE", Shape::Text), ("LS_COLORS", Shape::Text), ("QUOTING_STYLE", Shape::Text),
    ("BLOCK_SIZE", Shape::Text), ("PYTHONDONTWRITEBYTECODE", Shape::Text),
    ("PYTHONUNBUFFERED", Shape::Text), ("PYTHONIOENCODING", Shape::Text),
    ("RUST_BACKTRACE", Shape::Text), ("RUST_LOG", Shape::Text), ("GREP_COLOR", Shape::Text),
    ("GREP_COLORS", Shape::Text), ("SOURCE_DATE_EPOCH", Shape::Text),
    ("NODE_NO_WARNINGS", Shape::Text), ("NPM_CONFIG_UPDATE_NOTIFIER", Shape::Text),
    ("DEBIAN_FRONTEND", Shape::Text), ("GIT_OPTIONAL_LOCKS", Shape::Text),
    ("TERM_PROGRAM", Shape::Text),
];

impl Shape {
    fn fits(self, value: &str) -> bool {
        let name_chars = |v: &str, extra: &[u8]| {
            v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || extra.contains(&b))
        };
        let locale = |v: &str| {
            v.is_empty()
                || (v.starts_with(|c: char| c.is_ascii_alphabetic()) && name_chars(v, b"_.-@"))
        };
        match self {
            Shape::Text => true,
            Shape::Locale => locale(value),
            Shape::Locales => value.split(':').all(locale),
            Shape::Zone => {
                value.starts_with(|c: char| c.is_ascii_alphabetic() || c == '<')
                    && name_chars(value, b"/_+-<>:,.")
                    && !value
                        .split('/')
                        .any(|part| part.is_empty() || part.starts_with('.'))
            }
            Shape::Terminal => name_chars(value, b"-_.+"),
        }
    }
}

/// Whether `NAME=value` before a command is one of the harmless environment
/// prefixes a read-only command may carry (locale, colour, CI flags ...),
/// with a value of the shape that variable takes.
pub fn harmless_env(name: &str, value: &str) -> bool {
    ENV_ALLOW
        .iter()
        .any(|&(n, shape)| n == name && shape.fits(value))
}

/// Files an output redirection may name: the bit bucket, and the
/// command's own standard output and error (`>/dev/stderr` is `>&2`).
const OUTPUT_TARGETS: &[&str] = &["/dev/null", "/dev/stdout", "/dev/stderr"];

/// How deep substitutions, `find -exec` and `xargs` may nest inside each
/// other before the judge stops looking (and says not read-only).
const MAX_DEPTH: usize = 3;

/// Programs whose arguments may come from a command substitution
/// (`echo "on $(git branch --show-current)"`): whatever the substituted text
/// is, no option or operand of theirs writes, executes or reads a file. The
/// number is the first argument position a substitution may take (`printf`'s
/// first argument could become `-v`).
const SUBSTITUTION_ARGS: &[(&str, usize)] = &[
    ("echo", 1),
    ("printf", 2),
    ("basename", 1),
    ("dirname", 1),
    ("true", 1),
    ("false", 1),
    ("expr", 1),
];

/// One judging run: the context and what has been learned about it.
struct Judging<'a> {
    ctx: &'a Context,
    /// Repository safety per working directory, checked once each.
    repos: OncePerDir,
    /// Submodule safety per working directory, checked once each.
    submodules: OncePerDir,
}

/// A check's answer per directory, within one verdict.
#[derive(Default)]
struct OncePerDir(std::cell::RefCell<Vec<(PathBuf, Option<String>)>>);

impl OncePerDir {
    fn get(&self, dir: &Path, check: impl FnOnce(&Path) -> Option<String>) -> Option<String> {
        if let Some((_, why)) = self.0.borrow().iter().find(|(d, _)| d == dir) {
            return why.clone();
        }
        let why = check(dir);
        self.0.borrow_mut().push((dir.to_path_buf(), why.clone()));
        why
    }
}

impl Judging<'_> {
    fn repository_unsafe(&self, cwd: &Path) -> Option<String> {
        self.repos.get(cwd, git::repository_unsafe)
    }

    fn submodules_unsafe(&self, cwd: &Path) -> Option<String> {
        self.submodules.get(cwd, git::submodules_unsafe)
    }
}

/// Every table row's examples: `(program, command, read-only?)`.
pub fn row_examples() -> impl Iterator<Item = (&'static str, &'static str, bool)> {
    tables::ROWS
        .iter()
        .flat_map(|r| r.examples.iter().map(move |&(c, ro)| (r.name, c, ro)))
}

/// Is this sed script made only of commands that print or edit the
/// pattern space (no `e`, `s///e`, `w`, `r`, ...), as the judge reads sed?
pub fn sed_script_is_plain(script: &str) -> bool {
    callbacks::sed_script(script).is_ok()
}

/// Does any table of the judge describe `program` (by its base name)? A
/// program nothing describes may be one that runs its arguments.
pub fn knows(program: &str) -> bool {
    tables::entry(program.rsplit('/').next().unwrap_or(program)).is_some()
}

/// Judge an analyzed command in `ctx`.
pub fn judge(analysis: &Analysis, ctx: &Context) -> Verdict {
    match analysis.status {
        ParseStatus::TooLong => {
            return Verdict::whole(Rule::SyntaxTooLong, "longer than 10,000 characters");
        }
        ParseStatus::Error => {
            let why = analysis
                .errors
                .first()
                .map_or_else(String::new, ToString::to_string);
            return Verdict::whole(Rule::SyntaxParseError, format!("could not parse: {why}"));
        }
        ParseStatus::Ok => {}
    }
    if let Some(reject) = unsupported(&analysis.script) {
        return Verdict::whole(reject.rule, reject.reason);
    }
    if analysis.commands().is_empty() {
        return Verdict::whole(Rule::SyntaxEmpty, "no command");
    }
    let j = Judging {
        ctx,
        repos: OncePerDir::default(),
        submodules: OncePerDir::default(),
    };
    let commands = judge_commands(analysis.commands(), &j, &ctx.cwd, 0);
    let mut external_paths: Vec<String> = Vec::new();
    for p in commands.iter().flat_map(|c| &c.external_paths) {
        if !external_paths.contains(p) {
            external_paths.push(p.clone());
        }
    }
    if let Some(bad) = commands.iter().find(|c| !c.read_only) {
        return Verdict {
            read_only: false,
            rule: bad.rule.clone(),
            reason: bad.reason.clone(),
            commands,
            external_paths,
        };
    }
    match external_paths.first() {
        Some(first) => Verdict {
            read_only: true,
            rule: Rule::PathOutside.at(first),
            reason: format!(
                "read-only, but reads outside the workspace: {}",
                external_paths.join(", ")
            )
            .into(),
            commands,
            external_paths,
        },
        None => Verdict {
            read_only: true,
            rule: Rule::ReadonlyAll.into(),
            reason: "every simple command is read-only".into(),
            commands,
            external_paths,
        },
    }
}

/// The first construct the judge cannot see through. The `time` keyword
/// is not one: it only times the pipeline after it, whose commands the
/// analyzer reports like any others (`VAR=x time ...` is the `time`
/// program instead, judged as a command).
fn unsupported(script: &Script) -> Option<Reject> {
    use shellward_syntax::UnsupportedKind;
    script
        .unsupported
        .iter()
        .find(|u| u.kind != UnsupportedKind::TimeKeyword)
        .map(|u| {
            Reject::new(
                Rule::SyntaxUnsupported.at(u.kind.as_str()),
                format!("`{}` is not analyzed", u.span.slice(&script.source)),
            )
        })
}

/// Judge a script nested in a word (`$(...)`, `` `...` ``, `<(...)`) run
/// from `cwd`: every simple command in it must be read-only.
fn judge_nested(
    script: &Script,
    j: &Judging<'_>,
    cwd: &Path,
    depth: usize,
    external: &mut Vec<String>,
) -> Result<(), Reject> {
    if depth > MAX_DEPTH {
        return Err(Reject::new(
            Rule::SubstitutionDepth,
            "substitutions nested too deeply to judge",
        ));
    }
    if let Some(reject) = unsupported(script) {
        return Err(reject);
    }
    for verdict in judge_commands(&script.commands, j, cwd, depth) {
        if !verdict.read_only {
            return Err(Reject::new(
                verdict.rule,
                format!("inside a substitution: {}", verdict.reason),
            ));
        }
        for p in verdict.external_paths {
            if !external.contains(&p) {
                external.push(p);
            }
        }
    }
    Ok(())
}

/// Judge each simple command. A `cd` changes where later relative paths
/// point, so after one, operands are resolved against every directory the
/// shell may be in by then (the original one is kept: a `cd` inside a
/// pipeline does not move the rest), and a path outside the workspace from
/// any of them counts. git run where a `cd` led is judged there: that
/// repository must be inside the workspace and safe.
fn judge_commands(
    commands: &[SimpleCommand],
    j: &Judging<'_>,
    start: &Path,
    depth: usize,
) -> Vec<CommandVerdict> {
    // `grep --exclude-dir={target,.git}` is judged as the words bash makes.
    let expanded = shellward_syntax::brace_expanded(commands);
    let commands: &[SimpleCommand] = &expanded;
    // Directories a `cd` may have led to, besides `start` (allocated only after one).
    let mut moved: Vec<PathBuf> = Vec::new();
    let mut out = Vec::with_capacity(commands.len());
    for (i, c) in commands.iter().enumerate() {
        let mut verdict = CommandVerdict {
            read_only: true,
            rule: Text::Borrowed(""),
            reason: Text::Borrowed(""),
            external_paths: Vec::new(),
        };
        let cwds = || std::iter::once(start).chain(moved.iter().map(PathBuf::as_path));
        for cwd in cwds() {
            match judge_command(c, j, cwd, depth) {
                Ok((rule, reason, external)) => {
                    if verdict.rule.is_empty() {
                        (verdict.rule, verdict.reason) = (rule, reason);
                    }
                    for p in external {
                        if !verdict.external_paths.contains(&p) {
                            verdict.external_paths.push(p);
                        }
                    }
                }
                Err(r) => {
                    verdict = CommandVerdict {
                        read_only: false,
                        rule: r.rule,
                        reason: r.reason,
                        external_paths: Vec::new(),
                    };
                    break;
                }
            }
        }
        // Looked up once, for what xargs drives and where cd goes.
        let program = verdict
            .read_only
            .then(|| program_row(&c.words))
            .flatten()
            .map(|(row, _, at)| (row, at));
        if verdict.read_only
            && let Some(reject) =
                xargs_names(commands, i, program, j, start, &mut verdict.external_paths)
        {
            verdict = CommandVerdict {
                read_only: false,
                rule: reject.rule,
                reason: reject.reason,
                external_paths: Vec::new(),
            };
        }
        if verdict.read_only
            && let Some((row, at)) = program
            && row.moves_cwd
        {
            let Some(next) = cd_targets(&c.words[at..], j.ctx, cwds()) else {
                out.push(CommandVerdict {
                    read_only: false,
                    rule: Rule::PathUnresolved.into(),
                    reason: "the directory `cd` goes to is only known when it runs".into(),
                    external_paths: Vec::new(),
                });
                continue;
            };
            for dir in next {
                if dir != start && !moved.contains(&dir) {
                    moved.push(dir);
                }
            }
        }
        out.push(verdict);
    }
    out
}

/// Where a `cd` (`words[0]`) leads from each directory the shell may be
/// in: its operand as the row reads it; none means home. A directory that
/// cannot be told (a glob, `~user`) leaves the commands after it in an
/// unknown place: `None`. bash's `cd` is logical unless `-P`: `link/..`
/// drops `link` as text before the kernel sees it (and falls back to the
/// physical path when that fails), so both places count.
fn cd_targets<'p>(
    words: &[Word],
    ctx: &Context,
    cwds: impl Iterator<Item = &'p Path>,
) -> Option<Vec<PathBuf>> {
    let operand = first_operand(words);
    let physical_only = words[1..]
        .iter()
        .any(|w| w.value.starts_with('-') && w.value.contains('P'));
    let mut out = Vec::new();
    for cwd in cwds {
        match operand {
            Some(w) if w.glob_prefix.is_some() => return None,
            Some(w) => {
                out.push(paths::locate(ctx, cwd, &w.value, w.tilde).ok()?);
                if !physical_only && w.value.split('/').any(|part| part == "..") {
                    let start = match (w.tilde, w.value.strip_prefix("~/"), &ctx.home) {
                        (true, Some(rest), Some(home)) => home.join(rest),
                        _ => cwd.join(&w.value),
                    };
                    let logical = paths::fold_lexically(&start);
                    out.push(
                        paths::locate(ctx, Path::new("/"), &logical.to_string_lossy(), false)
                            .ok()?,
                    );
                }
            }
            None => out.push(ctx.home.clone()?),
        }
    }
    Some(out)
}

/// `xargs READER` reads the files its standard input names: a name from
/// data (`echo /etc/shadow | xargs head`, `xargs head < list`) could be
/// anything. Only names a file lister printed in a mode that prints names
/// alone (`find . -name '*.rs' | xargs grep x`, not `find -printf TEXT`)
/// are read-only, and then the trees it lists are scanned: for links out,
/// as the lister prints links as they are (as for `grep -R`), and for
/// names xargs would not read back as themselves (`x ../y` is two).
fn xargs_names(
    commands: &[SimpleCommand],
    i: usize,
    program: Option<(&tables::Row, usize)>,
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
) -> Option<Reject> {
    let c = &commands[i];
    let (row, at) = program?;
    if row.drives.is_empty() {
        return None;
    }
    let target = first_operand(&c.words[at..])?.value.as_str();
    if reads_no_files(target) {
        return None;
    }
    let piped = matches!(c.connector, Some(Connector::Pipe | Connector::PipeAll));
    let lister = i
        .checked_sub(1)
        .filter(|_| piped)
        .and_then(|p| name_lister(&commands[p].words));
    let from_file = c.redirects.iter().any(|r| {
        matches!(
            r.op,
            RedirectOp::Input
                | RedirectOp::HereDoc
                | RedirectOp::HereDocStrip
                | RedirectOp::HereString
        )
    });
    // Not piped and not redirected: its input is the tool's, which is empty.
    if !piped && !from_file {
        return None;
    }
    let from_data = || {
        Reject::new(
            Rule::XargsNamesFromData,
            format!(
                "`xargs {target}` would read files named by its input, which is not a file listing"
            ),
        )
    };
    let Some(lister) = lister.filter(|_| !from_file) else {
        return Some(from_data());
    };
    let null = parses_with(&c.words[at..], "-0");
    // `-d X` splits names at X, not where the lister ended them (`find
    // fooX | xargs -d X head` reads `/...` from a name holding `X/...`).
    if parses_with(&c.words[at..], "-d") {
        return Some(Reject::new(
            Rule::XargsNamesFromData,
            format!("`xargs -d` would split the names {target} reads where the lister did not"),
        ));
    }
    if lister.git
        && let Some(why) = git::index_names_unsafe(cwd, null)
    {
        return Some(Reject::new(
            Rule::XargsNamesFromData,
            format!("`xargs {target}` would read names from git's index, which holds {why}"),
        ));
    }
    lister_trees(j.ctx, cwd, &lister.trees, null, external)
        .and_then(|()| {
            if lister.elsewhere_relative {
                lister_trees(j.ctx, cwd, &[], null, external)
            } else {
                Ok(())
            }
        })
        .err()
}

/// What a lister whose names `xargs` reads lists: the words of its path
/// operands (none: the working directory), and whether it is git (whose
/// names come from the index too).
struct Lister<'w> {
    trees: Small<&'w Word>,
    git: bool,
    /// Its names are not relative to the working directory (`ls DIR`
    /// prints bare names; git prints names relative to the repository's
    /// top, or as given): xargs opens them from the working directory,
    /// which is scanned as well.
    elsewhere_relative: bool,
}

/// When the command `words` prints names of files and nothing else (its
/// row's `lists_names` mode, or git's `NAME_LISTS`), what it lists.
fn name_lister(words: &[Word]) -> Option<Lister<'_>> {
    let (row, options, at) = program_row(words)?;
    let names = row.lists_names?;
    let words = &words[at..];
    let args: Small<&str> = words[1..].iter().map(|w| w.value.as_str()).collect();
    if row.runs == Runs::Git {
        let paths = git::name_list(&args)?;
        let trees: Small<&Word> = words[1..]
            .iter()
            .filter(|w| paths.contains(&w.value.as_str()))
            .collect();
        let elsewhere_relative = !trees.is_empty();
        return Some(Lister {
            trees,
            git: true,
            elsewhere_relative,
        });
    }
    let parsed = flags::parse(options, &args, row.numeric_short, row.stop_at_operand).ok()?;
    let mode = (names.with.is_empty() || names.with.iter().any(|o| parsed.has(o)))
        && !names.unless.iter().any(|o| parsed.has(o));
    let trees: Small<&Word> = path_operands(row, &parsed)
        .iter()
        .filter_map(|&(i, _)| words.get(i))
        .filter(|w| !row.not_paths.contains(&w.value.as_str()))
        .collect();
    // ls lists a directory's entries by their bare names.
    let elsewhere_relative = !trees.is_empty() && matches!(row.name, "ls" | "dir" | "vdir");
    mode.then_some(Lister {
        trees,
        git: false,
        elsewhere_relative,
    })
}

/// Does `words` (a program and its arguments) parse by its row with `option`?
fn parses_with(words: &[Word], option: &str) -> bool {
    let Some((row, options)) = words.first().and_then(|w| tables::entry(&w.value)?.row()) else {
        return false;
    };
    let args: Small<&str> = words[1..].iter().map(|w| w.value.as_str()).collect();
    flags::parse(options, &args, row.numeric_short, row.stop_at_operand)
        .is_ok_and(|p| p.has(option))
}

/// Scan the trees a lister lists (a glob's directory; the working
/// directory for none) that are inside the workspace, for `xargs`.
fn lister_trees(
    ctx: &Context,
    cwd: &Path,
    trees: &[&Word],
    null: bool,
    external: &mut Vec<String>,
) -> Result<(), Reject> {
    let located = trees
        .iter()
        .filter(|w| w.dynamic.is_none())
        .filter_map(|w| {
            let text = match w.glob_prefix.as_deref() {
                Some(prefix) => prefix.rfind('/').map_or(".", |k| &prefix[..=k]),
                None => w.value.as_str(),
            };
            paths::locate(ctx, cwd, text, w.tilde).ok()
        });
    let starts: Small<PathBuf> = if trees.is_empty() {
        std::iter::once(cwd.to_path_buf()).collect()
    } else {
        located.filter(|p| ctx.contains(p)).collect()
    };
    for start in &starts {
        match paths::follow_outside_names(ctx, start, null) {
            paths::Followed::Inside => {}
            paths::Followed::Outside(p) => {
                if !external.contains(&p) {
                    external.push(p);
                }
            }
            paths::Followed::TooLarge(dir) => external.push(format!("{}/*", dir.display())),
            paths::Followed::OddName(path) => {
                return Err(Reject::new(
                    Rule::XargsNamesFromData,
                    format!(
                        "`{}` is a name xargs would not read back as one file (a blank, quote, backslash or leading `-`)",
                        path.display()
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The row of the program a simple command runs (after the builtins that
/// only run the rest), and the index of its name among the words.
fn program_row(words: &[Word]) -> Option<(&'static tables::Row, &'static flags::Options, usize)> {
    let at = words
        .iter()
        .position(|w| !tables::TRANSPARENT.contains(&w.value.as_str()))?;
    let (row, options) = tables::entry(&words[at].value)?.row()?;
    Some((row, options, at))
}

/// The first operand of a command (`words[0]` is its program), read by its
/// row's options; none when it has no row or its options do not parse.
fn first_operand(words: &[Word]) -> Option<&Word> {
    let (row, options) = tables::entry(&words.first()?.value)?.row()?;
    let args: Small<&str> = words[1..].iter().map(|w| w.value.as_str()).collect();
    let parsed = flags::parse(options, &args, row.numeric_short, row.stop_at_operand).ok()?;
    let &(index, _) = parsed.operands.first()?;
    words.get(index)
}

/// A program that reads no file whatever its operands (`echo`, `printf`):
/// `xargs` may drive it with any input.
fn reads_no_files(name: &str) -> bool {
    tables::entry(name).is_some_and(|e| {
        e.any_args
            || e.table_row()
                .is_some_and(|row| row.operands == Operands::Free)
    })
}

/// Variables that hold nothing secret and that a person running the
/// command already knows (where they are, which shell and paths), printed
/// as `$NAME` or `${NAME}` only: no operators, no indirection.
pub const PRINTABLE_VARIABLES: &[&str] = &[
    "HOME",
    "PATH",
    "PWD",
    "OLDPWD",
    "SHELL",
    "USER",
    "LOGNAME",
    "HOSTNAME",
    "LANG",
    "TERM",
    "TMPDIR",
    "VIRTUAL_ENV",
    "GOPATH",
    "JAVA_HOME",
];

/// A parameter expansion whose value is harmless to print: the shell's own
/// special parameters (`$?` last status, `$#`, `$$`, `$!`, `$-`, `$0`) and
/// [`PRINTABLE_VARIABLES`].
fn printable_parameter(text: &str) -> bool {
    if matches!(text, "$?" | "$#" | "$$" | "$!" | "$-" | "$0") {
        return true;
    }
    let name = text
        .strip_prefix("${")
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| text.strip_prefix('$'));
    name.is_some_and(|n| PRINTABLE_VARIABLES.contains(&n))
}

/// A dynamic argument's substitutions, when they are all this judge can
/// look into: `$(...)` and `` `...` `` anywhere in the word (also inside
/// double quotes), or the whole word being one `<(...)`; printable
/// parameters ([`printable_parameter`]) are allowed alongside (no script).
/// `None` for any other expansion (other named parameters, which may hold
/// secrets, arithmetic, braces, `>(...)` ...).
fn substitutions(word: &Word) -> Option<(Vec<&Script>, bool)> {
    let special = |span: &shellward_syntax::Span| {
        let text = span
            .start
            .checked_sub(word.span.start)
            .and_then(|from| word.value.get(from..from + (span.end - span.start)));
        text.is_some_and(printable_parameter)
    };
    fn walk<'w>(
        parts: &'w [Part],
        out: &mut Vec<&'w Script>,
        special: &dyn Fn(&shellward_syntax::Span) -> bool,
    ) -> bool {
        parts.iter().all(|part| match part {
            Part::Literal(_) | Part::SingleQuoted(_) | Part::AnsiC(_) => true,
            Part::DoubleQuoted(_, inner) => walk(inner, out, special),
            Part::CommandSubstitution(_, script) | Part::Backtick(_, script) => {
                out.push(script);
                true
            }
            Part::Parameter(span) => special(span),
            _ => false,
        })
    }
    if word.dynamic == Some(DynamicKind::UndecodableBytes) {
        return None;
    }
    if let [
        Part::ProcessSubstitution {
            output: false,
            script,
            ..
        },
    ] = word.parts.as_slice()
    {
        return Some((vec![script], true));
    }
    let mut scripts = Vec::new();
    walk(&word.parts, &mut scripts, &special).then_some((scripts, false))
}

type Ok3 = (Text, Text, Vec<String>);

/// A command's words or arguments while it is judged: on the stack for the
/// usual handful, so judging allocates nothing for them.
type Small<T> = smallvec::SmallVec<[T; 16]>;

fn dynamic_reject(kind: DynamicKind) -> Reject {
    Reject::new(
        Rule::SyntaxDynamic.at(kind.as_str()),
        format!(
            "a word's value depends on {} at run time",
            kind.as_str().replace('_', " ")
        ),
    )
}

fn judge_command(
    c: &SimpleCommand,
    j: &Judging<'_>,
    cwd: &Path,
    depth: usize,
) -> Result<Ok3, Reject> {
    let ctx = j.ctx;
    // Only arguments may be dynamic (and only through substitutions judged
    // below): never an assignment, a redirection or a here-document.
    if let Some(kind) = c
        .assignments
        .iter()
        .map(|a| &a.value)
        .chain(c.redirects.iter().map(|r| &r.target))
        .find_map(|w| w.dynamic)
        .or_else(|| {
            c.redirects
                .iter()
                .find_map(|r| r.heredoc.as_ref().and_then(|h| h.dynamic))
        })
    {
        return Err(dynamic_reject(kind));
    }
    for a in &c.assignments {
        if !harmless_env(&a.name, &a.value.value) {
            return Err(Reject::new(
                Rule::EnvPrefix.at(&a.name),
                format!(
                    "`{}={}` can change what the command runs or reads",
                    a.name, a.value.value
                ),
            ));
        }
    }
    let mut external = Vec::new();
    let rebound = std_streams_rebound(c);
    for r in &c.redirects {
        let target = r.target.value.as_str();
        if target.starts_with("/dev/tcp/") || target.starts_with("/dev/udp/") {
            return Err(Reject::new(
                Rule::RedirectNetwork,
                format!("`{target}` opens a network connection"),
            ));
        }
        let dup_target =
            target == "-" || (!target.is_empty() && target.bytes().all(|b| b.is_ascii_digit()));
        match r.op {
            RedirectOp::HereDoc | RedirectOp::HereDocStrip | RedirectOp::HereString => {}
            RedirectOp::Input => note_path(ctx, cwd, &r.target, &mut external),
            RedirectOp::DupInput | RedirectOp::DupOutput if dup_target => {}
            RedirectOp::Output
            | RedirectOp::Append
            | RedirectOp::Clobber
            | RedirectOp::OutputAll
            | RedirectOp::AppendAll
                if target == "/dev/null" || (OUTPUT_TARGETS.contains(&target) && !rebound) => {}
            _ => {
                return Err(Reject::new(
                    Rule::RedirectOutput.at(target),
                    format!("`{}{target}` writes a file", r.op.as_str()),
                ));
            }
        }
    }
    let words: Small<&Word> = c.words.iter().collect();
    let (rule, reason) = judge_argv(&words, j, cwd, &mut external, depth)?;
    Ok((rule, reason, external))
}

/// Does a redirection of `c` point its standard output or error at
/// something other than the other one? Then `/dev/stdout` and `/dev/stderr`
/// are that thing, reopened: `echo x 1<a.txt >/dev/stdout` truncates
/// `a.txt`, and so does `<a.txt >&0 ... >/dev/stdout`.
fn std_streams_rebound(c: &SimpleCommand) -> bool {
    c.redirects.iter().any(|r| {
        let fd = r.effective_fd();
        let target = r.target.value.as_str();
        match r.op {
            // Writing to the bit bucket or to each other leaves them ours.
            RedirectOp::DupOutput | RedirectOp::DupInput => {
                (fd == 1 || fd == 2) && !matches!(target, "1" | "2" | "-")
            }
            // Any other output target is rejected on its own; these three
            // reopen the bit bucket or our own output file.
            RedirectOp::Output
            | RedirectOp::Append
            | RedirectOp::Clobber
            | RedirectOp::OutputAll
            | RedirectOp::AppendAll => false,
            // `1<a.txt`, `2<>a.txt`, `1<<<x`.
            _ => fd == 1 || fd == 2,
        }
    })
}

/// `find ... -exec CMD ARGS {} +` (or `... ;`): each `CMD ARGS` is judged
/// as a command of its own, at the same working directory (`{}` are the
/// found files, below find's start points, which are judged as find's
/// operands); what is left is judged as `find`. `-execdir`, `-ok` and
/// `-okdir` are not looked into: they stay unknown options of `find`.
fn find_exec(
    words: &[&Word],
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
    depth: usize,
) -> Result<(Text, Text), Reject> {
    let values: Vec<&str> = words.iter().map(|w| w.value.as_str()).collect();
    let mut kept: Vec<&Word> = Vec::with_capacity(words.len());
    let mut inner_names = Vec::new();
    let mut from = 0;
    // The one reading of `-exec` (shellward-argv); the other actions stay
    // in find's words, where its table rejects them.
    for exec in shellward_argv::runners::find_exec(&values)
        .into_iter()
        .filter(|e| e.action == "-exec")
    {
        if !exec.terminated || exec.command.is_empty() {
            return Err(Reject::new(
                Rule::FindExecMalformed,
                "`-exec` needs a command and a `;` or `{} +` after it",
            ));
        }
        if depth >= MAX_DEPTH {
            return Err(Reject::new(
                Rule::SubstitutionDepth,
                "commands nested too deeply to judge",
            ));
        }
        kept.extend_from_slice(&words[from..exec.at]);
        let inner = &words[exec.command.clone()];
        replaced_arguments(inner, "{}", Rule::FindExecArgument)?;
        named_code(inner, "{}", Rule::FindExecArgument)?;
        // find runs it by name through the search path, a builtin's too.
        workspace_program(&inner[0].value, j.ctx, cwd, true)?;
        judge_argv(inner, j, cwd, external, depth + 1)
            .map_err(|r| Reject::new(r.rule, format!("in `find -exec`: {}", r.reason)))?;
        inner_names.push(inner[0].value.as_str());
        from = exec.command.end + 1;
    }
    kept.extend_from_slice(words.get(from..).unwrap_or(&[]));
    judge_argv(&kept, j, cwd, external, depth)?;
    exec_reads_links(&kept, j, cwd, external)?;
    Ok((
        Rule::ReadonlyFindExec.at(&inner_names.join(",")),
        format!(
            "`find` with read-only options, running only read-only commands ({})",
            inner_names.join(", ")
        )
        .into(),
    ))
}

/// The words of a command a driver runs once per name it read, with
/// `replace` (`{}` of `find -exec`, the string of `xargs -I`) replaced by
/// the name wherever it occurs. A word that is exactly `replace` is the
/// name, judged with the names; one that starts with it and has no `..`
/// after it stays below the name (`{}.bak`, `{}/Cargo.toml`). Any other
/// (`{}/../x`, `../{}`, `-f{}`, a program name holding it) is a path or
/// option made from data: not read-only.
fn replaced_arguments(words: &[&Word], replace: &str, rule: Rule) -> Result<(), Reject> {
    let below_name = |w: &str| {
        w.strip_prefix(replace)
            .is_some_and(|rest| !rest.split('/').any(|c| c == ".."))
    };
    let bad = words.iter().enumerate().find(|&(i, w)| {
        replace.is_empty()
            || replace.starts_with('-')
            || (w.value.contains(replace)
                && (i == 0 || (w.value != replace && !below_name(&w.value))))
    });
    match bad {
        Some((_, w)) => Err(Reject::new(
            rule,
            format!(
                "`{}` is made from each name read (`{replace}`) and could name anything",
                w.value
            ),
        )),
        None => Ok(()),
    }
}

/// Programs whose code (a script, a program, a filter) is their first
/// operand or an option's value (`sed -e`, `awk -f`, `jq --from-file`).
const CODE_FIRST: &[&str] = &[
    "sed", "gsed", "awk", "gawk", "mawk", "nawk", "jq", "gojq", "jaq", "yq",
];

/// A name put where a program of [`CODE_FIRST`] reads its code (`find
/// 'BEGIN{system(...)}' -exec awk {} \;`, `find wout -exec sed -n {} f`:
/// the directory `w out` is sed's `w` command) makes code of data: its
/// first operand and every option value must not be `replace`.
fn named_code(words: &[&Word], replace: &str, rule: Rule) -> Result<(), Reject> {
    let Some(program) = words
        .first()
        .map(|w| w.value.rsplit('/').next().unwrap_or(&w.value))
    else {
        return Ok(());
    };
    if !CODE_FIRST.contains(&program) || !words[1..].iter().any(|w| w.value.contains(replace)) {
        return Ok(());
    }
    let args: Small<&str> = words[1..].iter().map(|w| w.value.as_str()).collect();
    let is_code = match tables::entry(&words[0].value).and_then(|e| e.row()) {
        Some((row, options)) => {
            match flags::parse(options, &args, row.numeric_short, row.stop_at_operand) {
                Ok(parsed) => {
                    parsed
                        .flags
                        .iter()
                        .any(|f| f.value.is_some_and(|v| v.contains(replace)))
                        || parsed
                            .operands
                            .first()
                            .is_some_and(|(_, o)| o.contains(replace))
                }
                Err(_) => true,
            }
        }
        None => true,
    };
    if is_code {
        return Err(Reject::new(
            rule,
            format!(
                "`{replace}` is where {program} reads its program: each name read would run as code"
            ),
        ));
    }
    Ok(())
}

/// The commands `find -exec` runs read the files find names, and a link
/// is read where it leads (find does not follow it; `cat` does): find's
/// start points are scanned for links leading out, as for `grep -R`.
fn exec_reads_links(
    find: &[&Word],
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
) -> Result<(), Reject> {
    let Some((row, options)) = find.first().and_then(|w| tables::entry(&w.value)?.row()) else {
        return Ok(());
    };
    let args: Small<&str> = find[1..].iter().map(|w| w.value.as_str()).collect();
    // find itself was judged read-only: its options parse.
    let Ok(parsed) = flags::parse(options, &args, row.numeric_short, row.stop_at_operand) else {
        return Ok(());
    };
    let starts: Small<(usize, &str)> = parsed
        .operands
        .iter()
        .copied()
        .filter(|(_, o)| !row.not_paths.contains(o))
        .collect();
    follow_scan(j, cwd, find, &starts, external)
}

/// The first argument that is an unquoted glob with nothing static before
/// its first glob character but dashes: it may expand to an option.
fn glob_may_be_option<'w>(words: &[&'w Word]) -> Option<&'w Word> {
    words.get(1..)?.iter().copied().find(|w| {
        w.glob_prefix
            .as_deref()
            .is_some_and(|p| p.bytes().all(|b| b == b'-'))
    })
}

fn note_path(ctx: &Context, cwd: &Path, word: &Word, external: &mut Vec<String>) {
    if word.dynamic.is_some() {
        // A substitution, judged on its own; `<(...)` is a pipe, not a path.
        return;
    }
    if let Resolved::Outside(p) = paths::resolve(
        ctx,
        cwd,
        &word.value,
        word.glob_prefix.as_deref(),
        word.tilde,
    ) && !external.contains(&p)
    {
        external.push(p);
    }
}

/// `given`, a program's first word without a dash, read by `read` as
/// old-style options (`tar tzf` is `tar -tzf`). One its row cannot read
/// is not an operand but options it does not know (`tar I CMD -tf x` runs
/// CMD).
fn old_style(read: fn(&str) -> Option<String>, name: &str, given: &str) -> Result<String, Reject> {
    read(given).ok_or_else(|| {
        Reject::new(
            Rule::ReadonlyFlag.at_fmt(format_args!("{name}:{given}")),
            format!(
                "`{name}` reads `{given}` as old-style options, and not all of them are read-only"
            ),
        )
    })
}

fn judge_argv(
    words: &[&Word],
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
    depth: usize,
) -> Result<(Text, Text), Reject> {
    let words = match strip_builtins(words)? {
        Stripped::Words(words) => words,
        Stripped::Lookup(verdict) => return Ok(verdict),
    };
    let Some(first) = words.first() else {
        return Err(Reject::new(Rule::ReadonlyEmpty, "no program to run"));
    };
    if let Some(kind) = first.dynamic {
        return Err(dynamic_reject(kind));
    }
    let name = first.value.as_str();
    judge_substitutions(words, name, j, cwd, external, depth)?;
    note_globs(&words[1..], j.ctx, cwd, external);
    if name.contains('/') {
        return Err(Reject::new(
            Rule::CommandPathQualified,
            format!("`{name}` is a path, not a known program"),
        ));
    }
    workspace_program(name, j.ctx, cwd, false)?;
    // Declared first: it outlives `argv`, which may borrow it.
    let dashed;
    let mut argv: Small<&str> = words.iter().map(|w| w.value.as_str()).collect();
    let entry = tables::entry(name);
    if let Some(read) = entry
        .and_then(tables::Entry::table_row)
        .and_then(|row| row.old_style)
        && let Some(&given) = argv.get(1)
        && !given.starts_with('-')
    {
        dashed = old_style(read, name, given)?;
        argv[1] = &dashed;
    }
    let args = &argv[1..];
    if let Some(unc) = args
        .iter()
        .find(|a| a.starts_with("\\\\") || (a.starts_with("//") && !a.starts_with("///")))
    {
        return Err(Reject::new(
            Rule::PathUnc,
            format!("`{unc}` may name a network share"),
        ));
    }
    if entry.is_some_and(|e| e.secret) {
        return Err(Reject::new(
            Rule::SecretsPrint.at(name),
            format!("`{name}` prints the environment, which holds secrets"),
        ));
    }
    match entry.and_then(tables::Entry::table_row).map(|row| row.runs) {
        Some(Runs::Git) => {
            home_config(name, j.ctx)?;
            return judge_git(words, args, j, cwd, external);
        }
        Some(Runs::ExecActions) if args.contains(&"-exec") => {
            return find_exec(words, j, cwd, external, depth);
        }
        _ => {}
    }
    let argv = Argv { words, args, name };
    let verdict = judge_entry(entry, &argv, j, cwd, external, depth)?;
    // Last, and only for what would run: the file system is asked.
    if let Some(file) = project::launcher_unsafe(name, cwd, j.ctx) {
        return Err(Reject::new(
            Rule::VersionProjectConfig.at(&file),
            format!("`{file}` here can make `{name}` download or run a program of the project's"),
        ));
    }
    home_config(name, j.ctx)?;
    Ok(verdict)
}

/// [`project::home_config_unsafe`] as a reason.
fn home_config(name: &str, ctx: &Context) -> Result<(), Reject> {
    match project::home_config_unsafe(name, ctx) {
        Some(file) => Err(Reject::new(
            Rule::VersionHomeConfig.at(&file),
            format!(
                "`{file}` is in the workspace, and `{name}` reads it on start: it may run a program"
            ),
        )),
        None => Ok(()),
    }
}

/// A program by its entry: a version query, any arguments, or its row.
fn judge_entry(
    entry: Option<&'static tables::Entry>,
    argv: &Argv<'_, '_>,
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
    depth: usize,
) -> Result<(Text, Text), Reject> {
    let name = argv.name;
    if let Some(e) = entry
        && let Some(verdict) = version_or_any_args(e, name, argv.args)?
    {
        return Ok(verdict);
    }
    let Some((row, options)) = entry.and_then(|e| e.row()) else {
        return Err(Reject::new(
            Rule::ReadonlyUnknown.at(name),
            ["`", name, "` is not known to be read-only"].concat(),
        ));
    };
    judge_row(argv, row, options, j, cwd, external, depth)?;
    match entry {
        Some(e) => Ok(borrowed(&e.accepted().flags)),
        None => Ok((
            Rule::ReadonlyFlags.at(name),
            ["`", name, "` with only read-only options"].concat().into(),
        )),
    }
}

/// A name the search path could resolve to a file the workspace holds
/// (`.venv/bin/ls` while the venv is active, `./ls` with `.` on the path):
/// an agent can write that file, so the name is not the program the row
/// describes. So with the row's helpers (`tar -tzf` runs `gzip` by name);
/// programs that search the path's neighbours (`man`) ask too. A shell
/// builtin's name is the builtin, unless `exec`: `find -exec` and `xargs`
/// run it as a program (`xargs echo` runs a planted `echo`).
fn workspace_program(name: &str, ctx: &Context, cwd: &Path, exec: bool) -> Result<(), Reject> {
    if ctx.workspace_path.is_empty() || (!exec && tables::SHELL_BUILTINS.contains(&name)) {
        return Ok(());
    }
    let row = tables::entry(name).and_then(tables::Entry::table_row);
    let searches = row.is_some_and(|row| row.searches_path);
    // The row's helpers, and theirs (git runs man, which runs nroff).
    let helpers_of = |name: &str| {
        tables::entry(name)
            .and_then(tables::Entry::table_row)
            .map_or(&[][..], |row| row.helpers)
    };
    let helpers = row.map_or(&[][..], |row| row.helpers);
    let helpers = helpers
        .iter()
        .copied()
        .chain(helpers.iter().flat_map(|h| helpers_of(h).iter().copied()));
    // What the installed program runs by name if it is a script.
    let interpreted = ctx
        .installed(name)
        .map(|file| script_helpers(&file))
        .unwrap_or_default();
    let planted = ctx
        .workspace_path
        .iter()
        .map(|dir| cwd.join(dir))
        .find(|dir| {
            searches
                || std::iter::once(name)
                    .chain(helpers.clone())
                    .chain(interpreted.iter().map(String::as_str))
                    .any(|program| std::fs::symlink_metadata(dir.join(program)).is_ok())
        });
    match planted {
        Some(dir) => Err(Reject::new(
            Rule::CommandInWorkspace.at(&dir.to_string_lossy()),
            format!(
                "`{name}` may run or read what the workspace holds in `{}`, which is on the search path",
                dir.display()
            ),
        )),
        None => Ok(()),
    }
}

/// Programs a script runs by name through the search path: the
/// interpreter of `#!/usr/bin/env NAME` (pyenv's shims are `#!/usr/bin/env
/// bash`), and for a shell script (`egrep`, `zcat`, `lsb_release` are) the
/// utilities shell scripts call ([`tables::SCRIPT_UTILITIES`]). A program
/// that is not a script runs none this way.
fn script_helpers(file: &Path) -> Vec<String> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let read = std::fs::File::open(file).and_then(|mut f| f.read(&mut head));
    let Ok(n) = read else { return Vec::new() };
    let Some(line) = head[..n].strip_prefix(b"#!") else {
        return Vec::new();
    };
    let line = line.split(|&b| b == b'\n').next().unwrap_or(line);
    let line = String::from_utf8_lossy(line);
    let mut words = line.split_ascii_whitespace();
    let interpreter = words.next().unwrap_or("");
    let mut helpers = Vec::new();
    let base = match interpreter.rsplit('/').next() {
        Some("env") => {
            let named = words.find(|w| !w.starts_with('-') && !w.contains('='));
            helpers.extend(named.map(str::to_string));
            named.unwrap_or("")
        }
        base => base.unwrap_or(""),
    };
    if shellward_argv::runners::SHELLS.contains(&base) {
        helpers.extend(tables::SCRIPT_UTILITIES.iter().map(|u| u.to_string()));
    }
    helpers
}

/// The shell expands a glob whatever the program: `echo ~/.ssh/*` lists a
/// directory outside the workspace as surely as `ls` would. (A glob
/// relative to the working directory with no `..`, and none a dot-glob
/// could expand to, stays below it, and is not placed: most are that.)
fn note_globs(args: &[&Word], ctx: &Context, cwd: &Path, external: &mut Vec<String>) {
    let may_leave = |w: &Word, prefix: &str| {
        w.tilde
            || prefix.starts_with('/')
            || prefix.contains("..")
            || paths::climbs_after_glob(&w.value, prefix)
            || [".*", ".?", ".["].iter().any(|d| w.value.contains(d))
    };
    for w in args {
        if let Some(prefix) = w.glob_prefix.as_deref()
            && may_leave(w, prefix)
        {
            note_path(ctx, cwd, w, external);
        }
    }
}

/// What stripping `command`, `builtin` and `noglob` left.
enum Stripped<'w, 'a> {
    /// The words of the command they run.
    Words(&'w [&'a Word]),
    /// `command -v NAME`: a lookup, read-only whatever the name.
    Lookup((Text, Text)),
}

/// Strip the builtins that only run the rest (`command`, `builtin`,
/// `noglob`); `command -v/-V` is a lookup, any other option of it rejects.
fn strip_builtins<'w, 'a>(words: &'w [&'a Word]) -> Result<Stripped<'w, 'a>, Reject> {
    let mut start = 0;
    while let Some(w) = words.get(start) {
        match w.value.as_str() {
            "command" => match words.get(start + 1).map(|w| w.value.as_str()) {
                Some("-v" | "-V") => {
                    // The names it looks up must be known now: an expansion
                    // is text we cannot see (`command -v $SECRET`).
                    if let Some(kind) = words[start + 2..].iter().find_map(|w| w.dynamic) {
                        return Err(dynamic_reject(kind));
                    }
                    return Ok(Stripped::Lookup((
                        Rule::ReadonlyLookup.at("command"),
                        "`command -v` looks a name up".into(),
                    )));
                }
                Some(o) if o.starts_with('-') => {
                    return Err(Reject::new(
                        Rule::ReadonlyFlag.at_fmt(format_args!("command:{o}")),
                        format!("`command {o}` is not a lookup"),
                    ));
                }
                _ => start += 1,
            },
            name if tables::TRANSPARENT.contains(&name) => start += 1,
            _ => break,
        }
    }
    Ok(Stripped::Words(&words[start..]))
}

/// Substitutions in arguments: `<(...)` is a file name (`/dev/fd/N`), so
/// any program may take one; `$(...)` is arbitrary text, so only the
/// programs that nothing in their arguments can turn into a write may
/// ([`SUBSTITUTION_ARGS`]). Each substituted script is judged on its own.
fn judge_substitutions(
    words: &[&Word],
    name: &str,
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
    depth: usize,
) -> Result<(), Reject> {
    for (index, word) in words.iter().enumerate().skip(1) {
        let Some(kind) = word.dynamic else { continue };
        let Some((scripts, is_file)) = substitutions(word) else {
            return Err(dynamic_reject(kind));
        };
        if !is_file
            && !SUBSTITUTION_ARGS
                .iter()
                .any(|&(n, from)| n == name && index >= from)
        {
            return Err(Reject::new(
                Rule::SubstitutionArgument.at(name),
                format!(
                    "the output of `{}` could become an option or file name of `{name}`",
                    word.value
                ),
            ));
        }
        for script in scripts {
            judge_nested(script, j, cwd, depth + 1, external)?;
        }
    }
    Ok(())
}

/// git: its own tables (`git.rs`), then the repository it would load, the
/// submodules it would run in, and the paths it reads.
fn judge_git(
    words: &[&Word],
    args: &[&str],
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
) -> Result<(Text, Text), Reject> {
    // git has options that write (`--output`) or run programs: a glob
    // that could expand to one (a file named `--output=x` in a cloned
    // repository) is never read-only.
    if let Some(w) = glob_may_be_option(words) {
        return Err(Reject::new(
            Rule::GlobMayBeOption.at("git"),
            format!("`{}` could expand to an option of `git`", w.value),
        ));
    }
    let git::Judged {
        rule,
        paths,
        submodules,
    } = git::judge(args)?;
    repository_trusted(j, cwd)?;
    if matches!(
        rule.strip_prefix(Rule::ReadonlyGit.id()),
        Some(":remote" | ":config")
    ) && git::config_holds_credentials(cwd, j.ctx.home.as_deref())
    {
        return Err(Reject::new(
            Rule::GitCredentialsInConfig,
            "git's configuration (the repository's, the user's or the system's) holds credentials (a URL with a password, an extraheader, a password or token key), which this command would print",
        ));
    }
    if submodules && let Some(why) = j.submodules_unsafe(cwd) {
        return Err(Reject::new(
            Rule::GitRepoUnsafe.at(&why),
            format!(
                "a submodule git would run in from {} is not trusted ({why})",
                cwd.display()
            ),
        ));
    }
    for p in paths {
        if let Some(w) = words.iter().find(|w| w.value == p) {
            note_path(j.ctx, cwd, w, external);
        }
    }
    // A pathspec with the `top` magic (`:/`, `:(top)`) is read from the
    // repository's top, which may be above the workspace.
    if args.iter().any(|a| git::top_pathspec(a))
        && let Some(root) = git::work_tree_root(cwd)
        && !j.ctx.contains(&root)
    {
        let p = format!("{}/*", root.display());
        if !external.contains(&p) {
            external.push(p);
        }
    }
    Ok((rule, "a read-only git command".into()))
}

/// A version lookup (`VERSION_FORMS`, checked against project files that
/// redirect the launcher) or a print-only program (`ANY_ARGS`, with its
/// argument check): the verdict, if the command is one.
fn version_or_any_args(
    e: &'static tables::Entry,
    name: &str,
    args: &[&str],
) -> Result<Option<(Text, Text)>, Reject> {
    if e.version_only {
        let version = args == ["--version"]
            || tables::VERSION_FORMS
                .iter()
                .any(|(form, programs)| *form == args && programs.contains(&name));
        if version {
            return Ok(Some(borrowed(&e.accepted().version)));
        }
    }
    if e.any_args {
        if let Some((_, check)) = tables::ANY_ARGS_CHECKS.iter().find(|(n, _)| *n == name) {
            check(args)?;
        }
        return Ok(Some(borrowed(&e.accepted().any_args)));
    }
    Ok(None)
}

/// A command's words, its arguments as text, and its program name.
struct Argv<'w, 'a> {
    words: &'w [&'a Word],
    args: &'w [&'w str],
    name: &'w str,
}

/// A command judged by its table row: globs that could become options,
/// the options, operands, the row's callback, what `xargs` drives, then
/// the paths it reads.
fn judge_row(
    argv: &Argv<'_, '_>,
    row: &tables::Row,
    options: &flags::Options,
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
    depth: usize,
) -> Result<(), Reject> {
    let Argv { words, args, name } = *argv;
    // A glob's first component matches names of the working directory:
    // with none that starts with `-`, no glob becomes an option. Asked only
    // for programs whose options at most read (a race could only leak).
    let reads_only = row.glob_reads_only || row.glob_reads_named;
    let glob_option = glob_may_be_option(words).filter(|_| !reads_only || paths::dash_entry(cwd));
    if !row.glob_safe
        && !row.glob_reads_only
        && let Some(w) = glob_option
    {
        return Err(Reject::new(
            Rule::GlobMayBeOption.at(name),
            format!("`{}` could expand to an option of `{name}`", w.value),
        ));
    }
    let parsed =
        flags::parse(options, args, row.numeric_short, row.stop_at_operand).map_err(|u| {
            Reject::new(
                Rule::ReadonlyFlag.at_fmt(format_args!("{name}:{}", u.0)),
                [
                    "`",
                    &u.0,
                    "` is not a known read-only option of `",
                    name,
                    "`",
                ]
                .concat(),
            )
        })?;
    if row.operands == Operands::None && !parsed.operands.is_empty() {
        return Err(Reject::new(
            Rule::ReadonlyOperand.at(name),
            format!("`{name}` with operands may change state"),
        ));
    }
    if let Some(check) = row.check {
        check(&parsed, args)?;
    }
    if !row.drives.is_empty()
        && let Some(&(index, inner)) = parsed.operands.first()
    {
        if !row.drives.contains(&inner) || depth >= MAX_DEPTH {
            return Err(Reject::new(
                Rule::XargsCommand.at(inner),
                format!("`{name}` may only drive {}", row.drives.join(", ")),
            ));
        }
        if let Some(replace) = row.replace_option.and_then(|o| parsed.value(o)) {
            replaced_arguments(&words[index..], replace, Rule::XargsReplaceArgument)?;
            named_code(&words[index..], replace, Rule::XargsReplaceArgument)?;
        }
        // xargs runs it by name through the search path, a builtin's too.
        workspace_program(inner, j.ctx, cwd, true)?;
        judge_argv(&words[index..], j, cwd, external, depth + 1)?;
    } else if !row.drives.is_empty() {
        // With no command, xargs runs `echo` from the search path.
        workspace_program("echo", j.ctx, cwd, true)?;
    }
    row_paths(argv, row, &parsed, glob_option.is_some(), j, cwd, external)
}

/// The paths a row's command reads: its path operands, the files a list
/// names, the trees a link-following reader walks, a bare `cd`'s home,
/// path-valued options; and the repository of a program that runs git.
fn row_paths(
    argv: &Argv<'_, '_>,
    row: &tables::Row,
    parsed: &flags::Parsed<'_>,
    glob_option: bool,
    j: &Judging<'_>,
    cwd: &Path,
    external: &mut Vec<String>,
) -> Result<(), Reject> {
    let Argv { words, name, .. } = *argv;
    let ctx = j.ctx;
    let path_operands = path_operands(row, parsed);
    for &(i, _) in path_operands {
        // `find`'s expression operators are operands to the parser, not start points.
        if let Some(w) = words.get(i)
            && !row.not_paths.contains(&w.value.as_str())
        {
            note_path(ctx, cwd, w, external);
        }
    }
    if row.lists.iter().any(|o| parsed.has(o)) {
        if path_operands.is_empty() {
            return Err(Reject::new(
                Rule::ReadonlyPathList,
                format!("`{name}` reads a list of files to read from standard input"),
            ));
        }
        for &(i, _) in path_operands {
            if let Some(w) = words.get(i) {
                listed_paths(ctx, cwd, w, external)?;
            }
        }
    }
    if let Some((options, verbatim)) = row.argument_files {
        argument_files(ctx, cwd, words, parsed, options, verbatim)?;
    }
    if row.follows_always
        || row.follows.iter().any(|o| parsed.has(o))
        || (row.glob_reads_only && !row.glob_safe && glob_option)
    {
        follow_scan(j, cwd, words, path_operands, external)?;
    }
    // A recursive search of a tree holding a repository whose
    // configuration holds credentials prints them (`grep -r TOKEN .`; rg
    // enters `.git` only with `--hidden` or `-uu`).
    if let Some(options) = row.bare_searches_cwd {
        let recursive = if options.is_empty() {
            parsed.has("-.") || parsed.has("-u")
        } else {
            options.iter().any(|o| parsed.has(o)) || parsed.value("-d") == Some("recurse")
        };
        if recursive {
            repository_credentials(ctx, cwd, words, path_operands, external);
        }
    }
    // `rg secret`, `grep -r secret`: the working directory is searched, as
    // if `.` were given.
    if let Some(options) = row.bare_searches_cwd
        && path_operands.is_empty()
        && (options.is_empty() || options.iter().any(|o| parsed.has(o)))
        && let Resolved::Outside(p) = paths::resolve(ctx, cwd, ".", None, false)
        && !external.contains(&p)
    {
        external.push(p);
    }
    if row.bare_is_home
        && parsed.operands.is_empty()
        && let Resolved::Outside(p) = paths::resolve(ctx, cwd, "~", None, true)
        && !external.contains(&p)
    {
        // A bare `cd` moves the shell home, outside the workspace.
        external.push(p);
    }
    for f in parsed.flags.iter().filter(|f| f.kind == flags::Value::Path) {
        if let Some(v) = f.value
            // A leading `~` may be expanded when the value is its own word; assume it is.
            && let Resolved::Outside(p) = paths::resolve(ctx, cwd, v, None, v.starts_with('~'))
            && !external.contains(&p)
        {
            external.push(p);
        }
    }
    // gh reads the repository's remotes and branch by running git.
    if row.runs_git {
        repository_trusted(j, cwd)?;
    }
    Ok(())
}

/// The git configurations holding credentials that a recursive search
/// from its starting points (the working directory when none is named)
/// reads: each start's own `.git`, and the one of the repository a start
/// is the top of.
fn repository_credentials(
    ctx: &Context,
    cwd: &Path,
    words: &[&Word],
    operands: &[(usize, &str)],
    external: &mut Vec<String>,
) {
    let starts: Small<PathBuf> = if operands.is_empty() {
        std::iter::once(cwd.to_path_buf()).collect()
    } else {
        operands
            .iter()
            .filter_map(|&(i, _)| words.get(i))
            .filter(|w| w.dynamic.is_none())
            .filter_map(|w| {
                paths::locate(
                    ctx,
                    cwd,
                    w.glob_prefix.as_deref().unwrap_or(&w.value),
                    w.tilde,
                )
                .ok()
            })
            .collect()
    };
    for start in &starts {
        if let Some(config) = git::credentials_file(&start.join(".git")) {
            let p = config.display().to_string();
            if !external.contains(&p) {
                external.push(p);
            }
        }
    }
}

/// The operands of a row's command that are paths it reads (after the
/// script of a `ScriptThenPaths` row, unless an option gave the script).
fn path_operands<'p, 'a>(
    row: &tables::Row,
    parsed: &'p flags::Parsed<'a>,
) -> &'p [(usize, &'a str)] {
    let script_given = row.script_options.iter().any(|o| parsed.has(o));
    match row.operands {
        Operands::Paths => &parsed.operands[..],
        Operands::ScriptThenPaths if script_given => &parsed.operands[..],
        Operands::ScriptThenPaths => parsed.operands.get(1..).unwrap_or_default(),
        Operands::Free | Operands::None => &[],
    }
}

/// The largest list of paths (`sha256sum -c SUMS`) the judge reads.
const MAX_LIST_BYTES: u64 = 1 << 20;

/// Check every path named in a checksum list as if it were an operand
/// (`sha256sum -c SUMS` reads them all): GNU's `HASH  NAME`, `HASH *NAME`,
/// `\`-escaped names, and BSD's `ALGO (NAME) = HASH`. A list that cannot be
/// read whole, or a line that is none of these, is not read-only: the
/// program's reading and ours could differ.
fn listed_paths(
    ctx: &Context,
    cwd: &Path,
    list: &Word,
    external: &mut Vec<String>,
) -> Result<(), Reject> {
    let unreadable = |why: &str| {
        Reject::new(
            Rule::ReadonlyPathList,
            format!(
                "the paths listed in `{}` cannot be checked: {why}",
                list.value
            ),
        )
    };
    if list.dynamic.is_some() || list.glob_prefix.is_some() || list.value == "-" {
        return Err(unreadable("not a plain file name"));
    }
    let file =
        paths::locate(ctx, cwd, &list.value, list.tilde).map_err(|_| unreadable("outside"))?;
    let bytes = match fsread::read_bounded(&file, MAX_LIST_BYTES) {
        Ok(bytes) => bytes,
        // No list, nothing listed: the program only reports the error.
        Err(fsread::ReadError::Missing) => return Ok(()),
        Err(e) => return Err(unreadable(&format!("{e:?}"))),
    };
    let text = std::str::from_utf8(&bytes).map_err(|_| unreadable("not UTF-8"))?;
    for line in text
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.trim().is_empty())
    {
        let name = checksum_line_name(line)
            .ok_or_else(|| unreadable(&format!("unrecognized line {line:?}")))?;
        if let Resolved::Outside(p) = paths::resolve(ctx, cwd, &name, None, false)
            && !external.contains(&p)
        {
            external.push(p);
        }
    }
    Ok(())
}

/// Files of more names that the program also reads options from (GNU
/// tar's `-T LIST`, unless `--verbatim-files-from` came before it): a line
/// that starts with `-` is an option (`-T/outside/list`, `-C/`), so such a
/// line is not read-only, nor is a list the judge cannot read whole
/// (standard input, a glob, a FIFO). A missing list only makes an error.
fn argument_files(
    ctx: &Context,
    cwd: &Path,
    words: &[&Word],
    parsed: &flags::Parsed<'_>,
    options: &[&str],
    verbatim: &str,
) -> Result<(), Reject> {
    let mut literal = false;
    for f in &parsed.flags {
        if f.name == verbatim {
            literal = true;
        } else if f.name.strip_prefix("--no-") == verbatim.strip_prefix("--") {
            literal = false;
        }
        let Some(list) = f.value.filter(|_| !literal && options.contains(&f.name)) else {
            continue;
        };
        let unreadable = |why: &str| {
            Reject::new(
                Rule::ReadonlyArgumentFile,
                format!("the names in `{list}` cannot be checked for options: {why}"),
            )
        };
        if list == "-" || words.iter().any(|w| w.glob_prefix.is_some()) {
            return Err(unreadable("not a plain file name"));
        }
        let file = paths::locate(ctx, cwd, list, list.starts_with('~'))
            .map_err(|_| unreadable("not a known place"))?;
        let bytes = match fsread::read_bounded(&file, MAX_LIST_BYTES) {
            Ok(bytes) => bytes,
            Err(fsread::ReadError::Missing) => continue,
            Err(e) => return Err(unreadable(&format!("{e:?}"))),
        };
        if let Some(line) = bytes
            .split(|&b| b == b'\n' || b == 0)
            .find(|l| l.starts_with(b"-"))
        {
            return Err(Reject::new(
                Rule::ReadonlyArgumentFile,
                format!(
                    "`{list}` holds `{}`, which is read as an option",
                    String::from_utf8_lossy(line)
                ),
            ));
        }
    }
    Ok(())
}

/// The file name of one checksum line, unescaped.
fn checksum_line_name(line: &str) -> Option<String> {
    let (escaped, line) = match line.strip_prefix('\\') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let hex = |h: &str| {
        !h.is_empty()
            && h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
    };
    let name = if let Some((head, hash)) = line.rsplit_once(") = ") {
        let (algo, name) = head.split_once(" (")?;
        (hex(hash)
            && !algo.is_empty()
            && algo.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        .then_some(name)?
    } else {
        let (hash, rest) = line.split_once(' ')?;
        let name = rest.strip_prefix(' ').or_else(|| rest.strip_prefix('*'))?;
        hex(hash).then_some(name)?
    };
    if name.is_empty() {
        return None;
    }
    if !escaped {
        return Some(name.to_string());
    }
    let mut out = String::new();
    let mut chars = name.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, false) => out.push(c),
            (_, true) => match chars.next()? {
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                '\\' => out.push('\\'),
                _ => return None,
            },
        }
    }
    Some(out)
}

/// A rule and reason kept in a table entry, borrowed for a verdict.
fn borrowed((rule, reason): &'static (String, String)) -> (Text, Text) {
    (Text::Borrowed(rule), Text::Borrowed(reason))
}

/// A reader that follows symbolic links (`grep -R`, `rg -L`, `find -L`)
/// walks its path operands (the working directory when there are none):
/// each tree inside the workspace is scanned for links leading out, which
/// are reported like outside paths; a tree too large to scan asks.
fn follow_scan(
    j: &Judging<'_>,
    cwd: &Path,
    words: &[&Word],
    operands: &[(usize, &str)],
    external: &mut Vec<String>,
) -> Result<(), Reject> {
    let ctx = j.ctx;
    let starts: Small<PathBuf> = if operands.is_empty() {
        std::iter::once(cwd.to_path_buf()).collect()
    } else {
        operands
            .iter()
            .filter_map(|&(i, _)| words.get(i))
            .filter(|w| w.dynamic.is_none() && w.glob_prefix.is_none())
            .filter_map(|w| paths::locate(ctx, cwd, &w.value, w.tilde).ok())
            .filter(|p| ctx.contains(p))
            .collect()
    };
    // A glob operand's directory is scanned in full.
    let globbed: Small<PathBuf> = operands
        .iter()
        .filter_map(|&(i, _)| words.get(i))
        .filter_map(|w| {
            let prefix = w.glob_prefix.as_deref()?;
            let dir = prefix.rfind('/').map_or(".", |k| &prefix[..=k]);
            paths::locate(ctx, cwd, dir, w.tilde).ok()
        })
        .filter(|p| ctx.contains(p))
        .collect();
    for start in starts.iter().chain(&globbed) {
        match paths::follow_outside(ctx, start) {
            paths::Followed::Inside => {}
            paths::Followed::Outside(p) => {
                if !external.contains(&p) {
                    external.push(p);
                }
            }
            paths::Followed::TooLarge(_) | paths::Followed::OddName(_) => {
                return Err(Reject::new(
                    Rule::PathFollowScanLimit,
                    format!(
                        "follows symbolic links through more than {} entries below {}; not scanned",
                        paths::FOLLOW_SCAN_LIMIT,
                        start.display()
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// git (or a program running it) in `cwd`: the repository there must be
/// inside the workspace (after a `cd`) and safe.
fn repository_trusted(j: &Judging<'_>, cwd: &Path) -> Result<(), Reject> {
    let ctx = j.ctx;
    if !ctx.contains(cwd) && cwd != ctx.cwd {
        return Err(Reject::new(
            Rule::GitCdOutside,
            format!(
                "git after `cd {}` would load a repository outside the workspace",
                cwd.display()
            ),
        ));
    }
    if let Some(why) = j.repository_unsafe(cwd) {
        return Err(Reject::new(
            Rule::GitRepoUnsafe.at(&why),
            format!("the repository at {} is not trusted ({why})", cwd.display()),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod hostile_parsers {
    use proptest::prelude::*;

    proptest! {
        /// The readers of data this round added answer any text.
        #[test]
        fn checksum_lines_jq_filters_and_test_names_never_panic(text in ".{0,200}") {
            let _ = super::checksum_line_name(&text);
            let _ = crate::callbacks::jq_squeeze_for_tests(&text);
            let words: Vec<&str> = text.split(' ').collect();
            let _ = crate::callbacks::test_names(&words);
        }
    }

    #[test]
    fn checksum_lines() {
        #[rustfmt::skip]
        let cases: &[(&str, Option<&str>)] = &[
            ("e3b0  a.txt", Some("a.txt")), ("e3b0 *b.bin", Some("b.bin")),
            ("SHA256 (x y) = e3b0", Some("x y")), ("\\e3b0  a\\nb", Some("a\nb")),
            ("e3b0 a.txt", None), ("garbage", None), ("e3b0  ", None), ("\\e3b0  bad\\q", None),
        ];
        for (line, want) in cases {
            assert_eq!(super::checksum_line_name(line).as_deref(), *want, "{line}");
        }
    }
}
