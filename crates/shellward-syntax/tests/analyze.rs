//! Table-driven tests of the analyzer: every construct, every flag.
//!
//! `classification` asserts the one thing later stages rely on (is the command
//! permission-safe, and if not, why). `rendered` snapshots the full IR of each
//! construct in a compact form that can be read line by line.

#![allow(clippy::panic, clippy::unwrap_used)]

use shellward_syntax::{Analysis, ParseStatus, Part, Word, analyze};

/// What makes a command unsafe, in one short string:
/// `safe`, `error`, `too_long`, `unsupported:Kind`, or `dynamic:kind`.
fn classify(a: &Analysis) -> String {
    match a.status {
        ParseStatus::Error => return "error".into(),
        ParseStatus::TooLong => return "too_long".into(),
        ParseStatus::Ok => {}
    }
    if let Some(u) = a.unsupported().first() {
        return format!("unsupported:{}", u.kind.as_str());
    }
    for c in a.commands() {
        if let Some(d) = c.first_dynamic() {
            return format!("dynamic:{}", d.as_str());
        }
    }
    "safe".into()
}

#[test]
fn classification() {
    let table: &[(&str, &str)] = &[
        // Static words of every kind.
        ("ls -la", "safe"),
        ("echo 'single $x' \"double \\$x\" $'ansi\\t'", "safe"),
        ("printf '%s\\n' \"$'not ansi'\"", "safe"),
        ("echo a\\ b \\$HOME", "safe"),
        ("echo $ a$ \"$\" $/", "safe"),
        ("echo {} {x} a,b", "safe"),
        ("ls *.md src/?.rs [ab].txt", "safe"),
        ("cat ~/.ssh/id_rsa", "safe"),
        ("ls # comment $(rm -rf /)", "safe"),
        ("ls \\\n -la", "safe"),
        ("cat <<'EOF'\n$(touch pwned)\nEOF", "safe"),
        ("cat <<EOF\nplain \\$HOME text\nEOF", "safe"),
        ("grep -c x <<< 'a x b'", "safe"),
        ("LANG=C sort words.txt", "safe"),
        ("ls 2>/dev/null >&2 2>&1", "safe"),
        ("! grep -q x f", "safe"),
        ("2147483648>x echo", "safe"),
        // Dynamic words.
        ("echo $HOME", "dynamic:parameter"),
        ("echo ${x:-y}", "dynamic:parameter"),
        ("echo $1 $? $@ $$", "dynamic:parameter"),
        ("echo \"$x\"", "dynamic:parameter"),
        ("echo $(id)", "dynamic:command_substitution"),
        ("echo \"$(id)\"", "dynamic:command_substitution"),
        ("echo `id`", "dynamic:backtick"),
        ("cat <(ls)", "dynamic:process_substitution"),
        ("tee >(sh)", "dynamic:process_substitution"),
        ("echo $((1+1))", "dynamic:arithmetic"),
        ("echo $[1+1]", "dynamic:arithmetic"),
        ("cat {a,b}", "dynamic:brace_expansion"),
        ("echo {1..3}", "dynamic:brace_expansion"),
        ("echo a{b,c}d", "dynamic:brace_expansion"),
        ("echo @(a|b)", "dynamic:extglob"),
        ("echo *(e:'touch p':)", "dynamic:extglob"),
        ("echo $\"hello\"", "dynamic:locale"),
        ("echo $'a\\0b'", "dynamic:undecodable_bytes"),
        ("echo $'\\xff'", "dynamic:undecodable_bytes"),
        ("cat${IFS}/etc/passwd", "dynamic:parameter"),
        ("PATH=$PWD ls", "dynamic:parameter"),
        ("ls > $OUT", "dynamic:parameter"),
        (
            "cat <<EOF\n$(touch pwned)\nEOF",
            "dynamic:command_substitution",
        ),
        ("cat <<EOF\n`id`\nEOF", "dynamic:backtick"),
        ("cat <<EOF\n$HOME\nEOF", "dynamic:parameter"),
        // Unsupported constructs.
        ("(rm -rf build)", "unsupported:Subshell"),
        ("{ ls; }", "unsupported:BraceGroup"),
        ("if true; then rm x; fi", "unsupported:If"),
        ("for f in *; do rm $f; done", "unsupported:For"),
        ("for ((i=0;i<3;i++)); do :; done", "unsupported:For"),
        ("while true; do :; done", "unsupported:While"),
        ("until false; do :; done", "unsupported:Until"),
        ("case x in a) ls;; esac", "unsupported:Case"),
        ("select x in a; do :; done", "unsupported:Select"),
        ("f() { ls; }", "unsupported:FunctionDefinition"),
        ("function f { ls; }", "unsupported:FunctionDefinition"),
        (":(){ :|:& };:", "unsupported:FunctionDefinition"),
        ("[[ -f x ]]", "unsupported:ConditionalExpression"),
        ("(( x++ ))", "unsupported:ArithmeticCommand"),
        ("coproc cat", "unsupported:Coproc"),
        ("time ls", "unsupported:TimeKeyword"),
        ("ls & rm -rf build", "unsupported:Background"),
        ("sleep 5 &", "unsupported:Background"),
        ("a=(1 2)", "unsupported:ArrayAssignment"),
        ("a[0]=x ls", "unsupported:ArrayAssignment"),
        ("exec {fd}>out", "unsupported:FdVariable"),
        // Errors.
        ("ls |", "error"),
        ("&& ls", "error"),
        ("ls; ;", "error"),
        ("(ls", "error"),
        ("ls)", "error"),
        ("echo 'open", "error"),
        ("echo \"open", "error"),
        ("echo $(open", "error"),
        ("echo ${open", "error"),
        ("echo `open", "error"),
        ("cat <<EOF\nno end", "error"),
        ("cat <<-EOF\n", "error"),
        ("if true; then ls", "error"),
        ("fi", "error"),
        ("{ ls }", "error"),
        ("foo(bar)", "error"),
        ("ls > #x", "error"),
        ("ls >2>x", "error"),
        ("ls | ! x", "error"),
        ("ls\0rm", "error"),
        ("ls > ", "error"),
    ];
    let mut failures = Vec::new();
    for (input, want) in table {
        let got = classify(&analyze(input));
        if got != *want {
            failures.push(format!("{input:?}: want {want}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn too_long_is_refused_without_parsing() {
    let long = "a".repeat(10_001);
    assert_eq!(classify(&analyze(&long)), "too_long");
    assert_eq!(classify(&analyze(&"a".repeat(10_000))), "safe");
    // Characters, not bytes: 10,000 two-byte characters are within the limit.
    assert_eq!(classify(&analyze(&"é".repeat(10_000))), "safe");
    assert_eq!(classify(&analyze(&"é".repeat(10_001))), "too_long");
}

#[test]
fn nesting_limit_is_an_error_not_a_crash() {
    let ok = format!("echo {}x{}", "$(".repeat(63), ")".repeat(63));
    assert_eq!(analyze(&ok).status, ParseStatus::Ok);
    let deep = format!("echo {}x{}", "$(".repeat(65), ")".repeat(65));
    let a = analyze(&deep);
    assert_eq!(a.status, ParseStatus::Error);
    assert!(
        a.errors[0].message.contains("nesting deeper than 64"),
        "{:?}",
        a.errors
    );
}

/// A here-document line that starts with the delimiter and goes on with
/// an operator: inside `$(...)` bash ends the body there (`EOF)` closes
/// the substitution and the next lines run as commands), so it is an
/// error, not body text. Each row: the body's last line, and whether the
/// command parses. The exact delimiter, and one followed by other text,
/// stay body text as bash reads them.
#[test]
fn heredoc_delimiter_followed_by_an_operator_is_an_error() {
    #[rustfmt::skip]
    let rows: &[(&str, bool)] = &[
        ("EOF)",   false),
        ("EOF )",  false),
        ("EOF;)",  false),
        ("EOF)x",  false),
        ("EOF|x",  false),
        ("EOF  ",  true),
        ("EOFX",   true),
        ("xEOF)",  true),
    ];
    for &(line, parses) in rows {
        let command = format!("echo \"$(cat <<EOF\nbody\n{line}\ntouch PWNED\n: \"\nEOF\n)\"");
        let a = analyze(&command);
        assert_eq!(
            a.status == ParseStatus::Ok,
            parses,
            "{line:?}: {:?}",
            a.errors
        );
    }
}

/// A here-document bash ends where a plain reading would not: a line
/// continuation joining the delimiter (`EO\` then `F`) in an unquoted one,
/// and a `$'...'` delimiter. Both are errors; a quoted here-document keeps
/// its backslashes, and a continuation that makes another word is body text.
#[test]
fn heredocs_bash_may_end_elsewhere_are_errors() {
    #[rustfmt::skip]
    let rows: &[(&str, bool)] = &[
        ("cat <<EOF\nEO\\\nF\nrm -rf x\nEOF\n",          false),
        ("cat <<EOF\nEOF\\\n\nrm -rf x\nEOF\n",          false),
        ("cat <<-EOF\n\tEO\\\n\tF\nrm -rf x\nEOF\n",   false),
        ("cat <<$'EOF'\nEOF\nrm -rf x\n$EOF\n",           false),
        ("cat <<$\"EOF\"\nEOF\nrm -rf x\n$EOF\n",         false),
        ("cat <<'EOF'\nEO\\\nF\nEOF\n",                   true),
        ("cat <<EOF\nab\\\ncd\nEOF\n",                    true),
        ("cat <<EOF\nplain\nEOF\n",                        true),
    ];
    for &(command, parses) in rows {
        let a = analyze(command);
        assert_eq!(
            a.status == ParseStatus::Ok,
            parses,
            "{command:?}: {:?}",
            a.errors
        );
    }
}

fn render_word(w: &Word) -> String {
    let mut s = format!("{:?}", w.value);
    if let Some(d) = w.dynamic {
        s.push_str(&format!("<{}>", d.as_str()));
    }
    if let Some(p) = &w.glob_prefix {
        s.push_str(&format!("<glob after {p:?}>"));
    }
    if w.tilde {
        s.push_str("<tilde>");
    }
    s
}

fn render_parts(parts: &[Part], source: &str) -> String {
    parts
        .iter()
        .map(|p| match p {
            Part::Literal(s) => format!("lit({:?})", s.slice(source)),
            Part::SingleQuoted(_) => "sq".into(),
            Part::AnsiC(_) => "ansi".into(),
            Part::DoubleQuoted(_, inner) => format!("dq[{}]", render_parts(inner, source)),
            Part::Locale(_, inner) => format!("locale[{}]", render_parts(inner, source)),
            Part::Parameter(s) => format!("param({})", s.slice(source)),
            Part::CommandSubstitution(_, script) => {
                format!("comsub[{} cmd]", script.commands.len())
            }
            Part::Backtick(_, script) => format!("backtick[{} cmd]", script.commands.len()),
            Part::ProcessSubstitution { output, script, .. } => {
                format!(
                    "procsub{}[{} cmd]",
                    if *output { ">" } else { "<" },
                    script.commands.len()
                )
            }
            Part::Arithmetic(_) => "arith".into(),
            Part::ExtGlob(_) => "extglob".into(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn render(input: &str) -> String {
    let a = analyze(input);
    let mut out = format!(
        "{input:?}\n  parse={} safe={}",
        a.status.as_str(),
        a.permission_safe()
    );
    for e in &a.errors {
        out.push_str(&format!("\n  error: {e}"));
    }
    for u in a.unsupported() {
        out.push_str(&format!(
            "\n  unsupported {} {:?}",
            u.kind.as_str(),
            u.span.slice(a.source())
        ));
    }
    for c in a.commands() {
        let conn = c.connector.map_or("", |c| c.as_str());
        out.push_str(&format!("\n  [{conn}] {:?}", c.text(a.source())));
        if c.negated {
            out.push_str(" negated");
        }
        for e in &c.assignments {
            out.push_str(&format!(
                "\n    env {}{}={}",
                e.name,
                if e.append { "+" } else { "" },
                render_word(&e.value)
            ));
        }
        for w in &c.words {
            out.push_str(&format!(
                "\n    word {}  {}",
                render_word(w),
                render_parts(&w.parts, a.source())
            ));
        }
        for r in &c.redirects {
            out.push_str(&format!(
                "\n    redirect fd={} {} {}",
                r.effective_fd(),
                r.op.as_str(),
                render_word(&r.target)
            ));
            if let Some(h) = &r.heredoc {
                out.push_str(&format!(
                    " heredoc(delim={:?} quoted={} body={:?}{})",
                    h.delimiter,
                    h.quoted,
                    h.body,
                    h.dynamic
                        .map_or(String::new(), |d| format!(" <{}>", d.as_str()))
                ));
            }
        }
    }
    out
}

#[test]
fn rendered() {
    let inputs = [
        "git status && rm -rf build",
        "a || b | c |& d ; e\nf",
        "ls -la | head -5 > out.txt 2>&1",
        "FOO=1 BAR+='x y' EMPTY= env",
        "X=~/bin:~/lib Y=a~ ls a=~/x ~user/y \"~\"/z \\~",
        "echo 'a b' \"c $d\" $'e\\tf' g\\ h",
        "echo \"x `date` $(pwd) ${HOME}\"",
        "diff <(sort a) >(wc -l)",
        "ls *.rs -- -* [x]y a[b",
        "cat <<EOF | grep x\nline $HOME\nEOF\n",
        "cat <<-'EOF'\n\tkeep $HOME\n\tEOF\n",
        "cat <<A <<'B'\na\nA\nb\nB",
        "echo $(cat <<EOF\ninner\nEOF\n)",
        "cmd 3>&- 4<&0 5<>rw &>all &>>both >|clobber",
        "! ls",
        "if x; then y; fi; ls",
        "ls; (cd x && ls) && pwd",
        "echo $(ls; rm x) `id`",
        "echo ${x:-$(rm -rf /)}",
        "a\rb c\r",
        "echo 日本 é",
    ];
    let text = inputs
        .iter()
        .map(|i| render(i))
        .collect::<Vec<_>>()
        .join("\n\n");
    insta::assert_snapshot!(text);
}
