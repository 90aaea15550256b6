//! The judge's seventh round (the thirteenth session): brace expansion of
//! plain words is known before anything runs (`shellward_syntax::
//! expand_braces`, held against bash in its own oracle test), so a
//! command is judged as the words bash makes of it: `grep
//! --exclude-dir={target,.git}` is read-only, `cat {/etc/passwd,a.txt}`
//! reads outside, `{rm,-rf,x}` is `rm`. Each row: the command, whether
//! it is read-only, and the rule that decided.

#![allow(clippy::panic, clippy::unwrap_used)]

use shellward_judge::{Context, judge};
use shellward_syntax::analyze;

#[rustfmt::skip]
const ROWS: &[(&str, bool, &str)] = &[
    ("grep -rn --exclude-dir={target,.git} unsafe .",                 true,  "readonly"),
    ("grep -r --include=*.{rs,toml} fn .",                            true,  "readonly"),
    ("ls src/{main,lib}.rs",                                          true,  "readonly"),
    ("ls -la {src,tests}/",                                           true,  "readonly"),
    ("wc -l src/*.{rs,toml}",                                         true,  "readonly"),
    ("echo {1..5} {a..c} {01..03}",                                   true,  "readonly"),
    ("head -n{1..2} a.txt",                                           true,  "readonly"),
    ("{ls,-la}",                                                      true,  "readonly"),
    // Each word bash makes is judged as any other.
    ("cat {/etc/passwd,a.txt}",                                       true,  "path.outside:/etc/"),
    ("cat a.txt{,/../../x}",                                          true,  "path.outside"),
    ("{rm,-rf,src}",                                                  false, "readonly.unknown:rm"),
    ("{,}rm -rf src",                                                 false, "readonly.unknown:rm"),
    ("sort -{o,u} a.txt",                                             false, "readonly.flag:sort:-o"),
    ("find . -{delete,print}",                                        false, "readonly.flag:find:-delete"),
    ("git {push,status}",                                             false, "git"),
    ("cp a.txt{,.bak}",                                               false, "readonly.unknown:cp"),
    // What is not followed stays dynamic: quotes, expansions, tildes, too many words.
    ("ls {a,'b'}",                                                    false, "substitution.argument:ls"),
    ("ls {a,$HOME}",                                                  false, "substitution.argument:ls"),
    ("ls ~/{a,b}",                                                    false, "substitution.argument:ls"),
    ("ls {1..100}",                                                   false, "substitution.argument:ls"),
    ("ls {Z..a}",                                                     false, "substitution.argument:ls"),
];

#[test]
fn brace_words_are_judged_as_bash_expands_them() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    std::fs::write(ws.join("a.txt"), "a\n").unwrap();
    std::fs::create_dir_all(ws.join("src")).unwrap();
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
