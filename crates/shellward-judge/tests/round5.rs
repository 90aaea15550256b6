//! The judge's fifth round (the tenth session's review): a workspace that holds the home
//! (the programs' start-up files there are the agent's to write), options
//! after an operand that the program reads as operands, pip's network
//! check, credential stores the list had missed. Each row: the command,
//! whether it is read-only, and the rule that decided.

#![allow(clippy::panic, clippy::unwrap_used)]

use shellward_judge::{Context, judge};
use shellward_syntax::analyze;

/// A home that is the workspace, with start-up files planted in it.
fn home_workspace() -> (tempfile::TempDir, Context) {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().canonicalize().unwrap();
    for (name, text) in [
        (".gitconfig", "[core]\n\tfsmonitor = touch PWN\n"),
        (".lesskey", "#env\nLESSOPEN = |touch PWN %s\n"),
        (".jq", "def length: $ENV;\n"),
        (".rustup/settings.toml", "default_toolchain = \"evil\"\n"),
        (".manpath", "DEFINE nroff sh -c \"touch PWN; cat\"\n"),
        (
            ".local/lib/python3.11/site-packages/evil.pth",
            "import os\n",
        ),
        ("t.txt", "text\n"),
        ("a.txt", "a\n"),
    ] {
        let path = home.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let mut ctx = Context::new(&home, &home);
    ctx.home = Some(home);
    (dir, ctx)
}

#[rustfmt::skip]
const HOME_ROWS: &[(&str, bool, &str)] = &[
    ("git status",              false, "version.home_config:~/.gitconfig"),
    ("git log --oneline -3",    false, "version.home_config:~/.gitconfig"),
    ("less t.txt",              false, "version.home_config:~/.lesskey"),
    ("jq -n '{}|length'",       false, "version.home_config:~/.jq"),
    ("cargo --version",         false, "version.home_config:~/.rustup/settings.toml"),
    ("rustc -V",                false, "version.home_config:~/.rustup/settings.toml"),
    ("man zzsw",                false, "version.home_config:~/.manpath"),
    ("pip --version",           false, "version.home_config:~/.local/lib"),
    ("yq . t.txt",              false, "version.home_config:~/.local/lib"),
    ("cat t.txt",               true,  "readonly"),
    ("head -3 a.txt",           true,  "readonly"),
];

#[test]
fn a_home_in_the_workspace_holds_start_up_files_and_secrets() {
    let (_dir, ctx) = home_workspace();
    let wrong: Vec<String> = HOME_ROWS
        .iter()
        .filter_map(|&(command, read_only, rule)| {
            let v = judge(&analyze(command), &ctx);
            let decided: &str = v
                .commands
                .iter()
                .find(|c| !c.read_only)
                .map_or(&v.rule, |c| &c.rule);
            let got_rule: &str = if read_only { &v.rule } else { decided };
            (v.read_only != read_only || !got_rule.starts_with(rule))
                .then(|| format!("{command}: {} {got_rule} ({})", v.read_only, v.reason))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_home_outside_the_workspace_is_the_users_configuration() {
    let (dir, _) = home_workspace();
    let home = dir.path().canonicalize().unwrap();
    let ws = home.join("proj");
    std::fs::create_dir_all(&ws).unwrap();
    std::fs::write(ws.join("t.txt"), "x\n").unwrap();
    let mut ctx = Context::new(&ws, &ws);
    ctx.home = Some(home);
    for command in ["less t.txt", "jq -n '{}|length'", "cargo --version"] {
        let v = judge(&analyze(command), &ctx);
        assert!(v.read_only, "{command}: {} ({})", v.rule, v.reason);
    }
}

#[rustfmt::skip]
const ORDER_ROWS: &[(&str, bool)] = &[
    ("unzip -l b.zip",                  true),
    ("unzip b.zip -l new.txt",          false),
    ("unzip b.zip -p new.txt",          false),
    ("awk -F, '{print $2}' a.txt",      true),
    ("awk 1 a.txt -F /etc/shadow",      false),
    ("pip list",                        false),
    ("pip list --disable-pip-version-check", true),
    ("yq -o json /etc/hostname",        false),
    ("yq -o json . a.txt",              true),
    ("git branch --sort=signature",     false),
    ("git for-each-ref --sort=signature:grade", false),
    ("git branch --sort=-committerdate", true),
];

#[test]
fn options_after_an_operand_and_network_checks() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    std::fs::write(ws.join("a.txt"), "a,b\n").unwrap();
    std::fs::write(ws.join("b.zip"), "").unwrap();
    let ctx = Context::new(&ws, &ws);
    for &(command, read_only) in ORDER_ROWS {
        let v = judge(&analyze(command), &ctx);
        let allowed = v.read_only && v.external_paths.is_empty();
        assert_eq!(allowed, read_only, "{command}: {} ({})", v.rule, v.reason);
    }
}

/// Credential stores the review found readable, in the home the judge and
/// the confinement both deny (`shellward_sandbox::reads::SECRETS`).
#[test]
fn more_credential_stores_are_secret() {
    let home = std::path::PathBuf::from(std::env::var_os("HOME").unwrap());
    for store in [
        ".msmtprc",
        ".config/solana/id.json",
        ".fetchmailrc",
        ".mc/config.json",
        ".ethereum/keystore/k",
        ".pki/nssdb/key4.db",
        ".smbcredentials",
        ".config/openai/auth.json",
        ".tsh/keys/x",
    ] {
        assert!(
            shellward_sandbox::reads::secret_at(&home.join(store)).is_some(),
            "{store}"
        );
    }
    assert!(shellward_sandbox::reads::secret_at(&home.join("notes.txt")).is_none());
}
