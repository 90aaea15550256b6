//! What runs is not what is written: the guard's reading of commands that
//! rename a program for the commands after them (`hash -p /bin/rm ls`,
//! `alias ls='rm -rf'`) and of files a command writes and a later command
//! of the same line runs (`curl URL > x.sh && sh x.sh`, `cp /bin/rm x &&
//! ./x -rf ~`, `echo '{"scripts":...}' > package.json && npm test`), and
//! git aliases set through the environment.
//!
//! Neither can be read word by word: the later command's words name a
//! program or a script whose content is only known when the line runs. So
//! both are an effect of their own that the guard asks about in every mode.

use shellward_effects::{Action, Effect, Pack, Scope, Severity};
use shellward_syntax::{RedirectOp, SimpleCommand};

/// Builtins that make a name run something else, and the option (or
/// argument shape) that does it: `hash -p PATH NAME`, `alias NAME=VALUE`,
/// `enable -f FILE NAME` (a builtin loaded from a shared object).
#[rustfmt::skip]
const RENAMERS: &[(&str, Renames)] = &[
    ("alias",  |args| args.iter().any(|a| a.contains('='))),
    ("enable", |args| args.iter().any(|a| a.starts_with('-') && a.contains('f'))),
    ("hash",   |args| args.iter().any(|a| a.starts_with('-') && a.contains('p'))),
];

/// Whether a renaming builtin's arguments rename something.
type Renames = fn(&[&str]) -> bool;

/// Programs that write the files they are given, and which of their words
/// are those files: every operand, the last one, or an option's value.
#[rustfmt::skip]
const WRITERS: &[(&str, Written)] = &[
    ("cp",      Written::LastOperand),
    ("curl",    Written::Download { output: 'o', long: "--output", remote: Some('O') }),
    ("dd",      Written::Prefixed("of=")),
    ("install", Written::LastOperand),
    ("ln",      Written::LastOperand),
    ("mv",      Written::LastOperand),
    ("iconv",   Written::Download { output: 'o', long: "--output", remote: None }),
    ("perl",    Written::InPlace),
    ("rsync",   Written::LastOperand),
    ("scp",     Written::LastOperand),
    ("sed",     Written::InPlace),
    ("shuf",    Written::Download { output: 'o', long: "--output", remote: None }),
    ("sort",    Written::Download { output: 'o', long: "--output", remote: None }),
    ("tee",     Written::Operands),
    ("uniq",    Written::LastOperand),
    ("xxd",     Written::LastOperand),
    ("wget",    Written::Download { output: 'O', long: "--output-document", remote: None }),
];

