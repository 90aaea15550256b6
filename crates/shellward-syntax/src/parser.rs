//! The recursive-descent parser.
//!
//! One left-to-right pass over the bytes of the command. Every construct that
//! nests (compound commands, substitutions, parameter expansions) goes through
//! [`Parser::enter`], which enforces [`MAX_NESTING`], so the Rust stack is
//! bounded. The only re-scan is the `$((`/`((` arithmetic probe, which is
//! bounded by the nesting limit as well, so total work is linear in the input
//! times a constant.
//!
//! All metacharacters are ASCII, so the parser works on bytes and only ever
//! splits UTF-8 text at ASCII boundaries.

use crate::ansi_c;
use crate::ir::*;
use crate::{MAX_NESTING, ParseResult};
use std::sync::Arc;

type Result<T> = std::result::Result<T, SyntaxError>;

/// Characters that end an unquoted word.
/// Every word the parser compares [`Parser::peek_plain_word`] with: bash's
/// reserved words and `time`'s options.
#[cfg(test)]
const RESERVED: &[&str] = &[
    "!", "--", "-p", "[[", "]]", "case", "coproc", "do", "done", "elif", "else", "esac", "fi",
    "for", "function", "if", "in", "select", "then", "time", "until", "while", "{", "}",
];

/// The first bytes of [`RESERVED`]: a word starting otherwise is none.
const RESERVED_FIRST: &[u8] = b"!-[]cdefistuw{}";

/// The length of the longest of [`RESERVED`] (`function`).
const RESERVED_LONGEST: usize = 8;

fn is_meta(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\n' | b'|' | b'&' | b';' | b'(' | b')' | b'<' | b'>'
    )
}

/// Bytes that are never special inside an unquoted word: no quoting,
/// expansion, glob, brace, tilde or extglob meaning, and not a metacharacter.
const PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'/' | b'_' | b'.' | b',' | b'=' | b'%' | b':' | b'^'
            );
        b += 1;
    }
    table
};

fn is_plain(b: u8) -> bool {
    PLAIN[usize::from(b)]
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Where a list of commands ends.
#[derive(Clone, Copy)]
enum Term {
    /// End of input only.
    Eof,
    /// `)` (subshell, command or process substitution).
    Paren,
    /// One of these reserved words in command position.
    Words(&'static [&'static str]),
    /// `;;`, `;&`, `;;&` or `esac` (a case item).
    CaseItem,
}

/// A here-document waiting for its body at the next newline.
struct PendingHeredoc {
    /// `(command index, redirect index)` in the current level, or `None` for
    /// a redirect of a compound command (the body is consumed, not kept).
    target: Option<(usize, usize)>,
    delimiter: Vec<u8>,
    strip_tabs: bool,
    quoted: bool,
}

/// The state of one script level (top level, or inside `$( )` / `<( )`).
#[derive(Default)]
struct Level {
    commands: Vec<SimpleCommand>,
    /// Indices in `commands` of those parsed inside a compound command (not
    /// reported); empty, and so never allocated, for most scripts.
    hidden_commands: Vec<usize>,
    unsupported: Vec<Unsupported>,
    pending: Vec<PendingHeredoc>,
    connector: Option<Connector>,
    /// Inside a compound command: commands and constructs are parsed but not reported.
    hidden: usize,
}

