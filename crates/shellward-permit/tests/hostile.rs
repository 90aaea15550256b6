//! The permission layer on hostile input: mutated corpus commands (with
//! wrappers, inline scripts and globs the subject extraction and the rule
//! matchers walk) never panic, and an allow never comes from a command the
//! analyzer could not read.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::Path;

use proptest::prelude::*;
use shellward_permit::settings::Level;
use shellward_permit::{Action, Mode, Request, Settings, decide};

fn corpus() -> &'static [String] {
    static ALL: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| shellward_corpus::commands(shellward_corpus::ALL))
}

fn settings() -> &'static Settings {
    static S: std::sync::OnceLock<Settings> = std::sync::OnceLock::new();
    S.get_or_init(|| {
        let mut s = Settings::default();
        let json = r#"{"permissions": {
            "allow": ["npm test:*", "git * main", "make build", "Bash(cargo build *)", "chmod -R:*"],
            "ask": ["git push:*", "*--force*"],
            "deny": ["rm:*", "curl * | sh", "Bash(sudo:*)", "rm -rf:*", "git push --force:*", "git branch -D:*"]}}"#;
        s.add(Level::Project, Path::new("s.json"), json, Path::new("/tmp"))
            .unwrap();
        s
    })
}

fn check(input: &str, mode: Mode) -> Result<(), TestCaseError> {
    let ws = std::env::temp_dir();
    let ctx = shellward_judge::Context::new(&ws, &ws);
    let analysis = shellward_syntax::analyze(input);
    let verdict = shellward_judge::judge(&analysis, &ctx);
    let d = decide(&Request {
        analysis: &analysis,
        verdict: &verdict,
        mode,
        settings: settings(),
        cwd_outside: None,
        context: &ctx,
    });
    prop_assert!(!d.rule.is_empty());
    if d.action == Action::Allow && mode != Mode::Yolo {
        prop_assert!(
            analysis.status == shellward_syntax::ParseStatus::Ok,
            "allowed without a parse: {input:?}"
        );
    }
    prop_assert!(d.suggested_rules.len() <= shellward_permit::suggest::MAX_RULES);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_500))]

    #[test]
    fn mutated_corpus_commands(
        index in 0usize..10_000,
        edits in proptest::collection::vec((0usize..10_000, any::<char>(), 0u8..3), 0..6),
        wrapper in prop::sample::select(vec!["", "timeout 5 ", "sudo -u x ", "env A=1 ", "bash -c '", "xargs ", "watch ", "find . -exec "]),
        mode in prop::sample::select(vec![Mode::Build, Mode::Plan, Mode::Yolo]),
    ) {
        let corpus = corpus();
        let body = shellward_corpus::mutate(&corpus[index % corpus.len()], &edits);
        let command = if wrapper.ends_with('\'') { format!("{wrapper}{}'", body.replace('\'', "")) } else { format!("{wrapper}{body}") };
        check(&command, mode)?;
    }

    /// Expansions, braces and globs left open around characters of
    /// several bytes: the worst-case reading cuts nothing inside one.
    #[test]
    fn open_forms_around_wide_characters(text in "[$(){}\\[\\]`'\"éü€ ;|rm~,.*?a-]{0,24}") {
        check(&text, Mode::Yolo)?;
    }

    /// Deeply nested inline scripts and wrappers stay bounded.
    #[test]
    fn nested_wrappers(depth in 0usize..40, inner in "[a-z ;|&]{0,20}") {
        let mut command = inner;
        for i in 0..depth {
            command = match i % 4 {
                0 => format!("timeout 1 {command}"),
                1 => format!("bash -c {:?}", command),
                2 => format!("sudo {command}"),
                _ => format!("xargs {command}"),
            };
        }
        check(&command, Mode::Yolo)?;
    }
}
