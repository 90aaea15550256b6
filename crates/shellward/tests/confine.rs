//! The confinement outside the executor: `shellward sandbox`, and
//! `shellward hook claude-code --confine`, whose rewritten command must
//! mean what the original meant (output, exit code, working directory)
//! when a host's shell runs it.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const SHELLWARD: &str = env!("CARGO_BIN_EXE_shellward");

fn workspace() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap().join("ws");
    std::fs::create_dir_all(ws.join("sub dir")).unwrap();
    std::fs::write(ws.join("a.txt"), "alpha\nbeta x\n").unwrap();
    std::fs::write(ws.join("it's.txt"), "quoted name\n").unwrap();
    (dir, ws)
}

/// Run the hook with `--confine` on `command`; the rewritten command, if any.
fn rewrite(ws: &Path, command: &str) -> Option<String> {
    let payload = serde_json::json!({
        "session_id": "s", "transcript_path": "/dev/null", "cwd": ws,
        "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": {"command": command, "description": "d", "timeout": 5000},
    });
    let mut child = Command::new(SHELLWARD)
        .args(["hook", "claude-code", "--confine"])
        .current_dir(ws)
        .env("XDG_CONFIG_HOME", ws.join(".no-user-config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(payload.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    if out.trim().is_empty() {
        return None;
    }
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let o = &v["hookSpecificOutput"];
    if o["permissionDecision"] != "allow" {
        return None;
    }
    // The rest of the input is kept.
    assert_eq!(o["updatedInput"]["description"], "d", "{out}");
    assert_eq!(o["updatedInput"]["timeout"], 5000, "{out}");
    Some(o["updatedInput"]["command"].as_str().unwrap().to_string())
}

/// What a host's shell sees: output, exit code, then the directory it is in.
fn host_shell(ws: &Path, command: &str) -> (String, i32) {
    let script = format!("{command}\n__rc=$?; echo \"[cwd=$PWD]\"; exit $__rc");
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(ws)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (text, out.status.code().unwrap_or(-1))
}

#[test]
fn the_rewritten_command_means_the_same() {
    let (_dir, ws) = workspace();
    #[rustfmt::skip]
    let commands = [
        "cat a.txt",
        "grep -c x a.txt",
        "echo 'it'\\''s' \"double \\\"quoted\\\"\" $'tab\\there' back\\\\slash",
        "cat \"it's.txt\"",
        "printf '%s|' a 'b c' \"d'e\"; echo",
        "ls; false",
        "grep nothing a.txt",
        "cd 'sub dir' && pwd",
        "cd sub\\ dir",
        "echo '$(touch pwned)' '`touch pwned`' '; touch pwned'",
        "cat <<'EOF'\nliteral $HOME 'q'\nEOF",
        "echo a\necho b",
    ];
    for command in commands {
        let confined = rewrite(&ws, command).unwrap_or_else(|| panic!("not allowed: {command}"));
        assert!(
            confined.contains(" sandbox --profile read-only "),
            "{confined}"
        );
        let want = host_shell(&ws, command);
        let got = host_shell(&ws, &confined);
        assert_eq!(got, want, "{command}\nrewritten: {confined}");
    }
    assert!(!ws.join("pwned").exists());
}

#[test]
fn writing_commands_are_not_rewritten() {
    let (_dir, ws) = workspace();
    assert_eq!(rewrite(&ws, "touch x"), None);
    assert_eq!(rewrite(&ws, "rm a.txt"), None);
}

#[test]
fn a_planted_link_to_a_key_in_the_home_is_not_read() {
    let (dir, ws) = workspace();
    let home = dir.path().canonicalize().unwrap().join("home");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::write(home.join(".ssh/id_rsa"), "PRIVATE KEY\n").unwrap();
    std::os::unix::fs::symlink(home.join(".ssh/id_rsa"), ws.join("notes.txt")).unwrap();
    let run = |args: &[&str]| {
        Command::new(SHELLWARD)
            .args(args)
            .current_dir(&ws)
            .env("HOME", &home)
            .output()
            .unwrap()
    };
    let confined = run(&["sandbox", "--", "cat", "notes.txt"]);
    assert!(!confined.status.success());
    assert!(!String::from_utf8_lossy(&confined.stdout).contains("PRIVATE"));
    assert!(String::from_utf8_lossy(&confined.stderr).contains("Permission denied"));
    let plain = Command::new("cat")
        .arg("notes.txt")
        .current_dir(&ws)
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&plain.stdout).contains("PRIVATE"),
        "the test can fail"
    );
    // Exit codes and signals come through as a shell reports them.
    assert_eq!(run(&["sandbox", "-c", "exit 42"]).status.code(), Some(42));
    assert_eq!(
        run(&["sandbox", "-c", "kill -TERM $$"]).status.code(),
        Some(143)
    );
    assert_eq!(
        run(&["sandbox", "--", "/nonexistent/program"])
            .status
            .code(),
        Some(125)
    );
    // The workspace-write profile writes the workspace, not the home.
    let w = run(&[
        "sandbox",
        "--profile",
        "workspace-write",
        "-c",
        "echo ok > made.txt; echo no > \"$HOME/x\"",
    ]);
    assert!(ws.join("made.txt").exists());
    assert!(
        !home.join("x").exists(),
        "{}",
        String::from_utf8_lossy(&w.stderr)
    );
}

