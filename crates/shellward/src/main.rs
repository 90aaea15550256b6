//! The `shellward` command-line program: `check` a command today; the
//! judge, permission, execution and server layers plug in behind it.

mod doctor;
mod hook;
mod hosts;
mod install;
mod lazy;
mod report;
mod run;
mod sandbox;
mod script;

use run::run_command;

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use serde::Deserialize;

use lazy::Lazy;
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
    Check(Lazy<CheckArgs>),
    /// Print the JSON Schema of the settings files (or, with --tools, of the tools' inputs).
    #[command(
        after_help = "Examples:\n  shellward schema > schema/settings.schema.json\n  shellward schema --tools"
    )]
    Schema(Lazy<SchemaArgs>),
    /// Run a command through the permission gate, as an agent's Bash tool
    /// would: print what the model would read, exit with the command's code.
    #[command(
        after_help = "Exit status: the command's (128+N when killed by signal N; 0 when it \
        moved to the background); 123 when the command needs approval (see --yes); 122 when it \
        is denied; 125 when shellward itself failed.\n\nExamples:\n  \
        shellward run -- git status\n  \
        shellward run --yes --timeout 5000 -- 'npm test'\n  \
        shellward run --background --yes -- 'npm run dev'"
    )]
    Run(Lazy<RunArgs>),
    /// List background tasks recorded in the session store (refreshed: a
    /// task whose process ended since is marked so).
    #[command(
        after_help = "Examples:\n  shellward tasks\n  shellward tasks --all\n  shellward tasks --json --session cli:/path/to/project"
    )]
    Tasks(Lazy<TasksArgs>),
    /// Print a background task's output, as TaskOutput returns it.
    #[command(
        after_help = "Examples:\n  shellward output b1a2b3c4d5e6f\n  shellward output --wait --timeout 60000 b1a2b3c4d5e6f"
    )]
    Output(Lazy<OutputArgs>),
    /// Stop a background task (SIGTERM to its process group, SIGKILL after 3 s).
    #[command(after_help = "Example:\n  shellward stop b1a2b3c4d5e6f")]
    Stop(Lazy<StopArgs>),
    /// Remove old output files, session folders and finished tasks from the state directory.
    #[command(
        after_help = "Removes what is older than --days (default 7, or SHELLWARD_RETENTION_DAYS) and, oldest \
        first, output beyond --max-mb (default 1024, or SHELLWARD_RETENTION_MB); never a running task's \
        files or anything younger than an hour. Every MCP server does this when it starts.\n\nExample:\n  \
        shellward prune --dry-run"
    )]
    Prune(Lazy<PruneArgs>),
    /// Serve the Bash, TaskOutput and TaskStop tools over MCP on stdin/stdout.
    #[command(after_help = "Example client configuration (e.g. .mcp.json):\n  \
        {\"mcpServers\": {\"shellward\": {\"command\": \"shellward\", \"args\": [\"mcp\", \"--workspace\", \".\"]}}}")]
    Mcp(Lazy<McpArgs>),
    /// Run as an agent's hook.
    #[command(subcommand)]
    Hook(Lazy<HookCommand>),
    /// Add shellward's hook to agent hosts' config files (default: every host found).
    #[command(after_help = "Examples:\n  \
        shellward install                      # every host whose config directory exists\n  \
        shellward install codex --dry-run      # show the change to ~/.codex/config.toml\n  \
        shellward install claude-code --project  # .claude/settings.json of this project")]
    Install(Lazy<InstallArgs>),
    /// Remove shellward's hook from agent hosts' config files, leaving the rest as it was.
    Uninstall(Lazy<InstallArgs>),
    /// Check the hooks, settings, kernel confinement and state; exit 1 with the fixes when something is broken.
    Doctor(Lazy<DoctorArgs>),
    /// Print a shell completion script.
    #[command(after_help = "Examples:\n  \
        shellward completions bash > ~/.local/share/bash-completion/completions/shellward\n  \
        shellward completions zsh > ~/.zfunc/_shellward")]
    Completions(Lazy<CompletionsArgs>),
    /// Save an "always allow" answer to the workspace's local settings
    /// (`.shellward/settings.local.json`): a rule, or with --dir a directory
    /// outside the workspace that commands may read.
    #[command(after_help = "Examples:\n  \
        shellward allow 'npm test:*'\n  \
        shellward allow --dir ~/src/shared-lib")]
    Allow(Lazy<AllowArgs>),
    /// Trust the relaxing entries (allow rules, a looser defaultMode,
    /// directories, ...) of this workspace's own settings files: until
    /// then they are not applied, since an agent can write those files.
    #[command(after_help = "Examples:\n  \
        shellward trust                                # show what is untrusted, and ask\n  \
        shellward trust --yes .claude/settings.json    # trust that file's entries without asking")]
    Trust(Lazy<TrustArgs>),
    /// Run one command under a kernel confinement profile (Landlock,
    /// seccomp, no capabilities): what auto-allowed commands get, by hand.
    Sandbox(Lazy<sandbox::SandboxArgs>),
}

