//! The one table of programs that run other programs, and the readers of
//! their argv.
//!
//! A deny rule `rm:*` must also stop `timeout 5 rm x`, `sudo -u me rm x`,
//! `bash -c 'rm x'` and `watch 'rm x'`; the judge must judge what they run;
//! the effect model must see what they delete. [`WRAPPERS`] says, per
//! program, which of its options take a value and what comes between its
//! options and the command it runs, copied from its manual; [`inner`]
//! reads an argv with it. A wrapper written with an option we do not know
//! cannot be seen through ([`Inner::Unknown`]), so callers ask. git's global
//! options ([`git_globals`]) and `find -exec` ([`find_exec`]) are read here
//! too.

/// The wrapper named `name` (a base name: `/usr/bin/sudo` is `sudo`).
pub fn wrapper(name: &str) -> Option<&'static Wrapper> {
    type Map =
        std::collections::HashMap<&'static str, &'static Wrapper, foldhash::fast::FixedState>;
    static BY_NAME: std::sync::OnceLock<Map> = std::sync::OnceLock::new();
    BY_NAME
        .get_or_init(|| {
            let mut map = Map::with_hasher(foldhash::fast::FixedState::default());
            for w in WRAPPERS {
                // The first row of a name is the one that counts.
                map.entry(w.name).or_insert(w);
            }
            map
        })
        .get(name)
        .copied()
}

/// Shells: their standard input, a script file operand and the operand of
/// `-c` are scripts. Each has a row in [`WRAPPERS`] (a test holds it), and
/// the effect model reads what is fed to them as a script.
#[rustfmt::skip]
pub const SHELLS: &[&str] = &[
    "sh", "bash", "dash", "zsh", "ksh", "mksh", "busybox", "rbash", "ash", "yash", "posh", "fish",
    "tcsh", "csh", "oksh", "loksh", "pdksh", "nu", "xonsh", "elvish", "rc", "es", "ion", "murex",
    "osh", "ysh", "brush",
];

/// Does this command run (part of) its arguments as a command or script:
/// a shell, `eval`, or another wrapper?
pub fn runs_its_arguments(words: &[String]) -> bool {
    words.first().is_some_and(|w| {
        let name = w.rsplit('/').next().unwrap_or(w);
        wrapper(name).is_some()
    })
}

/// Where git's global options end (`git -C dir --no-pager push`), and what
/// they say about the command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GitGlobals {
    /// The index of the subcommand in the arguments, if the globals end in one.
    pub subcommand: Option<usize>,
    /// A global option that sets git's meaning at run time (`-c`,
    /// `--config-env`, `--exec-path=`: aliases, editors, pagers; or
    /// `--git-dir`, `--work-tree`: another repository's configuration).
    pub sets_meaning: bool,
    /// A global option we do not know (neither `--version` nor `--help`).
    pub unknown: bool,
    /// git only prints and exits (`--version`, `--help`, `--exec-path`
    /// without a value, `--html-path`, `--list-cmds=`): what follows is
    /// not run.
    pub quits: bool,
}

/// Read git's global options in `args` (git's arguments, without `git`);
/// [`GitGlobals::subcommand`] is an index into `args`.
pub fn git_globals<S: AsRef<str>>(args: &[S]) -> GitGlobals {
    let mut out = GitGlobals::default();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let a = w.as_ref();
        if !a.starts_with('-') {
            out.subcommand = Some(i);
            return out;
        }
        // `--git-dir`/`--work-tree` make another directory's configuration
        // apply (one an earlier command may have just written).
        // `-c KEY=VALUE` of a key git reads as data only (`user.name`,
        // `color.ui`) sets nothing it runs.
        let setting = match a {
            "-c" => args.get(i + 1).map(AsRef::as_ref),
            "--config-env" => Some(""),
            _ => a.strip_prefix("--config-env=").map(|_| ""),
        };
        if setting.is_some_and(|kv| !git_data_setting(kv))
            || matches!(a, "--git-dir" | "--work-tree")
            || a.starts_with("--exec-path=")
            || a.starts_with("--git-dir=")
            || a.starts_with("--work-tree=")
        {
            out.sets_meaning = true;
        }
        if GIT_GLOBAL_QUITS.contains(&a) || a.starts_with("--list-cmds=") {
            out.quits = true;
            return out;
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
            out.sets_meaning |= a.strip_prefix("-c").is_some_and(|kv| !git_data_setting(kv));
            i += 1;
        } else {
            out.unknown = true;
            return out;
        }
    }
    out
}