/// Which words of a [`WRITERS`] command are the files it writes.
#[derive(Clone, Copy)]
enum Written {
    Operands,
    /// Every operand, where an in-place option is given (`sed -i`, `perl
    /// -pi`, `--in-place`): an existing script edited, then run.
    InPlace,
    LastOperand,
    Prefixed(&'static str),
    /// A downloader: the value of its output option (`-o FILE`, `-oFILE`,
    /// `-sSLo FILE`, `--output=FILE`), or else each URL's last part where
    /// `remote` is in a cluster (`curl -O`, `-fsSLO`) or, with `remote`
    /// `None`, always (wget saves under the URL's name).
    Download {
        output: char,
        long: &'static str,
        remote: Option<char>,
    },
}

/// Recipe runners and the files they run by default.
#[rustfmt::skip]
const RECIPES: &[(&str, &[&str])] = &[
    ("bun",   &["package.json"]),
    ("gmake", &["GNUmakefile", "makefile", "Makefile"]),
    ("just",  &["justfile", "Justfile", ".justfile"]),
    ("make",  &["GNUmakefile", "makefile", "Makefile"]),
    ("npm",   &["package.json"]),
    ("pnpm",  &["package.json"]),
    ("rake",  &["Rakefile", "rakefile"]),
    ("task",  &["Taskfile.yml", "Taskfile.yaml", "taskfile.yml"]),
    ("yarn",  &["package.json"]),
];

/// The effects of `commands` (a line's simple commands, in order) that
/// rename programs or run what an earlier command wrote.
pub fn effects(commands: &[SimpleCommand], subjects: &crate::subject::Subjects) -> Vec<Effect> {
    let mut out = Vec::new();
    // Both need a command after the one that renames or writes; a git
    // alias from the environment is read on the command itself.
    if commands.len() < 2 {
        if let Some(c) = commands.first()
            && git_alias_from_environment(c)
        {
            out.push(renamed("git"));
        }
        return out;
    }
    let mut written: Vec<String> = Vec::new();
    // Where later relative names are looked for: the directory `cd` moved
    // to (as written), and the relative entries of a `PATH` set in the line.
    let mut line = Line::default();
    for (i, c) in commands.iter().enumerate() {
        let argv: Vec<&str> = c.argv().collect();
        line.assigns(c, &argv);
        // `builtin hash -p ...`, `command hash -p ...` are the builtin.
        let shown = argv
            .iter()
            .take_while(|w| matches!(**w, "builtin" | "command"))
            .count();
        let Some((&program, args)) = argv[shown..].split_first() else {
            continue;
        };
        let base = program.rsplit('/').next().unwrap_or(program);
        let later = i + 1 < commands.len();
        if later
            && RENAMERS
                .iter()
                .any(|(name, renames)| *name == base && renames(args))
        {
            out.push(renamed(base));
        }
        if git_alias_from_environment(c) {
            out.push(renamed("git"));
        }
        if !written.is_empty()
            && let Some(file) =
                written_run(c, &argv[shown..], subjects.of_command(i), &written, &line)
        {
            out.push(written_then_run(&file));
        }
        let files: Vec<String> = files_written(c, base, args)
            .map(|f| line.resolve(f))
            .collect();
        written.extend(files);
        line.moves(base, args);
    }
    out
}

/// The written file `c` runs, if any: as the command itself (`words`, its
/// argv past `builtin`/`command`), through `env`, through what its
/// subjects run (`sudo sh x.sh`, `timeout 9 ./x`), on a shell's standard
/// input (`bash < x.sh`), or as a shell's start-up file (`BASH_ENV=x.sh`).
fn written_run(
    c: &SimpleCommand,
    words: &[&str],
    subjects: &[crate::subject::Subject],
    written: &[String],
    line: &Line,
) -> Option<String> {
    let (&program, args) = words.split_first()?;
    let base = program.rsplit('/').next().unwrap_or(program);
    // `env NAME=$(...) ./x`: env's settings skipped even where a value is
    // only known when it runs (its subject is partial).
    let through_env = (base == "env").then(|| {
        args.iter()
            .copied()
            .skip_while(|a| a.contains('=') || a.starts_with('-'))
            .collect::<Vec<&str>>()
    });
    let run = std::iter::once(words.to_vec()).chain(through_env).chain(
        subjects
            .iter()
            .filter(|s| !s.stands_for)
            .map(|s| s.words.iter().map(String::as_str).collect()),
    );
    let mut found = run.filter_map(|words: Vec<&str>| {
        let (&program, args) = words.split_first()?;
        let base = program.rsplit('/').next().unwrap_or(program);
        runs_written(base, program, args, written, line)
    });
    let fed = || {
        crate::subject::script_runner(base)
            .then(|| {
                c.redirects
                    .iter()
                    .filter(|r| matches!(r.op, RedirectOp::Input | RedirectOp::ReadWrite))
                    .filter(|r| r.fd.unwrap_or(0) == 0)
                    .find_map(|r| line.find(&r.target.value, written))
            })
            .flatten()
    };
    let start_up = || {
        c.assignments
            .iter()
            .filter(|a| matches!(a.name.as_str(), "BASH_ENV" | "ENV"))
            .find_map(|a| line.find(&a.value.value, written))
    };
    found
        .next()
        .or_else(fed)
        .or_else(start_up)
        .map(str::to_string)
}

/// What earlier commands of a line change about where later ones find
/// files: `cd DIR` (relative names are then under DIR) and `PATH=.:...`
/// (a bare program name is then looked for in the relative entries).
#[derive(Default)]
struct Line {
    /// The directory `cd` moved to, as written, if any (`""`: where the
    /// line started).
    cwd: String,
    /// A `cd` the line cannot follow came before.
    lost: bool,
    /// The relative entries of a `PATH` the line set (`.` for an empty one).
    path: Vec<String>,
    /// A `PATH` the line set has an entry that may be where files were
    /// written (`$PWD`, an absolute directory not of the system's).
    path_elsewhere: bool,
}

impl Line {
    /// A path as the line's start sees it: under the `cd` directory when
    /// relative, single dots and doubled slashes dropped, `..` folded.
    fn resolve(&self, path: &str) -> String {
        if path.starts_with('/') || path.starts_with('~') || self.cwd.is_empty() {
            return lexical(path);
        }
        lexical(&format!("{}/{path}", self.cwd))
    }

