//! The worst-case reading of a command's text, for what the analyzer or
//! the subject extraction could not follow.
//!
//! When a command is not fully analyzed (a parse error, a text over the
//! limit, a compound command whose insides are hidden, a wrapper option
//! we do not know, a shell reading a script from a pipe or a file), its
//! effects cannot come from its simple commands. Failing open there would
//! let `{ rm -rf ~; }` through yolo mode; asking for every `for` loop
//! would make the guard a blanket ask. So the text is read leniently:
//! quotes are dropped, the text is cut at every separator (`;`, `&`, `|`,
//! parentheses, braces, backticks, newlines), and every word of every
//! piece that names a program with effect rows is read as the start of a
//! command, with everything after it as its arguments. Data (`echo rm -rf
//! ~`) then counts as code: the safe direction, only taken when the
//! precise reading failed.

use crate::{Context, Effect, effects, redirect};

/// At most this many bytes of text are read (linear in the text).
pub const MAX_TEXT: usize = 1 << 20;

/// At most this many effects are reported.
const MAX_EFFECTS: usize = 64;

/// A program read at a word sees at most this many words after it, so a
/// hostile run of program names costs linear time.
const WINDOW: usize = 256;

/// At most this many words are read in all (the windows of every program
/// word together); past it the rest of the text is not read, and that
/// is an effect of its own ([`unread`]): a long text cannot hide its end.
const WORK: usize = 1 << 17;

/// At most this many words come out of one brace expression (`{a,b}c`).
const MAX_BRACE_WORDS: usize = 64;

/// The effects the words of `text` could have, read at their worst.
pub fn text_effects(text: &str, ctx: &Context<'_>) -> Vec<Effect> {
    let text = match text.char_indices().nth(MAX_TEXT) {
        Some((end, _)) => &text[..end],
        None => text,
    };
    let text = &*brace_expanded(text);
    if !worth_reading(text) {
        return Vec::new();
    }
    // A `cd` anywhere moves relative paths somewhere we do not follow
    // here; a pipe or `<` anywhere may answer a prompt.
    let moved = text.contains("cd ") || text.contains("pushd ");
    let here = Context {
        cwd: if moved { None } else { ctx.cwd },
        stdin_fed: ctx.stdin_fed || text.contains(['|', '<']),
        many: false,
        ..ctx.clone()
    };
    let mut out = Vec::new();
    let mut work = WORK;
    // `x=rm; $x -rf ~`: variables set to one word earlier in the text.
    let mut vars: Vec<(String, String)> = Vec::new();
    // Inline SQL or code is cut into pieces by the reading above (at its
    // `;`, its parentheses): the whole text goes to the scans as well.
    let (mut sql_client, mut interpreter) = (false, false);
    for mut piece in pieces(text) {
        if piece.iter().all(|w| assignment(w).is_some()) {
            vars.extend(
                piece
                    .iter()
                    .filter_map(|w| assignment(w))
                    .map(|(n, v)| (n.to_string(), v.to_string())),
            );
            continue;
        }
        for w in &mut piece {
            if let Some(value) = expanded(w, &vars) {
                *w = value;
            }
        }
        if !read_piece(&piece, &here, &mut out, &mut work) {
            out.truncate(MAX_EFFECTS - 1);
            out.push(unread());
            break;
        }
        sql_client |= piece
            .iter()
            .any(|w| crate::scan::is_sql_client(crate::family(base(w))));
        interpreter |= piece.iter().any(|w| crate::scan::is_interpreter(base(w)));
    }
    if sql_client {
        crate::scan::sql_effects(text, &mut out);
    }
    if interpreter {
        crate::scan::code_effects(text, &mut out);
    }
    out.truncate(MAX_EFFECTS);
    out
}

/// Could any word of `text` have an effect: a program the model knows, a
/// redirection, an expansion in a program's place, a command in a value?
/// A cheap pass over borrowed words before the words are built.
fn worth_reading(text: &str) -> bool {
    let separators = |c: char| c.is_whitespace() || ";&|(){}`".contains(c);
    text.split(separators)
        .filter(|t| !t.is_empty())
        .any(|token| {
            if token.contains(['>', '$']) {
                return true;
            }
            let known = |word: &str| {
                let word = word.trim_start_matches('!');
                crate::is_known(crate::family(word.rsplit('/').next().unwrap_or(word)))
            };
            let value = token.rsplit_once('=').map_or(token, |(_, v)| v);
            if token.contains(['\'', '"', '\\']) {
                let plain: String = value.chars().filter(|c| !"'\"\\".contains(*c)).collect();
                known(&plain)
            } else {
                known(value)
            }
        })
}