#[derive(clap::Args, Debug)]
struct SchemaArgs {
    /// The Bash, TaskOutput and TaskStop input schemas instead.
    #[arg(long)]
    tools: bool,
}

#[derive(clap::Args, Debug)]
struct TasksArgs {
    /// Only this session's.
    #[arg(long)]
    session: Option<String>,
    /// Every workspace's (default: this workspace's, and orphans).
    #[arg(long)]
    all: bool,
    /// Foreground calls too (every command run is recorded; a call's
    /// output went to the model with its result).
    #[arg(long)]
    calls: bool,
    /// JSON lines instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct OutputArgs {
    /// The task id.
    task_id: String,
    /// Wait for it to finish (up to --timeout).
    #[arg(long)]
    wait: bool,
    /// How long to wait, in milliseconds.
    #[arg(long, default_value_t = 30_000)]
    timeout: u64,
}

#[derive(clap::Args, Debug)]
struct StopArgs {
    /// The task id.
    task_id: String,
}

#[derive(clap::Args, Debug)]
struct PruneArgs {
    /// Only say what would go.
    #[arg(long)]
    dry_run: bool,
    /// Keep this many days.
    #[arg(long)]
    days: Option<u64>,
    /// Keep at most this many MiB of output.
    #[arg(long)]
    max_mb: Option<u64>,
}

