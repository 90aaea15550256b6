//! The JSON contract of `shellward check`: one [`Report`] per command.
//!
//! Fields that a stage has not computed are omitted, never faked. The
//! top-level `rule` and `reason` are the permission decision's; the judge's
//! are `read_only_rule` and `read_only_reason` (and per command, `rule`).

use serde::Serialize;
use shellward_judge::Verdict;
use shellward_permit::{Decision, Mode};
use shellward_syntax::{Analysis, Redirect, SimpleCommand, Word};

/// The result of checking one command string.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The command as given.
    pub command: String,
    /// `ok`, `error` or `too_long`.
    pub parse: &'static str,
    /// Parsed, nothing unsupported, no dynamic word.
    pub permission_safe: bool,
    /// Unsupported constructs by kind, in source order.
    pub unsupported: Vec<&'static str>,
    /// Parse errors.
    pub errors: Vec<String>,
    /// The simple commands.
    pub commands: Vec<CommandReport>,
    /// Every simple command is read-only.
    pub read_only: bool,
    /// The judge's rule for the whole command.
    pub read_only_rule: String,
    /// The judge's reason.
    pub read_only_reason: String,
    /// Directories outside the workspace that the command reads.
    pub external_paths: Vec<String>,
    /// The permission mode the decision was made in.
    pub mode: &'static str,
    /// `allow`, `ask` or `deny`.
    pub decision: &'static str,
    /// The rule that decided.
    pub rule: String,
    /// Why, for people.
    pub reason: String,
    /// Rules an "always allow" answer would save (when the mode asked).
    pub suggested_rules: Vec<String>,
    /// Directories to ask about (`dir/*`): external paths, and the working
    /// directory when it is outside the workspace.
    pub external_directories: Vec<String>,
    /// The seed's capability fields: `readOnly`, `needsApproval`,
    /// `riskLevel`, `sideEffectScope`.
    pub capability: shellward_permit::Capability,
    /// What the command will do beyond reading: each effect's rule, pack,
    /// action, severity, scope, target, summary and safer alternative.
    pub effects: Vec<shellward_permit::Effect>,
    /// Relaxing entries of workspace settings files that are not applied
    /// because the user has not trusted them (`shellward trust`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub untrusted_settings: Vec<UntrustedReport>,
}

/// A workspace settings file's inert entries.
#[derive(Debug, Serialize)]
pub struct UntrustedReport {
    /// The file.
    pub file: String,
    /// Its relaxing entries not applied (`allow: rm:*`).
    pub entries: Vec<String>,
}

/// One simple command.
#[derive(Debug, Serialize)]
pub struct CommandReport {
    /// Static values, or source text for dynamic words.
    pub argv: Vec<String>,
    /// The command's source text.
    pub text: String,
    /// The operator before this command.
    pub connector: Option<&'static str>,
    /// `NAME=value` prefixes.
    pub env: Vec<EnvReport>,
    /// Redirections.
    pub redirects: Vec<RedirectReport>,
    /// Indices into `argv` of dynamic words, with why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dynamic_words: Vec<DynamicWord>,
    /// Indices into `argv` of words with an unquoted glob, with the static prefix.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub glob_words: Vec<GlobWord>,
    /// Indices into `argv` of words with a tilde prefix.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tilde_words: Vec<usize>,
    /// Preceded by `!`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub negated: bool,
    /// Whether this command is read-only; `null` when it was not judged on its own.
    pub read_only: Option<bool>,
    /// The rule that decided this command.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Directories outside the workspace this command reads.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub external_paths: Vec<String>,
}

/// A dynamic word.
#[derive(Debug, Serialize)]
pub struct DynamicWord {
    /// Index into `argv`.
    pub index: usize,
    /// Why it is dynamic.
    pub kind: &'static str,
}

/// A word with a glob.
#[derive(Debug, Serialize)]
pub struct GlobWord {
    /// Index into `argv`.
    pub index: usize,
    /// The static text before the first glob character.
    pub static_prefix: String,
}

/// One `NAME=value` prefix.
#[derive(Debug, Serialize)]
pub struct EnvReport {
    /// The variable.
    pub name: String,
    /// Its value (source text if dynamic).
    pub value: String,
    /// Whether the value is static.
    #[serde(rename = "static")]
    pub is_static: bool,
}

