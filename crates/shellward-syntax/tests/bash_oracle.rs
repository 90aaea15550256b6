//! Real bash as the oracle.
//!
//! 1. For every static command we can run harmlessly, the argv (and `SW_*`
//!    environment prefixes and standard input from here-documents and
//!    here-strings) that bash passes to `exec` must equal our analysis.
//!    Bash runs with `PATH` set to a directory of recording shims and every
//!    builtin disabled, in a fresh directory with `HOME` pointing into it, so
//!    nothing but the shims ever runs. Commands with path-qualified names,
//!    `exec`/`eval`/`source`-like names, globs, tildes, or redirections other
//!    than `/dev/null` and plain file names in the case directory are skipped.
//! 2. Whenever we say `parse: ok`, `bash -n` (with extglob, which we accept
//!    as dynamic words) accepts the command too.

#![allow(clippy::panic, clippy::unwrap_used)]

mod support;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use shellward_syntax::{Analysis, Connector, RedirectOp, analyze};
use support::Rng;

const RECORDER: &str = r#"#!/bin/bash
IFS= read -r -d '' stdin
vars=()
for v in $(compgen -e SW_); do vars+=("$v=${!v}"); done
printf '%s\0' "$#" "${#vars[@]}" "${0##*/}" "$@" "${vars[@]}" "$stdin" > "$ORACLE_LOG/$$"
"#;

/// Names that are never run, even as shims.
const NEVER: &[&str] = &[
    "exec", "eval", "source", ".", "enable", "builtin", "command", "cd", "pushd", "popd", "trap",
    "set", "shopt", "export", "readonly", "declare", "typeset", "local", "unset", "alias",
    "unalias", "exit", "return", "logout", "sudo", "bash", "sh", "zsh", "coproc",
];

/// Environment prefixes that may be set in a case (others are skipped).
const SAFE_ENV: &[&str] = &[
    "LANG",
    "TZ",
    "NO_COLOR",
    "GIT_TERMINAL_PROMPT",
    "CI",
    "COLUMNS",
];

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct Invocation {
    argv: Vec<String>,
    env: Vec<String>,
    stdin: String,
}

struct Oracle {
    bash: PathBuf,
    timeout: PathBuf,
    root: PathBuf,
    bin: PathBuf,
    preamble: String,
    counter: AtomicUsize,
}

impl Oracle {
    fn new() -> Oracle {
        let root = std::env::temp_dir().join(format!("shellward-oracle-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let bin = root.join("bin");
        std::fs::create_dir_all(&bin).expect("create oracle dir");
        let recorder = root.join("recorder");
        std::fs::write(&recorder, RECORDER).expect("write recorder");
        set_executable(&recorder);
        let out = Command::new("bash")
            .args(["-c", "enable"])
            .output()
            .expect("bash runs");
        let builtins: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().nth(1).map(str::to_string))
            .filter(|b| b != "enable")
            .collect();
        assert!(
            builtins.len() > 40,
            "expected bash's builtins, got {builtins:?}"
        );
        let preamble = format!("enable -n {}; enable -n enable\n", builtins.join(" "));
        Oracle {
            bash: which("bash"),
            timeout: which("timeout"),
            root,
            bin,
            preamble,
            counter: AtomicUsize::new(0),
        }
    }

    fn shim(&self, name: &str) {
        let path = self.bin.join(name);
        if !path.exists() {
            let _ = std::os::unix::fs::symlink(self.root.join("recorder"), &path);
        }
    }

    /// Run `command` under bash; `None` if bash failed for a reason of its own.
    fn run(&self, command: &str) -> Result<Vec<Invocation>, String> {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let dir = self.root.join(format!("case-{n}"));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        // One file per shim process: pipeline members run concurrently.
        let log = dir.join(".log");
        std::fs::create_dir_all(&log).map_err(|e| e.to_string())?;
        // Absolute paths: `Command` looks names up in the child's PATH, the shims.
        let output = Command::new(&self.timeout)
            .arg("10")
            .arg(&self.bash)
            .arg("-c")
            .arg("--")
            .arg(format!("{}{command}", self.preamble))
            .env_clear()
            .env("PATH", &self.bin)
            .env("HOME", &dir)
            .env("ORACLE_LOG", &log)
            .env("LC_ALL", "C.UTF-8")
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| e.to_string())?;
        if !output.stderr.is_empty() {
            return Err(format!(
                "bash stderr: {}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        let mut bytes = Vec::new();
        for entry in std::fs::read_dir(&log).map_err(|e| e.to_string())? {
            let path = entry.map_err(|e| e.to_string())?.path();
            bytes.extend(std::fs::read(path).map_err(|e| e.to_string())?);
        }
        let _ = std::fs::remove_dir_all(&dir);
        let fields: Vec<String> = bytes
            .split(|&b| b == 0)
            .map(|f| String::from_utf8_lossy(f).into_owned())
            .collect();
        let mut calls = Vec::new();
        let mut i = 0;
        while i + 3 <= fields.len() {
            let argc: usize = fields[i].parse().map_err(|_| "bad log".to_string())?;
            let nvars: usize = fields[i + 1].parse().map_err(|_| "bad log".to_string())?;
            let argv = fields[i + 2..i + 3 + argc].to_vec();
            let mut env = fields[i + 3 + argc..i + 3 + argc + nvars].to_vec();
            env.sort();
            let stdin = fields[i + 3 + argc + nvars].clone();
            calls.push(Invocation { argv, env, stdin });
            i += 4 + argc + nvars;
        }
        calls.sort();
        Ok(calls)
    }
}

fn which(name: &str) -> PathBuf {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} is required for the oracle tests"))
}

fn set_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let mut perms = std::fs::metadata(path).expect("metadata").permissions();
    perms.set_mode(0o755);
    std::fs::set_permissions(path, perms).expect("chmod");
}

fn plain_file(target: &str) -> bool {
    target == "/dev/null"
        || (!target.is_empty()
            && target != "."
            && target != ".."
            && target
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)))
}

