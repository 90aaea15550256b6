//! What deny and ask rules are matched against: every simple command, and
//! every command it runs through a wrapper.
//!
//! A deny `rm:*` must also stop `timeout 5 rm x`, `sudo -u me rm x`,
//! `find . -exec rm {} \;`, `ls | xargs rm`, `bash -c 'rm x'` and
//! `watch 'rm x'`. `WRAPPERS` says, per wrapper, which of its options take
//! a value and what comes between its options and the command it runs; a
//! wrapper written with an option we do not know cannot be seen through, so
//! the subject list is marked incomplete and the permission layer asks.

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
}

/// How deep wrappers and inline scripts are followed.
const MAX_DEPTH: usize = 6;

/// What sits between a wrapper's options and the command it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Then {
    /// The command follows the options.
    Command,
    /// `NAME=value` words, then the command (`env`).
    Assignments,
    /// One operand, then the command (`timeout DURATION`, `flock FILE`).
    Operand,
    /// The rest is joined into a shell script (`watch`, `eval`).
    Script,
    /// The operand of `-c` is a shell script (`bash -c`); otherwise a script file runs.
    DashC,
    /// The command follows a `--` (`distrobox-enter NAME -- CMD`); without
    /// one, an interactive shell.
    AfterDashDash,
    /// A verb, then options, then the command (`toolbox run CMD`).
    Verb(&'static str),
}

/// A program that runs another command.
struct Wrapper {
    name: &'static str,
    /// Options that take a value (`-u USER`, `--user=USER`, `-uUSER`).
    with_value: &'static [&'static str],
    /// Options without one.
    flags: &'static [&'static str],
    then: Then,
}

/// Options whose value, if any, is glued on (`--default-signal=TERM`,
/// `prlimit -n1024`): they never take the next word.
const OPTIONAL_VALUE: &[(&str, &[&str])] = &[
    (
        "env",
        &["--default-signal", "--ignore-signal", "--block-signal"],
    ),
    (
        "prlimit",
        &[
            "-c",
            "--core",
            "-d",
            "--data",
            "-e",
            "--nice",
            "-f",
            "--fsize",
            "-i",
            "--sigpending",
            "-l",
            "--memlock",
            "-m",
            "--rss",
            "-n",
            "--nofile",
            "-q",
            "--msgqueue",
            "-r",
            "--rtprio",
            "-s",
            "--stack",
            "-t",
            "--cpu",
            "-u",
            "--nproc",
            "-v",
            "--as",
            "-x",
            "--locks",
            "-y",
            "--rttime",
        ],
    ),
];

