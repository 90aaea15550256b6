//! shellward-mcp serves the Bash, TaskOutput and TaskStop tools over MCP
//! (stdio, with `rmcp`). One connection is one session: its working
//! directory, shell, read-file records and background tasks; the tasks are
//! stopped when the connection closes.
//!
//! An `ask` decision becomes an MCP elicitation when the client supports it
//! (once / always, where "always" saves the suggested rules or directories
//! to `.shellward/settings.local.json`; decline), and otherwise a tool error
//! that says approval is needed, why, and which rule would allow it. Progress
//! notifications are sent when the client gave a progress token; background
//! completions are sent as logging notifications and prefixed to the next
//! tool result.

pub mod guard;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

// MCP logging is deprecated by the newest protocol revision (SEP-2577), but
// it is what clients on the handshake protocols (2025-11-25 and before)
// show for server-initiated notices: background completions use it.
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    InitializeResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam,
    ServerCapabilities, Tool,
};
#[allow(deprecated)]
use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
use rmcp::service::{ElicitationError, RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler, ServiceExt};
use schemars::JsonSchema;
use serde::Deserialize;
use shellward_exec::input::Tool as ToolName;
use shellward_exec::{
    BashInput, BashOutcome, Call, Content, Event, Executor, Limits, Session, Store,
    TaskOutputInput, TaskStopInput,
};
use shellward_permit::{Action, Mode, Settings};

/// How the server is set up.
#[derive(Debug, Clone)]
pub struct Options {
    /// The workspace root.
    pub workspace: PathBuf,
    /// The mode (default: the settings' `defaultMode`, else build).
    pub mode: Option<Mode>,
    /// Extra settings files.
    pub extra_settings: Vec<PathBuf>,
    /// Tell models to prefer their host's dedicated read/search tools over
    /// `cat`/`grep`/`find` (off for hosts that have none).
    pub prefer_dedicated_tools: bool,
    /// The session store.
    pub store: PathBuf,
    /// The longest a foreground call blocks before its command moves to
    /// the background (also when the call asks for a longer timeout), so
    /// an MCP client's own request timeout (60 s in the TypeScript SDK)
    /// never cancels a command that would have moved to the background.
    pub blocking_budget: std::time::Duration,
}

/// The default blocking budget: below the common clients' request timeouts.
pub const DEFAULT_BLOCKING_BUDGET: std::time::Duration = std::time::Duration::from_secs(45);

/// Commands longer than this are refused before any copy of them is made
/// (the analyzer reads 10,000 characters; a script that long belongs in a
/// file).
pub const MAX_COMMAND_BYTES: usize = 1 << 20;

/// At most this many characters of a command are echoed in approval texts.
const SHOWN_CHARS: usize = 1_000;

/// `text` as approval texts show it: at most [`SHOWN_CHARS`] characters,
/// with the size of the rest.
fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("{}… ({} more bytes)", &text[..cut], text.len() - cut).into(),
        None => text.into(),
    }
}

/// A server error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The executor or store could not start.
    #[error(transparent)]
    Exec(#[from] shellward_exec::ExecError),
    /// The store could not be opened.
    #[error(transparent)]
    Store(#[from] shellward_exec::store::StoreError),
    /// The MCP transport failed.
    #[error("MCP: {0}")]
    Mcp(String),
}

/// The answer to an approval request (accepting the form approves the
/// call; declining it refuses).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ApprovalForm {
    /// Also allow commands like this from now on (saves the suggested rules,
    /// or the directories, to .shellward/settings.local.json).
    #[serde(default)]
    pub always: bool,
}

rmcp::elicit_safe!(ApprovalForm);

/// The server for one connection.
pub struct Server {
    executor: Arc<Executor>,
    session: Session,
    options: Options,
    /// Completion notices not yet shown in a tool result.
    pending: Arc<Mutex<Vec<String>>>,
    /// Untrusted settings entries already reported in this session.
    untrusted_noted: Arc<Mutex<std::collections::HashSet<String>>>,
    /// The least severe logging level the client wants (`logging/setLevel`),
    /// as [`level_rank`]; info until it says otherwise.
    log_level: Arc<std::sync::atomic::AtomicU8>,
}

