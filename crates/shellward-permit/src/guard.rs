//! The guard: what a command will destroy or publish, asked about in every
//! mode, and the capability fields every decision carries.
//!
//! The effects come from [`shellward_effects`], read over the same
//! subjects deny rules see ([`crate::subject`]): the commands themselves
//! and every command they run through a wrapper (`sudo`, `timeout`,
//! `xargs`, `bash -c`, `find -exec`), so wrapping never hides an effect.
//! Redirections add the files they write.
//!
//! | step | decision | rule id |
//! | --- | --- | --- |
//! | an effect's severity is set to `deny` (`guard.<severity>`) | deny | `guard.<severity>:<row>` |
//! | an effect's severity is set to `ask` (the default for destructive and catastrophic) | ask | `guard.<severity>:<row>` |
//!
//! The guard runs after deny and ask rules and before allow rules and the
//! mode, so neither an allow rule nor yolo mode runs `rm -rf ~` unasked.

use schemars::JsonSchema;
use serde::Serialize;
use shellward_effects::{Effect, Severity};
use shellward_syntax::{ParseStatus, RedirectOp};

use crate::settings::GuardAction;
use crate::{Action, Decision, Request};

/// The seed's capability fields: what a caller needs to show or gate a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Capability {
    /// The judge proved the command read-only.
    pub read_only: bool,
    /// A person must approve it (the decision is `ask`).
    pub needs_approval: bool,
    /// `low` (read-only), `medium` (known writes in the workspace), `high`
    /// (writes outside it, unknown or destructive effects), `critical`
    /// (catastrophic effects).
    pub risk_level: RiskLevel,
    /// `none` (read-only), `workspace` (every known effect inside the
    /// workspace), `system` (anything else).
    pub side_effect_scope: SideEffectScope,
}

/// How risky a call is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum RiskLevel {
    Low,
    Medium,
    High,
    Critical,
}

impl RiskLevel {
    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            RiskLevel::Low => "low",
            RiskLevel::Medium => "medium",
            RiskLevel::High => "high",
            RiskLevel::Critical => "critical",
        }
    }
}

impl SideEffectScope {
    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            SideEffectScope::None => "none",
            SideEffectScope::Workspace => "workspace",
            SideEffectScope::System => "system",
        }
    }
}

/// Where a call's side effects land.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum SideEffectScope {
    None,
    Workspace,
    System,
}

/// The capability of a command with `effects`, as `action` decided.
pub fn capability(read_only: bool, action: Action, effects: &[Effect]) -> Capability {
    let worst = shellward_effects::worst(effects);
    let inside = !effects.is_empty() && effects.iter().all(|e| !e.scope.is_outside());
    let risk_level = match (read_only, worst) {
        (true, _) => RiskLevel::Low,
        (_, Some(Severity::Catastrophic)) => RiskLevel::Critical,
        (_, Some(Severity::Write)) if inside => RiskLevel::Medium,
        _ => RiskLevel::High,
    };
    let side_effect_scope = match (read_only, inside) {
        (true, _) => SideEffectScope::None,
        (_, true) => SideEffectScope::Workspace,
        _ => SideEffectScope::System,
    };
    Capability {
        read_only,
        needs_approval: action == Action::Ask,
        risk_level,
        side_effect_scope,
    }
}

/// The effects of the command in `req`, read from its `subjects` (none
/// for a read-only command).
pub fn effects(req: &Request<'_>, subjects: &crate::subject::Subjects) -> Vec<Effect> {
    if req.verdict.read_only || req.analysis.status != ParseStatus::Ok {
        return Vec::new();
    }
    let ctx = shellward_effects::Context {
        cwd: &req.context.cwd,
        roots: &req.context.roots,
        home: req.context.home.as_deref(),
    };
    let mut out = Vec::new();
    for s in &subjects.list {
        // xargs appends words it reads when it runs: more targets, unknown now.
        let partial = s.partial || matches!(s.via.as_deref(), Some("xargs" | "parallel"));
        out.extend(shellward_effects::effects(&s.words, partial, &ctx));
    }
    for c in req.analysis.commands() {
        let program = c.argv().next().unwrap_or("");
        for r in &c.redirects {
            redirect_effects(program, r, &ctx, &mut out, 0);
        }
    }
    out.retain(|e| req.settings.guard.applies(e.pack));
    out
}

