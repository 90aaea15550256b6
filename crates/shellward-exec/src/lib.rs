//! shellward-exec runs commands that passed the permission gate, and keeps
//! the background tasks they become.
//!
//! The host calls [`Executor::prepare`] (analyze, judge, permit in the
//! session's working directory), turns the decision into an [`Approval`]
//! (only an `allow`, or an `ask` a person said yes to, can become one), then
//! [`Executor::bash`]. A command runs with bash in its own process group,
//! stdin from `/dev/null`, stdout and stderr written in order to one file.
//! A foreground command still running at its deadline is **not killed**: it
//! moves to the background and the call returns its task id
//! ([`BashOutcome::Backgrounded`]); [`Executor::task_output`] and
//! [`Executor::task_stop`] read and stop tasks, and task completions arrive
//! as [`Event`]s. Tasks, working directories and shell choices live in the
//! SQLite [`store`], shared by every shellward process.

pub mod env;
pub mod input;
pub mod limits;
pub mod orphans;
pub mod output;
pub mod process;
pub mod readstate;
pub mod retention;
pub mod sandbox;
pub mod shell;
pub mod store;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use shellward_judge::{Context, Verdict};
use shellward_permit::{Action, Decision, Mode, Request, Settings};
use shellward_syntax::Analysis;
use tokio::sync::{mpsc, watch};

pub use input::{BashInput, TaskOutputInput, TaskStopInput};
pub use limits::Limits;
pub use output::Image;
pub use store::{Store, TaskRecord, TaskStatus};

/// An execution error (not a command failing: that is a result).
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    /// The session store failed.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// Settings could not be read.
    #[error(transparent)]
    Settings(#[from] shellward_permit::SettingsError),
    /// The command could not be started.
    #[error("could not start {shell}: {source}")]
    Spawn {
        /// The shell.
        shell: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The output directory could not be used.
    #[error("output directory {dir}: {source}")]
    OutputDir {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No bash to run.
    #[error("no bash found (the session's shell {0} is gone, and none is installed)")]
    NoShell(PathBuf),
    /// `workdir` is not a directory.
    #[error("workdir {0} is not a directory")]
    Workdir(PathBuf),
    /// No such task.
    #[error("No task found with ID: {0}")]
    NoTask(String),
    /// The sandbox could not be set up (the command did not run).
    #[error("could not set up the sandbox: {0}")]
    Sandbox(String),
}

/// Who runs commands: a session of an agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Stable id (the host's conversation or MCP session).
    pub id: String,
    /// The workspace root (canonical).
    pub workspace: PathBuf,
    /// A subagent: its working directory never carries over, its background
    /// tasks are cancelled after an hour.
    pub subagent: bool,
}

/// A command checked in a session, ready to be approved.
#[derive(Debug)]
pub struct Prepared {
    /// The input.
    pub input: BashInput,
    /// Where it would run.
    pub cwd: PathBuf,
    /// The analysis.
    pub analysis: Analysis,
    /// The judge's verdict.
    pub verdict: Verdict,
    /// The permission decision.
    pub decision: Decision,
    /// How the command will be confined (from the decision, the mode and
    /// the settings; a host may tighten it).
    pub confinement: sandbox::Confinement,
    /// A note for the result about the sandbox, if any.
    pub sandbox_note: Option<String>,
    /// The command's environment (policy, exclusions, secret scrubbing).
    pub env: env::Plan,
    /// Mask secret values in the output.
    pub mask_secrets: bool,
    /// Directories a read-only confinement may read besides the workspace
    /// (additional directories, `sandbox.read.allow`).
    pub read_dirs: Vec<PathBuf>,
    /// Paths it may never read (`sandbox.read.deny`, on top of the defaults).
    pub read_deny: Vec<PathBuf>,
}

/// Permission to run a [`Prepared`] command; only [`Prepared::approve`] makes one.
#[derive(Debug)]
pub struct Approval {
    by_user: bool,
}

impl Approval {
    /// A person approved an `ask`.
    pub fn by_user(&self) -> bool {
        self.by_user
    }
}

/// Why a command may not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A deny rule or plan mode.
    #[error("denied ({rule}): {reason}")]
    Denied {
        /// The rule.
        rule: String,
        /// Why.
        reason: String,
    },
    /// A person must approve it first.
    #[error("needs approval ({rule}): {reason}")]
    NeedsApproval {
        /// The rule.
        rule: String,
        /// Why.
        reason: String,
    },
}

impl Prepared {
    /// Approve the command: an `allow` always, an `ask` only when a person
    /// said yes (`user_approved`), a `deny` never.
    pub fn approve(&self, user_approved: bool) -> Result<Approval, Refusal> {
        let (rule, reason) = (self.decision.rule.clone(), self.decision.reason.clone());
        match self.decision.action {
            Action::Allow => Ok(Approval { by_user: false }),
            Action::Ask if user_approved => Ok(Approval { by_user: true }),
            Action::Ask => Err(Refusal::NeedsApproval { rule, reason }),
            Action::Deny => Err(Refusal::Denied { rule, reason }),
        }
    }
}

/// Cancels a running call (the host's abort).
#[derive(Debug, Clone)]
pub struct AbortHandle(Arc<watch::Sender<bool>>);

/// The receiving side of an [`AbortHandle`].
#[derive(Debug, Clone)]
pub struct Abort(watch::Receiver<bool>);

impl AbortHandle {
    /// A new handle and its signal.
    pub fn new() -> (AbortHandle, Abort) {
        let (tx, rx) = watch::channel(false);
        (AbortHandle(Arc::new(tx)), Abort(rx))
    }

    /// Abort.
    pub fn abort(&self) {
        let _ = self.0.send(true);
    }
}

impl Abort {
    fn aborted(&self) -> bool {
        *self.0.borrow()
    }

    async fn wait(&mut self) {
        while !*self.0.borrow_and_update() {
            if self.0.changed().await.is_err() {
                // The handle is gone: never aborted.
                std::future::pending::<()>().await;
            }
        }
    }
}

/// Progress of a running foreground command, from 2 s after it started,
/// once a second.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Since the start.
    pub elapsed: Duration,
    /// Bytes of output so far.
    pub bytes: u64,
    /// The end of the output.
    pub preview: String,
}

