//! `shellward install`, `doctor` and `uninstall` against fixture homes:
//! the round trip leaves every config file as it was, byte for byte.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fixture home with the hosts' config directories, removed when
/// dropped.
struct Home {
    _root: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
}

fn home() -> Home {
    let root = tempfile::Builder::new()
        .prefix("shellward-install-")
        .tempdir()
        .unwrap();
    let base = root.path().canonicalize().unwrap();
    let (home, project) = (base.join("home"), base.join("project"));
    for dir in [
        ".claude",
        ".codex",
        ".gemini",
        ".cursor",
        ".copilot",
        ".config/opencode",
    ] {
        std::fs::create_dir_all(home.join(dir)).unwrap();
    }
    std::fs::create_dir_all(&project).unwrap();
    Home {
        _root: root,
        home,
        project,
    }
}

/// The files a person already has: their order, comments and layout are
/// what must survive.
#[rustfmt::skip]
const EXISTING: &[(&str, &str)] = &[
    (".claude/settings.json", "{\n  \"model\": \"opus\",\n  \"permissions\": {\"allow\": [\"Read(**)\"], \"deny\": []},\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Edit\", \"hooks\": [{\"type\": \"command\", \"command\": \"fmt-hook\"}]}\n    ]\n  }\n}\n"),
    (".codex/config.toml", "# my Codex settings\nmodel = \"gpt-5\"   # the default\n\n[features]\nhooks = true\n\n[profiles.fast]\nmodel = \"gpt-5-mini\"\n"),
    (".gemini/settings.json", "{\n\t// Gemini allows comments\n\t\"theme\": \"GitHub\",\n\t\"hooksConfig\": {\"enabled\": true}\n}\n"),
    (".cursor/hooks.json", "{\n  \"version\": 1,\n  \"hooks\": {\n    \"afterFileEdit\": [{\"command\": \"./format.sh\"}]\n  }\n}\n"),
];

