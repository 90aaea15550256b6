//! The intermediate representation the analyzer produces.
//!
//! Everything a later stage needs to judge a command is here, already decoded:
//! a consumer never re-lexes shell text. Spans are byte ranges into the source
//! string the node was parsed from (the top-level command, or the decoded body
//! of a backtick substitution for nodes inside one).

use std::fmt;
use std::sync::Arc;

/// A byte range `start..end` into a source string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The text this span covers in `source`, or `""` if it does not fit.
    pub fn slice<'s>(&self, source: &'s str) -> &'s str {
        source.get(self.start..self.end).unwrap_or("")
    }
}

/// Whether the whole command was parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseStatus {
    /// Parsed completely; see [`Analysis::unsupported`] and dynamic words for safety.
    Ok,
    /// A syntax error (or a limit such as nesting depth) stopped the parse.
    Error,
    /// Longer than [`crate::MAX_COMMAND_CHARS`]; not parsed at all.
    TooLong,
}

impl ParseStatus {
    /// The contract spelling: `ok`, `error`, `too_long`.
    pub fn as_str(self) -> &'static str {
        match self {
            ParseStatus::Ok => "ok",
            ParseStatus::Error => "error",
            ParseStatus::TooLong => "too_long",
        }
    }
}

/// The operator that joins a simple command to the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connector {
    /// `&&`
    And,
    /// `||`
    Or,
    /// `|`
    Pipe,
    /// `|&` (pipes stderr too)
    PipeAll,
    /// `;` or a newline
    Seq,
    /// `&`: the previous command was sent to the background (always unsupported).
    Background,
}

impl Connector {
    /// The operator as written: `&&`, `||`, `|`, `|&`, `;`, `&`.
    pub fn as_str(self) -> &'static str {
        match self {
            Connector::And => "&&",
            Connector::Or => "||",
            Connector::Pipe => "|",
            Connector::PipeAll => "|&",
            Connector::Seq => ";",
            Connector::Background => "&",
        }
    }
}

/// A construct the analyzer recognises but does not descend into for a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnsupportedKind {
    /// `( list )`
    Subshell,
    /// `{ list; }`
    BraceGroup,
    /// `if ... fi`
    If,
    /// `for ... done` (both forms)
    For,
    /// `while ... done`
    While,
    /// `until ... done`
    Until,
    /// `case ... esac`
    Case,
    /// `select ... done`
    Select,
    /// `name() ...` or `function name ...`
    FunctionDefinition,
    /// `[[ ... ]]`
    ConditionalExpression,
    /// `(( ... ))`
    ArithmeticCommand,
    /// `coproc ...`
    Coproc,
    /// the `time` keyword
    TimeKeyword,
    /// a trailing or separating `&`
    Background,
    /// `name=(...)` or `name[i]=...`
    ArrayAssignment,
    /// `{fd}>file`: the shell allocates a descriptor and assigns a variable
    FdVariable,
}

impl UnsupportedKind {
    /// A stable name, used in JSON output and rule ids.
    pub fn as_str(self) -> &'static str {
        match self {
            UnsupportedKind::Subshell => "Subshell",
            UnsupportedKind::BraceGroup => "BraceGroup",
            UnsupportedKind::If => "If",
            UnsupportedKind::For => "For",
            UnsupportedKind::While => "While",
            UnsupportedKind::Until => "Until",
            UnsupportedKind::Case => "Case",
            UnsupportedKind::Select => "Select",
            UnsupportedKind::FunctionDefinition => "FunctionDefinition",
            UnsupportedKind::ConditionalExpression => "ConditionalExpression",
            UnsupportedKind::ArithmeticCommand => "ArithmeticCommand",
            UnsupportedKind::Coproc => "Coproc",
            UnsupportedKind::TimeKeyword => "TimeKeyword",
            UnsupportedKind::Background => "Background",
            UnsupportedKind::ArrayAssignment => "ArrayAssignment",
            UnsupportedKind::FdVariable => "FdVariable",
        }
    }
}

