//! `shellward mcp` driven by a client no one here wrote: the official
//! Python MCP SDK (`mcp` 2.3.0 from PyPI), installed into a virtualenv
//! under the target directory on first use. The client script is
//! `tests/mcp/client.py`; it prints one `ok - ...` line per check.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

const MCP_VERSION: &str = "2.3.0";

/// A virtualenv with the pinned SDK (created once, reused).
fn python() -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("mcp-venv-{MCP_VERSION}"));
    let python = venv.join("bin/python");
    let marker = venv.join(".installed");
    if marker.exists() {
        return python;
    }
    let run = |cmd: &mut Command, what: &str| {
        let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(
            out.status.success(),
            "{what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run(
        Command::new("python3").args(["-m", "venv"]).arg(&venv),
        "creating a virtualenv (python3 -m venv)",
    );
    run(
        Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            &format!("mcp=={MCP_VERSION}"),
        ]),
        "installing the Python MCP SDK from PyPI",
    );
    std::fs::write(&marker, MCP_VERSION).unwrap();
    python
}

#[test]
fn the_python_sdk_client_drives_the_server() {
    let python = python();
    let root_guard = tempfile::Builder::new()
        .prefix("shellward-mcp-")
        .tempdir()
        .unwrap();
    let root = root_guard.path().to_path_buf();
    let ws = root.join("ws");
    std::fs::create_dir_all(&ws).unwrap();
    let ws = ws.canonicalize().unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/client.py");
    let out = Command::new(python)
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_shellward"))
        .arg(&ws)
        .arg(root.join("state/state.db"))
        .current_dir(&ws)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success() && stdout.contains("all passed"),
        "client failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.matches("ok - ").count() >= 12);
    let _ = std::fs::remove_dir_all(&root);
}