/// Runs shellward with the fixture's home and nothing else that moves a
/// host's config directory.
fn shellward(h: &Home, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(args)
        .current_dir(&h.project)
        .env("HOME", &h.home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_STATE_HOME")
        .env_remove("CODEX_HOME")
        .env_remove("COPILOT_HOME")
        .env("SHELLWARD_STATE_DB", h.home.join("state.db"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Every file under `dir`, with its bytes.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                out.push((path.clone(), Vec::new()));
                stack.push(path);
            } else {
                out.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// The config files, without shellward's own state.
fn configs(h: &Home) -> Vec<(PathBuf, Vec<u8>)> {
    let state = h.home.join(".local");
    tree(&h.home)
        .into_iter()
        .filter(|(p, _)| !p.starts_with(&state))
        .collect()
}

#[test]
fn install_doctor_uninstall_round_trip() {
    let h = home();
    for (file, text) in EXISTING {
        std::fs::write(h.home.join(file), text).unwrap();
    }
    let before = configs(&h);

    let (code, _, err) = shellward(&h, &["install"]);
    assert_eq!(code, 0, "{err}");
    let bin = env!("CARGO_BIN_EXE_shellward");
    #[rustfmt::skip]
    let expected: &[(&str, &str)] = &[
        (".claude/settings.json", " hook claude-code"),
        (".codex/config.toml", " hook codex"),
        (".gemini/settings.json", " hook gemini"),
        (".cursor/hooks.json", " hook cursor"),
        (".copilot/hooks/shellward.json", " hook copilot"),
        (".config/opencode/plugins/shellward.js", "shellward for OpenCode"),
    ];
    for (file, needle) in expected {
        let text = std::fs::read_to_string(h.home.join(file)).unwrap();
        assert!(text.contains(needle), "{file}: {text}");
        assert!(text.contains(bin), "{file} names this binary: {text}");
    }
    // What was there is still there, in its place.
    let claude = std::fs::read_to_string(h.home.join(".claude/settings.json")).unwrap();
    assert!(claude.starts_with("{\n  \"model\": \"opus\",\n  \"permissions\": {\"allow\": [\"Read(**)\"], \"deny\": []},"), "{claude}");
    assert!(claude.find("fmt-hook").unwrap() < claude.find("hook claude-code").unwrap());
    let codex = std::fs::read_to_string(h.home.join(".codex/config.toml")).unwrap();
    assert!(
        codex.starts_with("# my Codex settings\nmodel = \"gpt-5\"   # the default\n"),
        "{codex}"
    );
    let gemini = std::fs::read_to_string(h.home.join(".gemini/settings.json")).unwrap();
    assert!(gemini.contains("\t// Gemini allows comments\n"), "{gemini}");

    // Again: nothing changes.
    let installed = configs(&h);
    let (code, _, err) = shellward(&h, &["install"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("claude-code: already installed"), "{err}");
    assert_eq!(configs(&h), installed, "a second install changed a file");

    // The doctor finds every hook and can run each.
    let (code, out, _) = shellward(&h, &["doctor"]);
    assert_eq!(code, 0, "{out}");
    for name in [
        "claude-code",
        "codex",
        "gemini",
        "cursor",
        "copilot",
        "opencode",
    ] {
        assert!(
            out.contains(&format!("{bin} hook {name}")),
            "doctor misses {name}: {out}"
        );
    }
    assert!(out.contains("Landlock ABI"), "{out}");

    let (code, _, err) = shellward(&h, &["uninstall"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(configs(&h), before, "uninstall did not restore every file");
}

#[test]
fn dry_run_shows_the_diff_and_changes_nothing() {
    let h = home();
    std::fs::write(h.home.join(".codex/config.toml"), EXISTING[1].1).unwrap();
    let before = configs(&h);
    let (code, out, err) = shellward(&h, &["install", "codex", "cursor", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("+[[hooks.PreToolUse]]\n+matcher = \"^Bash$\""),
        "{out}"
    );
    assert!(out.contains("+    \"beforeShellExecution\": ["), "{out}");
    assert!(err.contains("would be updated"), "{err}");
    assert_eq!(configs(&h), before);
}

#[test]
fn project_install_and_a_broken_hook() {
    let h = home();
    let (code, _, err) = shellward(&h, &["install", "claude-code", "--project"]);
    assert_eq!(code, 0, "{err}");
    let file = h.project.join(".claude/settings.json");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("hook claude-code"), "{text}");
    let (code, out, _) = shellward(&h, &["doctor"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("project {}", file.display())),
        "{out}"
    );
    // A hook whose binary is gone: a problem, with the fix.
    let moved = text.replace(env!("CARGO_BIN_EXE_shellward"), "/nonexistent/shellward");
    std::fs::write(&file, moved).unwrap();
    let (code, out, _) = shellward(&h, &["doctor"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("problem: the hook in") && out.contains("/nonexistent/shellward"),
        "{out}"
    );
    assert!(out.contains("fix: shellward uninstall claude-code --project && shellward install claude-code --project"), "{out}");
    // uninstall knows it by name, wherever the binary was.
    let (code, _, err) = shellward(&h, &["uninstall", "claude-code", "--project"]);
    assert_eq!(code, 0, "{err}");
    assert!(!file.exists(), "the file install created stays");
    assert!(
        !h.project.join(".claude").exists(),
        "the directory install created stays"
    );
}

#[test]
fn what_is_not_ours_is_left_alone() {
    let h = home();
    #[rustfmt::skip]
    let cases: &[(&str, &str, &str)] = &[
        ("copilot", ".copilot/hooks/shellward.json", "{\"version\": 1, \"hooks\": {\"preToolUse\": [{\"type\": \"command\", \"bash\": \"./mine.sh\"}]}}\n"),
        ("claude-code", ".claude/settings.json", "{\"hooks\": [\"not an object\"]}\n"),
        ("gemini", ".gemini/settings.json", "[1, 2]\n"),
        ("codex", ".codex/config.toml", "hooks = \"no\"\n"),
        ("cursor", ".cursor/hooks.json", "{\"version\": 1, \"hooks\": {\"beforeShellExecution\": {\"command\": \"x\"}}}\n"),
        ("opencode", ".config/opencode/plugins/shellward.js", "export const Mine = async () => ({});\n"),
    ];
    for (host, file, text) in cases {
        let path = h.home.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        let (code, _, err) = shellward(&h, &["install", host]);
        assert_eq!(code, 125, "{host}: {err}");
        assert!(
            err.starts_with(&format!("{host}: {}", path.display())),
            "{host}: {err}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            *text,
            "{host} changed"
        );
        let (code, _, err) = shellward(&h, &["uninstall", host]);
        assert_eq!(code, 0, "{host}: {err}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            *text,
            "{host} changed"
        );
    }
}

#[test]
fn nothing_found_is_an_error_that_names_the_hosts() {
    let h = home();
    std::fs::remove_dir_all(&h.home).unwrap();
    std::fs::create_dir_all(&h.home).unwrap();
    let (code, _, err) = shellward(&h, &["install"]);
    assert_eq!(code, 125, "{err}");
    assert!(
        err.contains("no agent host found") && err.contains(".claude"),
        "{err}"
    );
}

/// What a person added next to our entry, or around our file, survives
/// `uninstall`: a handler of theirs in the group that runs ours, their
/// hooks in Copilot's file, a config kept elsewhere behind a link, a Cursor
/// file without `version`.
#[test]
fn what_a_person_added_beside_ours_survives() {
    let h = home();
    let bin = env!("CARGO_BIN_EXE_shellward");
    let claude = format!(
        "{{\"hooks\": {{\"PreToolUse\": [{{\"matcher\": \"Bash\", \"hooks\": [\n  {{\"type\": \"command\", \"command\": \"/home/u/bin/audit-log.sh\"}},\n  {{\"type\": \"command\", \"command\": \"{bin} hook claude-code\"}}\n]}}]}}}}\n"
    );
    let codex = format!(
        "[[hooks.PreToolUse]]\nmatcher = \"^Bash$\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"/home/u/bin/audit-log.sh\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"{bin} hook codex\"\n"
    );
    let copilot = format!(
        "{{\"version\": 1, \"hooks\": {{\"sessionStart\": [{{\"type\": \"command\", \"bash\": \"./hello.sh\"}}], \"preToolUse\": [{{\"type\": \"command\", \"matcher\": \"bash\", \"bash\": \"{bin} hook copilot\"}}]}}}}\n"
    );
    std::fs::write(h.home.join(".claude/settings.json"), &claude).unwrap();
    std::fs::write(h.home.join(".codex/config.toml"), &codex).unwrap();
    std::fs::create_dir_all(h.home.join(".copilot/hooks")).unwrap();
    std::fs::write(h.home.join(".copilot/hooks/shellward.json"), &copilot).unwrap();
    let (code, _, err) = shellward(&h, &["uninstall", "claude-code", "codex", "copilot"]);
    assert_eq!(code, 0, "{err}");
    let claude = std::fs::read_to_string(h.home.join(".claude/settings.json")).unwrap();
    assert!(
        claude.contains("audit-log.sh") && !claude.contains("hook claude-code"),
        "{claude}"
    );
    let codex = std::fs::read_to_string(h.home.join(".codex/config.toml")).unwrap();
    assert!(
        codex.contains("audit-log.sh") && !codex.contains("hook codex"),
        "{codex}"
    );
    let copilot = std::fs::read_to_string(h.home.join(".copilot/hooks/shellward.json")).unwrap();
    assert!(
        copilot.contains("hello.sh") && !copilot.contains("hook copilot"),
        "{copilot}"
    );
    // install does not take Copilot's file over now that it is theirs.
    let (code, _, _) = shellward(&h, &["install", "copilot"]);
    assert_eq!(code, 125);
    assert_eq!(
        std::fs::read_to_string(h.home.join(".copilot/hooks/shellward.json")).unwrap(),
        copilot
    );

    // A linked config is written where it lives; the link stays.
    let dotfiles = h.home.join("dotfiles");
    std::fs::create_dir_all(&dotfiles).unwrap();
    let original = "{\n  \"theme\": \"GitHub\"\n}\n";
    std::fs::write(dotfiles.join("gemini.json"), original).unwrap();
    let link = h.home.join(".gemini/settings.json");
    std::os::unix::fs::symlink(dotfiles.join("gemini.json"), &link).unwrap();
    // A Cursor file without `version` gets none added.
    let cursor = "{\n  \"hooks\": {\n    \"stop\": [{\"command\": \"./done.sh\"}]\n  }\n}\n";
    std::fs::write(h.home.join(".cursor/hooks.json"), cursor).unwrap();
    let (code, _, err) = shellward(&h, &["install", "gemini", "cursor"]);
    assert_eq!(code, 0, "{err}");
    assert!(link.is_symlink(), "the link was replaced");
    let written = std::fs::read_to_string(dotfiles.join("gemini.json")).unwrap();
    assert!(written.contains("hook gemini"), "{written}");
    let (code, _, err) = shellward(&h, &["uninstall", "gemini", "cursor"]);
    assert_eq!(code, 0, "{err}");
    assert!(link.is_symlink());
    assert_eq!(
        std::fs::read_to_string(dotfiles.join("gemini.json")).unwrap(),
        original
    );
    assert_eq!(
        std::fs::read_to_string(h.home.join(".cursor/hooks.json")).unwrap(),
        cursor
    );
}

/// A repository can ship its config files, or their folders, as links to
/// files of the user's elsewhere: `install --project` writes none of
/// them. And a handler that merely mentions `shellward hook` is not ours.
#[test]
fn a_projects_links_are_not_followed() {
    let h = home();
    let victim = h.home.join("victim.json");
    std::fs::write(&victim, "{\"editor.fontSize\": 14}\n").unwrap();
    std::fs::create_dir_all(h.project.join(".claude")).unwrap();
    std::os::unix::fs::symlink(&victim, h.project.join(".claude/settings.json")).unwrap();
    std::os::unix::fs::symlink(&h.home, h.project.join(".gemini")).unwrap();
    for host in ["claude-code", "gemini"] {
        let (code, _, err) = shellward(&h, &["install", host, "--project"]);
        assert_eq!(code, 125, "{host}: {err}");
        assert!(err.contains("not written"), "{host}: {err}");
    }
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "{\"editor.fontSize\": 14}\n"
    );
    assert!(
        !h.home.join("settings.json").exists(),
        "written through the linked folder"
    );

    let bin = env!("CARGO_BIN_EXE_shellward");
    let theirs = format!(
        "{{\"hooks\": {{\"PreToolUse\": [{{\"matcher\": \"Bash\", \"hooks\": [{{\"type\": \"command\", \"command\": \"echo {bin} hook claude-code\"}}]}}]}}}}\n"
    );
    std::fs::write(h.home.join(".claude/settings.json"), &theirs).unwrap();
    let (code, _, err) = shellward(&h, &["uninstall", "claude-code"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(h.home.join(".claude/settings.json")).unwrap(),
        theirs
    );
}