/// Per-call options.
#[derive(Clone, Default)]
pub struct Call {
    /// The host's cancel.
    pub abort: Option<Abort>,
    /// An idle (off-peak) turn: commands run plain foreground, killed at the
    /// deadline, and `run_in_background` is refused.
    pub idle_turn: bool,
    /// Called with progress while the command runs in the foreground.
    pub progress: Option<Arc<dyn Fn(Progress) + Send + Sync>>,
    /// The host's read-file records, to backfill and to check for staleness.
    pub read_state: Option<Arc<dyn readstate::ReadFileState>>,
}

/// A block of a tool result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// Text.
    Text(String),
    /// An image.
    Image(Image),
}

/// A command that finished during the call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completed {
    /// Exit code, when it exited.
    pub exit_code: Option<i32>,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// The host aborted it.
    pub aborted: bool,
    /// It ran plain foreground (`sleep`, idle turn) and was killed at the deadline.
    pub timed_out: bool,
    /// What the model reads.
    pub content: Vec<Content>,
    /// The result is an error (non-zero exit without a benign meaning, a signal, abort, timeout).
    pub is_error: bool,
    /// The full output file, when it was kept (output too large to inline).
    pub output_path: Option<PathBuf>,
    /// Total bytes of output.
    pub output_bytes: u64,
    /// The output as the command wrote it, when it was inlined whole
    /// (neither persisted nor an image): for a person's terminal.
    pub raw_output: Option<String>,
    /// The session's working directory after the call.
    pub cwd: PathBuf,
    /// Its process group id (gone by now, with every process in it).
    pub pid: i32,
}

/// A task that moved to the background.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backgrounded {
    /// Task id.
    pub task_id: String,
    /// Its output file.
    pub output_path: PathBuf,
    /// Process group id.
    pub pid: i32,
    /// Moved because the deadline passed (rather than asked for).
    pub on_timeout: bool,
}

impl Backgrounded {
    /// What the model reads.
    pub fn text(&self) -> String {
        let why = if self.on_timeout {
            "The command did not finish within its timeout, so it was moved to the background; it is still running.\n"
        } else {
            ""
        };
        format!(
            "{why}Command running in background with ID: {id}. Output is being written to: {path}. \
             Read that file to check on it, or call TaskOutput with task_id \"{id}\"; you will be notified when it finishes.",
            id = self.task_id,
            path = self.output_path.display()
        )
    }
}

/// The outcome of a `Bash` call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BashOutcome {
    /// An empty command: nothing ran.
    Empty,
    /// It finished.
    Completed(Completed),
    /// It is running in the background.
    Backgrounded(Backgrounded),
    /// It was not started (`run_in_background` in an idle turn).
    Refused(String),
}

impl BashOutcome {
    /// The model-facing content and whether it is an error.
    pub fn to_model(&self) -> (Vec<Content>, bool) {
        match self {
            BashOutcome::Empty => (vec![Content::Text(String::new())], false),
            BashOutcome::Completed(c) => (c.content.clone(), c.is_error),
            BashOutcome::Backgrounded(b) => (vec![Content::Text(b.text())], false),
            BashOutcome::Refused(why) => (vec![Content::Text(why.clone())], true),
        }
    }
}

/// Something the host should know about between calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A background task ended: inject `text` (a `<task-notification>`) into
    /// the session's next turn, then call [`Executor::mark_notified`].
    TaskFinished {
        /// The session that started it.
        session: String,
        /// The task.
        task_id: String,
        /// The notification.
        text: String,
    },
}

/// How a process ended.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Exit {
    code: Option<i32>,
    signal: Option<i32>,
    killed_by: Option<String>,
    /// Bytes of output when the shell exited: what processes it left
    /// behind print while they are stopped is not the command's output.
    output_len: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Foreground,
    Backgrounded,
    Finished,
}

/// A process this executor started and is watching.
struct Live {
    record: TaskRecord,
    files: process::Files,
    state: Mutex<State>,
    kill: mpsc::UnboundedSender<String>,
    done: watch::Receiver<Option<Exit>>,
}

/// The status `TaskOutput` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OutputStatus {
    /// Still running, and the call did not wait (`block: false`).
    NotReady,
    /// Still running after waiting `timeout`.
    Timeout,
    /// Finished (see the task's status).
    Done,
}

/// What `TaskOutput` returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskOutput {
    /// Whether it is done.
    pub status: OutputStatus,
    /// The task record (refreshed).
    pub task: TaskRecord,
    /// Text for the model.
    pub text: String,
}

/// The confinement to enter in the child, and variables to set or remove.
type Confined = (Option<sandbox::Sealed>, Vec<(String, Option<String>)>);

/// This process's environment, as strings (lossy for non-UTF-8).
fn parent_env() -> Vec<(String, String)> {
    std::env::vars_os()
        .map(|(k, v)| {
            (
                k.to_string_lossy().into_owned(),
                v.to_string_lossy().into_owned(),
            )
        })
        .collect()
}

/// Runs commands and keeps background tasks.
pub struct Executor {
    store: Arc<Store>,
    limits: Limits,
    output_dir: PathBuf,
    live: Arc<Mutex<HashMap<String, Arc<Live>>>>,
    events: mpsc::UnboundedSender<Event>,
    /// Working directories of the sessions this process has seen.
    cwds: Mutex<HashMap<String, Option<PathBuf>>>,
    /// Shells of the sessions this process has seen.
    shells: Mutex<HashMap<String, PathBuf>>,
    /// Sessions already told that Landlock is unavailable.
    unconfined_noted: Mutex<std::collections::HashSet<String>>,
    /// Sessions whose next result should say so.
    unconfined_pending: Mutex<std::collections::HashSet<String>>,
    /// Read rules, taken once per policy (workspace, allowed directories).
    reads: Mutex<HashMap<sandbox::Policy, Arc<sandbox::Reads>>>,
}

