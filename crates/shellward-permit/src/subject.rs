//! What deny and ask rules are matched against: every simple command, and
//! every command it runs through a wrapper.
//!
//! A deny `rm:*` must also stop `timeout 5 rm x`, `sudo -u me rm x`,
//! `find . -exec rm {} \;`, `ls | xargs rm`, `bash -c 'rm x'` and
//! `watch 'rm x'`. `shellward_argv::runners` says, per wrapper, which of its options take
//! a value and what comes between its options and the command it runs; a
//! wrapper written with an option we do not know cannot be seen through, so
//! the subject list is marked incomplete and the permission layer asks.

use shellward_argv::runners;
use shellward_syntax::{SimpleCommand, Word, analyze};

/// One thing a rule can match: a command and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    /// Decoded words; for a partial subject only those before the first dynamic word.
    pub words: Vec<String>,
    /// Source text (the simple command's, or the words joined for an inner command).
    pub source: String,
    /// Only the leading words are known.
    pub partial: bool,
    /// The wrapper this command was found inside, if any.
    pub via: Option<String>,
    /// Not a command that runs but the porcelain a git plumbing command
    /// stands for (`git send-pack` as `git push`): for rules only, never
    /// for what the command does.
    pub stands_for: bool,
}

/// Subjects of a list of simple commands, and whether they are complete
/// (every command each one runs was found).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Subjects {
    /// In order of appearance.
    pub list: Vec<Subject>,
    /// False when a wrapper or an inline script could not be looked into.
    pub complete: bool,
    /// A git command whose meaning is set at run time: `-c`/`--config-env`
    /// settings (an alias, an editor, a pager), `GIT_*` variables, an
    /// `ext::` transport, or a subcommand git does not have (an alias from
    /// the repository's configuration). Rules that name git cannot be
    /// checked against it.
    pub git_opaque: bool,
    /// Where each simple command's subjects start in `list`.
    pub starts: Vec<usize>,
    /// A variable gets a value only when the line runs (`read`, `mapfile`,
    /// `printf -v`, `x=$(...)`).
    pub(crate) runtime_values: bool,
    /// Something evaluates a variable's value as arithmetic or a name
    /// (`let n`, `$((n))`, `test -v "$x"`, `${!x}`, `${x@P}`, `${a[n]}`),
    /// where a subscript's `$(...)` runs.
    pub(crate) evaluates: bool,
    /// A command runs elsewhere (`ssh host CMD`, `docker exec c CMD`):
    /// what it runs the effect model reads there, but rules, which name
    /// local programs, cannot be checked against it.
    pub(crate) remote: bool,
}

/// How deep wrappers and inline scripts are followed.
const MAX_DEPTH: usize = 6;

/// The subjects of `commands` (from a script whose text is `source`).
pub fn subjects(commands: &[SimpleCommand], source: &str) -> Subjects {
    let mut out = Subjects {
        list: Vec::new(),
        complete: true,
        git_opaque: false,
        starts: Vec::with_capacity(commands.len()),
        runtime_values: false,
        evaluates: false,
        remote: false,
    };
    let mut wrote = false;
    let mut moved = false;
    for c in commands {
        out.starts.push(out.list.len());
        collect(std::slice::from_ref(c), source, &mut out, 0, None);
        if wrote && runs_files(c) {
            out.complete = false;
        }
        // `cd bin && ./ls x`: a relative program is found from a directory
        // the links of [`resolve_paths`] are not looked up in.
        let program = c.argv().next().unwrap_or("");
        // `~+/x`, `~-/x`: the working directory, or the last one.
        if (moved && program.contains('/') && !program.starts_with('/'))
            || program.starts_with("~+")
            || program.starts_with("~-")
        {
            out.complete = false;
        }
        // `builtin cd`, `command cd` move too.
        moved |= c
            .argv()
            .find(|w| !matches!(*w, "builtin" | "command"))
            .is_some_and(|w| matches!(w, "cd" | "pushd" | "popd"));
        wrote |= writes_files(c);
    }
    // `read n <<< 'a[$(rm x)]'; let n`: code stored at run time, evaluated.
    if out.runtime_values && out.evaluates {
        out.complete = false;
    }
    out
}

/// A program nothing in shellward describes (`tsocks rm -rf ~`, `ccache
/// git push`, `trickle -d 10 curl x`) may run the program its first words
/// name: the indices of the programs shellward knows among its next six
/// words that are not options.
pub fn hidden_programs(words: &[String]) -> Vec<usize> {
    let Some(first) = words.first() else {
        return Vec::new();
    };
    let base = first.rsplit('/').next().unwrap_or(first);
    if known_program(first) || TAKE_WORDS_AS_DATA.contains(&base) {
        return Vec::new();
    }
    // Each known program among them: a wrapper may come first (`tsocks
    // timeout 5 curl x`).
    words
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, w)| !w.starts_with('-'))
        .take(6)
        .filter(|(_, w)| known_program(w))
        .map(|(i, _)| i)
        .collect()
}

/// Programs no table describes whose operands are data, never a command
/// they run: searchers, manual lookups, package queries, banners.
#[rustfmt::skip]
const TAKE_WORDS_AS_DATA: &[&str] = &[
    "ugrep", "ack", "ag", "rga", "sd", "fastmod", "sad", "comby", "whatis", "apropos", "tldr", "cheat",
    "dpkg-query", "apt-cache", "apt-file", "update-alternatives", "figlet", "toilet", "cowsay",
    "banner", "notify-send", "say", "espeak",
];

/// A program the judge, the effect model, the registry or the table of
/// programs that run programs describes.
fn known_program(word: &str) -> bool {
    let base = word.rsplit('/').next().unwrap_or(word);
    !base.is_empty()
        && (shellward_effects::knows(base)
            || shellward_judge::knows(base)
            || runners::SHELLS.contains(&base)
            || shellward_registry::lookup(base).is_some())
}

/// Are all of sed's scripts in `args` ([`shellward_effects::scan::sed_scripts`])
/// plain, as the judge reads sed ([`shellward_judge::sed_script_is_plain`])?
/// A script from a file is not known.
fn sed_is_plain(args: &[String]) -> bool {
    shellward_effects::scan::sed_scripts(args).is_some_and(|scripts| {
        scripts
            .into_iter()
            .all(shellward_judge::sed_script_is_plain)
    })
}

/// Does this command write files: a redirection to one, or a program of
/// [`WRITES_FILES`]?
fn writes_files(c: &SimpleCommand) -> bool {
    let program = c.argv().next().unwrap_or("");
    let base = program.rsplit('/').next().unwrap_or(program);
    // The printers write only where a redirection (or an inherited
    // descriptor one names, `>&3`) points them.
    let printer = matches!(base, "echo" | "printf" | "cat") && c.redirects.is_empty();
    (WRITES_FILES.contains(&base) && !(base == "git" && git_only_reads(c)) && !printer)
        || (base != "git" && crate::renames::writes_files(c))
        || c.redirects.iter().any(|r| {
            r.heredoc.is_none()
                && r.effective_fd() != 0
                && !matches!(
                    r.op,
                    shellward_syntax::RedirectOp::DupOutput
                        | shellward_syntax::RedirectOp::DupInput
                )
                && !r.target.value.starts_with("/dev/")
        })
}

/// Does this command run a file: a program named by a path (`./x.sh`), a
/// recipe or file runner ([`RUNS_FILES`]), or a shell or interpreter given
/// a script file?
fn runs_files(c: &SimpleCommand) -> bool {
    let program = c.argv().next().unwrap_or("");
    let base = program.rsplit('/').next().unwrap_or(program);
    program.contains('/')
        || RUNS_FILES.contains(&base)
        || crate::renames::runs_workspace_files(base)
        || ((runners::SHELLS.contains(&base) || shellward_effects::scan::is_interpreter(base))
            && c.argv().skip(1).any(|a| !a.starts_with('-')))
}

impl Subjects {
    /// The subjects of the `i`th simple command: itself and what it runs.
    pub fn of_command(&self, i: usize) -> &[Subject] {
        let start = self.starts.get(i).copied().unwrap_or(self.list.len());
        let end = self.starts.get(i + 1).copied().unwrap_or(self.list.len());
        &self.list[start.min(end)..end]
    }
}

/// A command's words up to its first dynamic one, and whether there was
/// one. A dynamic word leaves a partial subject, which rules check with
/// `may_match_partial`; it does not by itself hide a command. A brace
/// expression of plain text (`rm -rf target/{debug,release}`) is expanded
/// as bash expands it, into known words.
fn known_words(c: &SimpleCommand) -> (Vec<String>, bool) {
    let mut words: Vec<String> = Vec::new();
    for w in &c.words {
        if w.is_static() {
            words.push(w.value.clone());
            continue;
        }
        match w.brace_words() {
            Some(expanded) => words.extend(expanded),
            None => return (words, true),
        }
    }
    (words, false)
}