#[derive(clap::Args, Debug)]
struct DoctorArgs {
    /// Workspace root (default: the git top level of the current directory, else it).
    #[arg(long)]
    workspace: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
struct CompletionsArgs {
    /// The shell.
    shell: clap_complete::Shell,
}

#[derive(clap::Args, Debug)]
struct InstallArgs {
    /// The hosts (default: every one whose config directory exists).
    #[arg(value_enum)]
    hosts: Vec<install::Agent>,
    /// The project's config files instead of the user's.
    #[arg(long)]
    project: bool,
    /// The project (with --project; default: the git top level of the current directory, else it).
    #[arg(long)]
    workspace: Option<PathBuf>,
    /// Print the change as a diff instead of making it.
    #[arg(long)]
    dry_run: bool,
}

#[derive(clap::Args, Debug)]
struct TrustArgs {
    /// Workspace root (default: the git top level of the current directory, else it).
    #[arg(long)]
    workspace: Option<PathBuf>,
    /// Trust without asking.
    #[arg(long)]
    yes: bool,
    /// Only these settings files (default: every untrusted one).
    files: Vec<PathBuf>,
}

#[derive(clap::Args, Debug)]
struct McpArgs {
    /// Workspace root (default: the git top level of the current directory, else it).
    #[arg(long)]
    workspace: Option<PathBuf>,
    /// Permission mode (default: `defaultMode` from the settings, else build).
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// Additional settings files.
    #[arg(long)]
    settings: Vec<PathBuf>,
    /// Tell the model to prefer its host's dedicated read/search tools over cat/grep/find.
    #[arg(long)]
    prefer_dedicated_tools: bool,
    /// The longest a Bash call blocks, in milliseconds, before its command
    /// moves to the background (default 45000: below MCP clients' request
    /// timeouts).
    #[arg(long)]
    blocking_budget: Option<u64>,
}

#[derive(Subcommand, Debug)]
enum HookCommand {
    /// Claude Code's PreToolUse hook: reads the hook JSON on stdin, prints a permission decision.
    #[command(
        after_help = "Install in .claude/settings.json (or ~/.claude/settings.json):\n  \
        {\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"shellward hook claude-code\"}]}]}}"
    )]
    ClaudeCode {
        /// What to print when shellward would ask: nothing (Claude Code decides, with its own rules) or `ask`.
        #[arg(long, value_enum, default_value_t = OnAsk::None)]
        on_ask: OnAsk,
        /// Run what is allowed as read-only under `shellward sandbox`
        /// (`updatedInput`), so the kernel enforces the verdict in Claude
        /// Code's own Bash tool too.
        #[arg(long)]
        confine: bool,
    },
    /// OpenAI Codex CLI's PreToolUse hook (Bash): a deny, or nothing (Codex hooks cannot ask).
    #[command(
        after_help = "Install in ~/.codex/config.toml (or `shellward install codex`):\n  \
        [[hooks.PreToolUse]]\n  matcher = \"^Bash$\"\n  [[hooks.PreToolUse.hooks]]\n  \
        type = \"command\"\n  command = \"shellward hook codex\""
    )]
    Codex(HostArgs),
    /// Google Gemini CLI's BeforeTool hook (run_shell_command): allow, ask or deny.
    #[command(
        after_help = "Install in ~/.gemini/settings.json (or `shellward install gemini`):\n  \
        {\"hooks\": {\"BeforeTool\": [{\"matcher\": \"run_shell_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"shellward hook gemini\"}]}]}}"
    )]
    Gemini(HostArgs),
    /// Cursor's beforeShellExecution hook: allow, ask or deny (Cursor cannot rewrite a command).
    #[command(
        after_help = "Install in ~/.cursor/hooks.json (or `shellward install cursor`):\n  \
        {\"version\": 1, \"hooks\": {\"beforeShellExecution\": [{\"command\": \"shellward hook cursor\"}]}}"
    )]
    Cursor(HostArgs),
    /// GitHub Copilot CLI's preToolUse hook (bash): allow, ask or deny.
    #[command(
        after_help = "Install in ~/.copilot/hooks/shellward.json (or `shellward install copilot`):\n  \
        {\"version\": 1, \"hooks\": {\"preToolUse\": [{\"type\": \"command\", \"matcher\": \"bash\", \"bash\": \"shellward hook copilot\"}]}}"
    )]
    Copilot(HostArgs),
    /// OpenCode, through the plugin in integrations/opencode/: reads {command, cwd, mode}, prints {decision, reason, rule}.
    Opencode(HostArgs),
}

/// Options of a host's hook.
#[derive(clap::Args, Debug)]
struct HostArgs {
    /// Rewrite what is allowed as read-only to run under `shellward
    /// sandbox`, so the kernel enforces the verdict in the host's own shell.
    #[arg(long)]
    confine: bool,
    /// Answer what the guard asks about (`rm -rf ~`, `git push --force`)
    /// with `ask` instead of `deny`, for Cursor and Copilot run where a
    /// person is always asked (their payloads do not say).
    #[arg(long)]
    guard_asks: bool,
}

impl HostArgs {
    fn options(&self) -> hosts::Options {
        hosts::Options {
            confine: self.confine,
            guard_asks: self.guard_asks,
        }
    }
}

/// What the hook says when shellward would ask.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum OnAsk {
    /// No decision: Claude Code's own permission flow goes on.
    None,
    /// `ask`: Claude Code prompts even where its own rules would allow.
    Ask,
}