pub(crate) struct Parser<'a> {
    src: &'a str,
    /// The same text, shared with every [`Script`] whose spans point into it.
    shared: Arc<str>,
    b: &'a [u8],
    pos: usize,
    depth: usize,
    /// Offset of this source in the top-level command (for error positions).
    base: usize,
    level: Level,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a str, shared: Arc<str>, depth: usize, base: usize) -> Self {
        Parser {
            src,
            shared,
            b: src.as_bytes(),
            pos: 0,
            depth,
            base,
            level: Level::default(),
        }
    }

    /// Parse the whole source as a script.
    pub(crate) fn parse_script(mut self) -> ParseResult<Script> {
        self.parse_list(Term::Eof)?;
        if let Some(b) = self.peek() {
            return Err(self.unexpected(b));
        }
        self.finish_level()
    }

    // ----- errors and nesting ------------------------------------------------

    fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            offset: self.base + self.pos,
            message: message.into(),
        }
    }

    fn unexpected(&self, b: u8) -> SyntaxError {
        let token = match b {
            b'\n' => "newline".to_string(),
            _ => {
                let rest = &self.b[self.pos..];
                let len = [";;&", ";;", ";&", "&&", "||", "|&"]
                    .iter()
                    .find(|op| rest.starts_with(op.as_bytes()))
                    .map_or(self.char_len_at(self.pos).max(1), |op| op.len());
                format!(
                    "`{}`",
                    String::from_utf8_lossy(&rest[..len.min(rest.len())])
                )
            }
        };
        self.error(format!("syntax error near unexpected token {token}"))
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error(format!("nesting deeper than {MAX_NESTING} levels")));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ----- low-level scanning ------------------------------------------------

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<u8> {
        self.b.get(self.pos + n).copied()
    }

    fn starts_with(&self, s: &[u8]) -> bool {
        self.b[self.pos..].starts_with(s)
    }

    fn at_eof(&self) -> bool {
        self.pos >= self.b.len()
    }

    /// Skip spaces, tabs and backslash-newline continuations.
    fn skip_blanks(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t') => self.pos += 1,
                Some(b'\\') if self.peek_at(1) == Some(b'\n') => self.pos += 2,
                _ => return,
            }
        }
    }

    /// Skip a comment (a `#` at the start of a token) up to the newline.
    fn skip_comment(&mut self) {
        if self.peek() == Some(b'#') {
            while let Some(b) = self.peek() {
                if b == b'\n' {
                    break;
                }
                self.pos += 1;
            }
        }
    }

    /// Consume a newline token and read any pending here-document bodies.
    fn newline(&mut self) -> Result<()> {
        debug_assert_eq!(self.peek(), Some(b'\n'));
        self.pos += 1;
        if !self.level.pending.is_empty() {
            self.read_heredoc_bodies()?;
        }
        Ok(())
    }

    /// Skip blanks, comments and newlines.
    fn skip_linebreaks(&mut self) -> Result<()> {
        loop {
            self.skip_blanks();
            self.skip_comment();
            if self.peek() == Some(b'\n') {
                self.newline()?;
            } else {
                return Ok(());
            }
        }
    }

    /// The next token if it is an unquoted plain word short enough to be a
    /// reserved word (every caller compares it with reserved words, the
    /// longest of which is `function`): a longer word is not scanned whole.
    fn peek_plain_word(&self) -> Option<&'a str> {
        const LONGEST: usize = RESERVED_LONGEST;
        if !self
            .b
            .get(self.pos)
            .is_some_and(|b| RESERVED_FIRST.contains(b))
        {
            return None;
        }
        let end = self.b.len().min(self.pos + LONGEST + 1);
        let rest = &self.b[self.pos..end];
        let len = rest
            .iter()
            .position(|&b| is_meta(b) || matches!(b, b'\'' | b'"' | b'\\' | b'$' | b'`'))
            .unwrap_or(rest.len());
        if len == 0 || len > LONGEST {
            return None;
        }
        // A word that continues with a quote is not a reserved word.
        if let Some(&b) = self.b.get(self.pos + len)
            && !is_meta(b)
        {
            return None;
        }
        self.src.get(self.pos..self.pos + len)
    }

    fn at_reserved(&self, word: &str) -> bool {
        self.peek_plain_word() == Some(word)
    }

    fn expect_reserved(&mut self, word: &str) -> Result<()> {
        self.skip_linebreaks()?;
        if self.at_reserved(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.expected(&format!("`{word}`")))
        }
    }

    fn expected(&self, what: &str) -> SyntaxError {
        match self.peek() {
            None => self.error(format!("unexpected end of input, expected {what}")),
            Some(b) => {
                let mut e = self.unexpected(b);
                e.message.push_str(&format!(", expected {what}"));
                e
            }
        }
    }

    // ----- lists, and-or lists, pipelines -------------------------------------

    fn at_list_end(&self, term: Term) -> bool {
        match term {
            Term::Eof => false,
            Term::Paren => self.peek() == Some(b')'),
            Term::Words(words) => self.peek_plain_word().is_some_and(|w| words.contains(&w)),
            Term::CaseItem => {
                self.starts_with(b";;") || self.starts_with(b";&") || self.at_reserved("esac")
            }
        }
    }

    /// Parse commands until end of input, `term`, or a token that cannot
    /// continue a list (left for the caller). Returns how many and-or lists
    /// were parsed.
    fn parse_list(&mut self, term: Term) -> Result<usize> {
        let mut count = 0;
        loop {
            self.skip_linebreaks()?;
            let Some(b) = self.peek() else {
                return Ok(count);
            };
            if self.at_list_end(term) || b == b')' {
                return Ok(count);
            }
            self.parse_and_or()?;
            count += 1;
            self.skip_blanks();
            self.skip_comment();
            match self.peek() {
                Some(b'\n') => {
                    self.newline()?;
                    self.level.connector = Some(Connector::Seq);
                }
                Some(b';') if matches!(self.peek_at(1), Some(b';' | b'&')) => return Ok(count),
                Some(b';') => {
                    self.pos += 1;
                    self.level.connector = Some(Connector::Seq);
                }
                Some(b'&') if !matches!(self.peek_at(1), Some(b'&' | b'>')) => {
                    self.push_unsupported(UnsupportedKind::Background, self.pos, self.pos + 1);
                    self.pos += 1;
                    self.level.connector = Some(Connector::Background);
                }
                _ => return Ok(count),
            }
        }
    }

    fn parse_and_or(&mut self) -> Result<()> {
        self.parse_pipeline()?;
        loop {
            self.skip_blanks();
            let connector = if self.starts_with(b"&&") {
                Connector::And
            } else if self.starts_with(b"||") {
                Connector::Or
            } else {
                return Ok(());
            };
            self.pos += 2;
            self.level.connector = Some(connector);
            self.skip_linebreaks()?;
            self.parse_pipeline()?;
        }
    }

    fn parse_pipeline(&mut self) -> Result<()> {
        self.skip_blanks();
        let mut negated = false;
        loop {
            if self.at_reserved("!") {
                negated = true;
                self.pos += 1;
                self.skip_blanks();
            } else if self.at_reserved("time") {
                let start = self.pos;
                self.pos += 4;
                self.skip_blanks();
                while self.at_reserved("-p") || self.at_reserved("--") {
                    self.pos += 2;
                    self.skip_blanks();
                }
                self.push_unsupported(UnsupportedKind::TimeKeyword, start, start + 4);
                // `time` alone (or before a separator) times nothing and is valid.
                match self.peek() {
                    None | Some(b'\n' | b';' | b'&' | b')') => return Ok(()),
                    _ => {}
                }
            } else {
                break;
            }
        }
        self.parse_command(negated)?;
        loop {
            self.skip_blanks();
            let connector = if self.starts_with(b"|&") {
                Connector::PipeAll
            } else if self.peek() == Some(b'|') && self.peek_at(1) != Some(b'|') {
                Connector::Pipe
            } else {
                return Ok(());
            };
            self.pos += if connector == Connector::PipeAll {
                2
            } else {
                1
            };
            self.level.connector = Some(connector);
            self.skip_linebreaks()?;
            self.parse_command(false)?;
        }
    }

    // ----- commands -----------------------------------------------------------

    fn parse_command(&mut self, negated: bool) -> Result<()> {
        self.skip_blanks();
        let start = self.pos;
        match self.peek() {
            None => return Err(self.expected("a command")),
            Some(b'(') => {
                if self.peek_at(1) == Some(b'(')
                    && let Some(end) = self.scan_arithmetic(self.pos + 2)
                {
                    self.pos = end;
                    self.push_unsupported(UnsupportedKind::ArithmeticCommand, start, end);
                } else {
                    self.compound(UnsupportedKind::Subshell, |p| {
                        p.pos += 1;
                        p.nonempty_list(Term::Paren)?;
                        p.expect_byte(b')')
                    })?;
                }
                return self.compound_redirects();
            }
            Some(b) if is_meta(b) && !self.redirect_ahead() => {
                return Err(self.expected("a command"));
            }
            _ => {}
        }
        let kind = match self.peek_plain_word() {
            // `!` is only valid at the start of a pipeline.
            Some("!") => return Err(self.error("syntax error near unexpected token `!`")),
            Some("{") => Some(UnsupportedKind::BraceGroup),
            Some("if") => Some(UnsupportedKind::If),
            Some("for") => Some(UnsupportedKind::For),
            Some("select") => Some(UnsupportedKind::Select),
            Some("while") => Some(UnsupportedKind::While),
            Some("until") => Some(UnsupportedKind::Until),
            Some("case") => Some(UnsupportedKind::Case),
            Some("function") => Some(UnsupportedKind::FunctionDefinition),
            Some("[[") => Some(UnsupportedKind::ConditionalExpression),
            Some("coproc") => Some(UnsupportedKind::Coproc),
            Some(w @ ("}" | "then" | "else" | "elif" | "fi" | "do" | "done" | "esac")) => {
                return Err(self.error(format!("syntax error near unexpected token `{w}`")));
            }
            _ => None,
        };
        match kind {
            Some(kind) => {
                self.compound(kind, |p| p.parse_compound_body(kind))?;
                self.compound_redirects()
            }
            None => self.parse_simple(negated),
        }
    }

    /// Record an unsupported construct around `body` and parse it hidden.
    fn compound(
        &mut self,
        kind: UnsupportedKind,
        body: impl FnOnce(&mut Self) -> Result<()>,
    ) -> Result<()> {
        self.enter()?;
        let start = self.pos;
        let index = self.push_unsupported(kind, start, start);
        let saved = self.level.connector.take();
        self.level.hidden += 1;
        body(self)?;
        self.level.hidden -= 1;
        self.level.connector = saved;
        if let Some(i) = index {
            self.level.unsupported[i].span.end = self.pos;
        }
        self.leave();
        Ok(())
    }

    fn nonempty_list(&mut self, term: Term) -> Result<()> {
        if self.parse_list(term)? == 0 {
            return Err(self.expected("a command"));
        }
        Ok(())
    }

    fn expect_byte(&mut self, b: u8) -> Result<()> {
        self.skip_linebreaks()?;
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.expected(&format!("`{}`", b as char)))
        }
    }

    fn parse_compound_body(&mut self, kind: UnsupportedKind) -> Result<()> {
        match kind {
            UnsupportedKind::BraceGroup => {
                self.pos += 1;
                self.nonempty_list(Term::Words(&["}"]))?;
                self.expect_reserved("}")
            }
            UnsupportedKind::If => {
                self.pos += 2;
                self.nonempty_list(Term::Words(&["then"]))?;
                self.expect_reserved("then")?;
                self.nonempty_list(Term::Words(&["elif", "else", "fi"]))?;
                loop {
                    self.skip_linebreaks()?;
                    if self.at_reserved("elif") {
                        self.pos += 4;
                        self.nonempty_list(Term::Words(&["then"]))?;
                        self.expect_reserved("then")?;
                        self.nonempty_list(Term::Words(&["elif", "else", "fi"]))?;
                    } else if self.at_reserved("else") {
                        self.pos += 4;
                        self.nonempty_list(Term::Words(&["fi"]))?;
                        return self.expect_reserved("fi");
                    } else {
                        return self.expect_reserved("fi");
                    }
                }
            }
            UnsupportedKind::While | UnsupportedKind::Until => {
                self.pos += 5; // `while` and `until`
                self.nonempty_list(Term::Words(&["do"]))?;
                self.do_group()
            }
            UnsupportedKind::For | UnsupportedKind::Select => {
                self.pos += if kind == UnsupportedKind::For { 3 } else { 6 };
                self.skip_blanks();
                if kind == UnsupportedKind::For && self.starts_with(b"((") {
                    let Some(end) = self.scan_arithmetic(self.pos + 2) else {
                        return Err(self.error("unterminated `((` in for loop"));
                    };
                    self.pos = end;
                    self.skip_blanks();
                    if self.peek() == Some(b';') {
                        self.pos += 1;
                    }
                    self.skip_linebreaks()?;
                    return self.do_group();
                }
                let Some(_name) = self.read_word_opt()? else {
                    return Err(self.expected("a loop variable"));
                };
                self.skip_linebreaks()?;
                if self.at_reserved("in") {
                    self.pos += 2;
                    loop {
                        self.skip_blanks();
                        if self.read_word_opt()?.is_none() {
                            break;
                        }
                    }
                    match self.peek() {
                        Some(b';') => self.pos += 1,
                        Some(b'\n') => self.newline()?,
                        _ => return Err(self.expected("`;` or a newline")),
                    }
                } else if self.peek() == Some(b';') {
                    self.pos += 1;
                }
                self.skip_linebreaks()?;
                self.do_group()
            }
            UnsupportedKind::Case => {
                self.pos += 4;
                self.skip_blanks();
                if self.read_word_opt()?.is_none() {
                    return Err(self.expected("a word after `case`"));
                }
                self.expect_reserved("in")?;
                loop {
                    self.skip_linebreaks()?;
                    if self.at_reserved("esac") {
                        self.pos += 4;
                        return Ok(());
                    }
                    if self.peek() == Some(b'(') {
                        self.pos += 1;
                    }
                    loop {
                        self.skip_blanks();
                        if self.read_word_opt()?.is_none() {
                            return Err(self.expected("a case pattern"));
                        }
                        self.skip_blanks();
                        match self.peek() {
                            Some(b'|') => self.pos += 1,
                            Some(b')') => {
                                self.pos += 1;
                                break;
                            }
                            _ => return Err(self.expected("`)` after a case pattern")),
                        }
                    }
                    self.parse_list(Term::CaseItem)?;
                    self.skip_linebreaks()?;
                    if self.starts_with(b";;&") {
                        self.pos += 3;
                    } else if self.starts_with(b";;") || self.starts_with(b";&") {
                        self.pos += 2;
                    } else if !self.at_reserved("esac") {
                        return Err(self.expected("`;;` or `esac`"));
                    }
                }
            }
            UnsupportedKind::FunctionDefinition => {
                self.pos += 8;
                self.skip_blanks();
                if self.read_word_opt()?.is_none() {
                    return Err(self.expected("a function name"));
                }
                self.skip_blanks();
                if self.peek() == Some(b'(') {
                    self.pos += 1;
                    self.skip_blanks();
                    self.expect_byte(b')')?;
                }
                self.function_body()
            }
            UnsupportedKind::ConditionalExpression => {
                self.pos += 2;
                self.conditional_expression()
            }
            UnsupportedKind::Coproc => {
                self.pos += 6;
                self.parse_command(false)
            }
            _ => Err(self.error("internal: not a compound command")),
        }
    }

    fn do_group(&mut self) -> Result<()> {
        self.expect_reserved("do")?;
        self.nonempty_list(Term::Words(&["done"]))?;
        self.expect_reserved("done")
    }

    fn function_body(&mut self) -> Result<()> {
        self.skip_linebreaks()?;
        let compound = self.peek() == Some(b'(')
            || matches!(
                self.peek_plain_word(),
                Some("{" | "if" | "for" | "select" | "while" | "until" | "case" | "[[")
            );
        if !compound {
            return Err(self.expected("a compound command as the function body"));
        }
        self.parse_command(false)
    }

    /// `[[ ... ]]` after the opening `[[`.
    fn conditional_expression(&mut self) -> Result<()> {
        let mut previous_was_regex_op = false;
        loop {
            self.skip_linebreaks()?;
            if self.at_reserved("]]") {
                self.pos += 2;
                return Ok(());
            }
            match self.peek() {
                None => return Err(self.expected("`]]`")),
                Some(_) if previous_was_regex_op => {
                    self.scan_regex_word()?;
                    previous_was_regex_op = false;
                }
                Some(b'&') if self.peek_at(1) == Some(b'&') => self.pos += 2,
                Some(b'|') if self.peek_at(1) == Some(b'|') => self.pos += 2,
                Some(b'(' | b')' | b'<' | b'>') => self.pos += 1,
                Some(b) if is_meta(b) => return Err(self.unexpected(b)),
                Some(_) => {
                    let word = self.read_word()?;
                    previous_was_regex_op = word.value == "=~";
                }
            }
        }
    }

    /// The right-hand side of `=~`: parentheses and `|` belong to the regex.
    fn scan_regex_word(&mut self) -> Result<()> {
        let mut depth = 0usize;
        let start = self.pos;
        while let Some(b) = self.peek() {
            match b {
                b' ' | b'\t' | b'\n' if depth == 0 => break,
                b'(' => depth += 1,
                b')' if depth == 0 => break,
                b')' => depth -= 1,
                b'\\' => self.pos += 1,
                b'\'' | b'"' | b'$' | b'`' => {
                    self.read_word()?;
                    continue;
                }
                _ => {}
            }
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.expected("a regular expression after `=~`"));
        }
        Ok(())
    }

    /// Redirections after a compound command; their here-doc bodies are consumed, not kept.
    fn compound_redirects(&mut self) -> Result<()> {
        loop {
            self.skip_blanks();
            if self.redirect_ahead() {
                let redirect = self.parse_redirect()?;
                if let Some(doc) = &redirect.heredoc {
                    self.level.pending.push(PendingHeredoc {
                        target: None,
                        delimiter: doc.delimiter.clone().into_bytes(),
                        strip_tabs: redirect.op == RedirectOp::HereDocStrip,
                        quoted: doc.quoted,
                    });
                }
            } else {
                break;
            }
        }
        match self.peek() {
            Some(b) if !is_meta(b) && b != b'#' => Err(self.unexpected(b)),
            _ => Ok(()),
        }
    }

    /// Is a redirection operator (with an optional fd number) next?
    fn redirect_ahead(&self) -> bool {
        let rest = &self.b[self.pos..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let after = &rest[digits..];
        let op = match after.first() {
            Some(b'<' | b'>') => !matches!(after.get(1), Some(b'(')),
            Some(b'&') => digits == 0 && after.get(1) == Some(&b'>'),
            _ => false,
        };
        op && (digits == 0 || fd_number(&rest[..digits]).is_some())
    }

    fn parse_simple(&mut self, negated: bool) -> Result<()> {
        let start = self.pos;
        let mut assignments = Vec::new();
        let mut words: Vec<Word> = Vec::new();
        let mut redirects = Vec::new();
        let mut end = start;
        loop {
            self.skip_blanks();
            let Some(b) = self.peek() else { break };
            if self.redirect_ahead() {
                redirects.push(self.parse_redirect()?);
            } else if b == b'{' && self.fd_variable_ahead() {
                let s = self.pos;
                while self.peek() != Some(b'}') {
                    self.pos += 1;
                }
                self.pos += 1;
                self.push_unsupported(UnsupportedKind::FdVariable, s, self.pos);
                redirects.push(self.parse_redirect()?);
            } else if b == b'(' {
                if words.len() == 1 && assignments.is_empty() && redirects.is_empty() {
                    // `name () compound`: a function definition.
                    let index =
                        self.push_unsupported(UnsupportedKind::FunctionDefinition, start, start);
                    self.pos += 1;
                    self.skip_blanks();
                    self.expect_byte(b')')?;
                    self.enter()?;
                    self.level.hidden += 1;
                    let saved = self.level.connector.take();
                    self.function_body()?;
                    self.level.connector = saved;
                    self.level.hidden -= 1;
                    self.leave();
                    if let Some(i) = index {
                        self.level.unsupported[i].span.end = self.pos;
                    }
                    return self.compound_redirects();
                }
                return Err(self.unexpected(b));
            } else if is_meta(b) && !(matches!(b, b'<' | b'>') && self.peek_at(1) == Some(b'(')) {
                break;
            } else if b == b'#' {
                // `#` at the start of a token begins a comment.
                break;
            } else if words.is_empty()
                && let Some(assignment) = self.try_assignment()?
            {
                assignments.push(assignment);
            } else {
                words.push(self.read_word()?);
            }
            end = self.pos;
        }
        if words.is_empty() && assignments.is_empty() && redirects.is_empty() {
            return Err(self.expected("a command"));
        }
        let heredocs: Vec<(usize, PendingHeredoc)> = redirects
            .iter()
            .enumerate()
            .filter_map(|(i, r): (usize, &Redirect)| {
                r.heredoc.as_ref().map(|doc| {
                    (
                        i,
                        PendingHeredoc {
                            target: None,
                            delimiter: doc.delimiter.clone().into_bytes(),
                            strip_tabs: r.op == RedirectOp::HereDocStrip,
                            quoted: doc.quoted,
                        },
                    )
                })
            })
            .collect();
        let command = SimpleCommand {
            span: Span::new(start, end),
            connector: self.level.connector.take(),
            negated,
            assignments,
            words,
            redirects,
        };
        let index = self.level.commands.len();
        self.level.commands.push(command);
        if self.level.hidden > 0 {
            self.level.hidden_commands.push(index);
        }
        for (redirect, mut pending) in heredocs {
            pending.target = Some((index, redirect));
            self.level.pending.push(pending);
        }
        Ok(())
    }

    /// `{name}` directly followed by a redirection operator.
    fn fd_variable_ahead(&self) -> bool {
        let rest = &self.b[self.pos + 1..];
        let len = rest.iter().take_while(|&&b| is_name_char(b)).count();
        len > 0
            && is_name_start(rest[0])
            && rest.get(len) == Some(&b'}')
            && matches!(rest.get(len + 1), Some(b'<' | b'>'))
    }

    /// `NAME=value` or `NAME+=value` at the current position, if it is one.
    fn try_assignment(&mut self) -> Result<Option<Assignment>> {
        let rest = &self.b[self.pos..];
        if !rest.first().copied().is_some_and(is_name_start) {
            return Ok(None);
        }
        let name_len = rest.iter().take_while(|&&b| is_name_char(b)).count();
        let start = self.pos;
        let (append, op_len) = match &rest[name_len..] {
            [b'=', ..] => (false, 1),
            [b'+', b'=', ..] => (true, 2),
            [b'[', ..] => {
                // `name[i]=value` is an array element assignment.
                if let Some(close) = rest[name_len..]
                    .iter()
                    .position(|&b| b == b']' || is_meta(b))
                    && rest[name_len + close] == b']'
                    && rest.get(name_len + close + 1) == Some(&b'=')
                {
                    let word = self.read_word()?;
                    self.push_unsupported(UnsupportedKind::ArrayAssignment, start, word.span.end);
                    return Ok(Some(Assignment {
                        name: String::from_utf8_lossy(&rest[..name_len]).into_owned(),
                        append: false,
                        span: Span::new(start, self.pos),
                        value: word,
                    }));
                }
                return Ok(None);
            }
            _ => return Ok(None),
        };
        let name = self.src[start..start + name_len].to_string();
        self.pos += name_len + op_len;
        if self.peek() == Some(b'(') {
            // `name=(a b c)`: a compound array assignment.
            self.pos += 1;
            loop {
                self.skip_linebreaks()?;
                match self.peek() {
                    None => return Err(self.expected("`)` closing the array")),
                    Some(b')') => {
                        self.pos += 1;
                        break;
                    }
                    Some(b) if is_meta(b) => return Err(self.unexpected(b)),
                    Some(_) => {
                        self.read_word()?;
                    }
                }
            }
            self.push_unsupported(UnsupportedKind::ArrayAssignment, start, self.pos);
            let span = Span::new(start, self.pos);
            return Ok(Some(Assignment {
                name,
                append,
                value: Word {
                    span,
                    value: span.slice(self.src).to_string(),
                    dynamic: None,
                    parts: Vec::new(),
                    glob_prefix: None,
                    tilde: false,
                },
                span,
            }));
        }
        let value = match self.peek() {
            Some(b) if !is_meta(b) => self.read_word_in(true)?,
            _ => Word {
                span: Span::new(self.pos, self.pos),
                value: String::new(),
                dynamic: None,
                parts: Vec::new(),
                glob_prefix: None,
                tilde: false,
            },
        };
        Ok(Some(Assignment {
            name,
            append,
            value,
            span: Span::new(start, self.pos),
        }))
    }

    // ----- redirections and here-documents -------------------------------------

    fn parse_redirect(&mut self) -> Result<Redirect> {
        let start = self.pos;
        let digits = self.b[self.pos..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let fd = if digits > 0 {
            let fd = fd_number(&self.b[self.pos..self.pos + digits]);
            self.pos += digits;
            fd
        } else {
            None
        };
        let ops: [(&[u8], RedirectOp); 12] = [
            (b"&>>", RedirectOp::AppendAll),
            (b"&>", RedirectOp::OutputAll),
            (b"<<<", RedirectOp::HereString),
            (b"<<-", RedirectOp::HereDocStrip),
            (b"<<", RedirectOp::HereDoc),
            (b"<&", RedirectOp::DupInput),
            (b"<>", RedirectOp::ReadWrite),
            (b"<", RedirectOp::Input),
            (b">>", RedirectOp::Append),
            (b">&", RedirectOp::DupOutput),
            (b">|", RedirectOp::Clobber),
            (b">", RedirectOp::Output),
        ];
        let Some(&(text, op)) = ops.iter().find(|(text, _)| self.starts_with(text)) else {
            return Err(self.error("expected a redirection operator"));
        };
        self.pos += text.len();
        self.skip_blanks();
        if self.redirect_ahead() {
            // `>2>x`: another operator where the target word should be.
            return Err(self.expected(&format!("a word after `{}`", op.as_str())));
        }
        match self.peek() {
            Some(b)
                if (!is_meta(b) && b != b'#')
                    || (matches!(b, b'<' | b'>') && self.peek_at(1) == Some(b'(')) => {}
            _ => return Err(self.expected(&format!("a word after `{}`", op.as_str()))),
        }
        let target = self.read_word()?;
        let heredoc = if matches!(op, RedirectOp::HereDoc | RedirectOp::HereDocStrip) {
            let raw = target.span.slice(self.src);
            // `<<$'EOF'`, `<<$"EOF"`: bash's delimiter is not what the
            // quotes hold read plainly (`$` dropped); a delimiter bash may
            // read another way is an error, not a guess.
            if raw.contains("$'") || raw.contains("$\"") {
                return Err(self.error(format!(
                    "here-document delimiter `{raw}` uses `$'...'` or `$\"...\"` quoting"
                )));
            }
            let quoted = raw.bytes().any(|b| matches!(b, b'\'' | b'"' | b'\\'));
            Some(HereDoc {
                delimiter: unquote_delimiter(raw),
                quoted,
                body: String::new(),
                dynamic: None,
            })
        } else {
            None
        };
        Ok(Redirect {
            op,
            fd,
            target,
            heredoc,
            span: Span::new(start, self.pos),
        })
    }

    /// The start of the logical line bash reads from `line` (which ends at
    /// `line_end` with a continuation) and the physical lines after it, up to
    /// `limit` bytes: enough to compare with a delimiter, so each line costs
    /// at most that.
    fn joined_from(&self, line: &[u8], line_end: usize, strip_tabs: bool, limit: usize) -> Vec<u8> {
        let mut joined = line[..line.len() - 1].to_vec();
        let mut pos = line_end + 1;
        while joined.len() <= limit && pos < self.b.len() {
            let end = self.b[pos..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(self.b.len(), |i| pos + i);
            let mut next = &self.b[pos..end];
            if strip_tabs {
                next = &next[next.iter().take_while(|&&b| b == b'\t').count()..];
            }
            if !continued(next) {
                joined.extend_from_slice(next);
                break;
            }
            joined.extend_from_slice(&next[..next.len() - 1]);
            pos = end + 1;
        }
        joined
    }

    fn read_heredoc_bodies(&mut self) -> Result<()> {
        let pending = std::mem::take(&mut self.level.pending);
        for doc in pending {
            let mut body: Vec<u8> = Vec::new();
            loop {
                if self.at_eof() {
                    return Err(self.error(format!(
                        "here-document not terminated (wanted `{}`)",
                        String::from_utf8_lossy(&doc.delimiter)
                    )));
                }
                let line_end = self.b[self.pos..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(self.b.len(), |i| self.pos + i);
                let mut line = &self.b[self.pos..line_end];
                if doc.strip_tabs {
                    let tabs = line.iter().take_while(|&&b| b == b'\t').count();
                    line = &line[tabs..];
                }
                self.pos = (line_end + 1).min(self.b.len());
                if line == doc.delimiter.as_slice() {
                    break;
                }
                // Inside `$(...)` bash also ends the body at the delimiter
                // followed by an operator (`EOF)` closes the substitution
                // and what follows runs): a line bash may read either way.
                if let Some(rest) = line.strip_prefix(doc.delimiter.as_slice()) {
                    let rest = rest.trim_ascii_start();
                    if rest.first().is_some_and(|b| b"()|;&<>".contains(b)) {
                        return Err(self.error(format!(
                            "here-document line `{}` may end the here-document inside `$(...)`",
                            String::from_utf8_lossy(line)
                        )));
                    }
                }
                // In an unquoted here-document bash joins a line ending in a
                // backslash with the next before comparing it with the
                // delimiter (`EO\` and `F` end it): where that could happen,
                // an error.
                if !doc.quoted
                    && continued(line)
                    && self
                        .joined_from(line, line_end, doc.strip_tabs, doc.delimiter.len() + 1)
                        .starts_with(&doc.delimiter)
                {
                    return Err(self.error(format!(
                        "a line continuation may end the here-document (wanted `{}`)",
                        String::from_utf8_lossy(&doc.delimiter)
                    )));
                }
                body.extend_from_slice(line);
                if line_end < self.b.len() {
                    body.push(b'\n');
                }
            }
            let (body, dynamic) = if doc.quoted {
                (body, None)
            } else {
                expand_heredoc_body(&body)
            };
            if let Some((cmd, redirect)) = doc.target
                && let Some(r) = self.level.commands[cmd].redirects.get_mut(redirect)
                && let Some(h) = r.heredoc.as_mut()
            {
                h.body = String::from_utf8(body)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
                h.dynamic = dynamic;
            }
        }
        Ok(())
    }

    // ----- words --------------------------------------------------------------

    /// A word if one starts here (after blanks were skipped), else `None`.
    fn read_word_opt(&mut self) -> Result<Option<Word>> {
        match self.peek() {
            Some(b) if !is_meta(b) && b != b'#' => Ok(Some(self.read_word()?)),
            _ => Ok(None),
        }
    }

    fn read_word(&mut self) -> Result<Word> {
        self.read_word_in(false)
    }

    /// Read one word. `assignment_value` enables tilde expansion after `:`.
    fn read_word_in(&mut self, assignment_value: bool) -> Result<Word> {
        let start = self.pos;
        let mut w = WordBuilder::default();
        while let Some(b) = self.peek() {
            if is_plain(b) {
                // A run of bytes that mean nothing to the shell here: copied
                // at once (`.` and `,` only while no `{` could make them
                // brace-expansion separators).
                w.open_literal(self.pos);
                let brace_open = w.brace_open;
                let run = self.b[self.pos..]
                    .iter()
                    .take_while(|&&c| is_plain(c) && !(brace_open && (c == b'.' || c == b',')))
                    .count();
                if run > 0 {
                    w.value.extend_from_slice(&self.b[self.pos..self.pos + run]);
                    self.pos += run;
                    continue;
                }
            }
            match b {
                b'<' | b'>' if self.peek_at(1) == Some(b'(') => {
                    w.close_literal(self.pos);
                    let part = self.process_substitution()?;
                    w.set_dynamic(DynamicKind::ProcessSubstitution);
                    w.parts.push(part);
                }
                _ if is_meta(b) => break,
                b'\\' => {
                    w.open_literal(self.pos);
                    match self.peek_at(1) {
                        Some(b'\n') => self.pos += 2,
                        None => {
                            w.push_quoted(b"\\");
                            self.pos += 1;
                        }
                        Some(_) => {
                            let len = self.char_len_at(self.pos + 1);
                            w.push_quoted(&self.b[self.pos + 1..self.pos + 1 + len]);
                            self.pos += 1 + len;
                        }
                    }
                }
                b'\'' => {
                    w.close_literal(self.pos);
                    let s = self.pos;
                    let Some(len) = self.b[s + 1..].iter().position(|&c| c == b'\'') else {
                        return Err(self.error("unterminated single quote"));
                    };
                    w.push_quoted(&self.b[s + 1..s + 1 + len]);
                    self.pos = s + len + 2;
                    w.parts.push(Part::SingleQuoted(Span::new(s, self.pos)));
                }
                b'"' => {
                    w.close_literal(self.pos);
                    let (part, value, dynamic) = self.double_quoted()?;
                    w.push_quoted(&value);
                    if let Some(d) = dynamic {
                        w.set_dynamic(d);
                    }
                    w.parts.push(part);
                }
                b'$' => {
                    w.close_literal(self.pos);
                    match self.dollar(false)? {
                        Dollar::Literal => {
                            w.open_literal(self.pos);
                            w.push_unquoted(b'$', false);
                            self.pos += 1;
                        }
                        Dollar::Static(part, value) => {
                            w.push_quoted(&value);
                            w.parts.push(part);
                        }
                        Dollar::Dynamic(part, kind) => {
                            w.set_dynamic(kind);
                            w.parts.push(part);
                        }
                    }
                }
                b'`' => {
                    w.close_literal(self.pos);
                    let part = self.backtick(false)?;
                    w.set_dynamic(DynamicKind::Backtick);
                    w.parts.push(part);
                }
                b'?' | b'*' | b'+' | b'@' | b'!' if self.peek_at(1) == Some(b'(') => {
                    w.close_literal(self.pos);
                    let s = self.pos;
                    self.pos += 1;
                    self.skip_balanced_parens()?;
                    w.set_dynamic(DynamicKind::ExtGlob);
                    w.parts.push(Part::ExtGlob(Span::new(s, self.pos)));
                }
                _ => {
                    w.open_literal(self.pos);
                    if b == b'~' && (self.pos == start || (assignment_value && w.after_colon())) {
                        w.tilde = true;
                    }
                    let len = self.char_len_at(self.pos);
                    if len == 1 {
                        w.push_unquoted(b, true);
                    } else {
                        w.push_quoted(&self.b[self.pos..self.pos + len]);
                    }
                    self.pos += len;
                }
            }
        }
        w.close_literal(self.pos);
        let span = Span::new(start, self.pos);
        let raw = span.slice(self.src);
        // Bash expands `~` after `=` in assignment-like arguments too (`a=~/x`).
        if !w.tilde && !assignment_value && looks_like_assignment_with_tilde(raw) {
            w.tilde = true;
        }
        Ok(w.finish(span, raw))
    }

    fn char_len_at(&self, pos: usize) -> usize {
        match self.b.get(pos) {
            Some(&b) if b < 0x80 => 1,
            Some(_) => self.src[pos..].chars().next().map_or(1, char::len_utf8),
            None => 0,
        }
    }

    /// `"..."` at the current position: the part, its decoded value, and dynamism.
    fn double_quoted(&mut self) -> Result<(Part, Vec<u8>, Option<DynamicKind>)> {
        let start = self.pos;
        self.pos += 1;
        let mut value = Vec::new();
        let mut parts = Vec::new();
        let mut dynamic = None;
        let mut lit: Option<usize> = None;
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error("unterminated double quote"));
            };
            match b {
                b'"' => {
                    close_lit(&mut lit, &mut parts, self.pos);
                    self.pos += 1;
                    break;
                }
                b'\\' => {
                    lit.get_or_insert(self.pos);
                    match self.peek_at(1) {
                        Some(b'\n') => self.pos += 2,
                        Some(c @ (b'$' | b'`' | b'"' | b'\\')) => {
                            value.push(c);
                            self.pos += 2;
                        }
                        _ => {
                            value.push(b'\\');
                            self.pos += 1;
                        }
                    }
                }
                b'$' => {
                    close_lit(&mut lit, &mut parts, self.pos);
                    match self.dollar(true)? {
                        Dollar::Literal => {
                            lit = Some(self.pos);
                            value.push(b'$');
                            self.pos += 1;
                        }
                        Dollar::Static(part, v) => {
                            value.extend_from_slice(&v);
                            parts.push(part);
                        }
                        Dollar::Dynamic(part, kind) => {
                            dynamic.get_or_insert(kind);
                            parts.push(part);
                        }
                    }
                }
                b'`' => {
                    close_lit(&mut lit, &mut parts, self.pos);
                    parts.push(self.backtick(true)?);
                    dynamic.get_or_insert(DynamicKind::Backtick);
                }
                _ => {
                    lit.get_or_insert(self.pos);
                    value.push(b);
                    self.pos += 1;
                }
            }
        }
        Ok((
            Part::DoubleQuoted(Span::new(start, self.pos), parts),
            value,
            dynamic,
        ))
    }

    /// Whatever starts with `$` at the current position.
    fn dollar(&mut self, in_double_quotes: bool) -> Result<Dollar> {
        let start = self.pos;
        match self.peek_at(1) {
            Some(b'\'') if !in_double_quotes => {
                self.pos += 2;
                let (bytes, end) = ansi_c::decode(self.b, self.pos)
                    .ok_or_else(|| self.error("unterminated ANSI-C quote `$'`"))?;
                self.pos = end;
                let part = Part::AnsiC(Span::new(start, end));
                if bytes.contains(&0) || std::str::from_utf8(&bytes).is_err() {
                    return Ok(Dollar::Dynamic(part, DynamicKind::UndecodableBytes));
                }
                Ok(Dollar::Static(part, bytes))
            }
            Some(b'"') if !in_double_quotes => {
                self.pos += 1;
                let (part, _, _) = self.double_quoted()?;
                let Part::DoubleQuoted(_, inner) = part else {
                    return Err(self.error("internal: expected a double-quoted part"));
                };
                Ok(Dollar::Dynamic(
                    Part::Locale(Span::new(start, self.pos), inner),
                    DynamicKind::Locale,
                ))
            }
            Some(b'(') => {
                if self.peek_at(2) == Some(b'(')
                    && let Some(end) = self.scan_arithmetic(self.pos + 3)
                {
                    self.pos = end;
                    return Ok(Dollar::Dynamic(
                        Part::Arithmetic(Span::new(start, end)),
                        DynamicKind::Arithmetic,
                    ));
                }
                self.pos += 2;
                let script = self.nested_script()?;
                Ok(Dollar::Dynamic(
                    Part::CommandSubstitution(Span::new(start, self.pos), Box::new(script)),
                    DynamicKind::CommandSubstitution,
                ))
            }
            Some(b'[') => {
                self.pos += 2;
                let mut depth = 0usize;
                loop {
                    match self.peek() {
                        None => return Err(self.error("unterminated `$[`")),
                        Some(b'[') => depth += 1,
                        Some(b']') if depth == 0 => break,
                        Some(b']') => depth -= 1,
                        _ => {}
                    }
                    self.pos += 1;
                }
                self.pos += 1;
                Ok(Dollar::Dynamic(
                    Part::Arithmetic(Span::new(start, self.pos)),
                    DynamicKind::Arithmetic,
                ))
            }
            Some(b'{') => {
                self.pos += 2;
                self.parameter_expansion(in_double_quotes)?;
                Ok(Dollar::Dynamic(
                    Part::Parameter(Span::new(start, self.pos)),
                    DynamicKind::Parameter,
                ))
            }
            Some(c) if is_name_start(c) => {
                self.pos += 1;
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                Ok(Dollar::Dynamic(
                    Part::Parameter(Span::new(start, self.pos)),
                    DynamicKind::Parameter,
                ))
            }
            Some(c)
                if c.is_ascii_digit()
                    || matches!(c, b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!') =>
            {
                self.pos += 2;
                Ok(Dollar::Dynamic(
                    Part::Parameter(Span::new(start, self.pos)),
                    DynamicKind::Parameter,
                ))
            }
            _ => Ok(Dollar::Literal),
        }
    }

    /// The body of `${...}` after `${`, through the closing `}`.
    fn parameter_expansion(&mut self, in_double_quotes: bool) -> Result<()> {
        self.enter()?;
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error("unterminated `${`"));
            };
            match b {
                b'}' => {
                    self.pos += 1;
                    break;
                }
                b'\\' => self.pos += 1 + self.char_len_at(self.pos + 1),
                b'\'' if !in_double_quotes => {
                    let Some(len) = self.b[self.pos + 1..].iter().position(|&c| c == b'\'') else {
                        return Err(self.error("unterminated single quote"));
                    };
                    self.pos += len + 2;
                }
                b'"' => {
                    self.double_quoted()?;
                }
                b'$' => {
                    if let Dollar::Literal = self.dollar(in_double_quotes)? {
                        self.pos += 1;
                    }
                }
                b'`' => {
                    self.backtick(in_double_quotes)?;
                }
                _ => self.pos += 1,
            }
        }
        self.leave();
        Ok(())
    }

    /// `$( ... )` after the `$(`, or `<( ... )` after the `<(`, through `)`.
    fn nested_script(&mut self) -> Result<Script> {
        self.enter()?;
        let outer = std::mem::take(&mut self.level);
        let result = self.parse_list(Term::Paren).and_then(|_| {
            if self.peek() == Some(b')') {
                self.pos += 1;
                Ok(())
            } else {
                Err(self.expected("`)`"))
            }
        });
        let inner = std::mem::replace(&mut self.level, outer);
        result?;
        self.leave();
        self.finish(inner, self.shared.clone())
    }

    fn process_substitution(&mut self) -> Result<Part> {
        let start = self.pos;
        let output = self.peek() == Some(b'>');
        self.pos += 2;
        let script = self.nested_script()?;
        Ok(Part::ProcessSubstitution {
            span: Span::new(start, self.pos),
            output,
            script: Box::new(script),
        })
    }

    /// `` `...` `` at the current position.
    fn backtick(&mut self, in_double_quotes: bool) -> Result<Part> {
        let start = self.pos;
        self.pos += 1;
        let mut body = Vec::new();
        loop {
            match self.peek() {
                None => return Err(self.error("unterminated backtick")),
                Some(b'`') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => match self.peek_at(1) {
                    Some(c @ (b'$' | b'`' | b'\\')) => {
                        body.push(c);
                        self.pos += 2;
                    }
                    Some(b'"') if in_double_quotes => {
                        body.push(b'"');
                        self.pos += 2;
                    }
                    _ => {
                        body.push(b'\\');
                        self.pos += 1;
                    }
                },
                Some(b) => {
                    body.push(b);
                    self.pos += 1;
                }
            }
        }
        if body.iter().all(|b| matches!(b, b' ' | b'\t' | b'\n')) {
            // Nothing to run: the empty script parsing would produce, without the allocations.
            let script = Script {
                source: self.shared.clone(),
                ..Script::default()
            };
            return Ok(Part::Backtick(Span::new(start, self.pos), Box::new(script)));
        }
        let body: Arc<str> = String::from_utf8(body)
            .map_err(|_| self.error("backtick substitution is not valid UTF-8"))?
            .into();
        self.enter()?;
        let nested = Parser::new(&body, body.clone(), self.depth, self.base + start);
        let script = nested.parse_script().map_err(|mut e| {
            e.message = format!("in backtick substitution: {}", e.message);
            e
        })?;
        self.leave();
        Ok(Part::Backtick(Span::new(start, self.pos), Box::new(script)))
    }

    /// From just after `((` (or `$((`), find the matching `))`. Returns the
    /// position after it, or `None` if this is not arithmetic (then it is a
    /// subshell inside a subshell or command substitution).
    fn scan_arithmetic(&self, from: usize) -> Option<usize> {
        let b = self.b;
        let mut i = from;
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                b'(' => depth += 1,
                b')' if depth == 0 => {
                    return (b.get(i + 1) == Some(&b')')).then_some(i + 2);
                }
                b')' => depth -= 1,
                b'\\' => i += 1,
                q @ (b'\'' | b'"' | b'`') => {
                    let close = b[i + 1..].iter().position(|&c| c == q)?;
                    i += close + 1;
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// From an opening `(` of an extended glob, through its matching `)`.
    fn skip_balanced_parens(&mut self) -> Result<()> {
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return Err(self.error("unterminated extended glob")),
                Some(b'(') => depth += 1,
                Some(b')') => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return Ok(());
                    }
                }
                Some(b'\\') => self.pos += 1,
                Some(b'\n') => return Err(self.error("newline inside an extended glob")),
                _ => {}
            }
            self.pos += 1;
        }
    }

    // ----- output ---------------------------------------------------------------

    fn push_unsupported(
        &mut self,
        kind: UnsupportedKind,
        start: usize,
        end: usize,
    ) -> Option<usize> {
        if self.level.hidden > 0 {
            return None;
        }
        self.level.unsupported.push(Unsupported {
            kind,
            span: Span::new(start, end),
        });
        Some(self.level.unsupported.len() - 1)
    }

    fn finish_level(&mut self) -> Result<Script> {
        let level = std::mem::take(&mut self.level);
        self.finish(level, self.shared.clone())
    }

    fn finish(&self, level: Level, source: Arc<str>) -> Result<Script> {
        if let Some(doc) = level.pending.first() {
            return Err(self.error(format!(
                "here-document not terminated (wanted `{}`)",
                String::from_utf8_lossy(&doc.delimiter)
            )));
        }
        let commands = if level.hidden_commands.is_empty() {
            level.commands
        } else {
            level
                .commands
                .into_iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    (level.hidden_commands.binary_search(&i).is_err()).then_some(c)
                })
                .collect()
        };
        Ok(Script {
            source,
            commands,
            unsupported: level.unsupported,
        })
    }
}