/// The subjects of `commands` and of every command nested in their words
/// (`$(...)`, backticks, `<(...)`, `>(...)`): `echo $(rm -rf x)` runs `rm`.
fn collect(
    commands: &[SimpleCommand],
    source: &str,
    out: &mut Subjects,
    depth: usize,
    via: Option<&str>,
) {
    for c in commands {
        let (words, partial) = known_words(c);
        if c.assignments.iter().any(|a| git_setting(&a.name)) {
            out.git_opaque = true;
        }
        if program_unseen(c, &words) {
            out.complete = false;
        }
        // The command comes before what it runs.
        let at = out.list.len();
        see_through(&words, partial, out, depth);
        out.list.insert(
            at,
            Subject {
                words,
                source: c.text(source).to_string(),
                partial,
                via: via.map(str::to_string),
                stands_for: false,
            },
        );
        let nested_words = c
            .words
            .iter()
            .chain(c.assignments.iter().map(|a| &a.value))
            .chain(c.redirects.iter().map(|r| &r.target));
        for word in nested_words {
            nested(word, &word.parts, out, depth);
        }
        // A here-document body is not parsed into commands: an unquoted
        // one that may substitute a command (`$(...)`, backticks, also
        // inside `${x:-$(...)}` or `$((...))`) cannot be checked.
        if c.redirects.iter().any(|r| {
            r.heredoc
                .as_ref()
                .is_some_and(|h| !h.quoted && (h.body.contains("$(") || h.body.contains('`')))
        }) {
            out.complete = false;
        }
        // A program word that is a glob (`/usr/bin/r[m]`) runs whatever it
        // matches.
        if c.words.first().is_some_and(|w| w.glob_prefix.is_some()) {
            out.complete = false;
        }
        // Text bash evaluates later: an assignment holding a substitution
        // (`n='a[$(rm y)]'` with `declare -i n`, `a='$(rm y)'; echo ${a@P}`),
        // or a builtin that evaluates its arguments (`let`, `test -v`,
        // `printf -v`, `mapfile -C`, `compgen -C` ...).
        let evaluates = c.argv().next().is_some_and(|p| EVALUATES.contains(&p));
        let program = c.argv().next().unwrap_or("");
        let command_option = c.argv().skip(1).any(|a| {
            BUILTIN_COMMAND_OPTIONS
                .iter()
                .any(|(p, o)| *p == program && a.starts_with(o))
        });
        variables_run(c, out, depth);
        out.runtime_values |= sets_at_run_time(c);
        out.evaluates |= evaluates_values(c);
        let holds_code = |w: &Word| w.value.contains("$(") || w.value.contains('`');
        if c.assignments
            .iter()
            .any(|a| holds_code(&a.value) || PROMPT_VARIABLES.contains(&a.name.as_str()))
            || (evaluates && c.words.iter().skip(1).any(holds_code))
            || command_option
        {
            out.complete = false;
        }
    }
}

/// Builtins that store what they read or print in a variable.
const STORES: &[&str] = &["read", "mapfile", "readarray", "getopts"];

/// Does `c` give a variable a value known only when it runs: a builtin of
/// [`STORES`], `printf -v`, or an assignment (a prefix, alone, or an
/// argument of [`SETTERS`]) of a dynamic value?
fn sets_at_run_time(c: &SimpleCommand) -> bool {
    let program = c.argv().next().unwrap_or("");
    STORES.contains(&program)
        // Names matched on disk (`let *`, `set -- a*`), positional
        // parameters set from them, `$_` (the last word run).
        || matches!(program, "set" | "shift")
        || c.words.iter().any(|w| w.glob_prefix.is_some() || w.value.contains("$_"))
        || (program == "printf" && c.argv().any(|a| a.starts_with("-v")))
        || c.assignments.iter().any(|a| !a.value.is_static())
        || (SETTERS.contains(&program)
            && c.words
                .iter()
                .skip(1)
                .any(|w| !w.is_static() && w.value.contains('=')))
}

/// Does `c` evaluate a variable's value as arithmetic or as a name: `let`,
/// `test -v`, an integer or nameref declaration, a builtin of
/// [`EVALUATES`] given a dynamic word or a subscript, or a word with an
/// arithmetic expansion, an indirection (`${!x}`), a prompt expansion
/// (`${x@P}`) or a subscript that is not a number?
fn evaluates_values(c: &SimpleCommand) -> bool {
    let program = c.argv().next().unwrap_or("");
    let args = || c.words.iter().skip(1);
    let declares = matches!(
        program,
        "declare" | "typeset" | "local" | "export" | "readonly"
    );
    program == "let"
        || (matches!(program, "test" | "[")
            && args().any(|w| matches!(w.value.as_str(), "-v" | "-R")))
        || (declares && args().any(|w| w.value.starts_with('-') && w.value.contains(['i', 'n'])))
        || (EVALUATES.contains(&program) && args().any(|w| !w.is_static() || w.value.contains('[')))
        || c.words
            .iter()
            .chain(c.assignments.iter().map(|a| &a.value))
            .any(|w| parts_evaluate(w, &w.parts))
}

/// Does a word's text hold an evaluation of [`evaluates_values`]?
fn parts_evaluate(word: &Word, parts: &[shellward_syntax::Part]) -> bool {
    use shellward_syntax::Part;
    parts.iter().any(|part| match part {
        Part::DoubleQuoted(_, inner) | Part::Locale(_, inner) => parts_evaluate(word, inner),
        Part::Arithmetic(_) => true,
        Part::Parameter(span) => {
            let text = span
                .start
                .checked_sub(word.span.start)
                .and_then(|from| word.value.get(from..from + (span.end - span.start)))
                .unwrap_or("${!}");
            let subscript = text.split_once('[').is_some_and(|(_, rest)| {
                let inside = rest.split(']').next().unwrap_or("");
                !(inside == "@" || inside == "*" || inside.bytes().all(|b| b.is_ascii_digit()))
            });
            // `${x:n}`, `${x:1:n}`: offsets and lengths are arithmetic.
            let substring = text
                .strip_prefix("${")
                .map(|inner| {
                    inner.trim_start_matches(|c: char| {
                        c.is_ascii_alphanumeric() || c == '_' || c == '@' || c == '*'
                    })
                })
                .and_then(|rest| rest.strip_prefix(':'))
                .is_some_and(|rest| !rest.starts_with(['-', '=', '?', '+']));
            text.starts_with("${!") || text.contains("@P") || subscript || substring
        }
        _ => false,
    })
}

/// Commands inside a word's substitutions.
fn nested(word: &Word, parts: &[shellward_syntax::Part], out: &mut Subjects, depth: usize) {
    use shellward_syntax::Part;
    for part in parts {
        match part {
            Part::DoubleQuoted(_, inner) | Part::Locale(_, inner) => {
                nested(word, inner, out, depth)
            }
            Part::CommandSubstitution(_, script)
            | Part::Backtick(_, script)
            | Part::ProcessSubstitution { script, .. } => {
                if depth >= MAX_DEPTH {
                    out.complete = false;
                } else {
                    if !script.unsupported.is_empty() {
                        out.complete = false;
                    }
                    collect(
                        &script.commands,
                        &script.source,
                        out,
                        depth + 1,
                        Some("substitution"),
                    );
                }
            }
            // `${x:-$(cmd)}` and `$(( $(cmd) ))` keep their insides as text:
            // a command there cannot be seen, so it cannot be checked.
            Part::Parameter(span) | Part::Arithmetic(span) | Part::ExtGlob(span) => {
                let text = span
                    .start
                    .checked_sub(word.span.start)
                    .and_then(|from| word.value.get(from..from + (span.end - span.start)));
                if text.is_none_or(|t| {
                    t.contains("$(") || t.contains('`') || t.contains("<(") || t.contains(">(")
                }) {
                    out.complete = false;
                }
            }
            Part::Literal(_) | Part::SingleQuoted(_) | Part::AnsiC(_) => {}
        }
    }
}

fn see_through(words: &[String], partial: bool, out: &mut Subjects, depth: usize) {
    let Some(first) = words.first() else { return };
    if depth >= MAX_DEPTH {
        out.complete = false;
        return;
    }
    // `/bin/rm` is `rm` to a rule.
    let name = first.rsplit('/').next().unwrap_or(first);
    if name != first {
        let mut bare = words.to_vec();
        bare[0] = name.to_string();
        push(out, &bare, partial, "path");
    }
    // `python3.11` is the `python3` and `python` a rule names; `gcc-12` is `gcc`.
    for family in versioned_families(name) {
        let mut bare = words.to_vec();
        bare[0] = family.to_string();
        push(out, &bare, partial, "version");
    }
    if name == "find" || name == "fd" || name == "fdfind" {
        // `xargs find . -exec`: the command it runs comes later.
        if partial
            && words.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "-exec"
                        | "-execdir"
                        | "-ok"
                        | "-okdir"
                        | "-x"
                        | "-X"
                        | "--exec"
                        | "--exec-batch"
                )
            })
        {
            out.complete = false;
        }
        // fd's exec spelled in a cluster or glued (`-HX rm`, `--exec=rm`)
        // is not read: rules cannot be checked against it.
        if name != "find" && runs_option_of(name, words) && runners::fd_exec(words).is_empty() {
            out.complete = false;
        }
        find_exec(words, partial, out, depth);
        return;
    }
    mark_opaque(words, name, out);
    // `git-push` (git's dashed commands, run directly) is `git push`.
    if let Some(sub) = name.strip_prefix("git-").filter(|s| !s.is_empty()) {
        let mut as_git = vec!["git".to_string(), sub.to_string()];
        as_git.extend(words[1..].iter().cloned());
        push(out, &as_git, partial, "git");
        git(&as_git, partial, out);
        return;
    }
    if name == "git" {
        git(words, partial, out);
        return;
    }
    // `command -v NAME`, `command -V NAME`: a lookup; nothing runs.
    if name == "command"
        && words
            .get(1)
            .is_some_and(|w| w.starts_with('-') && w.contains(['v', 'V']))
    {
        return;
    }
    if RENAMING.contains(&name) {
        // What runs next is no longer what its name says.
        out.complete = false;
        return;
    }
    if is_tar(name) {
        runners_of_tar(words, None, partial, out, depth);
    }
    if let Some(wrapper) = runners::wrapper(name) {
        through_wrapper(wrapper, words, partial, out, depth);
    }
}