#[derive(clap::Args, Debug)]
struct RunArgs {
    /// Workspace root (default: the git top level of the current directory, else it).
    #[arg(long)]
    workspace: Option<PathBuf>,
    /// Run in this directory (default: the current directory; a `cd` in an
    /// earlier `run` never moves a later one).
    #[arg(long)]
    cwd: Option<PathBuf>,
    /// Permission mode (default: `defaultMode` from the settings, else build).
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// Timeout in milliseconds (default 120000; the command then moves to the background).
    #[arg(long)]
    timeout: Option<u64>,
    /// Run in the background and print the task id at once.
    #[arg(long)]
    background: bool,
    /// Approve a command the permission layer would ask about (never a denied one).
    #[arg(long)]
    yes: bool,
    /// Session id (default: one per workspace).
    #[arg(long)]
    session: Option<String>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Print the command's output as it wrote it, not as the model would read it.
    #[arg(long, conflicts_with = "json")]
    raw: bool,
    /// The command (after `--` when it starts with `-`).
    #[arg(required = true, trailing_var_arg = true)]
    command: Vec<String>,
}

#[derive(clap::Args, Debug)]
struct AllowArgs {
    /// Workspace root (default: the git top level of the current directory, else it).
    #[arg(long)]
    workspace: Option<PathBuf>,
    /// Save directories (to `additionalDirectories`) instead of rules.
    #[arg(long)]
    dir: bool,
    /// Rules (`npm test:*`, `Bash(make build)`) or, with --dir, directories.
    #[arg(required = true)]
    entries: Vec<String>,
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
    /// Permission mode (default: `defaultMode` from the settings, else build).
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// Additional settings files, read after the user, project and local ones.
    #[arg(long)]
    settings: Vec<PathBuf>,
    /// Check every command of a script file (`-` for standard input), each
    /// with its line and effects; exit 0 when all would run without asking,
    /// 1 when one would ask, 2 when one would be denied.
    #[arg(long, value_name = "SCRIPT", conflicts_with_all = ["batch", "command"])]
    file: Option<PathBuf>,
    /// The command to check (omit with --batch or --file).
    #[arg(
        last = false,
        required_unless_present_any = ["batch", "file"],
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

impl From<Mode> for shellward_permit::Mode {
    fn from(mode: Mode) -> Self {
        match mode {
            Mode::Build => shellward_permit::Mode::Build,
            Mode::Edit => shellward_permit::Mode::Edit,
            Mode::Plan => shellward_permit::Mode::Plan,
            Mode::Yolo => shellward_permit::Mode::Yolo,
        }
    }
}

/// Where and how a command is checked.
struct Env {
    ctx: shellward_judge::Context,
    settings: shellward_permit::Settings,
    mode: shellward_permit::Mode,
    cwd_outside: Option<String>,
}

fn main() -> std::process::ExitCode {
    logging();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version are not failures; a wrong option is ours.
            let _ = e.print();
            return if e.use_stderr() {
                std::process::ExitCode::from(exit::FAILED)
            } else {
                std::process::ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        // `shellward check ... | head -1`: the reader left; nothing to say.
        Err(error) if broken_pipe(&error) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("shellward: {error:#}");
            std::process::ExitCode::from(exit::FAILED)
        }
    }
}

/// Logs to standard error, filtered by `SHELLWARD_LOG` (`debug`,
/// `shellward_permit=debug,warn`: targets and levels), `warn` by default.
/// `Targets` rather than `EnvFilter`: it needs no regular expressions,
/// whose Unicode tables were a third of the relocations every start-up
/// of the hook paid for.
fn logging() {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let filter = std::env::var("SHELLWARD_LOG").ok();
    let targets = match filter
        .as_deref()
        .map(str::parse::<tracing_subscriber::filter::Targets>)
    {
        Some(Ok(targets)) => targets,
        Some(Err(e)) => {
            eprintln!("shellward: SHELLWARD_LOG is not a filter ({e}); logging warnings");
            tracing_subscriber::filter::Targets::new().with_default(tracing::Level::WARN)
        }
        None => tracing_subscriber::filter::Targets::new().with_default(tracing::Level::WARN),
    };
    let layer = tracing_subscriber::fmt::layer()
        .with_writer(io::stderr)
        // Colour codes only where a person reads them.
        .with_ansi(io::stderr().is_terminal());
    tracing_subscriber::registry()
        .with(layer)
        .with(targets)
        .init();
}

