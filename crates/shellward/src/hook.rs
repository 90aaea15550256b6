//! `shellward hook claude-code`: Claude Code's PreToolUse hook.
//!
//! Reads the hook's JSON on stdin; for a `Bash` call prints a permission
//! decision: `allow` when shellward would run the command without asking
//! (read-only with no path outside the workspace, or an allow rule), `deny`
//! for a deny rule (shellward's or the user's Claude Code `Bash(...)` rules)
//! or plan mode, and otherwise nothing (or `ask` with `--on-ask ask`).
//! Claude Code's `permission_mode` maps onto ours ([`mode_of`]); what the
//! guard asks about (`rm -rf ~`, `git push --force`) is always an explicit
//! `ask`, and a `deny` under `bypassPermissions`/`dontAsk`, where nobody
//! would be asked. The reason carries the capability fields. It
//! never blocks the user's agent because of our own failure: malformed
//! input or settings give exit 0, no decision, and one line on stderr.

use std::io::Read;
use std::process::ExitCode;

use serde::Deserialize;

use crate::OnAsk;

#[derive(Deserialize)]
struct Payload {
    /// `PreToolUse` is what we answer; other events get no decision.
    #[serde(default)]
    hook_event_name: Option<String>,
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
    // Only a PreToolUse of the Bash tool is ours to answer (a payload
    // without the field is taken as one: older Claude Code versions).
    let pre_tool_use = payload
        .hook_event_name
        .as_deref()
        .is_none_or(|e| e == "PreToolUse");
    if payload.tool_name != "Bash" || !pre_tool_use {
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
    let mode = mode_of(payload.permission_mode.as_deref());
    let analysis = shellward_syntax::analyze(command);
    let verdict = shellward_judge::judge(&analysis, &ctx);
    let cwd_outside = ctx.cwd_outside();
    let decision = shellward_permit::decide(&shellward_permit::Request {
        analysis: &analysis,
        verdict: &verdict,
        mode,
        settings: &settings,
        cwd_outside,
        context: &ctx,
    });
    let (word, reason) = match decision.action {
        shellward_permit::Action::Allow => ("allow", reason_of(&decision)),
        shellward_permit::Action::Deny => ("deny", reason_of(&decision)),
        // The guard's question cannot be left to Claude Code: under
        // bypassPermissions or dontAsk nobody would be asked, so it is a
        // deny; otherwise an explicit ask, which Claude Code's own allow
        // rules cannot answer for the person.
        shellward_permit::Action::Ask if decision.rule.starts_with("guard.") => (
            if mode == shellward_permit::Mode::Yolo {
                "deny"
            } else {
                "ask"
            },
            reason_of(&decision),
        ),
        shellward_permit::Action::Ask => match on_ask {
            OnAsk::None => return Ok(()),
            OnAsk::Ask => ("ask", reason_of(&decision)),
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

/// The reason Claude Code shows: ours, the rule, and the capability fields.
fn reason_of(decision: &shellward_permit::Decision) -> String {
    let c = &decision.capability;
    format!(
        "shellward: {} [{}] (readOnly: {}, riskLevel: {}, sideEffectScope: {})",
        decision.reason,
        decision.rule,
        c.read_only,
        c.risk_level.as_str(),
        c.side_effect_scope.as_str(),
    )
}

/// Claude Code's `permission_mode` as ours: `default` is build,
/// `acceptEdits` edit, `plan` plan, and `bypassPermissions`/`dontAsk` yolo
/// (where the guard still stops what destroys: see [`decide`]). An unknown
/// or missing mode is build, the strictest that still runs read-only
/// commands.
/// (<https://docs.claude.com/en/docs/claude-code/hooks>, PreToolUse input.)
fn mode_of(permission_mode: Option<&str>) -> shellward_permit::Mode {
    use shellward_permit::Mode;
    match permission_mode {
        Some("plan") => Mode::Plan,
        Some("acceptEdits") => Mode::Edit,
        Some("bypassPermissions" | "dontAsk") => Mode::Yolo,
        _ => Mode::Build,
    }
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