/// Wrappers seen through, from their manuals.
const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "env",
        // Not `-S`: it splits its value into a command (unknown: ask).
        with_value: &["-u", "--unset", "-C", "--chdir"],
        flags: &[
            "-i",
            "--ignore-environment",
            "-0",
            "--null",
            "-v",
            "--debug",
            "-",
        ],
        then: Then::Assignments,
    },
    Wrapper {
        name: "sudo",
        with_value: &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-h",
            "--host",
            "-p",
            "--prompt",
            "-C",
            "--close-from",
            "-D",
            "--chdir",
            "-r",
            "--role",
            "-t",
            "--type",
            "-T",
            "--command-timeout",
            "-U",
            "--other-user",
            "-R",
            "--chroot",
        ],
        flags: &[
            "-A",
            "--askpass",
            "-b",
            "--background",
            "-E",
            "--preserve-env",
            "-H",
            "--set-home",
            "-n",
            "--non-interactive",
            "-P",
            "--preserve-groups",
            "-S",
            "--stdin",
            "-k",
            "--reset-timestamp",
            "-B",
            "--bell",
            "-N",
            "--no-update",
        ],
        then: Then::Assignments, // `sudo VAR=value CMD`
    },
    Wrapper {
        name: "doas",
        with_value: &["-u", "-C"],
        flags: &["-n", "-s"],
        then: Then::Command,
    },
    Wrapper {
        name: "timeout",
        with_value: &["-s", "--signal", "-k", "--kill-after"],
        flags: &["--preserve-status", "--foreground", "-v", "--verbose"],
        then: Then::Operand,
    },
    Wrapper {
        name: "time",
        with_value: &["-o", "--output", "-f", "--format"],
        flags: &[
            "-p",
            "--portability",
            "-a",
            "--append",
            "-v",
            "--verbose",
            "-q",
            "--quiet",
        ],
        then: Then::Command,
    },
    Wrapper {
        name: "nice",
        with_value: &["-n", "--adjustment"],
        flags: &[],
        then: Then::Command,
    },
    Wrapper {
        name: "ionice",
        with_value: &["-c", "--class", "-n", "--classdata"],
        flags: &["-t", "--ignore"],
        then: Then::Command,
    },
    Wrapper {
        name: "nohup",
        with_value: &[],
        flags: &[],
        then: Then::Command,
    },
    Wrapper {
        name: "stdbuf",
        with_value: &["-i", "--input", "-o", "--output", "-e", "--error"],
        flags: &[],
        then: Then::Command,
    },
    Wrapper {
        name: "command",
        with_value: &[],
        flags: &["-p"],
        then: Then::Command,
    },
    Wrapper {
        name: "builtin",
        with_value: &[],
        flags: &[],
        then: Then::Command,
    },
    Wrapper {
        name: "exec",
        with_value: &["-a"],
        flags: &["-c", "-l"],
        then: Then::Command,
    },
    Wrapper {
        name: "noglob",
        with_value: &[],
        flags: &[],
        then: Then::Command,
    },
    Wrapper {
        name: "setsid",
        with_value: &[],
        flags: &["-c", "--ctty", "-f", "--fork", "-w", "--wait"],
        then: Then::Command,
    },
    Wrapper {
        name: "unbuffer",
        with_value: &[],
        flags: &["-p"],
        then: Then::Command,
    },
    // Programs that run a command under another identity, root, namespace,
    // tracer or CPU set. Their options are many; any we do not list makes
    // the command uncheckable (ask), the plain forms are seen through.
    Wrapper {
        name: "pkexec",
        with_value: &["--user"],
        flags: &["--disable-internal-agent", "--keep-cwd"],
        then: Then::Command,
    },
    Wrapper {
        name: "runuser",
        with_value: &["-u", "--user", "-g", "--group"],
        flags: &["-l", "--login", "-m", "-p"],
        then: Then::Command,
    },
    Wrapper {
        name: "chroot",
        with_value: &["--userspec", "--groups"],
        flags: &["--skip-chdir"],
        then: Then::Operand,
    },
    Wrapper {
        name: "taskset",
        with_value: &[],
        flags: &["-a", "--all-tasks"],
        then: Then::Operand,
    },
    Wrapper {
        name: "strace",
        with_value: &["-o", "-e", "-s"],
        flags: &["-f", "-ff", "-c", "-t", "-tt", "-q"],
        then: Then::Command,
    },
    Wrapper {
        name: "ltrace",
        with_value: &["-o", "-e", "-s"],
        flags: &["-f", "-c", "-t", "-tt"],
        then: Then::Command,
    },
    Wrapper {
        name: "valgrind",
        with_value: &[],
        flags: &["-q", "--quiet", "-v"],
        then: Then::Command,
    },
    Wrapper {
        name: "unshare",
        with_value: &[],
        flags: &[
            "-r",
            "--map-root-user",
            "-U",
            "--user",
            "-n",
            "--net",
            "-m",
            "--mount",
            "-p",
            "--pid",
            "-f",
            "--fork",
        ],
        then: Then::Command,
    },
    Wrapper {
        name: "nsenter",
        with_value: &["-t", "--target"],
        flags: &["-m", "-u", "-i", "-n", "-p", "-U", "-a", "--all"],
        then: Then::Command,
    },
    Wrapper {
        name: "firejail",
        with_value: &[],
        flags: &["--quiet", "--noprofile"],
        then: Then::Command,
    },
    Wrapper {
        name: "systemd-run",
        with_value: &["-u", "--unit", "-p", "--property"],
        flags: &[
            "--user", "--scope", "--wait", "-q", "--quiet", "-t", "--pty",
        ],
        then: Then::Command,
    },
    Wrapper {
        name: "flock",
        with_value: &["-w", "--timeout", "--wait", "-E", "--conflict-exit-code"],
        flags: &[
            "-s",
            "--shared",
            "-x",
            "-e",
            "--exclusive",
            "-u",
            "--unlock",
            "-n",
            "--nb",
            "--nonblock",
            "-o",
            "--close",
            "-F",
            "--no-fork",
            "--verbose",
        ],
        then: Then::Operand,
    },
    Wrapper {
        name: "chrt",
        with_value: &[
            "-T",
            "--sched-runtime",
            "-P",
            "--sched-period",
            "-D",
            "--sched-deadline",
        ],
        flags: &[
            "-a",
            "--all-tasks",
            "-b",
            "--batch",
            "-d",
            "--deadline",
            "-e",
            "--ext",
            "-f",
            "--fifo",
            "-i",
            "--idle",
            "-o",
            "--other",
            "-r",
            "--rr",
            "-R",
            "--reset-on-fork",
            "-v",
            "--verbose",
        ],
        then: Then::Operand,
    },
    Wrapper {
        name: "prlimit",
        with_value: &["-p", "--pid", "-o", "--output"],
        flags: &["--noheadings", "--raw", "--verbose"],
        then: Then::Command,
    },
    Wrapper {
        name: "setpriv",
        with_value: &[
            "--reuid",
            "--regid",
            "--ruid",
            "--rgid",
            "--euid",
            "--egid",
            "--groups",
            "--inh-caps",
            "--ambient-caps",
            "--bounding-set",
            "--securebits",
            "--pdeathsig",
            "--selinux-label",
            "--apparmor-profile",
            "--landlock-access",
            "--landlock-rule",
            "--seccomp-filter",
            "--ptracer",
        ],
        flags: &[
            "--clear-groups",
            "--keep-groups",
            "--init-groups",
            "--no-new-privs",
            "--reset-env",
            "-d",
            "--dump",
        ],
        then: Then::Command,
    },
    Wrapper {
        name: "script",
        with_value: &[
            "-c",
            "--command",
            "-E",
            "--echo",
            "-I",
            "--log-in",
            "-O",
            "--log-out",
            "-B",
            "--log-io",
            "-T",
            "--log-timing",
            "-m",
            "--logging-format",
            "-o",
            "--output-limit",
        ],
        flags: &[
            "-a", "--append", "-e", "--return", "-f", "--flush", "-q", "--quiet",
        ],
        then: Then::DashC,
    },
    Wrapper {
        name: "dbus-run-session",
        with_value: &["--config-file", "--dbus-daemon"],
        flags: &[],
        then: Then::Command,
    },
    Wrapper {
        name: "flatpak-spawn",
        with_value: &[
            "--directory",
            "--env",
            "--unset-env",
            "--forward-fd",
            "--sandbox-expose",
            "--sandbox-expose-ro",
            "--sandbox-flag",
            "--app-path",
            "--usr-path",
        ],
        flags: &[
            "--host",
            "--watch-bus",
            "--expose-pids",
            "--share-pids",
            "--latest-version",
            "--no-network",
            "--clear-env",
            "--sandbox",
            "--verbose",
            "-v",
        ],
        then: Then::Command,
    },
    Wrapper {
        name: "toolbox",
        with_value: &["-c", "--container", "-d", "--distro", "-r", "--release"],
        flags: &["-y", "--assumeyes", "-v", "--verbose"],
        then: Then::Verb("run"),
    },
    Wrapper {
        name: "distrobox-enter",
        with_value: &["-n", "--name", "-a", "--additional-flags"],
        flags: &[
            "-T",
            "--no-tty",
            "-nw",
            "--no-workdir",
            "-v",
            "--verbose",
            "-d",
            "--dry-run",
            "-r",
            "--root",
            "--clean-path",
        ],
        then: Then::AfterDashDash,
    },
    Wrapper {
        name: "xargs",
        with_value: &[
            "-a",
            "--arg-file",
            "-d",
            "--delimiter",
            "-E",
            "-I",
            "-L",
            "--max-lines",
            "-n",
            "--max-args",
            "-P",
            "--max-procs",
            "-s",
            "--max-chars",
            "--process-slot-var",
        ],
        flags: &[
            "-0",
            "--null",
            "-r",
            "--no-run-if-empty",
            "-t",
            "--verbose",
            "-p",
            "--interactive",
            "-x",
            "--exit",
            "-o",
            "--open-tty",
            "--show-limits",
        ],
        then: Then::Command,
    },
    Wrapper {
        name: "watch",
        with_value: &["-n", "--interval", "-q", "--equexit", "--differences"],
        flags: &[
            "-b",
            "--beep",
            "-c",
            "--color",
            "-C",
            "--no-color",
            "-d",
            "-e",
            "--errexit",
            "-g",
            "--chgexit",
            "-p",
            "--precise",
            "-t",
            "--no-title",
            "-w",
            "--no-wrap",
            "-r",
            "--no-rerun",
        ],
        then: Then::Script,
    },
    Wrapper {
        name: "trap",
        with_value: &[],
        flags: &["-l", "-p"],
        then: Then::Script,
    },
    Wrapper {
        name: "eval",
        with_value: &[],
        flags: &[],
        then: Then::Script,
    },
    Wrapper {
        name: "sh",
        with_value: &["-o", "+o"],
        flags: &[],
        then: Then::DashC,
    },
    Wrapper {
        name: "bash",
        with_value: &["-o", "+o", "-O", "+O", "--rcfile", "--init-file"],
        flags: &[
            "--login",
            "--norc",
            "--noprofile",
            "--posix",
            "--restricted",
            "--verbose",
            "--noediting",
        ],
        then: Then::DashC,
    },
    Wrapper {
        name: "dash",
        with_value: &["-o", "+o"],
        flags: &[],
        then: Then::DashC,
    },
    Wrapper {
        name: "zsh",
        with_value: &["-o", "+o"],
        flags: &["--login", "--no-rcs"],
        then: Then::DashC,
    },
    Wrapper {
        name: "ksh",
        with_value: &["-o", "+o"],
        flags: &[],
        then: Then::DashC,
    },
    Wrapper {
        name: "su",
        with_value: &[
            "-c",
            "--command",
            "-s",
            "--shell",
            "-g",
            "--group",
            "-G",
            "--supp-group",
            "-w",
            "--whitelist-environment",
        ],
        flags: &[
            "-",
            "-l",
            "--login",
            "-m",
            "-p",
            "--preserve-environment",
            "-P",
            "--pty",
        ],
        then: Then::DashC,
    },
];