/// shellward's own exit statuses, in a range commands rarely use (as
/// `timeout` and `env` keep 124-127 for themselves). A command's own
/// status passes through `run` unchanged.
pub mod exit {
    /// shellward itself failed: a wrong option, a broken settings file.
    pub const FAILED: u8 = 125;
    /// `run`: the command needs a person's approval (no terminal, no `--yes`).
    pub const NEEDS_APPROVAL: u8 = 123;
    /// `run`: the command is denied.
    pub const DENIED: u8 = 122;
    /// `output`: the task has not finished.
    pub const NOT_DONE: u8 = 121;
}

/// The error is a closed standard output (a pipe whose reader left).
fn broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let io = cause.downcast_ref::<io::Error>().map(io::Error::kind);
        let json = cause
            .downcast_ref::<serde_json::Error>()
            .and_then(serde_json::Error::io_error_kind);
        io.or(json) == Some(io::ErrorKind::BrokenPipe)
    })
}

/// `shellward check`: one command, a batch, or a script file.
fn check_command(args: &CheckArgs) -> Result<std::process::ExitCode> {
    if let Some(file) = &args.file {
        return check_file(args, file);
    }
    if args.batch {
        batch(args)?;
    } else {
        let command = args.command.as_deref().unwrap_or_default();
        let env = environment(args, None, None)?;
        let report = check(command, &env);
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

/// `shellward hook HOST`.
fn run_hook(command: HookCommand) -> std::process::ExitCode {
    match command {
        HookCommand::ClaudeCode { on_ask, confine } => hook::claude_code(on_ask, confine),
        HookCommand::Codex(a) => hosts::run(hosts::Host::Codex, a.options()),
        HookCommand::Gemini(a) => hosts::run(hosts::Host::Gemini, a.options()),
        HookCommand::Cursor(a) => hosts::run(hosts::Host::Cursor, a.options()),
        HookCommand::Copilot(a) => hosts::run(hosts::Host::Copilot, a.options()),
        HookCommand::Opencode(a) => hosts::run(hosts::Host::Opencode, a.options()),
    }
}

fn run(cli: Cli) -> Result<std::process::ExitCode> {
    match cli.command {
        Command::Check(args) => check_command(&args),
        Command::Allow(args) => {
            let current = std::env::current_dir().context("reading the current directory")?;
            let workspace = workspace_root(args.workspace.as_ref())?;
            let file = shellward_permit::settings::local_file(&workspace);
            for entry in &args.entries {
                let (key, value) = if args.dir {
                    let dir = current.join(entry);
                    let dir = dir
                        .canonicalize()
                        .with_context(|| format!("{}", dir.display()))?;
                    ("additionalDirectories", dir.display().to_string())
                } else {
                    // Refuse what could not be read back.
                    shellward_permit::Pattern::parse(entry)
                        .with_context(|| format!("rule {entry:?}"))?;
                    ("allow", entry.clone())
                };
                let saved = shellward_permit::trust::save_trusted(&file, key, &value)?;
                let what = match saved {
                    shellward_permit::settings::Saved::Added => "saved",
                    shellward_permit::settings::Saved::AlreadyPresent => "already present",
                };
                eprintln!("{what}: {value} ({} in {})", key, file.display());
            }
            Ok(std::process::ExitCode::SUCCESS)
        }
        Command::Schema(args) => {
            if args.tools {
                let all: serde_json::Map<String, serde_json::Value> =
                    shellward_exec::input::schemas()
                        .into_iter()
                        .map(|(name, schema)| (name.to_string(), schema))
                        .collect();
                println!("{}", serde_json::to_string_pretty(&all)?);
            } else {
                print!("{}", shellward_permit::settings::schema());
            }
            Ok(std::process::ExitCode::SUCCESS)
        }
        Command::Run(args) => run_command(args.0),
        Command::Tasks(a) => run::tasks(a.session.as_deref(), a.all, a.calls, a.json),
        Command::Output(a) => run::output(&a.task_id, a.wait, a.timeout),
        Command::Stop(a) => run::stop(&a.task_id),
        Command::Prune(a) => run::prune(a.dry_run, a.days, a.max_mb),
        Command::Mcp(args) => mcp(args.0),
        Command::Completions(a) => {
            use clap::CommandFactory;
            clap_complete::generate(a.shell, &mut Cli::command(), "shellward", &mut io::stdout());
            Ok(std::process::ExitCode::SUCCESS)
        }
        Command::Hook(hook_command) => Ok(run_hook(hook_command.0)),
        Command::Sandbox(args) => Ok(sandbox::run(args.0)),
        Command::Install(args) => install_command(&args, false),
        Command::Uninstall(args) => install_command(&args, true),
        Command::Doctor(a) => Ok(doctor::run(&workspace_root(a.workspace.as_ref())?)),
        Command::Trust(args) => trust(&args),
    }
}

fn check(command: &str, env: &Env) -> Report {
    let analysis = shellward_syntax::analyze(command);
    let verdict = shellward_judge::judge(&analysis, &env.ctx);
    let decision = shellward_permit::decide(&shellward_permit::Request {
        analysis: &analysis,
        verdict: &verdict,
        mode: env.mode,
        settings: &env.settings,
        cwd_outside: env.cwd_outside.clone(),
        context: &env.ctx,
    });
    let mut report = Report::new(command, &analysis, &verdict, env.mode, &decision);
    report.untrusted_settings = env
        .settings
        .untrusted
        .iter()
        .map(|u| report::UntrustedReport {
            file: u.file.display().to_string(),
            entries: u.entries.clone(),
        })
        .collect();
    report
}

/// `check --file`: every top-level command of a script, in order.
fn check_file(args: &CheckArgs, file: &std::path::Path) -> Result<std::process::ExitCode> {
    let mut text = String::new();
    let read = if file == std::path::Path::new("-") {
        io::stdin()
            .lock()
            .take(script::MAX_SCRIPT_BYTES as u64 + 1)
            .read_to_string(&mut text)
    } else {
        std::fs::File::open(file).and_then(|f| {
            f.take(script::MAX_SCRIPT_BYTES as u64 + 1)
                .read_to_string(&mut text)
        })
    };
    read.with_context(|| format!("reading {}", file.display()))?;
    if text.len() > script::MAX_SCRIPT_BYTES {
        bail!(
            "{}: longer than {} bytes; check it in parts",
            file.display(),
            script::MAX_SCRIPT_BYTES
        );
    }
    let mut env = environment(args, None, None)?;
    let mut out = io::stdout().lock();
    let mut decisions = Vec::new();
    for chunk in script::chunks(&text) {
        let report = check(&chunk.text, &env);
        if args.json {
            serde_json::to_writer(
                &mut out,
                &script::Located {
                    line: chunk.line,
                    report: &report,
                },
            )?;
            writeln!(out)?;
        } else {
            writeln!(
                out,
                "line {}: {}",
                chunk.line,
                chunk.text.lines().next().unwrap_or("")
            )?;
            human(&mut out, &report)?;
            writeln!(out)?;
        }
        decisions.push(report.decision);
        if let Some(dir) = script::cd_target(&chunk.text, &env.ctx.cwd) {
            let cwd = dir.canonicalize().unwrap_or(dir);
            env.ctx.cwd = cwd;
            env.cwd_outside = env.ctx.cwd_outside();
        }
    }
    Ok(std::process::ExitCode::from(script::status(decisions)))
}

/// The judge's context and the permission settings: `--cwd` (or the
/// current directory), `--workspace` (or the work tree containing the cwd,
/// found without running git, else the cwd), the settings files of that
/// workspace, and their additional directories as further roots.
fn environment(
    args: &CheckArgs,
    cwd_override: Option<&PathBuf>,
    mode_override: Option<Mode>,
) -> Result<Env> {
    let current = std::env::current_dir().context("reading the current directory")?;
    let cwd = match cwd_override.or(args.cwd.as_ref()) {
        Some(dir) => current.join(dir),
        None => current.clone(),
    };
    let workspace = match &args.workspace {
        Some(dir) => current.join(dir),
        None => shellward_judge::git::work_tree_root(&cwd).unwrap_or_else(|| cwd.clone()),
    };
    let settings = shellward_permit::Settings::load(&workspace, &args.settings)?;
    let mut ctx = shellward_judge::Context::new(cwd, workspace);
    for dir in &settings.additional_directories {
        ctx = ctx.with_root(dir);
    }
    let cwd_outside = ctx.cwd_outside();
    let mode = mode_override
        .or(args.mode)
        .map(shellward_permit::Mode::from)
        .or(settings.default_mode)
        .unwrap_or_default();
    Ok(Env {
        ctx,
        settings,
        mode,
        cwd_outside,
    })
}

/// One line of batch input: a JSON string, or an object.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchObject {
    command: String,
    cwd: Option<PathBuf>,
    mode: Option<Mode>,
}

/// Read one batch line, with an error that names what is wrong in it.
fn batch_line(line: &str) -> Result<(String, Option<PathBuf>, Option<Mode>), String> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    match value {
        serde_json::Value::String(command) => Ok((command, None, None)),
        serde_json::Value::Object(_) => {
            let o: BatchObject = serde_path_to_error::deserialize(value)
                .map_err(|e| format!("field `{}`: {}", e.path(), e.inner()))?;
            Ok((o.command, o.cwd, o.mode))
        }
        _ => Err(
            "expected a JSON string (the command) or an object with `command` (and `cwd`, `mode`)"
                .into(),
        ),
    }
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
                Some(field) => Ok((
                    field.replace("{NL}", "\n").replace("{TAB}", "\t"),
                    None,
                    None,
                )),
                None => Err(format!("line {}: no column {}", number + 2, col + 1)),
            },
            None => batch_line(&line).map_err(|e| format!("line {}: {e}", number + 1)),
        };
        match value.and_then(|(command, cwd, mode)| {
            environment(args, cwd.as_ref(), mode)
                .map(|env| (command, env))
                .map_err(|e| format!("{e:#}"))
        }) {
            Ok((command, env)) => serde_json::to_writer(&mut out, &check(&command, &env))?,
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
    let decision = match report.decision {
        "allow" => paint("32", "allow"),
        "deny" => paint("31", "deny"),
        other => paint("33", other),
    };
    writeln!(
        out,
        "{decision}  [{}] {}  (mode {})",
        report.rule, report.reason, report.mode
    )?;
    let verdict = if report.read_only && report.external_paths.is_empty() {
        paint("32", "read-only")
    } else if report.read_only {
        paint("33", "read-only, reads outside the workspace")
    } else {
        paint("31", "not read-only")
    };
    writeln!(
        out,
        "{verdict}  [{}] {}",
        report.read_only_rule, report.read_only_reason
    )?;
    if !report.external_directories.is_empty() {
        writeln!(
            out,
            "  outside the workspace: {}",
            report.external_directories.join(", ")
        )?;
    }
    for u in &report.untrusted_settings {
        writeln!(
            out,
            "  {} {}: {} (not applied until `shellward trust`)",
            paint("33", "untrusted settings:"),
            u.file,
            u.entries
                .iter()
                .map(|e| shellward_permit::trust::shown(e))
                .collect::<Vec<_>>()
                .join(", ")
        )?;
    }
    human_effects(out, report, &paint)?;
    if !report.suggested_rules.is_empty() {
        writeln!(
            out,
            "  always allow would save: {}",
            report.suggested_rules.join(", ")
        )?;
    }
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
    human_commands(out, report, &paint)?;
    if report.command.is_empty() {
        bail!("empty command");
    }
    Ok(())
}