/// One unsupported construct and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// What it is.
    pub kind: UnsupportedKind,
    /// Where it starts and ends in the source.
    pub span: Span,
}

/// Why a word's value cannot be known before the shell runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DynamicKind {
    /// `$name`, `${...}`, `$1`, `$?`, `$@`, ...
    Parameter,
    /// `$( ... )`
    CommandSubstitution,
    /// `` `...` ``
    Backtick,
    /// `<( ... )` or `>( ... )`
    ProcessSubstitution,
    /// `$(( ... ))` or `$[ ... ]`
    Arithmetic,
    /// unquoted `{a,b}` or `{1..3}`
    BraceExpansion,
    /// `?( ) *( ) +( ) @( ) !( )`
    ExtGlob,
    /// `$"..."`: translated through the locale's message catalog
    Locale,
    /// an ANSI-C escape produced a NUL or bytes that are not UTF-8
    UndecodableBytes,
}

impl DynamicKind {
    /// A stable name for JSON output and rule ids.
    pub fn as_str(self) -> &'static str {
        match self {
            DynamicKind::Parameter => "parameter",
            DynamicKind::CommandSubstitution => "command_substitution",
            DynamicKind::Backtick => "backtick",
            DynamicKind::ProcessSubstitution => "process_substitution",
            DynamicKind::Arithmetic => "arithmetic",
            DynamicKind::BraceExpansion => "brace_expansion",
            DynamicKind::ExtGlob => "extglob",
            DynamicKind::Locale => "locale",
            DynamicKind::UndecodableBytes => "undecodable_bytes",
        }
    }
}

/// The syntactic pieces of a word, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Unquoted text, including backslash escapes (resolved in [`Word::value`]).
    Literal(Span),
    /// `'...'`
    SingleQuoted(Span),
    /// `$'...'`
    AnsiC(Span),
    /// `"..."` with its inner parts.
    DoubleQuoted(Span, Vec<Part>),
    /// `$"..."` with its inner parts.
    Locale(Span, Vec<Part>),
    /// `$name`, `${...}`, `$1`, `$?` ...
    Parameter(Span),
    /// `$( ... )` and the script inside.
    CommandSubstitution(Span, Box<Script>),
    /// `` `...` `` and the script inside (spans relative to [`Script::source`]).
    Backtick(Span, Box<Script>),
    /// `<( ... )` (`output == false`) or `>( ... )` (`output == true`).
    ProcessSubstitution {
        /// The whole `<(...)`.
        span: Span,
        /// `>(...)` rather than `<(...)`.
        output: bool,
        /// The script inside.
        script: Box<Script>,
    },
    /// `$(( ... ))` or `$[ ... ]`
    Arithmetic(Span),
    /// `?( )`, `*( )`, `+( )`, `@( )`, `!( )`
    ExtGlob(Span),
}

/// A shell word after parsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// Where the word is in its source.
    pub span: Span,
    /// For a static word, its exact value after quote removal and escape
    /// processing, as bash passes it to `exec` (globs and tildes unexpanded,
    /// see the flags). For a dynamic word, the source text.
    pub value: String,
    /// `Some` when the word's value depends on expansion at run time.
    pub dynamic: Option<DynamicKind>,
    /// The syntactic parts.
    pub parts: Vec<Part>,
    /// For an unquoted glob (`*`, `?`, `[...]`), the static text before the
    /// first glob character. `Some("")` means the glob could expand to any
    /// file name, including one that starts with `-`.
    pub glob_prefix: Option<String>,
    /// The word starts with an unquoted tilde prefix (`~`, `~/x`, `~user`), or
    /// is assignment-like (`a=~/x`) with a tilde after `=` or `:`.
    pub tilde: bool,
}

