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

mod call;
pub mod env;
#[cfg(test)]
mod hostile;
pub mod input;
mod limits;
mod monitor;
pub mod orphans;
mod output;
mod present;
pub mod process;
pub mod readstate;
pub mod retention;
pub mod sandbox;
mod shell;
pub mod store;
mod tasks;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use shellward_judge::{Context, Verdict};
use shellward_permit::{Action, Decision, Mode, Request, Settings};
use shellward_syntax::Analysis;
use tokio::sync::{mpsc, watch};

pub use call::{
    Abort, AbortHandle, Approval, Backgrounded, BashOutcome, Call, Completed, Content, Event,
    Prepared, Progress, Refusal, Session,
};
pub use input::{BashInput, TaskOutputInput, TaskStopInput};
pub use limits::Limits;
use monitor::{Foreground, Monitor};
pub use output::Image;
pub use store::{Store, TaskRecord, TaskStatus};
pub use tasks::notification;

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

/// A command spawned and registered by [`Executor::bash`].
struct Started {
    id: String,
    files: process::Files,
    pid: i32,
    live: Arc<Live>,
    fg: Foreground,
    started: tokio::time::Instant,
    started_ms: i64,
    /// The store's record of the call's start, written beside the command
    /// (not before it: a write costs a tenth of a millisecond here).
    recorded: Option<tokio::task::JoinHandle<()>>,
}

impl Started {
    /// The answer for a command that moved to the background.
    fn backgrounded(&self, on_timeout: bool) -> Backgrounded {
        Backgrounded {
            task_id: self.id.clone(),
            output_path: self.files.output.clone(),
            pid: self.pid,
            on_timeout,
        }
    }
}

/// How a foreground wait ended.
enum Waited {
    /// The process ended (or its call gave up on it).
    Ended {
        exit: Exit,
        aborted: bool,
        timed_out: bool,
    },
    /// It moved to the background at the deadline.
    Backgrounded,
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

impl Exit {
    /// The task status it makes: completed with a code, or killed (by
    /// someone, or a signal).
    fn status(&self) -> TaskStatus {
        match (&self.killed_by, self.code) {
            (None, Some(_)) => TaskStatus::Completed,
            _ => TaskStatus::Killed,
        }
    }
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
            verdict.rule = shellward_judge::rules::Rule::SandboxDisabled.into();
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
        let confinement = self.confinement(session, settings, mode, &decision, &analysis, disable);
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

    /// What confines a command: nothing when the sandbox is disabled;
    /// read-only in plan mode and for an automatic read-only allow (the
    /// verdict enforced); the workspace writable under the
    /// `workspace-write` build profile; else nothing (a person approved it).
    fn confinement(
        &self,
        session: &Session,
        settings: &Settings,
        mode: Mode,
        decision: &Decision,
        analysis: &Analysis,
        disabled: bool,
    ) -> sandbox::Confinement {
        use shellward_permit::settings::BuildProfile;
        let auto_read_only = decision.read_only_allow();
        let workspace_write = settings.build_profile == BuildProfile::WorkspaceWrite
            && matches!(mode, Mode::Build | Mode::Edit);
        if disabled {
            sandbox::Confinement::None
        } else if mode == Mode::Plan || auto_read_only {
            sandbox::Confinement::ReadOnly {
                sockets: sandbox::needs(analysis).0,
            }
        } else if workspace_write {
            sandbox::Confinement::WorkspaceWrite {
                writable: vec![session.workspace.clone(), self.session_tmp(session)],
            }
        } else {
            sandbox::Confinement::None
        }
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
        approval: Approval,
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
        let mut started = self.start(session, &prepared, &approval, &shell)?;
        if background && self.commit(&started.live)? {
            started.fg.detach();
            return Ok(BashOutcome::Backgrounded(started.backgrounded(false)));
        }
        let waited = self
            .wait_foreground(&mut started, &call, timeout, plain_foreground)
            .await?;
        let Waited::Ended {
            exit,
            aborted,
            timed_out,
        } = waited
        else {
            return Ok(BashOutcome::Backgrounded(started.backgrounded(true)));
        };
        if let Some(done) = started.fg.done.take() {
            *lock(&started.live.state) = State::Finished;
            let _ = done.send(Some(exit.clone()));
        }
        lock(&self.live).remove(&started.id);
        if let Some(recorded) = started.recorded.take() {
            let _ = recorded.await;
        }
        let by = exit.killed_by.as_deref();
        if let Err(e) = self
            .store
            .finish_task(&started.id, exit.status(), exit.code, by)
        {
            tracing::warn!(task = %started.id, error = %e, "could not record a call's end");
        }
        let ending = present::Ending {
            exit: &exit,
            aborted,
            timed_out: timed_out && plain_foreground,
            timeout,
            pid: started.pid,
            started_ms: started.started_ms,
        };
        let completed = self.complete(
            session,
            &prepared,
            &started.files,
            &selection,
            &call,
            &ending,
        )?;
        Ok(BashOutcome::Completed(completed))
    }