/// Programs run by a path (`./cat`, `bin/ls`, from `cwd`) that are links
/// to another program, or copies of a program a rule names (`named`): that
/// program as a subject too. `ln -s /bin/rm cat; ./cat x` and `cp /bin/rm
/// ls; ./ls x` run `rm`.
pub fn resolve_paths(subjects: &mut Subjects, cwd: &std::path::Path, named: &[&str]) {
    let mut found = Vec::new();
    for s in subjects.list.iter().take(64) {
        let Some(program) = s.words.first().filter(|w| w.contains('/')) else {
            continue;
        };
        // `~/ls x`: bash expands the tilde before it looks the program up.
        let at = match program.strip_prefix("~/") {
            Some(rest) => match std::env::var_os("HOME") {
                Some(home) => std::path::Path::new(&home).join(rest),
                None => continue,
            },
            None => cwd.join(program),
        };
        let Ok(real) = std::fs::canonicalize(at) else {
            continue;
        };
        let base = program.rsplit('/').next().unwrap_or(program);
        let real_name = real.file_name().and_then(|n| n.to_str()).unwrap_or(base);
        let mut alias = (real_name != base).then(|| real_name.to_string());
        if alias.is_none() {
            alias = named
                .iter()
                .find(|name| **name != base && same_file_content(&real, name))
                .map(|name| name.to_string());
        }
        if let Some(alias) = alias {
            let mut words = s.words.clone();
            words[0] = alias;
            found.push(Subject {
                source: words.join(" "),
                words,
                partial: s.partial,
                via: Some("link".to_string()),
                stands_for: false,
            });
        }
    }
    subjects.list.extend(found);
}

/// Is `file` a copy of the program `name` finds on the search path?
fn same_file_content(file: &std::path::Path, name: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    let Some(program) = std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
    else {
        return false;
    };
    let (Ok(a), Ok(b)) = (std::fs::metadata(file), std::fs::metadata(&program)) else {
        return false;
    };
    a.len() == b.len()
        && a.len() <= 64 << 20
        && std::fs::read(file).ok() == std::fs::read(&program).ok()
}

/// The shorter names of a program named with its version (`python3.11`:
/// `python3`, `python`; `gcc-12`: `gcc`; `node18`: `node`), longest first.
fn versioned_families(name: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = name;
    loop {
        let trimmed = rest.trim_end_matches(|c: char| c.is_ascii_digit());
        let trimmed = if trimmed.len() < rest.len() {
            trimmed
        } else {
            rest.strip_suffix(['.', '-', '_']).unwrap_or(rest)
        };
        if trimmed.len() == rest.len() || trimmed.len() < 2 {
            break;
        }
        rest = trimmed;
        if !rest.ends_with(['.', '-', '_']) {
            out.push(rest);
        }
    }
    out
}

/// What makes a command's meaning unknowable before it runs: `GIT_*`
/// settings (`env GIT_EDITOR=x git ...`), exported bash functions, a
/// program of [`OPAQUE`] or an option of [`RUNS_OPTION`].
fn mark_opaque(words: &[String], name: &str, out: &mut Subjects) {
    if runners::SHELLS.contains(&name) && start_up_file(words) {
        out.complete = false;
    }
    // `env GIT_EDITOR=x git ...`, `sudo GIT_SSH_COMMAND=x git ...`.
    if words
        .iter()
        .any(|w| w.split_once('=').is_some_and(|(name, _)| git_setting(name)))
    {
        out.git_opaque = true;
    }
    // `nice env BASH_ENV=x bash -c :`, `timeout 5 env PATH=./bin ls`:
    // what `env` sets under another wrapper, read as at the top.
    if matches!(name, "env" | "sudo")
        && words.iter().skip(1).any(|w| {
            w.split_once('=').is_some_and(|(n, v)| {
                PROMPT_VARIABLES.contains(&n)
                    || OPTION_VARIABLES.contains(&n)
                    || COMMAND_VARIABLES.contains(&n)
                    || (n == "PATH" && v.split(':').any(|d| d != "$PATH" && !on_search_path(d)))
            })
        })
    {
        out.complete = false;
    }
    // `env 'BASH_FUNC_ls%%=() { ...; }' bash -c ls`: a function for bash.
    if words
        .iter()
        .any(|w| w.starts_with("BASH_FUNC_") || w.contains("=()"))
    {
        out.complete = false;
    }
    // `HOME=h git status` reads `h/.gitconfig`, which may set an
    // fsmonitor or an alias (`env XDG_CONFIG_HOME=x git ...` likewise).
    if words.iter().any(|w| {
        GIT_CONFIG_VARIABLES
            .iter()
            .any(|v| w.strip_prefix(v).is_some_and(|r| r.starts_with('=')))
    }) {
        out.git_opaque = true;
    }
    // A launcher the effect model knows that no wrapper row reads
    // (`chronic CMD`, `setarch x86_64 CMD`, `uv run CMD`): what it runs is
    // not seen. Interpreters run scripts, judged by their code below.
    if !shellward_effects::scan::is_interpreter(name)
        && shellward_effects::launches(words)
        && runners::wrapper(name).is_none()
    {
        match shellward_argv::remote::remote_run(words) {
            Some(_) => out.remote = true,
            None => out.complete = false,
        }
    }
    if replays(name, words)
        || shell_escape(name, words)
        || runs_option_of(name, words)
        || runs_prefix_of(name, words)
    {
        out.complete = false;
    }
    // GNU sed's `e` command and `s///e` run what they are given: a script
    // the judge's reader of sed does not find plain, or one in a file.
    if matches!(name, "sed" | "gsed") && !sed_is_plain(&words[1..]) {
        out.complete = false;
    }
    // awk's `system("...")`, `print | "cmd"`, `"cmd" | getline`: commands
    // in its program, which rules cannot see.
    if shellward_effects::scan::is_awk(name)
        && words[1..]
            .iter()
            .any(|w| shellward_effects::scan::awk_runs_commands(w))
    {
        out.complete = false;
    }
    let code_runs = shellward_effects::scan::is_interpreter(name)
        && words
            .iter()
            .skip(1)
            .any(|w| CODE_RUNS.iter().any(|c| w.contains(c)));
    // `hub push` is a `git push`: rules that name git cannot be checked.
    if GIT_FRONTENDS.contains(&name) {
        out.git_opaque = true;
    }
    let remote = OPAQUE.contains(&name) && shellward_argv::remote::remote_run(words).is_some();
    out.remote |= remote;
    if (OPAQUE.contains(&name) && !remote)
        || name.starts_with("vim.")
        || ssh_runs_command(name, words)
        || code_runs
        || (!is_tar(name)
            && words.iter().skip(1).any(|w| {
                let option = w.split_once('=').map_or(w.as_str(), |(o, _)| o);
                RUNS_OPTION.contains(&option)
            }))
    {
        out.complete = false;
    }
}

/// GNU tar and bsdtar, whose helper commands are read as tar reads its
/// argv ([`runners_of_tar`]).
pub(crate) fn is_tar(name: &str) -> bool {
    matches!(name, "tar" | "gtar" | "bsdtar")
}

/// The commands a tar command line runs from its helper options
/// (`--to-command`, `-I`, `--checkpoint-action=exec=`, ...), with
/// `TAR_OPTIONS` read first, as subjects: each a shell script (`sh -c`),
/// or for `--rsh-command` a program run by its path. A partial tar (a word
/// known only when it runs) may have any.
fn runners_of_tar(
    words: &[String],
    env: Option<&str>,
    partial: bool,
    out: &mut Subjects,
    depth: usize,
) {
    if partial {
        out.complete = false;
    }
    match shellward_argv::tar::helpers(words, env) {
        Some(helpers) => {
            for helper in helpers {
                script(&helper.script, out, depth, "tar");
            }
        }
        None => out.complete = false,
    }
}

/// Does a shell's command line name a start-up file (`bash --rcfile F -ic
/// true`, `--init-file /dev/stdin`), a script rules cannot see (an
/// interactive shell reads it)?
fn start_up_file(words: &[String]) -> bool {
    let mut after = words.iter().skip(1).map(String::as_str);
    while let Some(w) = after.next() {
        let value = match w.split_once('=') {
            Some(("--rcfile" | "--init-file", v)) => Some(v),
            None if matches!(w, "--rcfile" | "--init-file") => after.next(),
            _ => None,
        };
        if value.is_some_and(|v| v != "/dev/null") {
            return true;
        }
    }
    false
}