/// `check`'s lines for the capability fields and each effect.
fn human_effects(
    out: &mut impl Write,
    report: &Report,
    paint: &dyn Fn(&str, &str) -> String,
) -> Result<()> {
    if !report.read_only {
        let c = &report.capability;
        writeln!(
            out,
            "  risk {} · side effects {}",
            c.risk_level.as_str(),
            c.side_effect_scope.as_str()
        )?;
    }
    for e in &report.effects {
        let severity = match e.severity {
            shellward_permit::Severity::Catastrophic | shellward_permit::Severity::Destructive => {
                paint("31", e.severity.as_str())
            }
            _ => paint("33", e.severity.as_str()),
        };
        writeln!(out, "  {severity}: {} [{}]", e.describe(), e.rule)?;
    }
    Ok(())
}

/// `check`'s lines for each simple command: its text, argv, verdict and
/// dynamic words.
fn human_commands(
    out: &mut impl Write,
    report: &Report,
    paint: &dyn Fn(&str, &str) -> String,
) -> Result<()> {
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
    Ok(())
}

/// The workspace root: `--workspace` (relative to the current directory),
/// else the git work tree containing the current directory (found without
/// running git), else the current directory; canonical.
pub(crate) fn workspace_root(arg: Option<&PathBuf>) -> Result<PathBuf> {
    let current = std::env::current_dir().context("reading the current directory")?;
    let workspace = match arg {
        Some(dir) => current.join(dir),
        None => shellward_judge::git::work_tree_root(&current).unwrap_or(current),
    };
    workspace
        .canonicalize()
        .with_context(|| format!("workspace {}", workspace.display()))
}

