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
const MAX_EFFECTS: usize = 256;

/// A program read at a word sees at most this many words after it, so a
/// hostile run of program names costs linear time.
const WINDOW: usize = 1024;

/// At most this many words are read in all (the windows of every program
/// word together); past it the rest of the text is not read, and that
/// is an effect of its own ([`unread`]): a long text cannot hide its end.
const WORK: usize = 1 << 17;

/// At most this many words come out of one brace expression (`{a,b}c`).
const MAX_BRACE_WORDS: usize = 64;

/// The effects the words of `text` could have, read at their worst.
pub fn text_effects(text: &str, ctx: &Context<'_>) -> Vec<Effect> {
    let (text, cut) = match text.char_indices().nth(MAX_TEXT) {
        Some((end, _)) => (&text[..end], true),
        None => (text, false),
    };
    let (expanded, unexpanded) = brace_expanded(text);
    // The words as written, then with every expansion at its worst plain
    // value: an unknown one taken as empty (`r$()m`, `git push --f${x}orce`)
    // and as a blank (`rm${X}-rf${X}~`).
    let mut out = read_text(&expanded, ctx);
    for unknown in ["", " "] {
        if let Some(plain) = emptied(&expanded, unknown) {
            out.extend(read_text(&plain, ctx));
        }
    }
    if let Some(bomb) = fork_bomb(text) {
        out.push(bomb);
    }
    // A script written by `printf`/`echo -e` and run later (`printf
    // 'all:\n\trm -rf ~\n' > mk && make -f mk`): its escapes as they print.
    if let Some(printed) = printed_escapes(&expanded) {
        out.extend(read_text(&printed, ctx));
    }
    if cut || unexpanded {
        out.truncate(MAX_EFFECTS - 1);
        out.push(unread());
    }
    out
}

/// A function that pipes into itself in the background (`:(){ :|:& };:`,
/// `bomb(){ bomb|bomb& };bomb`): processes without end, until the machine
/// stops answering. Read with the blanks taken out.
fn fork_bomb(text: &str) -> Option<Effect> {
    use crate::{Action, Pack, Severity};
    if !(text.contains('(') && text.contains('{') && text.contains('|') && text.contains('&')) {
        return None;
    }
    let plain: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let found = plain.match_indices("(){").any(|(at, _)| {
        let name_start = plain[..at]
            .rfind(|c: char| ";&|(){}".contains(c))
            .map_or(0, |i| i + 1);
        let name = &plain[name_start..at];
        let body = &plain[at + 3..];
        !name.is_empty() && body.contains(&format!("{name}|{name}")) && body.contains('&')
    });
    found.then_some(Effect {
        rule: "system.fork-bomb",
        pack: Pack::System,
        action: Action::System,
        severity: Severity::Catastrophic,
        scope: crate::Scope::Remote,
        target: None,
        summary: "defines a function that starts copies of itself without end (a fork bomb)",
        alternative: None,
    })
}

/// `text` with printf's and `echo -e`'s escapes as they print (`\n` a
/// newline, `\t` a blank, `\x72` and `\0162` an `r`), if it has any; an
/// escape of a character that is not plain ASCII becomes a blank.
fn printed_escapes(text: &str) -> Option<String> {
    if !text.contains('\\') || !(text.contains("printf") || text.contains("echo")) {
        return None;
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut i = 0;
    while i < bytes.len() {
        let (c, used) = match (bytes[i], bytes.get(i + 1)) {
            (b'\\', Some(b'n' | b'r' | b'v' | b'f')) => ('\n', 2),
            (b'\\', Some(b't')) => (' ', 2),
            (b'\\', Some(b'x')) => number(&bytes[i + 2..], 16, 2),
            (b'\\', Some(b'0')) => number(&bytes[i + 2..], 8, 3),
            _ => {
                // Copy the whole character (the text is UTF-8).
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&text[i..i + len]);
                i += len;
                continue;
            }
        };
        out.push(c);
        changed = true;
        i += used;
    }
    changed.then_some(out)
}