    /// The written file `path` names, if any: under the `cd` directory, or
    /// where the line started (a `cd` inside a subshell does not last).
    /// Once the directory is lost, a relative name may be any written file
    /// with its last part.
    fn find<'w>(&self, path: &str, written: &'w [String]) -> Option<&'w str> {
        // A name only known when it runs (`x*`, find's `{}`): any file.
        if path.contains(['*', '?', '[', '$', '`']) || path.contains("{}") {
            return written.first().map(String::as_str);
        }
        let (resolved, as_written) = (self.resolve(path), lexical(path));
        let last = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
        // The same file spelled another way (`/abs/ws/x.sh`, `cd ..; bash
        // ws/x.sh`, through a link, copied into a directory): by its last
        // part, which errs towards asking.
        written
            .iter()
            .find(|w| **w == resolved || **w == as_written || last(w) == last(&as_written))
            .map(String::as_str)
    }

    /// `cd DIR`, `pushd DIR`: later relative names are under DIR. A `cd`
    /// the line cannot follow (`cd -`, `cd "$X"`, `cd` alone) leaves the
    /// directory unknown: later names are then matched by their last part.
    fn moves(&mut self, base: &str, args: &[&str]) {
        if base == "popd" {
            self.lost = true;
            return;
        }
        if !matches!(base, "cd" | "pushd") {
            return;
        }
        let dir = args
            .iter()
            .copied()
            .find(|a| !a.starts_with('-') || *a == "-");
        match dir {
            Some(d) if !d.contains('$') && d != "-" && !d.starts_with('~') => {
                self.cwd = self.resolve(d);
            }
            _ => self.lost = true,
        }
    }

    /// `PATH=...` before a command, as a command of its own, or given to
    /// `export`/`declare`/`readonly`/`env`.
    fn assigns(&mut self, c: &SimpleCommand, argv: &[&str]) {
        let given = argv.iter().filter_map(|w| w.strip_prefix("PATH="));
        let prefixed = c
            .assignments
            .iter()
            .filter(|a| a.name == "PATH")
            .map(|a| a.value.value.as_str());
        let values: Vec<&str> = prefixed.chain(given).collect();
        for entry in values.iter().flat_map(|v| v.split(':')) {
            if matches!(entry, "$PATH" | "${PATH}") || SYSTEM_BIN.contains(&entry) {
                continue;
            }
            // Absolute, or only known when it runs (a dynamic word's value
            // is its source: `"$(pwd)"`).
            let unknown = entry.contains(['$', '`', '"', '\'']);
            if entry.starts_with('/') || entry.starts_with('~') || unknown {
                self.path_elsewhere = true;
            } else if entry.is_empty() {
                self.path.push(".".to_string());
            } else {
                self.path.push(entry.to_string());
            }
        }
    }
}

/// Directories of the system's programs: a `PATH` entry naming one finds
/// nothing a line wrote.
#[rustfmt::skip]
const SYSTEM_BIN: &[&str] = &["/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin"];

/// `path` with `.` parts and doubled slashes dropped and `dir/..` folded
/// (as written: links are not followed, which only matters for which
/// written file a later name means).
fn lexical(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    let joined = parts.join("/");
    if path.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
}

/// A git alias set through the environment (`GIT_CONFIG_KEY_0=alias.p
/// GIT_CONFIG_VALUE_0='push --force' git p`, also given to `env`): the
/// subcommand written is a name for another.
fn git_alias_from_environment(c: &SimpleCommand) -> bool {
    let alias = |name: &str, value: &str| {
        name.starts_with("GIT_CONFIG_KEY_")
            && value.trim().to_ascii_lowercase().starts_with("alias.")
    };
    c.assignments.iter().any(|a| alias(&a.name, &a.value.value))
        || c.argv()
            .filter_map(|w| w.split_once('='))
            .any(|(name, value)| alias(name, value))
}

/// The files `c` writes: its redirections' targets and its writer's files.
fn files_written<'c>(
    c: &'c SimpleCommand,
    base: &str,
    args: &[&'c str],
) -> impl Iterator<Item = &'c str> {
    let redirected = c.redirects.iter().filter_map(|r| {
        let writes = matches!(
            r.op,
            RedirectOp::Output
                | RedirectOp::Append
                | RedirectOp::Clobber
                | RedirectOp::ReadWrite
                | RedirectOp::OutputAll
                | RedirectOp::AppendAll
        );
        (writes && !r.target.value.starts_with("/dev/")).then_some(r.target.value.as_str())
    });
    let operands = || args.iter().copied().filter(|a| !a.starts_with('-'));
    let by_writer: Vec<&str> = match WRITERS.iter().find(|(name, _)| *name == base) {
        Some((_, Written::Operands)) => operands().collect(),
        Some((_, Written::InPlace)) => {
            let in_place = args.iter().any(|a| {
                a.starts_with("--in-place")
                    || (a.starts_with('-') && !a.starts_with("--") && a.contains('i'))
            });
            if in_place {
                operands().collect()
            } else {
                Vec::new()
            }
        }
        Some((_, Written::LastOperand)) => operands().next_back().into_iter().collect(),
        Some((
            _,
            Written::Download {
                output,
                long,
                remote,
            },
        )) => downloaded(args, *output, long, *remote),
        Some((_, Written::Prefixed(prefix))) => {
            args.iter().filter_map(|a| a.strip_prefix(prefix)).collect()
        }
        None => Vec::new(),
    };
    redirected.chain(by_writer)
}

