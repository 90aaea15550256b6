//! Confined or not, an everyday read-only command does the same thing.
//!
//! Every `allow` row of `../shared/corpus/benign.tsv` runs in a fixture
//! workspace twice unconfined (`bash -c`) and, between those, once under
//! `shellward sandbox -c`, and the exit status and output are compared.
//! A command whose unconfined runs differ from each other (process lists,
//! clocks) is compared by exit status only. Every remaining difference
//! must be a row of [`EXPLAINED`]; at least 95 % must be identical, and
//! [`EVERYDAY`] always.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::Path;
use std::process::{Command, Stdio};

/// Differences the confinement is meant to make, and why.
#[rustfmt::skip]
const EXPLAINED: &[(&str, &str)] = &[
    ("pip ",               "pip warns that its cache, ~/.cache/pip, is not writable (writes are denied)"),
];

/// Programs whose output changes from one moment to the next even when
/// two runs happen to agree: compared by exit status.
#[rustfmt::skip]
const VOLATILE: &[&str] = &["free", "uptime", "top", "date", "ps", "pgrep", "lsof", "netstat", "TZ=UTC"];

/// Commands users run every day: these must be identical.
#[rustfmt::skip]
const EVERYDAY: &[&str] = &[
    "git status", "git log --oneline -20", "git log -5 --stat", "git branch", "cargo --version", "ls -la && pwd", "rg -n foo src",
    "python3 --version", "cat package.json", "grep -n 'version' Cargo.toml", "find . -maxdepth 2 -type d",
    "wc -l src/main.rs", "head -20 README.md", "jq .scripts package.json", "echo hello", "git diff -- src/",
];

fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// A small project the benign commands can look at: sources, manifests,
/// logs, data files, and a git history.
fn fixture(root: &Path) {
    #[rustfmt::skip]
    write(root, &[
        ("README.md", "# demo\n\nA demo project.\nfoo bar\n"),
        ("CHANGELOG.md", "## 0.1.0\n- first\n"),
        ("Cargo.toml", "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\n"),
        ("Cargo.lock", "version = 3\n"),
        ("package.json", "{\"name\": \"demo\", \"version\": \"1.2.3\", \"scripts\": {\"test\": \"jest\"}, \"dependencies\": {\"react\": \"18\"}}\n"),
        ("go.mod", "module demo\n\ngo 1.22\n"),
        ("tsconfig.json", "{\"compilerOptions\": {}}\n"),
        (".gitignore", "target/\nnode_modules/\n"),
        (".env.example", "# comment\nPORT=3000\n"),
        ("src/main.rs", "fn main() {\n    println!(\"foo\");\n}\n"),
        ("src/lib.rs", "pub struct Config;\nimpl Config { pub fn new() -> Self { Config } }\nasync fn run() { x.unwrap(); }\n// TODO: more\n"),
        ("src/components/App.tsx", "import React from 'react';\nuseEffect(() => {});\n"),
        ("tests/test_app.py", "def test(): pass\n"),
        ("server.log", "ERROR one\nok\nERROR two\n"),
        ("logs/app.log", "error: a\nwarning: b\n"),
        ("build.log", "Warning: deprecated\n"),
        ("data.json", "[{\"name\": \"a\"}, {\"name\": \"b\"}]\n"),
        ("metadata.json", "{\"packages\": [{\"name\": \"serde\", \"version\": \"1.0.0\"}]}\n"),
        ("openapi.json", "{\"paths\": {\"/a\": {}}}\n"),
        ("docker-compose.yml", "services:\n  web: {}\n  db: {}\n"),
        ("data.csv", "id,name\n1,alpha\n2,beta\n"),
        ("list.txt", "a,b,c\n"),
        ("ids.txt", "1\n2\n3\n"),
        ("words.txt", "pear\napple\npear\n"),
        ("package-list.txt", "b\na\nb\n"),
        ("NOTES.txt", "a long line of notes that goes on\n"),
        ("expected.json", "{\"a\": 1}\n"),
        ("actual.json", "{\"a\": 2}\n"),
        ("f.txt", "one\nfoo\nstart\nbar\nend\n"),
        ("a.bin", "ab"), ("b.bin", "ac"), ("data.bin", "\u{1}\u{2}binary"), ("file.bin", "xyz"),
        ("header.bin", "HDR1"), ("f.bin", "\u{0}\u{1}"), ("image.png", "\u{89}PNG"), ("icon.png", "PNG"),
        ("checksums.txt", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty.txt\n"),
        ("empty.txt", ""),
        ("dist/app.js", "console.log(1)\n"), ("dist/bundle.js", "x\n"),
        ("assets/logo.png", "\u{89}PNG\r\n"),
        ("a", "same\n"), ("b", "same\n"),
    ]);
    let git = |args: &[&str]| {
        let ok = Command::new("git")
            .args(args)
            .current_dir(root)
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@e")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@e")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .stdout(Stdio::null())
            .status()
            .unwrap()
            .success();
        assert!(ok, "git {args:?}");
    };
    git(&["init", "-q", "-b", "main"]);
    git(&["add", "."]);
    git(&["commit", "-qm", "first"]);
    std::fs::write(root.join("README.md"), "# demo\n\nchanged\n").unwrap();
    git(&["commit", "-qam", "second"]);
    std::fs::write(root.join("src/main.rs"), "fn main() {}\n").unwrap();
}

