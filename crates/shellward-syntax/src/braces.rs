//! Brace expansion of plain words, exactly as bash 5 performs it
//! (`braces.c`: `brace_expand`, `brace_gobbler`, `expand_amble`,
//! `expand_seqterm`, `mkseq`), so that `grep --exclude-dir={target,.git}`
//! or `ls src/{a,b}.rs` is judged as the words the program receives.
//!
//! Only *plain* text is expanded: no quote, backslash, `$`, backtick,
//! tilde, parenthesis or redirection character anywhere in the word (their
//! interplay with braces is left unexpanded, so such words stay dynamic).
//! Glob characters pass through (bash globs each word brace expansion
//! made); [`brace_expanded`] marks the words that hold one. What bash would
//! expand into more than [`MAX_BRACE_WORDS`] words, and character ranges
//! that pass through punctuation (`{Z..a}`), are not expanded either.
//! `tests/braces.rs` holds the expansion against real bash.

/// Most words one brace expression may expand to.
pub const MAX_BRACE_WORDS: usize = 64;

/// Longest word expanded.
const MAX_WORD_BYTES: usize = 4096;

/// The characters whose interplay with brace expansion is not modelled.
fn plain(text: &str) -> bool {
    !text.bytes().any(|b| {
        matches!(
            b,
            b'$' | b'`'
                | b'\''
                | b'"'
                | b'\\'
                | b'~'
                | b'('
                | b')'
                | b'<'
                | b'>'
                | b'!'
                | b'@'
                | b'+'
        ) || b.is_ascii_whitespace()
    })
}

/// Why an expansion was not made.
struct Unknown;

/// The words bash makes of `text` by brace expansion (the word itself when
/// it holds no brace expression), in bash's order; `None` when `text` is
/// not plain (see the module) or the expansion would be too large. Bash
/// later drops the words that expanded to nothing; so does this.
pub fn expand_braces(text: &str) -> Option<Vec<String>> {
    if text.len() > MAX_WORD_BYTES || text.matches('{').count() > MAX_BRACE_WORDS || !plain(text) {
        return None;
    }
    let mut words = expand(text, 0).ok()?;
    words.retain(|w| !w.is_empty());
    Some(words)
}

/// `brace_gobbler`: from `from`, the index of the first `satisfy` at brace
/// level 0 (for `}`, only once a `,` or a `..` has been seen at that
/// level), or `None` at the end of the text.
fn gobble(text: &[u8], from: usize, satisfy: u8) -> Option<usize> {
    let (mut level, mut commas) = (0usize, usize::from(satisfy != b'}'));
    let mut i = from;
    while let Some(&c) = text.get(i) {
        if c == satisfy && level == 0 && commas > 0 {
            // An open brace alone at the start, or as `{}`, is literal
            // (bash checks whitespace too; plain words hold none).
            let next = text.get(i + 1).copied();
            if c == b'{' && i == 0 && next == Some(b'}') {
                i += 1;
                continue;
            }
            return Some(i);
        }
        if c == b'{' {
            level += 1;
        } else if c == b'}' && level > 0 {
            level -= 1;
        } else if satisfy == b'}' && level == 0 {
            let sequence =
                c == b'.' && text.get(i + 1) == Some(&b'.') && text.get(i + 2) != Some(&satisfy);
            if c == b',' || sequence {
                commas += 1;
            }
        }
        i += 1;
    }
    None
}