impl Word {
    /// True when the value is known without running anything.
    pub fn is_static(&self) -> bool {
        self.dynamic.is_none()
    }

    /// The value if the word is static.
    pub fn static_value(&self) -> Option<&str> {
        if self.is_static() {
            Some(&self.value)
        } else {
            None
        }
    }

    /// True when the value is static and no glob or tilde expansion applies,
    /// so the string is exactly what the program receives.
    pub fn is_literal(&self) -> bool {
        self.is_static() && self.glob_prefix.is_none() && !self.tilde
    }

    /// Nested scripts inside this word (command, backtick and process substitutions).
    pub fn nested_scripts(&self) -> Vec<&Script> {
        fn walk<'a>(parts: &'a [Part], out: &mut Vec<&'a Script>) {
            for part in parts {
                match part {
                    Part::CommandSubstitution(_, s) | Part::Backtick(_, s) => out.push(s),
                    Part::ProcessSubstitution { script, .. } => out.push(script),
                    Part::DoubleQuoted(_, inner) | Part::Locale(_, inner) => walk(inner, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.parts, &mut out);
        out
    }
}

/// `NAME=value` (or `NAME+=value`) before a command name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// The variable name.
    pub name: String,
    /// `+=` rather than `=`.
    pub append: bool,
    /// The value (possibly empty).
    pub value: Word,
    /// The whole `NAME=value`.
    pub span: Span,
}

/// A redirection operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RedirectOp {
    /// `<`
    Input,
    /// `>`
    Output,
    /// `>>`
    Append,
    /// `>|`
    Clobber,
    /// `<>`
    ReadWrite,
    /// `<&`
    DupInput,
    /// `>&`
    DupOutput,
    /// `&>`
    OutputAll,
    /// `&>>`
    AppendAll,
    /// `<<`
    HereDoc,
    /// `<<-`
    HereDocStrip,
    /// `<<<`
    HereString,
}

impl RedirectOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            RedirectOp::Input => "<",
            RedirectOp::Output => ">",
            RedirectOp::Append => ">>",
            RedirectOp::Clobber => ">|",
            RedirectOp::ReadWrite => "<>",
            RedirectOp::DupInput => "<&",
            RedirectOp::DupOutput => ">&",
            RedirectOp::OutputAll => "&>",
            RedirectOp::AppendAll => "&>>",
            RedirectOp::HereDoc => "<<",
            RedirectOp::HereDocStrip => "<<-",
            RedirectOp::HereString => "<<<",
        }
    }

    /// The descriptor the operator applies to when none is written.
    pub fn default_fd(self) -> u32 {
        match self {
            RedirectOp::Input
            | RedirectOp::ReadWrite
            | RedirectOp::DupInput
            | RedirectOp::HereDoc
            | RedirectOp::HereDocStrip
            | RedirectOp::HereString => 0,
            _ => 1,
        }
    }

    /// True for operators that only read (`<`, `<&`, here-docs, here-strings).
    pub fn is_input(self) -> bool {
        matches!(
            self,
            RedirectOp::Input
                | RedirectOp::DupInput
                | RedirectOp::HereDoc
                | RedirectOp::HereDocStrip
                | RedirectOp::HereString
        )
    }
}

/// The body of a here-document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HereDoc {
    /// The delimiter after quote removal.
    pub delimiter: String,
    /// Any part of the delimiter was quoted, so the body is not expanded.
    pub quoted: bool,
    /// The body as the command reads it (tabs stripped for `<<-`; for an
    /// unquoted delimiter, `\$`, `` \` ``, `\\` and line continuations resolved).
    pub body: String,
    /// `Some` when an unquoted body contains an expansion.
    pub dynamic: Option<DynamicKind>,
}

/// One redirection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    /// The operator.
    pub op: RedirectOp,
    /// The descriptor written before the operator, if any.
    pub fd: Option<u32>,
    /// The target word (the delimiter word for a here-document).
    pub target: Word,
    /// The here-document, for `<<` and `<<-`.
    pub heredoc: Option<HereDoc>,
    /// The operator and its target.
    pub span: Span,
}

