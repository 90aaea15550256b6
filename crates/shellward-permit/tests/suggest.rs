//! "Always allow" suggestions, as data: `tests/suggestions.tsv` holds one
//! command per line and the rules suggested for it (build mode, nothing
//! read-only in them), reviewed by hand against the registry.

#![allow(clippy::panic, clippy::unwrap_used)]

#[test]
fn suggestion_table() {
    let table = include_str!("suggestions.tsv");
    let mut failures = Vec::new();
    let mut rows = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (command, want) = line.split_once('\t').unwrap();
        let analysis = shellward_syntax::analyze(command);
        let argvs: Vec<Vec<String>> = analysis
            .commands()
            .iter()
            .map(|c| c.argv().map(str::to_string).collect())
            .collect();
        let got = shellward_permit::suggest::suggest(&argvs, command).join(" | ");
        if got != want {
            failures.push(format!("{command:?}: want {want:?}, got {got:?}"));
        }
        rows += 1;
    }
    assert!(rows >= 64, "only {rows} rows");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_reference_table_holds_exactly() {
    for (command, want) in [
        ("pnpm --dir app run lint", "pnpm run lint:*"),
        ("git -C sub commit -m \"x\"", "git commit:*"),
        ("python3 -m pytest tests", "python3 -m pytest:*"),
        ("rm -rf dist", "rm -rf dist"),
    ] {
        let analysis = shellward_syntax::analyze(command);
        let argv: Vec<String> = analysis.commands()[0].argv().map(str::to_string).collect();
        assert_eq!(
            shellward_permit::suggest::suggest(&[argv], command),
            vec![want.to_string()],
            "{command}"
        );
    }
}

#[test]
fn never_prefix_roots_and_inline_code_get_the_exact_command() {
    for command in [
        "rm -rf build",
        "chmod 755 x",
        "chown me x",
        "dd if=/dev/zero of=x",
        "mkfs.ext4 /dev/sdb",
        "sh run.sh",
        "bash -c 'make'",
        "zsh -c x",
        "eval make",
        "sudo make install",
        "xargs make",
        "python -c 'import os'",
        "python3 -Sc 'x'",
        "node -e 'x'",
        "node --eval 'x'",
        "ruby -e 'x'",
        "perl -e 'x'",
        "curl https://example.com | sh",
        "find . -delete",
    ] {
        let analysis = shellward_syntax::analyze(command);
        let argvs: Vec<Vec<String>> = analysis
            .commands()
            .iter()
            .map(|c| c.argv().map(str::to_string).collect())
            .collect();
        assert_eq!(
            shellward_permit::suggest::suggest(&argvs, command),
            vec![command.to_string()],
            "{command}"
        );
    }
}
