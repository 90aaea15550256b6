//! Settings files: layering, Claude Code's files, clear errors for
//! malformed files, atomic saves that keep the rest of the file, and the
//! committed JSON Schema.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use shellward_permit::settings::{self, Level, Saved, SettingsError};
use shellward_permit::trust::TrustStore;
use shellward_permit::{Action, Mode, Settings};

/// A fresh directory, removed when the value drops (also when a test
/// fails). It is `ws` inside its own temporary directory, so files a test
/// keeps beside it (`ws.trust.json`) go with it.
struct Temp {
    _root: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for Temp {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Temp {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

fn temp(name: &str) -> Temp {
    let root = tempfile::Builder::new()
        .prefix(&format!("shellward-settings-{name}-"))
        .tempdir()
        .unwrap();
    let path = root.path().join("ws");
    std::fs::create_dir(&path).unwrap();
    Temp { _root: root, path }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn layers_and_claude_files() {
    let ws = temp("layers");
    write(
        &ws.join(".shellward/settings.json"),
        r#"{"permissions": {"deny": ["git push:*"], "additionalDirectories": ["../shared"]}, "defaultMode": "plan"}"#,
    );
    write(
        &ws.join(".shellward/settings.local.json"),
        r#"{"permissions": {"allow": ["npm test:*"]}, "defaultMode": "edit"}"#,
    );
    write(
        &ws.join(".claude/settings.json"),
        r#"{"model": "x", "hooks": {}, "permissions": {"allow": ["Bash(make build)", "Read(src/**)", "WebFetch"], "deny": ["Bash(rm:*)"], "defaultMode": "bypassPermissions"}}"#,
    );
    // Untrusted, the workspace's files only tighten: deny rules and plan mode.
    let s = Settings::load_with(&ws, &[], &TrustStore::default()).unwrap();
    let rules: Vec<(Action, &str)> = s
        .rules
        .iter()
        .map(|r| (r.action, r.pattern.text.as_str()))
        .collect();
    assert_eq!(
        rules,
        [(Action::Deny, "git push:*"), (Action::Deny, "rm:*")]
    );
    assert_eq!(s.default_mode, Some(Mode::Plan));
    assert!(s.additional_directories.is_empty());
    let untrusted: Vec<&str> = s
        .untrusted
        .iter()
        .flat_map(|u| u.entries.iter().map(String::as_str))
        .collect();
    assert_eq!(
        untrusted,
        [
            "additionalDirectories: ../shared",
            "allow: npm test:*",
            "defaultMode: edit",
            "allow: Bash(make build)",
            "allow: Read(src/**)",
            "allow: WebFetch"
        ]
    );
    // Trusted, every entry applies.
    let mut store = TrustStore::default();
    store.add(
        &ws.join(".shellward/settings.json"),
        ["additionalDirectories: ../shared".to_string()],
    );
    store.add(
        &ws.join(".shellward/settings.local.json"),
        [
            "allow: npm test:*".to_string(),
            "defaultMode: edit".to_string(),
        ],
    );
    store.add(
        &ws.join(".claude/settings.json"),
        [
            "allow: Bash(make build)".to_string(),
            "allow: Read(src/**)".to_string(),
            "allow: WebFetch".to_string(),
        ],
    );
    let s = Settings::load_with(&ws, &[], &store).unwrap();
    assert!(s.untrusted.is_empty(), "{:?}", s.untrusted);
    let rules: Vec<(Action, &str, Level)> = s
        .rules
        .iter()
        .map(|r| (r.action, r.pattern.text.as_str(), r.level))
        .collect();
    assert!(rules.contains(&(Action::Deny, "git push:*", Level::Project)));
    assert!(rules.contains(&(Action::Allow, "npm test:*", Level::Local)));
    assert!(rules.contains(&(Action::Allow, "make build", Level::ClaudeProject)));
    assert!(rules.contains(&(Action::Deny, "rm:*", Level::ClaudeProject)));
    // Read(...) and WebFetch are rules for Claude Code's other tools.
    assert_eq!(rules.len(), 4, "{rules:?}");
    // The most specific of our files decides the mode; Claude's modes are not imported.
    assert_eq!(s.default_mode, Some(Mode::Edit));
    assert_eq!(s.additional_directories, vec![ws.join("../shared")]);
}

fn error(text: &str) -> SettingsError {
    let ws = temp("errors");
    write(&ws.join(".shellward/settings.json"), text);
    Settings::load(&ws, &[]).unwrap_err()
}

#[test]
fn malformed_files_are_clear_errors() {
    let table: &[(&str, &str)] = &[
        // Not JSON: the position of the problem.
        (
            "{\n  \"permissions\": {\n    \"allow\": [\"a\",]\n  }\n}",
            ".shellward/settings.json:3:",
        ),
        // The wrong type: the field's path.
        (
            "{\"permissions\": {\"allow\": \"npm test:*\"}}",
            "permissions.allow",
        ),
        ("{\"defaultMode\": \"fast\"}", "defaultMode"),
        // A typo is an error, not a silently ignored key.
        ("{\"permissions\": {\"alow\": []}}", "unknown field `alow`"),
        ("{\"permisions\": {}}", "unknown field `permisions`"),
        // A rule that cannot be read: the file, line and entry.
        (
            "{\n  \"permissions\": {\n    \"deny\": [\n      \"ok:*\",\n      \"Bash(rm:*\"\n    ]\n  }\n}",
            "settings.json:5:7: permissions.deny[1]: unbalanced parentheses",
        ),
        (
            "{\"permissions\": {\"allow\": [\":*\"]}}",
            "permissions.allow[0]: a prefix rule needs",
        ),
        (
            "{\"permissions\": {\"allow\": [\"Read(x)\"]}}",
            "rule for another tool `Read`",
        ),
    ];
    for (text, want) in table {
        let message = error(text).to_string();
        assert!(
            message.contains(want),
            "{text}\n  got: {message}\n  want: {want}"
        );
        assert!(message.contains("settings.json"), "{message}");
    }
}

#[test]
fn saving_a_rule_is_atomic_idempotent_and_keeps_the_rest() {
    let ws = temp("save");
    let file = settings::local_file(&ws);
    write(
        &file,
        "{\n  \"$schema\": \"../schema/settings.schema.json\",\n  \"defaultMode\": \"build\",\n  \"permissions\": {\"deny\": [\"rm:*\"]}\n}\n",
    );
    assert_eq!(
        settings::save_entry(&file, "allow", "npm test:*").unwrap(),
        Saved::Added
    );
    assert_eq!(
        settings::save_entry(&file, "allow", "npm test:*").unwrap(),
        Saved::AlreadyPresent
    );
    assert_eq!(
        settings::save_entry(&file, "allow", "make build:*").unwrap(),
        Saved::Added
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        doc["permissions"]["allow"],
        serde_json::json!(["npm test:*", "make build:*"])
    );
    assert_eq!(doc["permissions"]["deny"], serde_json::json!(["rm:*"]));
    assert_eq!(doc["defaultMode"], "build");
    // Key order is kept.
    assert!(text.find("$schema").unwrap() < text.find("defaultMode").unwrap());
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["settings.local.json"]);
    // The saved file loads, with the rule (once trusted: `save_entry` only
    // writes; `trust::save_trusted` also trusts).
    let mut store = TrustStore::default();
    store.add(&file, ["allow: make build:*".to_string()]);
    let s = Settings::load_with(&ws, &[], &store).unwrap();
    assert!(
        s.rules
            .iter()
            .any(|r| r.pattern.text == "make build:*" && r.action == Action::Allow)
    );
    // A new file is created; a directory answer goes to additionalDirectories.
    let fresh = ws.join("new/.shellward/settings.local.json");
    settings::save_entry(&fresh, "additionalDirectories", "/opt/data").unwrap();
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&fresh).unwrap()).unwrap();
    assert_eq!(
        doc["permissions"]["additionalDirectories"],
        serde_json::json!(["/opt/data"])
    );
}

#[test]
fn saving_never_rewrites_a_malformed_file() {
    let ws = temp("save-bad");
    let file = settings::local_file(&ws);
    write(&file, "{\"permissions\": {\"allow\": [oops]}}");
    assert!(settings::save_entry(&file, "allow", "x:*").is_err());
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "{\"permissions\": {\"allow\": [oops]}}"
    );
}

