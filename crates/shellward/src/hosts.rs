//! `shellward hook HOST` for the agent hosts other than Claude Code:
//! Codex CLI, Gemini CLI, Cursor, GitHub Copilot CLI, and OpenCode (whose
//! plugin in `integrations/opencode/` calls `shellward hook opencode`).
//!
//! Each adapter reads its host's documented payload, asks the one policy
//! ([`evaluate`]: the same settings, judge, guard and rules as the Claude
//! Code hook and the MCP server) and answers in the host's documented
//! output. Common to all:
//!
//! * only the host's shell tool and pre-execution event are answered;
//!   anything else gets no output;
//! * our own failure (a malformed payload) never blocks the agent: exit 0,
//!   no output, one line on stderr; but an unreadable or malformed user
//!   settings file asks (denies where nobody is asked), since its deny
//!   rules cannot be checked and an agent can make it unreadable;
//! * where the host cannot ask a person (Codex's hooks have no `ask`;
//!   OpenCode's plugins neither), or cannot tell us whether it will
//!   (Cursor's auto-run and Copilot's `--yolo` are reported to run what a
//!   hook asks about; `--guard-asks` says they will ask), what the guard
//!   would ask about is denied; an ordinary question is left to the
//!   host's own approval flow (no output);
//! * `--confine` rewrites what runs as read-only under `shellward sandbox`
//!   where the host supports a rewrite (Codex, Gemini, Copilot, OpenCode).
//!
//! Payloads and outputs, from each host's reference (the notes below cite
//! them; where documentation and reported behaviour differ, behaviour wins):
//!
//! | host | event / tool | command | answer | rewrite |
//! | --- | --- | --- | --- | --- |
//! | Codex | `PreToolUse` / `Bash` | `tool_input.command` | `hookSpecificOutput.permissionDecision: deny` + reason (no `ask`; a bare `allow` fails the hook) | `allow` + `updatedInput` |
//! | Gemini | `BeforeTool` / `run_shell_command` | `tool_input.command`, `tool_input.dir_path` | `decision: allow\|deny\|ask` + `reason` | `hookSpecificOutput.tool_input` |
//! | Cursor | `beforeShellExecution` | `command`, `cwd` | `permission: allow\|deny\|ask`, `user_message`/`agent_message` (and the camelCase spellings of 1.7) | none |
//! | Copilot | `preToolUse` / `bash` (or `PreToolUse` / `Bash`) | `toolArgs.command` (an object or a JSON string) | `permissionDecision: allow\|deny\|ask` + `permissionDecisionReason` | `modifiedArgs` |
//! | OpenCode | `tool.execute.before` / `bash` (plugin) | `command`, `cwd` | `decision: allow\|deny\|ask\|none`, `reason` | `command` |
//!
//! Sources: Codex `codex-rs/hooks/src/events/pre_tool_use.rs` and
//! `output_parser.rs` (openai/codex; `permission_mode` is `bypassPermissions`
//! only under the `never` approval policy, `default` otherwise); Gemini CLI
//! `docs/hooks/reference.md` and `packages/core/src/hooks/types.ts`
//! (google-gemini/gemini-cli; `ask` works though undocumented, PR #21146);
//! Cursor `cursor.com/docs/agent/hooks` (snake_case since 2.0, camelCase
//! in 1.7: both are written); Copilot `content/copilot/reference/
//! hooks-reference.md` (github/docs; `toolArgs` is a JSON string in the
//! older page); OpenCode `packages/plugin/src/index.ts` (anomalyco/opencode;
//! a plugin denies by throwing).

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};
use shellward_permit::{Action, Decision, Mode};

/// The hosts with an adapter here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    /// OpenAI Codex CLI (`[[hooks.PreToolUse]]` in config.toml).
    Codex,
    /// Google Gemini CLI (`hooks.BeforeTool` in settings.json).
    Gemini,
    /// Cursor (`beforeShellExecution` in .cursor/hooks.json).
    Cursor,
    /// GitHub Copilot CLI (`preToolUse` in .github/hooks/*.json).
    Copilot,
    /// OpenCode, through `integrations/opencode/shellward.js`.
    Opencode,
}

/// How a host's hook answers.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Rewrite read-only allows to run under `shellward sandbox`.
    pub confine: bool,
    /// Answer the guard's questions with `ask` rather than `deny` (Cursor
    /// and Copilot, whose payloads do not say whether anyone will be
    /// asked: Cursor's auto-run and Copilot's `--yolo` are reported to
    /// run what a hook asks about).
    pub guard_asks: bool,
}