/// A logging level's place from debug (0) to emergency (7).
#[allow(deprecated)] // logging: see the imports
fn level_rank(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn session_id() -> String {
    format!(
        "mcp-{}-{}",
        std::process::id(),
        shellward_exec::store::now_ms()
    )
}

/// Output files go beside the store.
pub fn output_dir(store: &std::path::Path) -> PathBuf {
    store
        .parent()
        .map_or_else(std::env::temp_dir, PathBuf::from)
        .join("output")
}

/// The state directory's upkeep when a server starts, off the request
/// path: its retention, and what a shellward killed with `kill -9` left
/// running (stopped and recorded).
fn upkeep(db: &std::path::Path, executor: Arc<Executor>) {
    let (db, output) = (db.to_path_buf(), output_dir(db));
    std::thread::spawn(move || {
        let retention = shellward_exec::retention::Retention::from_env();
        let now = std::time::SystemTime::now();
        let pruned = Store::open(&db).and_then(|store| {
            shellward_exec::retention::prune(&store, &output, &retention, now, false)
        });
        match pruned {
            Ok(p) => tracing::debug!(
                files = p.files.len(),
                bytes = p.bytes,
                dirs = p.dirs.len(),
                tasks = p.tasks,
                "pruned the state directory"
            ),
            Err(e) => tracing::warn!(error = %e, "could not prune the state directory"),
        }
    });
    tokio::spawn(async move {
        if let Err(e) = executor.reap_orphans().await {
            tracing::warn!(error = %e, "could not look for orphaned commands");
        }
    });
}

/// Progress notifications to the client, when it asked for them (a
/// progress token): elapsed time, bytes and the last line of output.
fn progress_notifier(
    context: &RequestContext<RoleServer>,
) -> Option<Arc<dyn Fn(shellward_exec::Progress) + Send + Sync>> {
    context.meta.get_progress_token().map(|token| {
        let peer = context.peer.clone();
        let f: Arc<dyn Fn(shellward_exec::Progress) + Send + Sync> =
            Arc::new(move |p: shellward_exec::Progress| {
                let peer = peer.clone();
                let mut param =
                    ProgressNotificationParam::new(token.clone(), p.elapsed.as_secs_f64());
                let preview: String = p
                    .preview
                    .lines()
                    .last()
                    .unwrap_or("")
                    .chars()
                    .take(200)
                    .collect();
                param.message = Some(format!(
                    "{:.0} s, {} bytes: {preview}",
                    p.elapsed.as_secs_f64(),
                    p.bytes
                ));
                tokio::spawn(async move {
                    let _ = peer.notify_progress(param).await;
                });
            });
        f
    })
}

/// Serve one session on stdin/stdout until the client disconnects.
#[allow(deprecated)] // logging notifications: see the imports
pub async fn serve_stdio(options: Options) -> Result<(), ServeError> {
    let store = Store::open(&options.store)?;
    let (executor, mut events) =
        Executor::new(store, Limits::from_env(), output_dir(&options.store))?;
    let executor = Arc::new(executor);
    upkeep(&options.store, executor.clone());
    let server = Server {
        executor: executor.clone(),
        session: Session {
            id: session_id(),
            workspace: options.workspace.clone(),
            subagent: false,
        },
        options,
        pending: Arc::new(Mutex::new(Vec::new())),
        untrusted_noted: Arc::new(Mutex::new(std::collections::HashSet::new())),
        log_level: Arc::new(std::sync::atomic::AtomicU8::new(level_rank(
            LoggingLevel::Info,
        ))),
    };
    let pending = server.pending.clone();
    let log_level = server.log_level.clone();
    let running = server
        .serve(guard::transport(tokio::io::stdin(), tokio::io::stdout()))
        .await
        .map_err(|e| ServeError::Mcp(e.to_string()))?;
    let peer = running.peer().clone();
    let forward = tokio::spawn(async move {
        while let Some(Event::TaskFinished { text, task_id, .. }) = events.recv().await {
            lock(&pending).push(text.clone());
            let wanted = log_level.load(std::sync::atomic::Ordering::Relaxed);
            if level_rank(LoggingLevel::Info) < wanted {
                continue;
            }
            let data = serde_json::json!({ "task_id": task_id, "notification": text });
            let mut param = LoggingMessageNotificationParam::new(LoggingLevel::Info, data);
            param.logger = Some("shellward".into());
            let _ = peer.notify_logging_message(param).await;
        }
    });
    // The session ends when the client disconnects, or when we are told to
    // stop (a client that kills its server): either way, its tasks stop too.
    let stop_signal = async {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
            signal(SignalKind::hangup()),
        ) {
            (Ok(mut term), Ok(mut int), Ok(mut hup)) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = int.recv() => {}
                    _ = hup.recv() => {}
                }
            }
            _ => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = running.waiting() => {}
        () = stop_signal => {}
    }
    forward.abort();
    executor.stop_all("session_closed").await;
    Ok(())
}

