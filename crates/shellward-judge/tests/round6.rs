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