/// One shell command a host is about to run.
#[derive(Debug)]
pub struct Call {
    /// The command text.
    pub command: String,
    /// Where it runs (absolute), if the payload says.
    pub cwd: Option<PathBuf>,
    /// The project the host works in, if the payload says (its git top
    /// level is the workspace); else the workspace is found from `cwd`,
    /// so that a `cwd` outside the project is outside the workspace.
    pub project: Option<PathBuf>,
    /// More directories the host counts as the workspace (Cursor's
    /// `workspace_roots` after the first).
    pub roots: Vec<PathBuf>,
    /// Our mode for the host's.
    pub mode: Mode,
}

/// The policy's answer to a call.
pub struct Evaluated {
    /// The decision (with its capability fields and effects).
    pub decision: Decision,
    /// The workspace it was decided in.
    pub workspace: PathBuf,
    /// The analysis (for `--confine`'s rewrite).
    pub analysis: shellward_syntax::Analysis,
}

/// The workspace of a call whose payload names no absolute `cwd`: a path
/// that cannot exist, so that nothing is inside it.
const NO_WORKSPACE: &str = "/nonexistent/shellward: the payload names no directory";

/// Decide a call: the settings of its workspace (a broken workspace file
/// skipped and said on stderr), the judge, the guard, the rules.
pub fn evaluate(call: &Call) -> Result<Evaluated, String> {
    // Where the command runs is the payload's to say. Without an absolute
    // `cwd` nothing is taken as the workspace (not the directory the
    // host happened to start us in): every path is outside, so nothing is
    // allowed without asking, and the guard still reads the command.
    let (cwd, anchor) = match (&call.cwd, &call.project) {
        (Some(cwd), Some(project)) if cwd.is_absolute() && project.is_absolute() => {
            (cwd.clone(), project.clone())
        }
        (Some(cwd), None) if cwd.is_absolute() => (cwd.clone(), cwd.clone()),
        _ => (PathBuf::from("/"), PathBuf::from(NO_WORKSPACE)),
    };
    let workspace = shellward_judge::git::work_tree_root(&anchor).unwrap_or(anchor);
    // The user's own file unreadable or malformed (an agent can `chmod 000`
    // it): its deny rules are not known, so the command is asked about, a
    // question no host may leave to a mode where nobody is asked.
    let (settings, broken) = match shellward_permit::Settings::load_lenient(&workspace, &[], None) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("shellward hook: {e}");
            return Ok(Evaluated {
                decision: shellward_permit::Decision::settings_unreadable(&e.to_string()),
                workspace,
                analysis: shellward_syntax::analyze(&call.command),
            });
        }
    };
    // At most a few lines: a deep `cwd` has a settings file per level.
    for e in broken.iter().take(5) {
        eprintln!("shellward hook: ignored: {e}");
    }
    if broken.len() > 5 {
        eprintln!(
            "shellward hook: ignored {} more settings files",
            broken.len() - 5
        );
    }
    let mut ctx = shellward_judge::Context::new(&cwd, &workspace);
    let roots = call.roots.iter().filter(|r| r.is_absolute());
    for dir in settings.additional_directories.iter().chain(roots) {
        ctx = ctx.with_root(dir);
    }
    let analysis = shellward_syntax::analyze(&call.command);
    let verdict = shellward_judge::judge(&analysis, &ctx);
    let decision = shellward_permit::decide(&shellward_permit::Request {
        analysis: &analysis,
        verdict: &verdict,
        mode: call.mode,
        settings: &settings,
        cwd_outside: ctx.cwd_outside(),
        context: &ctx,
    });
    Ok(Evaluated {
        decision,
        workspace,
        analysis,
    })
}

/// What a host is told, host-independent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Run it without asking.
    Allow,
    /// A person decides (only for hosts that can ask).
    Ask,
    /// Do not run it.
    Deny,
    /// No opinion: the host's own approval flow goes on.
    Pass,
}

/// A question no host may leave to its own flow, where nobody may be
/// asked: the guard's, the user's own ask rules', and one about a command
/// the user's deny or ask rules cannot be checked against (a dynamic word:
/// `C=curl; $C x`).
pub fn must_ask(decision: &Decision) -> bool {
    use shellward_judge::rules::{Family, Rule};
    Rule::of(&decision.rule).is_some_and(|r| r.family() == Family::Guard)
        || decision.by(Rule::RuleAsk)
        || decision.by(Rule::RuleUnverifiable)
}

