//! The adversarial classes of the judge's second round (`data/adversarial-round2.tsv`,
//! one row per command with its class): none may be auto-allowed, judged in
//! a fixture workspace (a git repository with the files the rows name, a
//! checksum list naming `/etc/passwd`).

#![allow(clippy::panic, clippy::unwrap_used)]

use shellward_judge::{Context, judge};
use shellward_syntax::analyze;

#[test]
fn no_round_two_row_is_auto_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    let git = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(&ws)
        .status()
        .unwrap();
    assert!(git.success());
    let sums = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  /etc/passwd\n";
    for (name, text) in [
        ("a.txt", "data\n"),
        ("sums.txt", sums),
        ("list.txt", "a.txt\n"),
        ("f", ""),
        ("files", ""),
    ] {
        std::fs::write(ws.join(name), text).unwrap();
    }
    // A project whose files make launchers download or run programs.
    std::fs::create_dir_all(ws.join("proj")).unwrap();
    for (name, text) in [
        (
            "rust-toolchain.toml",
            "[toolchain]\nchannel = \"nightly-2020-01-01\"\n",
        ),
        ("go.mod", "module x\n\ngo 1.99\n"),
        ("package.json", "{\"packageManager\": \"pnpm@9.15.0\"}\n"),
        (".yarnrc", "yarn-path \"./evil.js\"\n"),
        (".tool-versions", "nodejs 99.0.0\npython 3.99.0\n"),
    ] {
        std::fs::write(ws.join("proj").join(name), text).unwrap();
    }
    // Poetry's plugins of the project.
    std::fs::create_dir_all(ws.join("proj/.poetry/plugins")).unwrap();
    // A virtual environment uv would run the interpreter of.
    std::fs::create_dir_all(ws.join("proj/.venv/bin")).unwrap();
    // Volta installs the Node its package.json pins.
    std::fs::create_dir_all(ws.join("proj2")).unwrap();
    std::fs::write(
        ws.join("proj2/package.json"),
        "{\"volta\": {\"node\": \"99.0.0\"}}\n",
    )
    .unwrap();
    // npm's update check and logs go where a project's .npmrc says.
    std::fs::create_dir_all(ws.join("proj3")).unwrap();
    std::fs::write(ws.join("proj3/.npmrc"), "logs-dir=/tmp/x\n").unwrap();
    // Two directories to compare, one holding a link out.
    std::fs::create_dir_all(ws.join("d1")).unwrap();
    std::fs::create_dir_all(ws.join("d2")).unwrap();
    std::os::unix::fs::symlink("/etc/hostname", ws.join("d1/x")).unwrap();
    std::fs::write(ws.join("d2/x"), "x\n").unwrap();
    let ctx = Context::new(&ws, &ws);
    let text = include_str!("data/adversarial-round2.tsv");
    let mut rows = 0;
    let mut allowed = Vec::new();
    let mut classes = std::collections::BTreeMap::new();
    // A row's command may span lines: the class is after the last tab.
    let mut rows_text: Vec<(String, &str)> = Vec::new();
    let mut pending = String::new();
    for line in text.lines().skip(1) {
        match line.rsplit_once('\t') {
            Some((command, class)) => {
                pending.push_str(command);
                rows_text.push((std::mem::take(&mut pending), class));
            }
            None => {
                pending.push_str(line);
                pending.push('\n');
            }
        }
    }
    for (command, class) in &rows_text {
        let (command, class) = (command.as_str(), *class);
        rows += 1;
        *classes.entry(class).or_insert(0) += 1;
        let v = judge(&analyze(command), &ctx);
        if v.read_only && v.external_paths.is_empty() {
            allowed.push(format!("[{class}] {command}: {}", v.reason));
        }
    }
    println!(
        "round 2: {rows} adversarial rows in {} classes, {} auto-allowed",
        classes.len(),
        allowed.len()
    );
    assert!(rows >= 150, "the round-two corpus shrank to {rows} rows");
    assert!(allowed.is_empty(), "auto-allowed:\n{}", allowed.join("\n"));
}
