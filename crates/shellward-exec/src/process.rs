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
    /// The exit status and the final `$PWD`, written by an EXIT trap (so a
    /// task's end is known even when no shellward process is waiting for it).
    pub status: PathBuf,
}

impl Files {
    /// The files for `id` in `dir`.
    pub fn new(dir: &Path, id: &str) -> Files {
        Files {
            output: dir.join(format!("{id}.out")),
            status: dir.join(format!("{id}.status")),
        }
    }

    /// Remove the status file and the background mark (the output file is the caller's decision).
    pub fn remove_side_files(&self) {
        let _ = std::fs::remove_file(&self.status);
        let _ = std::fs::remove_file(self.status.with_extension("status.bg"));
    }
}

/// What the EXIT trap recorded: the status, and the working directory the
/// shell ended in.
pub fn read_status(path: &Path) -> Option<(i32, Option<PathBuf>)> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    let code = lines.next()?.trim().parse().ok()?;
    let cwd = lines
        .next()
        .filter(|l| l.starts_with('/'))
        .map(PathBuf::from);
    Some((code, cwd))
}

/// The script bash runs: an EXIT trap that records the status and `$PWD`
/// when someone needs them (the directory changed, or the task went to the
/// background, marked by `<status>.bg`: one small write, no extra process),
/// then the command itself, on the same line, so that bash's messages
/// count the command's lines from 1 (`bash: line 1: nosuch: command not
/// found`). The test is one `[[ ]]` (a keyword: no word splitting, and
/// cheaper than two `[` builtins; the shell is always bash).
pub fn script(command: &str) -> String {
    format!(
        "trap '__shellward_status=$?; \
         if [[ $PWD != \"$SHELLWARD_START_DIR\" || -e $SHELLWARD_STATUS_FILE.bg ]]; then \
         printf \"%s\\n%s\\n\" \"$__shellward_status\" \"$PWD\" > \"$SHELLWARD_STATUS_FILE\" 2>/dev/null; fi; \
         exit \"$__shellward_status\"' EXIT; {command}\n"
    )
}

/// Scripts longer than this are passed on standard input, not as an
/// argument (Linux limits one argument to 128 KiB).
pub const ARG_LIMIT: usize = 100 * 1024;

/// What bash runs for a script on standard input: read all of it, give
/// the command `/dev/null` as its input, run the script.
const FROM_STDIN: &str =
    "IFS= read -r -d '' __shellward_script; exec 0</dev/null; eval \"$__shellward_script\"";

/// Mark a process as moved to the background: its EXIT trap will record
/// its status for any shellward process to read.
pub fn mark_background(files: &Files) {
    let _ = std::fs::write(files.status.with_extension("status.bg"), b"");
}

/// Spawn `command` with `shell` in `cwd` (in a tokio runtime). Only with
/// an [`crate::Approval`], which only [`crate::Prepared::approve`] makes:
/// nothing runs ungated, by type. tokio waits
/// for the child through a pidfd on Linux: its exit is an event of the
/// runtime's own poller, so the waiting task wakes on the thread that saw
/// it, without a reaper thread or a signal handler in between.
pub fn spawn(
    _approval: &crate::Approval,
    shell: &Path,
    command: &str,
    cwd: &Path,
    files: &Files,
    confine: Option<crate::sandbox::Sealed>,
    env: &crate::env::Plan,
) -> std::io::Result<tokio::process::Child> {
    use std::os::unix::process::CommandExt;
    let out = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(true)
        .open(&files.output)?;
    let err = out.try_clone()?;
    let mut cmd = std::process::Command::new(shell);
    if env.clear {
        cmd.env_clear();
    }
    for (k, v) in &env.vars {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    let text = script(command);
    if text.len() > ARG_LIMIT {
        // One argument holds at most 128 KiB (MAX_ARG_STRLEN): a longer
        // script comes on standard input, from an unnamed file, and the
        // command then gets `/dev/null` as every command does.
        use std::io::{Seek, Write};
        let mut file = tempfile::tempfile()?;
        file.write_all(text.as_bytes())?;
        file.rewind()?;
        cmd.arg("-c").arg(FROM_STDIN).stdin(Stdio::from(file));
    } else {
        cmd.arg("-c").arg(text).stdin(Stdio::null());
    }
    cmd.current_dir(cwd)
        .stdout(Stdio::from(out))
        .stderr(Stdio::from(err))
        .process_group(0)
        .env("PWD", cwd)
        .env("SHELLWARD_START_DIR", cwd)
        .env("SHELLWARD_STATUS_FILE", &files.status)
        .env("SHELLWARD_OWNER", crate::orphans::owner());
    for (k, v) in ENV_SET {
        cmd.env(k, v);
    }
    for k in ENV_REMOVED {
        cmd.env_remove(k);
    }
    let confined = confine.is_some();
    if let Some(sealed) = confine {
        crate::sandbox::install(&mut cmd, sealed);
    }
    let child = tokio::process::Command::from(cmd).spawn();
    match &child {
        Ok(child) => tracing::debug!(
            pid = child.id(),
            confined,
            cwd = %cwd.display(),
            output = %files.output.display(),
            "spawned"
        ),
        Err(e) => tracing::debug!(error = %e, cwd = %cwd.display(), "spawn failed"),
    }
    child
}

/// Is any process of group `pgid` alive?
pub fn group_alive(pgid: i32) -> bool {
    Pid::from_raw(pgid).is_some_and(|p| rustix::process::test_kill_process_group(p).is_ok())
}

/// Is any process of group `pgid` still running, zombies aside? A zombie
/// holds nothing and goes when its parent reaps it, which a container's
/// init may do late: waiting for it would only delay a stop by the whole
/// grace period. (`/proc/PID/stat`: the state and the group follow the
/// last `)`, since the command name may hold spaces and parentheses.)
pub fn group_running(pgid: i32) -> bool {
    if !group_alive(pgid) {
        return false;
    }
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return true;
    };
    let running = |pid: &str| -> Option<bool> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let (_, rest) = stat.rsplit_once(')')?;
        let mut fields = rest.split_whitespace();
        let state = fields.next()?;
        let group: i32 = fields.nth(1)?.parse().ok()?;
        Some(group == pgid && !matches!(state, "Z" | "X"))
    };
    dir.flatten().any(|entry| {
        let name = entry.file_name();
        name.to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(running)
            .unwrap_or(false)
    })
}

/// Send `signal` to group `pgid`; a group already gone is fine.
pub fn signal_group(pgid: i32, signal: Signal) {
    if let Some(p) = Pid::from_raw(pgid) {
        let _ = rustix::process::kill_process_group(p, signal);
    }
}

/// SIGTERM the group, then SIGKILL whatever is left after `grace`; the
/// last signal sent (`None` when the group was already gone).
pub async fn terminate_group(pgid: i32, grace: Duration) -> Option<Signal> {
    if !group_alive(pgid) {
        return None;
    }
    signal_group(pgid, Signal::TERM);
    let deadline = tokio::time::Instant::now() + grace;
    while tokio::time::Instant::now() < deadline {
        if !group_running(pgid) {
            return Some(Signal::TERM);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    signal_group(pgid, Signal::KILL);
    Some(Signal::KILL)
}
