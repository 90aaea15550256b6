//! The permission decision, as tables: `(mode, rules, command, decision, rule id)`.
//! Rules are written as in a settings file (`allow: npm test:*`); commands
//! are judged in an empty temporary workspace.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use shellward_permit::settings::Level;
use shellward_permit::{Action, Decision, Mode, Request, Settings, decide};

fn workspace() -> &'static Path {
    static WS: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    WS.get_or_init(|| {
        // Cargo's scratch directory for integration tests (under target/):
        // a static is never dropped, so a temporary directory would stay.
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("permit-decide");
        std::fs::create_dir_all(dir.join("app")).unwrap();
        dir.canonicalize().unwrap()
    })
}

/// `rules`: `"allow: npm test:*"`, `"deny: rm:*"`, ... all from one project file.
fn settings(rules: &[&str]) -> Settings {
    let mut json = serde_json::json!({"permissions": {"allow": [], "ask": [], "deny": []}});
    for r in rules {
        let (action, pattern) = r.split_once(": ").unwrap();
        json["permissions"][action]
            .as_array_mut()
            .unwrap()
            .push(pattern.into());
    }
    let mut s = Settings::default();
    s.add(
        Level::Project,
        Path::new(".shellward/settings.json"),
        &json.to_string(),
        workspace(),
    )
    .unwrap();
    s
}

fn run(mode: Mode, rules: &[&str], command: &str) -> Decision {
    let ws = workspace();
    let ctx = shellward_judge::Context::new(ws, ws);
    let analysis = shellward_syntax::analyze(command);
    let verdict = shellward_judge::judge(&analysis, &ctx);
    decide(&Request {
        analysis: &analysis,
        verdict: &verdict,
        mode,
        settings: &settings(rules),
        cwd_outside: None,
        context: &ctx,
    })
}

use Action::{Allow, Ask, Deny};
use Mode::{Build, Edit, Plan, Yolo};

type Row = (
    Mode,
    &'static [&'static str],
    &'static str,
    Action,
    &'static str,
);

