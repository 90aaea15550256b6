//! The judge on hostile input: its callbacks parse text a model wrote (sed
//! scripts, awk programs, filters), so mutated corpus commands and
//! shell-flavoured strings must never panic it, and a read-only verdict must
//! never come from an analysis that failed, skipped a construct (the `time`
//! keyword aside: its pipeline is reported and judged), or holds a dynamic
//! word other than a substitution the judge looked into or a printable
//! parameter (`$?`, `$HOME` ...).

#![allow(clippy::panic, clippy::unwrap_used)]

use proptest::prelude::*;
use shellward_judge::{Context, judge};
use shellward_syntax::{DynamicKind, ParseStatus, Part, UnsupportedKind, analyze};

fn corpus() -> &'static [String] {
    static ALL: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| shellward_corpus::commands(shellward_corpus::ALL))
}

fn context() -> &'static Context {
    static CTX: std::sync::OnceLock<Context> = std::sync::OnceLock::new();
    CTX.get_or_init(|| {
        // Cargo's scratch directory for integration tests (under target/):
        // a static is never dropped, so a temporary directory would stay.
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge-hostile");
        std::fs::create_dir_all(&dir).unwrap();
        Context::new(&dir, &dir)
    })
}

fn check(input: &str) -> Result<(), TestCaseError> {
    let analysis = analyze(input);
    let verdict = judge(&analysis, context());
    if verdict.read_only {
        prop_assert!(
            analysis.status == ParseStatus::Ok
                && analysis
                    .unsupported()
                    .iter()
                    .all(|u| u.kind == UnsupportedKind::TimeKeyword),
            "read-only but not fully parsed: {input:?}"
        );
        for c in analysis.commands() {
            let fixed = c
                .assignments
                .iter()
                .map(|a| &a.value)
                .chain(c.redirects.iter().map(|r| &r.target));
            prop_assert!(
                fixed.clone().all(|w| w.is_static()),
                "read-only with a dynamic assignment or redirection: {input:?}"
            );
            prop_assert!(
                c.words.first().is_some_and(|w| w.is_static()),
                "read-only with a dynamic program: {input:?}"
            );
            prop_assert!(
                c.words.iter().all(|w| match w.dynamic {
                    None
                    | Some(
                        DynamicKind::CommandSubstitution
                        | DynamicKind::Backtick
                        | DynamicKind::ProcessSubstitution,
                    ) => true,
                    // Only printable parameters: every parameter part is one of
                    // `$?` `$#` `$$` `$!` `$-` `$0` or a PRINTABLE_VARIABLES name
                    // (`$$GITHUB_TOKEN` is `$$` followed by literal text).
                    Some(DynamicKind::Parameter) => only_special(&w.parts, analysis.source()),
                    _ => false,
                }),
                "read-only with an expansion that is not a substitution: {input:?}"
            );
        }
        prop_assert!(!analysis.commands().is_empty());
        prop_assert!(verdict.commands.iter().all(|c| c.read_only));
    }
    prop_assert!(!verdict.rule.is_empty());
    Ok(())
}

fn only_special(parts: &[Part], source: &str) -> bool {
    parts.iter().all(|part| match part {
        Part::Parameter(span) => {
            let text = span.slice(source);
            let name = text
                .strip_prefix("${")
                .and_then(|t| t.strip_suffix('}'))
                .or_else(|| text.strip_prefix('$'))
                .unwrap_or(text);
            matches!(text, "$?" | "$#" | "$$" | "$!" | "$-" | "$0")
                || shellward_judge::PRINTABLE_VARIABLES.contains(&name)
        }
        Part::DoubleQuoted(_, inner) => only_special(inner, source),
        _ => true,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn mutated_corpus_commands(
        index in 0usize..10_000,
        edits in proptest::collection::vec((0usize..10_000, any::<char>(), 0u8..3), 0..6),
    ) {
        let corpus = corpus();
        let mutated = shellward_corpus::mutate(&corpus[index % corpus.len()], &edits);
        check(&mutated)?;
    }

    /// Programs for the commands with callbacks, written from their own alphabets.
    #[test]
    fn scripts_for_callbacks(
        command in prop::sample::select(vec!["sed -n", "sed", "awk", "jq", "yq", "date", "ps", "xargs", "gh pr view", "docker", "find .", "git log", "less"]),
        script in "[a-zA-Z0-9 ;{}/\\\\|<>!$=+,.:#\\n-]{0,60}",
    ) {
        let quoted = script.replace('\'', "");
        check(&format!("{command} '{quoted}' f.txt"))?;
    }
}

/// Cases proptest once found, kept: a special parameter followed by text
/// is the parameter and literal text (`$$GITHUB_TOKEN` prints the PID and
/// the word), while a named parameter is never read-only.
#[test]
fn special_parameters_followed_by_text() {
    for (input, read_only) in [
        ("echo $$GITHUB_TOKEN", true),
        ("echo \"$?x\" $#y", true),
        ("echo $GITHUB_TOKEN", false),
        ("echo $$$GITHUB_TOKEN", false),
        ("time echo $$x", true),
        ("echo \"$$${GITHUB_TOKEN}\"", false),
        // `command -v` looks up names known now (proptest found `$ustc`).
        ("command -v $ustc", false),
        ("command -v rustc", true),
    ] {
        check(input).unwrap();
        let verdict = judge(&analyze(input), context());
        assert_eq!(verdict.read_only, read_only, "{input}: {}", verdict.rule);
    }
}