/// The subjects of `commands` (from a script whose text is `source`).
pub fn subjects(commands: &[SimpleCommand], source: &str) -> Subjects {
    let mut out = Subjects {
        list: Vec::new(),
        complete: true,
        git_opaque: false,
        starts: Vec::with_capacity(commands.len()),
    };
    for c in commands {
        out.starts.push(out.list.len());
        collect(std::slice::from_ref(c), source, &mut out, 0, None);
    }
    out
}

impl Subjects {
    /// The subjects of the `i`th simple command: itself and what it runs.
    pub fn of_command(&self, i: usize) -> &[Subject] {
        let start = self.starts.get(i).copied().unwrap_or(self.list.len());
        let end = self.starts.get(i + 1).copied().unwrap_or(self.list.len());
        &self.list[start.min(end)..end]
    }
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
        let known: Vec<&Word> = c.words.iter().take_while(|w| w.is_static()).collect();
        // A dynamic word leaves a partial subject, which rules check with
        // `may_match_partial`; it does not by itself hide a command.
        let partial = known.len() < c.words.len();
        let words: Vec<String> = known.iter().map(|w| w.value.clone()).collect();
        if c.assignments.iter().any(|a| a.name.starts_with("GIT_")) {
            out.git_opaque = true;
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
    if name == "find" {
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
    if RENAMING.contains(&name) {
        // What runs next is no longer what its name says.
        out.complete = false;
        return;
    }
    if let Some(wrapper) = WRAPPERS.iter().find(|w| w.name == name) {
        through_wrapper(wrapper, words, partial, out, depth);
    }
}

/// What makes a command's meaning unknowable before it runs: `GIT_*`
/// settings (`env GIT_EDITOR=x git ...`), exported bash functions, a
/// program of [`OPAQUE`] or an option of [`RUNS_OPTION`].
fn mark_opaque(words: &[String], name: &str, out: &mut Subjects) {
    // `env GIT_EDITOR=x git ...`, `sudo GIT_SSH_COMMAND=x git ...`.
    if words
        .iter()
        .any(|w| w.starts_with("GIT_") && w.contains('='))
    {
        out.git_opaque = true;
    }
    // `env 'BASH_FUNC_ls%%=() { ...; }' bash -c ls`: a function for bash.
    if words
        .iter()
        .any(|w| w.starts_with("BASH_FUNC_") || w.contains("=()"))
    {
        out.complete = false;
    }
    if OPAQUE.contains(&name)
        || words.iter().skip(1).any(|w| {
            let option = w.split_once('=').map_or(w.as_str(), |(o, _)| o);
            RUNS_OPTION.contains(&option)
        })
    {
        out.complete = false;
    }
}

/// The command a wrapper of [`WRAPPERS`] runs, seen through in turn.
fn through_wrapper(
    wrapper: &Wrapper,
    words: &[String],
    partial: bool,
    out: &mut Subjects,
    depth: usize,
) {
    let name = wrapper.name;
    match inner(wrapper, &words[1..]) {
        Inner::Words(start) => {
            let inner = &words[1 + start..];
            if inner.is_empty() {
                if partial {
                    out.complete = false;
                }
                return;
            }
            // xargs appends words read at run time: a shell, eval or another
            // wrapper under it runs whatever they say.
            if name == "xargs" && runs_its_arguments(inner) {
                out.complete = false;
            }
            push(out, inner, partial, name);
            see_through(inner, partial, out, depth + 1);
        }
        Inner::Script(text) => {
            if partial {
                out.complete = false;
            }
            script(&text, out, depth, name);
        }
        Inner::None => {
            if partial {
                out.complete = false;
            }
        }
        Inner::Unknown => out.complete = false,
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
];

/// Builtins that change what a later name runs (`alias ls=rm` with
/// `shopt -s expand_aliases`, `hash -p /bin/rm ls`, `enable -f`), or run a
/// file we cannot see (`source`, `.`): a command using one cannot be
/// checked against deny and ask rules. (`trap ACTION` is a script wrapper
/// and `eval` another: both are analyzed.)
const RENAMING: &[&str] = &["alias", "unalias", "hash", "enable", "shopt", "source", "."];

/// git's options before its subcommand that take a value, and those that
/// do not (`git -C dir --no-pager push` is a `git push` to a rule).
const GIT_GLOBAL_VALUE: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--super-prefix",
    "--config-env",
    "--attr-source",
    "--list-cmds",
];
const GIT_GLOBAL_FLAGS: &[&str] = &[
    "--no-pager",
    "-p",
    "--paginate",
    "-P",
    "--bare",
    "--no-replace-objects",
    "--literal-pathspecs",
    "--glob-pathspecs",
    "--noglob-pathspecs",
    "--icase-pathspecs",
    "--no-optional-locks",
    "--no-advice",
    "--no-lazy-fetch",
    "--html-path",
    "--man-path",
    "--info-path",
    "--exec-path",
];

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
];

/// `git [GLOBAL OPTIONS] SUBCOMMAND ...`: the subject without the global
/// options, the porcelain equivalents of plumbing, and whether the command
/// is opaque to rules that name git.
fn git(words: &[String], partial: bool, out: &mut Subjects) {
    let mut i = 1;
    while let Some(w) = words.get(i) {
        let a = w.as_str();
        if !a.starts_with('-') {
            break;
        }
        if matches!(a, "-c" | "--config-env")
            || a.starts_with("--config-env=")
            || a.starts_with("--exec-path=")
        {
            out.git_opaque = true;
        }
        if GIT_GLOBAL_VALUE.contains(&a) {
            i += 2;
        } else if GIT_GLOBAL_FLAGS.contains(&a)
            || a.split_once('=')
                .is_some_and(|(n, _)| GIT_GLOBAL_VALUE.contains(&n) || n == "--exec-path")
        {
            i += 1;
        } else if a.len() > 2 && (a.starts_with("-C") || a.starts_with("-c")) {
            // `-Cdir`, `-ckey=value`.
            out.git_opaque |= a.starts_with("-c");
            i += 1;
        } else {
            // `--version`, `--help` run nothing; anything else we do not know.
            if !matches!(a, "--version" | "--help" | "-v" | "-h") {
                out.complete = false;
            }
            return;
        }
    }
    if words
        .iter()
        .any(|w| w.contains("ext::") || (w.starts_with("GIT_") && w.contains('=')))
    {
        out.git_opaque = true;
    }
    let Some(sub) = words.get(i) else { return };
    let rest = &words[i + 1..];
    // Subcommands that run a command of their own (`rebase -x CMD`,
    // `bisect run CMD`, `submodule foreach CMD`, `clone -u CMD`).
    if GIT_RUNS.iter().any(|(s, marker)| {
        s == sub
            && (marker.is_empty()
                || rest
                    .iter()
                    .any(|w| w == marker || w.starts_with(&format!("{marker}="))))
    }) {
        out.complete = false;
    }
    let known = shellward_registry::lookup("git").is_some_and(|g| g.subcommand(sub).is_some())
        || GIT_PLUMBING.iter().any(|(p, _)| p == sub);
    if !known {
        // An alias from the configuration: it can be anything.
        out.git_opaque = true;
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
        }
    }
}

