//! `cargo bench -p shellward-permit`: 10,000 stable-prefix computations over
//! the commands of `tests/suggestions.tsv` (registry lookups included; the
//! first pass, which parses each command's registry line once, is timed
//! separately), and the permission decision per command of the corpus.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::hint::black_box;
use std::time::Instant;

fn main() {
    let argvs: Vec<Vec<String>> = include_str!("../tests/suggestions.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split_once('\t'))
        .flat_map(|(command, _)| {
            shellward_syntax::analyze(command)
                .commands()
                .iter()
                .map(|c| c.argv().map(str::to_string).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        })
        .collect();
    let start = Instant::now();
    for argv in &argvs {
        black_box(shellward_permit::suggest::stable_prefix(argv));
    }
    let cold = start.elapsed();
    let start = Instant::now();
    for i in 0..10_000 {
        black_box(shellward_permit::suggest::stable_prefix(
            &argvs[i % argvs.len()],
        ));
    }
    let warm = start.elapsed();
    println!(
        "suggest: first pass over {} commands {:.3} ms (registry lines parsed); 10,000 prefixes {:.3} ms",
        argvs.len(),
        cold.as_secs_f64() * 1e3,
        warm.as_secs_f64() * 1e3
    );
    decisions();
}

/// Fifty deny rules of every kind: prefixes, option sets, globs, exact.
const DENY: &[&str] = &[
    "rm:*",
    "rm -rf:*",
    "git push:*",
    "git push --force:*",
    "git reset --hard:*",
    "git clean -fd:*",
    "curl:*",
    "wget:*",
    "nc:*",
    "ssh:*",
    "scp:*",
    "rsync:*",
    "npm publish:*",
    "cargo publish:*",
    "docker rm:*",
    "docker system prune:*",
    "kubectl delete:*",
    "helm uninstall:*",
    "terraform destroy:*",
    "terraform apply:*",
    "aws s3 rm:*",
    "gcloud:*",
    "az:*",
    "dd:*",
    "mkfs:*",
    "shutdown:*",
    "reboot:*",
    "kill -9:*",
    "pkill:*",
    "chmod -R:*",
    "chown -R:*",
    "sudo:*",
    "su:*",
    "psql:*",
    "mysql:*",
    "redis-cli:*",
    "mongo:*",
    "git branch -D:*",
    "git stash clear:*",
    "git filter-repo:*",
    "npm unpublish:*",
    "pip uninstall:*",
    "apt-get remove:*",
    "brew uninstall:*",
    "systemctl stop:*",
    "crontab -r:*",
    "git * --force",
    "* > /dev/sda",
    "rm -rf /",
    "git push origin main",
];

/// The permission decision per corpus command (analysis and verdict made
/// once): with no rules, and with the fifty deny rules above.
fn decisions() {
    use shellward_permit::{Mode, Request, Settings, decide};
    let commands = shellward_corpus::commands(shellward_corpus::ALL);
    // Removed when it goes out of scope, also on a panic.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_path_buf();
    let ctx = shellward_judge::Context::new(&dir, &dir);
    let judged: Vec<_> = commands
        .iter()
        .map(|c| {
            let analysis = shellward_syntax::analyze(c);
            let verdict = shellward_judge::judge(&analysis, &ctx);
            (analysis, verdict)
        })
        .collect();
    let deny = |rules: &[&str]| {
        let mut settings = Settings::default();
        let json = serde_json::json!({ "permissions": { "deny": rules } }).to_string();
        settings
            .add(
                shellward_permit::settings::Level::Project,
                std::path::Path::new("s.json"),
                &json,
                &dir,
            )
            .unwrap();
        settings
    };
    let (with_rules, one_rule) = (deny(DENY), deny(&["rm:*"]));
    let none = Settings::default();
    let time = |settings: &Settings| {
        (0..15)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..20 {
                    for (analysis, verdict) in &judged {
                        black_box(decide(&Request {
                            analysis,
                            verdict,
                            mode: Mode::Yolo,
                            settings,
                            cwd_outside: None,
                            context: &ctx,
                        }));
                    }
                }
                start.elapsed()
            })
            .min()
            .unwrap()
            .as_secs_f64()
            / (20 * judged.len()) as f64
    };
    // `SHELLWARD_BENCH_ONLY=fifty` (or `none`, `one`) times that case alone,
    // for a profiler.
    // `SHELLWARD_BENCH_ONLY=top` lists the commands whose decision costs most.
    if std::env::var("SHELLWARD_BENCH_ONLY").as_deref() == Ok("top") {
        let mut costs: Vec<(f64, &str)> = judged
            .iter()
            .zip(&commands)
            .map(|((analysis, verdict), c)| {
                let start = Instant::now();
                for _ in 0..200 {
                    black_box(decide(&Request {
                        analysis,
                        verdict,
                        mode: Mode::Yolo,
                        settings: &none,
                        cwd_outside: None,
                        context: &ctx,
                    }));
                }
                (start.elapsed().as_secs_f64() / 200.0, c.as_str())
            })
            .collect();
        costs.sort_by(|a, b| b.0.total_cmp(&a.0));
        let total: f64 = costs.iter().map(|c| c.0).sum();
        let mut cumulative = 0.0;
        for (cost, c) in costs.iter().take(150) {
            cumulative += cost;
            println!(
                "{:8.2} µs {:5.1}%  {}",
                cost * 1e6,
                cumulative / total * 100.0,
                c.chars().take(110).collect::<String>()
            );
        }
        return;
    }
    if let Ok(only) = std::env::var("SHELLWARD_BENCH_ONLY") {
        let settings = match only.as_str() {
            "none" => &none,
            "one" => &one_rule,
            _ => &with_rules,
        };
        println!("{only}: {:.2} µs", time(settings) * 1e6);
        return;
    }
    let (bare, one, ruled) = (time(&none), time(&one_rule), time(&with_rules));
    // The whole pipeline per command: analysis, verdict, effects and the
    // decision, in yolo mode (no suggestions are computed there: the
    // figure is issue 15's "analyze + judge + effects").
    let whole = (0..15)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..5 {
                for c in &commands {
                    let analysis = shellward_syntax::analyze(c);
                    let verdict = shellward_judge::judge(&analysis, &ctx);
                    black_box(decide(&Request {
                        analysis: &analysis,
                        verdict: &verdict,
                        mode: Mode::Yolo,
                        settings: &none,
                        cwd_outside: None,
                        context: &ctx,
                    }));
                }
            }
            start.elapsed()
        })
        .min()
        .unwrap()
        .as_secs_f64()
        / (5 * commands.len()) as f64;
    // The same without the decision: what the effects and the decision add.
    let judged_only = (0..15)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..5 {
                for c in &commands {
                    let analysis = shellward_syntax::analyze(c);
                    black_box(shellward_judge::judge(&analysis, &ctx));
                }
            }
            start.elapsed()
        })
        .min()
        .unwrap()
        .as_secs_f64()
        / (5 * commands.len()) as f64;
    println!(
        "analyze + judge: {:.2} µs; analyze + judge + effects (a yolo decision, no rules): {:.2} µs per corpus command",
        judged_only * 1e6,
        whole * 1e6
    );
    println!(
        "decide: {} commands in yolo mode, {:.2} µs with no rules, {:.2} µs with one deny rule (the subjects extracted), {:.2} µs with {} deny rules ({:.2}x one rule)",
        judged.len(),
        bare * 1e6,
        one * 1e6,
        ruled * 1e6,
        DENY.len(),
        ruled / one
    );
}