/// The confined script writes the file `--cwd-file` is taken from: it
/// must not make the unconfined parent read a secret, hang, or send the
/// host's shell out of the workspace.
#[test]
fn the_cwd_file_cannot_be_turned_against_the_parent() {
    let (dir, ws) = workspace();
    let home = dir.path().canonicalize().unwrap().join("home");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::write(home.join(".ssh/id_rsa"), "PRIVATE KEY\n").unwrap();
    let out = ws.join("cwd.out");
    let run = |script: &str| {
        let status = Command::new("timeout")
            .args(["20", SHELLWARD, "sandbox", "--cwd-file"])
            .arg(&out)
            .args(["-c", script])
            .current_dir(&ws)
            .env("HOME", &home)
            .status()
            .unwrap();
        (
            status.code(),
            std::fs::read_to_string(&out).unwrap_or_default(),
        )
    };
    #[rustfmt::skip]
    let attacks = [
        "cd .; trap - EXIT; ln -s ~/.ssh/id_rsa \"$SHELLWARD_SANDBOX_TMP/.shellward-cwd\"",
        "cd .; trap - EXIT; ln -s /etc/shadow \"$SHELLWARD_SANDBOX_TMP/.shellward-cwd\"",
        "cd .; trap - EXIT; mkfifo \"$SHELLWARD_SANDBOX_TMP/.shellward-cwd\"",
        "cd .; trap - EXIT; printf %s ~/.ssh > \"$SHELLWARD_SANDBOX_TMP/.shellward-cwd\"",
        "cd .; trap - EXIT; printf %s / > \"$SHELLWARD_SANDBOX_TMP/.shellward-cwd\"",
    ];
    for attack in attacks {
        let (code, text) = run(attack);
        assert_ne!(code, Some(124), "hung: {attack}");
        assert_eq!(text, "", "{attack}");
    }
    // A logical path the host's `cd` would resolve elsewhere than the
    // check did: the physical path is handed back.
    std::fs::create_dir_all(ws.join("d1/d2")).unwrap();
    std::os::unix::fs::symlink(ws.join("d1/d2"), ws.join("L")).unwrap();
    let logical = format!(
        "cd .; trap - EXIT; printf %s '{}/L/../..' > \"$SHELLWARD_SANDBOX_TMP/.shellward-cwd\"",
        ws.display()
    );
    let (_, text) = run(&logical);
    assert_eq!(text, ws.display().to_string(), "{logical}");
    // The honest case still works.
    let (code, text) = run("cd 'sub dir'");
    assert_eq!(
        (code, text),
        (Some(0), ws.join("sub dir").display().to_string())
    );
}

