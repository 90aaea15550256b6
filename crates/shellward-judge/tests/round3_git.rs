//! The git classes of the judge's third adversarial round, each proven
//! with real git: repositories are built with `git` in a temporary
//! directory, planted, and judged. Every class has rows that must not be
//! auto-allowed (with the rule id where it is specific) and controls that
//! must stay read-only. Nothing here runs a planted program: git is only
//! asked to build repositories and to read configuration.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use shellward_judge::{Context, Verdict, judge};
use shellward_syntax::analyze;

/// A temporary directory with an empty home, and git run in it isolated
/// from the user's and the system's configuration.
struct Fixture {
    _guard: tempfile::TempDir,
    root: PathBuf,
    home: PathBuf,
}

impl Fixture {
    fn new() -> Fixture {
        let guard = tempfile::Builder::new()
            .prefix("shellward-round3-")
            .tempdir()
            .unwrap();
        let root = guard.path().canonicalize().unwrap();
        let home = root.join("home");
        std::fs::create_dir_all(&home).unwrap();
        Fixture {
            _guard: guard,
            root,
            home,
        }
    }

    /// `git ARGS` in `dir`; its standard output.
    fn git(&self, dir: &Path, args: &[&str]) -> String {
        let out = std::process::Command::new("git")
            .args(["-c", "user.email=t@example.com", "-c", "user.name=t"])
            .args(["-c", "protocol.file.allow=always"])
            .args(["-c", "init.defaultBranch=main"])
            .args(["-c", "advice.addEmbeddedRepo=false"])
            .args(args)
            .current_dir(dir)
            .env("HOME", &self.home)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "git {args:?} in {}: {}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// A repository `name` with one commit of `README.md`.
    fn repo(&self, name: &str) -> PathBuf {
        let dir = self.root.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        self.git(&dir, &["init", "-q"]);
        std::fs::write(dir.join("README.md"), "hello\n").unwrap();
        self.git(&dir, &["add", "README.md"]);
        self.git(&dir, &["commit", "-qm", "first"]);
        dir
    }

    /// The workspace `ws`, judged from its root, with the fixture's home.
    fn ctx(&self, ws: &Path) -> Context {
        let mut ctx = Context::new(ws, ws);
        ctx.home = Some(self.home.clone());
        ctx
    }
}

fn append(path: &Path, text: &str) {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new().append(true).open(path).unwrap();
    file.write_all(text.as_bytes()).unwrap();
}

/// Read-only with nothing outside the workspace: what runs unasked.
fn auto_allowed(v: &Verdict) -> bool {
    v.read_only && v.external_paths.is_empty()
}

/// The rule that let a read-only command through (its first simple
/// command's), or the one that stopped it.
fn rule(v: &Verdict) -> String {
    match v.commands.first() {
        Some(c) if v.read_only => c.rule.to_string(),
        _ => v.rule.to_string(),
    }
}

/// Class 1: `git diff A B` with either outside the work tree compares the
/// two files directly: every operand of `git diff` is a path.
#[test]
fn every_diff_operand_is_a_path() {
    let f = Fixture::new();
    let ws = f.repo("ws");
    std::fs::create_dir_all(f.root.join("outside")).unwrap();
    std::fs::write(f.root.join("outside/secret"), "secret\n").unwrap();
    std::fs::write(ws.join(".git-credentials"), "https://u:p@example.com\n").unwrap();
    let ctx = f.ctx(&ws);
    let outside = format!("{}/outside/*", f.root.display());
    let store = ws.join(".git-credentials").display().to_string();
    #[rustfmt::skip]
    let asks: &[(&str, Option<&str>)] = &[
        ("git diff ../outside/secret README.md", Some(&outside)),
        ("git diff README.md ../outside/secret", Some(&outside)),
        ("git diff --stat ../outside/secret /dev/null", Some(&outside)),
        ("git diff -- ../outside/secret", Some(&outside)),
        ("git diff ~/.ssh/id_rsa /dev/null", None),
        ("git diff .git-credentials /dev/null", Some(&store)),
    ];
    for (command, path) in asks {
        let v = judge(&analyze(command), &ctx);
        assert!(!auto_allowed(&v), "{command}: {}", v.rule);
        if let Some(path) = path {
            assert!(
                v.external_paths.contains(&path.to_string()),
                "{command}: {:?}",
                v.external_paths
            );
        }
    }
    for command in [
        "git diff README.md",
        "git diff HEAD README.md",
        "git diff HEAD~1..HEAD -- README.md",
        "git diff --stat main",
        "git diff README.md /dev/null",
    ] {
        let v = judge(&analyze(command), &ctx);
        assert!(
            auto_allowed(&v),
            "{command}: {} {:?}",
            v.rule,
            v.external_paths
        );
        assert_eq!(rule(&v), "readonly.git:diff", "{command}");
    }
}

/// Class 2: configuration planted in forms a line reader misses. git's own
/// reading (`git config --get`) proves each is what git would run.
#[test]
fn configuration_is_read_as_git_reads_it() {
    let f = Fixture::new();
    #[rustfmt::skip]
    let planted: &[(&str, &str, &str)] = &[
        // (a) a variable on the header's line.
        ("same_line", "[core] fsmonitor = \"touch X; false\"\n", "config:core.fsmonitor"),
        // (b) a continued value swallows the next header.
        ("continued", "[core]\n\tx = y \\\n[user]\n\tfsmonitor = \"touch X; false\"\n", "config:core.fsmonitor"),
        // Names in any case, the old subsection form.
        ("case", "[CORE]\n\tFsMonitor = touch X\n", "config:core.fsmonitor"),
        ("old_form", "[remote.origin]\n\tpromisor = true\n", "config:remote.origin.promisor"),
        // A comment does not continue; quotes and escapes are values.
        ("comment", "[core]\n# a comment \\\n\tfsmonitor = \"tou\"ch\\tX\n", "config:core.fsmonitor"),
        ("crlf", "[core]\r\n\tfsmonitor = touch X\r\n", "config:core.fsmonitor"),
    ];
    for (name, text, why) in planted {
        let dir = f.repo(name);
        append(&dir.join(".git/config"), text);
        assert!(
            !f.git(&dir, &["config", "--get-all", &why[7..]]).is_empty(),
            "{name}: git reads it"
        );
        let v = judge(&analyze("git status"), &f.ctx(&dir));
        assert_eq!(
            (v.read_only, &*v.rule),
            (false, &*format!("git.repo_unsafe:{why}")),
            "{name}"
        );
    }
    // (c) a byte order mark before the first header.
    let bom = f.repo("bom");
    let config = std::fs::read_to_string(bom.join(".git/config")).unwrap();
    let text = format!("\u{feff}[core]\n\tfsmonitor = touch X\n{config}");
    std::fs::write(bom.join(".git/config"), text).unwrap();
    assert_eq!(
        f.git(&bom, &["config", "--get", "core.fsmonitor"]),
        "touch X\n"
    );
    let v = judge(&analyze("git status"), &f.ctx(&bom));
    assert_eq!(&*v.rule, "git.repo_unsafe:config:core.fsmonitor");
    // What git would not read is not trusted.
    for (name, text) in [
        ("bad_escape", "[core]\n\tx = a\\q\n"),
        ("open_quote", "[core]\n\tx = \"a\n[user]\n\tname = b\n"),
        ("nul", "[core]\n\tx = a\0b\n"),
    ] {
        let dir = f.repo(name);
        append(&dir.join(".git/config"), text);
        let v = judge(&analyze("git status"), &f.ctx(&dir));
        assert_eq!(&*v.rule, "git.repo_unsafe:config_malformed", "{name}");
    }
    // A configuration as people write it stays trusted.
    let normal = f.repo("normal");
    append(
        &normal.join(".git/config"),
        "# settings\n[core]\n\tautocrlf = input ; a comment\n\tfsmonitor = false\n\
         [remote \"origin\"]\n\turl = https://github.com/o/r.git\n\
         \tfetch = +refs/heads/*:refs/remotes/origin/*\n\
         [branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n\
         [user] name = \"A \\\"B\\\" C\"\n",
    );
    let v = judge(&analyze("git status"), &f.ctx(&normal));
    assert!(auto_allowed(&v), "{}", v.rule);
    assert_eq!(rule(&v), "readonly.git:status");
}

/// `config --list -z` of `text` as git reads it: `(name, value)`, or `None`
/// where git rejects the file.
fn git_list(f: &Fixture, text: &[u8]) -> Option<Vec<(String, Option<String>)>> {
    let file = f.root.join("probe.config");
    std::fs::write(&file, text).unwrap();
    let out = std::process::Command::new("git")
        .args(["config", "--file"])
        .arg(&file)
        .args(["--list", "-z"])
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    if !out.status.success() {
        return None;
    }
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    let items = out.split('\0').filter(|item| !item.is_empty());
    Some(
        items
            .map(|item| match item.split_once('\n') {
                Some((name, value)) => (name.to_string(), Some(value.to_string())),
                None => (item.to_string(), None),
            })
            .collect(),
    )
}

/// Class 2, the reader itself: it agrees with `git config --list` on
/// written forms and on generated ones (the same variables and values, and
/// rejecting what git rejects).
#[test]
fn the_config_reader_agrees_with_git() {
    let f = Fixture::new();
    let mut texts: Vec<String> = [
        "[core] fsmonitor = x\n",
        "[core]\n\tx = y \\\n[user]\n\tfsmonitor = z\n",
        "\u{feff}[core]\n\tk = v\n",
        "[a.B]\nk\n[a \"B.c\"]k=2\n[a\t\"x\\\"y\\z\"]\n\tk = 1\n",
        "[a]\n\tk = \"x\\ty\" # c\n\tj = a\"b;c\"d ; c\n\tl = \" x \"  y  \n",
        "[a]\n\tk = x\\q\n",
        "[a]\n\tk # c\n",
        "k = v\n[a]\nb = 1\n",
        "[ \"x\"]\nk=1\n",
        "[a]\n\tk = ab\\",
        "[a]\r\n\tk = v\r\n\tj = a\rb\n",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Generated files from the characters that matter to the reader.
    const TOKENS: &[&str] = &[
        "[",
        "]",
        "core",
        "Remote",
        ".",
        " ",
        "\t",
        "\"",
        "\\",
        "\n",
        "\r\n",
        "\r",
        "=",
        "x",
        "k-2",
        "#",
        ";",
        "\u{feff}",
        "\\n",
        "\\\n",
        "[core]",
        "[a \"B\"]",
        "k = v\n",
        "\u{b}",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..400 {
        let len = 2 + next() % 14;
        let text: String = (0..len)
            .map(|_| TOKENS[(next() % TOKENS.len() as u64) as usize])
            .collect();
        texts.push(text);
    }
    let mut differ = Vec::new();
    for text in &texts {
        let ours = shellward_judge::git::config_variables(text.as_bytes());
        let git = git_list(&f, text.as_bytes());
        if ours != git {
            differ.push(format!("{text:?}\n  ours: {ours:?}\n  git:  {git:?}"));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Class 3: `git submodule status` runs `git describe` in each submodule,
/// in every form; its submodules are checked as `--recursive`'s were.
#[test]
fn submodule_status_checks_the_submodules() {
    let f = Fixture::new();
    let lib = f.repo("lib-src");
    let sup = f.repo("super");
    // A submodule checked out with its own `.git` directory (not absorbed
    // in `.git/modules`), its configuration planted: a partial clone whose
    // promisor remote runs a program to fetch.
    f.git(&sup, &["clone", "-q", lib.to_str().unwrap(), "sub"]);
    std::fs::write(
        sup.join(".gitmodules"),
        "[submodule \"sub\"]\n\tpath = sub\n\turl = ../lib-src\n",
    )
    .unwrap();
    f.git(&sup, &["add", ".gitmodules", "sub"]);
    f.git(&sup, &["commit", "-qm", "sub"]);
    let sub = sup.join("sub");
    f.git(&sub, &["config", "core.repositoryFormatVersion", "1"]);
    f.git(&sub, &["config", "extensions.partialClone", "origin"]);
    f.git(&sub, &["config", "remote.origin.promisor", "true"]);
    f.git(
        &sub,
        &["config", "remote.origin.url", "ext::sh -c touch% MARKER"],
    );
    let ctx = f.ctx(&sup);
    for command in [
        "git submodule status",
        "git submodule status --cached",
        "git submodule status --recursive",
        "git submodule status -- sub",
    ] {
        let v = judge(&analyze(command), &ctx);
        assert!(!v.read_only, "{command}: {}", v.rule);
        assert!(
            v.rule.starts_with("git.repo_unsafe:submodule:config:"),
            "{command}: {}",
            v.rule
        );
    }
    // The other `submodule` forms run git in submodules or change them.
    for (command, want) in [
        ("git submodule", "git.subcommand:submodule"),
        ("git submodule summary", "git.subcommand:submodule"),
        ("git submodule foreach ls", "git.subcommand:submodule"),
    ] {
        let v = judge(&analyze(command), &ctx);
        assert_eq!((v.read_only, &*v.rule), (false, want), "{command}");
    }
    assert!(!sup.join("MARKER").exists() && !sub.join("MARKER").exists());
    // Controls: no submodules, and a submodule added the usual way.
    let plain = f.repo("plain");
    let v = judge(&analyze("git submodule status"), &f.ctx(&plain));
    assert!(auto_allowed(&v), "{}", v.rule);
    assert_eq!(rule(&v), "readonly.git:submodule status");
    let clean = f.repo("clean");
    f.git(
        &clean,
        &["submodule", "add", "-q", lib.to_str().unwrap(), "lib"],
    );
    f.git(&clean, &["commit", "-qm", "lib"]);
    let v = judge(&analyze("git submodule status --cached"), &f.ctx(&clean));
    assert!(auto_allowed(&v), "{}", v.rule);
}

/// Class 4: `rev-parse --show-superproject-working-tree` runs git in the
/// repository above, which nobody checked.
#[test]
fn rev_parse_does_not_go_to_the_superproject() {
    let f = Fixture::new();
    let sup = f.repo("super");
    append(&sup.join(".git/config"), "[core]\n\tfsmonitor = touch X\n");
    let ws = sup.join("sub");
    std::fs::create_dir_all(&ws).unwrap();
    f.git(&ws, &["init", "-q"]);
    let ctx = f.ctx(&ws);
    let v = judge(
        &analyze("git rev-parse --show-superproject-working-tree"),
        &ctx,
    );
    assert_eq!(
        (v.read_only, &*v.rule),
        (
            false,
            "readonly.flag:git rev-parse:--show-superproject-working-tree"
        )
    );
    let v = judge(&analyze("git rev-parse --show-toplevel"), &ctx);
    assert!(auto_allowed(&v), "{}", v.rule);
    assert_eq!(rule(&v), "readonly.git:rev-parse");
}

/// A repository with every part git makes (packed and loose refs, tags,
/// reflogs, a linked worktree, a commit graph, an absorbed submodule) and a
/// hook linked the way people link theirs; and a file of secrets.
fn full_repo(f: &Fixture) -> (PathBuf, PathBuf) {
    let netrc = f.root.join("netrc");
    std::fs::write(&netrc, "machine example.com login u password hunter2\n").unwrap();
    let base = f.repo("base");
    f.git(&base, &["tag", "v1"]);
    f.git(&base, &["branch", "topic"]);
    f.git(&base, &["pack-refs", "--all"]);
    f.git(&base, &["commit", "-q", "--allow-empty", "-m", "second"]);
    f.git(&base, &["worktree", "add", "-q", "../wt", "topic"]);
    f.git(&base, &["commit-graph", "write", "--reachable"]);
    let lib = f.repo("lib-src");
    f.git(
        &base,
        &["submodule", "add", "-q", lib.to_str().unwrap(), "lib"],
    );
    // git runs hooks, never reads them as data.
    std::fs::create_dir_all(base.join("scripts")).unwrap();
    std::fs::write(base.join("scripts/hook"), "#!/bin/sh\n").unwrap();
    std::os::unix::fs::symlink("../../scripts/hook", base.join(".git/hooks/pre-commit")).unwrap();
    (base, netrc)
}

/// Class 5: a file of the git directory that is a link leaks what it leads
/// to in git's errors (`packed-refs -> ~/.netrc`: `git show-ref` prints
/// its lines; `info/attributes`: `git diff`).
#[test]
fn git_dir_files_that_are_links() {
    let f = Fixture::new();
    let (base, netrc) = full_repo(&f);
    assert_eq!(shellward_judge::git::repository_unsafe(&base), None);
    let v = judge(&analyze("git show-ref"), &f.ctx(&base));
    assert!(auto_allowed(&v), "{}", v.rule);
    #[rustfmt::skip]
    let links = [
        "packed-refs", "info/attributes", "info/exclude", "index", "shallow", "logs/HEAD",
        "FETCH_HEAD", "ORIG_HEAD", "MERGE_HEAD", "description",
        "refs/heads/evil", "refs/tags/deep/er/tag", "logs/refs/heads/main",
        "objects/info/commit-graph", "objects/info/packs", "rebase-merge/done",
        "sequencer/todo", "worktrees/wt/locked", "modules/lib/packed-refs",
        "modules/lib/info/attributes", "remotes/origin",
    ];
    for (i, part) in links.iter().enumerate() {
        let dir = f.root.join(format!("link{i}"));
        copy_tree(&base, &dir);
        let path = dir.join(".git").join(part);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        std::os::unix::fs::symlink(&netrc, &path).unwrap();
        let why = format!("git_dir_link:{part}");
        assert_eq!(
            shellward_judge::git::repository_unsafe(&dir).as_deref(),
            Some(&*why)
        );
        let v = judge(&analyze("git show-ref"), &f.ctx(&dir));
        assert_eq!(&*v.rule, format!("git.repo_unsafe:{why}"), "{part}");
    }
    // `config.worktree` is read as configuration: a link is unreadable.
    let dir = f.root.join("link-config-worktree");
    copy_tree(&base, &dir);
    std::os::unix::fs::symlink(&netrc, dir.join(".git/config.worktree")).unwrap();
    assert_eq!(
        shellward_judge::git::repository_unsafe(&dir).as_deref(),
        Some("config_unreadable")
    );
}

/// Class 5: a FIFO where git reads a file blocks it; a git directory too
/// large to look at is not trusted.
#[test]
fn git_dir_files_that_are_not_files() {
    let f = Fixture::new();
    let (base, _) = full_repo(&f);
    for part in ["index", "packed-refs", "refs/heads/fifo"] {
        let dir = f.root.join(format!("fifo-{}", part.replace('/', "-")));
        copy_tree(&base, &dir);
        let path = dir.join(".git").join(part);
        let _ = std::fs::remove_file(&path);
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(made.success());
        let why = format!("git_dir_special:{part}");
        assert_eq!(
            shellward_judge::git::repository_unsafe(&dir).as_deref(),
            Some(&*why)
        );
        let v = judge(&analyze("git status"), &f.ctx(&dir));
        assert_eq!(&*v.rule, format!("git.repo_unsafe:{why}"), "{part}");
    }
    let many = f.repo("many");
    for i in 0..20_001 {
        std::fs::write(many.join(format!(".git/refs/tags/t{i}")), "").unwrap();
    }
    assert_eq!(
        shellward_judge::git::repository_unsafe(&many).as_deref(),
        Some("git_dir_too_large")
    );
}

/// A copy of `from` at `to`, links copied as links.
fn copy_tree(from: &Path, to: &Path) {
    let status = std::process::Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .unwrap();
    assert!(status.success());
}

/// Class 6: keys whose value names a file git reads (and prints what it
/// cannot parse of) or a program.
#[test]
fn keys_that_name_files_or_programs() {
    let f = Fixture::new();
    #[rustfmt::skip]
    let rows: &[(&str, &str)] = &[
        ("[core]\n\tattributesFile = ~/.netrc\n", "config:core.attributesfile"),
        ("[core]\n\texcludesFile = /etc/shadow\n", "config:core.excludesfile"),
        ("[mailmap]\n\tfile = ~/.netrc\n", "config:mailmap.file"),
        ("[mailmap]\n\tblob = HEAD:.mailmap\n", "config:mailmap.blob"),
        ("[diff]\n\torderFile = ~/.netrc\n", "config:diff.orderfile"),
        ("[commit]\n\ttemplate = ~/.netrc\n", "config:commit.template"),
        ("[blame]\n\tignoreRevsFile = ~/.netrc\n", "config:blame.ignorerevsfile"),
        ("[gpg \"ssh\"]\n\tallowedSignersFile = ~/.netrc\n", "config:gpg.ssh.allowedsignersfile"),
        ("[gpg \"ssh\"]\n\tdefaultKeyCommand = ./evil\n", "config:gpg.ssh.defaultkeycommand"),
        ("[gpg]\n\tprogram = ./evil\n", "config:gpg.program"),
        ("[core]\n\tsshCommand = ./evil\n", "config:core.sshcommand"),
        ("[trace2]\n\teventTarget = /tmp/x\n", "config:trace2.eventtarget"),
    ];
    for (i, (text, why)) in rows.iter().enumerate() {
        let dir = f.repo(&format!("key{i}"));
        append(&dir.join(".git/config"), text);
        let v = judge(&analyze("git log --oneline"), &f.ctx(&dir));
        assert_eq!(&*v.rule, format!("git.repo_unsafe:{why}"), "{text:?}");
    }
    let normal = f.repo("normal");
    append(
        &normal.join(".git/config"),
        "[pull]\n\trebase = true\n[diff]\n\trenames = copies\n[status]\n\tshowUntrackedFiles = no\n\
         [merge]\n\tconflictStyle = zdiff3\n[fetch]\n\tprune = true\n[user]\n\temail = a@b.c\n",
    );
    let v = judge(&analyze("git log --oneline"), &f.ctx(&normal));
    assert!(auto_allowed(&v), "{}", v.rule);
}

/// Class 7: credentials that `git remote -v` and `git config -l` print:
/// a token as a URL's user name, a password in a section's name (`[url
/// "https://user:pass@host/"]`, whose rewritten URLs git prints), a password
/// in an ssh URL. Reading the file itself asks too.
#[test]
fn credentials_in_urls() {
    let f = Fixture::new();
    let token = f.repo("token");
    let url = "https://ghp_FAKETOKEN1234567890@github.com/o/r.git";
    f.git(&token, &["remote", "add", "origin", url]);
    let rewrite = f.repo("rewrite");
    f.git(
        &rewrite,
        &["remote", "add", "origin", "https://github.com/o/r.git"],
    );
    append(
        &rewrite.join(".git/config"),
        "[url \"https://user:s3cretpass@github.com/\"]\n\tinsteadOf = https://github.com/\n",
    );
    assert!(f.git(&rewrite, &["remote", "-v"]).contains("s3cretpass"));
    let ssh = f.repo("ssh_password");
    let url = "ssh://git:hunter2@example.com/r.git";
    f.git(&ssh, &["remote", "add", "origin", url]);
    for dir in [&token, &rewrite, &ssh] {
        let ctx = f.ctx(dir);
        for command in [
            "git remote -v",
            "git config -l",
            "git remote get-url origin",
        ] {
            let v = judge(&analyze(command), &ctx);
            let want = (false, "git.credentials_in_config");
            assert_eq!((v.read_only, &*v.rule), want, "{command} in {dir:?}");
        }
        let config = dir.join(".git/config").display().to_string();
        for command in [
            "cat .git/config",
            "head -5 .git/config",
            "grep url .git/config",
            "cat .git/*",
            "grep -r url .git",
            "cat ./.git/../.git/config",
        ] {
            let v = judge(&analyze(command), &ctx);
            assert!(!auto_allowed(&v), "{command}: {}", v.rule);
            assert!(
                v.external_paths.contains(&config),
                "{command}: {:?}",
                v.external_paths
            );
        }
        // Commands that print no configuration still run.
        assert!(auto_allowed(&judge(&analyze("git log --oneline"), &ctx)));
    }
}

/// Class 7: git's configuration and credential files by name, read
/// directly inside the workspace.
#[test]
fn git_config_files_read_directly() {
    let f = Fixture::new();
    let files = f.root.join("files");
    std::fs::create_dir_all(files.join("plain")).unwrap();
    std::fs::create_dir_all(files.join(".config/git")).unwrap();
    for (name, text) in [
        (".gitconfig", "[github]\n\ttoken = ghp_x\n"),
        (".git-credentials", ""),
        (
            ".config/git/config",
            "[remote \"o\"]\n\turl = https://tok@example.com/\n",
        ),
        (".config/git/credentials", ""),
        ("plain/.gitconfig", "[user]\n\tname = me\n"),
        ("plain/config", "[url \"https://u:p@example.com/\"]\n"),
    ] {
        std::fs::write(files.join(name), text).unwrap();
    }
    let ctx = f.ctx(&files);
    for (command, allowed) in [
        ("cat .gitconfig", false),
        ("cat .git-credentials", false),
        ("cat .config/git/config", false),
        ("head .config/git/credentials", false),
        ("cat plain/.gitconfig", true),
        // A file named `config` outside a git directory is no git file.
        ("cat plain/config", true),
    ] {
        let v = judge(&analyze(command), &ctx);
        assert_eq!(
            auto_allowed(&v),
            allowed,
            "{command}: {} {:?}",
            v.rule,
            v.external_paths
        );
    }
}

/// Class 7, controls: URLs without credentials print freely.
#[test]
fn urls_without_credentials() {
    let f = Fixture::new();
    for (name, url) in [
        ("https", "https://github.com/o/r.git"),
        ("scp", "git@github.com:o/r.git"),
        ("ssh", "ssh://git@github.com/o/r.git"),
    ] {
        let dir = f.repo(name);
        f.git(&dir, &["remote", "add", "origin", url]);
        let rewrite = "[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n";
        append(&dir.join(".git/config"), rewrite);
        let ctx = f.ctx(&dir);
        for command in [
            "git remote -v",
            "git config -l",
            "cat .git/config",
            "grep -r url .git",
        ] {
            let v = judge(&analyze(command), &ctx);
            assert!(
                auto_allowed(&v),
                "{command} with {url}: {} {:?}",
                v.rule,
                v.external_paths
            );
        }
    }
}