/// (exit status, output) of `argv` in `dir`, at most 20 s.
fn run(dir: &Path, argv: &[&str]) -> (Option<i32>, String) {
    let out = Command::new("timeout")
        .arg("20")
        .args(argv)
        .current_dir(dir)
        .stdin(Stdio::null())
        .env("GIT_OPTIONAL_LOCKS", "0")
        .env("XDG_CONFIG_HOME", dir.join(".no-user-config"))
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

#[test]
fn confined_read_only_commands_behave_as_unconfined() {
    let dir = tempfile::tempdir().unwrap();
    // One level down, so `ls -la`'s `..` is ours and not /tmp (where the
    // sandbox makes the command's temporary directory).
    let ws = dir.path().canonicalize().unwrap().join("project");
    fixture(&ws);
    let shellward = env!("CARGO_BIN_EXE_shellward");
    let rows = shellward_corpus::rows("benign.tsv");
    let commands: Vec<&str> = rows
        .iter()
        .filter(|r| r.fields.get(1).map(String::as_str) == Some("allow"))
        .map(|r| r.command.as_str())
        .collect();
    let (mut identical, mut status_only, mut explained, mut unexplained) =
        (0, 0, Vec::new(), Vec::new());
    for command in &commands {
        // The confined run sits between the two unconfined ones: when
        // those agree, output that follows the clock (`git blame`'s "Not
        // Committed Yet" line carries the current second) agreed across
        // the confined run too.
        let free = run(&ws, &["bash", "-c", command]);
        let confined = run(&ws, &[shellward, "sandbox", "-c", command]);
        let again = run(&ws, &["bash", "-c", command]);
        let volatile = VOLATILE
            .iter()
            .any(|p| command.split_whitespace().next() == Some(p));
        let deterministic = free == again && !volatile;
        let same = if deterministic {
            confined == free
        } else {
            confined.0 == free.0
        };
        if same {
            if deterministic {
                identical += 1;
            } else {
                status_only += 1;
            }
            continue;
        }
        match EXPLAINED
            .iter()
            .find(|(prefix, _)| command.starts_with(prefix))
        {
            Some((_, why)) => explained.push(format!("{command}: {why}")),
            None => unexplained.push(format!(
                "{command}\n  unconfined: {free:?}\n  confined:   {confined:?}"
            )),
        }
        assert!(
            !EVERYDAY.contains(command),
            "an everyday command differs: {command}\n{free:?}\n{confined:?}"
        );
    }
    let total = commands.len();
    let same = identical + status_only;
    println!(
        "differential: {same}/{total} the same ({identical} identical output, {status_only} status only), {} explained differences",
        explained.len()
    );
    for e in &explained {
        println!("  explained: {e}");
    }
    assert!(
        unexplained.is_empty(),
        "unexplained differences:\n{}",
        unexplained.join("\n")
    );
    assert!(same * 100 >= total * 95, "{same}/{total} the same");
    for everyday in EVERYDAY {
        assert!(
            commands.contains(everyday),
            "{everyday} is no longer in the corpus"
        );
    }
}