/// The tool descriptions, written for models, with the live limits.
pub fn descriptions(
    limits: &Limits,
    prefer_dedicated_tools: bool,
    blocking_budget: Duration,
) -> [(&'static str, String); 3] {
    // A call blocks at most the budget: the timeout a model can ask for.
    let default_ms = limits.default_timeout.min(blocking_budget).as_millis();
    let max_ms = limits.max_timeout.min(blocking_budget).as_millis();
    let dedicated = if prefer_dedicated_tools {
        "\n- To read, list or search files, prefer your dedicated file tools over `cat`, `head`, `tail`, `grep`, `find` and `ls`; use this tool for what only a shell can do."
    } else {
        ""
    };
    [
        (
            "Bash",
            format!(
                "Run a bash command in the workspace and return its output (stdout and stderr, merged in order).\n\
                 - The working directory persists between calls (a successful `cd` carries over inside the workspace); environment variables, aliases and functions do not. Prefer absolute paths.\n\
                 - Read-only commands run at once; others may need the user's approval, and some are denied. If a call is refused, the error says why and which rule would allow it.\n\
                 - `timeout` is in milliseconds: default {default_ms}, at most {max_ms}. A command still running then is NOT killed: it moves to the background and you get a task id. Read its output with TaskOutput or by reading the output file; stop it with TaskStop.\n\
                 - `run_in_background: true` starts a long-running command (a server, a watcher, a long build) in the background at once; you are notified when it finishes. Do not append `&`.\n\
                 - A non-zero exit code is a result, not a failure of the tool: read the output. `grep` exiting 1 means no match.\n\
                 - Output over {} bytes is saved to a file; you get its path, its size and the start of it.\n\
                 - Git: never use interactive flags (`git rebase -i`, `git add -i`); commit or push only when the user asks; on the default branch, create a branch before committing. Use `gh` for GitHub.{dedicated}",
                limits.max_output
            ),
        ),
        (
            "TaskOutput",
            format!(
                "Get the output of a background task (a command started with run_in_background, or one that moved to the background on timeout). With `block: true` (default) wait up to `timeout` ms (default 30000, at most 600000) for it to finish. A running task returns the start of its output; a finished one the last {} characters and its exit status. Reading the task's output file directly also works.",
                limits.task_max_output
            ),
        ),
        (
            "TaskStop",
            "Stop a background task and everything it started (SIGTERM, then SIGKILL after 3 seconds). Takes the task id.".to_string(),
        ),
    ]
}

fn text_result(text: impl Into<String>, is_error: bool) -> CallToolResponse {
    let content = vec![ContentBlock::text(text)];
    if is_error {
        CallToolResult::error(content).into()
    } else {
        CallToolResult::success(content).into()
    }
}

/// A result that carries the decision's capability fields and effects in
/// its `_meta` (`shellward/capability`, `shellward/effects`,
/// `shellward/rule`), for clients that show or log them.
fn decided(
    text: Vec<ContentBlock>,
    is_error: bool,
    d: &shellward_permit::Decision,
) -> CallToolResponse {
    let mut result = if is_error {
        CallToolResult::error(text)
    } else {
        CallToolResult::success(text)
    };
    let mut meta = serde_json::Map::new();
    meta.insert("shellward/rule".into(), d.rule.clone().into());
    meta.insert(
        "shellward/capability".into(),
        serde_json::to_value(d.capability).unwrap_or_default(),
    );
    meta.insert(
        "shellward/effects".into(),
        serde_json::to_value(&d.effects).unwrap_or_default(),
    );
    result.meta = Some(rmcp::model::MetaObject(meta));
    result.into()
}

fn arguments(request: &CallToolRequestParams) -> serde_json::Value {
    serde_json::Value::Object(request.arguments.clone().unwrap_or_default())
}

impl Server {
    fn settings(&self) -> Result<Settings, String> {
        let settings = Settings::load(&self.session.workspace, &self.options.extra_settings)
            .map_err(|e| e.to_string())?;
        self.note_untrusted(&settings);
        Ok(settings)
    }

    /// Say once per session, at the top of the next result and in the log,
    /// which relaxing entries of the workspace's settings are not applied.
    fn note_untrusted(&self, settings: &Settings) {
        let mut noted = lock(&self.untrusted_noted);
        for u in &settings.untrusted {
            let fresh: Vec<&String> = u
                .entries
                .iter()
                .filter(|e| noted.insert(format!("{}\0{e}", u.file.display())))
                .collect();
            if fresh.is_empty() {
                continue;
            }
            let list: Vec<String> = fresh
                .iter()
                .map(|e| shellward_permit::trust::shown(e))
                .collect();
            tracing::warn!(file = %u.file.display(), entries = ?list, "untrusted workspace settings are not applied");
            lock(&self.pending).push(format!(
                "Note: {} holds settings that would relax the policy and are not applied until the user runs `shellward trust`: {}.",
                u.file.display(),
                list.join(", ")
            ));
        }
    }

    /// Notices of finished background tasks, once each.
    fn take_pending(&self) -> Vec<ContentBlock> {
        lock(&self.pending)
            .drain(..)
            .map(ContentBlock::text)
            .collect()
    }

    async fn bash(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResponse {
        if let Some(command) = request
            .arguments
            .as_ref()
            .and_then(|a| a.get("command"))
            .and_then(|c| c.as_str())
            .filter(|c| c.len() > MAX_COMMAND_BYTES)
        {
            return text_result(
                format!(
                    "The command is {} bytes, over the limit of {MAX_COMMAND_BYTES}: write the script to a file and run that file.",
                    command.len()
                ),
                true,
            );
        }
        let mut input = match BashInput::from_json(&arguments(request)) {
            Ok(i) => i,
            Err(e) => return text_result(e.to_string(), true),
        };
        // The blocking budget: a foreground call returns by then, the
        // command moving to the background as on a timeout.
        let budget = u64::try_from(self.options.blocking_budget.as_millis()).unwrap_or(u64::MAX);
        if input.timeout.is_none_or(|t| t.0 > budget) {
            input.timeout = Some(shellward_exec::input::Millis(budget));
        }
        let settings = match self.settings() {
            Ok(s) => s,
            Err(e) => return text_result(format!("shellward settings: {e}"), true),
        };
        let mode = self
            .options
            .mode
            .or(settings.default_mode)
            .unwrap_or_default();
        let prepared = match self.executor.prepare(&self.session, input, &settings, mode) {
            Ok(p) => p,
            Err(e) => return text_result(e.to_string(), true),
        };
        let decision = prepared.decision.clone();
        let approval = match self.approval(&prepared, context).await {
            Ok(a) => a,
            Err(answer) => return answer,
        };
        let (abort_handle, abort) = shellward_exec::AbortHandle::new();
        let ct = context.ct.clone();
        let cancel = tokio::spawn(async move {
            ct.cancelled().await;
            abort_handle.abort();
        });
        let progress = progress_notifier(context);
        let call = Call {
            abort: Some(abort),
            progress,
            ..Call::default()
        };
        let outcome = self
            .executor
            .bash(&self.session, prepared, approval, call)
            .await;
        cancel.abort();
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => return text_result(e.to_string(), true),
        };
        let (blocks, is_error) = self.blocks(&outcome);
        decided(blocks, is_error, &decision)
    }

    /// The result's content blocks: completion notices not yet shown, then
    /// the command's output (`(no output)` for a command that printed none).
    fn blocks(&self, outcome: &BashOutcome) -> (Vec<ContentBlock>, bool) {
        let (content, is_error) = outcome.to_model();
        let mut blocks = self.take_pending();
        for c in content {
            blocks.push(match c {
                Content::Text(t) => {
                    ContentBlock::text(if t.is_empty() && !matches!(outcome, BashOutcome::Empty) {
                        "(no output)".to_string()
                    } else {
                        t
                    })
                }
                Content::Image(i) => ContentBlock::image(i.data, i.media_type),
            });
        }
        (blocks, is_error)
    }

    /// The approval for a prepared command: an allow, or an ask the user
    /// accepted through an elicitation; otherwise the answer to return.
    async fn approval(
        &self,
        prepared: &shellward_exec::Prepared,
        context: &RequestContext<RoleServer>,
    ) -> Result<shellward_exec::Approval, CallToolResponse> {
        let decision = &prepared.decision;
        let approval = match decision.action {
            Action::Allow => prepared.approve(false),
            Action::Deny => {
                let text = format!("Denied ({}): {}", decision.rule, decision.reason);
                return Err(decided(vec![ContentBlock::text(text)], true, decision));
            }
            Action::Ask => {
                let supports = context
                    .peer
                    .peer_info()
                    .is_some_and(|info| info.capabilities.elicitation.is_some());
                if !supports {
                    let text = needs_approval(&prepared.input.command, decision);
                    return Err(decided(vec![ContentBlock::text(text)], true, decision));
                }
                match self.ask(&prepared.input.command, decision, context).await {
                    Ok(()) => prepared.approve(true),
                    Err(message) => {
                        return Err(decided(vec![ContentBlock::text(message)], true, decision));
                    }
                }
            }
        };
        approval.map_err(|refusal| text_result(refusal.to_string(), true))
    }

    /// Ask the user through an elicitation; `Ok` when approved.
    async fn ask(
        &self,
        command: &str,
        decision: &shellward_permit::Decision,
        context: &RequestContext<RoleServer>,
    ) -> Result<(), String> {
        let always = if !decision.external_directories.is_empty() {
            Some(format!(
                "also allow reading {} from now on",
                decision.external_directories.join(", ")
            ))
        } else if !decision.suggested_rules.is_empty() {
            Some(format!(
                "also allow {} from now on",
                decision.suggested_rules.join(", ")
            ))
        } else {
            // The guard's questions (`rm -rf ~`) are asked every time.
            None
        };
        let how = match &always {
            Some(always) => format!("Accept to run it (tick \"always\" to {always}), or decline."),
            None => "Accept to run it this once, or decline.".to_string(),
        };
        let message = format!(
            "Run this command?\n\n{}\n\n{} ({})\n\n{how}",
            shown(command),
            shown(&decision.reason),
            decision.rule
        );
        match context
            .peer
            .elicit_with_timeout::<ApprovalForm>(message, Some(Duration::from_secs(600)))
            .await
        {
            Ok(Some(form)) => {
                if form.always {
                    self.save_always(decision)?;
                }
                Ok(())
            }
            Ok(None) => Err("The user gave no answer; the command did not run.".into()),
            Err(ElicitationError::UserDeclined) => {
                Err("The user declined to run this command.".into())
            }
            Err(ElicitationError::UserCancelled) => {
                Err("The user dismissed the approval request; the command did not run.".into())
            }
            Err(e) => Err(format!(
                "Could not ask the user ({e}); the command did not run."
            )),
        }
    }

    fn save_always(&self, decision: &shellward_permit::Decision) -> Result<(), String> {
        let file = shellward_permit::settings::local_file(&self.session.workspace);
        let (key, entries): (&str, Vec<String>) = if decision.external_directories.is_empty() {
            ("allow", decision.suggested_rules.clone())
        } else {
            (
                "additionalDirectories",
                decision
                    .external_directories
                    .iter()
                    .map(|d| d.trim_end_matches("/*").to_string())
                    .collect(),
            )
        };
        for entry in entries {
            shellward_permit::trust::save_trusted(&file, key, &entry).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    async fn task_output(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResponse {
        let input = match TaskOutputInput::from_json(&arguments(request)) {
            Ok(i) => i,
            Err(e) => return text_result(e.to_string(), true),
        };
        let (abort_handle, abort) = shellward_exec::AbortHandle::new();
        let ct = context.ct.clone();
        let cancel = tokio::spawn(async move {
            ct.cancelled().await;
            abort_handle.abort();
        });
        let call = Call {
            abort: Some(abort),
            ..Call::default()
        };
        let result = self.executor.task_output(&input, &call).await;
        cancel.abort();
        match result {
            Ok(out) => {
                let status = serde_json::to_value(out.status).unwrap_or_default();
                let mut blocks = self.take_pending();
                blocks.push(ContentBlock::text(format!(
                    "<status>{}</status>\n{}",
                    status.as_str().unwrap_or(""),
                    out.text
                )));
                CallToolResult::success(blocks).into()
            }
            Err(e) => text_result(e.to_string(), true),
        }
    }

    async fn task_stop(&self, request: &CallToolRequestParams) -> CallToolResponse {
        let input = match TaskStopInput::from_json(&arguments(request)) {
            Ok(i) => i,
            Err(e) => return text_result(e.to_string(), true),
        };
        let id = input.id().unwrap_or_default().to_string();
        match self.executor.task_stop(&id, "model").await {
            Ok(record) => text_result(
                format!("Task {} is {}.", record.id, record.status.as_str()),
                false,
            ),
            Err(e) => text_result(e.to_string(), true),
        }
    }
}

/// The tool error for an `ask` the client cannot be asked about.
pub fn needs_approval(command: &str, d: &shellward_permit::Decision) -> String {
    let mut text = format!(
        "This command needs the user's approval and this client cannot ask for it, so it did not run.\nCommand: {}\nWhy: {} (rule {})",
        shown(command),
        shown(&d.reason),
        d.rule
    );
    if !d.external_directories.is_empty() {
        text.push_str(&format!(
            "\nTo allow it, the user can add these directories: shellward allow --dir {}",
            d.external_directories
                .iter()
                .map(|p| p.trim_end_matches("/*"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
    } else if !d.suggested_rules.is_empty() {
        text.push_str(&format!(
            "\nA rule that would allow it: {} (the user can run: shellward allow {})",
            shown(&d.suggested_rules.join(", ")),
            shown(
                &d.suggested_rules
                    .iter()
                    .map(|r| format!("'{r}'"))
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        ));
    }
    text
}

impl ServerHandler for Server {
    #[allow(deprecated)] // logging capability: see the imports
    fn get_info(&self) -> InitializeResult {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_logging()
            .build();
        InitializeResult::new(capabilities)
            .with_server_info(Implementation::new("shellward", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "shellward runs shell commands for you: Bash runs one (read-only commands at once, others after approval), TaskOutput and TaskStop manage the ones running in the background.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let descriptions = descriptions(
            self.executor.limits(),
            self.options.prefer_dedicated_tools,
            self.options.blocking_budget,
        );
        let tools = shellward_exec::input::schemas()
            .into_iter()
            .zip(descriptions)
            .map(|((name, schema), (_, description))| {
                let schema = match schema {
                    serde_json::Value::Object(map) => map,
                    _ => serde_json::Map::new(),
                };
                Tool::new(name, description, Arc::new(schema))
            })
            .collect();
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        match ToolName::from_name(&request.name) {
            Some(ToolName::Bash) => Ok(self.bash(&request, &context).await),
            Some(ToolName::TaskOutput) => Ok(self.task_output(&request, &context).await),
            Some(ToolName::TaskStop) => Ok(self.task_stop(&request).await),
            None => Err(McpError::invalid_params(
                format!("Unknown tool: {}", request.name),
                None,
            )),
        }
    }

    #[allow(deprecated)] // logging: see the imports
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.log_level.store(
            level_rank(request.level),
            std::sync::atomic::Ordering::Relaxed,
        );
        Ok(())
    }
}