/// The answer for a host that can (`can_ask`) or cannot ask a person.
/// The guard's questions are never left to the host: asked where it can
/// ask, denied where it cannot or where the mode means nobody is asked.
pub fn answer(decision: &Decision, mode: Mode, can_ask: bool) -> Answer {
    let guard = must_ask(decision);
    match decision.action {
        Action::Allow => Answer::Allow,
        Action::Deny => Answer::Deny,
        Action::Ask if guard && (!can_ask || mode == Mode::Yolo) => Answer::Deny,
        Action::Ask if guard => Answer::Ask,
        Action::Ask => Answer::Pass,
    }
}

/// The reason a host shows: ours, the rule, the capability fields.
pub fn reason(decision: &Decision) -> String {
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

/// The command to run instead, under the read-only confinement, when the
/// decision is an automatic read-only allow.
fn confined(evaluated: &Evaluated, command: &str) -> Result<Option<String>, String> {
    let auto_read_only = evaluated.decision.read_only_allow();
    if !auto_read_only {
        return Ok(None);
    }
    crate::hook::confined(command, &evaluated.workspace, &evaluated.analysis).map(Some)
}

/// Runs `shellward hook HOST`; always exit 0.
pub fn run(host: Host, options: Options) -> ExitCode {
    let result = match read_payload() {
        Ok(payload) => respond_to(host, &payload, options),
        Err(Unreadable::Broken(why)) => Err(why),
        Err(Unreadable::Hostile(why)) => Ok(Some(refusal(host, &why))),
    };
    match result {
        Ok(Some(output)) => println!("{output}"),
        Ok(None) => {}
        Err(why) => eprintln!("shellward hook {}: {why}", name(host)),
    }
    ExitCode::SUCCESS
}

/// The largest payload read.
pub const MAX_PAYLOAD: u64 = 16 * 1024 * 1024;

/// Why a payload could not be read.
#[derive(Debug)]
pub enum Unreadable {
    /// Not a hook payload at all (not JSON, or our own failure): no
    /// answer, so the agent is never blocked by us.
    Broken(String),
    /// JSON a host could send, shaped by what the model wrote (an
    /// argument nested past serde_json's depth limit, a payload over
    /// [`MAX_PAYLOAD`]) so that we cannot read it: answering nothing
    /// would let the command run unchecked, so it is denied.
    Hostile(String),
}

/// Standard input as a payload.
pub fn read_payload() -> Result<Value, Unreadable> {
    let mut input = String::new();
    std::io::stdin()
        .take(MAX_PAYLOAD + 1)
        .read_to_string(&mut input)
        .map_err(|e| Unreadable::Broken(format!("reading stdin: {e}")))?;
    if input.len() as u64 > MAX_PAYLOAD {
        return Err(Unreadable::Hostile(format!(
            "a payload over {MAX_PAYLOAD} bytes"
        )));
    }
    parse_payload(&input)
}

/// A payload's JSON. A lone surrogate escape (`"\udead"`, which
/// JavaScript hosts write for a string that holds one) is read as U+FFFD,
/// what the host's shell gets for it.
pub fn parse_payload(input: &str) -> Result<Value, Unreadable> {
    let fixed = lone_surrogates_replaced(input);
    match serde_json::from_str::<Value>(&fixed) {
        Ok(value) if value.is_object() => Ok(value),
        Ok(_) => Err(Unreadable::Broken(
            "not a hook payload: expected a JSON object".into(),
        )),
        Err(e) if e.to_string().contains("recursion limit exceeded") => {
            Err(Unreadable::Hostile(format!("JSON nested too deep ({e})")))
        }
        Err(e) => Err(Unreadable::Broken(format!("not a hook payload: {e}"))),
    }
}

/// `input` with every `\uXXXX` escape of a surrogate that is not half of
/// a pair replaced by `\ufffd`.
fn lone_surrogates_replaced(input: &str) -> std::borrow::Cow<'_, str> {
    if !input.contains("\\u") {
        return input.into();
    }
    let surrogate = |s: &str| -> Option<u16> {
        let hex = s.get(2..6)?;
        let v = u16::from_str_radix(hex, 16).ok()?;
        (s.starts_with("\\u") && (0xD800..=0xDFFF).contains(&v)).then_some(v)
    };
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match surrogate(rest) {
            Some(0xD800..=0xDBFF)
                if surrogate(&rest[6..]).is_some_and(|low| (0xDC00..=0xDFFF).contains(&low)) =>
            {
                out.push_str(&rest[..12]);
                rest = &rest[12..];
            }
            Some(_) => {
                out.push_str("\\ufffd");
                rest = &rest[6..];
            }
            None => {
                // Another escape (`\\`, `\n`, `\u0041`): kept whole, so a
                // backslash it escapes never starts a new one.
                let len = rest.chars().take(2).map(char::len_utf8).sum::<usize>();
                out.push_str(&rest[..len]);
                rest = &rest[len..];
            }
        }
    }
    out.push_str(rest);
    out.into()
}