/// The text cut at every separator, each piece as its words (quotes and
/// backslashes dropped, so a quoted script's words are words too).
fn pieces(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut piece: Vec<String> = Vec::new();
    let mut word = String::new();
    let end_word = |word: &mut String, piece: &mut Vec<String>| {
        if !word.is_empty() {
            piece.push(std::mem::take(word));
        }
    };
    // Whether each open parenthesis began a `$(`: a substitution's words
    // stay in the piece, so `$(echo rm) -rf ~` keeps `rm` before `-rf ~`.
    let mut substitutions: Vec<bool> = Vec::new();
    // Likewise `${RM:-rm}`: a parameter expansion is one word.
    let mut parameters = 0usize;
    let mut previous = ' ';
    for c in text.chars() {
        let dollar_paren = c == '(' && previous == '$';
        let dollar_brace = c == '{' && previous == '$';
        previous = c;
        match c {
            '{' if dollar_brace => {
                parameters += 1;
                word.push(c);
            }
            '}' if parameters > 0 => {
                parameters -= 1;
                word.push(c);
            }
            '(' if dollar_paren => {
                substitutions.push(true);
                end_word(&mut word, &mut piece);
            }
            ')' if substitutions.last() == Some(&true) => {
                substitutions.pop();
                end_word(&mut word, &mut piece);
            }
            '`' => end_word(&mut word, &mut piece),
            ';' | '&' | '|' | '(' | ')' | '{' | '}' | '\n' => {
                if c == '(' {
                    substitutions.push(false);
                } else if c == ')' {
                    substitutions.pop();
                }
                end_word(&mut word, &mut piece);
                if !piece.is_empty() {
                    out.push(std::mem::take(&mut piece));
                }
            }
            // Quotes and escapes only group characters: `r'm'` is `rm`.
            '\'' | '"' | '\\' => {}
            c if c.is_whitespace() => end_word(&mut word, &mut piece),
            c => word.push(c),
        }
    }
    end_word(&mut word, &mut piece);
    if !piece.is_empty() {
        out.push(piece);
    }
    out
}

/// Every word of a piece read as a program with the rest as its
/// arguments, and every `>`/`>>` as a redirection. False when the piece
/// could not be read whole: more effects than are kept, a program whose
/// arguments run past its window, or the work budget spent.
fn read_piece(
    piece: &[String],
    ctx: &Context<'_>,
    out: &mut Vec<Effect>,
    work: &mut usize,
) -> bool {
    for (i, word) in piece.iter().enumerate() {
        if out.len() >= MAX_EFFECTS - 1 {
            return false;
        }
        let window = &piece[i..piece.len().min(i + WINDOW)];
        let program = crate::is_known(crate::family(base(word)));
        if program {
            if piece.len() - i > WINDOW || *work < window.len() {
                return false;
            }
            *work -= window.len();
        }
        if let Some(rest) = word
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '&')
            .strip_prefix('>')
        {
            let append = rest.starts_with('>');
            let glued = rest.trim_start_matches(['>', '|']);
            let target = if glued.is_empty() {
                piece.get(i + 1).map(String::as_str)
            } else {
                Some(glued)
            };
            if let Some(target) = target.filter(|t| !t.starts_with('&')) {
                out.extend(redirect(Some(target), append, ctx));
            }
            continue;
        }
        // `rm${IFS}-rf${IFS}~`: an expansion may split the word, so a
        // known program before it is read with the pieces as arguments.
        if let Some((head, tail)) = word.split_once('$')
            && !head.is_empty()
            && crate::is_known(crate::family(base(head)))
        {
            let mut words = vec![head.to_string()];
            words.extend(split_at_expansions(&format!("${tail}")));
            words.extend(window[1..].iter().cloned());
            out.extend(effects(&words, false, ctx));
            continue;
        }
        if let Some((key, value)) = word.rsplit_once('=') {
            // `GIT_EDITOR=rm -rf ~`, `-oProxyCommand=rm -rf ~`,
            // `--checkpoint-action=exec=rm ...`: a command in a value; a
            // git alias without `!` is a git command (`alias.x=reset --hard`).
            let alias = key.contains("alias.") && !value.starts_with('!');
            let value = value.trim_start_matches('!');
            if !value.is_empty() {
                let mut words: Vec<String> = if alias {
                    vec!["git".to_string()]
                } else {
                    Vec::new()
                };
                words.push(value.to_string());
                words.extend(window[1..].iter().cloned());
                out.extend(effects(&words, false, ctx));
            }
            continue;
        }
        if word.starts_with('-') {
            continue;
        }
        if word.starts_with('$') || word.starts_with("<(") {
            unknown_program(&window[1..], ctx, out);
            continue;
        }
        if program {
            if word.starts_with('!') {
                // `vim -c '!rm -rf ~'`: a shell escape.
                let mut words = window.to_vec();
                words[0] = word.trim_start_matches('!').to_string();
                out.extend(effects(&words, false, ctx));
            } else {
                out.extend(effects(window, false, ctx));
            }
        }
    }
    true
}

