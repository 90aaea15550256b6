//! The judge's fourth round (2026-12-02): false allows in build mode that a
//! fresh review proved in fixtures. Each class is a table of `(command,
//! allowed, rule)`, judged in a fixture workspace, with controls that stay
//! allowed; `rule` is a prefix of the deciding rule (the verdict's, or for
//! an allowed command the first simple command's).

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use shellward_judge::{Context, judge};
use shellward_syntax::analyze;

/// A workspace `ws` beside a directory `outside`, removed on drop.
struct Fixture {
    _root: tempfile::TempDir,
    ws: PathBuf,
}

impl Fixture {
    fn new() -> Fixture {
        let root = tempfile::Builder::new()
            .prefix("shellward-round4-")
            .tempdir()
            .unwrap();
        let base = root.path().canonicalize().unwrap();
        let ws = base.join("ws");
        std::fs::create_dir_all(&ws).unwrap();
        std::fs::write(ws.join("a.txt"), "a\n").unwrap();
        std::fs::create_dir_all(base.join("outside")).unwrap();
        Fixture { _root: root, ws }
    }
}

/// Judge every row in `ctx`; fail with every row that decided otherwise.
fn check(ctx: &Context, rows: &[(&str, bool, &str)]) {
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|&(command, want, rule)| {
            let v = judge(&analyze(command), ctx);
            let allowed = v.read_only && v.external_paths.is_empty();
            let first = v.commands.first().map_or("", |c| &*c.rule);
            let decided = if allowed { first } else { &*v.rule };
            (allowed != want || !decided.starts_with(rule)).then(|| {
                format!(
                    "{command:?}: want ({want}, {rule}), got ({allowed}, {decided}) {}",
                    v.reason
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Options a program reads from words that do not look like options:
/// tar's first word, procps' BSD fallback, gawk's table of variables.
#[test]
fn options_in_other_syntaxes() {
    let fx = Fixture::new();
    let ctx = Context::new(&fx.ws, &fx.ws);
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("tar I 'sh -c id' -tf a.tar",                 false, "readonly.flag:tar:I"),
        ("tar tIf x a.tar",                            false, "readonly.flag:tar:tIf"),
        ("ps -eux",                                    false, "secrets.ps_environment"),
        ("ps -aeux",                                   false, "secrets.ps_environment"),
        ("gawk 'BEGIN{print SYMTAB[\"ENV\" \"IRON\"][\"X\"]}'", false, "readonly.awk_program"),
        ("awk 'BEGIN{SYMTAB[\"AR\" \"GV\"][1]=\"/x\"}{print}' a.txt", false, "readonly.awk_program"),
        // Controls.
        ("tar tzf a.tgz",                              true,  "readonly.flags:tar"),
        ("tar tfz a.tgz",                              true,  "readonly.flags:tar"),
        ("ps -ef",                                     true,  "readonly"),
        ("ps -eu root",                                true,  "readonly"),
        ("awk '{print $1}' a.txt",                     true,  "readonly"),
    ];
    check(&ctx, rows);
}

/// A device, FIFO or socket in the workspace is not a file to read.
#[test]
fn special_files_in_the_workspace() {
    let fx = Fixture::new();
    let fifo = fx.ws.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let _socket = std::os::unix::net::UnixListener::bind(fx.ws.join("sock")).unwrap();
    let ctx = Context::new(&fx.ws, &fx.ws);
    let pipe = format!("path.outside:{}", fifo.display());
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("head -c 100 pipe",                           false, &pipe),
        ("cat sock",                                   false, "path.outside"),
        ("cat a.txt",                                  true,  "readonly"),
    ];
    check(&ctx, rows);
}

/// The workspace is the home (this process's, whose credential stores the
/// judge knows): a recursive search with no path searches the working
/// directory, credential stores too, as if `.` were given.
#[test]
fn bare_recursive_searches_read_the_working_directory() {
    let Some(home) = std::env::var_os("HOME")
        .map(PathBuf::from)
        .filter(|h| h != Path::new("/"))
    else {
        return;
    };
    let ctx = Context::new(&home, &home);
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("grep -r secret",                             false, "path.outside"),
        ("grep -rn secret",                            false, "path.outside"),
        ("grep -r secret .",                           false, "path.outside"),
        ("rg secret",                                  false, "path.outside"),
        ("rg --hidden secret",                         false, "path.outside"),
        ("grep secret",                                true,  "readonly"),
    ];
    check(&ctx, rows);
}

/// A `.git` (a link or a `gitdir:` file) that leads to another repository
/// shows that repository: only a superproject's submodule directory is
/// this checkout's own.
#[test]
fn a_git_dir_elsewhere_is_not_the_checkouts() {
    let fx = Fixture::new();
    let base: &Path = fx.ws.parent().unwrap();
    let other = base.join("outside/repo");
    let git = |dir: &Path, args: &[&str]| {
        let status = std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .unwrap();
        assert!(status.status.success(), "{status:?}");
    };
    std::fs::create_dir_all(&other).unwrap();
    git(&other, &["init", "-q"]);
    std::fs::write(
        fx.ws.join(".git"),
        format!("gitdir: {}\n", other.join(".git").display()),
    )
    .unwrap();
    let ctx = Context::new(&fx.ws, &fx.ws);
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("git log -p",                                 false, "git.repo_unsafe"),
        ("git status",                                 false, "git.repo_unsafe"),
    ];
    check(&ctx, rows);
    std::fs::remove_file(fx.ws.join(".git")).unwrap();
    std::os::unix::fs::symlink(other.join(".git"), fx.ws.join(".git")).unwrap();
    check(&ctx, rows);
}

/// `ls DIR` prints its entries' bare names, which xargs opens from the
/// working directory: a link there of the same name leads out.
#[test]
fn names_xargs_opens_from_the_working_directory() {
    let fx = Fixture::new();
    let base: &Path = fx.ws.parent().unwrap();
    std::fs::write(base.join("outside/secret"), "secret\n").unwrap();
    std::fs::create_dir_all(fx.ws.join("sub")).unwrap();
    std::fs::write(fx.ws.join("sub/x"), "x\n").unwrap();
    let ctx = Context::new(&fx.ws, &fx.ws);
    #[rustfmt::skip]
    let controls: &[(&str, bool, &str)] = &[
        ("ls sub | xargs head",                        true,  "readonly"),
        ("find sub -type f | xargs head",              true,  "readonly"),
    ];
    check(&ctx, controls);
    std::os::unix::fs::symlink(base.join("outside/secret"), fx.ws.join("x")).unwrap();
    #[rustfmt::skip]
    let rows: &[(&str, bool, &str)] = &[
        ("ls sub | xargs head",                        false, "path.outside"),
        ("ls -1 sub | xargs grep -l x",                false, "path.outside"),
        ("find sub -type f | xargs head",              true,  "readonly"),
    ];
    check(&ctx, rows);
}
