//! "Always allow" suggestions: a stable prefix per command that asked.
//!
//! `pnpm --dir app run lint` → `pnpm run lint:*`; `git -C sub commit -m x`
//! → `git commit:*`; `python3 -m pytest tests` → `python3 -m pytest:*`;
//! `rm -rf dist` → the exact command. The prefix is the command's *action*:
//! wrappers stripped, options (and their arguments) skipped, then down the
//! subcommand tree of the registry ([`shellward_registry`]).

use shellward_argv::spec;
use shellward_registry::{Node, arg};

/// Programs that never get a prefix rule: every use of them is its own
/// decision (deleting, changing permissions, writing devices, running
/// arbitrary code or shells, escalating privileges, running other commands,
/// signalling processes, talking to other machines, database shells).
pub const NEVER_PREFIX: &[&str] = &[
    "rm",
    "rmdir",
    "shred",
    "unlink",
    "chmod",
    "chown",
    "chgrp",
    "dd",
    "mkfs",
    "mke2fs",
    "fdisk",
    "parted",
    "wipefs",
    "sh",
    "bash",
    "zsh",
    "fish",
    "dash",
    "ksh",
    "csh",
    "tcsh",
    "powershell",
    "pwsh",
    "cmd",
    "eval",
    "exec",
    "source",
    ".",
    "sudo",
    "su",
    "doas",
    "xargs",
    "env",
    "find",
    "awk",
    "gawk",
    "mawk",
    "kill",
    "pkill",
    "killall",
    "curl",
    "wget",
    "ssh",
    "scp",
    "rsync",
    "nc",
    "ncat",
    "socat",
    // Database shells: whatever follows is a language of its own.
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "mongosh",
    "mongo",
    "redis-cli",
    "sqlcmd",
];

/// Wrappers stripped (at most two layers) before the prefix is computed;
/// allow rules see through the same ones ([`strip_harmless`]). Not `sudo`:
/// a rule for `apt install` must not allow `sudo apt install`, so `sudo`
/// is in [`NEVER_PREFIX`] and gets the exact command.
const STRIPPED: &[&str] = &["env", "nohup", "time", "command"];

/// Programs whose first operand is the program they run (a script or a
/// package): it is part of the prefix, so `node server.js` suggests
/// `node server.js:*`, never `node:*`.
const RUNS_ITS_OPERAND: &[&str] = &[
    "node", "nodejs", "ruby", "perl", "php", "lua", "Rscript", "npx", "bunx", "pnpx", "uvx",
    "pipx", "deno", "tsx", "ts-node",
];

/// Options that make an interpreter run code given inline.
const INLINE_CODE: &[(&str, &[&str])] = &[
    ("python", &["-c"]),
    ("node", &["-e", "--eval", "-p", "--print"]),
    ("nodejs", &["-e", "--eval", "-p", "--print"]),
    ("deno", &["eval"]),
    ("bun", &["-e", "--eval", "-p", "--print"]),
    ("ruby", &["-e"]),
    ("perl", &["-e", "-E"]),
    ("php", &["-r"]),
    ("lua", &["-e"]),
    ("Rscript", &["-e"]),
    ("osascript", &["-e"]),
];

/// Subcommands that run the program named by their first operand: it is
/// part of the prefix (`uv run pytest:*`, never `uv run:*`).
const SUBCOMMAND_RUNS_OPERAND: &[(&str, &str)] = &[
    ("uv", "run"),
    ("poetry", "run"),
    ("pdm", "run"),
    ("pipenv", "run"),
    ("hatch", "run"),
    ("rye", "run"),
    ("conda", "run"),
    ("bundle", "exec"),
    ("npm", "exec"),
    ("pnpm", "exec"),
    ("pnpm", "dlx"),
    ("yarn", "dlx"),
    ("yarn", "exec"),
    ("bun", "x"),
    ("mise", "exec"),
    ("asdf", "exec"),
];

/// At most this many prefix rules; more, and the exact command is suggested.
pub const MAX_RULES: usize = 5;

/// The rules to suggest for `commands` (the argv of each simple command
/// that was not read-only), for the whole command `text`.
pub fn suggest(commands: &[Vec<String>], text: &str) -> Vec<String> {
    let mut rules: Vec<String> = Vec::new();
    for argv in commands {
        match stable_prefix(argv) {
            Some(prefix) => {
                let rule = format!("{}:*", prefix.join(" "));
                if !rules.contains(&rule) {
                    rules.push(rule);
                }
            }
            None => return vec![text.trim().to_string()],
        }
    }
    if rules.is_empty() || rules.len() > MAX_RULES {
        return vec![text.trim().to_string()];
    }
    rules
}

