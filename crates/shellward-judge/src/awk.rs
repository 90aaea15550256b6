//! Reading an awk program as awk's lexer does, to find the statements
//! that write: `print`/`printf` with an output redirection (`>`, `>>`)
//! or a pipe (`|`, `|&`) anywhere.
//!
//! A `>` is a redirection only at the parenthesis level of its `print`
//! statement (`print $1 > "f"`); inside parentheses or brackets, or in a
//! pattern or condition, it is a comparison (`$3 > 100`, `if ($1 > 5)`).
//! A statement ends at `;`, `}` or a newline at that level, except that
//! a newline after `,`, `{`, `&&`, `||`, `do`, `else`, the `)` of an
//! `if`/`while`/`for` header, or a backslash continues it. String
//! literals (with escapes), regex literals (where an operand may start),
//! and comments are skipped as awk skips them. What this reader cannot
//! read the way every awk does (an unterminated string, a `/` inside a
//! regex's bracket expression, unbalanced parentheses, a byte awk has no
//! token for) is an error: the caller rejects.

/// The lexer's state between tokens.
#[derive(Default)]
struct State {
    /// Parenthesis and bracket depth.
    depth: usize,
    /// For each open parenthesis, whether it is an `if`/`while`/`for` header.
    headers: Vec<bool>,
    /// The last token was `if`, `while`, `for` or `switch`.
    header_next: bool,
    /// The last token ends an operand: a `/` now divides (else it starts a regex).
    after_operand: bool,
    /// A newline now continues the statement.
    continues: bool,
    /// The depth of the `print`/`printf` statement being read.
    print_at: Option<usize>,
}

/// Does `program` redirect a `print`'s output or open a pipe? `Err` with
/// why when it cannot be read with certainty.
pub(crate) fn writes(program: &str) -> Result<bool, String> {
    let b = program.as_bytes();
    let mut s = State::default();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        match c {
            b' ' | b'\t' | b'\r' => {}
            b'\\' if b.get(i) == Some(&b'\n') => i += 1,
            b'\\' if b.get(i..i + 2) == Some(b"\r\n") => i += 2,
            b'\n' => newline(&mut s),
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                i = string_end(b, i)?;
                s.operand();
            }
            b'/' if !s.after_operand => {
                i = regex_end(b, i)?;
                s.operand();
            }
            b'(' | b'[' => s.open(c == b'('),
            b')' | b']' => s.close()?,
            b'{' | b'}' | b';' => s.end_statement(c == b'{'),
            b'|' if b.get(i) == Some(&b'|') => {
                i += 1;
                s.operator(true);
            }
            // A pipe into or out of a command (`print | "sh"`, `"id" | getline`).
            b'|' => return Ok(true),
            b'>' if s.print_at == Some(s.depth) => return Ok(true),
            b'&' if b.get(i) == Some(&b'&') => {
                i += 1;
                s.operator(true);
            }
            b',' => s.operator(true),
            b'+' | b'-' if b.get(i) == Some(&c) => {
                // `a++ / 2` divides; `++/re/` is no awk program.
                i += 1;
                s.operand();
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let start = i - 1;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                s.word(&program[start..i]);
            }
            b'0'..=b'9' | b'.' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                    i += 1;
                }
                s.operand();
            }
            b'$' | b'!' | b'=' | b'<' | b'>' | b'?' | b':' | b'~' | b'+' | b'-' | b'*' | b'%'
            | b'^' | b'/' | b'&' => s.operator(false),
            other => return Err(format!("no awk token starts with {:?}", char::from(other))),
        }
    }
    if s.depth != 0 {
        return Err("unbalanced parentheses".into());
    }
    Ok(false)
}

fn newline(s: &mut State) {
    if s.continues {
        return;
    }
    if s.print_at == Some(s.depth) {
        s.print_at = None;
    }
    s.after_operand = false;
}

impl State {
    fn operand(&mut self) {
        self.after_operand = true;
        self.continues = false;
        self.header_next = false;
    }

    fn operator(&mut self, continues: bool) {
        self.after_operand = false;
        self.continues = continues;
        self.header_next = false;
    }

    fn open(&mut self, paren: bool) {
        self.headers.push(paren && self.header_next);
        self.depth += 1;
        self.operator(false);
    }

    fn close(&mut self) -> Result<(), String> {
        let header = self.headers.pop().ok_or("unbalanced parentheses")?;
        self.depth -= 1;
        if self.print_at.is_some_and(|d| self.depth < d) {
            self.print_at = None;
        }
        // After a header, a statement starts (a regex may); else an operand ended.
        self.after_operand = !header;
        self.continues = header;
        self.header_next = false;
        Ok(())
    }

    fn end_statement(&mut self, brace_open: bool) {
        if self.print_at == Some(self.depth) {
            self.print_at = None;
        }
        self.operator(brace_open);
    }

    fn word(&mut self, word: &str) {
        match word {
            "print" | "printf" => {
                self.print_at = Some(self.depth);
                self.operator(false);
            }
            "if" | "while" | "for" | "switch" => {
                self.operator(false);
                self.header_next = true;
            }
            "do" | "else" => self.operator(true),
            "return" | "case" | "in" | "getline" | "delete" | "exit" => self.operator(false),
            _ => self.operand(),
        }
    }
}