/// Is `KEY=VALUE` (of `git -c`) a setting git reads as data only: never
/// a program, a shell command, a file or directory to read, an alias or
/// a URL rewrite? Keys are case-insensitive in their first and last parts.
pub fn git_data_setting(key_value: &str) -> bool {
    let key = key_value.split_once('=').map_or(key_value, |(k, _)| k);
    let key = key.to_ascii_lowercase();
    // Signing runs gpg (or `gpg.program`); turning it off runs nothing.
    let unsigned = matches!(key.as_str(), "commit.gpgsign" | "tag.gpgsign")
        && key_value
            .split_once('=')
            .is_some_and(|(_, v)| v.eq_ignore_ascii_case("false"));
    unsigned
        || GIT_DATA_KEYS.contains(&key.as_str())
        || GIT_DATA_SECTIONS.iter().any(|s| {
            key.strip_prefix(s)
                .is_some_and(|rest| rest.starts_with('.') && !rest[1..].contains('.'))
        })
}

/// Keys whose values git takes as names, numbers or switches.
#[rustfmt::skip]
const GIT_DATA_KEYS: &[&str] = &[
    "user.name", "user.email", "author.name", "author.email", "committer.name", "committer.email",
    "init.defaultbranch", "core.quotepath",
    "core.autocrlf", "core.safecrlf", "core.eol", "core.abbrev", "core.ignorecase",
    "core.precomposeunicode", "core.filemode", "core.symlinks", "pull.rebase", "pull.ff",
    "push.default", "push.autosetupremote", "merge.conflictstyle", "merge.ff", "rebase.autosquash",
    "rebase.autostash", "rerere.enabled", "status.showuntrackedfiles", "status.short",
    "status.branch", "diff.noprefix", "diff.renames", "diff.algorithm", "diff.colormoved",
    "log.decorate", "log.date", "log.abbrevcommit", "fetch.prune", "gc.auto", "maintenance.auto",
    "protocol.version", "http.sslverify", "http.postbuffer", "credential.interactive",
    "column.ui", "branch.sort", "tag.sort", "clone.defaultremotename",
];

/// Sections all of whose two-part keys are data (`color.ui`, `advice.*`).
const GIT_DATA_SECTIONS: &[&str] = &["color", "advice"];

/// One command `find` runs: `-exec CMD ARGS ;` (or `{} +`), `-execdir`,
/// `-ok`, `-okdir`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindExec {
    /// The action (`-exec`, `-execdir`, `-ok`, `-okdir`), at `at`.
    pub action: &'static str,
    /// The index of the action word.
    pub at: usize,
    /// The command's words, up to its terminator.
    pub command: std::ops::Range<usize>,
    /// A terminator was there (GNU find refuses to run without one).
    pub terminated: bool,
}

/// The commands `find` runs, as GNU find reads them: a command ends at
/// `;`, or at `+` right after `{}` (any other `+` is an argument).
pub fn find_exec<S: AsRef<str>>(words: &[S]) -> Vec<FindExec> {
    execs(
        words,
        &["-exec", "-execdir", "-ok", "-okdir"],
        |w, k, start| {
            w[k].as_ref() == ";" || (w[k].as_ref() == "+" && k > start && w[k - 1].as_ref() == "{}")
        },
    )
}

/// The commands `fd` runs: `-x CMD ARGS` / `--exec` for each result,
/// `-X` / `--exec-batch` once for all, each up to a `;` word or the end
/// (fd's own reading: every word after the option belongs to the command,
/// and no terminator is needed).
pub fn fd_exec<S: AsRef<str>>(words: &[S]) -> Vec<FindExec> {
    execs(words, &["-x", "--exec", "-X", "--exec-batch"], |w, k, _| {
        w[k].as_ref() == ";"
    })
    .into_iter()
    .map(|exec| FindExec {
        terminated: true,
        ..exec
    })
    .collect()
}

