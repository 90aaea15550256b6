//! The labelled corpus, judged from a fresh temporary workspace in `build`
//! terms (allowed = read-only with no external paths). Prints the rates.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::PathBuf;

use shellward_judge::{Context, Verdict, judge};
use shellward_syntax::analyze;

fn corpus(file: &str) -> Vec<Vec<String>> {
    shellward_corpus::rows(file)
        .into_iter()
        .map(|r| r.fields)
        .collect()
}

struct Workspace(PathBuf);

impl Workspace {
    fn new(name: &str) -> Workspace {
        let dir =
            std::env::temp_dir().join(format!("shellward-judge-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Workspace(dir)
    }
    fn context(&self) -> Context {
        Context::new(&self.0, &self.0)
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn allowed(v: &Verdict) -> bool {
    v.read_only && v.external_paths.is_empty()
}

#[test]
fn adversarial_rows_are_never_allowed() {
    let ws = Workspace::new("adversarial");
    let ctx = ws.context();
    let rows = corpus("adversarial.tsv");
    let allowed_rows: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            let v = judge(&analyze(&row[0]), &ctx);
            allowed(&v).then(|| {
                format!(
                    "{:?} ({}) — {}",
                    row[0],
                    v.rule,
                    row.get(1).map_or("", |s| s)
                )
            })
        })
        .collect();
    println!(
        "adversarial: {} rows, {} allowed",
        rows.len(),
        allowed_rows.len()
    );
    assert!(
        allowed_rows.is_empty(),
        "allowed:\n{}",
        allowed_rows.join("\n")
    );
}

#[test]
fn codex_unsafe_rows_are_never_allowed() {
    let ws = Workspace::new("codex");
    let ctx = ws.context();
    let rows = corpus("peers/codex-safety-cases.tsv");
    let mut bad = Vec::new();
    let (mut safe, mut safe_allowed) = (0, 0);
    for row in &rows {
        let (expected, script) = (row[0].as_str(), row[3].as_str());
        let ok = allowed(&judge(&analyze(script), &ctx));
        match expected {
            "safe" => {
                safe += 1;
                safe_allowed += usize::from(ok);
            }
            _ if ok => bad.push(format!("{expected}: {script:?}")),
            _ => {}
        }
    }
    println!(
        "codex: {} rows; unsafe/dangerous allowed: {}; safe allowed: {safe_allowed}/{safe}",
        rows.len(),
        bad.len()
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn benign_allow_rows_are_allowed() {
    let ws = Workspace::new("benign");
    let ctx = ws.context();
    let rows = corpus("benign.tsv");
    let mut stats = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    let mut missed = Vec::new();
    for row in &rows {
        let expect = row[1].as_str();
        let v = judge(&analyze(&row[0]), &ctx);
        let entry = stats.entry(expect).or_default();
        entry.0 += 1;
        if allowed(&v) {
            entry.1 += 1;
        } else if expect == "allow" {
            missed.push(format!("{:?}: {} — {}", row[0], v.rule, v.reason));
        }
    }
    for (expect, (total, ok)) in &stats {
        println!(
            "benign {expect}: {ok}/{total} allowed ({:.1} %)",
            100.0 * *ok as f64 / *total as f64
        );
    }
    let (total, ok) = stats["allow"];
    println!("not allowed:\n{}", missed.join("\n"));
    assert!(
        ok as f64 >= 0.98 * total as f64,
        "benign allow rate {ok}/{total} below 98 %:\n{}",
        missed.join("\n")
    );
}

/// Every verdict over the corpora, and every simple command's, carries a
/// rule id of the catalog (`shellward_judge::rules`).
#[test]
fn every_rule_id_is_in_the_catalog() {
    use shellward_judge::rules::Rule;
    let ws = Workspace::new("catalog");
    let ctx = ws.context();
    let mut unknown = std::collections::BTreeSet::new();
    let mut seen = std::collections::BTreeSet::new();
    for file in ["adversarial.tsv", "benign.tsv"] {
        for row in corpus(file) {
            let v = judge(&analyze(&row[0]), &ctx);
            let ids = std::iter::once(&v.rule).chain(v.commands.iter().map(|c| &c.rule));
            for id in ids {
                match Rule::of(id) {
                    Some(rule) => {
                        seen.insert(rule.id());
                    }
                    None => {
                        unknown.insert(id.to_string());
                    }
                }
            }
        }
    }
    assert!(unknown.is_empty(), "not in the catalog: {unknown:?}");
    println!("catalog: {} rules seen over the corpora", seen.len());
}