/// The index after the string literal whose opening `"` is before `i`.
fn string_end(b: &[u8], mut i: usize) -> Result<usize, String> {
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 2,
            b'"' => return Ok(i + 1),
            b'\n' => return Err("a newline inside a string".into()),
            _ => i += 1,
        }
    }
    Err("an unterminated string".into())
}

/// The index after the regex literal whose opening `/` is before `i`. A
/// `/` inside a bracket expression ends the regex in some awks and not in
/// others: not read.
fn regex_end(b: &[u8], mut i: usize) -> Result<usize, String> {
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 2,
            b'/' => return Ok(i + 1),
            b'\n' => return Err("a newline inside a regex".into()),
            b'[' => i = bracket_end(b, i + 1)?,
            _ => i += 1,
        }
    }
    Err("an unterminated regex".into())
}

/// The index after the bracket expression whose `[` is before `i`
/// (`[]x]`, `[^]x]`, `[[:alpha:]]`).
fn bracket_end(b: &[u8], mut i: usize) -> Result<usize, String> {
    if b.get(i) == Some(&b'^') {
        i += 1;
    }
    if b.get(i) == Some(&b']') {
        i += 1;
    }
    while let Some(&c) = b.get(i) {
        match c {
            b']' => return Ok(i + 1),
            b'\\' => i += 2,
            // Collating symbols and equivalence classes (`[.a.]`, `[=a=]`):
            // mawk reads `[.` as two plain characters, others as the start
            // of one, so the regex ends in different places.
            b'[' if matches!(b.get(i + 1), Some(b'.' | b'=')) => {
                return Err(
                    "a collating symbol or equivalence class, which awks read differently".into(),
                );
            }
            // A character class (`[:alpha:]`) ends before the regex could.
            b'[' if b.get(i + 1) == Some(&b':') => {
                let rest = b.get(i + 2..).unwrap_or_default();
                let at = rest
                    .iter()
                    .position(|&c| matches!(c, b':' | b']' | b'/' | b'\n'))
                    .filter(|&at| rest[at] == b':' && rest.get(at + 1) == Some(&b']'))
                    .ok_or("an unterminated character class")?;
                i += 2 + at + 2;
            }
            b'/' => return Err("a `/` inside a regex's bracket expression".into()),
            b'\n' => return Err("a newline inside a regex".into()),
            _ => i += 1,
        }
    }
    Err("an unterminated bracket expression".into())
}

#[cfg(test)]
mod tests {
    use super::writes;

    /// A collating symbol or an unclosed class cannot hide what follows the
    /// regex (mawk ends the regex at the first `/`).
    #[test]
    fn brackets_do_not_swallow_the_program() {
        for program in [
            r#"BEGIN{ if ("a" ~ /[[.a]/) n=1; print "touch x" | "sh" } # .]]/ )"#,
            r#"BEGIN{ if ("a" ~ /[[=a]/) n=1; print "x" > "f" } # =]]/ )"#,
            r#"BEGIN{ if ("a" ~ /[[:a]/) n=1; print "x" > "f" } # :]]/ )"#,
        ] {
            assert!(
                writes(program).is_err() || writes(program) == Ok(true),
                "{program}"
            );
        }
        assert_eq!(writes(r#"/[[:alpha:]]+/ { print $1 }"#), Ok(false));
    }

    #[test]
    fn statements_that_write() {
        #[rustfmt::skip]
        let rows: &[(&str, Result<bool, ()>)] = &[
            ("{print $1}", Ok(false)),
            ("$3 > 100", Ok(false)),
            ("{if ($1 > 5) print}", Ok(false)),
            ("{print ($1 > 5)}", Ok(false)),
            ("{print a[$1 > 5]}", Ok(false)),
            ("/a|b/ {print}", Ok(false)),
            ("{print \"a|b>c\"}", Ok(false)),
            ("{x = $1 > 2; print x}", Ok(false)),
            ("$1 ~ /[/]/", Err(())),
            ("{print $1 / 2 > 3}", Ok(true)),
            ("BEGIN{print \";\" > \"PWN1\"}", Ok(true)),
            ("BEGIN{printf \"}\" > \"PWN3\"}", Ok(true)),
            ("BEGIN{print \"a\",\n\"b\" > \"PWN2\"}", Ok(true)),
            ("BEGIN{print \"a\" \\\n > \"f\"}", Ok(true)),
            ("BEGIN{print \"a\", # c\n \"b\" > \"f\"}", Ok(true)),
            ("{printf(\"%s\", $1) > \"f\"}", Ok(true)),
            ("{print $1 >> \"f\"}", Ok(true)),
            ("{print | \"sh\"}", Ok(true)),
            ("{print $1 || 0}", Ok(false)),
            ("{if (x) /\"/; print > \"f\"; y = \"/\"}", Ok(true)),
            ("{n = length / 2; print > \"f\"}", Ok(true)),
            ("{print \"x", Err(())),
            ("{print (1}", Err(())),
            ("{print `id`}", Err(())),
            ("$1 ~ /[[:alpha:]]x/ {print}", Ok(false)),
            ("{print\n> \"f\"}", Ok(false)),
        ];
        for (program, want) in rows {
            assert_eq!(writes(program).map_err(drop), *want, "{program:?}");
        }
    }

    proptest::proptest! {
        /// An awk program is hostile input: any text is answered.
        #[test]
        fn any_text_is_answered(text in ".{0,200}") {
            let _ = writes(&text);
        }
    }
}
