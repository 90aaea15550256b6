//! `shellward hook claude-code` fed the documented PreToolUse payloads.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

mod support;
use support::Temp;

fn temp(name: &str) -> Temp {
    support::temp_in("hook", name)
}

/// (exit code, stdout, stderr)
fn hook(ws: &Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["hook", "claude-code"])
        .args(args)
        .current_dir(ws)
        .env("XDG_CONFIG_HOME", ws.join(".no-user-config"))
        .env("CLAUDE_CONFIG_DIR", ws.with_extension("claude"))
        .env("SHELLWARD_TRUST_FILE", ws.with_extension("trust.json"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn payload(ws: &Path, tool: &str, command: &str) -> Vec<u8> {
    serde_json::json!({
        "session_id": "abc123",
        "transcript_path": "/tmp/t.jsonl",
        "cwd": ws,
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": {"command": command, "description": "test", "timeout": 120000, "run_in_background": false}
    })
    .to_string()
    .into_bytes()
}

fn decision(stdout: &str) -> (String, String) {
    let v: serde_json::Value = serde_json::from_str(stdout).unwrap();
    let out = &v["hookSpecificOutput"];
    assert_eq!(out["hookEventName"], "PreToolUse");
    (
        out["permissionDecision"].as_str().unwrap().to_string(),
        out["permissionDecisionReason"]
            .as_str()
            .unwrap()
            .to_string(),
    )
}

#[test]
fn decisions() {
    let ws = temp("decisions");
    std::fs::create_dir_all(ws.join(".claude")).unwrap();
    std::fs::write(
        ws.join(".claude/settings.json"),
        r#"{"permissions": {"deny": ["Bash(git push:*)"], "allow": ["Bash(npm test:*)", "Read(**)"]}}"#,
    )
    .unwrap();
    // Read-only: allow.
    let (code, out, _) = hook(&ws, &[], &payload(&ws, "Bash", "git status && ls -la"));
    assert_eq!(code, 0);
    let (d, reason) = decision(&out);
    assert_eq!(d, "allow");
    assert!(reason.contains("mode.build.readOnly"), "{reason}");
    // An allow rule from the workspace's Claude settings: inert until the
    // user trusts it (an agent can write that file), then allow.
    let (_, out, _) = hook(&ws, &[], &payload(&ws, "Bash", "npm test -- --watch"));
    assert_eq!(out, "", "an untrusted allow rule applied");
    let trusted = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["trust", "--yes"])
        .current_dir(&ws)
        .env("SHELLWARD_TRUST_FILE", ws.with_extension("trust.json"))
        .output()
        .unwrap();
    assert!(trusted.status.success(), "{trusted:?}");
    assert_eq!(
        decision(&hook(&ws, &[], &payload(&ws, "Bash", "npm test -- --watch")).1).0,
        "allow"
    );
    // Denied by a Claude-style rule, through a wrapper: deny with the reason.
    let (_, out, _) = hook(
        &ws,
        &[],
        &payload(&ws, "Bash", "timeout 60 git push origin main"),
    );
    let (d, reason) = decision(&out);
    assert_eq!(d, "deny");
    assert!(reason.contains("git push:*"), "{reason}");
    // Writing: no decision by default (Claude Code asks with its own rules) ...
    let (code, out, err) = hook(&ws, &[], &payload(&ws, "Bash", "touch made.txt"));
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    // ... or `ask` when configured.
    let (_, out, _) = hook(
        &ws,
        &["--on-ask", "ask"],
        &payload(&ws, "Bash", "touch made.txt"),
    );
    assert_eq!(decision(&out).0, "ask");
    // Reading outside the workspace is not allowed silently.
    let (_, out, _) = hook(
        &ws,
        &["--on-ask", "ask"],
        &payload(&ws, "Bash", "cat ~/.ssh/id_rsa"),
    );
    let (d, reason) = decision(&out);
    assert_eq!(d, "ask");
    assert!(reason.contains("path.outside"), "{reason}");
    // A huge command: analyzed up to the limit, never allowed.
    let huge = format!("echo {}", "a".repeat(20_000));
    let (code, out, _) = hook(&ws, &["--on-ask", "ask"], &payload(&ws, "Bash", &huge));
    assert_eq!(code, 0);
    assert_eq!(decision(&out).0, "ask");
    // Claude Code's plan mode: writing commands are denied.
    let mut plan: serde_json::Value =
        serde_json::from_slice(&payload(&ws, "Bash", "touch x")).unwrap();
    plan["permission_mode"] = "plan".into();
    let (_, out, _) = hook(&ws, &[], plan.to_string().as_bytes());
    assert_eq!(decision(&out).0, "deny");
}

/// The user's own Claude Code settings (`~/.claude/settings.json`, or
/// `$CLAUDE_CONFIG_DIR/settings.json`) hold rules as binding as the
/// project's: trusted without asking, since the agent's workspace is not
/// where they live.
#[test]
fn the_users_claude_settings_apply() {
    let ws = temp("claude-user");
    let claude = ws.with_extension("claude");
    std::fs::create_dir_all(&claude).unwrap();
    std::fs::write(
        claude.join("settings.json"),
        r#"{"model": "opus", "permissions": {"deny": ["Bash(git push:*)", "Read(./.env)"], "allow": ["Bash(npm test:*)"]}}"#,
    )
    .unwrap();
    let (_, out, _) = hook(&ws, &[], &payload(&ws, "Bash", "git -C . push origin main"));
    let (d, reason) = decision(&out);
    assert_eq!(d, "deny");
    assert!(
        reason.contains("git push:*") && reason.contains("claude/settings.json"),
        "{reason}"
    );
    // Its allow rules need no trust: the file is the user's.
    let (_, out, _) = hook(&ws, &[], &payload(&ws, "Bash", "npm test -- --watch"));
    let (d, reason) = decision(&out);
    assert_eq!(d, "allow", "{reason}");
    assert!(reason.contains("npm test:*"), "{reason}");
}

#[test]
fn never_blocks_the_agent_on_our_failures() {
    let ws = temp("failures");
    // Another tool: nothing to say.
    assert_eq!(
        hook(&ws, &[], &payload(&ws, "Read", "x")),
        (0, String::new(), String::new())
    );
    // Malformed JSON, a missing command, malformed settings: exit 0, no decision, one line on stderr.
    for input in [
        b"{not json".to_vec(),
        br#"{"tool_name": "Bash", "tool_input": {}}"#.to_vec(),
    ] {
        let (code, out, err) = hook(&ws, &[], &input);
        assert_eq!((code, out.as_str()), (0, ""));
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("shellward hook: "), "{err}");
    }
    // A malformed workspace file (one the agent may have planted) is
    // skipped and named on stderr; the decision is made without it.
    std::fs::create_dir_all(ws.join(".shellward")).unwrap();
    std::fs::write(ws.join(".shellward/settings.json"), "{oops").unwrap();
    let (code, out, err) = hook(&ws, &[], &payload(&ws, "Bash", "ls"));
    assert_eq!(code, 0);
    assert_eq!(decision(&out).0, "allow");
    assert!(err.contains(".shellward/settings.json"), "{err}");
}