/// The reason given for a payload we must not pass.
pub fn unreadable_reason(why: &str) -> String {
    format!(
        "shellward: this call cannot be checked ({why}), so it is denied rather than run unchecked [hook.unreadable]"
    )
}

/// A `PreToolUse` deny, as Claude Code and Codex read it.
pub fn pre_tool_use_deny(reason: &str) -> Value {
    json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
        "permissionDecision": "deny", "permissionDecisionReason": reason}})
}

/// The deny each host understands, for a payload we must not pass.
fn refusal(host: Host, why: &str) -> Value {
    let reason = unreadable_reason(why);
    match host {
        Host::Codex => pre_tool_use_deny(&reason),
        Host::Gemini => json!({"decision": "deny", "reason": reason}),
        Host::Cursor => {
            json!({"permission": "deny", "user_message": reason, "agent_message": reason,
            "userMessage": reason, "agentMessage": reason})
        }
        Host::Copilot => json!({"permissionDecision": "deny", "permissionDecisionReason": reason}),
        Host::Opencode => {
            json!({"decision": "deny", "reason": reason, "rule": shellward_judge::rules::Rule::HookUnreadable.id()})
        }
    }
}

fn name(host: Host) -> &'static str {
    match host {
        Host::Codex => "codex",
        Host::Gemini => "gemini",
        Host::Cursor => "cursor",
        Host::Copilot => "copilot",
        Host::Opencode => "opencode",
    }
}

/// The host's answer to one payload (`None`: no output).
pub fn respond_to(host: Host, payload: &Value, options: Options) -> Result<Option<Value>, String> {
    let payload = payload.clone();
    match host {
        Host::Codex => codex(&payload, options.confine),
        Host::Gemini => gemini(&payload, options.confine),
        Host::Cursor => cursor(&payload, options.guard_asks),
        Host::Copilot => copilot(&payload, options),
        Host::Opencode => opencode(&payload, options.confine),
    }
}

/// The payload's `tool_input` with only its command replaced (a host may
/// rebuild the call from what we return: `dir_path` and the rest stay).
fn input_with(payload: &Value, command: String) -> Value {
    let mut input = payload
        .get("tool_input")
        .cloned()
        .unwrap_or_else(|| json!({}));
    input["command"] = command.into();
    input
}

/// Where a call runs: `dir` (a tool's own working directory, relative to
/// the session's) under `base`, `.` segments dropped; else `base`.
fn within(base: Option<&PathBuf>, dir: Option<&str>) -> Option<PathBuf> {
    match (base, dir) {
        (Some(base), Some(dir)) => Some(base.join(dir).components().collect()),
        (base, _) => base.cloned(),
    }
}

fn text<'a>(payload: &'a Value, path: &[&str]) -> Option<&'a str> {
    path.iter().try_fold(payload, |v, k| v.get(k))?.as_str()
}

fn command_of(value: Option<&Value>) -> Result<String, String> {
    value
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| "the command is not a string".to_string())
}