/// The command a wrapper of [`runners::WRAPPERS`] runs, seen through in turn.
fn through_wrapper(
    wrapper: &runners::Wrapper,
    words: &[String],
    partial: bool,
    out: &mut Subjects,
    depth: usize,
) {
    let name = wrapper.name;
    match runners::inner(wrapper, &words[1..]) {
        runners::Inner::Words(start) => {
            let inner = &words[1 + start..];
            if inner.is_empty() {
                if partial {
                    out.complete = false;
                }
                return;
            }
            // xargs appends words read at run time: a shell, eval or another
            // wrapper under it runs whatever they say.
            let appends = matches!(name, "xargs" | "parallel");
            if appends && runners::runs_its_arguments(inner) {
                out.complete = false;
            }
            // Its command's words are only the first ones: `echo push |
            // xargs git` is a `git push`.
            let partial = partial || appends;
            push(out, inner, partial, name);
            see_through(inner, partial, out, depth + 1);
        }
        runners::Inner::Script(text) => {
            if partial {
                out.complete = false;
            }
            script(&text, out, depth, name);
        }
        runners::Inner::None => {
            if partial {
                out.complete = false;
            }
        }
        runners::Inner::Unknown => out.complete = false,
    }
}

/// Builtins that evaluate (part of) their arguments as arithmetic, as a
/// command or as a variable reference: single-quoted code in them runs.
const EVALUATES: &[&str] = &[
    "let",
    "declare",
    "typeset",
    "local",
    "export",
    "readonly",
    "printf",
    "mapfile",
    "readarray",
    "compgen",
    "complete",
    "test",
    "[",
    "read",
    "unset",
    "set",
    "shift",
    "return",
    "exit",
    "ulimit",
];

/// Builtin options whose value is a command bash runs (`mapfile -C CMD`).
const BUILTIN_COMMAND_OPTIONS: &[(&str, &str)] = &[
    ("mapfile", "-C"),
    ("readarray", "-C"),
    ("compgen", "-C"),
    ("compgen", "-F"),
    ("complete", "-C"),
    ("complete", "-F"),
    ("bind", "-x"),
    ("fc", "-e"),
];

/// Variables whose value bash expands and runs later (`PS4` under `set -x`).
const PROMPT_VARIABLES: &[&str] = &[
    "PS0",
    "PS1",
    "PS2",
    "PS3",
    "PS4",
    "PROMPT_COMMAND",
    "BASH_ENV",
    "ENV",
];

/// Variables whose value a program runs as a shell command (`EDITOR="rm
/// x" git commit`, `PAGER`, `LESSOPEN="|cmd %s"`, `SHELL=/bin/x script
/// -c`): the value is a script whose commands are subjects.
#[rustfmt::skip]
const COMMAND_VARIABLES: &[&str] = &[
    "EDITOR", "VISUAL", "SUDO_EDITOR", "SYSTEMD_EDITOR", "FCEDIT", "PAGER", "MANPAGER",
    "SYSTEMD_PAGER", "BAT_PAGER", "DELTA_PAGER", "LESSOPEN", "LESSCLOSE", "BROWSER", "SHELL",
    "TERMINAL", "SSH_ASKPASS", "SUDO_ASKPASS", "WGET_ASKPASS", "RSYNC_RSH", "CVS_RSH", "MAKESHELL", "DIFFTOOL",
    "MERGETOOL", "WINEDEBUG_CMD",
];

/// Variables a program reads as more options or code of its own (`TAR_OPTIONS`
/// with `--checkpoint-action=exec=...`, `MANOPT=-Pcmd`, `PERL5OPT`,
/// `PERL5DB`, `MAKEFLAGS`, `LESS='+!cmd'`): what they make it run is not
/// seen, so rules cannot be checked.
#[rustfmt::skip]
const OPTION_VARIABLES: &[&str] = &[
    "TAR_OPTIONS", "MANOPT", "LESS", "MORE", "PERL5OPT", "PERL5DB", "PERLDB_OPTS", "PERL5LIB",
    "PERLLIB", "RUBYOPT", "RUBYLIB", "NODE_OPTIONS", "PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME",
    "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "GZIP", "ZIPOPT", "UNZIP", "XZ_DEFAULTS", "XZ_OPT",
    "ZSTD_CLEVEL", "GREP_OPTIONS", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "GCONV_PATH", "COMPILER_PATH", "GCC_EXEC_PREFIX",
    "SHELLOPTS", "BASHOPTS", "CDPATH", "GLOBIGNORE", "IFS",
    // Where programs read their start-up files (`HOME=. bash -i`).
    "HOME", "XDG_CONFIG_HOME", "ZDOTDIR", "CURL_HOME", "WGETRC", "GIT_CONFIG_GLOBAL", "INPUTRC",
];

/// Builtins that run no program: the variables set for them alone
/// (`TAR_OPTIONS=... printf done`) reach nothing that reads them.
const RUNS_NOTHING: &[&str] = &["echo", "printf", "true", "false", "test", "[", "pwd"];

/// Builtins and programs whose `NAME=VALUE` arguments set variables for
/// what runs later or under them.
const SETTERS: &[&str] = &[
    "export", "declare", "typeset", "local", "readonly", "env", "sudo",
];

/// The variables `c` sets (as prefixes, standalone assignments, or
/// arguments of [`SETTERS`]; for make, its command-line variables, which a
/// recipe may run: `make CC='rm x;' x.o`): a [`COMMAND_VARIABLES`] value's
/// commands become subjects, an [`OPTION_VARIABLES`] one makes the
/// subjects incomplete.
fn variables_run(c: &SimpleCommand, out: &mut Subjects, depth: usize) {
    let program = c
        .argv()
        .next()
        .map_or("", |w| w.rsplit('/').next().unwrap_or(w));
    let make = matches!(program, "make" | "gmake" | "bmake" | "pmake");
    let set = variables_set(c, SETTERS.contains(&program) || make);
    // `read EDITOR <<< 'rm x'`, `declare -n R=EDITOR`, `printf -v PAGER`,
    // `export EDITOR` after one of those: a value set when it runs.
    let names_one = |w: &str| {
        let name = w.split_once('=').map_or(w, |(n, _)| n);
        let runs = |n: &str| {
            COMMAND_VARIABLES.contains(&n)
                || OPTION_VARIABLES.contains(&n)
                || PROMPT_VARIABLES.contains(&n)
        };
        !w.contains('=') && runs(name) || w.split_once('=').is_some_and(|(_, v)| runs(v))
    };
    if c.argv().skip(1).any(names_one) {
        out.complete = false;
    }
    for (name, value) in set {
        // `env BASH_ENV=x bash -c :`, `export PS4='$(...)'`: a start-up
        // file or a prompt a later shell runs.
        if PROMPT_VARIABLES.contains(&name) {
            out.complete = false;
        }
        // `PATH=bin:$PATH ls`: names found in a directory of the workspace
        // may be anything written there.
        // An absolute directory not on the search path already may hold
        // any program under any name (`PATH=$PWD/bin:/usr/bin ls`).
        if name == "PATH"
            && value.is_none_or(|v| v.split(':').any(|d| d != "$PATH" && !on_search_path(d)))
        {
            out.complete = false;
        }
        let runs = COMMAND_VARIABLES.contains(&name) || make;
        // A prefix of this command alone (not `export`, `env`, `declare`).
        let prefix = !SETTERS.contains(&program) && c.assignments.iter().any(|a| a.name == name);
        if name == "TAR_OPTIONS" && prefix && is_tar(program) && value.is_some() {
            // Read as tar reads it: before the command line's options.
            let argv: Vec<String> = c.argv().map(str::to_string).collect();
            let partial = c.words.iter().any(|w| !w.is_static());
            runners_of_tar(&argv, value, partial, out, depth);
        } else if OPTION_VARIABLES.contains(&name) && !(prefix && RUNS_NOTHING.contains(&program)) {
            out.complete = false;
        } else if runs {
            let Some(value) = value else {
                out.complete = false;
                continue;
            };
            // `LESSOPEN='|cmd %s'`, `'||cmd %s'`, `'-'`: a pipe's command.
            let script = value.trim_start_matches(['|', '-']);
            if script.trim().is_empty() {
                continue;
            }
            let analysis = analyze(script);
            if depth >= MAX_DEPTH
                || analysis.status != shellward_syntax::ParseStatus::Ok
                || !analysis.unsupported().is_empty()
            {
                out.complete = false;
                continue;
            }
            collect(
                analysis.commands(),
                analysis.source(),
                out,
                depth + 1,
                Some("variable"),
            );
        }
    }
}

/// Is `dir` an absolute directory of this process's search path (which
/// commands inherit)?
fn on_search_path(dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    dir.starts_with('/')
        && std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path)
                .any(|p| p.as_os_str().to_str().map(|p| p.trim_end_matches('/')) == Some(dir))
        })
}

