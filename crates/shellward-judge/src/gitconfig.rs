//! Reading a git configuration file the way git does (`config.c`,
//! `git_parse_source`): a UTF-8 byte order mark skipped, `\r\n` as `\n`,
//! section headers (`[a]`, `[a "b"]`, the old `[a.b]`) with a variable on
//! the same line after `]`, case-insensitive section and key names, values
//! with quotes, escapes, comments (`#`, `;`) outside quotes and `\` line
//! continuations. What git would reject, or could read otherwise than
//! this reader (a NUL byte: git's strings end there), is [`Malformed`]: a
//! file the judge cannot read exactly is not trusted.

/// The file is not one git reads as this reader does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Malformed;

/// One variable of a configuration file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The section: its name lowercased, then `.` and its subsection as
    /// written (`remote.origin`, `url.https://example.com/`); the old form
    /// `[a.B]` lowercased whole (`a.b`).
    pub section: String,
    /// The key, lowercased.
    pub key: String,
    /// The value, unquoted and unescaped; `None` for a bare key (true).
    pub value: Option<String>,
}

impl Entry {
    /// The value, empty for a bare key.
    pub fn value(&self) -> &str {
        self.value.as_deref().unwrap_or("")
    }
}

/// The bytes of a file, read one character at a time as git's
/// `get_next_char` does: `\r\n` is `\n`, and the end reads as `\n`.
struct Source<'b> {
    bytes: &'b [u8],
    pos: usize,
    eof: bool,
}

impl Source<'_> {
    fn next(&mut self) -> u8 {
        match self.bytes.get(self.pos..).unwrap_or_default() {
            [] => {
                self.eof = true;
                b'\n'
            }
            [b'\r', b'\n', ..] => {
                self.pos += 2;
                b'\n'
            }
            [c, ..] => {
                self.pos += 1;
                *c
            }
        }
    }
}

/// git's `isspace` (`sane_ctype`): not `\v` or `\f`.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