/// The commands after any of `actions` in `words`, each up to the first
/// word `ends(words, k, start)` accepts (`terminated` when one did).
fn execs<S: AsRef<str>>(
    words: &[S],
    actions: &[&'static str],
    ends: impl Fn(&[S], usize, usize) -> bool,
) -> Vec<FindExec> {
    let mut out = Vec::new();
    let mut i = 1;
    while i < words.len() {
        let Some(action) = actions.iter().find(|a| **a == words[i].as_ref()) else {
            i += 1;
            continue;
        };
        let start = i + 1;
        let end = (start..words.len()).find(|&k| ends(words, k, start));
        out.push(FindExec {
            action,
            at: i,
            command: start..end.unwrap_or(words.len()),
            terminated: end.is_some(),
        });
        i = end.map_or(words.len(), |e| e + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shell is seen through, and `-c` runs its operand: the deny
    /// layer and the effect model share one list of shells.
    #[test]
    fn every_shell_runs_its_dash_c_operand() {
        for shell in SHELLS {
            let w = wrapper(shell).unwrap_or_else(|| panic!("{shell} has no row"));
            if *shell == "busybox" {
                continue;
            }
            assert_eq!(w.then, Then::DashC, "{shell}");
            let args = ["-c".to_string(), "rm x".to_string()];
            assert_eq!(inner(w, &args), Inner::Script("rm x".into()), "{shell}");
        }
    }

    #[test]
    fn find_exec_as_gnu_find_reads_it() {
        let got = |s: &'static str| {
            let words: Vec<&str> = s.split(' ').collect();
            find_exec(&words)
                .iter()
                .map(|f| (f.action, words[f.command.clone()].join(" "), f.terminated))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            got("find . -exec rm {} ;"),
            [("-exec", "rm {}".to_string(), true)]
        );
        assert_eq!(
            got("find . -exec rm {} +"),
            [("-exec", "rm {}".to_string(), true)]
        );
        // A `+` not after `{}` is an argument.
        assert_eq!(
            got("find . -exec echo + ;"),
            [("-exec", "echo +".to_string(), true)]
        );
        assert_eq!(
            got("find . -exec echo +"),
            [("-exec", "echo +".to_string(), false)]
        );
        assert_eq!(
            got("find . -execdir a {} ; -ok b ;"),
            [
                ("-execdir", "a {}".to_string(), true),
                ("-ok", "b".to_string(), true)
            ]
        );
        assert_eq!(got("find . -name x"), []);
    }

    #[test]
    fn git_globals_end_at_the_subcommand() {
        let words = |s: &'static str| s.split(' ').collect::<Vec<_>>();
        #[rustfmt::skip]
        let rows: &[(&str, Option<usize>, bool, bool)] = &[
            ("-C dir --no-pager push origin", Some(3), false, false),
            ("-c alias.p=push p",             Some(2), true,  false),
            ("-calias.p=push p",              Some(1), true,  false),
            ("--frobnicate push",             None,    false, true),
            ("--version",                     None,    false, false),
            ("--exec-path branch -d x",       None,    false, false),
            ("--no-literal-pathspecs branch", Some(1), false, false),
            ("--shallow-file f branch",       Some(2), false, false),
        ];
        for (args, sub, meaning, unknown) in rows {
            let g = git_globals(&words(args));
            assert_eq!(
                (g.subcommand, g.sets_meaning, g.unknown),
                (*sub, *meaning, *unknown),
                "{args}"
            );
        }
    }

    #[test]
    fn wrappers_are_read_with_their_options() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        #[rustfmt::skip]
        let rows: &[(&str, Option<usize>)] = &[
            ("timeout 5 rm x",          Some(2)),
            ("sudo -u me rm x",         Some(3)),
            ("nice -n 5 rm x",          Some(3)),
            ("nice -10 rm x",           Some(2)),
            ("env A=1 B=2 rm x",        Some(3)),
            ("sudo --frobnicate rm x",  None),
            ("sudo",                    None),
        ];
        for (argv, want) in rows {
            assert_eq!(command_start(&words(argv)), *want, "{argv}");
        }
    }

    #[test]
    fn a_shell_s_script_file_follows_its_options() {
        fn words(s: &str) -> Vec<&str> {
            s.split(' ').collect()
        }
        #[rustfmt::skip]
        let rows: &[(&str, Option<usize>)] = &[
            ("bash x.sh",                   Some(1)),
            ("bash -O extglob x.sh",        Some(3)),
            ("bash +O extglob x.sh a",      Some(3)),
            ("sh -e -o pipefail ./x",       Some(4)),
            ("bash -euo pipefail x.sh",     Some(3)),
            ("bash --rcfile r -- x.sh",     Some(4)),
            ("/bin/bash --norc x.sh",       Some(2)),
            ("bash -c x.sh",                None),
            ("bash -ec 'true' x.sh",        None),
            ("bash",                        None),
            ("bash --frobnicate x.sh",      None),
            ("timeout 5 x.sh",              None),
            ("python3 x.py",                None),
        ];
        for (argv, want) in rows {
            assert_eq!(script_file(&words(argv)), *want, "{argv}");
        }
    }
}

/// What sits between a wrapper's options and the command it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
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
    /// The command follows the options only when this flag is one of them
    /// (bash's `jobs -x CMD`); otherwise the operands are data.
    WithFlag(&'static str),
}

/// A program that runs another command.
pub struct Wrapper {
    /// The program's name.
    pub name: &'static str,
    /// Options that take a value (`-u USER`, `--user=USER`, `-uUSER`).
    pub with_value: &'static [&'static str],
    /// Options without one.
    pub flags: &'static [&'static str],
    /// What comes after the options.
    pub then: Then,
}

