//! Settings an agent can plant in its workspace tighten at once and relax
//! nothing until the user trusts them; what the user saves through
//! shellward is trusted as it is saved.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::process::{Command, Output};

struct Ws {
    _dir: tempfile::TempDir,
    ws: std::path::PathBuf,
}

fn ws() -> Ws {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap().join("project");
    std::fs::create_dir_all(ws.join(".shellward")).unwrap();
    std::fs::create_dir_all(ws.join(".claude")).unwrap();
    Ws { _dir: dir, ws }
}

impl Ws {
    fn shellward(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_shellward"))
            .args(args)
            .current_dir(&self.ws)
            .env("XDG_CONFIG_HOME", self.ws.join("../config"))
            .env("SHELLWARD_TRUST_FILE", self.ws.join("../state/trust.json"))
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    }

    /// The decision and rule `check --json` gives, and the untrusted entries it reports.
    fn check(&self, command: &str) -> (String, String, Vec<String>) {
        let out = self.shellward(&["check", "--json", "--", command]);
        assert!(out.status.success(), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let untrusted = v["untrusted_settings"]
            .as_array()
            .map(|a| {
                a.iter()
                    .flat_map(|u| {
                        u["entries"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|e| e.as_str().unwrap().to_string())
                    })
                    .collect()
            })
            .unwrap_or_default();
        (
            v["decision"].as_str().unwrap().into(),
            v["rule"].as_str().unwrap().into(),
            untrusted,
        )
    }

    fn write(&self, file: &str, text: &str) {
        std::fs::write(self.ws.join(file), text).unwrap();
    }
}

#[test]
fn a_planted_file_cannot_change_the_mode_or_allow_anything() {
    let w = ws();
    w.write(".shellward/settings.local.json", r#"{"defaultMode": "yolo", "permissions": {"allow": ["*"], "additionalDirectories": ["/"]}, "sandbox": {"allowDisable": true}, "env": {"set": {"LD_PRELOAD": "/tmp/x.so"}}}"#);
    w.write(
        ".claude/settings.local.json",
        r#"{"permissions": {"allow": ["Bash(*)"], "deny": ["Bash(git push:*)"]}}"#,
    );
    let (decision, rule, untrusted) = w.check("touch made.txt");
    assert_eq!(
        (decision.as_str(), rule.as_str()),
        ("ask", "mode.build.highRisk")
    );
    for entry in [
        "defaultMode: yolo",
        "allow: *",
        "additionalDirectories: /",
        "sandbox.allowDisable: true",
        "env.set: LD_PRELOAD=/tmp/x.so",
        "allow: Bash(*)",
    ] {
        assert!(
            untrusted.iter().any(|e| e == entry),
            "{entry} not reported: {untrusted:?}"
        );
    }
    // Reading outside stays an ask: the planted directory is not applied.
    assert_eq!(w.check("cat /etc/hostname").0, "ask");
    // What tightens applies at once: the planted deny rule.
    assert_eq!(w.check("git push origin main").0, "deny");
    // The human output says so too.
    let human = String::from_utf8(w.shellward(&["check", "touch made.txt"]).stdout).unwrap();
    assert!(
        human.contains("untrusted settings:") && human.contains("shellward trust"),
        "{human}"
    );
}

#[test]
fn saved_entries_work_and_hand_edits_wait_for_trust() {
    let w = ws();
    // `shellward allow` keeps working without a prompt.
    let out = w.shellward(&["allow", "npm test:*"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(w.check("npm test").0, "allow");
    assert!(w.check("npm test").2.is_empty());
    // An entry added by hand (or by an agent) is inert until trusted.
    let file = w.ws.join(".shellward/settings.local.json");
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("\"npm test:*\"", "\"npm test:*\", \"touch:*\"");
    std::fs::write(&file, text).unwrap();
    let (decision, _, untrusted) = w.check("touch made.txt");
    assert_eq!(decision, "ask");
    assert_eq!(untrusted, ["allow: touch:*"]);
    assert_eq!(
        w.check("npm test").0,
        "allow",
        "the saved entry stays trusted"
    );
    // Trusting needs a person: no terminal, no --yes, no trust.
    let out = w.shellward(&["trust"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--yes"),
        "{out:?}"
    );
    assert_eq!(w.check("touch made.txt").0, "ask");
    let out = w.shellward(&["trust", "--yes"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(w.check("touch made.txt").0, "allow");
    assert!(w.check("touch made.txt").2.is_empty());
    // Nothing left to trust.
    let out = w.shellward(&["trust", "--yes"]);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("nothing to trust"),
        "{out:?}"
    );
}

#[test]
fn the_user_level_file_is_trusted() {
    let w = ws();
    let config = w.ws.join("../config/shellward");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("settings.json"),
        r#"{"permissions": {"allow": ["make:*"]}}"#,
    )
    .unwrap();
    assert_eq!(w.check("make build").0, "allow");
}

/// What a second review found: planted files that broke, moved or
/// disguised the policy.
#[test]
fn planted_files_cannot_shed_borrow_or_disguise_rules() {
    let w = ws();
    // A malformed planted file does not switch the hook off: the user's
    // deny rule still decides.
    let config = w.ws.join("../config/shellward");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("settings.json"),
        r#"{"permissions": {"deny": ["rm:*"]}}"#,
    )
    .unwrap();
    w.write(
        ".claude/settings.local.json",
        r#"{"permissions": {"allow": ["Bash(rm"]}}"#,
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["hook", "claude-code"])
        .current_dir(&w.ws)
        .env("XDG_CONFIG_HOME", w.ws.join("../config"))
        .env("SHELLWARD_TRUST_FILE", w.ws.join("../state/trust.json"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let payload = serde_json::json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf y"}, "cwd": w.ws});
    std::io::Write::write_all(
        &mut child.stdin.take().unwrap(),
        payload.to_string().as_bytes(),
    )
    .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("\"deny\""),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_file(w.ws.join(".claude/settings.local.json")).unwrap();
    // A `.git` planted in a subdirectory does not shed the project's rules.
    w.write(
        ".shellward/settings.json",
        r#"{"permissions": {"deny": ["git push:*"]}}"#,
    );
    std::fs::create_dir_all(w.ws.join("sub/.git")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["check", "--json", "--mode", "yolo", "--", "git push"])
        .current_dir(w.ws.join("sub"))
        .env("XDG_CONFIG_HOME", w.ws.join("../config"))
        .env("SHELLWARD_TRUST_FILE", w.ws.join("../state/trust.json"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["decision"], "deny", "{v}");
    // Entries are shown with control characters escaped.
    w.write(
        ".shellward/settings.local.json",
        "{\"permissions\": {\"allow\": [\"\\u001b[2K\\rnpm test:*\"]}}",
    );
    let human = String::from_utf8(w.shellward(&["check", "ls"]).stdout).unwrap();
    assert!(human.contains("\\u{1b}[2K\\rnpm test:*"), "{human}");
    assert!(!human.contains('\u{1b}'), "{human:?}");
    // `env.policy: core` loosens a user's `none`: it needs trust.
    w.write(
        ".shellward/settings.local.json",
        r#"{"env": {"policy": "core"}}"#,
    );
    assert_eq!(w.check("ls").2, ["env.policy: core"]);
}

#[test]
fn a_linked_settings_directory_does_not_borrow_trust() {
    let (a, b) = (ws(), ws());
    a.write(
        ".shellward/settings.local.json",
        r#"{"defaultMode": "yolo"}"#,
    );
    let trusted = a.shellward(&["trust", "--yes"]);
    assert!(trusted.status.success(), "{trusted:?}");
    assert_eq!(a.check("touch x").0, "allow");
    std::fs::remove_dir_all(b.ws.join(".shellward")).unwrap();
    std::os::unix::fs::symlink(a.ws.join(".shellward"), b.ws.join(".shellward")).unwrap();
    // b uses a's trust store file too: only the key differs.
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["check", "--json", "--", "touch x"])
        .current_dir(&b.ws)
        .env("XDG_CONFIG_HOME", b.ws.join("../config"))
        .env("SHELLWARD_TRUST_FILE", a.ws.join("../state/trust.json"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["decision"], "ask", "{v}");
}

#[test]
fn a_home_workspace_trusts_neither_its_user_file_nor_its_store() {
    let w = ws();
    // The workspace holds the user's config and the trust store.
    std::fs::create_dir_all(w.ws.join("config/shellward")).unwrap();
    std::fs::write(
        w.ws.join("config/shellward/settings.json"),
        r#"{"defaultMode": "yolo"}"#,
    )
    .unwrap();
    std::fs::create_dir_all(w.ws.join("state")).unwrap();
    let key = w.ws.join(".shellward/settings.local.json");
    std::fs::write(&key, r#"{"permissions": {"allow": ["touch:*"]}}"#).unwrap();
    std::fs::write(
        w.ws.join("state/trust.json"),
        serde_json::json!({ key.to_string_lossy(): ["allow: touch:*"] }).to_string(),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["check", "--json", "--", "touch made.txt"])
        .current_dir(&w.ws)
        .env("XDG_CONFIG_HOME", w.ws.join("config"))
        .env("SHELLWARD_TRUST_FILE", w.ws.join("state/trust.json"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["decision"].as_str(), v["mode"].as_str()),
        (Some("ask"), Some("build")),
        "{v}"
    );
}
