//! Spawning a command: bash, non-interactive, in its own process group,
//! stdin from `/dev/null`, stdout and stderr into one file in order; and
//! killing the whole group.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use rustix::process::{Pid, Signal};

/// Variables set for every command (on top of the host's environment):
/// nothing may wait for a person or a terminal.
pub const ENV_SET: &[(&str, &str)] = &[
    ("GIT_TERMINAL_PROMPT", "0"),
    ("GIT_PAGER", "cat"),
    ("PAGER", "cat"),
    ("MANPAGER", "cat"),
    ("TERM", "dumb"),
    ("GCM_INTERACTIVE", "never"),
    ("DEBIAN_FRONTEND", "noninteractive"),
    ("SHELLWARD", "1"),
];

/// Variables removed: `CDPATH` would make `cd dir` go somewhere the judge
/// did not resolve; `BASH_ENV`/`ENV` would run a file before every command.
pub const ENV_REMOVED: &[&str] = &["CDPATH", "BASH_ENV", "ENV", "PROMPT_COMMAND"];

/// Files the wrapper writes next to the output.
#[derive(Debug, Clone)]
pub struct Files {
    /// stdout and stderr.
    pub output: PathBuf,
    /// The exit status, written by an EXIT trap (so a task's end is known
    /// even when no shellward process is waiting for it).
    pub status: PathBuf,
    /// `pwd -P` after a successful command.
    pub cwd: PathBuf,
}

impl Files {
    /// The files for `id` in `dir`.
    pub fn new(dir: &Path, id: &str) -> Files {
        Files {
            output: dir.join(format!("{id}.out")),
            status: dir.join(format!("{id}.status")),
            cwd: dir.join(format!("{id}.cwd")),
        }
    }

    /// Remove the status and cwd files (the output file is the caller's decision).
    pub fn remove_side_files(&self) {
        let _ = std::fs::remove_file(&self.status);
        let _ = std::fs::remove_file(&self.cwd);
    }
}

/// The script bash runs: an EXIT trap that records the status (and the
/// working directory after success), then the command itself.
pub fn script(command: &str) -> String {
    format!(
        "trap '__shellward_status=$?; printf %s \"$__shellward_status\" > \"$SHELLWARD_STATUS_FILE\" 2>/dev/null; \
         if [ \"$__shellward_status\" = 0 ]; then pwd -P > \"$SHELLWARD_CWD_FILE\" 2>/dev/null; fi; \
         exit \"$__shellward_status\"' EXIT\n{command}\n"
    )
}

/// Spawn `command` with `shell` in `cwd`.
pub fn spawn(
    shell: &Path,
    command: &str,
    cwd: &Path,
    files: &Files,
) -> std::io::Result<tokio::process::Child> {
    let out = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(true)
        .open(&files.output)?;
    let err = out.try_clone()?;
    let mut cmd = tokio::process::Command::new(shell);
    cmd.arg("-c")
        .arg(script(command))
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::from(out))
        .stderr(Stdio::from(err))
        .process_group(0)
        .kill_on_drop(false)
        .env("SHELLWARD_STATUS_FILE", &files.status)
        .env("SHELLWARD_CWD_FILE", &files.cwd);
    for (k, v) in ENV_SET {
        cmd.env(k, v);
    }
    for k in ENV_REMOVED {
        cmd.env_remove(k);
    }
    cmd.spawn()
}

/// Is any process of group `pgid` alive?
pub fn group_alive(pgid: i32) -> bool {
    Pid::from_raw(pgid).is_some_and(|p| rustix::process::test_kill_process_group(p).is_ok())
}

/// Send `signal` to group `pgid`; a group already gone is fine.
pub fn signal_group(pgid: i32, signal: Signal) {
    if let Some(p) = Pid::from_raw(pgid) {
        let _ = rustix::process::kill_process_group(p, signal);
    }
}

/// SIGTERM the group, then SIGKILL whatever is left after `grace`.
pub async fn terminate_group(pgid: i32, grace: Duration) {
    if !group_alive(pgid) {
        return;
    }
    signal_group(pgid, Signal::TERM);
    let deadline = tokio::time::Instant::now() + grace;
    while tokio::time::Instant::now() < deadline {
        if !group_alive(pgid) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    signal_group(pgid, Signal::KILL);
}
