//! What the state directory keeps: output files, per-session temporary
//! folders and finished task rows are removed once they are older than
//! the retention age, and the oldest output files go first while the
//! directory is over its size budget (`shellward prune`, and every MCP
//! server at start).
//!
//! Never removed: the files of a task the store says is running, and
//! anything younger than [`Retention::min_age`] (a foreground command of
//! another session may be writing it: those are not in the store).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::store::{Store, StoreError, TaskStatus};

/// How long and how much the state directory keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// Older than this goes (default 7 days; `SHELLWARD_RETENTION_DAYS`).
    pub max_age: Duration,
    /// Output files beyond this total go, oldest first (default 1 GiB;
    /// `SHELLWARD_RETENTION_MB`).
    pub max_bytes: u64,
    /// Younger than this is never touched (1 hour).
    pub min_age: Duration,
}

impl Default for Retention {
    fn default() -> Retention {
        Retention {
            max_age: Duration::from_secs(7 * 24 * 3600),
            max_bytes: 1024 * 1024 * 1024,
            min_age: Duration::from_secs(3600),
        }
    }
}

impl Retention {
    /// The defaults, with `SHELLWARD_RETENTION_DAYS` and
    /// `SHELLWARD_RETENTION_MB` when they are positive integers.
    pub fn from_env() -> Retention {
        let number = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|n| *n > 0)
        };
        let mut r = Retention::default();
        if let Some(days) = number("SHELLWARD_RETENTION_DAYS") {
            r.max_age = Duration::from_secs(days.saturating_mul(24 * 3600));
        }
        if let Some(mb) = number("SHELLWARD_RETENTION_MB") {
            r.max_bytes = mb.saturating_mul(1024 * 1024);
        }
        r
    }
}

/// What a prune removed (or would remove, with `dry_run`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Pruned {
    /// Files removed.
    pub files: Vec<PathBuf>,
    /// Their bytes.
    pub bytes: u64,
    /// Temporary folders removed.
    pub dirs: Vec<PathBuf>,
    /// Finished task rows forgotten.
    pub tasks: usize,
}

/// One file in the output directory.
struct Entry {
    path: PathBuf,
    modified: SystemTime,
    bytes: u64,
}

/// Prune `output_dir` (and the store's finished tasks) as `retention`
/// says, as of `now`.
pub fn prune(
    store: &Store,
    output_dir: &Path,
    retention: &Retention,
    now: SystemTime,
    dry_run: bool,
) -> Result<Pruned, StoreError> {
    let running: Vec<PathBuf> = store
        .tasks(None)?
        .into_iter()
        .filter(|t| t.status == TaskStatus::Running)
        .flat_map(|t| {
            let bg = t.status_path.with_extension("status.bg");
            [t.output_path, t.status_path, bg]
        })
        .collect();
    let age = |modified: SystemTime| now.duration_since(modified).unwrap_or_default();
    let mut entries: Vec<Entry> = std::fs::read_dir(output_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            let modified = meta.modified().ok()?;
            meta.is_file().then(|| Entry {
                path: e.path(),
                modified,
                bytes: meta.len(),
            })
        })
        .filter(|e| !running.contains(&e.path))
        .collect();
    entries.sort_by_key(|e| e.modified);
    let mut pruned = Pruned::default();
    let mut total: u64 = entries.iter().map(|e| e.bytes).sum();
    for e in &entries {
        let old = age(e.modified) > retention.max_age;
        let over = total > retention.max_bytes && age(e.modified) > retention.min_age;
        if (old || over) && (dry_run || std::fs::remove_file(&e.path).is_ok()) {
            total -= e.bytes;
            pruned.bytes += e.bytes;
            pruned.files.push(e.path.clone());
        }
    }
    for dir in std::fs::read_dir(output_dir.join("tmp"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let path = dir.path();
        let newest = newest_in(&path, 0).unwrap_or(SystemTime::UNIX_EPOCH);
        if path.is_dir()
            && age(newest) > retention.max_age
            && (dry_run || std::fs::remove_dir_all(&path).is_ok())
        {
            pruned.dirs.push(path);
        }
    }
    let cutoff = now
        .checked_sub(retention.max_age)
        .unwrap_or(SystemTime::UNIX_EPOCH);
    let cutoff_ms = cutoff
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    pruned.tasks = store.forget_finished_before(cutoff_ms, dry_run)?;
    Ok(pruned)
}

/// The newest modification time under `dir` (links not followed, 8
/// levels at most).
fn newest_in(dir: &Path, depth: usize) -> Option<SystemTime> {
    let own = std::fs::symlink_metadata(dir)
        .and_then(|m| m.modified())
        .ok();
    let children = std::fs::read_dir(dir).into_iter().flatten().flatten();
    children
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            match meta.is_dir() && depth < 8 {
                true => newest_in(&e.path(), depth + 1),
                false => meta.modified().ok(),
            }
        })
        .chain(own)
        .max()
}
