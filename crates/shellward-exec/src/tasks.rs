//! The background tasks of an [`Executor`]: reading, stopping and
//! reaping them, and the notices the model reads when they end.

use super::*;

impl Executor {
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
        // A foreground call's output went to the model with its result,
        // and its files are gone: it is not a task to read.
        if record.foreground {
            return Err(ExecError::NoTask(id.to_string()));
        }
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
        const WHY: &str = "orphan: the shellward that ran it died";
        let mut stopping = Vec::new();
        for orphan in orphans::find(&self.output_dir) {
            // A recorded background task is any shellward's to keep; a
            // recorded foreground call lost the server that waited for it,
            // and its end is recorded before it is stopped (so that nobody
            // reading the store meanwhile takes its death for an exit).
            let recorded = match self.store.task(&orphan.task_id)? {
                Some(t) if !t.foreground || t.status != TaskStatus::Running => continue,
                Some(_) => {
                    if !self.store.finish_task(
                        &orphan.task_id,
                        TaskStatus::Killed,
                        None,
                        Some(WHY),
                    )? {
                        continue;
                    }
                    true
                }
                None => false,
            };
            let grace = self.limits.kill_grace;
            let stop = tokio::spawn(process::terminate_group(orphan.pgid, grace));
            stopping.push((orphan, recorded, stop));
        }
        let mut reaped = Vec::new();
        for (orphan, recorded, stop) in stopping {
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
                stopped_by: Some(WHY.into()),
                workspace: None,
                foreground: false,
            };
            // Another shellward starting at the same moment may have
            // recorded an unrecorded group first.
            if !recorded && let Err(e) = self.store.insert_task(&record) {
                tracing::debug!(task = %record.id, error = %e, "an orphan recorded elsewhere");
                continue;
            }
            let record = self.store.task(&record.id)?.unwrap_or(record);
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
