//! The OS sandbox under the verdict, with real processes: a command the
//! judge (wrongly, here forced) let through as read-only cannot write or
//! connect; the same command unconfined can, so these tests can fail.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use shellward_exec::input::Flag;
use shellward_exec::sandbox::{Confinement, Sockets, Support, support};
use shellward_exec::{
    BashInput, BashOutcome, Call, Completed, Content, Executor, Limits, Session, Store,
};
use shellward_permit::{Mode, Settings};

struct H {
    executor: Executor,
    session: Session,
    root: PathBuf,
}

fn harness(name: &str) -> H {
    let root =
        std::env::temp_dir().join(format!("shellward-sandbox-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("ws")).unwrap();
    let ws = root.join("ws").canonicalize().unwrap();
    let store = Store::open(&root.join("state/state.db")).unwrap();
    let (executor, _events) =
        Executor::new(store, Limits::default(), root.join("state/output")).unwrap();
    H {
        executor,
        session: Session {
            id: format!("sandbox-{name}"),
            workspace: ws,
            subagent: false,
        },
        root,
    }
}

fn input(command: &str) -> BashInput {
    BashInput::from_json(&serde_json::json!({ "command": command })).unwrap()
}

fn settings(json: &str, ws: &Path) -> Settings {
    let mut s = Settings::default();
    s.add(
        shellward_permit::settings::Level::Project,
        Path::new("s.json"),
        json,
        ws,
    )
    .unwrap();
    s
}

impl H {
    fn prepare(&self, command: &str, mode: Mode, settings: &Settings) -> shellward_exec::Prepared {
        self.executor
            .prepare(&self.session, input(command), settings, mode)
            .unwrap()
    }

    /// Run `command` approved, under `confinement`.
    async fn run_confined(&self, command: &str, confinement: Confinement) -> Completed {
        let mut prepared = self.prepare(command, Mode::Yolo, &Settings::default());
        prepared.confinement = confinement;
        let approval = prepared.approve(true).unwrap();
        match self
            .executor
            .bash(&self.session, prepared, approval, Call::default())
            .await
            .unwrap()
        {
            BashOutcome::Completed(c) => c,
            other => panic!("{other:?}"),
        }
    }
}

impl Drop for H {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn text(c: &Completed) -> String {
    c.content
        .iter()
        .map(|b| match b {
            Content::Text(t) => t.clone(),
            Content::Image(_) => String::new(),
        })
        .collect()
}

#[test]
fn landlock_is_present_on_this_machine_kind() {
    // The CI machine kind has Landlock ABI 7; if this fails, the sandbox
    // tests below would prove nothing.
    assert_eq!(
        support(),
        Support::Full,
        "{:?}",
        shellward_exec::sandbox::features()
    );
}

#[tokio::test]
async fn a_write_let_through_as_read_only_fails() {
    let h = harness("write");
    let ws = h.session.workspace.clone();
    let c = h
        .run_confined("echo secret > leaked.txt; touch /tmp/shellward-leak-$$; echo to-null > /dev/null; echo shown", Confinement::READ_ONLY)
        .await;
    let t = text(&c);
    assert!(t.contains("Permission denied"), "{t}");
    assert!(
        t.contains("shown"),
        "output still reaches the output file: {t}"
    );
    assert!(!ws.join("leaked.txt").exists());
    // The session's own temp dir stays writable (sort spills there).
    let c = h
        .run_confined(
            "echo t > \"$TMPDIR/spill\" && cat \"$TMPDIR/spill\"",
            Confinement::READ_ONLY,
        )
        .await;
    assert_eq!(text(&c), "t\n");
    // Its own standard output and error, opened again by name.
    let c = h
        .run_confined(
            "echo to-stderr > /dev/stderr; echo to-stdout >> /dev/stdout",
            Confinement::READ_ONLY,
        )
        .await;
    assert_eq!(text(&c), "to-stderr\nto-stdout\n");
    // The same command unconfined writes: the test can fail.
    let c = h
        .run_confined("echo secret > leaked.txt", Confinement::None)
        .await;
    assert_eq!(c.exit_code, Some(0), "{}", text(&c));
    assert!(ws.join("leaked.txt").exists());
}

#[tokio::test]
async fn a_connect_let_through_as_read_only_fails() {
    let h = harness("net");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            drop(stream);
        }
    });
    let connect = format!("exec 3<>/dev/tcp/127.0.0.1/{port} && echo connected");
    let c = h.run_confined(&connect, Confinement::READ_ONLY).await;
    assert!(!text(&c).contains("connected"), "{}", text(&c));
    assert_ne!(c.exit_code, Some(0));
    // Network reads (gh) keep TCP; unconfined too.
    let c = h
        .run_confined(
            &connect,
            Confinement::ReadOnly {
                sockets: Sockets {
                    unix: true,
                    inet: true,
                },
            },
        )
        .await;
    assert!(text(&c).contains("connected"), "{}", text(&c));
    let c = h.run_confined(&connect, Confinement::None).await;
    assert!(text(&c).contains("connected"), "{}", text(&c));
}

