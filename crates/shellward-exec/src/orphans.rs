//! Processes a dead shellward left behind.
//!
//! Every command is spawned with `SHELLWARD_OWNER=<pid>:<start time>` (the
//! spawning process, as `/proc/<pid>/stat` dates it, so a reused pid is
//! not mistaken for it) and `SHELLWARD_STATUS_FILE=<output dir>/<task>.status`.
//! A process whose owner is gone is an orphan: its server was killed
//! (`kill -9`) while the command ran in the foreground, or between the
//! spawn and the store's record of a background task. [`find`] lists them
//! from `/proc`; a background task with a row in the store is not an
//! orphan (any shellward process can read and stop it), the rest are
//! stopped and recorded by [`crate::Executor::reap_orphans`].

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// This process as an owner: `<pid>:<start time in clock ticks>`.
pub fn owner() -> &'static str {
    static OWNER: OnceLock<String> = OnceLock::new();
    OWNER.get_or_init(|| {
        let pid = std::process::id();
        let start = start_time(&pid.to_string()).unwrap_or_default();
        format!("{pid}:{start}")
    })
}

/// A process's start time (field 22 of `/proc/<pid>/stat`).
fn start_time(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    // After the name: state is field 3, so start time is the 20th here.
    rest.split_whitespace().nth(19)?.parse().ok()
}

/// Is the owner `<pid>:<start>` still running?
fn owner_alive(owner: &str) -> bool {
    let Some((pid, start)) = owner.split_once(':') else {
        return false;
    };
    start_time(pid).is_some_and(|s| s.to_string() == start)
}

/// A process group left by a dead owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Orphan {
    /// The process group.
    pub pgid: i32,
    /// The task id its status file names.
    pub task_id: String,
    /// Its status file.
    pub status_file: PathBuf,
    /// The command, from the shell's arguments, when it can be read.
    pub command: String,
}

/// The groups under `output_dir` whose owner is gone, one per group.
pub fn find(output_dir: &Path) -> Vec<Orphan> {
    let mut found: Vec<Orphan> = Vec::new();
    let pids = std::fs::read_dir("/proc").into_iter().flatten().flatten();
    for entry in pids {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let Some(orphan) = orphan(pid, output_dir) else {
            continue;
        };
        match found.iter_mut().find(|o| o.pgid == orphan.pgid) {
            // The group's leader (the shell) knows the command.
            Some(known) if known.command.is_empty() => known.command = orphan.command,
            Some(_) => {}
            None => found.push(orphan),
        }
    }
    found
}

/// One process, if it is a live member of an orphaned group.
fn orphan(pid: &str, output_dir: &Path) -> Option<Orphan> {
    let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
    let var = |name: &str| {
        environ
            .split(|&b| b == 0)
            .find_map(|kv| kv.strip_prefix(name.as_bytes())?.strip_prefix(b"="))
            .and_then(|v| std::str::from_utf8(v).ok())
    };
    let owner = var("SHELLWARD_OWNER")?;
    let status_file = PathBuf::from(var("SHELLWARD_STATUS_FILE")?);
    if status_file.parent() != Some(output_dir) || owner_alive(owner) {
        return None;
    }
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    let mut fields = rest.split_whitespace();
    if matches!(fields.next()?, "Z" | "X") {
        return None;
    }
    let pgid: i32 = fields.nth(1)?.parse().ok()?;
    let task_id = status_file.file_stem()?.to_str()?.to_string();
    let leader = pid.parse::<i32>().ok() == Some(pgid);
    Some(Orphan {
        pgid,
        task_id,
        status_file,
        command: if leader {
            command_of(pid)
        } else {
            String::new()
        },
    })
}

/// The command a shell was given: the last argument of `bash -c SCRIPT`,
/// after our trap.
fn command_of(pid: &str) -> String {
    let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    let script = cmdline
        .split(|&b| b == 0)
        .rfind(|a| !a.is_empty())
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .unwrap_or_default();
    match script.split_once("' EXIT; ") {
        Some((_, command)) => command.trim_end().to_string(),
        None => script,
    }
}