fn check(table: &[Row]) {
    let mut failures = Vec::new();
    for (mode, rules, command, action, rule) in table {
        let d = run(*mode, rules, command);
        if d.action != *action || d.rule != *rule {
            failures.push(format!(
                "{mode:?} {rules:?} {command:?}: want ({action:?}, {rule}), got ({:?}, {}) {}",
                d.action, d.rule, d.reason
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn mode_table() {
    check(&[
        (Build, &[], "git status", Allow, "mode.build.readOnly"),
        (Build, &[], "npm test", Ask, "mode.build.highRisk"),
        (Edit, &[], "ls -la", Allow, "mode.build.readOnly"),
        (Edit, &[], "rm -rf node_modules", Ask, "mode.build.highRisk"),
        (Plan, &[], "git log -3", Allow, "mode.plan.readOnly"),
        (Plan, &[], "npm test", Deny, "mode.plan.nonReadOnly"),
        (Yolo, &[], "rm -rf node_modules", Allow, "mode.yolo"),
        (Yolo, &[], "git status", Allow, "mode.yolo"),
        // Outside the workspace: ask before anything else, but not in yolo.
        (Build, &[], "cat /etc/hosts", Ask, "path.outside"),
        (Plan, &[], "cat /etc/hosts", Ask, "path.outside"),
        (Yolo, &[], "cat /etc/hosts", Allow, "mode.yolo"),
    ]);
}

#[test]
fn precedence() {
    check(&[
        // deny before ask before allow, wherever each comes from.
        (
            Build,
            &["allow: npm:*", "deny: npm publish:*"],
            "npm publish",
            Deny,
            "rule.deny:npm publish:*",
        ),
        (
            Build,
            &["allow: git push:*", "ask: git push:*"],
            "git push",
            Ask,
            "rule.ask:git push:*",
        ),
        (
            Build,
            &["deny: git:*", "ask: git:*"],
            "git status",
            Deny,
            "rule.deny:git:*",
        ),
        // An ask rule asks even for a read-only command, and in yolo.
        (
            Build,
            &["ask: git log:*"],
            "git log",
            Ask,
            "rule.ask:git log:*",
        ),
        (Yolo, &["ask: rm:*"], "rm -rf dist", Ask, "rule.ask:rm:*"),
        (Yolo, &["deny: rm:*"], "rm -rf dist", Deny, "rule.deny:rm:*"),
        // Plan mode ignores allow rules ("always allow" answers), not deny.
        (
            Plan,
            &["allow: npm test:*"],
            "npm test",
            Deny,
            "mode.plan.nonReadOnly",
        ),
        (
            Plan,
            &["deny: git log:*"],
            "git log",
            Deny,
            "rule.deny:git log:*",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "npm test",
            Allow,
            "rule.allow:npm test:*",
        ),
    ]);
}

#[test]
fn matching() {
    check(&[
        // prefix:* on a word boundary.
        (
            Build,
            &["allow: npm test:*"],
            "npm test --watch",
            Allow,
            "rule.allow:npm test:*",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "npm tests",
            Ask,
            "mode.build.highRisk",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "npm",
            Ask,
            "mode.build.highRisk",
        ),
        // Globs.
        (
            Build,
            &["allow: git * main"],
            "git push origin main",
            Allow,
            "rule.allow:git * main",
        ),
        (
            Build,
            &["allow: git * main"],
            "git push origin dev",
            Ask,
            "mode.build.highRisk",
        ),
        // Exact text, and the whole text always matches.
        (
            Build,
            &["allow: make build"],
            "make build",
            Allow,
            "rule.allow:make build",
        ),
        (
            Build,
            &["allow: make build"],
            "make build-all",
            Ask,
            "mode.build.highRisk",
        ),
        (
            Build,
            &["allow: echo $(date) > log"],
            "echo $(date) > log",
            Allow,
            "rule.allow:echo $(date) > log",
        ),
        // An allow rule must cover every simple command that is not read-only.
        (
            Build,
            &["allow: npm test:*"],
            "cd app && npm test",
            Allow,
            "rule.allow:npm test:*",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "npm test && git status",
            Allow,
            "rule.allow:npm test:*",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "npm test && rm -rf /",
            Ask,
            "guard.catastrophic:fs.rm-recursive",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "npm test && rm x",
            Ask,
            "mode.build.highRisk",
        ),
        (
            Build,
            &["allow: npm test:*", "allow: npm run build:*"],
            "npm test && npm run build",
            Allow,
            "rule.allow:npm test:*",
        ),
        // Only exact equality when the command is not permission-safe or writes through a redirect.
        (
            Build,
            &["allow: npm test:*"],
            "npm test > out.txt",
            Ask,
            "mode.build.highRisk",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "npm test 2>&1",
            Allow,
            "rule.allow:npm test:*",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "npm test $FLAGS",
            Ask,
            "mode.build.highRisk",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "LD_PRELOAD=x.so npm test",
            Ask,
            "mode.build.highRisk",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "CI=1 npm test",
            Allow,
            "rule.allow:npm test:*",
        ),
        (
            Build,
            &["allow: npm test:*"],
            "(npm test)",
            Ask,
            "mode.build.highRisk",
        ),
        // Harmless wrappers are seen through by allow rules; sudo is not.
        (
            Build,
            &["allow: npm start:*"],
            "nohup npm start",
            Allow,
            "rule.allow:npm start:*",
        ),
        (
            Build,
            &["allow: apt install:*"],
            "sudo apt install jq",
            Ask,
            "mode.build.highRisk",
        ),
        // Deny and ask match any simple command.
        (
            Build,
            &["deny: rm:*"],
            "ls && rm -rf x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Build,
            &["deny: rm:*"],
            "echo hi | rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Build,
            &["deny: git push:*"],
            "git commit -m x; git push",
            Deny,
            "rule.deny:git push:*",
        ),
    ]);
}

#[test]
fn deny_and_ask_see_through_wrappers() {
    check(&[
        (
            Yolo,
            &["deny: rm:*"],
            "timeout 5 rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "timeout -s KILL 5 rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "sudo -u root rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "env -i FOO=1 rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "nice -n 10 rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (Yolo, &["deny: rm:*"], "nohup rm x", Deny, "rule.deny:rm:*"),
        (
            Yolo,
            &["deny: rm:*"],
            "stdbuf -oL rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "command rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "builtin command rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "find . -exec rm {} \\;",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "find . -name x -execdir rm -f {} +",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "ls | xargs rm",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "ls | xargs -0 -n 1 rm -f",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "watch -n 1 rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "watch 'ls; rm x'",
            Deny,
            "rule.deny:rm:*",
        ),
        (Yolo, &["deny: rm:*"], "setsid rm x", Deny, "rule.deny:rm:*"),
        (
            Yolo,
            &["deny: rm:*"],
            "flock /tmp/lock rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "flock /tmp/lock -c 'rm x'",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "bash -c 'rm -rf x'",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "sh -ec 'cd x && rm y'",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "sudo bash -c 'timeout 1 rm y'",
            Deny,
            "rule.deny:rm:*",
        ),
        (Yolo, &["deny: rm:*"], "eval rm x", Deny, "rule.deny:rm:*"),
        (
            Yolo,
            &["ask: git push:*"],
            "time git push",
            Ask,
            "rule.ask:git push:*",
        ),
        // Found by the hostile tests: an option missing its value at the end,
        // and a non-ASCII option (both once panicked).
        (Yolo, &["deny: rm:*"], "sudo -u", Allow, "mode.yolo"),
        (
            Yolo,
            &["deny: rm:*"],
            "timeout -é5 rm x",
            Ask,
            "rule.unverifiable",
        ),
        // A path names the same program; words xargs or find add at run time
        // can become a command under a shell.
        (
            Yolo,
            &["deny: rm:*"],
            "/bin/rm -rf x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "timeout 5 /usr/bin/rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "echo 'rm x' | xargs sh -c",
            Ask,
            // The guard's question first: the script is a word xargs reads.
            "guard.destructive:code.unknown-script",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "echo x | xargs -I{} bash -c 'echo {}'",
            Ask,
            "rule.unverifiable",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "find . -exec sh -c 'cat {}' \\;",
            Ask,
            "rule.unverifiable",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "find . -exec sh -c 'cat \"$1\"' _ {} \\;",
            Ask,
            "rule.unverifiable",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "find . -exec grep -l x {} +",
            Allow,
            "mode.yolo",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "ls | xargs wc -l",
            Allow,
            "mode.yolo",
        ),
        (Yolo, &["deny: rm:*"], "pkexec rm x", Deny, "rule.deny:rm:*"),
        (
            Yolo,
            &["deny: rm:*"],
            "chroot /srv rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "strace -f rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "taskset 0x1 rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "unshare -r rm x",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "strace --seccomp-bpf rm x",
            Ask,
            "rule.unverifiable",
        ),
        // Commands inside substitutions are subjects too.
        (
            Yolo,
            &["deny: rm:*"],
            "echo $(rm -rf x)",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "echo \"`rm -rf x`\"",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "cat <(rm -rf x)",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "X=$(rm x) ls",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "ls > $(rm x)",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "echo $(echo $(timeout 1 rm x))",
            Deny,
            "rule.deny:rm:*",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "echo ${x:-$(rm x)}",
            Ask,
            "rule.unverifiable",
        ),
        (
            Yolo,
            &["deny: rm:*"],
            "cat <<EOF\n$(rm x)\nEOF",
            Ask,
            "rule.unverifiable",
        ),
        (Yolo, &["deny: rm:*"], "echo $(ls)", Allow, "mode.yolo"),
        // A wrapper option we do not know: cannot see through, so ask.
        (
            Yolo,
            &["deny: rm:*"],
            "timeout --frobnicate 5 rm x",
            Ask,
            "rule.unverifiable",
        ),
        // A dynamic word where the rule needs a static one: ask.
        (
            Yolo,
            &["deny: ls -la:*"],
            "ls $FLAGS x",
            Ask,
            "rule.unverifiable",
        ),
        // The guard asks first where the word may make it destructive.
        (
            Yolo,
            &["deny: rm -rf:*"],
            "rm $FLAGS x",
            Ask,
            "guard.destructive:fs.rm-recursive",
        ),
        (Yolo, &["deny: rm:*"], "$CMD x", Ask, "rule.unverifiable"),
        // Not descended into by the analyzer: ask when there are deny/ask rules.
        (
            Yolo,
            &["deny: rm:*"],
            "for f in *; do rm $f; done",
            Ask,
            "rule.unverifiable",
        ),
        (Yolo, &["deny: rm:*"], "(rm x)", Ask, "rule.unverifiable"),
        // But not when nothing could match.
        (Yolo, &["deny: rm:*"], "ls $DIR", Allow, "mode.yolo"),
        (Yolo, &[], "for f in *; do rm $f; done", Allow, "mode.yolo"),
    ]);
}

#[test]
fn many_subcommands_are_all_checked() {
    // No count of simple commands skips the check.
    let mut command = "true; ".repeat(400);
    command.push_str("rm -rf x");
    let d = run(Yolo, &["deny: rm:*"], &command);
    assert_eq!((d.action, d.rule.as_str()), (Deny, "rule.deny:rm:*"));
}

#[test]
fn claude_code_rule_syntax() {
    check(&[
        (
            Build,
            &["allow: Bash(npm test:*)"],
            "npm test -- x",
            Allow,
            "rule.allow:npm test:*",
        ),
        (
            Build,
            &["allow: Bash(npm test *)"],
            "npm test -- x",
            Allow,
            "rule.allow:npm test *",
        ),
        (
            Build,
            &["allow: Bash(npm test *)"],
            "npm test",
            Allow,
            "rule.allow:npm test *",
        ),
        (
            Build,
            &["allow: Bash(npm test *)"],
            "npm testing",
            Ask,
            "mode.build.highRisk",
        ),
        (
            Build,
            &["allow: Bash(git * main)"],
            "git push origin main",
            Allow,
            "rule.allow:git * main",
        ),
        (
            Build,
            &["allow: Bash(npm run test*)"],
            "npm run test:unit",
            Allow,
            "rule.allow:npm run test*",
        ),
        (Yolo, &["deny: Bash"], "echo hi", Deny, "rule.deny:*"),
        (Yolo, &["deny: Bash(*)"], "echo hi", Deny, "rule.deny:*"),
    ]);
}

#[test]
fn suggestions_come_with_the_mode_ask() {
    let d = run(Build, &[], "pnpm --dir app run lint");
    assert_eq!(d.suggested_rules, vec!["pnpm run lint:*"]);
    let d = run(Build, &[], "git add . && git commit -m 'x' && git push");
    assert_eq!(
        d.suggested_rules,
        vec!["git add:*", "git commit:*", "git push:*"]
    );
    // Read-only parts need no rule.
    let d = run(Build, &[], "cd app && npm test");
    assert_eq!(d.suggested_rules, vec!["npm test:*"]);
    // No prefix for a high-risk root: the exact command.
    let d = run(Build, &[], "npm test && rm -rf node_modules");
    assert_eq!(d.suggested_rules, vec!["npm test && rm -rf node_modules"]);
    // More than five: the exact command.
    let d = run(
        Build,
        &[],
        "a1 x; mkdir a; touch b; cp a c; mv c d; npm i; cargo b",
    );
    assert_eq!(d.suggested_rules.len(), 1);
    // A rule answer is not a mode ask: no suggestions.
    assert!(
        run(Build, &["ask: git push:*"], "git push")
            .suggested_rules
            .is_empty()
    );
    // Nothing to run: nothing to allow (no rule `''`).
    for empty in ["", "   ", "\n"] {
        assert!(
            run(Build, &[], empty).suggested_rules.is_empty(),
            "{empty:?}"
        );
    }
    // An external directory request carries the directories.
    let d = run(Build, &[], "cat /etc/hosts ~/.bashrc");
    assert_eq!(d.rule, "path.outside");
    assert!(d.external_directories.contains(&"/etc/*".to_string()));
}

#[test]
fn adversarial_corpus_is_never_allowed_in_build_mode() {
    let mut allowed = Vec::new();
    let rows = shellward_corpus::rows("adversarial.tsv");
    for row in &rows {
        let d = run(Build, &[], &row.command);
        if d.action == Allow {
            allowed.push(row.command.clone());
        }
    }
    println!(
        "adversarial in build mode: {} rows, {} allowed",
        rows.len(),
        allowed.len()
    );
    assert!(allowed.is_empty(), "{allowed:#?}");
}

#[test]
fn precedence_between_settings_levels() {
    // Deny and ask win whatever level they come from; allow from any level
    // (Claude Code's files included) applies only after them.
    let ws = workspace();
    let levels: &[(Level, &str, &str)] = &[
        (Level::User, "deny", "git push --force:*"),
        (Level::Local, "allow", "git push:*"),
        (Level::ClaudeLocal, "allow", "Bash(npm publish:*)"),
        (Level::Project, "ask", "npm publish:*"),
        (Level::ClaudeProject, "deny", "Bash(curl:*)"),
        (Level::Local, "allow", "curl:*"),
        (Level::Extra, "allow", "make deploy:*"),
    ];
    let mut s = Settings::default();
    for (level, key, rule) in levels {
        let json = serde_json::json!({ "permissions": { *key: [rule] } });
        let file = format!("{}.json", level.as_str());
        s.add(*level, Path::new(&file), &json.to_string(), ws)
            .unwrap();
    }
    let decide_with = |command: &str| {
        let ctx = shellward_judge::Context::new(ws, ws);
        let analysis = shellward_syntax::analyze(command);
        let verdict = shellward_judge::judge(&analysis, &ctx);
        decide(&Request {
            analysis: &analysis,
            verdict: &verdict,
            mode: Build,
            settings: &s,
            cwd_outside: None,
            context: &ctx,
        })
    };
    let table: &[(&str, Action, &str)] = &[
        (
            "git push --force origin main",
            Deny,
            "rule.deny:git push --force:*",
        ),
        ("git push origin main", Allow, "rule.allow:git push:*"),
        ("npm publish", Ask, "rule.ask:npm publish:*"),
        ("curl https://example.com", Deny, "rule.deny:curl:*"),
        ("make deploy", Allow, "rule.allow:make deploy:*"),
    ];
    for (command, action, rule) in table {
        let d = decide_with(command);
        assert_eq!(
            (d.action, d.rule.as_str()),
            (*action, *rule),
            "{command}: {}",
            d.reason
        );
    }
    // The reason names the file the rule came from.
    assert!(decide_with("curl x").reason.contains("claude-project.json"));
}

/// Deny and ask rules are tried only against commands that start with the
/// rule's first word ([`Pattern::key`]). The skip must never hide a match:
/// for every corpus command (and every command it runs through a wrapper)
/// and every kind of pattern, a match implies the command may start with
/// the key.
#[test]
fn the_first_word_index_hides_no_match() {
    use shellward_permit::Pattern;
    use shellward_permit::pattern::Target;
    #[rustfmt::skip]
    let patterns = [
        "rm:*", "rm -rf:*", "git push:*", "git push --force:*", "curl:*", "ls -la", "git * main",
        "cat *", "echo hello", "npm run build", "rm*", "* --force", "*", "find:*", "xargs rm:*",
        "bash -c:*", "sudo:*", "env:*", "timeout:*", "python3 -c:*", "'rm' -rf x", "sed -i:*",
    ];
    let patterns: Vec<Pattern> = patterns
        .iter()
        .map(|p| Pattern::parse(p).unwrap())
        .collect();
    let mut commands = shellward_corpus::commands(shellward_corpus::ALL);
    commands.extend(
        [
            "/bin/rm -rf x",
            "'rm' -rf x",
            "  rm   -rf x",
            "git  x  main",
            "\"ls -la\"",
            "ls\t-la",
        ]
        .map(String::from),
    );
    let mut checked = 0;
    for command in &commands {
        let analysis = shellward_syntax::analyze(command);
        let subjects = shellward_permit::subject::subjects(analysis.commands(), command);
        let mut targets = vec![Target::text(command)];
        targets.extend(
            subjects
                .list
                .iter()
                .map(|s| Target::command(&s.words, &s.source)),
        );
        for t in &targets {
            for p in &patterns {
                if p.matches_target(t, true) {
                    checked += usize::from(p.key().is_some());
                    assert!(
                        p.key().is_none_or(|k| t.may_start_with(k)),
                        "`{p}` matches {t:?} (from `{command}`) but its key {:?} hides it",
                        p.key()
                    );
                }
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} matches of keyed rules checked"
    );
}

/// Every decision over the corpora, in every mode, with and without rules,
/// carries a rule id of the catalog (`shellward_judge::rules`).
#[test]
fn every_decision_rule_is_in_the_catalog() {
    use shellward_judge::rules::Rule;
    let rules: &[&str] = &[
        "allow: ls:*",
        "ask: git push:*",
        "deny: rm:*",
        "deny: curl:*",
    ];
    let mut unknown = std::collections::BTreeSet::new();
    for file in ["adversarial.tsv", "benign.tsv"] {
        for row in shellward_corpus::rows(file) {
            for mode in [Build, Edit, Plan, Yolo] {
                for rules in [&[][..], rules] {
                    let d = run(mode, rules, &row.command);
                    if Rule::of(&d.rule).is_none() {
                        unknown.insert(d.rule);
                    }
                }
            }
        }
    }
    assert!(unknown.is_empty(), "not in the catalog: {unknown:?}");
}