/// The user's own settings file unreadable or malformed (an agent can
/// `chmod 000` it, or write into it): its deny rules are not known, so the
/// hook asks, and denies where nobody would be asked; it never answers
/// nothing, which would leave Claude Code to run the command.
#[test]
fn unreadable_user_settings_ask_instead_of_passing() {
    let ws = temp("unreadable");
    let config = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(config.path().join("shellward")).unwrap();
    std::fs::write(config.path().join("shellward/settings.json"), "{oops").unwrap();
    for (mode, want) in [("default", "ask"), ("bypassPermissions", "deny")] {
        let input = serde_json::json!({
            "cwd": &*ws, "permission_mode": mode, "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": "rm victim"},
        });
        let mut child = Command::new(env!("CARGO_BIN_EXE_shellward"))
            .args(["hook", "claude-code"])
            .current_dir(&*ws)
            .env("XDG_CONFIG_HOME", config.path())
            .env("CLAUDE_CONFIG_DIR", ws.with_extension("claude"))
            .env("SHELLWARD_TRUST_FILE", ws.with_extension("trust.json"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.to_string().as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0));
        let (decision, reason) = decision(&stdout);
        assert_eq!(decision, want, "{mode}: {stdout}");
        assert!(reason.contains("rule.unverifiable"), "{reason}");
    }
}

