//! The `shellward` binary end to end: batch checks over the corpus, saving
//! "always allow" answers, and settings errors.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shellward-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.canonicalize().unwrap()
}

fn shellward(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join(".config-none"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn batch_over_the_adversarial_corpus_allows_nothing() {
    let ws = temp("adversarial");
    let tsv = std::fs::read(shellward_corpus::dir().join("adversarial.tsv")).unwrap();
    let out = shellward(&ws, &["check", "--batch", "--tsv", "--mode", "build"], &tsv);
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let allowed: Vec<&str> = lines
        .iter()
        .filter(|l| l["decision"] == "allow")
        .map(|l| l["command"].as_str().unwrap())
        .collect();
    println!(
        "check --batch adversarial.tsv: {} rows, {} allowed",
        lines.len(),
        allowed.len()
    );
    assert!(lines.len() > 400);
    assert!(lines.iter().all(|l| l["error"].is_null()));
    assert!(allowed.is_empty(), "{allowed:#?}");
}

#[test]
fn always_allow_answers_are_saved_and_used() {
    let ws = temp("allow");
    let decision = |command: &str| {
        let out = shellward(&ws, &["check", "--json", "--workspace", ".", command], b"");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            v["decision"].as_str().unwrap().to_string(),
            v["rule"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(decision("npm test").1, "mode.build.highRisk");
    let out = shellward(&ws, &["allow", "--workspace", ".", "npm test:*"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    shellward(&ws, &["allow", "--workspace", ".", "npm test:*"], b"");
    assert_eq!(
        decision("npm test -- --watch"),
        ("allow".into(), "rule.allow:npm test:*".into())
    );
    let saved = std::fs::read_to_string(ws.join(".shellward/settings.local.json")).unwrap();
    assert_eq!(saved.matches("npm test:*").count(), 1, "{saved}");
    // Plan mode ignores it.
    let out = shellward(
        &ws,
        &[
            "check",
            "--json",
            "--workspace",
            ".",
            "--mode",
            "plan",
            "npm test",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["decision"], "deny");
}

#[test]
fn a_malformed_settings_file_is_an_error_naming_it() {
    let ws = temp("malformed");
    std::fs::create_dir_all(ws.join(".shellward")).unwrap();
    std::fs::write(
        ws.join(".shellward/settings.json"),
        "{\n  \"permissions\": {\n    \"deny\": [\"rm:*\",]\n  }\n}\n",
    )
    .unwrap();
    let out = shellward(&ws, &["check", "--workspace", ".", "ls"], b"");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(".shellward/settings.json:3:") && stderr.contains("permissions.deny"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}