/// The files a downloader writes (see [`Written::Download`]).
fn downloaded<'a>(
    args: &[&'a str],
    output: char,
    long: &str,
    remote: Option<char>,
) -> Vec<&'a str> {
    let mut named = Vec::new();
    let mut by_url = remote.is_none();
    for (i, a) in args.iter().enumerate() {
        if let Some(v) = a.strip_prefix(long) {
            match v.strip_prefix('=') {
                Some(v) => named.push(v),
                None if v.is_empty() => named.extend(args.get(i + 1).copied()),
                None => {}
            }
        } else if let Some(cluster) = a.strip_prefix('-').filter(|c| !c.starts_with('-')) {
            if let Some(at) = cluster.find(output) {
                let glued = &cluster[at + output.len_utf8()..];
                named.extend(if glued.is_empty() {
                    args.get(i + 1).copied()
                } else {
                    Some(glued)
                });
            } else if remote.is_some_and(|r| cluster.contains(r)) {
                by_url = true;
            }
        } else if *a == "--remote-name" || *a == "--remote-name-all" {
            by_url = true;
        }
    }
    if named.is_empty() && by_url {
        let urls = args.iter().filter(|a| a.contains("://"));
        named.extend(
            urls.filter_map(|u| u.split(['?', '#']).next()?.rsplit('/').next())
                .filter(|n| !n.is_empty()),
        );
    }
    named
}

/// The written file a command runs, if it runs one: as its program, as
/// the script a shell or interpreter is given (`sh x.sh`, `source x`), or
/// as a recipe runner's file (`make` and a `Makefile` written before it).
fn runs_written<'w>(
    base: &str,
    program: &str,
    args: &[&str],
    written: &'w [String],
    line: &Line,
) -> Option<&'w str> {
    let find = |path: &str| line.find(path, written);
    if program.contains('/')
        && let Some(file) = find(program)
    {
        return Some(file);
    }
    // A bare name found through a relative `PATH` entry (`PATH=.:$PATH x`),
    // or through one that may name where it was written (`PATH=$PWD:$PATH
    // x`): then any written file of that name.
    if !program.contains('/') {
        let relative = line
            .path
            .iter()
            .find_map(|dir| find(&format!("{dir}/{program}")));
        // A file written into another directory by its full path (`~/.local
        // /bin/x`, `/usr/local/bin/x`) may be on the search path already.
        let elsewhere = || {
            let named = |w: &&String| w.rsplit('/').next() == Some(program);
            let placed = |w: &&String| named(w) && (w.starts_with('/') || w.starts_with('~'));
            if line.path_elsewhere {
                written.iter().find(named).map(String::as_str)
            } else {
                written.iter().find(placed).map(String::as_str)
            }
        };
        if let Some(file) = relative.or_else(elsewhere) {
            return Some(file);
        }
    }
    if crate::subject::script_runner(base)
        && let Some(script) = args.iter().find(|a| !a.starts_with('-'))
        && let Some(file) = find(script)
    {
        return Some(file);
    }
    let (_, files) = RECIPES.iter().find(|(name, _)| *name == base)?;
    // `make -f FILE`, `make --file=FILE`: the file named; else the defaults.
    let named = args.iter().enumerate().find_map(|(i, a)| match *a {
        "-f" | "--file" | "--makefile" => args.get(i + 1).copied(),
        _ => a
            .strip_prefix("--file=")
            .or_else(|| a.strip_prefix("-f").filter(|v| !v.is_empty())),
    });
    match named {
        Some(file) => find(file),
        None => files.iter().find_map(|f| find(f)),
    }
}

fn renamed(builtin: &str) -> Effect {
    Effect {
        rule: "code.renamed-program",
        pack: Pack::Code,
        action: Action::Code,
        severity: Severity::Destructive,
        scope: Scope::Unknown,
        target: Some(builtin.to_string()),
        summary: "renames a program for the commands after it, so what runs is not what is written",
        alternative: Some("run each program by its own name"),
    }
}

fn written_then_run(file: &str) -> Effect {
    Effect {
        rule: "code.written-then-run",
        pack: Pack::Code,
        action: Action::Code,
        severity: Severity::Destructive,
        scope: Scope::Unknown,
        target: Some(file.to_string()),
        summary: "runs a file that an earlier command of the same line writes, whose content is only known when it runs",
        alternative: Some("write the file first, read it, then run it"),
    }
}