/// What a `$` starts.
enum Dollar {
    /// A plain `$` character.
    Literal,
    /// A part with a statically known value (`$'...'`).
    Static(Part, Vec<u8>),
    /// An expansion.
    Dynamic(Part, DynamicKind),
}

fn close_lit(lit: &mut Option<usize>, parts: &mut Vec<Part>, end: usize) {
    if let Some(start) = lit.take() {
        parts.push(Part::Literal(Span::new(start, end)));
    }
}

/// A file descriptor number as bash accepts it before a redirection (≤ `INT_MAX`).
fn fd_number(digits: &[u8]) -> Option<u32> {
    let mut n: u32 = 0;
    for &d in digits {
        n = n.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
    }
    (n <= i32::MAX as u32).then_some(n)
}

/// Quote removal on a here-document delimiter word (no expansions).
/// Does a here-document line end with a backslash that escapes its newline
/// (an odd number of them)?
fn continued(line: &[u8]) -> bool {
    line.iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
}

fn unquote_delimiter(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '\\') | (Some('"'), '\\') => {
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Process an unquoted here-document body: resolve `\$ \` \\` and
/// continuations, and report whether it contains an expansion.
fn expand_heredoc_body(body: &[u8]) -> (Vec<u8>, Option<DynamicKind>) {
    let mut out = Vec::with_capacity(body.len());
    let mut dynamic = None;
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'\\' => match body.get(i + 1) {
                Some(&c @ (b'$' | b'`' | b'\\')) => {
                    out.push(c);
                    i += 2;
                    continue;
                }
                Some(b'\n') => {
                    i += 2;
                    continue;
                }
                _ => out.push(b'\\'),
            },
            b'$' => {
                let next = body.get(i + 1).copied();
                let kind = match next {
                    Some(b'(') if body.get(i + 2) == Some(&b'(') => Some(DynamicKind::Arithmetic),
                    Some(b'(') => Some(DynamicKind::CommandSubstitution),
                    Some(b'[') => Some(DynamicKind::Arithmetic),
                    Some(c)
                        if is_name_start(c)
                            || c.is_ascii_digit()
                            || matches!(
                                c,
                                b'{' | b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!'
                            ) =>
                    {
                        Some(DynamicKind::Parameter)
                    }
                    _ => None,
                };
                if let Some(kind) = kind {
                    dynamic.get_or_insert(kind);
                }
                out.push(b'$');
            }
            b'`' => {
                dynamic.get_or_insert(DynamicKind::Backtick);
                out.push(b'`');
            }
            c => out.push(c),
        }
        i += 1;
    }
    (out, dynamic)
}