/// The variables `c` sets, with their values where static: its
/// assignments, and with `in_words` its `NAME=VALUE` words (of
/// [`SETTERS`], or make's command-line variables).
fn variables_set(c: &SimpleCommand, in_words: bool) -> Vec<(&str, Option<&str>)> {
    let mut set: Vec<(&str, Option<&str>)> = c
        .assignments
        .iter()
        .map(|a| {
            (
                a.name.as_str(),
                a.value.is_static().then_some(a.value.value.as_str()),
            )
        })
        .collect();
    if in_words {
        set.extend(
            c.words
                .iter()
                .skip(1)
                .filter(|w| !w.value.starts_with('-'))
                .filter_map(|w| {
                    let (name, value) = w.value.split_once('=')?;
                    let name = name.trim_end_matches(['+', ':', '?', '!']);
                    let valid = !name.is_empty()
                        && name
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
                    valid.then(|| (name, w.is_static().then_some(value)))
                }),
        );
    }
    set
}

/// Is what `c` runs as a program or script text rules cannot see: a
/// script with shell escapes, an interpreter's or awk's program read on
/// standard input, or any of them read from a process substitution?
fn program_unseen(c: &SimpleCommand, words: &[String]) -> bool {
    // `printf '!rm x\n' | ed`, `psql <<< '\! rm x'`: a script read on
    // standard input that may run shell commands.
    let fed = matches!(
        c.connector,
        Some(shellward_syntax::Connector::Pipe | shellward_syntax::Connector::PipeAll)
    ) || c.redirects.iter().any(|r| r.effective_fd() == 0);
    // `python3 <<< 'os.system(...)'`, `echo '...' | perl`: an interpreter
    // whose program is what it is fed.
    let interpreter = words.first().is_some_and(|w| {
        shellward_effects::scan::is_interpreter(w.rsplit('/').next().unwrap_or(w))
    });
    (fed && escapes_on_stdin(words))
        || (fed && interpreter && crate::guard::runs_stdin(words))
        // `awk -f - <<< '...'`: awk's program from standard input.
        || crate::guard::awk_program_from_stdin(words)
        // `awk -f <(...)`, `bash <(...)`, `source <(...)`: a program or
        // script read from what another command prints (that word is known
        // only when it runs, so it is read from the command's own words).
        || (reads_code(words) && c.words.iter().skip(1).any(|w| w.value.contains("<(")))
}

/// A shell, an interpreter, or `source`/`.`: what runs a script it is
/// given (by its base name).
pub(crate) fn script_runner(base: &str) -> bool {
    shellward_argv::runners::SHELLS.contains(&base)
        || shellward_effects::scan::is_interpreter(base)
        || matches!(base, "source" | ".")
}

/// Does the program read a program or script it is given as a file (a
/// [`script_runner`], awk, sed)?
fn reads_code(words: &[String]) -> bool {
    let Some(first) = words.first() else {
        return false;
    };
    let name = first.rsplit('/').next().unwrap_or(first);
    script_runner(name) || matches!(name, "sed" | "gsed") || shellward_effects::scan::is_awk(name)
}

/// Programs that run commands given in ways the subject list cannot see
/// (a remote or multiplexed shell, an option's program, an embedded
/// script): a command using one cannot be checked against deny and ask
/// rules.
const OPAQUE: &[&str] = &[
    "ssh",
    "tmux",
    "screen",
    "sg",
    "ssh-agent",
    "fakeroot",
    "systemd-inhibit",
    "expect",
    "parallel",
    "at",
    "batch",
    "rsync",
    "crontab",
    "dbus-send",
    "busctl",
    // Debuggers, editors and configuration tools that run commands given
    // to them (`gdb -ex 'shell CMD'`, `vim -c ':!CMD'`, `emacs --eval`,
    // `ansible -m shell -a CMD`).
    "gdb",
    "emacs",
    "vim",
    "vi",
    "nvim",
    "view",
    "ex",
    // vim's other names (Debian's `vim.basic`, `vim.tiny`, the
    // alternatives `editor` and `sensible-editor`, `vimdiff`...).
    "vimdiff",
    "gvim",
    "gvimdiff",
    "rvim",
    "rview",
    "evim",
    "eview",
    "vimx",
    "editor",
    "sensible-editor",
    "mosh",
    "autossh",
    "ansible",
    "ansible-playbook",
    "ansible-console",
    "ansible-pull",
    // Shells of other kinds and script hosts (`pwsh -c`, `osascript -e 'do
    // shell script ...'`), and `run-parts`, which runs every file of a
    // directory.
    "pwsh",
    "powershell",
    "osascript",
    "run-parts",
    // `start-stop-daemon -S -x PROG -- ARGS`: the program is an option's value.
    "start-stop-daemon",
];

/// Programs that take ssh's options (`-o Key=Value`, `-F config`).
const SSH_CLIENTS: &[&str] = &["scp", "sftp", "sshfs", "ssh-copy-id", "rsync"];

/// ssh settings whose value is a command ssh runs locally.
const SSH_COMMAND_KEYS: &[&str] = &[
    "proxycommand",
    "localcommand",
    "permitlocalcommand",
    "knownhostscommand",
    "match",
];

/// Does an ssh client run a local command it is given: a setting of
/// [`SSH_COMMAND_KEYS`] (`-o ProxyCommand=...`, glued or not, any case), or
/// a configuration file (`-F cfg`) that may hold one?
fn ssh_runs_command(name: &str, words: &[String]) -> bool {
    (SSH_CLIENTS.contains(&name) || matches!(name, "ssh" | "autossh"))
        && words.iter().skip(1).any(|w| {
            let lower = w.to_ascii_lowercase();
            let setting = lower.strip_prefix("-o").unwrap_or(&lower);
            SSH_COMMAND_KEYS
                .iter()
                .any(|k| setting.trim_start().starts_with(k))
                || (w.starts_with("-F") && name != "rsync")
        })
}

/// Variables that say where git reads its user and system configuration
/// (which may set an fsmonitor, an alias, an editor): set for a git
/// command, they make its meaning unknown to rules.
const GIT_CONFIG_VARIABLES: &[&str] = &["HOME", "XDG_CONFIG_HOME"];

/// Builtins that run text stored earlier (`history -s CMD; fc -s`): the
/// builtin, an option letter, and whether the option makes it replay
/// (`history -s`) or keeps it from replaying (`fc -l` only lists).
const REPLAYS: &[(&str, char, bool)] = &[("fc", 'l', false), ("history", 's', true)];

/// Does this builtin run stored text ([`REPLAYS`])?
fn replays(name: &str, words: &[String]) -> bool {
    REPLAYS.iter().any(|&(builtin, letter, replays_with)| {
        let has = words[1..]
            .iter()
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains(letter));
        builtin == name && has == replays_with
    })
}

/// Programs that run shell commands named inside their own language (an
/// SQL client's `\!`, sqlite3's `.shell`, mysql's `system`, `ed`'s `!`,
/// m4's `syscmd`, gnuplot's `system`), with the markers of such an escape;
/// an empty list: any script it is given may hold one.
#[rustfmt::skip]
const SHELL_ESCAPES: &[(&str, &[&str])] = &[
    ("psql", &["\\!", "\\o", "\\g", "\\w", "\\copy", "program", "`"]),
    ("mysql", &["\\!", "system", "\\p", "pager"]),
    ("mariadb", &["\\!", "system", "\\p", "pager"]),
    // And every dot-command that runs one ([`shellward_effects::scan::dot_command_runs`]).
    ("sqlite3", &[".shell", ".system", ".output", ".once", ".excel", "edit(", ".read", ".load", "load_extension"]),
    ("duckdb", &[".shell", ".system", ".output", ".once", ".read"]),
    ("ed", &[]), ("ex", &[]), ("m4", &[]), ("gnuplot", &[]), ("bc", &[]), ("dc", &[]),
];

/// Options of a script a program of [`SHELL_ESCAPES`] reads from a file.
const SCRIPT_FILE_OPTIONS: &[&str] = &["-f", "--file", "-i", "--init", "-init", "--source"];

/// Does this command give a program of [`SHELL_ESCAPES`] text that may run
/// a shell command: an argument holding one of its markers, a script file,
/// or (for a program whose every script may) any argument at all? Its
/// standard input is read by the caller.
fn shell_escape(name: &str, words: &[String]) -> bool {
    let Some((_, markers)) = SHELL_ESCAPES.iter().find(|(p, _)| *p == name) else {
        return false;
    };
    let args = &words[1..];
    let dot_commands = matches!(name, "sqlite3" | "duckdb");
    markers.is_empty()
        || (dot_commands
            && args.iter().any(|w| {
                w.lines()
                    .any(|l| shellward_effects::scan::dot_command_runs(l).is_some())
            }))
        || args.iter().any(|w| {
            let lower = w.to_ascii_lowercase();
            markers.iter().any(|m| lower.contains(m))
        })
        || args.iter().any(|w| {
            SCRIPT_FILE_OPTIONS
                .iter()
                .any(|o| w == o || w.strip_prefix(o).is_some_and(|r| r.starts_with('=')))
        })
}

