//! Snapshots of `shellward check` for representative commands, one block
//! per command: the permission decision (build mode, no settings) with its
//! rule and reason, the judge's verdict and its rule, the "always allow"
//! suggestion, then each simple command's rule. Run through the real binary (`check --batch`) in
//! a fresh temporary workspace; the workspace path is shown as `$WS`.
//! Review changes with `cargo insta review`.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Stdio};

const COMMANDS: &[&str] = &[
    // Read-only, and why.
    "git status",
    "git log --oneline -5 | head -3",
    "ls -la src",
    "grep -rn TODO src --include=*.rs",
    "sort -u names.txt | uniq -c",
    "sed -n '1,20p' src/main.rs",
    "awk -F, '{print $2}' data.csv",
    "jq '.dependencies' package.json",
    "find . -name '*.rs' -exec grep -l foo {} +",
    "comm -12 <(sort a.txt) <(sort b.txt)",
    "echo \"on $(git branch --show-current)\"",
    "cd src && git diff --stat",
    "LANG=C wc -l src/*.rs",
    "node --version",
    // Read-only, but outside the workspace: the permission layer asks.
    "cat /etc/hosts",
    "cat ~/.ssh/id_rsa",
    "grep -r password /",
    // Not read-only, and which rule said so.
    "rm -rf build",
    "sort -o out.txt in.txt",
    "sort --outp=x in.txt",
    "find . -exe\\c rm {} +",
    "sed -i 's/a/b/' f.txt",
    "sed 's/a/b/w out' f.txt",
    "git -c core.pager=sh log",
    "git log --format=%G?",
    "git branch evil",
    "git push origin main",
    "cd / && git status",
    "PATH=/tmp/evil ls",
    "ls > files.txt",
    "cat < /dev/tcp/example.com/80",
    "./cat f.txt",
    "env",
    "ps axe",
    "xargs rm < list.txt",
    "awk 'BEGIN { system(\"id\") }'",
    "echo $(rm -rf x)",
    "cat $(git ls-files)",
    "sort *",
    "echo $HOME",
    "(cd src; ls)",
    "ls &&",
];

fn render(line: &serde_json::Value, ws: &str) -> String {
    let mut out = String::new();
    let s = |v: &serde_json::Value| v.as_str().unwrap_or("").replace(ws, "$WS");
    out.push_str(&format!("$ {}\n", s(&line["command"])));
    out.push_str(&format!(
        "  {} [{}] {}\n",
        s(&line["decision"]),
        s(&line["rule"]),
        s(&line["reason"])
    ));
    out.push_str(&format!(
        "  read_only={} [{}] {}\n",
        line["read_only"],
        s(&line["read_only_rule"]),
        s(&line["read_only_reason"])
    ));
    let suggested: Vec<String> = line["suggested_rules"]
        .as_array()
        .into_iter()
        .flatten()
        .map(s)
        .collect();
    if !suggested.is_empty() {
        out.push_str(&format!("  always allow: {}\n", suggested.join(" | ")));
    }
    for c in line["commands"].as_array().into_iter().flatten() {
        let external: Vec<String> = c["external_paths"]
            .as_array()
            .into_iter()
            .flatten()
            .map(s)
            .collect();
        out.push_str(&format!(
            "  - {} => {} {}{}\n",
            s(&c["text"]),
            match c["read_only"].as_bool() {
                Some(true) => "read-only",
                Some(false) => "NOT read-only",
                None => "not judged",
            },
            s(&c["rule"]),
            if external.is_empty() {
                String::new()
            } else {
                format!(" outside: {}", external.join(", "))
            }
        ));
    }
    out
}

#[test]
fn check_output() {
    let ws_guard = tempfile::Builder::new()
        .prefix("shellward-snap-")
        .tempdir()
        .unwrap();
    let ws = ws_guard.path().to_path_buf();
    std::fs::create_dir_all(ws.join("src")).unwrap();
    let ws = ws.canonicalize().unwrap();
    let ws_text = ws.display().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args([
            "check",
            "--batch",
            "--cwd",
            &ws_text,
            "--workspace",
            &ws_text,
        ])
        .env("HOME", "/nonexistent-home")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        for c in COMMANDS {
            writeln!(stdin, "{}", serde_json::json!({ "command": c })).unwrap();
        }
    }
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), COMMANDS.len());
    let rendered: String = lines
        .iter()
        .map(|l| render(l, &ws_text))
        .collect::<Vec<_>>()
        .join("\n");
    let _ = std::fs::remove_dir_all(&ws);
    insta::assert_snapshot!(rendered);
}

/// The full JSON contract of one command, field by field.
#[test]
fn check_json_contract() {
    // A workspace of its own: at `/`, every directory of the search path
    // is the workspace's (and, for root, writable), so no program would be
    // read-only there.
    let ws = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["check", "--json", "--cwd"])
        .arg(ws.path())
        .arg("--workspace")
        .arg(ws.path())
        .arg("FOO=1 git log -n 3 2>/dev/null | grep -c fix")
        .env("XDG_CONFIG_HOME", ws.path().join(".no-user-config"))
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    insta::assert_json_snapshot!(json);
}