#[tokio::test]
async fn which_commands_are_confined() {
    let h = harness("which");
    let none = Settings::default();
    // Auto-allowed read-only commands: confined, without network unless gh.
    assert_eq!(
        h.prepare("ls -la", Mode::Build, &none).confinement,
        Confinement::READ_ONLY
    );
    assert_eq!(
        h.prepare("gh pr list", Mode::Build, &none).confinement,
        Confinement::ReadOnly {
            sockets: Sockets {
                unix: true,
                inet: true
            }
        }
    );
    // Approved by a person or a rule: not confined by default.
    assert_eq!(
        h.prepare("touch x", Mode::Build, &none).confinement,
        Confinement::None
    );
    // Plan mode: everything that runs.
    assert_eq!(
        h.prepare("cat README", Mode::Plan, &none).confinement,
        Confinement::READ_ONLY
    );
    // The optional build profile.
    let ws = h.session.workspace.clone();
    let profile = settings(r#"{"sandbox": {"buildProfile": "workspace-write"}}"#, &ws);
    let Confinement::WorkspaceWrite { writable } =
        h.prepare("touch x", Mode::Build, &profile).confinement
    else {
        panic!("workspace-write expected");
    };
    assert_eq!(writable[0], ws);
    // dangerouslyDisableSandbox: ignored unless allowed; when allowed, never auto-allowed.
    let mut i = input("ls");
    i.dangerously_disable_sandbox = Flag(true);
    let p = h
        .executor
        .prepare(&h.session, i.clone(), &none, Mode::Build)
        .unwrap();
    assert_eq!(p.confinement, Confinement::READ_ONLY);
    assert!(p.sandbox_note.is_some());
    let allow = settings(r#"{"sandbox": {"allowDisable": true}}"#, &ws);
    let p = h
        .executor
        .prepare(&h.session, i, &allow, Mode::Build)
        .unwrap();
    assert_eq!(p.confinement, Confinement::None);
    assert_eq!(p.decision.action, shellward_permit::Action::Ask);
}

#[tokio::test]
async fn the_workspace_write_profile() {
    let h = harness("profile");
    let ws = h.session.workspace.clone();
    let confinement = Confinement::WorkspaceWrite {
        writable: vec![ws.clone(), h.executor.session_tmp(&h.session)],
    };
    let outside = h.root.join("outside.txt");
    let c = h
        .run_confined(
            &format!(
                "touch inside.txt && echo tmp > \"$TMPDIR/t\" && touch {}",
                outside.display()
            ),
            confinement,
        )
        .await;
    assert!(ws.join("inside.txt").exists());
    assert!(!outside.exists(), "{}", text(&c));
    assert!(text(&c).contains("Permission denied"), "{}", text(&c));
}

#[tokio::test]
async fn read_only_commands_work_confined() {
    let h = harness("works");
    std::fs::write(h.session.workspace.join("a.txt"), "alpha\n").unwrap();
    let prepared = h.prepare(
        "cat a.txt && ls && git --version >/dev/null && sort a.txt",
        Mode::Build,
        &Settings::default(),
    );
    assert_eq!(prepared.confinement, Confinement::READ_ONLY);
    let approval = prepared.approve(false).unwrap();
    let BashOutcome::Completed(c) = h
        .executor
        .bash(&h.session, prepared, approval, Call::default())
        .await
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(c.exit_code, Some(0), "{}", text(&c));
    assert!(text(&c).starts_with("alpha\n"));
}

/// Secret hygiene with real child processes printing their environment.
/// The checks need secrets in this process's environment, so the test
/// re-runs itself with them set (the outer run only checks the inner one).
#[tokio::test]
async fn secrets_are_scrubbed_from_what_no_person_approved() {
    const NAME: &str = "secrets_are_scrubbed_from_what_no_person_approved";
    if std::env::var_os("SHELLWARD_SECRETS_INNER").is_none() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", NAME, "--nocapture", "--test-threads=1"])
            .env("SHELLWARD_SECRETS_INNER", "1")
            .env("GITHUB_TOKEN", "ghp_0123456789abcdef")
            .env("MY_API_KEY", "sk-live-abcdef987654")
            .env("HARMLESS_SETTING", "visible")
            .env(
                "DEPLOY_REMOTE",
                "https://bot:hunter2hunter2@git.example.com/x.git",
            )
            .env("BUILD_NOTE", "ghp_0123456789abcdefghijABCDEFGHIJ0123")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("inner checks passed"),
            "{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    let h = harness("secrets");
    let show = "echo GT=$GITHUB_TOKEN KEY=$MY_API_KEY H=$HARMLESS_SETTING";
    let by_value = "echo R=$DEPLOY_REMOTE N=$BUILD_NOTE";
    // Run `show` in place of the command that was judged (a wrong verdict).
    let run = |judged: &'static str, settings: Settings, approve: bool| {
        let h = &h;
        async move {
            let mut p = h.prepare(judged, Mode::Build, &settings);
            p.input.command = show.into();
            let approval = p.approve(approve).unwrap();
            match h
                .executor
                .bash(&h.session, p, approval, Call::default())
                .await
                .unwrap()
            {
                BashOutcome::Completed(c) => text(&c),
                other => panic!("{other:?}"),
            }
        }
    };
    // Auto-allowed read-only: secrets removed, the rest kept.
    assert_eq!(
        run("ls", Settings::default(), false).await,
        "GT= KEY= H=visible\n"
    );
    // Innocent names, credential values: removed by their shape.
    let mut p = h.prepare("ls", Mode::Build, &Settings::default());
    p.input.command = by_value.into();
    let approval = p.approve(false).unwrap();
    let BashOutcome::Completed(c) = h
        .executor
        .bash(&h.session, p, approval, Call::default())
        .await
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(text(&c), "R= N=\n");
    // gh needs its token.
    assert_eq!(
        run("gh pr list", Settings::default(), false).await,
        "GT=ghp_0123456789abcdef KEY= H=visible\n"
    );
    // Approved by a person: the environment as configured.
    assert_eq!(
        run("touch x", Settings::default(), true).await,
        "GT=ghp_0123456789abcdef KEY=sk-live-abcdef987654 H=visible\n"
    );
    let ws = h.session.workspace.clone();
    // Policies: none + set; core; exclude globs.
    let none = settings(
        r#"{"env": {"policy": "none", "set": {"HARMLESS_SETTING": "set"}}}"#,
        &ws,
    );
    assert_eq!(run("touch x", none, true).await, "GT= KEY= H=set\n");
    let core = settings(r#"{"env": {"policy": "core"}}"#, &ws);
    assert_eq!(run("touch x", core, true).await, "GT= KEY= H=\n");
    let exclude = settings(r#"{"env": {"exclude": ["MY_*"]}}"#, &ws);
    assert_eq!(
        run("touch x", exclude, true).await,
        "GT=ghp_0123456789abcdef KEY= H=visible\n"
    );
    // Masking in output, when turned on.
    let mask = settings(r#"{"env": {"maskSecretsInOutput": true}}"#, &ws);
    assert_eq!(
        run("touch x", mask, true).await,
        "GT=[redacted:GITHUB_TOKEN] KEY=[redacted:MY_API_KEY] H=visible\n"
    );
    println!("inner checks passed");
}
