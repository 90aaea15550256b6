//! Test support: the shared corpus and a deterministic command generator.

#![allow(dead_code, clippy::panic, clippy::unwrap_used)]

/// The commands of a corpus file, as `(command, fields)`.
pub fn corpus(file: &str) -> Vec<(String, Vec<String>)> {
    shellward_corpus::rows(file)
        .into_iter()
        .map(|r| (r.command, r.fields))
        .collect()
}

/// A small deterministic PRNG (xorshift64*), so generated cases are reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const NAMES: &[&str] = &[
    "ls", "cat", "tool", "git", "x-y", "a_b", "run2", "é", "[", "grep",
];

const PLAIN: &[&str] = &[
    "-la", "foo", "a.txt", "--flag=x", "-n5", "x=y", "1", "é", "日本", "a#b", "a}b", "{}", "{x}",
    "a,b", "%s", "+x", "-", "--", "a=b=c", "x$", "$/", "]", "a]b", "!x", "a!", "@", "%", "^",
    "a\rb", "tab\u{b}",
];

const SQ_CHARS: &[&str] = &[
    "a", " ", "\"", "\\", "$", "*", "\n", "$(x)", "`y`", "#", ";", "|", "&", "é", "\t", "{a,b}",
];

const DQ_PIECES: &[&str] = &[
    "a", " ", "\\\\", "\\$", "\\\"", "\\`", "\\a", "'", "\n", "\\\n", "*", "#", "~", "{a,b}", "é",
    "$ ", "x$ ", "\\n", ";", "&&",
];

const ANSI_PIECES: &[&str] = &[
    "a",
    "\\n",
    "\\t",
    "\\x41",
    "\\101",
    "\\u00e9",
    "\\'",
    "\\\"",
    "\\\\",
    "\\e",
    "\\cA",
    "\\z",
    "\\x4",
    "\\0101",
    " ",
    "\\?",
    "\\U0001F600",
    "$",
    "`",
];

const ESCAPES: &[&str] = &[
    "\\ ", "\\;", "\\|", "\\'", "\\\"", "\\\\", "\\$", "\\*", "\\#", "\\~", "\\{", "\\&", "\\<",
    "\\a", "\\é",
];

fn piece(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 | 1 => rng.pick(PLAIN).to_string(),
        2 => {
            let n = rng.below(4);
            let inner: String = (0..n).map(|_| *rng.pick(SQ_CHARS)).collect();
            format!("'{inner}'")
        }
        3 => {
            let n = rng.below(4);
            let inner: String = (0..n).map(|_| *rng.pick(DQ_PIECES)).collect();
            // A lone `$` at the end of the quoted text stays literal; `$"` is fine too.
            format!("\"{inner}\"")
        }
        4 => {
            let n = 1 + rng.below(3);
            let inner: String = (0..n).map(|_| *rng.pick(ANSI_PIECES)).collect();
            format!("$'{inner}'")
        }
        _ => rng.pick(ESCAPES).to_string(),
    }
}

/// A static word: one to three pieces glued together.
pub fn word(rng: &mut Rng) -> String {
    let n = 1 + rng.below(3);
    let mut w: String = (0..n).map(|_| piece(rng)).collect();
    // A word must not start with `#` (a comment) or look like an assignment
    // in command position; the caller places it after a command name.
    if w.starts_with('#') {
        w.insert(0, 'x');
    }
    w
}

fn heredoc(rng: &mut Rng) -> (String, String) {
    let quoted = rng.chance(50);
    let strip = rng.chance(30);
    let delim = if quoted {
        *rng.pick(&["'EOF'", "\"END\"", "\\EOF", "E\"O\"F"])
    } else {
        *rng.pick(&["EOF", "END", "X_1"])
    };
    let plain = delim.replace(['\'', '"', '\\'], "");
    let mut body = String::new();
    for _ in 0..rng.below(4) {
        if strip && rng.chance(50) {
            body.push('\t');
        }
        let line = if quoted {
            *rng.pick(&[
                "text",
                "$HOME",
                "`x`",
                "a \\$ b",
                "\\\\",
                "  indented",
                "$(y)",
            ])
        } else {
            *rng.pick(&[
                "text",
                "a \\$ b",
                "\\`q\\`",
                "back\\\\slash",
                "plain $ sign",
                "  x",
            ])
        };
        body.push_str(line);
        body.push('\n');
    }
    let op = if strip { "<<-" } else { "<<" };
    (format!("{op}{delim}"), format!("{body}{plain}\n"))
}