/// The character of the digits at the start of `rest` in `radix` (at most
/// `max` of them), and how many bytes the escape took with its two-byte
/// introducer; a blank for what is not plain printable ASCII.
fn number(rest: &[u8], radix: u32, max: usize) -> (char, usize) {
    let digits = rest
        .iter()
        .take(max)
        .take_while(|b| (**b as char).is_digit(radix))
        .count();
    let value = std::str::from_utf8(&rest[..digits])
        .ok()
        .and_then(|d| u32::from_str_radix(d, radix).ok())
        .and_then(char::from_u32)
        .filter(|c| c.is_ascii_graphic());
    (value.unwrap_or(' '), 2 + digits)
}

/// [`text_effects`] of a text already cut and brace-expanded.
fn read_text(text: &str, ctx: &Context<'_>) -> Vec<Effect> {
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
        remote: ctx.remote,
        ..ctx.clone()
    };
    let mut out = Vec::new();
    let mut work = WORK;
    // `x=rm; $x -rf ~`: variables set to one word earlier in the text.
    let mut vars: Vec<(String, String)> = Vec::new();
    // Inline SQL or code is cut into pieces by the reading above (at its
    // `;`, its parentheses): the whole text goes to the scans as well.
    let (mut sql_client, mut interpreter) = (false, false);
    let pieces = pieces(text);
    let reopened: Vec<String> = pieces.iter().flat_map(|p| opened_for_reading(p)).collect();
    // A program given a descriptor's path (`f(){ truncate -s0 /dev/stdin;
    // }; f < ~/.bashrc`) writes whatever file the text opened on it.
    if !reopened.is_empty()
        && pieces
            .iter()
            .flatten()
            .any(|w| crate::scope::descriptor(w).is_some())
    {
        for file in &reopened {
            out.extend(redirect(Some(file), false, &here));
        }
    }
    for mut piece in pieces {
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
            // A make recipe line's prefixes (`@rm`, `-rm`, `+rm`): the
            // program after them runs.
            if let Some(bare) = w
                .strip_prefix(['@', '+', '-'])
                .filter(|b| !b.starts_with('-') && crate::is_known(crate::family(base(b))))
            {
                *w = bare.to_string();
            }
        }
        if !read_piece(&piece, &reopened, &here, &mut out, &mut work) {
            out.truncate(MAX_EFFECTS - 1);
            out.push(unread());
            break;
        }
        sql_client |= piece
            .iter()
            .any(|w| crate::scan::is_sql_client(crate::family(base(w))));
        interpreter |= piece.iter().any(|w| crate::scan::reads_code_text(base(w)));
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
            if token.contains(['>', '$', '?', '*', '[']) {
                return true;
            }
            let known = |word: &str| {
                // `!rm` (an editor's escape), `@rm`, `-rm`, `+rm` (make's recipe prefixes).
                let word = word.trim_start_matches(['!', '@', '+', '-']);
                crate::is_known(crate::family(crate::base_name(word)))
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
        // `>&0`, `2<&3`: a copy of a descriptor, one word.
        let copy = c == '&' && matches!(previous, '>' | '<');
        previous = c;
        match c {
            '&' if copy => word.push(c),
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
    reopened: &[String],
    ctx: &Context<'_>,
    out: &mut Vec<Effect>,
    work: &mut usize,
) -> bool {
    // `[ -d "$p/.git" ]`, `[[ -f x ]]`, `test -n "$x"`: a test's words are
    // operands, not programs named by an expansion or a glob; a known
    // program among them is a substitution's (`[[ -n $(rm -rf ~) ]]`), and
    // its redirections are still read (`[ x ] > ~/.bashrc`).
    let test = piece
        .first()
        .is_some_and(|w| matches!(w.as_str(), "[" | "[[" | "test"));
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
        if read_redirect(piece, i, reopened, ctx, out) {
            continue;
        }
        if let Some((key, value)) = word.rsplit_once('=') {
            // `GIT_EDITOR=rm -rf ~`, `-oProxyCommand=rm -rf ~`,
            // `--checkpoint-action=exec=rm ...`: a command in a value; a
            // git alias without `!` is a git command (`alias.x=reset --hard`).
            let alias = key.contains("alias.") && !value.starts_with('!');
            // `--config-env=alias.x=VAR`: the alias is in a variable, a
            // command known only when git runs.
            if alias && key.starts_with("--config-env") {
                unknown_program(&window[1..], true, ctx, out);
                continue;
            }
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
        // A program named by an expansion (`$g $sub -D main`, `g$(printf
        // it) branch -d x`, `git-c$X -fdx`): known only when it runs.
        let operand = test && !program;
        if !operand
            && (word.starts_with('$') || word.starts_with("<(") || (i == 0 && word.contains('$')))
        {
            unknown_program(&window[1..], i == 0 || runs_next(&piece[..i]), ctx, out);
            continue;
        }
        // `/bin/r? -rf ~`: a program's name that is a glob is read as each
        // known program it matches; one we cannot list, as a program known
        // only when it runs.
        if i == 0 && !test && word.contains(['?', '*', '[']) {
            read_glob_program(window, ctx, out);
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

/// Is `piece[i]` a `>`/`>>` redirection (`2>`, `&>`, `>|`, `>>x`)? Its
/// effect is added to `out`. A copy of a descriptor (`>&0`) or a path that
/// reopens one (`> /dev/stderr`) writes whatever file that descriptor has
/// open: any of the files the text opens for reading (`reopened`: `{ echo
/// x > /dev/stderr; } 2< ~/.bashrc` truncates `~/.bashrc`), which a
/// group's or a function's own redirections hide from the precise reading.
fn read_redirect(
    piece: &[String],
    i: usize,
    reopened: &[String],
    ctx: &Context<'_>,
    out: &mut Vec<Effect>,
) -> bool {
    let Some(rest) = piece[i]
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '&')
        .strip_prefix('>')
    else {
        return false;
    };
    let append = rest.starts_with('>');
    let glued = rest.trim_start_matches(['>', '|']);
    let target = if glued.is_empty() {
        piece.get(i + 1).map(String::as_str)
    } else {
        Some(glued)
    };
    let Some(target) = target else {
        return true;
    };
    let copy = target.strip_prefix('&');
    if copy.is_some_and(|fd| fd.bytes().all(|b| b.is_ascii_digit()))
        || copy.is_none() && crate::scope::descriptor(target).is_some()
    {
        // A copy writes where the descriptor is (no truncation); a path
        // reopens the file as the redirection says.
        let append = append || copy.is_some();
        for file in reopened {
            out.extend(redirect(Some(file), append, ctx));
        }
    }
    if copy.is_none() {
        out.extend(redirect(Some(target), append, ctx));
    }
    true
}

/// The files `piece` opens for reading on a descriptor (`2< ~/.bashrc`,
/// `<> f`, `3<f`), not here-documents, here-strings, process
/// substitutions or copies of descriptors.
fn opened_for_reading(piece: &[String]) -> impl Iterator<Item = String> + '_ {
    piece.iter().enumerate().filter_map(|(i, word)| {
        let rest = word
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .strip_prefix('<')?;
        if rest.starts_with(['<', '(', '&']) {
            return None;
        }
        let rest = rest.strip_prefix('>').unwrap_or(rest);
        if rest.is_empty() {
            piece.get(i + 1).cloned()
        } else {
            Some(rest.to_string())
        }
    })
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

/// A glob in a program's place (`/bin/r? -rf ~`) read as each known
/// program it matches, or as a program known only when it runs.
fn read_glob_program(window: &[String], ctx: &Context<'_>, out: &mut Vec<Effect>) {
    let candidates = glob_candidates(&window[0]);
    for candidate in &candidates {
        let mut words = window.to_vec();
        words[0] = candidate.clone();
        out.extend(effects(&words, false, ctx));
    }
    if candidates.is_empty() {
        unknown_program(&window[1..], true, ctx, out);
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

/// `text` with brace expressions expanded as bash does before anything
/// else (`{rm,-rf,~}` is `rm -rf ~`, `r{m,} -rf ~` is `rm r -rf ~`,
/// `{r..r}m` is `rm`), word by word (a word ends at a blank or an
/// operator outside quotes), each into at most [`MAX_BRACE_WORDS`] words.
/// True as well when a word could not be expanded within that (it is
/// then not read whole).
fn brace_expanded(text: &str) -> (std::borrow::Cow<'_, str>, bool) {
    if !text.contains('{') {
        return (text.into(), false);
    }
    let mut out = String::with_capacity(text.len());
    let mut unexpanded = false;
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let flush = |word: &mut String, out: &mut String, unexpanded: &mut bool| {
        if word.contains('{') {
            let (words, whole) = expand_word(word);
            *unexpanded |= !whole;
            out.push_str(&words.join(" "));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        match quote {
            Some(q) => {
                word.push(c);
                if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                word.push(c);
            }
            None if c.is_whitespace() || ";&|<>()`".contains(c) => {
                flush(&mut word, &mut out, &mut unexpanded);
                out.push(c);
            }
            None => word.push(c),
        }
    }
    flush(&mut word, &mut out, &mut unexpanded);
    (out.into(), unexpanded)
}

/// One word's brace expansion; false when it would make more than
/// [`MAX_BRACE_WORDS`] words or the word is too long to expand.
pub fn expand_word(word: &str) -> (Vec<String>, bool) {
    if word.len() > 4096 || word.matches('{').count() > 64 {
        return (vec![word.to_string()], false);
    }
    let mut words = vec![word.to_string()];
    let mut done = 0;
    while done < words.len() {
        let Some((start, end, alternatives)) = brace_group(&words[done]) else {
            done += 1;
            continue;
        };
        if words.len() - 1 + alternatives.len() > MAX_BRACE_WORDS {
            return (words, false);
        }
        let w = words.remove(done);
        let expansion = alternatives
            .iter()
            .map(|alt| format!("{}{alt}{}", &w[..start], &w[end + 1..]));
        words.splice(done..done, expansion);
    }
    // Bash drops a word that expanded to nothing.
    words.retain(|w| !w.is_empty());
    (words, true)
}

/// The text with every expansion replaced by its worst plain value, or
/// `None` when it has none: a variable the text sets by its value (split
/// at a custom `IFS`), `IFS` by a blank, `HOME` by `~`, `$(echo WORDS)` by
/// its words, anything else by `unknown` (nothing or a blank).
fn emptied(text: &str, unknown: &str) -> Option<String> {
    if !text.contains(['$', '`']) {
        return None;
    }
    let vars = assignments(text);
    let ifs: Vec<char> = vars
        .iter()
        .rev()
        .find(|(n, _)| n == "IFS")
        .map(|(_, v)| v.chars().collect())
        .unwrap_or_default();
    let value = |full: &str| -> String {
        let name = full
            .split([':', '-', '=', '#', '%', '/', '['])
            .next()
            .unwrap_or(full);
        let found = vars.iter().rev().find(|(n, _)| n == name && n != "IFS");
        match (name, found) {
            // `${IFS}` splits; `${IFS:0:0}` and the like may be empty.
            ("IFS", _) if full == "IFS" => " ".into(),
            ("IFS", _) => String::new(),
            (_, Some((_, v))) => v
                .replace("${HOME}", "~")
                .replace("$HOME", "~")
                .chars()
                .map(|c| if ifs.contains(&c) { ' ' } else { c })
                .collect(),
            ("HOME", None) => "~".into(),
            _ => unknown.into(),
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['$', '`']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let (len, replacement) = expansion_at(rest, &value);
        out.push_str(&replacement);
        rest = &rest[len.max(1).min(rest.len())..];
    }
    out.push_str(rest);
    Some(out)
}

/// The expansion at the start of `rest`: its length and its worst plain
/// value.
fn expansion_at(rest: &str, value: &dyn Fn(&str) -> String) -> (usize, String) {
    let closing = |open: u8, close: u8, from: usize| {
        let mut depth = 0usize;
        for (k, &b) in rest.as_bytes().iter().enumerate().skip(from) {
            if b == open {
                depth += 1;
            } else if b == close {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return (k + 1, k);
                }
            }
        }
        // Unclosed: the rest of the text (never cut inside a character).
        (rest.len(), rest.len())
    };
    if rest.starts_with("$(") {
        let (len, end) = closing(b'(', b')', 1);
        return (len, printed(rest.get(2..end).unwrap_or_default()));
    }
    if rest.starts_with("${") {
        let (len, end) = closing(b'{', b'}', 1);
        return (len, value(rest.get(2..end).unwrap_or_default()));
    }
    if let Some(inner) = rest.strip_prefix('`') {
        let end = inner.find('`');
        let body = end.map_or(inner, |k| &inner[..k]);
        return (end.map_or(rest.len(), |k| k + 2), printed(body));
    }
    let name = &rest[1..];
    let n = name
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    if n == 0 {
        let special = name.starts_with(['@', '*', '#', '?', '$', '!', '-']);
        return (if special { 2 } else { 1 }, String::new());
    }
    (1 + n, value(&name[..n]))
}

/// What a substitution's script prints when it is `echo WORDS` or
/// `printf WORDS` (``g`printf it` `` is `git`); nothing for any other.
fn printed(script: &str) -> String {
    let script = script.trim();
    script
        .strip_prefix("echo ")
        .or_else(|| script.strip_prefix("printf "))
        .map(|w| w.replace(['\'', '"'], ""))
        .unwrap_or_default()
}

/// `NAME=VALUE` words of a text, in order (quotes dropped from values).
fn assignments(text: &str) -> Vec<(String, String)> {
    text.split(|c: char| c.is_whitespace() || ";&|()".contains(c))
        .filter_map(|w| assignment(w.trim_matches(['\'', '"'])))
        .map(|(n, v)| (n.to_string(), v.trim_matches(['\'', '"']).to_string()))
        .take(256)
        .collect()
}

/// The known programs a glob in a program's place matches, listed from
/// its directory (`/bin/r?`); none for a bare name or a glob in the
/// directory part (the caller then reads it as unknown).
fn glob_candidates(word: &str) -> Vec<String> {
    let Some((dir, pattern)) = word.rsplit_once('/') else {
        return Vec::new();
    };
    if dir.contains(['?', '*', '[']) {
        return Vec::new();
    }
    let dir = if dir.is_empty() { "/" } else { dir };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .take(8192)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| crate::is_known(crate::family(name)) && glob_match(pattern, name))
        .take(16)
        .collect()
}

/// `name` matches the glob `pattern` (`?`, `*`, `[...]` with ranges and
/// `!`/`^`), as bash matches a file name.
pub(crate) fn glob_match(pattern: &str, name: &str) -> bool {
    let (p, n): (Vec<char>, Vec<char>) = (pattern.chars().collect(), name.chars().collect());
    // Iterative matching with one backtrack point for `*` (linear enough
    // for names of a directory listing).
    let (mut pi, mut ni, mut star, mut mark) = (0, 0, None, 0);
    while ni < n.len() {
        let class_end = (p.get(pi) == Some(&'['))
            .then(|| p[pi..].iter().position(|&c| c == ']').map(|e| pi + e))
            .flatten();
        let matched = match p.get(pi) {
            Some('?') => Some(pi + 1),
            Some('[') if class_end.is_some() => {
                let end = class_end.unwrap_or(pi);
                let mut set = &p[pi + 1..end];
                let negate = matches!(set.first(), Some('!' | '^'));
                if negate {
                    set = &set[1..];
                }
                let mut hit = false;
                let mut k = 0;
                while k < set.len() {
                    if k + 2 < set.len() && set[k + 1] == '-' {
                        hit |= set[k] <= n[ni] && n[ni] <= set[k + 2];
                        k += 3;
                    } else {
                        hit |= set[k] == n[ni];
                        k += 1;
                    }
                }
                (hit != negate).then_some(end + 1)
            }
            Some('*') => {
                star = Some(pi);
                mark = ni;
                pi += 1;
                continue;
            }
            Some(&c) if c == n[ni] => Some(pi + 1),
            _ => None,
        };
        match (matched, star) {
            (Some(next), _) => {
                pi = next;
                ni += 1;
            }
            (None, Some(s)) => {
                pi = s + 1;
                mark += 1;
                ni = mark;
            }
            (None, None) => return false,
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// The first brace expression of a word with a comma at its top level,
/// or a range (`{a..e}`, `{1..3}`): where it opens and closes, and its
/// alternatives (a range of more than [`MAX_BRACE_WORDS`] is left).
fn brace_group(word: &str) -> Option<(usize, usize, Vec<String>)> {
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
                    if depth > 0 {
                        continue;
                    }
                    if commas.is_empty() {
                        match range(&word[start + 1..i]) {
                            Some(alternatives) => return Some((start, i, alternatives)),
                            None => break,
                        }
                    }
                    let mut alternatives = Vec::new();
                    let mut from = start + 1;
                    for c in commas {
                        alternatives.push(word[from..c].to_string());
                        from = c + 1;
                    }
                    alternatives.push(word[from..i].to_string());
                    return Some((start, i, alternatives));
                }
                b',' if depth == 1 => commas.push(i),
                _ => {}
            }
        }
    }
    None
}

/// A brace range's words: `a..e` (characters) or `1..3` (integers).
fn range(inner: &str) -> Option<Vec<String>> {
    let (from, to) = inner.split_once("..")?;
    let to = to.split_once("..").map_or(to, |(t, _)| t);
    if let (Ok(a), Ok(b)) = (from.parse::<i64>(), to.parse::<i64>()) {
        let (lo, hi) = (a.min(b), a.max(b));
        if hi - lo >= MAX_BRACE_WORDS as i64 {
            return None;
        }
        return Some((lo..=hi).map(|n| n.to_string()).collect());
    }
    let (mut a, mut b) = (from.chars(), to.chars());
    let (Some(x), None, Some(y), None) = (a.next(), a.next(), b.next(), b.next()) else {
        return None;
    };
    let (lo, hi) = (x.min(y), x.max(y));
    if !(lo.is_ascii_alphabetic() && hi.is_ascii_alphabetic())
        || (hi as u32 - lo as u32) as usize >= MAX_BRACE_WORDS
    {
        return None;
    }
    Some((lo..=hi).map(String::from).collect())
}

/// A word's value where the text set it (`x=rm; $x`), or its default
/// (`${RM:-rm}`).
fn expanded(word: &str, vars: &[(String, String)]) -> Option<String> {
    let inner = word.strip_prefix("${").and_then(|n| n.strip_suffix('}'));
    let (name, default) = match inner {
        Some(inner) => match inner
            .split_once(":-")
            .or_else(|| inner.split_once(":="))
            .or_else(|| inner.split_once('-'))
            .or_else(|| inner.split_once('='))
        {
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
    crate::base_name(word.trim_start_matches('!'))
}

/// `NAME=value` (a variable name, then one word).
fn assignment(word: &str) -> Option<(&str, &str)> {
    let (name, value) = word.split_once('=')?;
    let valid = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    valid.then_some((name, value))
}

/// Is the word after `before` in a command's place: after a program that
/// runs its operand (`xargs "$cmd" -r`, `sudo $X`) or find's `-exec`?
/// The runner's options between are passed over (`xargs -0 -n 1 "$cmd"`:
/// a word after an option may be its value).
fn runs_next(before: &[String]) -> bool {
    let runs = |w: &str| {
        matches!(w, "-exec" | "-execdir" | "-ok" | "-okdir")
            || shellward_argv::runners::wrapper(base(w)).is_some()
    };
    let mut i = before.len();
    for _ in 0..8 {
        let Some(w) = i.checked_sub(1).and_then(|at| before.get(at)) else {
            return false;
        };
        if runs(w) {
            return true;
        }
        let option = w.starts_with('-');
        let value = !option && i >= 2 && before[i - 2].starts_with('-');
        if !option && !value {
            return false;
        }
        i -= 1;
    }
    false
}

/// A program named only when it runs (`$CMD -rf ~`): what it is given
/// counts as a target; where that is wide, it may destroy it.
/// Options that, whatever the program, ask it to list, print or only
/// pretend (`-n`, `--dry-run`): given only these, a program known only
/// when it runs is not read as destructive for them.
const LISTING_OPTIONS: &[&str] = &[
    "-n",
    "--dry-run",
    "-v",
    "--verbose",
    "-V",
    "--version",
    "-h",
    "--help",
    "-l",
    "--list",
];

fn unknown_program(args: &[String], command: bool, ctx: &Context<'_>, out: &mut Vec<Effect>) {
    use crate::{Action, Pack, Severity};
    let wide = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(|a| (a, crate::scope::place(a, ctx)))
        .find(|(_, scope)| scope.is_wide() || *scope == crate::Scope::Sensitive);
    // In a command's place and given options (`$g $sub -D main`): any
    // program's worst with them, a force or a delete among them.
    let options = command.then(|| {
        args.iter()
            .find(|a| a.len() > 1 && a.starts_with('-') && !LISTING_OPTIONS.contains(&a.as_str()))
    });
    let found = wide.or_else(|| options.flatten().map(|o| (o, crate::Scope::Unknown)));
    if let Some((target, scope)) = found {
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
            remote: false,
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
            ("[[ -f x ]] && { cat x; }",                    None),
            ("if [ -d \"$p/.git\" ]; then ls; fi",          None),
            ("if [[ -n $(rm -rf ~) ]]; then :; fi",       Some(C)),
            ("{ [ -f x ] > ~/.bashrc; }",                 Some(D)),
            ("g`printf it` br`printf anch` -`printf d` x", Some(D)),
            ("`echo rm` -rf ~",                           Some(C)),
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
            remote: false,
        };
        assert!(
            text_effects(&text, &ctx)
                .iter()
                .any(|e| e.rule == "code.unread")
        );
    }

    /// Text the model writes, cut anywhere: unclosed expansions, braces
    /// and globs around characters of several bytes never panic.
    #[test]
    fn unclosed_forms_around_wide_characters_are_read() {
        #[rustfmt::skip]
        let texts = [
            "$(é", "echo ${é", "x${aé", "r$(é)m", "`é", "$é", "${IFSé", "{é,ü}",
            "rm -rf ~/{é..ü}", "/bin/[é", "/bin/r[", "/bin/[]", "{é", "é}", "$(echo é",
        ];
        for text in texts {
            let _ = worst(text);
        }
        // A destructive command after such a form is still seen.
        assert_eq!(worst("r$(é; rm -rf ~"), Some(Severity::Catastrophic));
    }

    #[test]
    fn long_text_is_read_in_linear_time() {
        let text = format!("rm -rf ~ #{}", "a".repeat(2 * MAX_TEXT));
        assert_eq!(worst(&text), Some(Severity::Catastrophic));
    }
}
