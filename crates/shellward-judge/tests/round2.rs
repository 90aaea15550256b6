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
    let ctx = Context::new(&ws, &ws);
    let text = include_str!("data/adversarial-round2.tsv");
    let mut rows = 0;
    let mut allowed = Vec::new();
    let mut classes = std::collections::BTreeMap::new();
    for line in text.lines().skip(1).filter(|l| !l.is_empty()) {
        let (command, class) = line.split_once('\t').unwrap();
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
