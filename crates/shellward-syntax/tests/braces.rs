//! Brace expansion against real bash: for every generated plain word that
//! [`expand_braces`] expands, bash must make exactly those words of it
//! (`for w in WORD; do printf '%s\0' "$w"; done`). The words are built from
//! the characters brace expansion reads (`{`, `}`, `,`, `..`, digits,
//! letters, `-`, `0`) and others that pass through it (glob characters,
//! with globbing off).

#![allow(clippy::panic, clippy::unwrap_used)]

mod support;

use std::io::Write;
use std::process::{Command, Stdio};

use shellward_syntax::expand_braces;
use support::Rng;

/// Pieces a generated word is made of: brace syntax, sequence ends, text.
const PIECES: &[&str] = &[
    "{", "}", ",", "..", ".", "a", "b", "e", "Z", "z", "1", "3", "0", "05", "-", "-2", "10", "x/",
    "=", "{a,b}", "{1..3}", "{,}", "{a..c}", "*", "?", "[", "]",
];

/// The fixed cases, each a shape bash treats specially.
#[rustfmt::skip]
const FIXED: &[&str] = &[
    "x{a,}", "{,}", "x{,}", "{a,}", "{,a}", "{a}b,c}", "x{},a}", "{},a}", "{a{b,c}", "{{x,y}}",
    "{1..10..0}", "{-1..2}", "{-05..3}", "{a..e..2}", "{e..a}", "{1..3}x{a,b}", "a{1..2..}",
    "{..}", "{a..}", "{,,}", "{a,b}{", "},{a,b}", "{a,b}}", "{.,..}", "{1..3..-1}", "{3..1..2}",
    "{05..1}", "{1..05}", "{a..a}", "{-3..-1}", "{9223372036854775806..9223372036854775807}", "{02147483646..02147483647}",
    "--exclude-dir={target,.git}", "src/{main,lib}.rs", "file{,.bak}", "{a,b}{c,d}",
];

fn words(rng: &mut Rng) -> String {
    let mut w = String::new();
    for _ in 0..1 + rng.below(9) {
        let piece: &&str = rng.pick(PIECES);
        w.push_str(piece);
    }
    w
}

#[test]
fn expansions_are_what_bash_makes() {
    let mut rng = Rng::new(0x6272_6163_6573);
    let mut cases: Vec<String> = FIXED.iter().map(|s| s.to_string()).collect();
    cases.extend((0..4000).map(|_| words(&mut rng)));
    let expanded: Vec<(String, Vec<String>)> = cases
        .into_iter()
        .filter_map(|c| expand_braces(&c).map(|e| (c, e)))
        .collect();
    assert!(
        expanded.len() > 3000,
        "too few cases expanded: {}",
        expanded.len()
    );
    // One bash for all: each case's words, NUL-separated, then a SOH.
    // Glob characters pass through brace expansion; bash must not glob them here.
    let mut script = String::from("set -f\n");
    for (case, _) in &expanded {
        script.push_str(&format!(
            "for w in {case}; do printf '%s\\0' \"$w\"; done; printf '\\1'\n"
        ));
    }
    let mut bash = Command::new("bash")
        .args(["--norc", "--noprofile", "-s"])
        .env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Written from another thread: bash's output fills its pipe meanwhile.
    let mut stdin = bash.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(script.as_bytes()).unwrap());
    let out = bash.wait_with_output().unwrap();
    writer.join().unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    let made: Vec<&str> = out.split('\u{1}').collect();
    assert_eq!(
        made.len(),
        expanded.len() + 1,
        "bash printed {} groups",
        made.len()
    );
    let mut differ = Vec::new();
    for ((case, ours), theirs) in expanded.iter().zip(&made) {
        let theirs: Vec<&str> = theirs.split_terminator('\0').collect();
        if *ours != theirs {
            differ.push(format!("{case}: ours {ours:?}, bash {theirs:?}"));
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