/// git's `iskeychar`.
fn is_key_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-'
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The variables of a configuration file, in order.
pub(crate) fn entries(bytes: &[u8]) -> Result<Vec<Entry>, Malformed> {
    if bytes.contains(&0) {
        return Err(Malformed);
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut src = Source {
        bytes,
        pos: 0,
        eof: false,
    };
    let mut out = Vec::new();
    let mut section = String::new();
    let mut comment = false;
    loop {
        let c = src.next();
        if c == b'\n' {
            if src.eof {
                return Ok(out);
            }
            comment = false;
            continue;
        }
        if comment || is_space(c) {
            continue;
        }
        match c {
            b'#' | b';' => comment = true,
            b'[' => section = header(&mut src)?,
            c if c.is_ascii_alphabetic() => out.push(variable(&mut src, &section, c)?),
            _ => return Err(Malformed),
        }
    }
}

/// A section header after its `[` (`get_base_var`).
fn header(src: &mut Source<'_>) -> Result<String, Malformed> {
    let mut name = String::new();
    loop {
        let c = src.next();
        if src.eof {
            return Err(Malformed);
        }
        if c == b']' {
            break;
        }
        if is_space(c) {
            return subsection(src, name, c);
        }
        if !is_key_char(c) && c != b'.' {
            return Err(Malformed);
        }
        name.push(char::from(c.to_ascii_lowercase()));
    }
    if name.is_empty() {
        return Err(Malformed);
    }
    Ok(name)
}

/// `[name "subsection"]` after the name and the blank that ends it
/// (`get_extended_base_var`): `\` escapes any character but a newline.
fn subsection(src: &mut Source<'_>, mut name: String, mut c: u8) -> Result<String, Malformed> {
    loop {
        if c == b'\n' {
            return Err(Malformed);
        }
        c = src.next();
        if !is_space(c) {
            break;
        }
    }
    if c != b'"' {
        return Err(Malformed);
    }
    let mut sub = Vec::new();
    loop {
        let mut c = src.next();
        if c == b'\n' {
            return Err(Malformed);
        }
        if c == b'"' {
            break;
        }
        if c == b'\\' {
            c = src.next();
            if c == b'\n' {
                return Err(Malformed);
            }
        }
        sub.push(c);
    }
    if src.next() != b']' {
        return Err(Malformed);
    }
    name.push('.');
    name.push_str(&text(sub));
    Ok(name)
}

/// A variable from its first letter (`get_value`).
fn variable(src: &mut Source<'_>, section: &str, first: u8) -> Result<Entry, Malformed> {
    let mut key = String::from(char::from(first.to_ascii_lowercase()));
    let mut c;
    loop {
        c = src.next();
        if src.eof || !is_key_char(c) {
            break;
        }
        key.push(char::from(c.to_ascii_lowercase()));
    }
    while c == b' ' || c == b'\t' {
        c = src.next();
    }
    let value = match c {
        b'\n' => None,
        b'=' => Some(value(src)?),
        _ => return Err(Malformed),
    };
    Ok(Entry {
        section: section.to_string(),
        key,
        value,
    })
}

/// A value after its `=` (`parse_value`): blanks around it trimmed, those
/// inside kept as written.
fn value(src: &mut Source<'_>) -> Result<String, Malformed> {
    let mut value = Vec::new();
    let (mut quote, mut comment) = (false, false);
    // Where trailing blanks begin (0: none yet, as in git).
    let mut trim_len = 0;
    loop {
        let c = src.next();
        if c == b'\n' {
            if quote {
                return Err(Malformed);
            }
            if trim_len > 0 {
                value.truncate(trim_len);
            }
            return Ok(text(value));
        }
        if comment {
            continue;
        }
        if is_space(c) && !quote {
            if trim_len == 0 {
                trim_len = value.len();
            }
            if !value.is_empty() {
                value.push(c);
            }
            continue;
        }
        if !quote && (c == b';' || c == b'#') {
            comment = true;
            continue;
        }
        trim_len = 0;
        match c {
            b'\\' => match src.next() {
                b'\n' => {}
                b't' => value.push(b'\t'),
                b'b' => value.push(8),
                b'n' => value.push(b'\n'),
                c @ (b'\\' | b'"') => value.push(c),
                _ => return Err(Malformed),
            },
            b'"' => quote = !quote,
            c => value.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Result<Vec<String>, Malformed> {
        Ok(entries(text.as_bytes())?
            .into_iter()
            .map(|e| format!("{}.{}={}", e.section, e.key, e.value()))
            .collect())
    }

    /// The planted forms of the third review read as git reads them.
    #[test]
    fn reads_like_git() {
        #[rustfmt::skip]
        let rows: &[(&str, Result<&[&str], Malformed>)] = &[
            ("[core] fsmonitor = \"touch X; false\"\n", Ok(&["core.fsmonitor=touch X; false"])),
            ("[core]\n\tx = y \\\n[user]\n\tfsmonitor = z\n", Ok(&["core.x=y [user]", "core.fsmonitor=z"])),
            ("\u{feff}[core]\n\tfsmonitor = z\n", Ok(&["core.fsmonitor=z"])),
            ("[Remote \"Origin\"]\n\tURL = a ; c\n", Ok(&["remote.Origin.url=a"])),
            ("[a.B]\nk\n", Ok(&["a.b.k="])),
            ("[a]\n\tk = \"x\\ty\" # c\n", Ok(&["a.k=x\ty"])),
            ("[a]\n\tk = x\\q\n", Err(Malformed)),
            ("[a]\n\tk = \"open\n", Err(Malformed)),
            ("[a]\n\tk # c\n", Err(Malformed)),
            ("[a]\n\tk = a\0b\n", Err(Malformed)),
            ("\u{b}[a]\n", Err(Malformed)),
            ("[a \"x\" ]\nk=1\n", Err(Malformed)),
        ];
        for (text, want) in rows {
            let want = want.map(|w| w.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            assert_eq!(names(text), want, "{text:?}");
        }
    }
}