fn push(out: &mut Subjects, words: &[String], partial: bool, via: &str) {
    out.list.push(Subject {
        words: words.to_vec(),
        source: words.join(" "),
        partial,
        via: Some(via.to_string()),
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

/// `find ... -exec|-execdir|-ok|-okdir CMD ... ;|+`
fn find_exec(words: &[String], partial: bool, out: &mut Subjects, depth: usize) {
    let mut i = 1;
    while i < words.len() {
        if matches!(words[i].as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
            let rest = &words[i + 1..];
            let end = rest
                .iter()
                .position(|w| w == ";" || w == "+")
                .unwrap_or(rest.len());
            if end == rest.len() && !partial {
                // Unterminated: find refuses to run; nothing executes.
            }
            let inner = &rest[..end];
            if !inner.is_empty() {
                // find puts each file name where `{}` stands, also inside a
                // shell script (`sh -c 'cat {}'`), and after `+` it appends
                // them: a file name then becomes code.
                if runs_its_arguments(inner) && inner.iter().skip(1).any(|w| w.contains("{}")) {
                    out.complete = false;
                }
                push(out, inner, partial && end == rest.len(), "find");
                see_through(inner, partial, out, depth + 1);
            }
            i += end + 2;
        } else {
            i += 1;
        }
    }
}

/// Does this command run (part of) its arguments as a command or script:
/// a shell, `eval`, or a wrapper?
fn runs_its_arguments(words: &[String]) -> bool {
    words.first().is_some_and(|w| {
        let name = w.rsplit('/').next().unwrap_or(w);
        WRAPPERS.iter().any(|wrapper| wrapper.name == name)
    })
}

/// For a wrapper command (`words[0]` one of [`WRAPPERS`] that runs a
/// command directly), the index in `words` where the command it runs starts.
pub(crate) fn command_start(words: &[String]) -> Option<usize> {
    let wrapper = WRAPPERS
        .iter()
        .find(|w| Some(w.name) == words.first().map(String::as_str))?;
    match inner(wrapper, &words[1..]) {
        Inner::Words(start) if 1 + start < words.len() => Some(1 + start),
        _ => None,
    }
}

enum Inner {
    /// The command starts at this index of the wrapper's arguments.
    Words(usize),
    /// A shell script to analyze.
    Script(String),
    /// The wrapper runs nothing (`sudo -l`, `bash script.sh` runs a file).
    None,
    /// An option we do not know: cannot tell.
    Unknown,
}

fn inner(wrapper: &Wrapper, args: &[String]) -> Inner {
    if wrapper.then == Then::AfterDashDash {
        return match args.iter().position(|a| a == "--") {
            Some(at) if at + 1 < args.len() => Inner::Words(at + 1),
            _ => Inner::None,
        };
    }
    let (args, offset) = match wrapper.then {
        Then::Verb(verb) => match args.split_first() {
            Some((first, rest)) if first == verb => (rest, 1),
            // Another verb (`toolbox list`) runs nothing of ours to see.
            Some(_) => return Inner::None,
            None => return Inner::None,
        },
        _ => (args, 0),
    };
    match inner_after_verb(wrapper, args) {
        Inner::Words(i) => Inner::Words(i + offset),
        other => other,
    }
}

fn inner_after_verb(wrapper: &Wrapper, args: &[String]) -> Inner {
    let optional: &[&str] = OPTIONAL_VALUE
        .iter()
        .find(|(n, _)| *n == wrapper.name)
        .map_or(&[], |(_, o)| o);
    let mut i = 0;
    let mut dash_c = false;
    while let Some(arg) = args.get(i) {
        let a = arg.as_str();
        if a == "--" {
            i += 1;
            break;
        }
        let option_like = (a.starts_with('-') && a.len() > 1)
            || (wrapper.then == Then::DashC && a.starts_with('+') && a.len() > 1);
        if !option_like {
            break;
        }
        if wrapper.flags.contains(&a) || optional.contains(&a) {
            i += 1;
            continue;
        }
        // `--default-signal=TERM`, `-n1024`: an optional value glued on.
        if optional.iter().any(|o| {
            a.strip_prefix(o).is_some_and(|rest| {
                rest.starts_with('=') || (!o.starts_with("--") && !rest.is_empty())
            })
        }) {
            i += 1;
            continue;
        }
        if wrapper.with_value.contains(&a) {
            if wrapper.then == Then::DashC && (a == "-c" || a == "--command") {
                // `su -c CMD`: the value is the script.
                return args
                    .get(i + 1)
                    .map_or(Inner::None, |s| Inner::Script(s.clone()));
            }
            i += 2;
            continue;
        }
        if let Some((name, _)) = a.split_once('=')
            && a.starts_with("--")
            && wrapper.with_value.contains(&name)
        {
            i += 1;
            continue;
        }
        // `-uUSER`, `-oL`, `-n5`: a short option with its value glued on.
        if !a.starts_with("--")
            && a.len() > 2
            && a.get(..2)
                .is_some_and(|short| wrapper.with_value.contains(&short))
        {
            i += 1;
            continue;
        }
        // `nice -10`.
        if wrapper.name == "nice" && a[1..].bytes().all(|b| b.is_ascii_digit()) {
            i += 1;
            continue;
        }
        // Shell option clusters: `-c`, `-lc`, `-ec`, `-xe`, `-euo pipefail`.
        if wrapper.then == Then::DashC
            && !a.starts_with("--")
            && a[1..].bytes().all(|b| b.is_ascii_alphabetic())
        {
            if a.contains('c') {
                dash_c = true;
            }
            // `-o NAME` inside a cluster (`-euo pipefail`) takes the next word.
            i += if a.ends_with('o') { 2 } else { 1 };
            continue;
        }
        return Inner::Unknown;
    }
    // An option that wants a value can be the last word (`sudo -u`).
    after_options(wrapper, args, i.min(args.len()), dash_c)
}

/// What the wrapper runs, once its options end at `args[i]` (`dash_c`:
/// a shell saw `-c`).
fn after_options(wrapper: &Wrapper, args: &[String], i: usize, dash_c: bool) -> Inner {
    let rest = &args[i..];
    match wrapper.then {
        Then::Command => Inner::Words(i),
        // GNU env takes any word holding `=` for an assignment (`A.B=1`).
        Then::Assignments => {
            let skip = rest.iter().take_while(|w| w.contains('=')).count();
            Inner::Words(i + skip)
        }
        Then::Operand
            if wrapper.name == "flock"
                && rest.get(1).is_some_and(|w| w == "-c" || w == "--command") =>
        {
            rest.get(2)
                .map_or(Inner::None, |s| Inner::Script(s.clone()))
        }
        Then::Operand => {
            if rest.is_empty() {
                Inner::None
            } else {
                Inner::Words(i + 1)
            }
        }
        Then::Script => {
            if rest.is_empty() {
                Inner::None
            } else {
                Inner::Script(rest.join(" "))
            }
        }
        Then::DashC if dash_c => rest
            .first()
            .map_or(Inner::None, |s| Inner::Script(s.clone())),
        // `bash script.sh` runs a file we cannot see; `bash` alone reads stdin.
        Then::DashC => Inner::Unknown,
        Then::AfterDashDash | Then::Verb(_) => Inner::Words(i),
    }
}