/// Programs reading the standard input as a script that may run shell
/// commands ([`SHELL_ESCAPES`]): fed anything, a command using one cannot
/// be checked.
fn escapes_on_stdin(words: &[String]) -> bool {
    words.first().is_some_and(|w| {
        let name = w.rsplit('/').next().unwrap_or(w);
        SHELL_ESCAPES.iter().any(|(p, _)| *p == name)
    })
}

/// Options, per program, whose value is a command it runs (`tar -I CMD`,
/// `zip -TT CMD`, `rg --pre CMD`, `fd -x CMD`, `scp -S PROG`), beyond the
/// long options every program spells alike ([`RUNS_OPTION`]). A short one
/// is also found glued to its value or inside a cluster (`-cIzstd`); a long
/// one also abbreviated, as these programs read options (`tar --use=CMD`,
/// `git fetch --upload-p=CMD`, `make --ev=...`).
#[rustfmt::skip]
const PROGRAM_RUNS_OPTION: &[(&str, &[&str])] = &[
    ("zip", &["-TT", "--unzip-command"]),
    ("git", &["--upload-pack", "--receive-pack", "--exec", "--open-files-in-pager", "--extcmd", "--tool"]),
    ("rsync", &["--rsh", "--rsync-path"]), ("emacs", &["--eval"]),
    // Options read from a file: what they say is not seen.
    ("curl", &["-K", "--config"]), ("wget", &["-e", "--execute", "--config", "--use-askpass"]),
    ("rg", &["--pre"]), ("scp", &["-S"]), ("sftp", &["-S", "-D"]), ("make", &["-E", "--eval"]), ("gmake", &["-E", "--eval"]),
    // fd's exec in the spellings its subjects are not read from (`-Hx`,
    // `-xrm`, `--exec=rm`).
    ("fd", &["-x", "-X", "--exec", "--exec-batch"]), ("fdfind", &["-x", "-X", "--exec", "--exec-batch"]),
    ("less", &["+!", "+|"]), ("more", &["+!"]), ("journalctl", &["--pager"]),
    ("split", &["--filter"]), ("man", &["-P", "--pager", "-H", "--html"]), ("sort", &["--compress-program"]),
];

/// Options, per program, whose word begins a command to run, read as
/// prefixes of an option glued to its value or followed by it (`-B DIR`
/// is `-BDIR`), for programs whose options are no clusters (`-DBUILD` is
/// not a `-B`).
#[rustfmt::skip]
const PROGRAM_RUNS_PREFIX: &[(&str, &[&str])] = &[
    // A compiler's driver runs the programs these name (`-wrapper
    // sh,-c,CMD`, `-B DIR` for `cc1`/`as`/`ld`, plugins, spec files).
    ("gcc", COMPILER_RUNS), ("cc", COMPILER_RUNS), ("g++", COMPILER_RUNS), ("c++", COMPILER_RUNS),
    ("clang", COMPILER_RUNS), ("clang++", COMPILER_RUNS),
    // `strace -o '|cmd'`/`'!cmd'`: the output is piped to a command.
    ("strace", &["-o|", "-o!", "--output=|", "--output=!"]),
    ("ltrace", &["-o|", "-o!", "--output=|", "--output=!"]),
];

/// A compiler driver's name as [`PROGRAM_RUNS_PREFIX`] has it: without a
/// version (`gcc-12`) or a target (`x86_64-linux-gnu-gcc`); `c99`, `c89`,
/// `cpp`, `gfortran`, `gccgo` are gcc's driver too.
fn compiler_family(name: &str) -> &str {
    let unversioned = name
        .rsplit_once('-')
        .filter(|(_, v)| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        .map_or(name, |(n, _)| n);
    let last = unversioned.rsplit('-').next().unwrap_or(unversioned);
    match last {
        "c99" | "c89" | "cpp" | "gfortran" | "gccgo" => "gcc",
        "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" => last,
        _ => name,
    }
}

/// The options of [`PROGRAM_RUNS_PREFIX`]'s compilers.
#[rustfmt::skip]
const COMPILER_RUNS: &[&str] = &[
    "-wrapper", "-B", "-fplugin", "-fpass-plugin", "-specs", "--specs", "--ld-path", "-Xclang",
    "-Wl,-plugin", "-Wl,--plugin",
];

/// Does the command use an option of [`PROGRAM_RUNS_PREFIX`] (alone,
/// glued to its value, or followed by it)?
fn runs_prefix_of(name: &str, words: &[String]) -> bool {
    let family = compiler_family(name);
    let Some((_, prefixes)) = PROGRAM_RUNS_PREFIX.iter().find(|(p, _)| *p == family) else {
        return false;
    };
    let args = words.get(1..).unwrap_or(&[]);
    // `gcc @opts`: options read from a file, not seen.
    if !family.ends_with("trace") && args.iter().any(|a| a.starts_with('@')) {
        return true;
    }
    args.iter().enumerate().any(|(i, w)| {
        let joined = args.get(i + 1).map(|next| format!("{w}{next}"));
        prefixes.iter().any(|p| {
            w.starts_with(p)
                || (w.starts_with('-') && joined.as_deref().is_some_and(|j| j.starts_with(p)))
        })
    })
}

/// The options of `name` in [`PROGRAM_RUNS_OPTION`] (none if it has no row).
pub(crate) fn options_running(name: &str) -> &'static [&'static str] {
    PROGRAM_RUNS_OPTION
        .iter()
        .find(|(p, _)| *p == name)
        .map_or(&[], |(_, options)| options)
}

/// Does the command use an option of [`PROGRAM_RUNS_OPTION`]?
fn runs_option_of(name: &str, words: &[String]) -> bool {
    let options = options_running(name);
    let old_style = name.ends_with("tar");
    words[1..].iter().enumerate().any(|(i, w)| {
        options.iter().any(|o| {
            let short = o.len() == 2 && o.starts_with('-');
            // less's `+!cmd`: a start-up command, whatever follows it.
            let command = !o.starts_with('-') && w.starts_with(o);
            command
                || w == o
                || shellward_argv::options::may_spell(w, o)
                || w.strip_prefix(o).is_some_and(|r| r.starts_with('=') || short)
                // In a cluster (`-cvI`), and tar's old style (`tar cIf`).
                || (short
                    && ((w.starts_with('-') && !w.starts_with("--"))
                        || (old_style && i == 0 && !w.starts_with('-')))
                    && w.contains(&o[1..]))
        })
    })
}

/// Recipe runners and file runners: a command of one that follows a
/// command writing files in the same line may run what was just written
/// (`printf 'all:\n\trm x\n' > mk && make -f mk`).
#[rustfmt::skip]
const RUNS_FILES: &[&str] = &[
    "make", "gmake", "just", "rake", "ninja", "npm", "pnpm", "yarn", "bun", "deno", "task", "mage",
    "scons", "cmake", "meson", "invoke", "tox", "nox", "pytest", "git",
];

/// Programs that write files they are given (beyond redirections).
#[rustfmt::skip]
const WRITES_FILES: &[&str] = &[
    "cp", "mv", "install", "tee", "ln", "tar", "unzip", "curl", "wget", "git", "rsync", "dd",
    "patch", "sed", "perl", "touch", "cat", "printf", "echo", "base64", "gzip", "gunzip", "xz",
    "chmod", "sponge", "truncate",
];

/// Does this git command only read (a subcommand of [`GIT_READERS`], no
/// `--output`)? It writes nothing a later command could run.
fn git_only_reads(c: &SimpleCommand) -> bool {
    let args: Vec<&str> = c.argv().skip(1).collect();
    let globals = shellward_argv::runners::git_globals(&args);
    globals.subcommand.is_some_and(|at| {
        GIT_READERS.contains(&args[at]) && !args[at..].iter().any(|a| a.starts_with("--output"))
    })
}

/// git's subcommands that write no file in any of their forms (an
/// `--output` aside). Not `config`, `branch`, `tag`, `remote`, `stash`:
/// they have forms that write configuration or refs.
#[rustfmt::skip]
const GIT_READERS: &[&str] = &[
    "status", "log", "show", "diff", "rev-list", "shortlog", "describe", "rev-parse", "var",
    "ls-files", "ls-tree", "blame", "grep", "merge-base", "cat-file", "for-each-ref", "show-ref",
    "name-rev", "cherry", "range-diff", "count-objects", "check-ignore", "diff-tree", "help",
    "version", "whatchanged",
];

/// A `GIT_*` variable that can change what a git command runs or reads:
/// every one but those that only set identities, prompts, locks and
/// pathspec matching.
pub(crate) fn git_setting(name: &str) -> bool {
    name.starts_with("GIT_") && !HARMLESS_GIT_VARIABLES.contains(&name)
}

/// `GIT_*` variables that set nothing git runs or reads.
#[rustfmt::skip]
const HARMLESS_GIT_VARIABLES: &[&str] = &[
    "GIT_TERMINAL_PROMPT", "GIT_OPTIONAL_LOCKS", "GIT_FLUSH", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL",
    "GIT_AUTHOR_DATE", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_COMMITTER_DATE",
    "GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS",
    "GIT_PROGRESS_DELAY", "GIT_ADVICE",
];