/// A shell or interpreter fed a script that is only known when it runs
/// (`curl URL | sh`, `base64 -d ... | bash`).
pub fn unknown_script() -> Effect {
    use crate::{Action, Pack, Severity};
    Effect {
        rule: "code.unknown-script",
        pack: Pack::Code,
        action: Action::Code,
        severity: Severity::Destructive,
        scope: crate::Scope::Unknown,
        target: None,
        summary: "runs a script it reads from a pipe, which is only known when it runs",
        alternative: Some("save the script to a file and read it first"),
    }
}

/// The effect of a text that could not be read whole: what its end does is
/// not known, and it may be anything.
fn unread() -> Effect {
    use crate::{Action, Pack, Severity};
    Effect {
        rule: "code.unread",
        pack: Pack::Code,
        action: Action::Code,
        severity: Severity::Destructive,
        scope: crate::Scope::Unknown,
        target: None,
        summary: "is too long or too involved to read whole: what the rest does is not known",
        alternative: None,
    }
}

/// The words of a word's text around its expansions: an `IFS` expansion
/// only separates (`rm${IFS}-rf`), another is a word of its own (it may
/// hold anything, spaces included).
fn split_at_expansions(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        if at > 0 {
            words.push(rest[..at].to_string());
        }
        let after = &rest[at + 1..];
        let len = match after.strip_prefix('{') {
            Some(inner) => inner.find('}').map_or(after.len(), |e| e + 2),
            None => after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len()),
        };
        let expansion = &rest[at..at + 1 + len];
        let name = expansion.trim_start_matches("${").trim_start_matches('$');
        if !name.starts_with("IFS") {
            words.push(expansion.to_string());
        }
        rest = &rest[at + 1 + len..];
    }
    if !rest.is_empty() {
        words.push(rest.to_string());
    }
    words
}

/// `text` with brace expressions expanded as bash does before anything
/// else (`{rm,-rf,~}` is `rm -rf ~`, `r{m,}` is `rm r`), each word at most
/// into [`MAX_BRACE_WORDS`] words; `${...}` and a lone `{` are left.
fn brace_expanded(text: &str) -> std::borrow::Cow<'_, str> {
    if !(text.contains('{') && text.contains(',')) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    for (i, token) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let mut words = vec![token.to_string()];
        while let Some(at) = words.iter().position(|w| brace_group(w).is_some()) {
            let word = words.remove(at);
            let Some((start, end, alternatives)) = brace_group(&word) else {
                break;
            };
            let expansion: Vec<String> = alternatives
                .iter()
                .map(|alt| format!("{}{alt}{}", &word[..start], &word[end + 1..]))
                .collect();
            if words.len() + expansion.len() > MAX_BRACE_WORDS {
                words.insert(at, word);
                break;
            }
            for (k, w) in expansion.into_iter().enumerate() {
                words.insert(at + k, w);
            }
        }
        out.push_str(&words.join(" "));
    }
    out.into()
}

/// The first brace expression of a word with a comma at its top level:
/// where it opens and closes, and its alternatives.
fn brace_group(word: &str) -> Option<(usize, usize, Vec<&str>)> {
    let bytes = word.as_bytes();
    let mut search = 0;
    while let Some(rel) = word[search..].find('{') {
        let start = search + rel;
        search = start + 1;
        if start > 0 && bytes[start - 1] == b'$' {
            continue;
        }
        let (mut depth, mut commas) = (0usize, Vec::new());
        for (i, &b) in bytes.iter().enumerate().skip(start) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        if commas.is_empty() {
                            break;
                        }
                        let mut alternatives = Vec::new();
                        let mut from = start + 1;
                        for c in commas {
                            alternatives.push(&word[from..c]);
                            from = c + 1;
                        }
                        alternatives.push(&word[from..i]);
                        return Some((start, i, alternatives));
                    }
                }
                b',' if depth == 1 => commas.push(i),
                _ => {}
            }
        }
    }
    None
}