/// Codex CLI: `PreToolUse` of `Bash`. Codex has no `ask` for hooks and
/// fails a hook that answers a bare `allow`: so a deny, a rewrite (allow
/// with `updatedInput`), or nothing.
fn codex(payload: &Value, confine: bool) -> Result<Option<Value>, String> {
    if text(payload, &["hook_event_name"]).is_some_and(|e| e != "PreToolUse")
        || text(payload, &["tool_name"]) != Some("Bash")
    {
        return Ok(None);
    }
    let command = command_of(payload.pointer("/tool_input/command"))?;
    let mode = match text(payload, &["permission_mode"]) {
        Some("bypassPermissions" | "dontAsk") => Mode::Yolo,
        Some("plan") => Mode::Plan,
        _ => Mode::Build,
    };
    // A shell call may carry its own `workdir` (relative to the session's
    // `cwd`): that is where it runs.
    let project = text(payload, &["cwd"]).map(PathBuf::from);
    let cwd = within(project.as_ref(), text(payload, &["tool_input", "workdir"]));
    let call = Call {
        command,
        cwd,
        project,
        roots: Vec::new(),
        mode,
    };
    let evaluated = evaluate(&call)?;
    let decision = &evaluated.decision;
    let output = |kind: &str, extra: Option<(&str, Value)>| {
        let mut out = json!({"hookEventName": "PreToolUse", "permissionDecision": kind});
        if kind == "deny" {
            out["permissionDecisionReason"] = reason(decision).into();
        }
        if let Some((k, v)) = extra {
            out[k] = v;
        }
        json!({ "hookSpecificOutput": out })
    };
    Ok(match answer(decision, mode, false) {
        Answer::Deny => Some(output("deny", None)),
        Answer::Allow if confine => confined(&evaluated, &call.command)?.map(|c| {
            let mut input = payload["tool_input"].clone();
            input["command"] = c.into();
            output("allow", Some(("updatedInput", input)))
        }),
        _ => None,
    })
}

/// Gemini CLI: `BeforeTool` of `run_shell_command`. No mode reaches the
/// payload (yolo is a flag of the CLI): build mode's answers.
fn gemini(payload: &Value, confine: bool) -> Result<Option<Value>, String> {
    if text(payload, &["hook_event_name"]).is_some_and(|e| e != "BeforeTool")
        || text(payload, &["tool_name"]) != Some("run_shell_command")
    {
        return Ok(None);
    }
    let command = command_of(payload.pointer("/tool_input/command"))?;
    // `dir_path` (older: `directory`) is relative to the project, `cwd`.
    let project = text(payload, &["cwd"]).map(PathBuf::from);
    let (dir_path, directory) = (
        text(payload, &["tool_input", "dir_path"]),
        text(payload, &["tool_input", "directory"]),
    );
    // Both, naming different places: which one runs depends on the
    // version, so neither is taken (nothing is inside).
    let conflict = dir_path.is_some() && directory.is_some() && dir_path != directory;
    let cwd = match conflict {
        true => None,
        false => within(project.as_ref(), dir_path.or(directory)),
    };
    let call = Call {
        command,
        cwd,
        project,
        roots: Vec::new(),
        mode: Mode::Build,
    };
    let evaluated = evaluate(&call)?;
    let decision = &evaluated.decision;
    let word = |w: &str| json!({"decision": w, "reason": reason(decision)});
    // `systemMessage` is what the person sees (in the prompt, for `ask`).
    let told = |w: &str| {
        let mut out = word(w);
        out["systemMessage"] = reason(decision).into();
        out
    };
    Ok(match answer(decision, call.mode, true) {
        Answer::Deny => Some(told("deny")),
        Answer::Ask => Some(told("ask")),
        Answer::Allow => {
            let mut out = word("allow");
            if confine && let Some(c) = confined(&evaluated, &call.command)? {
                out["hookSpecificOutput"] =
                    json!({"hookEventName": "BeforeTool", "tool_input": input_with(payload, c)});
            }
            Some(out)
        }
        Answer::Pass => None,
    })
}

/// Cursor: `beforeShellExecution`. No rewrite; both spellings of the
/// message fields (snake_case since 2.0, camelCase in 1.7).
fn cursor(payload: &Value, guard_asks: bool) -> Result<Option<Value>, String> {
    if text(payload, &["hook_event_name"]).is_some_and(|e| e != "beforeShellExecution") {
        return Ok(None);
    }
    let command = command_of(payload.get("command"))?;
    let mut roots: Vec<PathBuf> = payload
        .get("workspace_roots")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(PathBuf::from)
        .collect();
    let project = (!roots.is_empty()).then(|| roots.remove(0));
    // `cwd` may be empty (reported by users): the first root then.
    let cwd = text(payload, &["cwd"])
        .filter(|c| !c.is_empty())
        .map(PathBuf::from)
        .or_else(|| project.clone());
    let call = Call {
        command,
        cwd,
        project,
        roots,
        mode: Mode::Build,
    };
    let evaluated = evaluate(&call)?;
    let decision = &evaluated.decision;
    let permission = match answer(decision, call.mode, guard_asks) {
        Answer::Allow => "allow",
        Answer::Deny => "deny",
        Answer::Ask => "ask",
        Answer::Pass => return Ok(None),
    };
    let message = reason(decision);
    Ok(Some(json!({
        "permission": permission,
        "user_message": message,
        "agent_message": message,
        "userMessage": message,
        "agentMessage": message,
    })))
}

