//! One call of the Bash tool, from the host's side: the session it runs
//! in, the prepared and approved command, how it may be aborted or
//! followed, and what it returns.

use super::*;

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
    pub(crate) fn aborted(&self) -> bool {
        *self.0.borrow()
    }

    pub(crate) async fn wait(&mut self) {
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