#[test]
fn the_committed_schema_is_current() {
    let committed = include_str!("../../../schema/settings.schema.json");
    assert_eq!(
        committed,
        settings::schema(),
        "regenerate with: cargo run -p shellward -- schema > schema/settings.schema.json"
    );
}

/// A workspace can ship a settings file that is a link to `/dev/zero`, a
/// FIFO, or a huge file: each is skipped with its reason, at once and
/// without filling memory, and the other files still apply.
#[test]
fn settings_files_that_are_not_files_are_refused() {
    let ws = temp("special");
    std::fs::create_dir_all(ws.join(".claude")).unwrap();
    std::fs::create_dir_all(ws.join(".shellward")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", ws.join(".claude/settings.json")).unwrap();
    let fifo = ws.join(".shellward/settings.local.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let huge = format!(
        "{{\"permissions\": {{\"deny\": [\"{}\"]}}}}",
        "x".repeat(2 << 20)
    );
    write(&ws.join(".claude/settings.local.json"), &huge);
    write(
        &ws.join(".shellward/settings.json"),
        r#"{"permissions": {"deny": ["curl:*"]}}"#,
    );
    let store = TrustStore::default();
    let (settings, broken) = Settings::load_lenient(&ws, &[], Some(store)).unwrap();
    let said: Vec<String> = broken.iter().map(ToString::to_string).collect();
    assert_eq!(said.len(), 3, "{said:#?}");
    for (file, why) in [
        ("settings.json", "not a regular file"),
        ("settings.local.json", "not a regular file"),
        ("settings.local.json", "larger than 1 MiB"),
    ] {
        assert!(
            said.iter().any(|s| s.contains(file) && s.contains(why)),
            "no `{file}: {why}` in {said:#?}"
        );
    }
    assert!(
        settings.rules.iter().any(|r| r.action == Action::Deny),
        "the good file's rule is lost"
    );
}
