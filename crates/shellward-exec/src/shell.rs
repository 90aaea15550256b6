//! Which bash a session uses, chosen once and pinned: the choice is a
//! session entry (`<session>:runtime:bash_shell_selection`), so a resumed
//! session keeps its shell even if the host's settings changed.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::store::{Store, StoreError};

/// How the session's shell was found.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Selection {
    /// First use: chosen now and saved.
    New(PathBuf),
    /// The saved shell, still executable.
    Restored(PathBuf),
    /// The saved shell is gone; today's candidate is used (and saved). The
    /// model should be told the shell changed.
    Fallback {
        /// The shell used from now on.
        now: PathBuf,
        /// The one the session had.
        was: PathBuf,
    },
    /// The saved shell is gone and there is no candidate.
    Stale(PathBuf),
}

impl Selection {
    /// The shell to run, if there is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Selection::New(p) | Selection::Restored(p) => Some(p),
            Selection::Fallback { now, .. } => Some(now),
            Selection::Stale(_) => None,
        }
    }
}

/// An executable file.
pub fn executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Today's candidate: `$SHELL` when it is a bash, else the usual places.
pub fn candidate() -> Option<PathBuf> {
    let from_env = std::env::var_os("SHELL")
        .map(PathBuf::from)
        .filter(|p| p.file_name().is_some_and(|n| n == "bash"));
    from_env
        .into_iter()
        .chain(["/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash"].map(PathBuf::from))
        .find(|p| executable(p))
}

fn key(session: &str) -> String {
    format!("{session}:runtime:bash_shell_selection")
}

/// The session's shell: restored, newly chosen, or fallen back.
pub fn select(store: &Store, session: &str) -> Result<Selection, StoreError> {
    let saved = store
        .entry(&key(session))?
        .and_then(|v| serde_json::from_str::<serde_json::Value>(&v).ok())
        .and_then(|v| v["path"].as_str().map(PathBuf::from));
    let save = |p: &Path| {
        store.set_entry(
            &key(session),
            &serde_json::json!({ "path": p, "selected_ms": crate::store::now_ms() }).to_string(),
        )
    };
    Ok(match (saved, candidate()) {
        (Some(was), _) if executable(&was) => Selection::Restored(was),
        (Some(was), Some(now)) => {
            save(&now)?;
            Selection::Fallback { now, was }
        }
        (Some(was), None) => Selection::Stale(was),
        (None, Some(now)) => {
            save(&now)?;
            Selection::New(now)
        }
        (None, None) => Selection::Stale(PathBuf::from("bash")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shell_is_pinned_per_session() {
        let dir_guard = tempfile::Builder::new()
            .prefix("shellward-shell-")
            .tempdir()
            .unwrap();
        let dir = dir_guard.path().to_path_buf();
        let store = crate::Store::open(&dir.join("s.db")).unwrap();
        let first = select(&store, "s1").unwrap();
        let Selection::New(path) = first else {
            panic!("{first:?}")
        };
        assert_eq!(
            select(&store, "s1").unwrap(),
            Selection::Restored(path.clone())
        );
        store
            .set_entry(
                "s2:runtime:bash_shell_selection",
                r#"{"path": "/nonexistent/bash"}"#,
            )
            .unwrap();
        assert_eq!(
            select(&store, "s2").unwrap(),
            Selection::Fallback {
                now: path.clone(),
                was: std::path::PathBuf::from("/nonexistent/bash")
            }
        );
        assert_eq!(select(&store, "s2").unwrap(), Selection::Restored(path));
    }
}