/// Shells whose standard input is a script.
const SHELLS: &[&str] = &["sh", "bash", "dash", "zsh", "ksh", "mksh", "busybox"];

/// What a redirection of `program`'s command writes, and what a script fed
/// to an interpreter on its standard input does (`bash <<EOF`, `python3 <<<CODE`).
fn redirect_effects(
    program: &str,
    r: &shellward_syntax::Redirect,
    ctx: &shellward_effects::Context<'_>,
    out: &mut Vec<Effect>,
    depth: usize,
) {
    let t = r.target.value.as_str();
    let writes = match r.op {
        RedirectOp::Output
        | RedirectOp::Append
        | RedirectOp::Clobber
        | RedirectOp::ReadWrite
        | RedirectOp::OutputAll
        | RedirectOp::AppendAll => true,
        // `>&file` is `&>file`.
        RedirectOp::DupOutput => !(t == "-" || t.bytes().all(|b| b.is_ascii_digit())),
        _ => false,
    };
    if writes {
        let target = r.target.dynamic.is_none().then_some(t);
        out.extend(shellward_effects::redirect(target, ctx));
        return;
    }
    let script = match (r.op, &r.heredoc) {
        (RedirectOp::HereDoc | RedirectOp::HereDocStrip, Some(doc)) => doc.body.as_str(),
        (RedirectOp::HereString, _) => t,
        _ => return,
    };
    let base = program.rsplit('/').next().unwrap_or(program);
    if SHELLS.contains(&base) && depth < 2 {
        let inner = shellward_syntax::analyze(script);
        let subjects = crate::subject::subjects(inner.commands(), inner.source());
        for s in &subjects.list {
            out.extend(shellward_effects::effects(&s.words, s.partial, ctx));
        }
        for c in inner.commands() {
            let program = c.argv().next().unwrap_or("");
            for r in &c.redirects {
                redirect_effects(program, r, ctx, out, depth + 1);
            }
        }
    } else if shellward_effects::scan::is_interpreter(base) {
        shellward_effects::scan::code_effects(script, out);
    } else if shellward_effects::scan::is_sql_client(base) {
        shellward_effects::scan::sql_effects(script, out);
    }
}

/// The guard's decision on `effects`, if any effect is set to ask or deny.
pub fn check(req: &Request<'_>, effects: &[Effect]) -> Option<Decision> {
    let guard = &req.settings.guard;
    let (effect, action) = effects
        .iter()
        .map(|e| (e, guard.action(e.severity)))
        .filter(|(_, a)| *a != GuardAction::Allow)
        .max_by_key(|(e, a)| (*a, e.severity))?;
    let action = match action {
        GuardAction::Deny => Action::Deny,
        _ => Action::Ask,
    };
    let mut reason = format!(
        "{} ({}, irreversible)",
        effect.describe(),
        effect.severity.as_str()
    );
    if let Some(alt) = effect.alternative {
        reason.push_str(&format!("; safer: {alt}"));
    }
    Some(Decision::new(
        action,
        format!("guard.{}:{}", effect.severity.as_str(), effect.rule),
        reason,
    ))
}

/// "deletes recursively: build/ (in the workspace); force-pushes ..." for
/// prompts: every effect, worst first.
pub fn summary(effects: &[Effect]) -> Option<String> {
    let mut sorted: Vec<&Effect> = effects.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(e.severity));
    let lines: Vec<String> = sorted.iter().take(5).map(|e| e.describe()).collect();
    (!lines.is_empty()).then(|| lines.join("; "))
}
