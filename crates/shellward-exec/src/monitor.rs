//! Watching a process until it ends: the foreground call's handle
//! ([`Foreground`]) and the monitor that records a task's end
//! ([`Monitor`]).

use super::*;

/// Watches one process: its exit, kill requests, the output cap and a
/// subagent task's lifetime.
pub(crate) struct Monitor {
    pub(crate) live: Arc<Live>,
    /// The executor's map of live processes, to leave when the process ends.
    pub(crate) registry: Arc<Mutex<HashMap<String, Arc<Live>>>>,
    pub(crate) store: Arc<Store>,
    pub(crate) events: mpsc::UnboundedSender<Event>,
    pub(crate) limits: Limits,
    pub(crate) lifetime: Option<Duration>,
}

/// A foreground process while the call waits for it. If it is dropped
/// while it still holds the process (the call's future was dropped, or the
/// call failed), the process is treated as aborted: its group is sent
/// SIGTERM and a watcher reaps it and escalates to SIGKILL.
pub(crate) struct Foreground {
    pub(crate) monitor: Arc<Monitor>,
    pub(crate) child: Option<tokio::process::Child>,
    pub(crate) kill_rx: Option<mpsc::UnboundedReceiver<String>>,
    pub(crate) done: Option<watch::Sender<Option<Exit>>>,
    pub(crate) killed_by: Option<String>,
}

impl Foreground {
    /// Kill the process group (once), remembering why.
    pub(crate) fn kill(&mut self, why: String) {
        if self.killed_by.is_none() {
            self.killed_by = Some(why);
            tokio::spawn(process::terminate_group(
                self.monitor.live.record.pid,
                self.monitor.limits.kill_grace,
            ));
        }
    }

    /// Hand the process to a watcher task of its own.
    pub(crate) fn detach(&mut self) {
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
    pub(crate) async fn watch(
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
    pub(crate) async fn settle(
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

    pub(crate) fn finish(&self, exit: Exit, done: watch::Sender<Option<Exit>>) {
        let mut state = lock(&self.live.state);
        if *state == State::Backgrounded {
            let status = exit.status();
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