/// git's own commands, porcelain and plumbing (`git help -a`): a name
/// among them is no alias (git's aliases cannot take a command's name),
/// whatever the registry lists.
#[rustfmt::skip]
pub(crate) const GIT_COMMANDS: &[&str] = &[
    "add", "am", "annotate", "apply", "archive", "bisect", "blame", "branch", "bundle", "cat-file",
    "check-attr", "check-ignore", "check-mailmap", "check-ref-format", "checkout", "checkout-index",
    "cherry", "cherry-pick", "citool", "clean", "clone", "column", "commit", "commit-graph",
    "commit-tree", "config", "count-objects", "credential", "describe", "diff", "diff-files",
    "diff-index", "diff-tree", "difftool", "fast-export", "fast-import", "fetch", "fetch-pack",
    "filter-branch", "fmt-merge-msg", "for-each-ref", "for-each-repo", "format-patch", "fsck", "gc",
    "get-tar-commit-id", "grep", "hash-object", "help", "index-pack", "init", "instaweb",
    "interpret-trailers", "log", "ls-files", "ls-remote", "ls-tree", "mailinfo", "mailsplit",
    "maintenance", "merge", "merge-base", "merge-file", "merge-index", "merge-tree", "mergetool",
    "mktag", "mktree", "multi-pack-index", "mv", "name-rev", "notes", "pack-objects", "pack-refs",
    "patch-id", "prune", "prune-packed", "pull", "push", "range-diff", "read-tree", "rebase",
    "reflog", "remote", "repack", "replace", "request-pull", "rerere", "reset", "restore",
    "rev-list", "rev-parse", "revert", "rm", "send-email", "send-pack", "shortlog", "show",
    "show-branch", "show-index", "show-ref", "sparse-checkout", "stash", "status", "stripspace",
    "submodule", "switch", "symbolic-ref", "tag", "unpack-file", "unpack-objects", "update-index",
    "update-ref", "update-server-info", "var", "verify-commit", "verify-pack", "verify-tag",
    "version", "whatchanged", "worktree", "write-tree",
];

/// Programs that run git's subcommands under their own name.
const GIT_FRONTENDS: &[&str] = &["hub"];

/// Calls with which inline code of an interpreter ([`shellward_effects::scan::is_interpreter`])
/// runs a program (`os.system("rm x")`, `` `rm x` ``, `execSync`): such code
/// cannot be checked against deny and ask rules. Any argument of the
/// interpreter is looked at, so a script file whose name holds one
/// (`exec_tool.py`) asks too: coarse, and on the closed side.
const CODE_RUNS: &[&str] = &[
    // Code built at run time (`eval(bytes.fromhex(...))`, `eval pack(...)`,
    // `new Function(...)`, `getattr(os, "sys" + "tem")`): anything.
    "eval",
    "Function(",
    "compile(",
    "__import__",
    "importlib",
    "getattr",
    "builtins",
    "ctypes",
    "Runtime",
    "ProcessBuilder",
    "send(",
    "system",
    "popen",
    "subprocess",
    "spawn",
    "exec",
    "child_process",
    "`",
    "%x",
    "passthru",
    "shell_exec",
    "proc_open",
    "pty",
    "os.execute",
    "io.popen",
    "run(`",
    "Deno.Command",
    "Bun.$",
    "$(",
    "open(\"|",
    "open('|",
    // Perl's `qx{...}`, pipe opens (`open(F, "-|", ...)`, `"cmd |"`).
    "qx",
    "\"-|\"",
    "'-|'",
    "\"|-\"",
    "'|-'",
    " |\"",
    " |'",
    // A pipe open's command at either end of a string (`open(F, "|cmd")`,
    // `"cmd|"`), and IPC::Open2/Open3.
    "\"|",
    "'|",
    "|\"",
    "|'",
    "open2",
    "open3",
    "IPC::",
    "readpipe",
    "{|",
    "(|",
    // Names built at run time (`getattr(os, "sys"+"tem")`,
    // `require("child"+"_process")`): what they call is not written.
    "getattr",
    "__import__",
    "importlib",
    "\"+\"",
    "'+'",
    "\" + \"",
    "' + '",
];

/// Options that hand a program a command to run (`tar --checkpoint-action=exec=`,
/// `--to-command`, `--use-compress-program`, `git --upload-pack`, `rebase -x`):
/// with one, the command cannot be checked.
const RUNS_OPTION: &[&str] = &[
    "--checkpoint-action",
    "--to-command",
    "--use-compress-program",
    "--compress-program",
    "--upload-pack",
    "--receive-pack",
    "--exec",
    "--rsh",
    "--info-script",
    "--new-volume-script",
    // `make --eval='x:;CMD'`, `emacs --eval`.
    "--eval",
];

/// Builtins that change what a later name runs (`alias ls=rm` with
/// `shopt -s expand_aliases`, `hash -p /bin/rm ls`, `enable -f`), or run a
/// file we cannot see (`source`, `.`): a command using one cannot be
/// checked against deny and ask rules. (`trap ACTION` is a script wrapper
/// and `eval` another: both are analyzed.)
const RENAMING: &[&str] = &["alias", "unalias", "hash", "enable", "shopt", "source", "."];

/// git's options before its subcommand that take a value, and those that
/// do not (`git -C dir --no-pager push` is a `git push` to a rule).
/// Plumbing that does what a porcelain command does: a rule for the
/// porcelain command also stops the plumbing (`git send-pack` pushes).
const GIT_PLUMBING: &[(&str, &[&str])] = &[
    ("send-pack", &["push"]),
    ("http-push", &["push"]),
    ("update-ref", &["branch", "tag", "reset"]),
    ("symbolic-ref", &["checkout", "switch"]),
    ("read-tree", &["reset", "checkout"]),
    ("checkout-index", &["checkout", "restore"]),
    ("commit-tree", &["commit"]),
    ("update-index", &["add", "rm"]),
    ("mktag", &["tag"]),
    ("pack-refs", &["gc"]),
    ("prune-packed", &["gc", "prune"]),
];

/// git subcommands that run a command given to them, and the word that
/// gives it (empty: always).
#[rustfmt::skip]
const GIT_RUNS: &[(&str, &str)] = &[
    ("rebase", "-x"), ("rebase", "--exec"), ("bisect", "run"), ("submodule", "foreach"),
    ("filter-branch", ""), ("filter-repo", ""), ("difftool", "-x"), ("difftool", "--extcmd"),
    ("mergetool", ""), ("clone", "-u"), ("clone", "--upload-pack"), ("fetch", "--upload-pack"),
    ("pull", "--upload-pack"), ("ls-remote", "--upload-pack"), ("push", "--receive-pack"),
    ("archive", "--exec"), ("daemon", ""), ("web--browse", ""), ("instaweb", ""),
    ("grep", "-O"), ("grep", "--open-files-in-pager"),
    // Configuration and hooks for the new repository, which the clone's
    // checkout already uses (`core.sshCommand`, `core.hooksPath`, a
    // template's `post-checkout`).
    ("clone", "-c"), ("clone", "--config"), ("clone", "--template"), ("init", "--template"),
];

/// `git [GLOBAL OPTIONS] SUBCOMMAND ...`: the subject without the global
/// options, the porcelain equivalents of plumbing, and whether the command
/// is opaque to rules that name git.
fn git(words: &[String], partial: bool, out: &mut Subjects) {
    let globals = runners::git_globals(words.get(1..).unwrap_or(&[]));
    out.git_opaque |= globals.sets_meaning;
    if globals.unknown {
        out.complete = false;
    }
    let Some(i) = globals.subcommand.map(|i| i + 1) else {
        return;
    };
    if words.iter().any(|w| {
        w.contains("ext::") || w.split_once('=').is_some_and(|(name, _)| git_setting(name))
    }) {
        out.git_opaque = true;
    }
    let Some(sub) = words.get(i) else { return };
    let rest = &words[i + 1..];
    // Subcommands that run a command of their own (`rebase -x CMD`,
    // `bisect run CMD`, `submodule foreach CMD`, `clone -u CMD`).
    if GIT_RUNS.iter().any(|(s, marker)| {
        s == sub
            && (marker.is_empty()
                || rest.iter().any(|w| {
                    w == marker
                        || w.starts_with(&format!("{marker}="))
                        // git takes unique abbreviations (`--temp=DIR`).
                        || (marker.starts_with("--") && shellward_argv::options::may_spell(w, marker))
                        // A short option with its value glued on (`-O'CMD'`).
                        || (marker.len() == 2 && !marker.starts_with("--") && w.starts_with(marker))
                }))
    }) {
        out.complete = false;
    }
    if !git_knows(sub) {
        // An alias (from `-c` or the configuration): it can be anything.
        out.git_opaque = true;
        expand_git_alias(words, i, partial, out);
    }
    let with = |name: &str| -> Vec<String> {
        std::iter::once("git".to_string())
            .chain(std::iter::once(name.to_string()))
            .chain(rest.iter().cloned())
            .collect()
    };
    if i > 1 {
        push(out, &with(sub), partial, "git");
    }
    for (_, porcelain) in GIT_PLUMBING.iter().filter(|(p, _)| p == sub) {
        for name in *porcelain {
            push(out, &with(name), partial, "git");
            if let Some(last) = out.list.last_mut() {
                last.stands_for = true;
            }
        }
    }
}