/// One redirection.
#[derive(Debug, Serialize)]
pub struct RedirectReport {
    /// The operator.
    pub op: &'static str,
    /// The descriptor it applies to.
    pub fd: u32,
    /// The target (the delimiter for a here-document).
    pub target: String,
    /// Whether target and body are static.
    #[serde(rename = "static")]
    pub is_static: bool,
    /// The here-document body.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heredoc: Option<HeredocReport>,
}

/// A here-document.
#[derive(Debug, Serialize)]
pub struct HeredocReport {
    /// The body as the command reads it.
    pub body: String,
    /// The delimiter was quoted (no expansion).
    pub quoted: bool,
}

impl Report {
    /// The report of every stage.
    pub fn new(
        command: &str,
        analysis: &Analysis,
        verdict: &Verdict,
        mode: Mode,
        decision: &Decision,
    ) -> Report {
        let mut commands: Vec<CommandReport> = analysis
            .commands()
            .iter()
            .map(|c| CommandReport::new(c, analysis.source()))
            .collect();
        for (report, v) in commands.iter_mut().zip(&verdict.commands) {
            report.read_only = Some(v.read_only);
            report.rule = Some(v.rule.to_string());
            report.reason = Some(v.reason.to_string());
            report.external_paths = v.external_paths.clone();
        }
        Report {
            command: command.to_string(),
            parse: analysis.status.as_str(),
            permission_safe: analysis.permission_safe(),
            unsupported: analysis
                .unsupported()
                .iter()
                .map(|u| u.kind.as_str())
                .collect(),
            errors: analysis.errors.iter().map(ToString::to_string).collect(),
            commands,
            read_only: verdict.read_only,
            read_only_rule: verdict.rule.to_string(),
            read_only_reason: verdict.reason.to_string(),
            external_paths: verdict.external_paths.clone(),
            mode: mode.as_str(),
            decision: decision.action.as_str(),
            rule: decision.rule.clone(),
            reason: decision.reason.clone(),
            suggested_rules: decision.suggested_rules.clone(),
            external_directories: decision.external_directories.clone(),
            capability: decision.capability,
            effects: decision.effects.clone(),
            untrusted_settings: Vec::new(),
        }
    }
}

impl CommandReport {
    fn new(command: &SimpleCommand, source: &str) -> Self {
        let words = &command.words;
        CommandReport {
            argv: words.iter().map(|w| w.value.clone()).collect(),
            text: command.text(source).to_string(),
            connector: command.connector.map(|c| c.as_str()),
            env: command
                .assignments
                .iter()
                .map(|a| EnvReport {
                    name: a.name.clone(),
                    value: a.value.value.clone(),
                    is_static: a.value.is_static(),
                })
                .collect(),
            redirects: command.redirects.iter().map(redirect).collect(),
            dynamic_words: indexed(words, |w| w.dynamic.map(|d| d.as_str()))
                .map(|(index, kind)| DynamicWord { index, kind })
                .collect(),
            glob_words: indexed(words, |w| w.glob_prefix.clone())
                .map(|(index, static_prefix)| GlobWord {
                    index,
                    static_prefix,
                })
                .collect(),
            tilde_words: indexed(words, |w| w.tilde.then_some(()))
                .map(|(i, ())| i)
                .collect(),
            negated: command.negated,
            read_only: None,
            rule: None,
            reason: None,
            external_paths: Vec::new(),
        }
    }
}

fn indexed<'w, T>(
    words: &'w [Word],
    f: impl Fn(&Word) -> Option<T> + 'w,
) -> impl Iterator<Item = (usize, T)> + 'w {
    words
        .iter()
        .enumerate()
        .filter_map(move |(i, w)| f(w).map(|t| (i, t)))
}

fn redirect(r: &Redirect) -> RedirectReport {
    RedirectReport {
        op: r.op.as_str(),
        fd: r.effective_fd(),
        target: r
            .heredoc
            .as_ref()
            .map_or_else(|| r.target.value.clone(), |h| h.delimiter.clone()),
        is_static: r.is_static(),
        heredoc: r.heredoc.as_ref().map(|h| HeredocReport {
            body: h.body.clone(),
            quoted: h.quoted,
        }),
    }
}
