//! `shellward hook claude-code`: Claude Code's PreToolUse hook.
//!
//! Reads the hook's JSON on stdin; for a `Bash` call prints a permission
//! decision: `allow` when shellward would run the command without asking
//! (read-only with no path outside the workspace, or an allow rule), `deny`
//! for a deny rule (shellward's or the user's Claude Code `Bash(...)` rules)
//! or plan mode, and otherwise nothing (or `ask` with `--on-ask ask`). It
//! never blocks the user's agent because of our own failure: malformed
//! input or settings give exit 0, no decision, and one line on stderr.

use std::io::Read;
use std::process::ExitCode;

use serde::Deserialize;

use crate::OnAsk;

#[derive(Deserialize)]
struct Payload {
    #[serde(default)]
    cwd: Option<std::path::PathBuf>,
    #[serde(default)]
    permission_mode: Option<String>,
    tool_name: String,
    #[serde(default)]
    tool_input: serde_json::Value,
}

/// Runs the hook; always exit 0.
pub fn claude_code(on_ask: OnAsk, confine: bool) -> ExitCode {
    if let Err(why) = decide(on_ask, confine) {
        eprintln!("shellward hook: {why}");
    }
    ExitCode::SUCCESS
}

fn decide(on_ask: OnAsk, confine: bool) -> Result<(), String> {
    let mut input = String::new();
    std::io::stdin()
        .take(16 * 1024 * 1024)
        .read_to_string(&mut input)
        .map_err(|e| format!("reading stdin: {e}"))?;
    let payload: Payload =
        serde_json::from_str(&input).map_err(|e| format!("not a hook payload: {e}"))?;
    if payload.tool_name != "Bash" {
        return Ok(());
    }
    let command = payload.tool_input["command"]
        .as_str()
        .ok_or("tool_input.command is not a string")?;
    let cwd = match payload.cwd {
        Some(dir) if dir.is_absolute() => dir,
        _ => std::env::current_dir().map_err(|e| format!("current directory: {e}"))?,
    };
    let workspace = shellward_judge::git::work_tree_root(&cwd).unwrap_or_else(|| cwd.clone());
    // A broken workspace file (one the agent may have planted) is skipped,
    // said on stderr, and the user's own rules still decide.
    let (settings, broken) = shellward_permit::Settings::load_lenient(&workspace, &[], None)
        .map_err(|e| e.to_string())?;
    for e in broken {
        eprintln!("shellward hook: ignored: {e}");
    }
    let mut ctx = shellward_judge::Context::new(&cwd, &workspace);
    for dir in &settings.additional_directories {
        ctx = ctx.with_root(dir);
    }
    // Claude Code's plan mode is ours; its other modes do not loosen Bash.
    let mode = match payload.permission_mode.as_deref() {
        Some("plan") => shellward_permit::Mode::Plan,
        _ => shellward_permit::Mode::Build,
    };
    let analysis = shellward_syntax::analyze(command);
    let verdict = shellward_judge::judge(&analysis, &ctx);
    let cwd_outside = ctx.cwd_outside();
    let decision = shellward_permit::decide(&shellward_permit::Request {
        analysis: &analysis,
        verdict: &verdict,
        mode,
        settings: &settings,
        cwd_outside,
    });
    let (word, reason) = match decision.action {
        shellward_permit::Action::Allow => (
            "allow",
            format!("shellward: {} [{}]", decision.reason, decision.rule),
        ),
        shellward_permit::Action::Deny => (
            "deny",
            format!("shellward: {} [{}]", decision.reason, decision.rule),
        ),
        shellward_permit::Action::Ask => match on_ask {
            OnAsk::None => return Ok(()),
            OnAsk::Ask => (
                "ask",
                format!("shellward: {} [{}]", decision.reason, decision.rule),
            ),
        },
    };
    let mut output = serde_json::json!({
        "hookEventName": "PreToolUse",
        "permissionDecision": word,
        "permissionDecisionReason": reason,
    });
    let auto_read_only = matches!(
        decision.rule.as_str(),
        "mode.build.readOnly" | "mode.plan.readOnly"
    );
    if confine && auto_read_only {
        let mut input = payload.tool_input.clone();
        input["command"] = confined(command, &workspace, &analysis)?.into();
        output["updatedInput"] = input;
    }
    println!("{}", serde_json::json!({ "hookSpecificOutput": output }));
    Ok(())
}

/// The command under `shellward sandbox`, for Claude Code's shell to run.
fn confined(
    command: &str,
    workspace: &std::path::Path,
    analysis: &shellward_syntax::Analysis,
) -> Result<String, String> {
    if command.contains('\0') {
        return Err("a command with a NUL byte cannot be passed to the sandbox".into());
    }
    let shellward = std::env::current_exe().map_err(|e| format!("locating shellward: {e}"))?;
    let changes_dir = analysis
        .commands()
        .iter()
        .any(|c| matches!(c.argv().next(), Some("cd" | "pushd" | "popd")));
    Ok(crate::sandbox::confined_command(
        &shellward,
        workspace,
        command,
        changes_dir,
    ))
}