fn new_id(prefix: char) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let t = store::now_ms() as u64;
    let pid = u64::from(std::process::id());
    // A 48-bit mix of time, process and counter: unique per store in practice.
    let mut x = t ^ (pid << 40) ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 32;
    format!("{prefix}{:012x}", x & 0xFFFF_FFFF_FFFF)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Executor {
    /// An executor over `store`, writing output files under `output_dir`.
    /// Task completions arrive on the returned receiver.
    pub fn new(
        store: Store,
        limits: Limits,
        output_dir: PathBuf,
    ) -> Result<(Executor, mpsc::UnboundedReceiver<Event>), ExecError> {
        std::fs::create_dir_all(&output_dir).map_err(|source| ExecError::OutputDir {
            dir: output_dir.clone(),
            source,
        })?;
        let (tx, rx) = mpsc::unbounded_channel();
        Ok((
            Executor {
                store: Arc::new(store),
                limits,
                output_dir,
                live: Arc::new(Mutex::new(HashMap::new())),
                events: tx,
                cwds: Mutex::new(HashMap::new()),
                shells: Mutex::new(HashMap::new()),
                unconfined_noted: Mutex::new(std::collections::HashSet::new()),
                unconfined_pending: Mutex::new(std::collections::HashSet::new()),
                reads: Mutex::new(HashMap::new()),
            },
            rx,
        ))
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The session's working directory: saved, or the workspace root (also
    /// when the saved one no longer exists).
    pub fn session_cwd(&self, session: &Session) -> Result<PathBuf, ExecError> {
        let cached = lock(&self.cwds).get(&session.id).cloned();
        let saved = match cached {
            Some(saved) => saved,
            None => {
                // Read once per session and process (none saved is remembered too).
                let saved = self.store.cwd(&session.id)?;
                lock(&self.cwds).insert(session.id.clone(), saved.clone());
                saved
            }
        };
        Ok(saved
            .filter(|p| p.is_dir())
            .unwrap_or_else(|| session.workspace.clone()))
    }

    /// Record the session's working directory (in the store, and in memory
    /// for the next call of this process).
    fn set_session_cwd(&self, session: &Session, dir: &std::path::Path) -> Result<(), ExecError> {
        self.store.set_cwd(&session.id, dir)?;
        lock(&self.cwds).insert(session.id.clone(), Some(dir.to_path_buf()));
        Ok(())
    }

    /// The session's shell: pinned in the store, remembered in memory.
    fn shell(&self, session: &Session) -> Result<shell::Selection, ExecError> {
        if let Some(path) = lock(&self.shells).get(&session.id).cloned()
            && shell::executable(&path)
        {
            return Ok(shell::Selection::Restored(path));
        }
        let selection = shell::select(&self.store, &session.id)?;
        if let Some(path) = selection.path() {
            lock(&self.shells).insert(session.id.clone(), path.to_path_buf());
        }
        Ok(selection)
    }

    /// Analyze, judge and permit `input` in the session.
    pub fn prepare(
        &self,
        session: &Session,
        input: BashInput,
        settings: &Settings,
        mode: Mode,
    ) -> Result<Prepared, ExecError> {
        let mut cwd = self.session_cwd(session)?;
        if let Some(dir) = input.workdir.as_deref().filter(|d| !d.is_empty()) {
            let dir = cwd.join(dir);
            if !dir.is_dir() {
                return Err(ExecError::Workdir(dir));
            }
            cwd = dir.canonicalize().unwrap_or(dir);
        }
        let mut ctx = Context::new(&cwd, &session.workspace);
        for dir in &settings.additional_directories {
            ctx = ctx.with_root(dir);
        }
        let cwd_outside = ctx.cwd_outside();
        let analysis = shellward_syntax::analyze(&input.command);
        let mut verdict = shellward_judge::judge(&analysis, &ctx);
        let disable_asked = input.dangerously_disable_sandbox.0;
        let disable = disable_asked && settings.allow_sandbox_disable;
        if disable {
            // Unconfined is never auto-allowed: it goes through the permission
            // flow as a command that is not read-only.
            verdict.read_only = false;
            verdict.rule = "sandbox.disabled".into();
            verdict.reason = "dangerouslyDisableSandbox asks to run it outside the sandbox".into();
        }
        let decision = shellward_permit::decide(&Request {
            analysis: &analysis,
            verdict: &verdict,
            mode,
            settings,
            cwd_outside,
            context: &ctx,
        });
        let auto_read_only = matches!(
            decision.rule.as_str(),
            "mode.build.readOnly" | "mode.plan.readOnly"
        );
        let confinement = if disable {
            sandbox::Confinement::None
        } else if mode == Mode::Plan || auto_read_only {
            sandbox::Confinement::ReadOnly {
                sockets: sandbox::needs(&analysis).0,
            }
        } else if settings.build_profile == shellward_permit::settings::BuildProfile::WorkspaceWrite
            && matches!(mode, Mode::Build | Mode::Edit)
        {
            sandbox::Confinement::WorkspaceWrite {
                writable: vec![session.workspace.clone(), self.session_tmp(session)],
            }
        } else {
            sandbox::Confinement::None
        };
        let sandbox_note = (disable_asked && !disable).then(|| {
            "Note: dangerouslyDisableSandbox is not allowed by the settings (sandbox.allowDisable); the command ran with the usual confinement.".to_string()
        });
        let parent = parent_env();
        let programs: Vec<&str> = analysis
            .commands()
            .iter()
            .filter_map(|c| c.argv().next())
            .collect();
        // Scrub secrets from what no person looked at.
        let scrub = matches!(confinement, sandbox::Confinement::ReadOnly { .. });
        let env = env::plan(settings, &parent, scrub, &programs);
        Ok(Prepared {
            input,
            cwd: ctx.cwd.clone(),
            analysis,
            verdict,
            decision,
            confinement,
            sandbox_note,
            env,
            mask_secrets: settings.mask_secrets,
            read_dirs: settings
                .additional_directories
                .iter()
                .chain(&settings.sandbox_read_allow)
                .cloned()
                .collect(),
            read_deny: settings.sandbox_read_deny.clone(),
        })
    }

    /// The session's own temporary directory (writable under the
    /// workspace-write profile; `TMPDIR` for confined commands).
    pub fn session_tmp(&self, session: &Session) -> PathBuf {
        let name: String = session
            .id
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .take(64)
            .collect();
        self.output_dir.join("tmp").join(name)
    }

    /// Run an approved command.
    pub async fn bash(
        &self,
        session: &Session,
        prepared: Prepared,
        _approval: Approval,
        call: Call,
    ) -> Result<BashOutcome, ExecError> {
        let command = prepared.input.command.clone();
        if command.trim().is_empty() {
            return Ok(BashOutcome::Empty);
        }
        let background = prepared.input.run_in_background.0;
        if background && call.idle_turn {
            return Ok(BashOutcome::Refused(
                "run_in_background is not available in an idle turn: a background command's completion starts a new turn, which would not run as an idle one. Run it in the foreground or later.".into(),
            ));
        }
        let selection = self.shell(session)?;
        let shell = match (&selection, selection.path()) {
            (_, Some(path)) => path.to_path_buf(),
            (shell::Selection::Stale(was), None) => return Err(ExecError::NoShell(was.clone())),
            (_, None) => return Err(ExecError::NoShell(PathBuf::from("bash"))),
        };
        let timeout = self.limits.timeout(prepared.input.timeout.map(|m| m.0));
        let first_word = prepared
            .analysis
            .commands()
            .first()
            .and_then(|c| c.argv().next().map(str::to_string));
        let plain_foreground =
            !background && (first_word.as_deref() == Some("sleep") || call.idle_turn);
        let id = new_id('b');
        let files = process::Files::new(&self.output_dir, &id);
        let (ruleset, confine_env) = self.confine(session, &prepared, &files)?;
        let mut env = prepared.env.clone();
        env.vars.extend(confine_env);
        let child = process::spawn(&shell, &command, &prepared.cwd, &files, ruleset, &env)
            .map_err(|source| ExecError::Spawn {
                shell: shell.clone(),
                source,
            })?;
        let pid = child
            .id()
            .and_then(|id| i32::try_from(id).ok())
            .unwrap_or(0);
        let started = tokio::time::Instant::now();
        let started_ms = store::now_ms();
        let record = TaskRecord {
            id: id.clone(),
            session: session.id.clone(),
            command: command.clone(),
            pid,
            status: TaskStatus::Running,
            exit_code: None,
            output_path: files.output.clone(),
            status_path: files.status.clone(),
            started_ms: store::now_ms(),
            ended_ms: None,
            notified: false,
            stopped_by: None,
            workspace: Some(session.workspace.clone()),
        };
        let (kill_tx, kill_rx) = mpsc::unbounded_channel();
        let (done_tx, done_rx) = watch::channel(None);
        let live = Arc::new(Live {
            record,
            files: files.clone(),
            state: Mutex::new(State::Foreground),
            kill: kill_tx,
            done: done_rx,
        });
        lock(&self.live).insert(id.clone(), live.clone());
        let lifetime = session
            .subagent
            .then_some(self.limits.subagent_task_lifetime);
        let monitor = Arc::new(Monitor {
            live: live.clone(),
            registry: self.live.clone(),
            store: self.store.clone(),
            events: self.events.clone(),
            limits: self.limits.clone(),
            lifetime,
        });
        // The call waits for its own process: the exit wakes this task
        // directly. Only a process that moves to the background gets a
        // watcher task of its own.
        let mut fg = Foreground {
            monitor,
            child: Some(child),
            kill_rx: Some(kill_rx),
            done: Some(done_tx),
            killed_by: None,
        };
        if background && self.commit(&live)? {
            fg.detach();
            return Ok(BashOutcome::Backgrounded(Backgrounded {
                task_id: id,
                output_path: files.output,
                pid,
                on_timeout: false,
            }));
        }
        let mut abort = call.abort.clone();
        let deadline = started + timeout;
        let mut tick =
            tokio::time::interval_at(started + Duration::from_secs(2), Duration::from_secs(1));
        let mut aborted = false;
        let mut timed_out = false;
        /// What woke the call.
        enum Step {
            Exited(std::io::Result<std::process::ExitStatus>),
            Kill(String),
            Abort,
            Watchdog,
            Deadline,
            Tick,
        }
        let exit = loop {
            let (Some(child), Some(kill_rx)) = (fg.child.as_mut(), fg.kill_rx.as_mut()) else {
                break None;
            };
            let step = tokio::select! {
                biased;
                status = child.wait() => Step::Exited(status),
                Some(why) = kill_rx.recv() => Step::Kill(why),
                _ = async { match abort.as_mut() { Some(a) => a.wait().await, None => std::future::pending().await } }, if !aborted => Step::Abort,
                // The executor's own watchdog: a process that outlives even
                // SIGKILL (uninterruptible I/O) does not hold the call forever.
                _ = tokio::time::sleep_until(deadline + self.limits.kill_grace + self.limits.watchdog_grace), if timed_out && plain_foreground => Step::Watchdog,
                _ = tokio::time::sleep_until(deadline), if !timed_out && !aborted => Step::Deadline,
                _ = tick.tick() => Step::Tick,
            };
            match step {
                Step::Exited(status) => {
                    fg.child = None;
                    break Some(fg.monitor.settle(status, fg.killed_by.take()).await);
                }
                Step::Kill(why) => fg.kill(why),
                Step::Abort => {
                    aborted = true;
                    fg.kill("abort".into());
                }
                Step::Watchdog => {
                    // Still reaped and cleaned up, by a watcher, whenever it ends.
                    fg.detach();
                    break None;
                }
                Step::Deadline => {
                    timed_out = true;
                    if plain_foreground {
                        fg.kill("timeout".into());
                    } else if self.commit(&live)? {
                        fg.detach();
                        return Ok(BashOutcome::Backgrounded(Backgrounded {
                            task_id: id,
                            output_path: files.output,
                            pid,
                            on_timeout: true,
                        }));
                    }
                }
                Step::Tick => {
                    let bytes = match &call.progress {
                        Some(progress) => {
                            let (tail, bytes) =
                                output::read_tail(&files.output, 1_000).unwrap_or_default();
                            progress(Progress {
                                elapsed: started.elapsed(),
                                bytes,
                                preview: output::text(&tail),
                            });
                            bytes
                        }
                        None => std::fs::metadata(&files.output).map_or(0, |m| m.len()),
                    };
                    if bytes > self.limits.output_cap {
                        fg.kill("output_limit".into());
                    }
                }
            }
        };
        let exit = exit.unwrap_or(Exit {
            code: None,
            signal: None,
            killed_by: None,
            output_len: None,
        });
        if let Some(done) = fg.done.take() {
            *lock(&live.state) = State::Finished;
            let _ = done.send(Some(exit.clone()));
        }
        lock(&self.live).remove(&id);
        Ok(BashOutcome::Completed(self.complete(
            session,
            &prepared,
            &files,
            &exit,
            aborted,
            timed_out && plain_foreground,
            timeout,
            &selection,
            pid,
            (&call, started_ms),
        )?))
    }

    /// The confinement and environment for a prepared command; says once
    /// per session what the kernel cannot enforce.
    fn confine(
        &self,
        session: &Session,
        prepared: &Prepared,
        files: &process::Files,
    ) -> Result<Confined, ExecError> {
        let confinement = &prepared.confinement;
        tracing::debug!(session = %session.id, ?confinement, "confinement");
        if *confinement == sandbox::Confinement::None {
            return Ok((None, Vec::new()));
        }
        let tmp = self.session_tmp(session);
        let _ = std::fs::create_dir_all(&tmp);
        let env = vec![
            // git would otherwise take index.lock to refresh the index during `git status`.
            ("GIT_OPTIONAL_LOCKS".to_string(), Some("0".to_string())),
            (
                "TMPDIR".to_string(),
                Some(tmp.to_string_lossy().into_owned()),
            ),
        ];
        let features = sandbox::features();
        if features.support() != sandbox::Support::Full
            && lock(&self.unconfined_noted).insert(session.id.clone())
        {
            lock(&self.unconfined_pending).insert(session.id.clone());
            tracing::warn!(session = %session.id, gaps = ?features.gaps(), "the kernel cannot enforce all of the sandbox");
        }
        // A confinement we cannot build is an error, never a reason to run
        // the command unconfined. The wrapper's status file must stay
        // writable, and so must the output file (the command already
        // writes it through its descriptors; `>/dev/stderr` opens it again
        // by name): create both now so rules can name them.
        for file in [&files.status, &files.output] {
            std::fs::write(file, b"").map_err(|e| ExecError::Sandbox(e.to_string()))?;
        }
        let reads = match confinement {
            sandbox::Confinement::ReadOnly { .. } => self.reads(session, prepared),
            _ => Arc::new(sandbox::Reads::none()),
        };
        let writes = sandbox::Writes {
            files: &[files.status.as_path(), files.output.as_path()],
            dirs: &[tmp.as_path()],
        };
        sandbox::seal(confinement, &reads, writes)
            .map(|sealed| (sealed, env))
            .map_err(|e| ExecError::Sandbox(e.to_string()))
    }

    /// The read rules for a read-only command: the workspace, the allowed
    /// directories, the outside paths a person approved for this call, and
    /// the settings' `sandbox.read`; taken once per distinct policy.
    fn reads(&self, session: &Session, prepared: &Prepared) -> Arc<sandbox::Reads> {
        // The session's temp dir is read too (`sort` reads what it spilled).
        let mut named = vec![session.workspace.clone(), self.session_tmp(session)];
        named.extend(prepared.read_dirs.iter().cloned());
        let granted = sandbox::needs(&prepared.analysis).1;
        // An outside path in the verdict means a person approved it (the
        // permission layer asks for every one): `/etc/*` is the directory.
        named.extend(
            prepared.verdict.external_paths.iter().map(|p| {
                PathBuf::from(p.strip_suffix("/*").filter(|d| !d.is_empty()).unwrap_or(p))
            }),
        );
        let mut policy = sandbox::Policy::from_env(named, prepared.read_deny.clone());
        policy.granted = granted;
        // Other commands' outputs (the session's temp dir inside is named).
        policy.places.push(self.output_dir.clone());
        let mut cache = lock(&self.reads);
        if cache.len() >= 32 {
            cache.clear();
        }
        cache
            .entry(policy)
            .or_insert_with_key(|p| Arc::new(sandbox::Reads::snapshot(p)))
            .clone()
    }

    /// Move a foreground process to the background, atomically with its
    /// completion: false when it already finished.
    fn commit(&self, live: &Live) -> Result<bool, ExecError> {
        let mut state = lock(&live.state);
        if *state != State::Foreground {
            return Ok(false);
        }
        process::mark_background(&live.files);
        self.store.insert_task(&live.record)?;
        *state = State::Backgrounded;
        Ok(true)
    }

    #[allow(clippy::too_many_arguments)]
    fn complete(
        &self,
        session: &Session,
        prepared: &Prepared,
        files: &process::Files,
        exit: &Exit,
        aborted: bool,
        timed_out: bool,
        timeout: Duration,
        selection: &shell::Selection,
        pid: i32,
        (call, started_ms): (&Call, i64),
    ) -> Result<Completed, ExecError> {
        let command = &prepared.input.command;
        let limits = &self.limits;
        let (head, size) =
            output::read_head(&files.output, limits.max_output as u64).unwrap_or_default();
        let mut content = Vec::new();
        let mut kept = None;
        let image = if size <= limits.max_image_bytes && head.starts_with(b"data:image/") {
            let (all, _) =
                output::read_head(&files.output, limits.max_image_bytes).unwrap_or_default();
            output::data_url_image(&all, limits.max_image_side)
        } else {
            None
        };
        let mut text = String::new();
        let mut raw = None;
        if let Some(image) = image {
            content.push(Content::Image(image));
            let _ = std::fs::remove_file(&files.output);
        } else if size >= 512 && output::is_binary(&head) {
            // A few odd bytes are shown as text; a binary stream is summed up.
            text = output::binary_summary(&head, size, &files.output);
            kept = Some(files.output.clone());
        } else if size > limits.max_output as u64 {
            let head_text = output::text(&head);
            text = output::persisted_envelope(
                &files.output,
                size,
                output::first_chars(&head_text, limits.preview_chars),
            );
            kept = Some(files.output.clone());
        } else {
            text = output::text(&head);
            raw = Some(text.clone());
            let _ = std::fs::remove_file(&files.output);
        }
        if prepared.mask_secrets {
            let parent = parent_env();
            text = env::mask(&text, &parent);
            raw = raw.map(|r| env::mask(&r, &parent));
        }
        let mut is_error = false;
        let mut prefix = String::new();
        let mut notes: Vec<String> = Vec::new();
        match (exit.code, exit.signal) {
            (Some(0), _) => {}
            (Some(code), _) => match output::exit_meaning(&prepared.analysis, code) {
                Some(meaning) => notes.push(format!("(exit code {code}: {meaning})")),
                None => {
                    is_error = true;
                    prefix = format!("Exit code {code}\n");
                }
            },
            (None, Some(sig)) if !aborted && !timed_out => {
                is_error = true;
                prefix = match exit.killed_by.as_deref() {
                    Some("output_limit") => {
                        format!("Killed: the output exceeded {} bytes\n", limits.output_cap)
                    }
                    _ => format!("Killed by signal {sig}\n"),
                };
            }
            _ => {}
        }
        if timed_out {
            is_error = true;
            notes.push(format!(
                "<error>Command timed out after {} ms and was killed</error>",
                timeout.as_millis()
            ));
        }
        if aborted {
            is_error = true;
            notes.push("<error>Command was aborted before completion</error>".into());
        }
        if let Some(note) = &prepared.sandbox_note {
            notes.push(note.clone());
        }
        if lock(&self.unconfined_pending).remove(&session.id) {
            notes.push(format!(
                "Note: this kernel cannot enforce all of the OS sandbox; not enforced: {}. Only shellward's verdict protects against those.",
                sandbox::features().gaps().join("; ")
            ));
        }
        if let shell::Selection::Fallback { now, was } = selection {
            notes.push(format!(
                "Note: this session's shell {} is no longer available; commands now run with {}.",
                was.display(),
                now.display()
            ));
        }
        // Working directory carry-over: only after success, only for the main session.
        let mut cwd = self.session_cwd(session)?;
        if exit.code == Some(0)
            && !session.subagent
            && !aborted
            && let Some((_, Some(new))) = process::read_status(&files.status)
        {
            {
                // Compared and kept canonical: `$PWD` is the logical path, and
                // a symlink inside the workspace may lead out of it.
                let new = new.canonicalize().unwrap_or(new);
                let inside = session
                    .workspace
                    .canonicalize()
                    .is_ok_and(|w| new.starts_with(w));
                if inside {
                    if new != cwd {
                        self.set_session_cwd(session, &new)?;
                    }
                    cwd = new;
                } else {
                    self.set_session_cwd(session, &session.workspace)?;
                    cwd = session.workspace.clone();
                    notes.push(format!(
                        "Shell cwd was reset to {}",
                        session.workspace.display()
                    ));
                }
            }
        }
        files.remove_side_files();
        // Read-file state: not for images, aborted or failed results.
        if let Some(state) = call.read_state.as_deref()
            && content.is_empty()
            && !is_error
        {
            if kept.is_none() {
                readstate::backfill(
                    state,
                    &prepared.analysis,
                    exit.code,
                    &prepared.cwd,
                    store::now_ms(),
                );
            }
            if let Some(notice) = readstate::stale_notice(state, command, started_ms) {
                notes.push(notice);
            }
        }
        if let Some(reminder) =
            output::gh_rate_limit_reminder(&prepared.analysis, &text, store::now_ms())
        {
            notes.push(reminder.into());
        }
        if !content.is_empty() {
            // An image result: notes go after it, as text.
            if !prefix.is_empty() || !notes.is_empty() {
                content.push(Content::Text(format!("{prefix}{}", notes.join("\n"))));
            }
        } else {
            let mut full = prefix;
            full.push_str(&text);
            for note in notes {
                if !full.is_empty() && !full.ends_with('\n') {
                    full.push('\n');
                }
                full.push_str(&note);
            }
            content.push(Content::Text(full));
        }
        Ok(Completed {
            exit_code: exit.code,
            signal: exit.signal,
            aborted,
            timed_out,
            content,
            is_error,
            output_path: kept,
            output_bytes: size,
            raw_output: raw,
            cwd,
            pid,
        })
    }

    /// A task's record, refreshed: a task another process started is
    /// finished from its status file, or marked lost if its process group
    /// is gone without one.
    pub fn task(&self, task_id: &str) -> Result<TaskRecord, ExecError> {
        let record = self
            .store
            .task(task_id)?
            .ok_or_else(|| ExecError::NoTask(task_id.to_string()))?;
        if record.status != TaskStatus::Running || lock(&self.live).contains_key(task_id) {
            return Ok(record);
        }
        let status = process::read_status(&record.status_path).map(|(code, _)| code);
        if let Some(code) = status {
            self.store
                .finish_task(task_id, TaskStatus::Completed, Some(code), None)?;
        } else if !process::group_running(record.pid) {
            // A status file can land just after the group is gone: look once more.
            let code = process::read_status(&record.status_path).map(|(code, _)| code);
            match code {
                Some(code) => {
                    self.store
                        .finish_task(task_id, TaskStatus::Completed, Some(code), None)?
                }
                None => self
                    .store
                    .finish_task(task_id, TaskStatus::Lost, None, None)?,
            };
        }
        self.store
            .task(task_id)?
            .ok_or_else(|| ExecError::NoTask(task_id.to_string()))
    }

    /// `TaskOutput`.
    pub async fn task_output(
        &self,
        input: &TaskOutputInput,
        call: &Call,
    ) -> Result<TaskOutput, ExecError> {
        let id = input.task_id.as_str();
        let mut record = self.task(id)?;
        if record.status == TaskStatus::Running && input.block.0 {
            let wait = Duration::from_millis(input.timeout.0.min(600_000));
            let deadline = tokio::time::Instant::now() + wait;
            while record.status == TaskStatus::Running && tokio::time::Instant::now() < deadline {
                if call.abort.as_ref().is_some_and(Abort::aborted) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                record = self.task(id)?;
            }
        }
        let limits = &self.limits;
        if record.status == TaskStatus::Running {
            let (head, size) = output::read_head(&record.output_path, limits.running_task_head)
                .unwrap_or_default();
            let shown = output::text(&head);
            let shown = output::first_chars(&shown, limits.task_max_output);
            let status = if input.block.0 {
                OutputStatus::Timeout
            } else {
                OutputStatus::NotReady
            };
            let text = format!(
                "Task {id} is still running ({size} bytes of output so far, in {}).\n{shown}",
                record.output_path.display()
            );
            return Ok(TaskOutput {
                status,
                task: record,
                text,
            });
        }
        let (tail, size) =
            output::read_tail(&record.output_path, limits.finished_task_tail).unwrap_or_default();
        let all = output::text(&tail);
        let shown = output::last_chars(&all, limits.task_max_output);
        let mut text = describe_end(&record);
        text.push('\n');
        if shown.len() < all.len() || size > tail.len() as u64 {
            text.push_str(&format!(
                "[Showing the last {} characters of {size} bytes; the full output is in {}]\n",
                shown.chars().count(),
                record.output_path.display()
            ));
        }
        text.push_str(shown);
        // Marked only after the terminal output was projected, and not when the call was aborted.
        if !call.abort.as_ref().is_some_and(Abort::aborted) {
            self.store.mark_notified(id)?;
            record.notified = true;
        }
        Ok(TaskOutput {
            status: OutputStatus::Done,
            task: record,
            text,
        })
    }

    /// `TaskStop`: stop the task's process group (SIGTERM, SIGKILL after the
    /// grace period), recording that the model stopped it. Gives up waiting
    /// after the stop timeout.
    pub async fn task_stop(&self, task_id: &str, by: &str) -> Result<TaskRecord, ExecError> {
        let record = self.task(task_id)?;
        if record.status != TaskStatus::Running {
            return Ok(record);
        }
        self.store.set_stopped_by(task_id, by)?;
        let live = lock(&self.live).get(task_id).cloned();
        match live {
            Some(live) => {
                let _ = live.kill.send(by.to_string());
                let mut done = live.done.clone();
                let _ =
                    tokio::time::timeout(self.limits.stop_timeout, done.wait_for(Option::is_some))
                        .await;
            }
            None => {
                // Started by another process: signal the group ourselves.
                let grace = self.limits.kill_grace;
                let sent = tokio::time::timeout(
                    self.limits.stop_timeout,
                    process::terminate_group(record.pid, grace),
                )
                .await
                .unwrap_or(Some(rustix::process::Signal::KILL));
                // The EXIT trap of a shell ended by our signal may record
                // 0: the status is the signal's, as a shell reports it.
                let recorded = process::read_status(&record.status_path).map(|(code, _)| code);
                let code = match (sent, recorded) {
                    (Some(signal), None | Some(0)) => Some(128 + signal.as_raw()),
                    (_, recorded) => recorded,
                };
                self.store
                    .finish_task(task_id, TaskStatus::Killed, code, Some(by))?;
            }
        }
        self.task(task_id)
    }

    /// Stop the process groups a dead shellward left running that no
    /// store row accounts for (its foreground commands, or a background
    /// task killed with its server before it was recorded), and record
    /// each as a killed task. A recorded background task is left running:
    /// any shellward process can read and stop it.
    pub async fn reap_orphans(&self) -> Result<Vec<TaskRecord>, ExecError> {
        let mut stopping = Vec::new();
        for orphan in orphans::find(&self.output_dir) {
            if self.store.task(&orphan.task_id)?.is_some() {
                continue;
            }
            let grace = self.limits.kill_grace;
            let stop = tokio::spawn(process::terminate_group(orphan.pgid, grace));
            stopping.push((orphan, stop));
        }
        let mut reaped = Vec::new();
        for (orphan, stop) in stopping {
            let sent = stop.await.ok().flatten();
            let now = store::now_ms();
            let record = TaskRecord {
                id: orphan.task_id,
                session: "orphan".into(),
                command: orphan.command,
                pid: orphan.pgid,
                status: TaskStatus::Killed,
                exit_code: sent.map(|s| 128 + s.as_raw()),
                output_path: orphan.status_file.with_extension("out"),
                status_path: orphan.status_file,
                started_ms: now,
                ended_ms: Some(now),
                notified: true,
                stopped_by: Some("orphan: the shellward that ran it died".into()),
                workspace: None,
            };
            // Another shellward starting at the same moment may have
            // recorded it first.
            if let Err(e) = self.store.insert_task(&record) {
                tracing::debug!(task = %record.id, error = %e, "an orphan recorded elsewhere");
                continue;
            }
            tracing::warn!(task = %record.id, pgid = record.pid, command = %record.command, "stopped a command a dead shellward left running");
            reaped.push(record);
        }
        Ok(reaped)
    }

    /// The last bytes of a task's output, for a host UI: only to the session that started it.
    pub fn ui_tail(&self, session: &Session, task_id: &str) -> Result<Option<String>, ExecError> {
        let record = self.task(task_id)?;
        if record.session != session.id {
            return Ok(None);
        }
        let (tail, _) =
            output::read_tail(&record.output_path, self.limits.ui_tail).unwrap_or_default();
        Ok(Some(output::text(&tail)))
    }

    /// The host injected a task's completion notice.
    pub fn mark_notified(&self, task_id: &str) -> Result<(), ExecError> {
        Ok(self.store.mark_notified(task_id)?)
    }

    /// Stop every task this executor is watching (server shutdown).
    ///
    /// Every group gets SIGTERM at once and every background task's end is
    /// recorded before waiting, because the process calling this (a server
    /// whose client went away) may itself be stopped at any moment; then
    /// the groups get the usual grace before SIGKILL.
    pub async fn stop_all(&self, by: &str) {
        let lives: Vec<Arc<Live>> = lock(&self.live).values().cloned().collect();
        for live in &lives {
            let id = &live.record.id;
            let _ = self.store.set_stopped_by(id, by);
            process::signal_group(live.record.pid, rustix::process::Signal::TERM);
            let _ = live.kill.send(by.to_string());
            if *lock(&live.state) == State::Backgrounded {
                let _ = self
                    .store
                    .finish_task(id, TaskStatus::Killed, None, Some(by));
            }
        }
        let grace = self.limits.kill_grace + Duration::from_secs(1);
        for live in lives {
            let mut done = live.done.clone();
            let _ = tokio::time::timeout(grace, done.wait_for(Option::is_some)).await;
        }
    }
}

/// One line on how a task ended.
fn describe_end(t: &TaskRecord) -> String {
    match (t.status, t.stopped_by.as_deref(), t.exit_code) {
        (TaskStatus::Killed, Some("model"), _) => format!("Task {} was stopped by you.", t.id),
        (TaskStatus::Killed, Some("user"), _) => format!("Task {} was stopped by the user.", t.id),
        (TaskStatus::Killed, Some("output_limit"), _) => {
            format!("Task {} was killed: its output exceeded the limit.", t.id)
        }
        (TaskStatus::Killed, Some("timeout"), _) => {
            format!(
                "Task {} was cancelled: it ran longer than a subagent's task may.",
                t.id
            )
        }
        (TaskStatus::Killed, _, _) => format!("Task {} was killed.", t.id),
        (TaskStatus::Completed, _, Some(0)) => format!("Task {} completed (exit code 0).", t.id),
        (TaskStatus::Completed, _, Some(code)) => {
            format!("Task {} failed with exit code {code}.", t.id)
        }
        (TaskStatus::Completed, _, None) => format!("Task {} completed.", t.id),
        (TaskStatus::Lost, _, _) => format!(
            "Task {} ended, but its exit status was not recorded (its process is gone).",
            t.id
        ),
        (TaskStatus::Running, _, _) => format!("Task {} is running.", t.id),
    }
}

/// The `<task-notification>` for a finished task.
pub fn notification(t: &TaskRecord) -> String {
    let status = match (t.status, t.exit_code) {
        (TaskStatus::Completed, Some(0)) => "completed",
        (TaskStatus::Completed, _) => "failed",
        (TaskStatus::Killed, _) => "killed",
        (TaskStatus::Lost, _) => "lost",
        (TaskStatus::Running, _) => "running",
    };
    let code = t
        .exit_code
        .map(|c| format!("<exit-code>{c}</exit-code>\n"))
        .unwrap_or_default();
    format!(
        "<task-notification>\n<task-id>{}</task-id>\n<status>{status}</status>\n{code}<output-file>{}</output-file>\n<summary>{} Command: {}</summary>\n</task-notification>",
        t.id,
        t.output_path.display(),
        describe_end(t),
        t.command
    )
}

/// Watches one process: its exit, kill requests, the output cap and a
/// subagent task's lifetime.
struct Monitor {
    live: Arc<Live>,
    /// The executor's map of live processes, to leave when the process ends.
    registry: Arc<Mutex<HashMap<String, Arc<Live>>>>,
    store: Arc<Store>,
    events: mpsc::UnboundedSender<Event>,
    limits: Limits,
    lifetime: Option<Duration>,
}

/// A foreground process while the call waits for it. If it is dropped
/// while it still holds the process (the call's future was dropped, or the
/// call failed), the process is treated as aborted: its group is sent
/// SIGTERM and a watcher reaps it and escalates to SIGKILL.
struct Foreground {
    monitor: Arc<Monitor>,
    child: Option<tokio::process::Child>,
    kill_rx: Option<mpsc::UnboundedReceiver<String>>,
    done: Option<watch::Sender<Option<Exit>>>,
    killed_by: Option<String>,
}

impl Foreground {
    /// Kill the process group (once), remembering why.
    fn kill(&mut self, why: String) {
        if self.killed_by.is_none() {
            self.killed_by = Some(why);
            tokio::spawn(process::terminate_group(
                self.monitor.live.record.pid,
                self.monitor.limits.kill_grace,
            ));
        }
    }

    /// Hand the process to a watcher task of its own.
    fn detach(&mut self) {
        if let (Some(child), Some(kill_rx), Some(done)) =
            (self.child.take(), self.kill_rx.take(), self.done.take())
        {
            let watcher = self
                .monitor
                .clone()
                .watch(child, kill_rx, done, self.killed_by.take());
            match tokio::runtime::Handle::try_current() {
                Ok(runtime) => drop(runtime.spawn(watcher)),
                // No runtime (it is shutting down): nothing can reap it here.
                Err(_) => drop(watcher),
            }
        }
    }
}

impl Drop for Foreground {
    fn drop(&mut self) {
        if self.child.is_some() {
            if self.killed_by.is_none() {
                self.killed_by = Some("abort".into());
                process::signal_group(self.monitor.live.record.pid, rustix::process::Signal::TERM);
            }
            self.detach();
        }
    }
}

impl Monitor {
    /// Watch a process until it ends (a background task, or a foreground
    /// process its call stopped waiting for), then record its end.
    async fn watch(
        self: Arc<Self>,
        mut child: tokio::process::Child,
        mut kill_rx: mpsc::UnboundedReceiver<String>,
        done: watch::Sender<Option<Exit>>,
        mut killed_by: Option<String>,
    ) {
        let pgid = self.live.record.pid;
        let started = tokio::time::Instant::now();
        let mut tick = tokio::time::interval(Duration::from_millis(500));
        // A group already being killed still gets its SIGKILL after the grace.
        if killed_by.is_some() {
            tokio::spawn(process::terminate_group(pgid, self.limits.kill_grace));
        }
        let mut kill = |why: String| {
            if killed_by.is_none() {
                killed_by = Some(why);
                tokio::spawn(process::terminate_group(pgid, self.limits.kill_grace));
            }
        };
        let status = loop {
            tokio::select! {
                status = child.wait() => break status,
                Some(why) = kill_rx.recv() => kill(why),
                _ = tick.tick() => {
                    let size = std::fs::metadata(&self.live.files.output).map_or(0, |m| m.len());
                    if size > self.limits.output_cap {
                        kill("output_limit".into());
                    }
                    if self.lifetime.is_some_and(|l| started.elapsed() > l) {
                        kill("timeout".into());
                    }
                }
            }
        };
        let exit = self.settle(status, killed_by).await;
        if *lock(&self.live.state) == State::Foreground {
            // Nothing to record: a call that gave up on it already answered.
            self.finish(exit, done);
        } else {
            // A background task's end is written to the store: blocking I/O.
            let me = self.clone();
            let _ = tokio::task::spawn_blocking(move || me.finish(exit, done)).await;
        }
    }

    /// After the shell exited: whatever the command left running in its
    /// group goes with it, and what was written after the shell exited is
    /// cut off.
    async fn settle(
        &self,
        status: std::io::Result<std::process::ExitStatus>,
        killed_by: Option<String>,
    ) -> Exit {
        use std::os::unix::process::ExitStatusExt;
        let output = &self.live.files.output;
        let output_len = std::fs::metadata(output).ok().map(|m| m.len());
        process::terminate_group(self.live.record.pid, self.limits.kill_grace).await;
        if let Some(len) = output_len
            && std::fs::metadata(output).is_ok_and(|m| m.len() > len)
            && let Ok(f) = std::fs::OpenOptions::new().write(true).open(output)
        {
            let _ = f.set_len(len);
        }
        match status {
            Ok(s) => Exit {
                code: s.code(),
                signal: s.signal(),
                killed_by,
                output_len,
            },
            Err(_) => Exit {
                code: None,
                signal: None,
                killed_by,
                output_len,
            },
        }
    }

    fn finish(&self, exit: Exit, done: watch::Sender<Option<Exit>>) {
        let mut state = lock(&self.live.state);
        if *state == State::Backgrounded {
            let status = if exit.killed_by.is_some() {
                TaskStatus::Killed
            } else if exit.code.is_some() {
                TaskStatus::Completed
            } else {
                TaskStatus::Killed
            };
            let by = exit.killed_by.as_deref();
            if let Err(e) = self
                .store
                .finish_task(&self.live.record.id, status, exit.code, by)
            {
                tracing::error!(task = %self.live.record.id, error = %e, "could not record a task's end");
            }
            if let Ok(Some(record)) = self.store.task(&self.live.record.id) {
                let _ = self.events.send(Event::TaskFinished {
                    session: record.session.clone(),
                    task_id: record.id.clone(),
                    text: notification(&record),
                });
            }
            self.live.files.remove_side_files();
            // Its record is final in the store; nothing live is left to watch.
            lock(&self.registry).remove(&self.live.record.id);
        }
        *state = State::Finished;
        drop(state);
        let _ = done.send(Some(exit));
    }
}