/// Claude Code's `permission_mode` maps onto ours, and the guard's
/// question is never left to Claude Code: an explicit `ask`, or a `deny`
/// where nobody would be asked (`bypassPermissions`, `dontAsk`). Real
/// payloads, one row per (mode, command): the decision (`-` for none) and
/// the rule in the reason.
#[test]
fn modes_and_the_guard() {
    let ws = temp("modes");
    #[rustfmt::skip]
    let table: &[(&str, &str, &str, &str)] = &[
        ("default",           "touch made.txt",              "-",     ""),
        ("default",           "rm -rf build",                "ask",   "guard.destructive:fs.rm-recursive"),
        ("default",           "rm -rf ~",                    "ask",   "guard.catastrophic:fs.rm-recursive"),
        ("default",           "git push --force origin main","ask",   "guard.catastrophic:git.push-force"),
        ("acceptEdits",       "rm -rf src",                  "ask",   "guard.destructive:fs.rm-recursive"),
        ("acceptEdits",       "ls",                          "allow", "mode.build.readOnly"),
        ("plan",              "rm -rf ~",                    "deny",  "mode.plan.nonReadOnly"),
        ("bypassPermissions", "rm -rf ~",                    "deny",  "guard.catastrophic:fs.rm-recursive"),
        ("bypassPermissions", "git reset --hard",            "deny",  "guard.destructive:git.reset-hard"),
        ("bypassPermissions", "touch made.txt",              "allow", "mode.yolo"),
        ("dontAsk",           "terraform destroy",           "deny",  "guard.catastrophic:iac.terraform-destroy"),
        ("dontAsk",           "npm install",                 "allow", "mode.yolo"),
        ("somethingNew",      "touch made.txt",              "-",     ""),
    ];
    // PermissionRequest (the dialog is about to be shown): allow what we
    // would allow, deny what we deny, and leave the rest, the guard's
    // questions included, to the person.
    #[rustfmt::skip]
    let requests: &[(&str, &str, &str)] = &[
        ("default", "ls -la",          r#"{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}"#),
        ("default", "rm -rf ~",        ""),
        ("default", "touch made.txt",  ""),
        ("plan",    "touch made.txt",  r#"{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"shellward: not read-only (readonly.unknown:touch), and planning runs only read-only commands [mode.plan.nonReadOnly] (readOnly: false, riskLevel: medium, sideEffectScope: workspace)"}}"#),
    ];
    for (mode, command, want) in requests {
        let mut p: serde_json::Value =
            serde_json::from_slice(&payload(&ws, "Bash", command)).unwrap();
        p["hook_event_name"] = "PermissionRequest".into();
        p["permission_mode"] = (*mode).into();
        let (code, out, _) = hook(&ws, &[], p.to_string().as_bytes());
        let out: String = match out.trim() {
            "" => String::new(),
            text => serde_json::from_str::<serde_json::Value>(text).unwrap()["hookSpecificOutput"]
                .to_string(),
        };
        assert_eq!(
            (code, out.as_str()),
            (0, *want),
            "PermissionRequest `{command}`"
        );
    }
    // Other events get no decision.
    for event in ["PostToolUse", "PermissionDenied", "UserPromptSubmit"] {
        let mut p: serde_json::Value =
            serde_json::from_slice(&payload(&ws, "Bash", "rm -rf ~")).unwrap();
        p["hook_event_name"] = event.into();
        let (code, out, _) = hook(&ws, &[], p.to_string().as_bytes());
        assert_eq!((code, out.as_str()), (0, ""), "{event}");
    }
    for (mode, command, want, rule) in table {
        let mut p: serde_json::Value =
            serde_json::from_slice(&payload(&ws, "Bash", command)).unwrap();
        p["permission_mode"] = (*mode).into();
        let (code, out, err) = hook(&ws, &[], p.to_string().as_bytes());
        assert_eq!(code, 0, "{err}");
        if *want == "-" {
            assert_eq!(out, "", "{mode} `{command}`");
            continue;
        }
        let (d, reason) = decision(&out);
        assert_eq!(d, *want, "{mode} `{command}`: {reason}");
        assert!(
            reason.contains(&format!("[{rule}]")),
            "{mode} `{command}`: {reason}"
        );
        assert!(reason.contains("riskLevel: "), "{reason}");
    }
}
