//! The session store: SQLite (bundled) in WAL mode, so it survives
//! `kill -9` and is shared by concurrent shellward processes.
//!
//! | table | holds |
//! | --- | --- |
//! | `entries` | session entries by key (`<session>:runtime:bash_shell_selection`) |
//! | `tasks` | every command run, background and foreground (`foreground`, while it is one): id, session, command, pid, status, exit code, output and status file paths, times, notified, who stopped it, workspace |
//! | `cwd` | the working directory per session |

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, params};

/// A store error.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed.
    #[error("session store {path}: {source}")]
    Sqlite {
        /// The database file.
        path: PathBuf,
        /// The error.
        source: rusqlite::Error,
    },
    /// The directory could not be created.
    #[error("session store {path}: {source}")]
    Io {
        /// The directory.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

/// Status of a background task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskStatus {
    /// Still running.
    Running,
    /// Exited on its own (see the exit code).
    Completed,
    /// Killed: stopped by the model or the user, or over the output cap.
    Killed,
    /// Its process is gone and its exit status was never recorded.
    Lost,
}

impl TaskStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            TaskStatus::Running => "running",
            TaskStatus::Completed => "completed",
            TaskStatus::Killed => "killed",
            TaskStatus::Lost => "lost",
        }
    }

    fn parse(s: &str) -> TaskStatus {
        match s {
            "running" => TaskStatus::Running,
            "completed" => TaskStatus::Completed,
            "killed" => TaskStatus::Killed,
            _ => TaskStatus::Lost,
        }
    }
}

/// A background task's record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TaskRecord {
    /// Task id (`b` and 12 hex digits).
    pub id: String,
    /// The session that started it.
    pub session: String,
    /// The command.
    pub command: String,
    /// Process (and process group) id.
    pub pid: i32,
    /// Status.
    pub status: TaskStatus,
    /// Exit code when completed.
    pub exit_code: Option<i32>,
    /// The output file (stdout and stderr, in order).
    pub output_path: PathBuf,
    /// Where the wrapper writes the exit status.
    pub status_path: PathBuf,
    /// Start, milliseconds since the Unix epoch.
    pub started_ms: i64,
    /// End, when known.
    pub ended_ms: Option<i64>,
    /// The completion was shown to the model.
    pub notified: bool,
    /// Who stopped it (`model`, `user`, `output_limit`, `timeout`), if someone did.
    pub stopped_by: Option<String>,
    /// The workspace of the session that started it (none for a task
    /// recorded before shellward kept it, or an orphan).
    pub workspace: Option<PathBuf>,
    /// A foreground call (the model waited for it), not a background task:
    /// recorded from its spawn so that no command runs unrecorded, and
    /// turned into a background task if it moves there.
    pub foreground: bool,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The store.
