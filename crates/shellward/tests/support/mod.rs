//! What the binary's test files share: a fixture directory that removes
//! itself.

use std::path::{Path, PathBuf};

/// A fresh directory, removed when the value drops (also when a test
/// fails). It is `ws` inside its own temporary directory, so files a test
/// keeps beside it (`ws.trust.json`) go with it.
pub struct Temp {
    _root: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for Temp {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Temp {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

/// A [`Temp`] named `shellward-{suite}-{name}-...`, so a directory left
/// behind says which test made it.
pub fn temp_in(suite: &str, name: &str) -> Temp {
    let root = tempfile::Builder::new()
        .prefix(&format!("shellward-{suite}-{name}-"))
        .tempdir()
        .unwrap();
    let path = root.path().join("ws");
    std::fs::create_dir(&path).unwrap();
    let path = path.canonicalize().unwrap();
    Temp { _root: root, path }
}