/// What bash should record for `analysis`, or why the case is not run.
fn expected(analysis: &Analysis) -> Result<Vec<Invocation>, &'static str> {
    if !analysis.permission_safe() {
        return Err("not permission-safe");
    }
    let mut calls = Vec::new();
    let mut skipped_pipeline = false;
    for command in analysis.commands() {
        if command.negated {
            return Err("negated");
        }
        match command.connector {
            Some(Connector::Pipe | Connector::PipeAll) => {}
            Some(Connector::Or) => skipped_pipeline = true,
            _ => skipped_pipeline = false,
        }
        if command
            .words
            .iter()
            .any(|w| w.tilde || w.glob_prefix.is_some())
        {
            return Err("glob or tilde");
        }
        for a in &command.assignments {
            if !(a.name.starts_with("SW_") || SAFE_ENV.contains(&a.name.as_str())) || a.value.tilde
            {
                return Err("environment prefix");
            }
        }
        let mut stdin = String::new();
        for r in &command.redirects {
            let target = r.target.value.as_str();
            match r.op {
                RedirectOp::HereDoc | RedirectOp::HereDocStrip => {
                    stdin = r
                        .heredoc
                        .as_ref()
                        .map(|h| h.body.clone())
                        .unwrap_or_default();
                }
                RedirectOp::HereString => stdin = format!("{target}\n"),
                RedirectOp::DupOutput | RedirectOp::DupInput
                    if target == "-" || target.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    if r.op == RedirectOp::DupInput {
                        return Err("input duplication");
                    }
                }
                RedirectOp::Input if target == "/dev/null" => stdin = String::new(),
                RedirectOp::Input | RedirectOp::ReadWrite | RedirectOp::DupInput => {
                    return Err("input from a file");
                }
                _ if plain_file(target) => {}
                _ => return Err("redirection outside the case directory"),
            }
        }
        let Some(name) = command.words.first() else {
            continue;
        };
        if name.value.contains('/') || name.value.is_empty() || NEVER.contains(&name.value.as_str())
        {
            return Err("command name not run");
        }
        if skipped_pipeline {
            continue;
        }
        let mut env: Vec<String> = command
            .assignments
            .iter()
            .filter(|a| a.name.starts_with("SW_"))
            .map(|a| format!("{}={}", a.name, a.value.value))
            .collect();
        env.sort();
        calls.push(Invocation {
            argv: command.argv().map(str::to_string).collect(),
            env,
            stdin,
        });
    }
    calls.sort();
    Ok(calls)
}

fn cases() -> Vec<String> {
    let mut cases: Vec<String> = Vec::new();
    for file in [
        "benign.tsv",
        "adversarial.tsv",
        "peers/codex-safety-cases.tsv",
    ] {
        cases.extend(support::corpus(file).into_iter().map(|(c, _)| c));
    }
    let mut rng = Rng::new(0x5eed_cafe);
    cases.extend((0..1500).map(|_| support::command(&mut rng)));
    cases
}