    /// Spawn an approved command in its own group and register it as a
    /// live task (in the foreground until it moves to the background).
    fn start(
        &self,
        session: &Session,
        prepared: &Prepared,
        approval: &Approval,
        shell: &std::path::Path,
    ) -> Result<Started, ExecError> {
        let command = &prepared.input.command;
        let id = new_id('b');
        let files = process::Files::new(&self.output_dir, &id);
        let (ruleset, confine_env) = self.confine(session, prepared, &files)?;
        let mut env = prepared.env.clone();
        env.vars.extend(confine_env);
        let child = process::spawn(
            approval,
            shell,
            command,
            &prepared.cwd,
            &files,
            ruleset,
            &env,
        )
        .map_err(|source| ExecError::Spawn {
            shell: shell.to_path_buf(),
            source,
        })?;
        let pid = child
            .id()
            .and_then(|id| i32::try_from(id).ok())
            .unwrap_or(0);
        let (started, started_ms) = (tokio::time::Instant::now(), store::now_ms());
        let record = TaskRecord {
            id: id.clone(),
            session: session.id.clone(),
            command: command.clone(),
            pid,
            status: TaskStatus::Running,
            exit_code: None,
            output_path: files.output.clone(),
            status_path: files.status.clone(),
            started_ms,
            ended_ms: None,
            notified: false,
            stopped_by: None,
            workspace: Some(session.workspace.clone()),
            foreground: true,
        };
        // Recorded from its spawn, so no command runs unrecorded (a server
        // killed before the row lands leaves an orphan, which the next one
        // finds by its environment). A store that fails does not stop the
        // command the person approved. A move to the background writes its
        // row whether or not this one landed first.
        let recorded = {
            let (store, record) = (self.store.clone(), record.clone());
            tokio::task::spawn_blocking(move || {
                if let Err(e) = store.insert_task(&record) {
                    tracing::debug!(task = %record.id, error = %e, "a call's start not recorded");
                }
            })
        };
        let (live, fg) = self.register(session, record, &files, child);
        Ok(Started {
            id,
            files,
            pid,
            live,
            fg,
            started,
            started_ms,
            recorded: Some(recorded),
        })
    }

    /// Register a spawned command as a live task, and the handle its call
    /// waits on.
    fn register(
        &self,
        session: &Session,
        record: TaskRecord,
        files: &process::Files,
        child: tokio::process::Child,
    ) -> (Arc<Live>, Foreground) {
        let (kill_tx, kill_rx) = mpsc::unbounded_channel();
        let (done_tx, done_rx) = watch::channel(None);
        let id = record.id.clone();
        let live = Arc::new(Live {
            record,
            files: files.clone(),
            state: Mutex::new(State::Foreground),
            kill: kill_tx,
            done: done_rx,
        });
        lock(&self.live).insert(id, live.clone());
        let monitor = Arc::new(Monitor {
            live: live.clone(),
            registry: self.live.clone(),
            store: self.store.clone(),
            events: self.events.clone(),
            limits: self.limits.clone(),
            lifetime: session
                .subagent
                .then_some(self.limits.subagent_task_lifetime),
        });
        // The call waits for its own process: the exit wakes this task
        // directly. Only a process that moves to the background gets a
        // watcher task of its own.
        let fg = Foreground {
            monitor,
            child: Some(child),
            kill_rx: Some(kill_rx),
            done: Some(done_tx),
            killed_by: None,
        };
        (live, fg)
    }

    /// Wait for a foreground command: its exit, a kill, the caller's
    /// abort, the deadline (where it moves to the background, or a plain
    /// foreground command is killed), and progress every second.
    async fn wait_foreground(
        &self,
        s: &mut Started,
        call: &Call,
        timeout: Duration,
        plain_foreground: bool,
    ) -> Result<Waited, ExecError> {
        let mut abort = call.abort.clone();
        let deadline = s.started + timeout;
        let mut tick =
            tokio::time::interval_at(s.started + Duration::from_secs(2), Duration::from_secs(1));
        let (mut aborted, mut timed_out) = (false, false);
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
            let (Some(child), Some(kill_rx)) = (s.fg.child.as_mut(), s.fg.kill_rx.as_mut()) else {
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
                    s.fg.child = None;
                    break Some(s.fg.monitor.settle(status, s.fg.killed_by.take()).await);
                }
                Step::Kill(why) => s.fg.kill(why),
                Step::Abort => {
                    aborted = true;
                    s.fg.kill("abort".into());
                }
                Step::Watchdog => {
                    // Still reaped and cleaned up, by a watcher, whenever it ends.
                    s.fg.detach();
                    break None;
                }
                Step::Deadline if plain_foreground => {
                    timed_out = true;
                    s.fg.kill("timeout".into());
                }
                Step::Deadline => {
                    timed_out = true;
                    if self.commit(&s.live)? {
                        s.fg.detach();
                        return Ok(Waited::Backgrounded);
                    }
                }
                Step::Tick => {
                    if self.progress(s, call) > self.limits.output_cap {
                        s.fg.kill("output_limit".into());
                    }
                }
            }
        };
        Ok(Waited::Ended {
            exit: exit.unwrap_or(Exit {
                code: None,
                signal: None,
                killed_by: None,
                output_len: None,
            }),
            aborted,
            timed_out,
        })
    }

    /// Report progress to the caller if it asked; the output's size.
    fn progress(&self, s: &Started, call: &Call) -> u64 {
        match &call.progress {
            Some(progress) => {
                let (tail, bytes) = output::read_tail(&s.files.output, 1_000).unwrap_or_default();
                progress(Progress {
                    elapsed: s.started.elapsed(),
                    bytes,
                    preview: output::text(&tail),
                });
                bytes
            }
            None => std::fs::metadata(&s.files.output).map_or(0, |m| m.len()),
        }
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
        self.store.to_background(&live.record)?;
        *state = State::Backgrounded;
        Ok(true)
    }
}