/// `brace_expand`: the preamble, the first valid brace expression and
/// the expansion of what follows it.
fn expand(text: &str, depth: usize) -> Result<Vec<String>, Unknown> {
    if depth > crate::MAX_NESTING {
        return Err(Unknown);
    }
    let bytes = text.as_bytes();
    // The first `{` that opens an expression with a matching `}`.
    let mut from = 0;
    let (open, close) = loop {
        let Some(open) = gobble(bytes, from, b'{') else {
            return Ok(vec![text.to_string()]);
        };
        match gobble(bytes, open + 1, b'}') {
            Some(close) => break (open, close),
            None => from = open + 1,
        }
    };
    let (preamble, amble, postamble) = (&text[..open], &text[open + 1..close], &text[close + 1..]);
    let alternatives = if amble.contains(',') {
        alternatives(amble, depth)?
    } else {
        match sequence(amble)? {
            Some(words) => words,
            None if postamble.is_empty() => return Ok(vec![text.to_string()]),
            None => vec![text[open..=close].to_string()],
        }
    };
    let mut out: Vec<String> = alternatives
        .iter()
        .map(|a| format!("{preamble}{a}"))
        .collect();
    if !postamble.is_empty() {
        let rest = expand(postamble, depth + 1)?;
        if out.len().saturating_mul(rest.len()) > MAX_BRACE_WORDS {
            return Err(Unknown);
        }
        out = out
            .iter()
            .flat_map(|head| rest.iter().map(move |tail| format!("{head}{tail}")))
            .collect();
    }
    if out.len() > MAX_BRACE_WORDS {
        return Err(Unknown);
    }
    Ok(out)
}

/// `expand_amble`: the comma-separated alternatives at level 0, each
/// expanded in turn.
fn alternatives(amble: &str, depth: usize) -> Result<Vec<String>, Unknown> {
    let bytes = amble.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        let end = gobble(bytes, start, b',');
        let piece = &amble[start..end.unwrap_or(amble.len())];
        out.extend(expand(piece, depth + 1)?);
        if out.len() > MAX_BRACE_WORDS {
            return Err(Unknown);
        }
        match end {
            Some(comma) => start = comma + 1,
            None => return Ok(out),
        }
    }
}

/// `expand_seqterm`: `{A..B}` or `{A..B..STEP}` of integers (zero-padded
/// when either end is written with a leading zero) or of letters.
/// `Ok(None)` for anything else, which bash leaves as it is written.
fn sequence(amble: &str) -> Result<Option<Vec<String>>, Unknown> {
    let Some((lhs, rest)) = amble.split_once("..") else {
        return Ok(None);
    };
    let (rhs, step) = match rest.split_once("..") {
        Some((rhs, step)) if !step.is_empty() => (rhs, Some(step)),
        Some(_) => return Ok(None),
        None => (rest, None),
    };
    let step = match step.map(integer) {
        None => 1,
        Some(Some(step)) => step,
        Some(None) => return Ok(None),
    };
    if let (Some(a), Some(b)) = (integer(lhs), integer(rhs)) {
        let padded = |s: &str| {
            s.strip_prefix('-').unwrap_or(s).len() > 1 && s.trim_start_matches('-').starts_with('0')
        };
        let width = if padded(lhs) || padded(rhs) {
            lhs.len().max(rhs.len())
        } else {
            0
        };
        // bash prints a zero-padded value as a C `int`: wider ones wrap,
        // which is not followed here.
        let int = |n: i64| i32::try_from(n).is_ok();
        if width > 0 && !(int(a) && int(b)) {
            return Err(Unknown);
        }
        let values = steps(a, b, step)?;
        return Ok(Some(values.map(|n| format!("{n:0width$}")).collect()));
    }
    let (mut l, mut r) = (lhs.chars(), rhs.chars());
    let (Some(a), None, Some(b), None) = (l.next(), l.next(), r.next(), r.next()) else {
        return Ok(None);
    };
    if !a.is_ascii_alphabetic() || !b.is_ascii_alphabetic() {
        return Ok(None);
    }
    let letters: Vec<String> = steps(i64::from(a as u8), i64::from(b as u8), step)?
        .map(|n| char::from(n as u8))
        .map(String::from)
        .collect();
    // `{Z..a}` passes through `[\]^_` and a backtick: not followed here.
    if letters
        .iter()
        .any(|l| !l.bytes().all(|b| b.is_ascii_alphabetic()))
    {
        return Err(Unknown);
    }
    Ok(Some(letters))
}

/// An integer as `legal_number` reads one (without the leading `+` or
/// blanks, which plain words do not hold).
fn integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `mkseq`'s values from `a` to `b` by `step` (its sign set by the
/// direction, 0 read as 1), when there are at most [`MAX_BRACE_WORDS`].
fn steps(a: i64, b: i64, step: i64) -> Result<impl Iterator<Item = i64>, Unknown> {
    let magnitude = if step == 0 { 1 } else { step.unsigned_abs() };
    let count = a.abs_diff(b) / magnitude + 1;
    if count > MAX_BRACE_WORDS as u64 {
        return Err(Unknown);
    }
    // Each value lies between `a` and `b`: computed wide, it fits back.
    let (a, direction) = (i128::from(a), if a > b { -1 } else { 1 });
    let magnitude = i128::from(magnitude) * direction;
    Ok((0..i128::from(count)).filter_map(move |k| i64::try_from(a + k * magnitude).ok()))
}