impl Redirect {
    /// The descriptor this redirection applies to.
    pub fn effective_fd(&self) -> u32 {
        self.fd.unwrap_or_else(|| self.op.default_fd())
    }

    /// True when the target and any here-document body are static.
    pub fn is_static(&self) -> bool {
        self.target.is_static() && self.heredoc.as_ref().is_none_or(|h| h.dynamic.is_none())
    }
}

/// A simple command: assignments, words and redirections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleCommand {
    /// From the first to the last token of the command (here-document bodies excluded).
    pub span: Span,
    /// The operator before this command; `None` for the first in its script.
    pub connector: Option<Connector>,
    /// Preceded by `!` (the pipeline's status is inverted).
    pub negated: bool,
    /// `NAME=value` prefixes.
    pub assignments: Vec<Assignment>,
    /// The command name and its arguments.
    pub words: Vec<Word>,
    /// Redirections written anywhere in the command.
    pub redirects: Vec<Redirect>,
}

impl SimpleCommand {
    /// The words' values (static values, or source text for dynamic words).
    pub fn argv(&self) -> impl Iterator<Item = &str> {
        self.words.iter().map(|w| w.value.as_str())
    }

    /// The command's source text.
    pub fn text<'s>(&self, source: &'s str) -> &'s str {
        self.span.slice(source)
    }

    /// True when every word, assignment value, redirect target and here-doc body is static.
    pub fn is_static(&self) -> bool {
        self.words.iter().all(Word::is_static)
            && self.assignments.iter().all(|a| a.value.is_static())
            && self.redirects.iter().all(Redirect::is_static)
    }

    /// The first reason a part of this command is dynamic.
    pub fn first_dynamic(&self) -> Option<DynamicKind> {
        self.assignments
            .iter()
            .map(|a| &a.value)
            .chain(&self.words)
            .chain(self.redirects.iter().map(|r| &r.target))
            .find_map(|w| w.dynamic)
            .or_else(|| {
                self.redirects
                    .iter()
                    .find_map(|r| r.heredoc.as_ref().and_then(|h| h.dynamic))
            })
    }
}

/// A parsed script: the simple commands reached through lists and pipelines,
/// and the constructs that were not descended into.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Script {
    /// The text the spans of this script refer to: the command itself, or the
    /// decoded body of a backtick substitution (shared, not copied, with the
    /// scripts of `$( )` and `<( )` inside it).
    pub source: Arc<str>,
    /// Simple commands in source order.
    pub commands: Vec<SimpleCommand>,
    /// Unsupported constructs in source order.
    pub unsupported: Vec<Unsupported>,
}

/// A syntax error or exceeded limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Byte offset in the top-level source where it was detected.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for SyntaxError {}

/// The result of analyzing one command string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Whether the parse completed.
    pub status: ParseStatus,
    /// The script (empty unless `status` is [`ParseStatus::Ok`]).
    pub script: Script,
    /// Why the parse failed, if it did.
    pub errors: Vec<SyntaxError>,
}

impl Analysis {
    /// The simple commands, in source order.
    pub fn commands(&self) -> &[SimpleCommand] {
        &self.script.commands
    }

    /// The unsupported constructs, in source order.
    pub fn unsupported(&self) -> &[Unsupported] {
        &self.script.unsupported
    }

    /// The analyzed source.
    pub fn source(&self) -> &str {
        &self.script.source
    }

    /// Parsed, not too long, nothing unsupported and no dynamic word anywhere:
    /// the only commands whose argv can be trusted for a permission decision.
    pub fn permission_safe(&self) -> bool {
        self.status == ParseStatus::Ok
            && self.script.unsupported.is_empty()
            && self.script.commands.iter().all(SimpleCommand::is_static)
    }
}
