//! `shellward hook claude-code`: Claude Code's PreToolUse (and
//! PermissionRequest) hook.
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
//! input gives exit 0, no decision, and one line on stderr. User settings
//! that cannot be read ask (deny under `bypassPermissions`): their deny
//! rules cannot be checked, and an agent can `chmod 000` them.

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
    let value = match crate::hosts::read_payload() {
        Ok(value) => value,
        Err(crate::hosts::Unreadable::Broken(why)) => return Err(why),
        Err(crate::hosts::Unreadable::Hostile(why)) => {
            let reason = crate::hosts::unreadable_reason(&why);
            println!("{}", crate::hosts::pre_tool_use_deny(&reason));
            return Ok(());
        }
    };
    let payload: Payload =
        serde_json::from_value(value).map_err(|e| format!("not a hook payload: {e}"))?;
    // Only a PreToolUse or PermissionRequest of the Bash tool is ours to
    // answer (a payload without the field is taken as a PreToolUse: older
    // Claude Code versions).
    let event = payload.hook_event_name.as_deref().unwrap_or("PreToolUse");
    if payload.tool_name != "Bash" || !matches!(event, "PreToolUse" | "PermissionRequest") {
        return Ok(());
    }
    let command = payload.tool_input["command"]
        .as_str()
        .ok_or("tool_input.command is not a string")?;
    let call = crate::hosts::Call {
        command: command.to_string(),
        cwd: payload.cwd,
        project: None,
        roots: Vec::new(),
        mode: mode_of(payload.permission_mode.as_deref()),
    };
    let evaluated = crate::hosts::evaluate(&call)?;
    let decision = &evaluated.decision;
    let auto_read_only = decision.read_only_allow();
    let updated_input = match confine && auto_read_only {
        true => {
            let mut input = payload.tool_input.clone();
            input["command"] = confined(command, &evaluated.workspace, &evaluated.analysis)?.into();
            Some(input)
        }
        false => None,
    };
    let output = match event {
        "PermissionRequest" => permission_request(decision, updated_input),
        _ => pre_tool_use(decision, call.mode, on_ask, updated_input),
    };
    if let Some(output) = output {
        println!("{}", serde_json::json!({ "hookSpecificOutput": output }));
    }
    Ok(())
}

/// The answer to a `PreToolUse`.
fn pre_tool_use(
    decision: &shellward_permit::Decision,
    mode: shellward_permit::Mode,
    on_ask: OnAsk,
    updated_input: Option<serde_json::Value>,
) -> Option<serde_json::Value> {
    let word = match decision.action {
        shellward_permit::Action::Allow => "allow",
        shellward_permit::Action::Deny => "deny",
        // The guard's question (and an ask rule's) cannot be left to
        // Claude Code: under bypassPermissions or dontAsk nobody would be
        // asked, so it is a deny; otherwise an explicit ask, which Claude
        // Code's own allow rules cannot answer for the person.
        shellward_permit::Action::Ask if crate::hosts::must_ask(decision) => {
            if mode == shellward_permit::Mode::Yolo {
                "deny"
            } else {
                "ask"
            }
        }
        shellward_permit::Action::Ask => match on_ask {
            OnAsk::None => return None,
            OnAsk::Ask => "ask",
        },
    };
    let mut output = serde_json::json!({
        "hookEventName": "PreToolUse",
        "permissionDecision": word,
        "permissionDecisionReason": crate::hosts::reason(decision),
    });
    if let Some(input) = updated_input {
        output["updatedInput"] = input;
    }
    Some(output)
}

/// The answer to a `PermissionRequest` (Claude Code is about to show its
/// permission dialog): `allow` for what we would run without asking,
/// `deny` for what we deny, and nothing for the rest, the guard's
/// questions included, so the person sees the dialog.
fn permission_request(
    decision: &shellward_permit::Decision,
    updated_input: Option<serde_json::Value>,
) -> Option<serde_json::Value> {
    let mut inner = match decision.action {
        shellward_permit::Action::Allow => serde_json::json!({"behavior": "allow"}),
        shellward_permit::Action::Deny => serde_json::json!({
            "behavior": "deny",
            "message": crate::hosts::reason(decision),
        }),
        shellward_permit::Action::Ask => return None,
    };
    if let Some(input) = updated_input {
        inner["updatedInput"] = input;
    }
    Some(serde_json::json!({"hookEventName": "PermissionRequest", "decision": inner}))
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
pub(crate) fn confined(
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