impl crate::Word {
    /// The words bash makes of this one by brace expansion, when that is
    /// all that makes it dynamic and its text is plain ([`expand_braces`]);
    /// `None` otherwise.
    pub fn brace_words(&self) -> Option<Vec<String>> {
        let plain_parts = self
            .parts
            .iter()
            .all(|p| matches!(p, crate::Part::Literal(_)));
        if self.dynamic != Some(crate::DynamicKind::BraceExpansion) || self.tilde || !plain_parts {
            return None;
        }
        expand_braces(&self.value)
    }
}

/// The commands with every word that [`Word::brace_words`](crate::Word::brace_words)
/// expands replaced by the static words bash makes of it (each spanning
/// the original word); borrowed when there is none. A command's
/// assignments and redirections are not brace-expanded by bash.
pub fn brace_expanded(
    commands: &[crate::SimpleCommand],
) -> std::borrow::Cow<'_, [crate::SimpleCommand]> {
    let braced = |c: &crate::SimpleCommand| {
        c.words
            .iter()
            .any(|w| w.dynamic == Some(crate::DynamicKind::BraceExpansion))
    };
    if !commands.iter().any(braced) {
        return std::borrow::Cow::Borrowed(commands);
    }
    let mut out = commands.to_vec();
    for c in out.iter_mut().filter(|c| braced(c)) {
        let mut words = Vec::with_capacity(c.words.len() + 2);
        for w in c.words.drain(..) {
            match w.brace_words() {
                Some(values) => words.extend(values.into_iter().map(|value| {
                    crate::Word {
                        span: w.span,
                        // Every character is unquoted: one of `*?[` may glob.
                        glob_prefix: value
                            .find(['*', '?', '['])
                            .map(|at| value[..at].to_string()),
                        value,
                        dynamic: None,
                        parts: vec![crate::Part::Literal(w.span)],
                        tilde: false,
                    }
                })),
                None => words.push(w),
            }
        }
        c.words = words;
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::expand_braces;

    #[rustfmt::skip]
    const CASES: &[(&str, &[&str])] = &[
        ("--exclude-dir={target,.git}", &["--exclude-dir=target", "--exclude-dir=.git"]),
        ("src/{a,b}.rs",                &["src/a.rs", "src/b.rs"]),
        ("file{,.bak}",                 &["file", "file.bak"]),
        ("{a,b}{c,d}",                  &["ac", "ad", "bc", "bd"]),
        ("{a,{b,c}}",                   &["a", "b", "c"]),
        ("{1..3}",                      &["1", "2", "3"]),
        ("{3..1}",                      &["3", "2", "1"]),
        ("{01..03}",                    &["01", "02", "03"]),
        ("{1..10..4}",                  &["1", "5", "9"]),
        ("{a..c}",                      &["a", "b", "c"]),
        ("{a}",                         &["{a}"]),
        ("{}",                          &["{}"]),
        ("{a..e..x}",                   &["{a..e..x}"]),
        ("{9..10}",                     &["9", "10"]),
    ];

    #[test]
    fn plain_words_expand_as_bash_does() {
        for (text, want) in CASES {
            let got = expand_braces(text);
            let got: Option<Vec<&str>> =
                got.as_ref().map(|w| w.iter().map(String::as_str).collect());
            assert_eq!(got.as_deref(), Some(*want), "{text}");
        }
    }

    #[test]
    fn what_is_not_followed_stays_unexpanded() {
        for text in [
            "'{a,b}'",
            "{a,$x}",
            "\\{a,b}",
            "~/{a,b}",
            "<(x){a,b}",
            "{1..1000}",
            "{Z..a}",
            "{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}",
        ] {
            assert_eq!(expand_braces(text), None, "{text}");
        }
    }
}