#[test]
fn argv_matches_bash() {
    let oracle = Oracle::new();
    let cases = cases();
    let runnable: Vec<(&String, Vec<Invocation>)> = cases
        .iter()
        .filter_map(|c| expected(&analyze(c)).ok().map(|e| (c, e)))
        .collect();
    let names: HashSet<&str> = runnable
        .iter()
        .flat_map(|(_, e)| e.iter().map(|i| i.argv[0].as_str()))
        .collect();
    for name in names {
        oracle.shim(name);
    }
    let failures = std::sync::Mutex::new(Vec::new());
    let chunks: Vec<_> = runnable.chunks(runnable.len().div_ceil(4).max(1)).collect();
    std::thread::scope(|s| {
        for chunk in chunks {
            let (oracle, failures) = (&oracle, &failures);
            s.spawn(move || {
                for (command, want) in chunk {
                    let got = oracle.run(command);
                    if got.as_ref() != Ok(want) {
                        failures
                            .lock()
                            .expect("lock")
                            .push(format!("{command:?}\n  bash: {got:?}\n  ours: {want:?}"));
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&oracle.root);
    let failures = failures.into_inner().expect("lock");
    println!(
        "bash oracle: {} of {} cases run, {} mismatches",
        runnable.len(),
        cases.len(),
        failures.len()
    );
    assert!(
        runnable.len() >= 1000,
        "the differential test must cover at least 1,000 static commands, got {}",
        runnable.len()
    );
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Hand-written constructs of every kind, for the `bash -n` agreement.
const CONSTRUCTS: &[&str] = &[
    "(ls)",
    "{ ls; }",
    "if a; then b; elif c; then d; else e; fi",
    "for x in a b; do echo $x; done",
    "for ((i=0;i<3;i++)); do echo $i; done",
    "while read l; do echo $l; done < f",
    "until false; do :; done",
    "case $x in a|b) echo 1;; (c) echo 2;& *) ;; esac",
    "select x in a b; do break; done",
    "f() { ls; }",
    "function g { ls; }",
    "function h() ( ls )",
    "[[ -f x && $y =~ ^(a|b)+$ ]]",
    "(( x = 1 + 2 ))",
    "coproc cat",
    "time ls -la",
    "ls & pwd",
    "a=(1 2 3)",
    "a[1]=x",
    "exec {fd}>out",
    "echo $(( 1 + (2 * 3) ))",
    "echo $((ls) )",
    "echo $[1+2]",
    "echo ${x:-$(pwd)} ${#y} ${z//a/b}",
    "echo \"${x:-\"a b\"}\"",
    "echo $(case x in x) echo y;; esac)",
    "echo `echo \\`date\\``",
    "cat <(ls) >(wc)",
    "echo @(a|b) !(c) ?(d) +(e) *(f)",
    "echo {a,b}{c,d} {1..3}",
    "echo $\"hello\"",
    "cat <<EOF\n$(date)\nEOF",
    "cat <<'EOF' | wc -l\nx\nEOF",
    "! grep -q x f",
    "ls \\\n -la",
    "ls # comment",
    "ls; ; ls",
    "ls |",
    "&& ls",
    "ls &&",
    "(ls",
    "ls)",
    "echo 'unterminated",
    "echo \"unterminated",
    "echo $(ls",
    "echo ${x",
    "echo `ls",
    "if true; then ls",
    "case x in",
    "fi",
    "done",
    "{ ls }",
    "foo(bar)",
    "ls > #x",
    "cat <<EOF",
    "2147483648>x echo",
    "echo 1>&2 2>&1 &>x &>>y >|z <>w",
    "x=1 y=$'a\\tb' z= ls",
];

#[test]
fn parse_ok_implies_bash_n_accepts() {
    let mut rng = Rng::new(0xfeed_beef);
    let mut cases = cases();
    cases.extend(CONSTRUCTS.iter().map(|s| s.to_string()));
    // Mutated commands reach many error paths.
    for _ in 0..1500 {
        let base = support::command(&mut rng);
        let mut bytes: Vec<char> = base.chars().collect();
        let at = rng.below(bytes.len().max(1));
        let c = *rng.pick(&[
            '(', ')', '{', '}', '"', '\'', '`', '$', ';', '|', '&', '\n', '<', '>',
        ]);
        if rng.chance(50) && !bytes.is_empty() {
            bytes.remove(at.min(bytes.len() - 1));
        } else {
            bytes.insert(at.min(bytes.len()), c);
        }
        cases.push(bytes.into_iter().collect());
    }
    let disagreements = std::sync::Mutex::new(Vec::new());
    let stricter = AtomicUsize::new(0);
    let chunks: Vec<_> = cases.chunks(cases.len().div_ceil(4)).collect();
    std::thread::scope(|s| {
        for chunk in chunks {
            let (disagreements, stricter) = (&disagreements, &stricter);
            s.spawn(move || {
                for command in chunk {
                    if command.contains('\0') {
                        continue;
                    }
                    let ours = analyze(command).status == shellward_syntax::ParseStatus::Ok;
                    let bash = Command::new("bash")
                        .args(["-O", "extglob", "-n", "-c", "--", command])
                        .stdin(Stdio::null())
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .status()
                        .expect("bash runs")
                        .success();
                    if ours && !bash {
                        disagreements.lock().expect("lock").push(command.clone());
                    } else if bash && !ours {
                        if std::env::var_os("SHELLWARD_SHOW_STRICTER").is_some() {
                            println!("stricter: {command:?}");
                        }
                        stricter.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let disagreements = disagreements.into_inner().expect("lock");
    println!(
        "bash -n: {} commands, {} rejected by us but accepted by bash (fail closed), {} accepted by us only",
        cases.len(),
        stricter.load(Ordering::Relaxed),
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "we said parse ok where bash -n rejects:\n{}",
        disagreements
            .iter()
            .map(|d| format!("{d:?}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