/// GitHub Copilot CLI: `preToolUse` of `bash` (camelCase, `toolArgs` an
/// object or a JSON string), or the Claude-shaped `PreToolUse` of `Bash`.
fn copilot(payload: &Value, options: Options) -> Result<Option<Value>, String> {
    // Either shape may name its event (`preToolUse` or `PreToolUse`); the
    // Claude-shaped one has snake_case fields.
    if text(payload, &["hook_event_name"])
        .or_else(|| text(payload, &["hookEventName"]))
        .is_some_and(|e| !e.eq_ignore_ascii_case("preToolUse"))
    {
        return Ok(None);
    }
    let claude_shaped = payload.get("tool_name").is_some();
    let (tool, args) = if claude_shaped {
        (
            text(payload, &["tool_name"]),
            payload.get("tool_input").cloned(),
        )
    } else {
        (
            text(payload, &["toolName"]),
            payload.get("toolArgs").cloned(),
        )
    };
    if !matches!(tool, Some("bash" | "Bash")) {
        return Ok(None);
    }
    // `toolArgs` as a JSON string is read as the payload itself is: lone
    // surrogates as U+FFFD, and what cannot be read safely is denied.
    let as_string = matches!(args, Some(Value::String(_)));
    let args = match args {
        Some(Value::String(s)) => match parse_payload(&s) {
            Ok(args) => args,
            Err(Unreadable::Hostile(why)) => return Ok(Some(refusal(Host::Copilot, &why))),
            Err(Unreadable::Broken(why)) => return Err(format!("toolArgs: {why}")),
        },
        Some(v) => v,
        None => return Err("no toolArgs".into()),
    };
    let call = Call {
        command: command_of(args.get("command"))?,
        cwd: text(payload, &["cwd"]).map(PathBuf::from),
        project: None,
        roots: Vec::new(),
        mode: Mode::Build,
    };
    let evaluated = evaluate(&call)?;
    let decision = &evaluated.decision;
    let word =
        |w: &str| json!({"permissionDecision": w, "permissionDecisionReason": reason(decision)});
    Ok(match answer(decision, call.mode, options.guard_asks) {
        Answer::Deny => Some(word("deny")),
        Answer::Ask => Some(word("ask")),
        Answer::Allow => {
            let mut out = word("allow");
            if options.confine
                && let Some(c) = confined(&evaluated, &call.command)?
            {
                let mut modified = args.clone();
                modified["command"] = c.into();
                // In the form the arguments came in.
                out["modifiedArgs"] = match as_string {
                    true => modified.to_string().into(),
                    false => modified,
                };
            }
            Some(out)
        }
        Answer::Pass => None,
    })
}

/// OpenCode, through its plugin: `{command, cwd, project?, mode?}` in; `{decision,
/// reason, rule, command?}` out. A plugin cannot ask, so the guard's
/// questions are denied and an ordinary one is `none` (OpenCode's own
/// `permission` settings decide).
fn opencode(payload: &Value, confine: bool) -> Result<Option<Value>, String> {
    let mode = match text(payload, &["mode"]) {
        Some("yolo") => Mode::Yolo,
        Some("plan") => Mode::Plan,
        Some("edit") => Mode::Edit,
        _ => Mode::Build,
    };
    let call = Call {
        command: command_of(payload.get("command"))?,
        cwd: text(payload, &["cwd"]).map(PathBuf::from),
        project: text(payload, &["project"]).map(PathBuf::from),
        roots: Vec::new(),
        mode,
    };
    let evaluated = evaluate(&call)?;
    let decision = &evaluated.decision;
    let word = match answer(decision, mode, false) {
        Answer::Allow => "allow",
        Answer::Deny => "deny",
        Answer::Ask => "ask",
        Answer::Pass => "none",
    };
    let mut out = json!({"decision": word, "reason": reason(decision), "rule": decision.rule});
    if word == "allow"
        && confine
        && let Some(c) = confined(&evaluated, &call.command)?
    {
        out["command"] = c.into();
    }
    Ok(Some(out))
}
