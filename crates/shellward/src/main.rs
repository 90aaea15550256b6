//! The `shellward` command-line program: `check` a command today; the
//! judge, permission, execution and server layers plug in behind it.

mod report;

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use serde::Deserialize;

use report::Report;

/// The Bash tool for coding agents: analyze, judge, permit and run shell commands.
#[derive(Parser, Debug)]
#[command(name = "shellward", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Analyze a command and print the verdict.
    #[command(after_help = "Examples:\n  \
        shellward check 'git status && rm -rf build'\n  \
        shellward check --json -- 'ls -la | head'\n  \
        printf '%s\\n' '\"ls\"' '{\"command\": \"rm x\"}' | shellward check --batch\n  \
        shellward check --batch --tsv < commands.tsv")]
    Check(CheckArgs),
}

#[derive(clap::Args, Debug)]
struct CheckArgs {
    /// Print the JSON contract instead of a summary for people.
    #[arg(long)]
    json: bool,
    /// Read commands from standard input and write one JSON object per line.
    ///
    /// Each input line is a JSON string or an object `{"command": ..., "cwd"?: ..., "mode"?: ...}`.
    #[arg(long)]
    batch: bool,
    /// With --batch: the input is TSV with a header line; the `command` column
    /// (or `script`) holds the command, with `{NL}` and `{TAB}` for newline and tab.
    #[arg(long, requires = "batch")]
    tsv: bool,
    /// Working directory the command would run in (default: the current directory).
    #[arg(long)]
    cwd: Option<PathBuf>,
    /// Workspace root (default: the git top level of the cwd, else the cwd).
    #[arg(long)]
    workspace: Option<PathBuf>,
    /// Permission mode.
    #[arg(long, value_enum, default_value_t = Mode::Build)]
    mode: Mode,
    /// Additional settings files.
    #[arg(long)]
    settings: Vec<PathBuf>,
    /// The command to check (omit with --batch).
    #[arg(
        last = false,
        required_unless_present = "batch",
        conflicts_with = "batch"
    )]
    command: Option<String>,
}

#[derive(ValueEnum, Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Build,
    Edit,
    Plan,
    Yolo,
}

fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_writer(io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("SHELLWARD_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .init();
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("shellward: {error:#}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<std::process::ExitCode> {
    match cli.command {
        Command::Check(args) => {
            if args.batch {
                batch(&args)?;
            } else {
                let command = args.command.as_deref().unwrap_or_default();
                let ctx = context(&args, None)?;
                let report = check(command, &ctx);
                let mut out = io::stdout().lock();
                if args.json {
                    serde_json::to_writer_pretty(&mut out, &report)?;
                    writeln!(out)?;
                } else {
                    human(&mut out, &report)?;
                }
            }
            Ok(std::process::ExitCode::SUCCESS)
        }
    }
}

fn check(command: &str, ctx: &shellward_judge::Context) -> Report {
    let analysis = shellward_syntax::analyze(command);
    let verdict = shellward_judge::judge(&analysis, ctx);
    Report::new(command, &analysis, &verdict)
}

/// The judge's context: `--cwd` (or the current directory) and `--workspace`
/// (or the work tree containing the cwd, found without running git, else the cwd).
fn context(args: &CheckArgs, cwd_override: Option<&PathBuf>) -> Result<shellward_judge::Context> {
    let current = std::env::current_dir().context("reading the current directory")?;
    let cwd = match cwd_override.or(args.cwd.as_ref()) {
        Some(dir) => current.join(dir),
        None => current,
    };
    let workspace = match &args.workspace {
        Some(dir) => cwd.join(dir),
        None => shellward_judge::git::work_tree_root(&cwd).unwrap_or_else(|| cwd.clone()),
    };
    Ok(shellward_judge::Context::new(cwd, workspace))
}

/// One line of batch input.
#[derive(Deserialize)]
#[serde(untagged)]
enum BatchLine {
    Command(String),
    Object(BatchObject),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchObject {
    command: String,
    cwd: Option<PathBuf>,
    #[allow(dead_code)]
    mode: Option<Mode>,
}

fn batch(args: &CheckArgs) -> Result<()> {
    let stdin = io::stdin().lock();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut lines = stdin.lines();
    let mut column = None;
    if args.tsv {
        let header = lines
            .next()
            .context("empty TSV input: expected a header line")??;
        let names: Vec<&str> = header.split('\t').collect();
        column = Some(
            names
                .iter()
                .position(|&n| n == "script")
                .or_else(|| names.iter().position(|&n| n == "command"))
                .with_context(|| format!("TSV header has no `command` column: {header:?}"))?,
        );
    }
    for (number, line) in lines.enumerate() {
        let line = line.with_context(|| format!("reading input line {}", number + 1))?;
        let value = match column {
            Some(col) => match line.split('\t').nth(col) {
                Some(field) => Ok((field.replace("{NL}", "\n").replace("{TAB}", "\t"), None)),
                None => Err(format!("line {}: no column {}", number + 2, col + 1)),
            },
            None => match serde_json::from_str::<BatchLine>(&line) {
                Ok(BatchLine::Command(c)) => Ok((c, None)),
                Ok(BatchLine::Object(o)) => Ok((o.command, o.cwd)),
                Err(e) => Err(format!("line {}: {e}", number + 1)),
            },
        };
        match value.and_then(|(command, cwd)| {
            context(args, cwd.as_ref())
                .map(|ctx| (command, ctx))
                .map_err(|e| format!("{e:#}"))
        }) {
            Ok((command, ctx)) => serde_json::to_writer(&mut out, &check(&command, &ctx))?,
            Err(error) => serde_json::to_writer(&mut out, &serde_json::json!({ "error": error }))?,
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}

fn human(out: &mut impl Write, report: &Report) -> Result<()> {
    let color = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let paint = |code: &str, text: &str| {
        if color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    };
    let verdict = if report.read_only && report.external_paths.is_empty() {
        paint("32", "read-only")
    } else if report.read_only {
        paint("33", "read-only, reads outside the workspace")
    } else {
        paint("31", "not read-only")
    };
    writeln!(out, "{verdict}  [{}] {}", report.rule, report.reason)?;
    writeln!(
        out,
        "parse: {} · permission-safe: {}",
        report.parse, report.permission_safe
    )?;
    for error in &report.errors {
        writeln!(out, "  error: {error}")?;
    }
    if !report.unsupported.is_empty() {
        writeln!(out, "  unsupported: {}", report.unsupported.join(", "))?;
    }
    for (i, c) in report.commands.iter().enumerate() {
        let connector = c.connector.map(|c| format!("{c} ")).unwrap_or_default();
        writeln!(out, "  {:>2}  {connector}{}", i + 1, c.text)?;
        let argv = serde_json::to_string(&c.argv)?;
        writeln!(out, "      argv {argv}")?;
        if let (Some(ro), Some(rule)) = (c.read_only, &c.rule) {
            let mark = if ro {
                paint("32", "read-only")
            } else {
                paint("31", "not read-only")
            };
            writeln!(
                out,
                "      {mark} [{rule}] {}",
                c.reason.as_deref().unwrap_or("")
            )?;
        }
        for d in &c.dynamic_words {
            writeln!(out, "      word {} is dynamic ({})", d.index, d.kind)?;
        }
    }
    if report.command.is_empty() {
        bail!("empty command");
    }
    Ok(())
}
