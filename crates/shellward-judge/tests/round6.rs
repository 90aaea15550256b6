//! The judge's sixth round (the twelfth session's review): a name that
//! `find -exec` or `xargs -I` puts where sed, awk or jq read their program
//! becomes code (a directory named `w out` is sed's `w` command; one named
//! `BEGIN{system(...)}` is an awk program). Each row: the command, whether
//! it is read-only, and the rule that decided.

#![allow(clippy::panic, clippy::unwrap_used)]

use shellward_judge::{Context, judge};
use shellward_syntax::analyze;

#[rustfmt::skip]
const ROWS: &[(&str, bool, &str)] = &[
    ("find wout -exec sed -n {} /dev/null \\;",                       false, "find.exec_argument"),
    ("find e -maxdepth 0 -exec sed {} f.yaml \\;",                    false, "find.exec_argument"),
    ("find x -exec sed -e {} f.yaml \\;",                             false, "find.exec_argument"),
    ("find x -maxdepth 0 -exec awk {} \\;",                           false, "find.exec_argument"),
    ("find x -maxdepth 0 -exec gawk -F: {} \\;",                      false, "find.exec_argument"),
    ("find env -maxdepth 0 -exec jq -n {} \\;",                       false, "find.exec_argument"),
    ("find x -exec jq --arg v {} -n '$v' \\;",                        false, "find.exec_argument"),
    ("ls | xargs -I{} sed -n {} a.txt",                               false, "xargs.command:sed"),
    // The name where a file is read stays a path.
    ("find . -name '*.json' -exec jq . {} +",                         true,  "readonly"),
    ("find . -name '*.txt' -exec sed -n 1p {} +",                     true,  "readonly"),
    ("find . -name '*.txt' -exec awk '{print $1}' {} +",              true,  "readonly"),
];

#[test]
fn names_read_by_find_and_xargs_are_never_code() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    std::fs::write(ws.join("a.txt"), "a\n").unwrap();
    let ctx = Context::new(&ws, &ws);
    let wrong: Vec<String> = ROWS
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

/// bash's `cd` is logical: `sub/../..` with `sub` a link to `a/b` is the
/// workspace's parent, not the workspace (the kernel's reading); both are
/// where later commands may run, unless `cd -P`.
#[test]
fn cd_is_read_as_bash_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let ws = root.join("ws");
    std::fs::create_dir_all(ws.join("a/b")).unwrap();
    std::fs::create_dir_all(root.join("outside")).unwrap();
    std::fs::write(root.join("outside/secret"), "s\n").unwrap();
    std::fs::write(ws.join("a.txt"), "a\n").unwrap();
    std::os::unix::fs::symlink("a/b", ws.join("sub")).unwrap();
    let ctx = Context::new(&ws, &ws);
    #[rustfmt::skip]
    let rows: &[(&str, &str)] = &[
        ("cd sub/../.. && cat outside/secret",       "path.outside"),
        ("cd -L sub/../..; cat outside/secret",      "path.outside"),
        ("cd sub/../../outside; cat secret",         "path.outside"),
        ("echo $(cd sub/../..; cat outside/secret)", "path.outside"),
        ("cd sub/.. && cat ../a.txt",                "path.outside"),
        ("cd -P sub/../.. && cat a.txt",             "readonly"),
        ("cd a/b/.. && cat a.txt",                   "readonly"),
    ];
    for (command, rule) in rows {
        let v = judge(&analyze(command), &ctx);
        assert!(
            v.rule.starts_with(rule),
            "{command}: {} ({})",
            v.rule,
            v.reason
        );
    }
}

/// A recursive search of a tree holding a repository whose configuration
/// holds credentials prints them: it asks as a read of that file does.
#[test]
fn recursive_searches_read_a_repositorys_credentials() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    for d in [".git/objects", ".git/refs", "src"] {
        std::fs::create_dir_all(ws.join(d)).unwrap();
    }
    std::fs::write(ws.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    std::fs::write(
        ws.join(".git/config"),
        "[remote \"origin\"]\n\turl = https://user:ghp_SECRET@github.com/o/r.git\n",
    )
    .unwrap();
    std::fs::write(ws.join("src/a.txt"), "a\n").unwrap();
    let ctx = Context::new(&ws, &ws);
    #[rustfmt::skip]
    let rows: &[(&str, &str)] = &[
        ("grep -r SECRET .",                     "path.outside"),
        ("grep -r SECRET",                       "path.outside"),
        ("grep --directories=recurse SECRET .",  "path.outside"),
        ("grep -R SECRET",                       "path.outside"),
        ("rg --hidden SECRET",                   "path.outside"),
        ("rg -uu SECRET",                        "path.outside"),
        ("rg SECRET",                            "readonly"),
        ("grep -rn TODO src",                    "readonly"),
        ("grep x src/a.txt",                     "readonly"),
    ];
    for (command, rule) in rows {
        let v = judge(&analyze(command), &ctx);
        assert!(
            v.rule.starts_with(rule),
            "{command}: {} ({})",
            v.rule,
            v.reason
        );
    }
}

/// Operands the tables took as text: git's `top` pathspec magic reaches
/// the repository's top (above a workspace that is a subdirectory of it),
/// lsof's `+D DIR` walks a directory.
#[test]
fn pathspec_magic_and_lsof_plus_options() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().canonicalize().unwrap();
    for d in [".git/objects", ".git/refs", "ws"] {
        std::fs::create_dir_all(repo.join(d)).unwrap();
    }
    std::fs::write(repo.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    std::fs::write(repo.join(".git/config"), "[core]\n\tbare = false\n").unwrap();
    let ws = repo.join("ws");
    let ctx = Context::new(&ws, &ws);
    #[rustfmt::skip]
    let rows: &[(&str, &str)] = &[
        ("git grep --untracked -e API_KEY -- ':/'", "path.outside"),
        ("git grep -e API_KEY -- ':(top)'",         "path.outside"),
        ("git ls-files -o -- ':(top,icase)x'",      "path.outside"),
        ("git ls-files -- ':!x'",                   "readonly"),
        ("lsof +D /root",                           "readonly.flag:lsof:+D"),
        ("lsof +d ../outside",                      "readonly.flag:lsof:+d"),
        ("lsof +r",                                 "readonly.flag:lsof:+r"),
        ("lsof -n +c 15",                           "readonly"),
    ];
    for (command, rule) in rows {
        let v = judge(&analyze(command), &ctx);
        let decided: &str = v
            .commands
            .iter()
            .find(|c| !c.read_only)
            .map_or(&v.rule, |c| &c.rule);
        assert!(
            decided.starts_with(rule),
            "{command}: {decided} ({})",
            v.reason
        );
    }
}
