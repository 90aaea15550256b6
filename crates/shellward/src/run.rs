//! `shellward run`: the Bash tool from the command line.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use shellward_exec::{BashInput, BashOutcome, Call, Content, Executor, Limits, Session, Store};

use crate::RunArgs;

/// Where output files go: beside the store.
pub fn output_dir(store: &std::path::Path) -> PathBuf {
    store
        .parent()
        .map_or_else(std::env::temp_dir, PathBuf::from)
        .join("output")
}

pub fn run_command(args: RunArgs) -> Result<ExitCode> {
    let current = std::env::current_dir().context("reading the current directory")?;
    let workspace = crate::workspace_root(args.workspace.as_ref())?;
    let settings = shellward_permit::Settings::load(&workspace, &[])?;
    let mode = args
        .mode
        .map(shellward_permit::Mode::from)
        .or(settings.default_mode)
        .unwrap_or_default();
    let session = Session {
        id: args
            .session
            .clone()
            .unwrap_or_else(|| format!("cli:{}", workspace.display())),
        workspace: workspace.clone(),
        subagent: false,
    };
    let store_path = shellward_exec::store::default_path();
    let store = Store::open(&store_path)?;
    let (executor, _events) = Executor::new(store, Limits::from_env(), output_dir(&store_path))?;
    let input = bash_input(&args, &current);
    if input.command.trim().is_empty() {
        // Nothing to run: an empty result, as the Bash tool gives.
        return Ok(ExitCode::SUCCESS);
    }
    let prepared = executor.prepare(&session, input, &settings, mode)?;
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let asked = !args.yes
        && interactive
        && !args.json
        && prepared.decision.action == shellward_permit::Action::Ask;
    let approved = args.yes || (asked && prompt(&prepared, &workspace)?);
    let approval = match prepared.approve(approved) {
        Ok(a) => a,
        Err(refusal) => return Ok(refused(&args, &prepared, &refusal)),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let (abort_handle, abort) = shellward_exec::AbortHandle::new();
    let (spinner, progress) = spinner(args.json);
    let outcome = runtime.block_on(async {
        let call = Call {
            abort: Some(abort),
            progress,
            ..Call::default()
        };
        let run = executor.bash(&session, prepared, approval, call);
        tokio::pin!(run);
        loop {
            tokio::select! {
                outcome = &mut run => break outcome,
                _ = tokio::signal::ctrl_c() => abort_handle.abort(),
            }
        }
    });
    if let Some(bar) = spinner {
        bar.finish_and_clear();
    }
    let outcome = outcome?;
    let (content, is_error) = outcome.to_model();
    print_outcome(&args, &outcome, &content, is_error)?;
    // Do not wait for background tasks: they are detached and recorded in the store.
    runtime.shutdown_background();
    Ok(exit_status(&outcome))
}

/// The Bash tool's input for `run`'s arguments, run where the person is.
fn bash_input(args: &RunArgs, current: &std::path::Path) -> BashInput {
    BashInput {
        command: args.command.join(" "),
        timeout: args.timeout.map(shellward_exec::input::Millis),
        description: None,
        run_in_background: shellward_exec::input::Flag(args.background),
        dangerously_disable_sandbox: shellward_exec::input::Flag(false),
        // Where the person is (or `--cwd`), never where an earlier `run`
        // left the session.
        workdir: Some(
            current
                .join(args.cwd.as_deref().unwrap_or(std::path::Path::new(".")))
                .to_string_lossy()
                .into_owned(),
        ),
    }
}

/// A command that may not run: the JSON answer with `--json`, the reason
/// and a rule that would allow it on stderr, and shellward's status.
fn refused(
    args: &RunArgs,
    prepared: &shellward_exec::Prepared,
    refusal: &shellward_exec::Refusal,
) -> ExitCode {
    let code = match refusal {
        shellward_exec::Refusal::NeedsApproval { .. } => crate::exit::NEEDS_APPROVAL,
        shellward_exec::Refusal::Denied { .. } => crate::exit::DENIED,
    };
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "outcome": if code == crate::exit::NEEDS_APPROVAL { "needs_approval" } else { "denied" },
                "decision": prepared.decision.action.as_str(),
                "rule": prepared.decision.rule,
                "reason": prepared.decision.reason,
                "suggested_rules": prepared.decision.suggested_rules,
                "external_directories": prepared.decision.external_directories,
                "capability": prepared.decision.capability,
                "effects": prepared.decision.effects,
            })
        );
    }
    eprintln!("shellward: {refusal}");
    if !prepared.decision.suggested_rules.is_empty() {
        eprintln!(
            "shellward: run again with --yes, or allow it always: shellward allow {}",
            prepared
                .decision
                .suggested_rules
                .iter()
                .map(|r| format!("'{r}'"))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    ExitCode::from(code)
}

/// What the executor calls with a running command's progress.
type ProgressFn = std::sync::Arc<dyn Fn(shellward_exec::Progress) + Send + Sync>;

/// On a terminal, a spinner with elapsed time, bytes and the last line
/// of output, and the progress callback that feeds it.
fn spinner(json: bool) -> (Option<indicatif::ProgressBar>, Option<ProgressFn>) {
    let spinner = (std::io::stderr().is_terminal() && !json).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(std::time::Duration::from_millis(100));
        bar
    });
    let progress = spinner.clone().map(|bar| {
        let f: ProgressFn = std::sync::Arc::new(move |p: shellward_exec::Progress| {
            let last: String = p
                .preview
                .lines()
                .last()
                .unwrap_or("")
                .chars()
                .take(60)
                .collect();
            bar.set_message(format!("{} bytes  {last}", p.bytes));
        });
        f
    });
    (spinner, progress)
}