pub struct Store {
    path: PathBuf,
    conn: Mutex<Connection>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

/// Where the store lives by default: `$SHELLWARD_STATE_DB`, else
/// `$XDG_STATE_HOME/shellward/state.db`, else `~/.local/state/shellward/state.db`.
pub fn default_path() -> PathBuf {
    if let Some(p) = std::env::var_os("SHELLWARD_STATE_DB") {
        return PathBuf::from(p);
    }
    let base = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("shellward/state.db")
}

/// SQLite's "the database is busy or locked".
fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

impl Store {
    /// Open (creating) the store at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let err = |source| StoreError::Sqlite {
            path: path.to_path_buf(),
            source,
        };
        // Switching a new database to WAL while other processes open it
        // can fail with SQLITE_BUSY without the busy handler being asked
        // (SQLite avoids a deadlock): such a failure is retried.
        let mut attempt = 0;
        let conn = loop {
            match Store::connect(path) {
                Err(e) if attempt < 50 && is_busy(&e) => {
                    attempt += 1;
                    std::thread::sleep(std::time::Duration::from_millis(20 + 10 * attempt));
                }
                other => break other.map_err(err)?,
            }
        };
        Ok(Store {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
        })
    }

    fn connect(path: &Path) -> rusqlite::Result<Connection> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS entries (
                 key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_ms INTEGER NOT NULL);
             CREATE TABLE IF NOT EXISTS tasks (
                 id TEXT PRIMARY KEY, session TEXT NOT NULL, command TEXT NOT NULL,
                 pid INTEGER NOT NULL, status TEXT NOT NULL, exit_code INTEGER,
                 output_path TEXT NOT NULL, status_path TEXT NOT NULL,
                 started_ms INTEGER NOT NULL, ended_ms INTEGER,
                 notified INTEGER NOT NULL DEFAULT 0, stopped_by TEXT);
             CREATE INDEX IF NOT EXISTS tasks_session ON tasks(session);
             CREATE TABLE IF NOT EXISTS cwd (
                 session TEXT PRIMARY KEY, cwd TEXT NOT NULL, updated_ms INTEGER NOT NULL);",
        )?;
        // Added after the first release: older stores get the columns.
        for (column, ddl) in [
            ("workspace", "ALTER TABLE tasks ADD COLUMN workspace TEXT"),
            (
                "foreground",
                "ALTER TABLE tasks ADD COLUMN foreground INTEGER NOT NULL DEFAULT 0",
            ),
        ] {
            let has: bool = conn.query_row(
                "SELECT COUNT(*) FROM pragma_table_info('tasks') WHERE name = ?1",
                [column],
                |r| r.get::<_, i64>(0).map(|n| n > 0),
            )?;
            if !has {
                match conn.execute_batch(ddl) {
                    // Another process added it first.
                    Err(e) if e.to_string().contains("duplicate column") => {}
                    other => other?,
                }
            }
        }
        Ok(conn)
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn with<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, StoreError> {
        let conn = self
            .conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&conn).map_err(|source| StoreError::Sqlite {
            path: self.path.clone(),
            source,
        })
    }

    /// Read an entry.
    pub fn entry(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.with(|c| {
            c.query_row("SELECT value FROM entries WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()
        })
    }

    /// Write an entry.
    pub fn set_entry(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.with(|c| {
            cached(
                c,
                "INSERT INTO entries (key, value, updated_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT(key) DO UPDATE SET value = ?2, updated_ms = ?3",
                params![key, value, now_ms()],
            )
            .map(drop)
        })
    }

    /// The session's working directory.
    pub fn cwd(&self, session: &str) -> Result<Option<PathBuf>, StoreError> {
        self.with(|c| {
            c.query_row("SELECT cwd FROM cwd WHERE session = ?1", [session], |r| {
                r.get::<_, String>(0)
            })
            .optional()
        })
        .map(|v| v.map(PathBuf::from))
    }

    /// Set the session's working directory.
    pub fn set_cwd(&self, session: &str, cwd: &Path) -> Result<(), StoreError> {
        tracing::debug!(%session, cwd = %cwd.display(), "store: cwd saved");
        let cwd = cwd.to_string_lossy().into_owned();
        self.with(|c| {
            cached(
                c,
                "INSERT INTO cwd (session, cwd, updated_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT(session) DO UPDATE SET cwd = ?2, updated_ms = ?3",
                params![session, cwd, now_ms()],
            )
            .map(drop)
        })
    }

    /// Insert a task (an error if its id is recorded already).
    pub fn insert_task(&self, t: &TaskRecord) -> Result<(), StoreError> {
        self.write_task(t, "")
    }

    /// Record a task as moved to the background: a foreground call
    /// recorded under its id becomes a background task (the other fields
    /// stay as first recorded); a call that was never recorded (the store
    /// failed at its start) is recorded now.
    pub fn to_background(&self, t: &TaskRecord) -> Result<(), StoreError> {
        let background = TaskRecord {
            foreground: false,
            ..t.clone()
        };
        self.write_task(
            &background,
            "ON CONFLICT(id) DO UPDATE SET foreground = 0 WHERE tasks.status = 'running'",
        )
    }

    fn write_task(&self, t: &TaskRecord, on_conflict: &str) -> Result<(), StoreError> {
        tracing::debug!(task = %t.id, session = %t.session, pid = ?t.pid, status = t.status.as_str(), "store: task recorded");
        self.with(|c| {
            cached(
                c,
                &format!("INSERT INTO tasks (id, session, command, pid, status, exit_code, output_path,
                     status_path, started_ms, ended_ms, notified, stopped_by, workspace,
                     foreground)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) {on_conflict}"),
                params![
                    t.id,
                    t.session,
                    t.command,
                    t.pid,
                    t.status.as_str(),
                    t.exit_code,
                    t.output_path.to_string_lossy(),
                    t.status_path.to_string_lossy(),
                    t.started_ms,
                    t.ended_ms,
                    t.notified,
                    t.stopped_by,
                    t.workspace
                        .as_ref()
                        .map(|w| w.to_string_lossy().into_owned()),
                    t.foreground
                ],
            )
            .map(drop)
        })
    }

    /// Record a task's end (only if it is still running: the first end wins).
    pub fn finish_task(
        &self,
        id: &str,
        status: TaskStatus,
        exit_code: Option<i32>,
        stopped_by: Option<&str>,
    ) -> Result<bool, StoreError> {
        tracing::debug!(task = %id, status = status.as_str(), ?exit_code, ?stopped_by, "store: task ended");
        self.with(|c| {
            cached(
                c,
                "UPDATE tasks SET status = ?2, exit_code = ?3, ended_ms = ?4,
                     stopped_by = COALESCE(stopped_by, ?5)
                 WHERE id = ?1 AND status = 'running'",
                params![id, status.as_str(), exit_code, now_ms(), stopped_by],
            )
            .map(|n| n > 0)
        })
    }

    /// Note who is stopping a task (before it ends).
    pub fn set_stopped_by(&self, id: &str, who: &str) -> Result<(), StoreError> {
        self.with(|c| {
            cached(
                c,
                "UPDATE tasks SET stopped_by = ?2 WHERE id = ?1 AND stopped_by IS NULL",
                params![id, who],
            )
            .map(drop)
        })
    }

    /// Mark a task's completion as shown to the model.
    pub fn mark_notified(&self, id: &str) -> Result<(), StoreError> {
        self.with(|c| cached(c, "UPDATE tasks SET notified = 1 WHERE id = ?1", [id]).map(drop))
    }

    /// A task by id.
    pub fn task(&self, id: &str) -> Result<Option<TaskRecord>, StoreError> {
        self.with(|c| {
            c.query_row(
                "SELECT id, session, command, pid, status, exit_code, output_path, status_path,
                        started_ms, ended_ms, notified, stopped_by, workspace, foreground FROM tasks WHERE id = ?1",
                [id],
                row_to_task,
            )
            .optional()
        })
    }

    /// Forget the tasks that ended before `cutoff_ms` (with `dry_run`, only
    /// count them); how many.
    pub fn forget_finished_before(
        &self,
        cutoff_ms: i64,
        dry_run: bool,
    ) -> Result<usize, StoreError> {
        const WHERE: &str = "status != 'running' AND ended_ms IS NOT NULL AND ended_ms < ?1";
        self.with(|c| match dry_run {
            true => c.query_row(
                &format!("SELECT COUNT(*) FROM tasks WHERE {WHERE}"),
                [cutoff_ms],
                |r| r.get::<_, i64>(0).map(|n| usize::try_from(n).unwrap_or(0)),
            ),
            false => cached(c, &format!("DELETE FROM tasks WHERE {WHERE}"), [cutoff_ms]),
        })
    }

    /// Tasks of a session (all sessions with `None`), newest first.
    pub fn tasks(&self, session: Option<&str>) -> Result<Vec<TaskRecord>, StoreError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT id, session, command, pid, status, exit_code, output_path, status_path,
                        started_ms, ended_ms, notified, stopped_by, workspace, foreground FROM tasks
                 WHERE ?1 IS NULL OR session = ?1 ORDER BY started_ms DESC, id DESC",
            )?;
            let rows = stmt.query_map([session], row_to_task)?;
            rows.collect()
        })
    }
}

/// Run `sql` through the connection's statement cache: every call runs
/// the same few statements (a task's start and end), and preparing one
/// again each time was most of what a write cost.
fn cached(c: &Connection, sql: &str, params: impl rusqlite::Params) -> rusqlite::Result<usize> {
    c.prepare_cached(sql)?.execute(params)
}

fn row_to_task(r: &rusqlite::Row<'_>) -> rusqlite::Result<TaskRecord> {
    Ok(TaskRecord {
        id: r.get(0)?,
        session: r.get(1)?,
        command: r.get(2)?,
        pid: r.get(3)?,
        status: TaskStatus::parse(&r.get::<_, String>(4)?),
        exit_code: r.get(5)?,
        output_path: PathBuf::from(r.get::<_, String>(6)?),
        status_path: PathBuf::from(r.get::<_, String>(7)?),
        started_ms: r.get(8)?,
        ended_ms: r.get(9)?,
        notified: r.get(10)?,
        stopped_by: r.get(11)?,
        workspace: r.get::<_, Option<String>>(12)?.map(PathBuf::from),
        foreground: r.get(13)?,
    })
}