/// A word's value where the text set it (`x=rm; $x`), or its default
/// (`${RM:-rm}`).
fn expanded(word: &str, vars: &[(String, String)]) -> Option<String> {
    let inner = word.strip_prefix("${").and_then(|n| n.strip_suffix('}'));
    let (name, default) = match inner {
        Some(inner) => match inner.split_once(":-").or_else(|| inner.split_once('-')) {
            Some((name, default)) => (name, Some(default)),
            None => (inner, None),
        },
        None => (word.strip_prefix('$')?, None),
    };
    vars.iter()
        .rev()
        .find(|(v, _)| v == name)
        .map(|(_, value)| value.clone())
        .or_else(|| default.map(str::to_string))
}

/// A word's base name (`/bin/rm` is `rm`), a leading `!` dropped.
fn base(word: &str) -> &str {
    let word = word.trim_start_matches('!');
    word.rsplit('/').next().unwrap_or(word)
}

/// `NAME=value` (a variable name, then one word).
fn assignment(word: &str) -> Option<(&str, &str)> {
    let (name, value) = word.split_once('=')?;
    let valid = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    valid.then_some((name, value))
}

/// A program named only when it runs (`$CMD -rf ~`): what it is given
/// counts as a target; where that is wide, it may destroy it.
fn unknown_program(args: &[String], ctx: &Context<'_>, out: &mut Vec<Effect>) {
    use crate::{Action, Pack, Severity};
    let wide = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(|a| (a, crate::scope::place(a, ctx)))
        .find(|(_, scope)| scope.is_wide() || *scope == crate::Scope::Sensitive);
    if let Some((target, scope)) = wide {
        out.push(Effect {
            rule: "code.unknown-program",
            pack: Pack::Code,
            action: Action::Code,
            severity: Severity::Destructive,
            scope,
            target: Some(target.clone()),
            summary: "a program named only when it runs is given",
            alternative: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Severity;
    use std::path::{Path, PathBuf};

    fn worst(text: &str) -> Option<Severity> {
        let roots = [PathBuf::from("/home/u/proj")];
        let ctx = Context {
            cwd: Some(Path::new("/home/u/proj")),
            roots: &roots,
            home: Some(Path::new("/home/u")),
            links: &[],
            stdin_fed: false,
            many: false,
        };
        crate::worst(&text_effects(text, &ctx))
    }

    #[test]
    fn hidden_commands_are_found() {
        use Severity::{Catastrophic as C, Destructive as D};
        #[rustfmt::skip]
        let rows: &[(&str, Option<Severity>)] = &[
            ("{ rm -rf ~; }",                             Some(C)),
            ("(cd ~ && rm -rf ./*)",                      Some(D)),
            ("{ cat disk.img; } > /dev/sda",              Some(C)),
            ("for f in a b; do rm -rf /; done",           Some(C)),
            ("echo 'rm -rf ~' | bash",                    Some(C)),
            ("if true; then git push --force; fi",        Some(C)),
            ("while read f; do echo \"$f\"; done < list", None),
            ("for f in *.txt; do wc -l \"$f\"; done",     None),
            ("echo ok 2>&1 >/dev/null",                   None),
        ];
        for (text, want) in rows {
            assert_eq!(worst(text), *want, "{text}");
        }
    }

    #[test]
    fn a_run_of_program_names_is_read_in_linear_time() {
        // A quadratic reading would not finish here in any reasonable time;
        // the text is not read whole, and says so: what its end does is not
        // known.
        let text = "rm ".repeat(200_000);
        assert_eq!(worst(&text), Some(Severity::Destructive));
        let ctx = Context {
            cwd: None,
            roots: &[],
            home: None,
            links: &[],
            stdin_fed: false,
            many: false,
        };
        assert!(
            text_effects(&text, &ctx)
                .iter()
                .any(|e| e.rule == "code.unread")
        );
    }

    #[test]
    fn long_text_is_read_in_linear_time() {
        let text = format!("rm -rf ~ #{}", "a".repeat(2 * MAX_TEXT));
        assert_eq!(worst(&text), Some(Severity::Catastrophic));
    }
}