/// `shellward install` and `uninstall`.
fn install_command(args: &InstallArgs, remove: bool) -> Result<std::process::ExitCode> {
    let scope = if args.project {
        install::Scope::Project(workspace_root(args.workspace.as_ref())?)
    } else {
        install::Scope::User
    };
    let options = install::Options {
        dry_run: args.dry_run,
    };
    install::run(&args.hosts, &scope, remove, options).map_err(anyhow::Error::msg)
}

/// `shellward trust`: show the untrusted relaxing entries of the
/// workspace's settings files and trust them (asked on a terminal, or
/// `--yes`).
fn trust(args: &TrustArgs) -> Result<std::process::ExitCode> {
    let workspace = workspace_root(args.workspace.as_ref())?;
    let current = std::env::current_dir().context("reading the current directory")?;
    let wanted: Vec<PathBuf> = args
        .files
        .iter()
        .map(|f| {
            current
                .join(f)
                .canonicalize()
                .unwrap_or_else(|_| current.join(f))
        })
        .collect();
    let settings = shellward_permit::Settings::load(&workspace, &[])?;
    let pending: Vec<_> = settings
        .untrusted
        .iter()
        .filter(|u| {
            wanted.is_empty()
                || wanted
                    .iter()
                    .any(|w| u.file.canonicalize().is_ok_and(|f| f == *w))
        })
        .collect();
    if pending.is_empty() {
        eprintln!("nothing to trust: every relaxing entry of this workspace's settings is trusted");
        return Ok(std::process::ExitCode::SUCCESS);
    }
    let mut store = shellward_permit::trust::TrustStore::load();
    for u in pending {
        eprintln!("{} would relax the policy with:", u.file.display());
        for e in &u.entries {
            eprintln!("  {}", shellward_permit::trust::shown(e));
        }
        if !args.yes && !confirm("Trust these entries?")? {
            eprintln!("not trusted");
            continue;
        }
        store.add(&u.file, u.entries.iter().cloned());
        store.save().context("saving the trust store")?;
        eprintln!(
            "trusted {} entries of {}",
            u.entries.len(),
            u.file.display()
        );
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// Ask a yes/no question on the terminal; without one, an error (use --yes).
fn confirm(question: &str) -> Result<bool> {
    if !io::stdin().is_terminal() {
        bail!("not a terminal: run `shellward trust --yes` to trust without asking");
    }
    eprint!("{question} [y/N] ");
    let mut answer = String::new();
    io::stdin().lock().read_line(&mut answer)?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes"))
}

fn mcp(args: McpArgs) -> Result<std::process::ExitCode> {
    let workspace = workspace_root(args.workspace.as_ref())?;
    // Fail before serving if the settings are malformed: a clear error now
    // beats a tool error on every call.
    shellward_permit::Settings::load(&workspace, &args.settings)?;
    let options = shellward_mcp::Options {
        workspace,
        mode: args.mode.map(shellward_permit::Mode::from),
        extra_settings: args.settings,
        prefer_dedicated_tools: args.prefer_dedicated_tools,
        store: shellward_exec::store::default_path(),
        blocking_budget: args.blocking_budget.map_or(
            shellward_mcp::DEFAULT_BLOCKING_BUDGET,
            std::time::Duration::from_millis,
        ),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(shellward_mcp::serve_stdio(options))?;
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    Ok(std::process::ExitCode::SUCCESS)
}