/// `NAME=...~...` with the tilde right after `=` or `:` (bash expands these).
fn looks_like_assignment_with_tilde(raw: &str) -> bool {
    let b = raw.as_bytes();
    if !b.first().copied().is_some_and(is_name_start) {
        return false;
    }
    let name = b.iter().take_while(|&&c| is_name_char(c)).count();
    let eq = match &b[name..] {
        [b'=', ..] => name,
        [b'+', b'=', ..] => name + 1,
        _ => return false,
    };
    let value = &b[eq + 1..];
    value.first() == Some(&b'~') || value.windows(2).any(|w| w == b":~")
}

/// Accumulates a word's decoded value and flags while it is read.
#[derive(Default)]
struct WordBuilder {
    value: Vec<u8>,
    parts: Vec<Part>,
    dynamic: Option<DynamicKind>,
    literal_start: Option<usize>,
    /// Index in `value` of the first unquoted `*` or `?`.
    first_star: Option<usize>,
    /// Index in `value` of the first unquoted `[` that has an unquoted `]` after it.
    first_bracket: Option<usize>,
    open_bracket: Option<usize>,
    /// An unquoted `{` was seen, and then a `,` or `..` (quoted or not).
    brace_open: bool,
    brace_separator: bool,
    brace_expansion: bool,
    tilde: bool,
}

