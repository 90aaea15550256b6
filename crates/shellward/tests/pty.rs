//! `shellward run` in a pseudo-terminal: the approval prompt (once, always,
//! no) and the spinner; without a terminal an ask exits with code 3.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};

mod support;
use support::Temp;

fn temp(name: &str) -> Temp {
    support::temp_in("pty", name)
}

struct Session {
    master: std::fs::File,
    screen: Arc<Mutex<String>>,
    child: std::process::Child,
}

/// Start `shellward ARGS` with a terminal as stdin, stdout and stderr.
fn start(ws: &Path, state: &Path, args: &[&str]) -> Session {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let name = ptsname(&master, Vec::new()).unwrap();
    let slave = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(name.to_str().unwrap())
        .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(args)
        .current_dir(ws)
        .env("SHELLWARD_STATE_DB", state.join("state.db"))
        .env("XDG_CONFIG_HOME", ws.join(".no-user-config"))
        .env("TERM", "xterm")
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave))
        .spawn()
        .unwrap();
    let master = std::fs::File::from(master);
    let screen = Arc::new(Mutex::new(String::new()));
    let mut reader = master.try_clone().unwrap();
    let sink = screen.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // Ends with EIO when the last slave descriptor closes.
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    Session {
        master,
        screen,
        child,
    }
}

impl Session {
    fn wait_for(&self, needle: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if self.screen.lock().unwrap().contains(needle) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!(
            "{needle:?} never appeared in:\n{}",
            self.screen.lock().unwrap()
        );
    }

    fn answer(&mut self, text: &str) {
        self.master.write_all(text.as_bytes()).unwrap();
    }

    fn finish(mut self) -> (i32, String) {
        let status = self.child.wait().unwrap();
        std::thread::sleep(Duration::from_millis(100));
        let screen = self.screen.lock().unwrap().clone();
        (status.code().unwrap_or(-1), screen)
    }
}

#[test]
fn the_approval_prompt() {
    let ws = temp("prompt");
    let state = temp("prompt-state");
    // y: once.
    let mut s = start(&ws, &state, &["run", "--", "touch once.txt && echo made"]);
    s.wait_for("Run it? [y] once  [a] always allow touch:*");
    s.answer("y\n");
    let (code, screen) = s.finish();
    assert_eq!(code, 0, "{screen}");
    assert!(
        screen.contains("made") && ws.join("once.txt").exists(),
        "{screen}"
    );
    // n: does not run, exit 123.
    let mut s = start(&ws, &state, &["run", "--", "touch never.txt"]);
    s.wait_for("Run it?");
    s.answer("n\n");
    let (code, _) = s.finish();
    assert_eq!(code, 123);
    assert!(!ws.join("never.txt").exists());
    // a: runs, saves the rule, and the next one is not asked about.
    let mut s = start(&ws, &state, &["run", "--", "mkdir -p d1"]);
    s.wait_for("Run it?");
    s.answer("a\n");
    let (code, screen) = s.finish();
    assert_eq!(code, 0, "{screen}");
    let saved = std::fs::read_to_string(ws.join(".shellward/settings.local.json")).unwrap();
    assert!(saved.contains("mkdir:*"), "{saved}");
    let s = start(&ws, &state, &["run", "--", "mkdir -p d2"]);
    let (code, screen) = s.finish();
    assert_eq!(code, 0, "{screen}");
    assert!(
        !screen.contains("Run it?") && ws.join("d2").is_dir(),
        "{screen}"
    );
}

#[test]
fn without_a_terminal_an_ask_exits_3() {
    let ws = temp("notty");
    let state = temp("notty-state");
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["run", "--", "touch x"])
        .current_dir(&ws)
        .env("SHELLWARD_STATE_DB", state.join("state.db"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(123));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs approval"));
    assert!(!ws.join("x").exists());
}

#[test]
fn a_spinner_while_it_runs_and_raw_output() {
    let ws = temp("spinner");
    let state = temp("spinner-state");
    let s = start(
        &ws,
        &state,
        &["run", "--yes", "--", "echo begin; sleep 2.5; echo end"],
    );
    s.wait_for("bytes");
    let (code, screen) = s.finish();
    assert_eq!(code, 0);
    assert!(
        screen.contains("begin") && screen.contains("end"),
        "{screen}"
    );
    // --raw: the output as written, without the model's notes.
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["run", "--yes", "--raw", "--", "echo out; exit 4"])
        .current_dir(&ws)
        .env("SHELLWARD_STATE_DB", state.join("state.db"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "out\n");
}

#[test]
fn completions_are_generated() {
    let out = Command::new(env!("CARGO_BIN_EXE_shellward"))
        .args(["completions", "bash"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let script = String::from_utf8_lossy(&out.stdout);
    assert!(script.contains("shellward") && script.contains("hook") && script.contains("mcp"));
}