/// Options whose value, if any, is glued on (`--default-signal=TERM`,
/// `prlimit -n1024`): they never take the next word.
pub const OPTIONAL_VALUE: &[(&str, &[&str])] = &[
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

/// The options of `mpirun`/`mpiexec` (one program, two names) before the command.
const MPI_WITH_VALUE: &[&str] = &["-n", "-np", "-c", "--host", "-H", "--hostfile", "-x"];
const MPI_FLAGS: &[&str] = &["--oversubscribe", "-q", "--quiet"];

/// bash's options with a value, and those without (`rbash` is bash).
const BASH_WITH_VALUE: &[&str] = &["-o", "+o", "-O", "+O", "--rcfile", "--init-file"];
#[rustfmt::skip]
const BASH_FLAGS: &[&str] = &[
    "--login", "--norc", "--noprofile", "--posix", "--restricted", "--verbose", "--noediting",
];

/// A POSIX shell whose only options with a value are `-o`/`+o` (`set`'s
/// long names): `-c` runs its operand.
const fn posix_shell(name: &'static str) -> Wrapper {
    Wrapper {
        name,
        with_value: &["-o", "+o"],
        flags: &[],
        then: Then::DashC,
    }
}

/// Wrappers seen through, from their manuals.
pub const WRAPPERS: &[Wrapper] = &[
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
    // `jobs -x CMD ARGS` runs CMD with job specifications replaced.
    Wrapper {
        name: "jobs",
        with_value: &[],
        flags: &["-x", "-l", "-n", "-p", "-r", "-s"],
        then: Then::WithFlag("-x"),
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
    // The dynamic loader runs the program it is given (`ld.so /bin/rm x`).
    Wrapper {
        name: "ld.so",
        with_value: LD_SO_VALUES,
        flags: LD_SO_FLAGS,
        then: Then::Command,
    },
    Wrapper {
        name: "ld-linux-x86-64.so.2",
        with_value: LD_SO_VALUES,
        flags: LD_SO_FLAGS,
        then: Then::Command,
    },
    Wrapper {
        name: "ld-linux-aarch64.so.1",
        with_value: LD_SO_VALUES,
        flags: LD_SO_FLAGS,
        then: Then::Command,
    },
    Wrapper {
        name: "ld-linux.so.2",
        with_value: LD_SO_VALUES,
        flags: LD_SO_FLAGS,
        then: Then::Command,
    },
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
    posix_shell("sh"),
    Wrapper {
        name: "bash",
        with_value: BASH_WITH_VALUE,
        flags: BASH_FLAGS,
        then: Then::DashC,
    },
    posix_shell("dash"),
    // Multi-call binaries: the applet is the command (`busybox rm -rf x`).
    Wrapper {
        name: "busybox",
        with_value: &[],
        flags: &[],
        then: Then::Command,
    },
    Wrapper {
        name: "toybox",
        with_value: &[],
        flags: &[],
        then: Then::Command,
    },
    // Programs that run a command in a changed setting.
    Wrapper {
        name: "rlwrap",
        with_value: &[
            "-f",
            "--file",
            "-H",
            "--history-filename",
            "-l",
            "--logfile",
            "-S",
            "--substitute-prompt",
        ],
        flags: &[
            "-c",
            "--complete-filenames",
            "-r",
            "--remember",
            "-A",
            "--ansi-colour-aware",
        ],
        then: Then::Command,
    },
    Wrapper {
        // `faketime [-m] [-f] [-p PID] TIMESTAMP CMD`. Not `--date-prog`:
        // its value is a program that runs (unknown: ask).
        name: "faketime",
        with_value: &["-p"],
        flags: &["-m", "-f", "--exclude-monotonic"],
        then: Then::Operand,
    },
    Wrapper {
        name: "catchsegv",
        with_value: &[],
        flags: &[],
        then: Then::Command,
    },
    Wrapper {
        name: "numactl",
        with_value: &[
            "-C",
            "--physcpubind",
            "-N",
            "--cpunodebind",
            "-m",
            "--membind",
            "-i",
            "--interleave",
            "-p",
            "--preferred",
        ],
        flags: &["-l", "--localalloc", "-a", "--all"],
        then: Then::Command,
    },
    Wrapper {
        name: "mpirun",
        with_value: MPI_WITH_VALUE,
        flags: MPI_FLAGS,
        then: Then::Command,
    },
    Wrapper {
        name: "mpiexec",
        with_value: MPI_WITH_VALUE,
        flags: MPI_FLAGS,
        then: Then::Command,
    },
    Wrapper {
        name: "run0",
        with_value: &[
            "-u", "--user", "-g", "--group", "-D", "--chdir", "--setenv", "--nice",
        ],
        flags: &["--no-ask-password"],
        then: Then::Command,
    },
    // Programs that route a command's network traffic.
    Wrapper {
        name: "torsocks",
        with_value: &[
            "-u",
            "-p",
            "-a",
            "-P",
            "--user",
            "--pass",
            "--address",
            "--port",
        ],
        flags: &[
            "-i",
            "--isolate",
            "-d",
            "--debug",
            "-q",
            "--quiet",
            "-6",
            "--ipv6",
        ],
        then: Then::Command,
    },
    Wrapper {
        name: "proxychains",
        with_value: &["-f"],
        flags: &["-q"],
        then: Then::Command,
    },
    Wrapper {
        name: "proxychains4",
        with_value: &["-f"],
        flags: &["-q"],
        then: Then::Command,
    },
    Wrapper {
        name: "fish",
        // Not `-C`/`--init-command`: its value runs (unknown: ask).
        with_value: &[],
        flags: &["--no-config", "-N", "--private", "-P"],
        then: Then::DashC,
    },
    Wrapper {
        name: "zsh",
        with_value: &["-o", "+o"],
        flags: &["--login", "--no-rcs"],
        then: Then::DashC,
    },
    posix_shell("ksh"),
    // The other shells of [`SHELLS`]: `-c` runs its operand (options
    // beyond `-o` are unknown, and so not seen through).
    Wrapper {
        name: "rbash",
        with_value: BASH_WITH_VALUE,
        flags: BASH_FLAGS,
        then: Then::DashC,
    },
    posix_shell("mksh"),
    posix_shell("ash"),
    posix_shell("yash"),
    posix_shell("posh"),
    posix_shell("oksh"),
    posix_shell("loksh"),
    posix_shell("pdksh"),
    // Shells of other languages: `-c` runs its operand too (read with
    // bash's syntax; what does not parse cannot be checked).
    posix_shell("nu"),
    posix_shell("xonsh"),
    posix_shell("elvish"),
    posix_shell("rc"),
    posix_shell("es"),
    posix_shell("ion"),
    posix_shell("murex"),
    posix_shell("osh"),
    posix_shell("ysh"),
    posix_shell("brush"),
    Wrapper {
        name: "tcsh",
        with_value: &[],
        flags: &["-f"],
        then: Then::DashC,
    },
    Wrapper {
        name: "csh",
        with_value: &[],
        flags: &["-f"],
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

/// The dynamic loader's options that take a value (glibc's `ld.so --help`).
const LD_SO_VALUES: &[&str] = &[
    "--library-path",
    "--inhibit-rpath",
    "--audit",
    "--preload",
    "--argv0",
    "--glibc-hwcaps-prepend",
    "--glibc-hwcaps-mask",
];

/// The dynamic loader's options without one.
const LD_SO_FLAGS: &[&str] = &["--inhibit-cache"];

/// git's global options that take a value (`-C DIR`, `-c KEY=VALUE`).
pub const GIT_GLOBAL_VALUE: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--super-prefix",
    "--config-env",
    "--attr-source",
    "--shallow-file",
];
/// git's global options after which it prints and exits (git.c's
/// `handle_options`; `--version` and `--help` become the `version` and
/// `help` commands, which run nothing else).
pub const GIT_GLOBAL_QUITS: &[&str] = &[
    "--version",
    "-v",
    "--help",
    "-h",
    "--exec-path",
    "--html-path",
    "--man-path",
    "--info-path",
    "--list-cmds",
];
/// git's global options without a value.
pub const GIT_GLOBAL_FLAGS: &[&str] = &[
    "--no-pager",
    "-p",
    "--paginate",
    "-P",
    "--bare",
    "--no-replace-objects",
    "--literal-pathspecs",
    "--no-literal-pathspecs",
    "--glob-pathspecs",
    "--noglob-pathspecs",
    "--icase-pathspecs",
    "--no-optional-locks",
    "--no-advice",
    "--no-lazy-fetch",
];

/// For a wrapper command (`words[0]` one of [`WRAPPERS`] that runs a
/// command directly), the index in `words` where the command it runs starts.
pub fn command_start(words: &[String]) -> Option<usize> {
    let wrapper = WRAPPERS
        .iter()
        .find(|w| Some(w.name) == words.first().map(String::as_str))?;
    match inner(wrapper, &words[1..]) {
        Inner::Words(start) if 1 + start < words.len() => Some(1 + start),
        _ => None,
    }
}

/// What a wrapper runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inner {
    /// The command starts at this index of the wrapper's arguments.
    Words(usize),
    /// A shell script to analyze.
    Script(String),
    /// The wrapper runs nothing (`sudo -l`, `bash script.sh` runs a file).
    None,
    /// An option we do not know: cannot tell.
    Unknown,
}

/// What `wrapper` runs, given its arguments (without its name).
pub fn inner(wrapper: &Wrapper, args: &[String]) -> Inner {
    // `runuser -u USER CMD` is runuser's own form; without `-u` it takes
    // su's (`runuser USER -c CMD`, `runuser -l USER -s /bin/x`).
    let user = |a: &String| {
        a == "-u"
            || a == "--user"
            || a.starts_with("--user=")
            || (a.starts_with("-u") && !a.starts_with("--"))
    };
    if wrapper.name == "runuser"
        && !args.iter().any(user)
        && let Some(su) = self::wrapper("su")
    {
        return inner(su, args);
    }
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
    match options_end(wrapper, args) {
        Ok((i, dash_c)) => after_options(wrapper, args, i, dash_c),
        Err(inner) => inner,
    }
}

/// For a shell given a script file (`bash -O extglob x.sh`, `sh -e
/// ./x`), the index in `words` of that file: the first operand after the
/// shell's options, when none of them is `-c`.
pub fn script_file<S: AsRef<str>>(words: &[S]) -> Option<usize> {
    let name = words.first()?.as_ref();
    let wrapper = wrapper(name.rsplit('/').next().unwrap_or(name))?;
    if wrapper.then != Then::DashC {
        return None;
    }
    let args: Vec<String> = words[1..].iter().map(|w| w.as_ref().to_string()).collect();
    match options_end(wrapper, &args) {
        Ok((i, false)) if i < args.len() => Some(1 + i),
        _ => None,
    }
}

/// Where a wrapper's options end in `args`, and whether a shell saw `-c`;
/// or what it runs when an option already tells (`su -c CMD`) or an
/// option is unknown.
fn options_end(wrapper: &Wrapper, args: &[String]) -> Result<(usize, bool), Inner> {
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
                return Err(args
                    .get(i + 1)
                    .map_or(Inner::None, |s| Inner::Script(s.clone())));
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
        return Err(Inner::Unknown);
    }
    // An option that wants a value can be the last word (`sudo -u`).
    Ok((i.min(args.len()), dash_c))
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
        Then::WithFlag(flag) if args[..i].iter().any(|a| a == flag) && !rest.is_empty() => {
            Inner::Words(i)
        }
        Then::WithFlag(_) => Inner::None,
    }
}