impl WordBuilder {
    fn open_literal(&mut self, pos: usize) {
        self.literal_start.get_or_insert(pos);
    }

    fn close_literal(&mut self, pos: usize) {
        close_lit(&mut self.literal_start, &mut self.parts, pos);
    }

    fn set_dynamic(&mut self, kind: DynamicKind) {
        self.dynamic.get_or_insert(kind);
    }

    fn after_colon(&self) -> bool {
        self.value.is_empty() || self.value.last() == Some(&b':')
    }

    fn note_separator(&mut self, b: u8) {
        if self.brace_open && (b == b',' || (b == b'.' && self.value.last() == Some(&b'.'))) {
            self.brace_separator = true;
        }
    }

    /// A byte that came from quoting or an escape: never special.
    fn push_quoted(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.note_separator(b);
            self.value.push(b);
        }
    }

    /// An unquoted ASCII byte: may be a glob or brace character.
    fn push_unquoted(&mut self, b: u8, special: bool) {
        if special {
            match b {
                b'*' | b'?' => {
                    self.first_star.get_or_insert(self.value.len());
                }
                b'[' => {
                    self.open_bracket.get_or_insert(self.value.len());
                }
                b']' => {
                    if let Some(open) = self.open_bracket
                        && self.first_bracket.is_none()
                    {
                        self.first_bracket = Some(open);
                    }
                }
                b'{' => self.brace_open = true,
                b'}' if self.brace_open && self.brace_separator => self.brace_expansion = true,
                _ => {}
            }
        }
        self.note_separator(b);
        self.value.push(b);
    }

    fn finish(mut self, span: Span, raw: &str) -> Word {
        if self.brace_expansion {
            self.set_dynamic(DynamicKind::BraceExpansion);
        }
        let glob_at = match (self.first_star, self.first_bracket) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let value = if self.dynamic.is_some() {
            None
        } else {
            match String::from_utf8(self.value) {
                Ok(v) => Some(v),
                Err(_) => {
                    self.dynamic = Some(DynamicKind::UndecodableBytes);
                    None
                }
            }
        };
        let glob_prefix = match (&value, glob_at) {
            (Some(v), Some(at)) => Some(v.get(..at).unwrap_or("").to_string()),
            _ => None,
        };
        Word {
            span,
            value: value.unwrap_or_else(|| raw.to_string()),
            dynamic: self.dynamic,
            parts: self.parts,
            glob_prefix,
            tilde: self.tilde,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick checks of `peek_plain_word` hold for every reserved word.
    #[test]
    fn reserved_words_pass_the_quick_checks() {
        for word in RESERVED {
            assert!(RESERVED_FIRST.contains(&word.as_bytes()[0]), "{word}");
            assert!(word.len() <= RESERVED_LONGEST, "{word}");
        }
    }
}