/// Is `sub` one of git's own commands (porcelain, plumbing, or a
/// subcommand the registry knows)? Any other name is an alias or an
/// external `git-NAME` program.
fn git_knows(sub: &str) -> bool {
    shellward_registry::lookup("git").is_some_and(|g| g.subcommand(sub).is_some())
        || GIT_PLUMBING.iter().any(|(p, _)| *p == sub)
        || GIT_COMMANDS.contains(&sub)
}

/// Widely installed external git commands (`git-lfs`, `git-flow`, ...):
/// programs of their own, whose destructive forms the effect rows read
/// (`git lfs prune`), not aliases of unknown meaning.
#[rustfmt::skip]
const GIT_EXTENSIONS: &[&str] = &[
    "lfs", "flow", "crypt", "town", "absorb", "machete", "secret", "annex", "branchless", "revise",
    "sizer", "subrepo", "review", "imerge", "open", "fame", "standup", "recent", "quick-stats",
];

/// The value of the last `-c alias.NAME=VALUE` before the subcommand at
/// `words[i]` (git reads alias names without case).
fn git_alias_value<'w>(words: &'w [String], i: usize, name: &str) -> Option<&'w str> {
    let mut found = None;
    let mut k = 1;
    while k < i {
        let setting = match words[k].as_str() {
            "-c" => {
                k += 1;
                words.get(k).map(String::as_str)
            }
            w => w.strip_prefix("-c").filter(|v| !v.is_empty()),
        };
        if let Some((key, value)) = setting.and_then(|kv| kv.split_once('='))
            && let Some(alias) = key.strip_prefix("alias.")
            && alias.eq_ignore_ascii_case(name)
        {
            found = Some(value);
        }
        k += 1;
    }
    found
}

/// A git command whose subcommand is unknown: the `-c alias` that names it,
/// expanded as git does (`alias.x=branch` makes `git x -d v` a `git branch
/// -d v`; `alias.x='!CMD'` runs `CMD ARGS` in a shell), so that rules and
/// the guard see what runs. Aliases of aliases are followed a few times;
/// past that (a cycle) or without such a `-c`, nothing is known.
fn expand_git_alias(words: &[String], i: usize, partial: bool, out: &mut Subjects) {
    let mut words = words.to_vec();
    let mut i = i;
    for _ in 0..4 {
        let Some(value) = git_alias_value(&words, i, &words[i]).map(str::to_string) else {
            return;
        };
        let rest: Vec<String> = words[i + 1..].to_vec();
        if let Some(shell) = value.strip_prefix('!') {
            let args: Vec<String> = rest.iter().map(|w| shellward_argv::quote(w)).collect();
            script(&format!("{shell} {}", args.join(" ")), out, 1, "alias");
            return;
        }
        let mut expanded: Vec<String> = words[..i].to_vec();
        expanded.extend(value.split_whitespace().map(str::to_string));
        expanded.extend(rest);
        push(out, &expanded, partial, "alias");
        match expanded.get(i) {
            Some(next) if !git_knows(next) => {
                words = expanded;
                i = words.len().min(i);
            }
            _ => return,
        }
    }
    out.complete = false;
}

/// The script a git `!` alias of this command line runs, for reading:
/// git runs `sh -c 'BODY "$@"' BODY ARGS`, so the body's positional
/// parameters (`"$@"`, `$1`, `${2}`, also inside a function it defines and
/// calls with them: `!f() { git branch "$@"; }; f`) are the arguments,
/// written in here quoted, and the arguments follow the body.
pub(crate) fn git_shell_alias(words: &[String]) -> Option<String> {
    if words
        .first()
        .is_none_or(|w| w.rsplit('/').next() != Some("git"))
    {
        return None;
    }
    let i = runners::git_globals(words.get(1..).unwrap_or(&[])).subcommand? + 1;
    let body = git_alias_value(words, i, &words[i])?.strip_prefix('!')?;
    let args: Vec<String> = words[i + 1..]
        .iter()
        .map(|w| shellward_argv::quote(w))
        .collect();
    Some(format!("{} {}", positional(body, &args), args.join(" ")))
}

/// `text` with its positional parameters replaced by `args` (already
/// quoted): `"$@"`, `$@`, `"$*"`, `$*` by all of them, `$N`, `${N}`,
/// `"$N"` by one (or `''`), `$#` by their count.
fn positional(text: &str, args: &[String]) -> String {
    let all = args.join(" ");
    let mut out = String::with_capacity(text.len() + all.len());
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        let quoted = rest[..at].ends_with('"');
        let after = &rest[at + 1..];
        let (name, len) = match after.strip_prefix('{') {
            Some(braced) => match braced.find('}') {
                Some(end) => (&braced[..end], end + 2),
                None => ("", 0),
            },
            None => match after.chars().next() {
                Some(c @ ('@' | '*' | '#' | '0'..='9')) => (&after[..c.len_utf8()], 1),
                _ => ("", 0),
            },
        };
        let value = match name {
            "@" | "*" => Some(all.clone()),
            "#" => Some(args.len().to_string()),
            n => n
                .parse::<usize>()
                .ok()
                .filter(|k| *k > 0)
                .map(|k| args.get(k - 1).cloned().unwrap_or_else(|| "''".to_string())),
        };
        match value {
            Some(v) => {
                // `"$@"` loses its quotes: the quoted words stand in.
                let closes = quoted && rest[at + 1 + len..].starts_with('"');
                out.push_str(if closes { &rest[..at - 1] } else { &rest[..at] });
                out.push_str(&v);
                rest = &rest[at + 1 + len + usize::from(closes)..];
            }
            None => {
                out.push_str(&rest[..=at]);
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Is `words` a git command (its global options skipped) whose subcommand
/// is neither git's own nor an alias this command line defines: an alias
/// from a configuration, or an external `git-NAME` program, whose effect
/// is not known here?
pub(crate) fn git_unknown_subcommand(words: &[String]) -> bool {
    if words
        .first()
        .is_none_or(|w| w.rsplit('/').next() != Some("git"))
    {
        return false;
    }
    let globals = runners::git_globals(words.get(1..).unwrap_or(&[]));
    let Some(i) = globals.subcommand.map(|i| i + 1) else {
        return false;
    };
    !git_knows(&words[i])
        && !GIT_EXTENSIONS.contains(&words[i].as_str())
        && git_alias_value(words, i, &words[i]).is_none()
}

fn push(out: &mut Subjects, words: &[String], partial: bool, via: &str) {
    out.list.push(Subject {
        words: words.to_vec(),
        source: words.join(" "),
        partial,
        via: Some(via.to_string()),
        stands_for: false,
    });
}

/// Analyze an inline script and add its subjects.
fn script(text: &str, out: &mut Subjects, depth: usize, via: &str) {
    let analysis = analyze(text);
    if !analysis.permission_safe() {
        out.complete = false;
    }
    for c in analysis.commands() {
        let known: Vec<String> = c
            .words
            .iter()
            .take_while(|w| w.is_static())
            .map(|w| w.value.clone())
            .collect();
        let partial = known.len() < c.words.len();
        push(out, &known, partial, via);
        see_through(&known, partial, out, depth + 1);
    }
}

/// `find ... -exec|-execdir|-ok|-okdir CMD ... ;|+`, `fd ... -x|-X CMD ...`
fn find_exec(words: &[String], partial: bool, out: &mut Subjects, depth: usize) {
    let name = words[0].rsplit('/').next().unwrap_or(&words[0]);
    let execs = match name {
        "find" => runners::find_exec(words),
        _ => runners::fd_exec(words),
    };
    for exec in execs {
        let terminated = exec.terminated;
        let mut inner = &words[exec.command];
        // fd appends each path to a command without a placeholder (`{}`,
        // `{/}`, `{.}`, ...), as find does after `{} +`.
        let appended: Vec<String>;
        if name != "find"
            && !inner.is_empty()
            && !inner.iter().any(|w| w.contains('{') && w.contains('}'))
        {
            appended = inner.iter().cloned().chain(["{}".to_string()]).collect();
            inner = &appended;
        }
        if inner.is_empty() {
            continue;
        }
        // find puts each file name where `{}` stands, also inside a shell
        // script (`sh -c 'cat {}'`), and after `+` it appends them: a file
        // name then becomes code.
        if runners::runs_its_arguments(inner) && inner.iter().skip(1).any(|w| w.contains("{}")) {
            out.complete = false;
        }
        // An unterminated `-exec` makes find refuse to run; only the known
        // words of a partial command may still be followed by a terminator.
        push(out, inner, partial && !terminated, "find");
        see_through(inner, partial, out, depth + 1);
    }
}

#[cfg(test)]
mod versions {
    #[rustfmt::skip]
    const ROWS: &[(&str, &[&str])] = &[
        ("python3.11", &["python3", "python"]),
        ("python3",    &["python"]),
        ("gcc-12",     &["gcc"]),
        ("node18",     &["node"]),
        ("rm",         &[]),
        ("x2",         &[]),
        ("7z",         &[]),
    ];

    #[test]
    fn versioned_names_have_their_families() {
        for (name, want) in ROWS {
            assert_eq!(super::versioned_families(name), *want, "{name}");
        }
    }
}
