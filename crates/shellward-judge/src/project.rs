//! Project files that make a tool launcher run a program of the project's,
//! even for `--version`.
//!
//! rustup reads `rust-toolchain.toml` (or `rust-toolchain`) from the working
//! directory upwards, and its `path` key names a toolchain directory whose
//! `cargo` or `rustc` is then run. Yarn 2+ reads `.yarnrc.yml` upwards, and its
//! `yarnPath` names a JavaScript file that is then run. The .NET host reads
//! `global.json` upwards, and its `sdk.paths` names directories whose SDK
//! is then run. A cloned repository can carry any of them.

use std::path::Path;

/// `(launchers, file name, key that names a program)`.
const LAUNCHER_FILES: &[(&[&str], &str, &str)] = &[
    (
        &["cargo", "rustc", "rustup", "rustfmt"],
        "rust-toolchain.toml",
        "path",
    ),
    (
        &["cargo", "rustc", "rustup", "rustfmt"],
        "rust-toolchain",
        "path",
    ),
    (&["yarn"], ".yarnrc.yml", "yarnPath"),
    // .NET 10's `sdk.paths` lists directories to take the SDK from.
    (&["dotnet"], "global.json", "paths"),
];

/// The project file that makes `launcher` unsafe to run from `cwd`, if any.
/// A file that cannot be read counts as unsafe.
pub(crate) fn launcher_unsafe(launcher: &str, cwd: &Path) -> Option<String> {
    let files: Vec<&(&[&str], &str, &str)> = LAUNCHER_FILES
        .iter()
        .filter(|(names, _, _)| names.contains(&launcher))
        .collect();
    if files.is_empty() {
        return None;
    }
    for dir in cwd.ancestors() {
        for (_, file, key) in &files {
            let path = dir.join(file);
            match crate::fsread::read_bounded(&path, 1024 * 1024) {
                Err(crate::fsread::ReadError::Missing) => {}
                Ok(text) if !String::from_utf8_lossy(&text).contains(key) => {}
                // The key, or a file that cannot be read whole: unsafe.
                _ => return Some((*file).to_string()),
            }
        }
    }
    None
}