/// What `run` prints: the JSON result, a background task's id, the raw
/// output, or the text the model reads.
fn print_outcome(
    args: &RunArgs,
    outcome: &BashOutcome,
    content: &[Content],
    is_error: bool,
) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.json {
        let blocks: Vec<serde_json::Value> = content
            .iter()
            .map(|c| match c {
                Content::Text(t) => serde_json::json!({"type": "text", "text": t}),
                Content::Image(i) => {
                    serde_json::json!({"type": "image", "mimeType": i.media_type, "data": i.data})
                }
            })
            .collect();
        let (kind, exit_code, task_id) = match outcome {
            BashOutcome::Empty => ("empty", None, None),
            BashOutcome::Completed(c) => ("completed", c.exit_code, None),
            BashOutcome::Backgrounded(b) => ("backgrounded", None, Some(b.task_id.clone())),
            BashOutcome::Refused(_) => ("refused", None, None),
        };
        writeln!(
            out,
            "{}",
            serde_json::json!({"outcome": kind, "is_error": is_error, "exit_code": exit_code, "task_id": task_id, "content": blocks})
        )?;
    } else if let (true, BashOutcome::Backgrounded(b)) = (args.background, outcome) {
        // `run --background`: the task id, for `output` and `stop`.
        writeln!(out, "{}", b.task_id)?;
    } else if let (true, BashOutcome::Completed(c)) = (args.raw, outcome) {
        match (&c.raw_output, &c.output_path) {
            (Some(raw), _) => out.write_all(raw.as_bytes())?,
            (None, Some(path)) => {
                std::io::copy(&mut std::fs::File::open(path)?, &mut out)?;
            }
            (None, None) => {}
        }
    } else {
        for c in content {
            match c {
                Content::Text(t) => {
                    out.write_all(t.as_bytes())?;
                    if !t.is_empty() && !t.ends_with('\n') {
                        writeln!(out)?;
                    }
                }
                Content::Image(i) => writeln!(
                    out,
                    "[image: {}, {} bytes of base64]",
                    i.media_type,
                    i.data.len()
                )?,
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// `run`'s exit status: the command's, 128 + its signal, or ours.
fn exit_status(outcome: &BashOutcome) -> ExitCode {
    match outcome {
        BashOutcome::Completed(c) => match (c.exit_code, c.signal) {
            (Some(code), _) => ExitCode::from(u8::try_from(code & 0xff).unwrap_or(1)),
            (None, Some(sig)) => ExitCode::from(u8::try_from((128 + sig) & 0xff).unwrap_or(1)),
            _ => ExitCode::from(1),
        },
        BashOutcome::Refused(_) => ExitCode::from(1),
        BashOutcome::Empty | BashOutcome::Backgrounded(_) => ExitCode::SUCCESS,
    }
}

fn executor() -> Result<(Executor, tokio::runtime::Runtime)> {
    let store_path = shellward_exec::store::default_path();
    let store = Store::open(&store_path)?;
    let (executor, _events) = Executor::new(store, Limits::from_env(), output_dir(&store_path))?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    Ok((executor, runtime))
}

pub fn tasks(session: Option<&str>, all: bool, calls: bool, json: bool) -> Result<ExitCode> {
    let (executor, _rt) = executor()?;
    // This workspace's tasks, unless every workspace's (or a session's)
    // are asked for.
    let canonical =
        |p: &std::path::Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let here = match all || session.is_some() {
        true => None,
        false => Some(canonical(&crate::workspace_root(None)?)),
    };
    let records: Vec<_> = executor
        .store()
        .tasks(session)?
        .into_iter()
        .filter(|r| calls || !r.foreground)
        .filter(|r| {
            here.as_ref()
                .is_none_or(|here| r.workspace.as_deref().map(canonical).as_ref() == Some(here))
        })
        .collect();
    // Commands a dead shellward left running that no row accounts for
    // (the next MCP server to start stops them).
    let store_path = shellward_exec::store::default_path();
    let orphans: Vec<_> = shellward_exec::orphans::find(&output_dir(&store_path))
        .into_iter()
        .filter(|o| !records.iter().any(|r| r.id == o.task_id))
        .collect();
    let mut out = std::io::stdout().lock();
    let any = !records.is_empty() || !orphans.is_empty();
    if !json && any {
        writeln!(out, "TASK           STATUS    EXIT  OUTPUT  COMMAND")?;
    }
    for o in &orphans {
        let output = o.status_file.with_extension("out");
        if json {
            let v = serde_json::json!({"id": o.task_id, "status": "orphan", "pid": o.pgid,
                "command": o.command, "output_path": output});
            writeln!(out, "{v}")?;
        } else {
            let command = o.command.replace('\n', " ");
            writeln!(
                out,
                "{}  {:<9} {:>4}  {}  {command}",
                o.task_id,
                "orphan",
                "-",
                output.display()
            )?;
        }
    }
    for r in records {
        let r = executor.task(&r.id)?;
        if json {
            writeln!(out, "{}", serde_json::to_string(&r)?)?;
        } else {
            let code = r
                .exit_code
                .map_or_else(|| "-".to_string(), |c| c.to_string());
            writeln!(
                out,
                "{}  {:<9} {:>4}  {}  {}",
                r.id,
                r.status.as_str(),
                code,
                r.output_path.display(),
                r.command.replace('\n', " ")
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn output(task_id: &str, wait: bool, timeout: u64) -> Result<ExitCode> {
    let (executor, rt) = executor()?;
    let input = shellward_exec::TaskOutputInput {
        task_id: task_id.to_string(),
        block: shellward_exec::input::Flag(wait),
        timeout: shellward_exec::input::Millis(timeout),
    };
    let result = rt.block_on(executor.task_output(&input, &Call::default()))?;
    println!("{}", result.text);
    Ok(match result.status {
        shellward_exec::OutputStatus::Done => ExitCode::SUCCESS,
        _ => ExitCode::from(crate::exit::NOT_DONE),
    })
}

pub fn stop(task_id: &str) -> Result<ExitCode> {
    let (executor, rt) = executor()?;
    let record = rt.block_on(executor.task_stop(task_id, "user"))?;
    eprintln!("{}: {}", record.id, record.status.as_str());
    Ok(ExitCode::SUCCESS)
}

/// Ask on the terminal: `y` once, `a` always (saving the suggested rules or
/// directories), anything else no.
fn prompt(prepared: &shellward_exec::Prepared, workspace: &std::path::Path) -> Result<bool> {
    let d = &prepared.decision;
    let always = if !d.external_directories.is_empty() {
        Some(format!(
            "always allow reading {}",
            d.external_directories.join(", ")
        ))
    } else if !d.suggested_rules.is_empty() {
        Some(format!("always allow {}", d.suggested_rules.join(", ")))
    } else {
        // The guard's questions (`rm -rf ~`) are asked every time.
        None
    };
    let mut err = std::io::stderr().lock();
    writeln!(
        err,
        "shellward: {}\n  {} [{}]",
        prepared.input.command, d.reason, d.rule
    )?;
    match &always {
        Some(always) => write!(err, "  Run it? [y] once  [a] {always}  [n] no: ")?,
        None => write!(err, "  Run it? [y] once  [n] no: ")?,
    }
    err.flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    match answer.trim().to_ascii_lowercase().as_str() {
        "y" | "yes" => Ok(true),
        "a" | "always" if always.is_some() => {
            let file = shellward_permit::settings::local_file(workspace);
            if d.external_directories.is_empty() {
                for rule in &d.suggested_rules {
                    shellward_permit::trust::save_trusted(&file, "allow", rule)?;
                }
            } else {
                for dir in &d.external_directories {
                    shellward_permit::trust::save_trusted(
                        &file,
                        "additionalDirectories",
                        dir.trim_end_matches("/*"),
                    )?;
                }
            }
            writeln!(err, "  saved to {}", file.display())?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// `shellward prune`: the state directory's retention, by hand.
pub fn prune(dry_run: bool, days: Option<u64>, max_mb: Option<u64>) -> Result<ExitCode> {
    use shellward_exec::retention::{Retention, prune};
    let mut retention = Retention::from_env();
    if let Some(days) = days {
        retention.max_age = std::time::Duration::from_secs(days.saturating_mul(24 * 3600));
    }
    if let Some(mb) = max_mb {
        retention.max_bytes = mb.saturating_mul(1024 * 1024);
    }
    let store_path = shellward_exec::store::default_path();
    let store = Store::open(&store_path)?;
    let pruned = prune(
        &store,
        &output_dir(&store_path),
        &retention,
        std::time::SystemTime::now(),
        dry_run,
    )?;
    let verb = if dry_run { "would remove" } else { "removed" };
    for path in pruned.files.iter().chain(&pruned.dirs) {
        eprintln!("{verb} {}", path.display());
    }
    eprintln!(
        "{verb} {} output files ({:.1} MiB), {} session folders, {} finished tasks",
        pruned.files.len(),
        pruned.bytes as f64 / (1024.0 * 1024.0),
        pruned.dirs.len(),
        pruned.tasks
    );
    Ok(ExitCode::SUCCESS)
}