fn python_like(name: &str) -> bool {
    name == "python"
        || name
            .strip_prefix("python")
            .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// The stable prefix of one command, or `None` when only the exact command
/// may be allowed.
pub fn stable_prefix(argv: &[String]) -> Option<Vec<String>> {
    prefix_words(argv).filter(|p| p.iter().all(|w| rule_word(w)))
}

fn prefix_words(argv: &[String]) -> Option<Vec<String>> {
    let words = strip_harmless(argv)?;
    let root = words.first()?.as_str();
    let base = root.rsplit('/').next().unwrap_or(root);
    if NEVER_PREFIX.contains(&base)
        || base.starts_with("mkfs.")
        || root.contains('=')
        || root.is_empty()
    {
        return None;
    }
    let interpreter = if python_like(base) { "python" } else { base };
    if let Some((_, options)) = INLINE_CODE.iter().find(|(n, _)| *n == interpreter)
        && words[1..].iter().any(|w| {
            options.contains(&w.as_str())
                // `python -c`, also in a cluster (`-Sc`) or glued (`-cprint(1)`).
                || (interpreter == "python" && w.starts_with('-') && !w.starts_with("--") && w.contains('c'))
        })
    {
        return None;
    }
    let out = |rest: &[&str]| {
        let mut v = vec![root.to_string()];
        v.extend(rest.iter().map(|s| s.to_string()));
        Some(v)
    };
    // Fixed depths.
    if interpreter == "python" {
        let mut i = 1;
        while let Some(w) = words.get(i) {
            if w == "-m" {
                return words.get(i + 1).and_then(|m| out(&["-m", m]));
            }
            if let Some(module) = w.strip_prefix("-m") {
                return out(&["-m", module]);
            }
            if !w.starts_with('-') {
                return out(&[w]);
            }
            i += 1;
        }
        return None;
    }
    if matches!(base, "make" | "just" | "gmake") {
        let node = shellward_registry::lookup(base);
        let target = spec::positionals(&words[1..], &node.into_iter().collect::<Vec<_>>())
            .into_iter()
            .find(|w| !w.contains('='));
        // Without a target the default one runs; `make:*` would allow every target.
        return target.and_then(|t| out(&[t]));
    }
    let walked = walk(base, &words[1..])?;
    let fixed = match base {
        "npm" | "pnpm" | "yarn" | "bun" => {
            if let Some(run @ ("run" | "run-script")) = walked.first().map(String::as_str) {
                let node = shellward_registry::lookup(base);
                let mut chain: Vec<&Node> = node.into_iter().collect();
                if let Some(sub) = node.and_then(|n| n.subcommand(run)) {
                    chain.push(sub);
                }
                let after_run = words[1..]
                    .iter()
                    .position(|w| w == run)
                    .map_or(&[][..], |i| &words[2 + i..]);
                return match spec::positionals(after_run, &chain).first() {
                    Some(script) => out(&[run, script]),
                    // `npm run` alone lists the scripts.
                    None => out(&[run]),
                };
            }
            None
        }
        "deno" if walked.first().map(String::as_str) == Some("task") => {
            let after = words[1..]
                .iter()
                .position(|w| w == "task")
                .map_or(&[][..], |i| &words[2 + i..]);
            return match after.iter().find(|w| !w.starts_with('-')) {
                Some(task) => out(&["task", task]),
                None => out(&["task"]),
            };
        }
        "aws" | "az" => Some(2),
        "gcloud" => Some(3),
        _ => None,
    };
    // The registry's answer is preferred when it goes at least as deep as
    // the fixed depth (`aws s3 ls`, not `aws s3`, which would allow `aws s3 rm`).
    if let Some(depth) = fixed
        && walked.len() + 1 < depth
    {
        let plain: Vec<&str> = words[1..]
            .iter()
            .filter(|w| !w.starts_with('-'))
            .take(depth - 1)
            .map(String::as_str)
            .collect();
        return out(&plain);
    }
    let mut rest: Vec<&str> = walked.iter().map(String::as_str).collect();
    // `uv run pytest`, `pnpm dlx create-vite`: the program run is part of the prefix.
    if let [sub] = rest.as_slice()
        && SUBCOMMAND_RUNS_OPERAND.contains(&(base, *sub))
    {
        let sub = *sub;
        let after = words[1..]
            .iter()
            .position(|w| w == sub)
            .map_or(&[][..], |i| &words[2 + i..]);
        let chain: Vec<&Node> = shellward_registry::lookup(base)
            .into_iter()
            .chain(shellward_registry::lookup(base).and_then(|n| n.subcommand(sub)))
            .collect();
        rest.push(spec::positionals(after, &chain).first()?);
    }
    if rest.is_empty() && RUNS_ITS_OPERAND.contains(&base) {
        // `node` alone is a REPL; `node --check x` has no operand we know.
        rest.push(words[1..].iter().find(|w| !w.starts_with('-'))?);
    }
    if shellward_registry::lookup(base).is_none() && rest.is_empty() {
        // Unknown program: without knowing its action words, only the exact command.
        return None;
    }
    out(&rest)
}

/// `argv` without up to two layers of the wrappers that change nothing an
/// allow rule cares about: `nohup`, `time`, `command` (without options) and
/// `env` with only harmless `NAME=value` assignments (`LANG`, `CI` ...).
/// `None` when a wrapper is written in another way (`env -i`, `env PATH=..`).
pub fn strip_harmless(argv: &[String]) -> Option<&[String]> {
    let mut words = argv;
    for _ in 0..2 {
        let Some(first) = words.first().map(String::as_str) else {
            break;
        };
        if !STRIPPED.contains(&first) {
            break;
        }
        let start = shellward_argv::runners::command_start(words)?;
        let between = &words[1..start];
        let harmless = match first {
            "env" => between.iter().all(|w| {
                w.split_once('=')
                    .is_some_and(|(name, value)| shellward_judge::harmless_env(name, value))
            }),
            "time" => between.iter().all(|w| w == "-p"),
            _ => between.is_empty(),
        };
        if !harmless {
            return None;
        }
        words = &words[start..];
    }
    Some(words)
}

/// Walk the subcommand tree from `root`'s node over `args`: the
/// subcommand words found (`None` when a word after an unknown option
/// could be that option's argument or the action). When the walk stops at a node that has
/// subcommands and the next word is a positional that is not one of them
/// (`yarn lint`, `cargo my-plugin`), that word is included: it names the
/// action.
fn walk(root: &str, args: &[String]) -> Option<Vec<String>> {
    let Some(mut node) = shellward_registry::lookup(root) else {
        return Some(Vec::new());
    };
    let mut chain: Vec<&Node> = vec![node];
    let mut path = Vec::new();
    let mut i = 0;
    // The previous word was an option the registry does not know: the next
    // word may be its argument (`pnpm --filter web build`, `docker -H x ps`).
    let mut after_unknown_option = false;
    while let Some(w) = args.get(i) {
        if w == "--" {
            break;
        }
        if w.starts_with('-') && w.len() > 1 {
            after_unknown_option = !w.contains('=') && spec::find_option(w, &chain).is_none();
            i += 1 + usize::from(spec::option_consumes_next(
                w,
                args.get(i + 1).map(String::as_str),
                &chain,
            ));
            continue;
        }
        match node.subcommand(w) {
            Some(sub) => {
                path.push(w.clone());
                node = sub;
                chain.push(sub);
                i += 1;
            }
            // `cargo +nightly`; or the argument of an unknown option, when a
            // known subcommand follows it (`pnpm --filter web build`).
            None if w.starts_with('+')
                || (after_unknown_option
                    && args
                        .get(i + 1)
                        .is_some_and(|n| node.subcommand(n).is_some())) =>
            {
                i += 1;
            }
            // After an option the registry does not know, this word may be
            // its argument or the action: ambiguous, so no prefix.
            None if after_unknown_option && node.has_subcommands() => return None,
            None => {
                let runs_operand = (path.is_empty() && RUNS_ITS_OPERAND.contains(&root))
                    || node
                        .args
                        .first()
                        .is_some_and(|f| f & (arg::COMMAND | arg::MODULE) != 0);
                // A root without subcommands whose first argument is not a
                // file (`mvn compile`, `rake db:migrate`): that word is the
                // action too, not just the program (`mvn:*` would allow every goal).
                let action_argument = path.is_empty()
                    && !node.has_subcommands()
                    && node
                        .args
                        .first()
                        .is_some_and(|f| f & (arg::FILE | arg::FOLDER) == 0);
                if runs_operand || ((node.has_subcommands() || action_argument) && action_word(w)) {
                    path.push(w.clone());
                }
                break;
            }
        }
        after_unknown_option = false;
    }
    Some(path)
}

/// A word that can name an action (`lint`, `my-plugin`, `test:unit`), as
/// opposed to a file, a URL or a script (`f.txt`, `s/a/b/`).
fn action_word(w: &str) -> bool {
    w.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
        && w.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_' || b == b':'
        })
}

/// Every word of a prefix rule must read back as itself: no spaces, quotes,
/// globs or shell syntax, else only the exact command is offered.
fn rule_word(w: &str) -> bool {
    !w.is_empty()
        && !w.ends_with(':')
        && w.bytes().all(|b| {
            b.is_ascii_graphic()
                && !matches!(
                    b,
                    b'*' | b'"'
                        | b'\''
                        | b'\\'
                        | b'$'
                        | b'`'
                        | b';'
                        | b'&'
                        | b'|'
                        | b'<'
                        | b'>'
                        | b'('
                        | b')'
                )
        })
}