/// Naming a program that needs sockets grants nothing to a command that
/// also does anything else: bash itself would use the grant.
#[test]
fn a_grant_needs_a_command_made_only_of_its_program_and_filters() {
    let (_dir, ws) = workspace();
    let port = listener();
    connects_only_unconfined(
        &ws,
        &format!("true || gh; exec 3<>/dev/tcp/127.0.0.1/{port} && echo connected"),
    );
    // A program that is only named `gh` gets nothing either.
    let fake = ws.join("gh");
    std::fs::write(
        &fake,
        format!("#!/bin/bash\nexec 3<>/dev/tcp/127.0.0.1/{port} && echo connected\n"),
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    for args in [vec!["sandbox", "-c", "./gh"], vec!["sandbox", "--", "./gh"]] {
        let out = Command::new(SHELLWARD)
            .args(&args)
            .current_dir(&ws)
            .output()
            .unwrap();
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains("connected"),
            "{args:?}: {out:?}"
        );
    }
}

/// A TCP listener on loopback that accepts and drops; its port.
fn listener() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || for _ in listener.incoming() {});
    port
}

/// `script` connects under bash, and not under `shellward sandbox -c`.
fn connects_only_unconfined(ws: &std::path::Path, script: &str) {
    let run = |program: &str, args: &[&str]| {
        let out = Command::new(program)
            .args(args)
            .arg(script)
            .current_dir(ws)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).contains("connected")
    };
    assert!(!run(SHELLWARD, &["sandbox", "-c"]), "confined: {script}");
    assert!(run("bash", &["-c"]), "the test can fail: {script}");
}

/// Credential stores moved by environment variables are denied where
/// they moved (the variables reach `shellward sandbox` as they would
/// reach the server).
#[test]
fn stores_moved_by_environment_variables_stay_unreadable() {
    let (dir, ws) = workspace();
    let home = dir.path().canonicalize().unwrap().join("home");
    #[rustfmt::skip]
    let moved: &[(&str, &str)] = &[
        ("DOCKER_CONFIG", "dockercfg"), ("KUBECONFIG", "kubecfgs/prod.yaml"), ("GNUPGHOME", "gnupg2"),
        ("AWS_SHARED_CREDENTIALS_FILE", "awsalt/creds"), ("GH_CONFIG_DIR", "ghalt"),
        ("PASSWORD_STORE_DIR", "pwstore"),
    ];
    let mut cmd = Command::new(SHELLWARD);
    cmd.current_dir(&ws).env("HOME", &home);
    let mut files = Vec::new();
    for (var, path) in moved {
        let target = home.join(path);
        let file = if path.contains('.') || path.contains('/') {
            target.clone()
        } else {
            target.join("secret")
        };
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, format!("SECRET-{var}\n")).unwrap();
        cmd.env(var, &target);
        files.push(file);
    }
    cmd.env("XDG_CONFIG_HOME", home.join("xdg"));
    std::fs::create_dir_all(home.join("xdg/gh")).unwrap();
    std::fs::write(home.join("xdg/gh/hosts.yml"), "SECRET-XDG-GH\n").unwrap();
    files.push(home.join("xdg/gh/hosts.yml"));
    let script: String = files
        .iter()
        .map(|f| format!("cat '{}'; ", f.display()))
        .collect();
    let out = cmd.args(["sandbox", "-c", &script]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("SECRET"), "{text}");
    let plain = Command::new("bash").args(["-c", &script]).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&plain.stdout)
            .matches("SECRET")
            .count(),
        files.len()
    );
}

/// A prefix on the granted program (`PATH=. gh`) grants nothing.
#[test]
fn a_prefixed_program_gets_no_grant() {
    let (_dir, ws) = workspace();
    let port = listener();
    std::os::unix::fs::symlink("/bin/bash", ws.join("gh")).unwrap();
    connects_only_unconfined(
        &ws,
        &format!("PATH=. gh -c 'exec 3<>/dev/tcp/127.0.0.1/{port} && echo connected'"),
    );
}