/// A static command list exercising quoting, escapes, comments,
/// continuations, here-docs, here-strings, assignments and connectors.
pub fn command(rng: &mut Rng) -> String {
    let mut out = String::new();
    let mut pending_bodies = String::new();
    let count = 1 + rng.below(3);
    for i in 0..count {
        if i > 0 {
            let conn = *rng.pick(&[
                " ; ", " && ", " | ", " |& ", "\n", " || ", ";", "&&", " &&\n",
            ]);
            if conn.contains('\n') && !pending_bodies.is_empty() {
                // Here-document bodies follow the line that started them.
                let (before, after) = conn.split_at(conn.find('\n').unwrap_or(0));
                out.push_str(before);
                out.push('\n');
                out.push_str(&std::mem::take(&mut pending_bodies));
                out.push_str(&after[1..]);
            } else {
                out.push_str(conn);
            }
        }
        if rng.chance(20) {
            let name = *rng.pick(&["SW_A", "SW_B", "SW_C"]);
            let value = if rng.chance(20) {
                String::new()
            } else {
                word(rng)
            };
            out.push_str(&format!("{name}={value} "));
        }
        let name: &&str = rng.pick(NAMES);
        out.push_str(name);
        for _ in 0..rng.below(5) {
            out.push(' ');
            if rng.chance(10) {
                out.push_str("\\\n");
            }
            out.push_str(&word(rng));
        }
        match rng.below(8) {
            0 => out.push_str(" 2>/dev/null"),
            1 => out.push_str(" >out.txt"),
            2 => out.push_str(" 2>&1"),
            3 => out.push_str(&format!(" <<< {}", word(rng))),
            4 => {
                let (op, body) = heredoc(rng);
                out.push(' ');
                out.push_str(&op);
                pending_bodies.push_str(&body);
            }
            _ => {}
        }
    }
    if rng.chance(15) {
        out.push_str(" # a comment; with | stuff");
    }
    if !pending_bodies.is_empty() {
        out.push('\n');
        out.push_str(&pending_bodies);
    }
    out
}

/// `(name, input)` pairs: the pathological suite.
pub fn pathological() -> Vec<(String, String)> {
    const LIMIT: usize = 10_000;
    let mut cases = Vec::new();
    let openers: &[(&str, &str, &str)] = &[
        ("comsub", "$(", ")"),
        ("backtick", "`", "`"),
        ("param", "${", "}"),
        ("arith", "$((", "))"),
        ("subshell", "(", ")"),
        ("group", "{ ", "; }"),
        ("dquote", "\"$(", ")\""),
        ("procsub", "<(", ")"),
        ("arith_cmd", "((", "))"),
        ("if", "if ", "; then :; fi"),
        ("bracket", "$[", "]"),
        ("extglob", "@(", ")"),
    ];
    for (name, open, close) in openers {
        let n = LIMIT / (open.len() + close.len() + 1);
        let unclosed_n = LIMIT / open.len();
        cases.push((
            format!("{name} unclosed"),
            format!("{}x", open.repeat(unclosed_n - 1)),
        ));
        cases.push((
            format!("{name} closed"),
            format!("{}x{}", open.repeat(n), close.repeat(n)),
        ));
        cases.push((
            format!("{name} echo-prefixed"),
            format!("echo {}", open.repeat((LIMIT - 5) / open.len())),
        ));
    }
    cases.push(("heredocs".into(), "cat <<A ".repeat(1_250)));
    cases.push((
        "heredoc bodies".into(),
        format!("cat <<A\n{}A", "x\n".repeat(4_990)),
    ));
    cases.push(("semicolons".into(), ";".repeat(LIMIT)));
    cases.push(("pipes".into(), format!("ls{}", " | ls".repeat(2_000))));
    cases.push(("bare pipes".into(), "|".repeat(3_000)));
    cases.push(("and-lists".into(), format!("a{}", " && a".repeat(2_000))));
    cases.push(("CR".into(), "\r".repeat(LIMIT)));
    cases.push(("NUL".into(), format!("ls{}", "\0".repeat(100))));
    cases.push(("backslashes".into(), "\\".repeat(LIMIT)));
    cases.push(("continuations".into(), "\\\n".repeat(LIMIT / 2)));
    cases.push((
        "invalid escapes".into(),
        format!("echo $'{}'", "\\x\\u\\U\\c".repeat(1_000)),
    ));
    cases.push((
        "ansi unclosed".into(),
        format!("echo $'{}", "\\'".repeat(4_000)),
    ));
    cases.push((
        "surrogate-like escapes".into(),
        format!("echo $'{}'", "\\ud800\\udfff".repeat(700)),
    ));
    cases.push(("quotes".into(), "'\"".repeat(LIMIT / 2)));
    cases.push(("words".into(), "a ".repeat(LIMIT / 2)));
    cases.push(("braces".into(), "{a,".repeat(LIMIT / 3)));
    cases.push(("fd numbers".into(), "2147483648>x ".repeat(700)));
    cases.push(("brush alloc bug".into(), "<<\r)#".into()));
    cases.push(("nested case".into(), "$(case x in x) ".repeat(600)));
    cases.push(("mixed nesting".into(), "$( ( { `${ \"$((".repeat(500)));
    cases.push(("over limit".into(), "a".repeat(LIMIT * 100)));
    cases.push(("multibyte".into(), "é$(".repeat(2_500)));
    cases
}
