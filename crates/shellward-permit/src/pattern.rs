//! Rule patterns: what a user writes in `permissions.allow|ask|deny`.
//!
//! | written | kind | matches |
//! | --- | --- | --- |
//! | `Bash`, `Bash(*)`, `*` | any | every command |
//! | `npm test:*`, `Bash(npm test:*)`, `Bash(npm test *)` | prefix | argv starting with the words `npm test` (word boundary: not `npm tests`) |
//! | `git * main`, `Bash(git * main)` | glob | the command text, `*` matching any run of characters |
//! | `npm run build` | exact | the whole command text, or one simple command's text |
//! | `rm -rf:*`, `git push --force:*` | option set | the program and subcommand words (`rm`; `git push`), with every listed option in any spelling or order: `rm -fr`, `rm -r -f`, `rm --recursive --force`, `rm -Rf` (clusters are split; [`SYNONYMS`] says which spellings are one option) |
//!
//! A prefix rule with an option word (`-x`, `--long`) after its first word
//! is an option-set rule; options are compared as sets, so the order and
//! the other options and operands of the command do not matter. The words
//! that are not options must start the command's words that are not
//! options (option values are skipped where the command registry says an
//! option takes one).
//!
//! `Bash(...)` is Claude Code's spelling, accepted everywhere so users
//! bring the rules they have. Only `*` is special in a glob: `?`, `[` and
//! `{` are ordinary characters in shell commands.

use std::borrow::Cow;
use std::fmt;

use shellward_syntax::wildcard;

/// A command prepared once for matching against many rules: its words,
/// and, each computed on first need, its source text in the forms rules
/// compare (single-spaced, the words joined) and its option-set view.
#[derive(Debug)]
pub struct Target<'a> {
    /// A simple command's decoded words, if it is one (else a whole text).
    given: Option<&'a [String]>,
    /// The words, borrowed: the given ones, or the text's split at white
    /// space (on first use).
    words: std::cell::OnceCell<Vec<&'a str>>,
    trimmed: &'a str,
    source: &'a str,
    joined: std::cell::OnceCell<String>,
    reading: std::cell::OnceCell<Reading<'a>>,
    options: std::cell::OnceCell<Vec<Cow<'a, str>>>,
    /// The words a matching rule's first word can be: see [`Target::may_start_with`].
    starts: [&'a str; 4],
}

/// A command as an option-set rule sees it: the words that are not
/// options, and the options (canonical spellings). See [`option_view`].
type View<'a> = (Vec<&'a str>, Vec<Cow<'a, str>>);

/// A command's words read as [`option_view`] reads them, before options
/// are given their canonical spellings (which only an option-set rule
/// whose program and subcommands match needs).
#[derive(Debug)]
struct Reading<'w> {
    /// The program's base name.
    program: &'w str,
    /// The program and the words that are not options.
    path: Vec<&'w str>,
    /// The options as written.
    options: Vec<Spelled<'w>>,
    /// The program has subcommands and the first word after it that is
    /// not an option is none of them (`npm rum`, `cargo plugin`).
    unknown_subcommand: bool,
}

/// One option as written.
#[derive(Debug)]
enum Spelled<'w> {
    /// A whole word (`--force`, `-9`, `-n5`).
    Word(&'w str),
    /// A cluster of one-letter options, without its dash (`rf` of `-rf`).
    Letters(&'w str),
    /// An option an operand stands for (`+main` of `git push`: `-f`).
    Implied(&'static str),
}

/// The first words of a command as rules compare it: the first word, its
/// base name (an option-set rule compares `/bin/rm` as `rm`), the first
/// word of the words joined by spaces (exact and glob rules), and of the
/// source text.
fn starts<'a>(words: &'a [String], source: &'a str) -> [&'a str; 4] {
    let first = words.first().map_or("", String::as_str);
    [
        first,
        first.rsplit('/').next().unwrap_or(first),
        words
            .iter()
            .flat_map(|w| w.split_whitespace())
            .next()
            .unwrap_or(""),
        source.split_whitespace().next().unwrap_or(""),
    ]
}

impl<'a> Target<'a> {
    /// A simple command: its decoded words and its source text.
    pub fn command(words: &'a [String], source: &'a str) -> Target<'a> {
        Target {
            starts: starts(words, source),
            given: Some(words),
            words: std::cell::OnceCell::new(),
            trimmed: source.trim(),
            source,
            joined: std::cell::OnceCell::new(),
            reading: std::cell::OnceCell::new(),
            options: std::cell::OnceCell::new(),
        }
    }

    /// A whole command text, split at white space.
    pub fn text(text: &'a str) -> Target<'a> {
        // The words are the text's own, so every first word is the text's.
        let first = text.split_whitespace().next().unwrap_or("");
        Target {
            given: None,
            starts: [
                first,
                first.rsplit('/').next().unwrap_or(first),
                first,
                first,
            ],
            ..Target::command(&[], text)
        }
    }

    /// The words: a command's, or the whole text's split at white space
    /// (once, when a rule first needs them).
    fn words(&self) -> &[&'a str] {
        self.words.get_or_init(|| match self.given {
            Some(words) => words.iter().map(String::as_str).collect(),
            None => self.source.split_whitespace().collect(),
        })
    }

    /// Could a pattern whose [`Pattern::key`] is `key` match this target?
    /// Every form a rule compares (the words, the words joined, the source
    /// text as written or single-spaced) starts with one of
    /// [`Target::starts`], so a rule whose key is none of them cannot match.
    pub fn may_start_with(&self, key: &str) -> bool {
        self.starts.contains(&key)
    }

    /// The words a matching rule's [`Pattern::key`] can be.
    pub fn starts(&self) -> &[&'a str] {
        &self.starts
    }

    /// The words without building a list of a simple command's.
    fn word_list(&self) -> Words<'_, 'a> {
        match self.given {
            Some(words) => Words::Given(words),
            None => Words::Split(self.words()),
        }
    }

    fn joined(&self) -> &str {
        self.joined.get_or_init(|| match self.given {
            Some(words) => words.join(" "),
            None => self.words().join(" "),
        })
    }

    /// The program and the words that are not options, subcommands by
    /// their first names (`npm --prefix x run-script b`: `npm run b`).
    pub fn path(&self) -> &[&'a str] {
        &self.reading().path
    }

    /// Is the command's subcommand one its program's registry node does
    /// not have (an abbreviation, an alias, a plugin)?
    pub fn unknown_subcommand(&self) -> bool {
        self.reading().unknown_subcommand
    }

    fn reading(&self) -> &Reading<'a> {
        self.reading.get_or_init(|| read_options(self.words()))
    }

    /// The options, canonical (on first need).
    fn options(&self) -> &[Cow<'a, str>] {
        self.options.get_or_init(|| {
            let reading = self.reading();
            canonical_options(
                reading.program,
                reading.path.get(1).copied(),
                &reading.options,
            )
        })
    }
}

/// A target's words: a simple command's own, or a text's split.
#[derive(Clone, Copy)]
enum Words<'t, 'a> {
    Given(&'a [String]),
    Split(&'t [&'a str]),
}

impl<'t, 'a: 't> Words<'t, 'a> {
    fn len(self) -> usize {
        match self {
            Words::Given(w) => w.len(),
            Words::Split(w) => w.len(),
        }
    }

    fn iter(self) -> impl Iterator<Item = &'t str> {
        let (given, split) = match self {
            Words::Given(w) => (Some(w.iter().map(String::as_str)), None),
            Words::Split(w) => (None, Some(w.iter().copied())),
        };
        given
            .into_iter()
            .flatten()
            .chain(split.into_iter().flatten())
    }

    /// Do the words start with `prefix`?
    fn start_with(self, prefix: &[String]) -> bool {
        self.len() >= prefix.len() && prefix.iter().zip(self.iter()).all(|(p, w)| p == w)
    }
}

/// A parsed rule pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// As written in the settings (`Bash(...)` unwrapped).
    pub text: String,
    kind: Kind,
    /// [`Pattern::key`], found once.
    key: Option<String>,
    /// A glob's longest literal, found once (empty for other kinds).
    literal: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Any,
    Prefix(Vec<String>),
    /// Words that are not options, and options (canonical spellings).
    OptionSet(Vec<String>, Vec<String>),
    Glob(String),
    Exact(String),
}

/// Spellings of one option, per program: the first is the canonical one.
/// From the programs' manuals; the programs deny rules are written for.
#[rustfmt::skip]
pub const SYNONYMS: &[(&str, &[&[&str]])] = &[
    ("rm",      &[&["-r", "-R", "--recursive"], &["-f", "--force", "--interactive=never", "--interactive=n", "--interactive=ne", "--interactive=nev", "--interactive=neve", "--interactive=no", "--interactive=non", "--interactive=none"], &["-d", "--dir"], &["-v", "--verbose"], &["-i", "--interactive"], &["--no-preserve-root"], &["--one-file-system"]]),
    ("cp",      &[&["-r", "-R", "--recursive"], &["-f", "--force"], &["-a", "--archive"]]),
    ("mv",      &[&["-f", "--force"], &["-n", "--no-clobber"]]),
    ("chmod",   &[&["-R", "--recursive"]]),
    ("chown",   &[&["-R", "--recursive"]]),
    ("chgrp",   &[&["-R", "--recursive"]]),
    ("git",     &[&["-f", "--force"], &["-d", "--delete"], &["-n", "--dry-run"], &["-a", "--all"], &["-q", "--quiet"], &["--hard"], &["--force-with-lease"], &["--mirror"], &["--prune"], &["--tags"]]),
    ("docker",  &[&["-f", "--force"], &["-a", "--all"], &["-v", "--volumes"]]),
    ("podman",  &[&["-f", "--force"], &["-a", "--all"]]),
    ("kubectl", &[&["-A", "--all-namespaces"], &["-f", "--filename"], &["-R", "--recursive"]]),
    ("npm",     &[&["-f", "--force"], &["-g", "--global"]]),
    ("pip",     &[&["-y", "--yes"], &["-U", "--upgrade"]]),
    ("pkill",   &[&["-f", "--full"]]),
];

/// Options that are several options at once: `git branch -D` is
/// `--delete --force` (canonical spellings).
#[rustfmt::skip]
pub const COMPOUND: &[(&str, &str, &[&str])] = &[
    ("git", "-D", &["-d", "-f"]),
    ("git", "-M", &["-m", "-f"]),
    ("git", "-C", &["-c", "-f"]),
];

/// Operands that are options: `git push origin +main` force-pushes.
#[rustfmt::skip]
pub const OPERAND_OPTIONS: &[(&str, &str, &str, &str)] = &[
    ("git", "push", "+", "-f"),
];

/// The canonical spelling of `option` for `program`: a listed spelling,
/// or an unambiguous prefix of one long spelling (`--rec` is
/// `--recursive`, as getopt_long reads it).
fn canonical<'w>(program: &str, option: &'w str) -> Cow<'w, str> {
    let groups = || {
        SYNONYMS
            .iter()
            .filter(|(p, _)| *p == program)
            .flat_map(|(_, groups)| groups.iter())
    };
    if let Some(g) = groups().find(|g| g.contains(&option)) {
        return Cow::Borrowed(g.first().copied().unwrap_or(option));
    }
    let (name, value) = option
        .split_once('=')
        .map_or((option, None), |(n, v)| (n, Some(v)));
    if name.starts_with("--") && name.len() > 2 {
        // `--inter=none` is `--interactive=none` when one long option of
        // the program's spellings starts so (getopt_long's prefixes).
        let mut names = groups()
            .flat_map(|g| g.iter())
            .map(|s| s.split_once('=').map_or(*s, |(n, _)| n))
            .filter(|n| n.starts_with(name));
        if let (Some(full), mut rest) = (names.next(), names)
            && full != name
            && rest.all(|n| n == full)
        {
            let spelled = match value {
                Some(v) => format!("{full}={v}"),
                None => full.to_string(),
            };
            return Cow::Owned(canonical(program, &spelled).into_owned());
        }
        let mut matches =
            groups().filter(|g| g.iter().any(|s| s.starts_with("--") && s.starts_with(name)));
        if let (Some(g), None) = (matches.next(), matches.next()) {
            return Cow::Borrowed(g.first().copied().unwrap_or(option));
        }
    }
    Cow::Borrowed(name)
}

/// Push `option` (canonical) for `program`, as its parts if it is several.
fn push_option<'w>(program: &str, option: Cow<'w, str>, out: &mut Vec<Cow<'w, str>>) {
    match COMPOUND
        .iter()
        .find(|(p, o, _)| *p == program && *o == option)
    {
        Some((_, _, parts)) => out.extend(parts.iter().map(|p| Cow::Borrowed(*p))),
        None => out.push(option),
    }
}

/// Is `word` an option (`-x`, `-xyz`, `--long`, `--long=value`), not an
/// operand (`-`, `--`, a negative number is still an option: `kill -9`)?
fn is_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-') && word != "--"
}

/// A command's words split as an option-set rule sees them: the words
/// that are not options (option values skipped where the registry says an
/// option takes one), and its options (clusters split, canonical).
fn option_view<'w>(words: &[&'w str]) -> View<'w> {
    let reading = read_options(words);
    let options = canonical_options(
        reading.program,
        reading.path.get(1).copied(),
        &reading.options,
    );
    (reading.path, options)
}

/// [`option_view`]'s walk: which words are options, which are values
/// (skipped where the registry says an option takes one), which are the
/// path (subcommands by their first names).
fn read_options<'w>(words: &[&'w str]) -> Reading<'w> {
    let program = words
        .first()
        .map_or("", |w| w.rsplit('/').next().unwrap_or(w));
    let mut node = shellward_registry::lookup(program);
    let mut reading = Reading {
        program,
        path: vec![program],
        options: Vec::new(),
        unknown_subcommand: false,
    };
    // The synonyms table's groups for the program, if it lists it.
    let groups = SYNONYMS
        .iter()
        .find(|(p, _)| *p == program)
        .map(|(_, g)| *g);
    let mut i = 1;
    let mut ended = false;
    while let Some(word) = words.get(i) {
        i += 1;
        let w: &'w str = word;
        if ended || !is_option(w) {
            if w == "--" && !ended {
                ended = true;
                continue;
            }
            if let Some((_, _, _, option)) = OPERAND_OPTIONS.iter().find(|(p, sub, prefix, _)| {
                *p == program && reading.path.contains(sub) && w.starts_with(prefix)
            }) {
                reading.options.push(Spelled::Implied(option));
            }
            match node.and_then(|n| n.subcommand(w)) {
                // A subcommand by its first name: `npm run-script` and
                // `npm rum` are `npm run`.
                Some(sub) => {
                    node = Some(sub);
                    reading
                        .path
                        .push(sub.names.first().map_or(w, String::as_str));
                }
                None => {
                    reading.unknown_subcommand |= reading.path.len() == 1
                        && node.is_some_and(shellward_registry::Node::has_subcommands);
                    reading.path.push(w);
                }
            }
            continue;
        }
        i += read_option(words, i, node, groups, &mut reading);
    }
    // `docker container rm` is the `docker rm` a rule names.
    if let Some((_, long, short)) = SUBCOMMAND_ALIASES
        .iter()
        .find(|(p, long, _)| *p == program && reading.path.get(1..1 + long.len()) == Some(long))
    {
        reading
            .path
            .splice(1..1 + long.len(), short.iter().copied());
    }
    reading
}

/// One option word `w` (`words[i - 1]`) read into `reading`: its canonical
/// spelling (kill's signals, the registry's names, a cluster's letters),
/// and how many of the words after it are its value.
fn read_option<'w>(
    words: &[&'w str],
    i: usize,
    node: Option<&'static shellward_registry::Node>,
    groups: Option<&[&[&str]]>,
    reading: &mut Reading<'w>,
) -> usize {
    let (program, w) = (reading.program, words[i - 1]);
    if SIGNALLERS.contains(&program)
        && let Some((signal, used)) = signal_option(program, w, words.get(i).copied())
    {
        reading.options.push(Spelled::Implied(signal));
        return used;
    }
    let (name, glued) = match w.split_once('=') {
        Some((n, _)) => (n, true),
        None => (w, false),
    };
    let known = node.and_then(|n| n.option(name));
    // The registry's shortest name for an option it knows (`curl
    // --request` is `-X`, `git commit --no-verify` is `-n`), also for
    // each letter of a cluster; then the synonyms table's spelling.
    // A value glued on is kept where the synonyms table spells it
    // (`--interactive=never` is `-f`).
    let spelled_with_value =
        glued && groups.is_some_and(|groups| groups.iter().any(|g| g.contains(&w)));
    if !spelled_with_value && let Some(o) = known {
        let used = usize::from(o.takes_arg() && !glued);
        let shortest = o
            .names
            .iter()
            .min_by_key(|n| n.len())
            .map_or(w, String::as_str);
        reading.options.push(Spelled::Word(shortest));
        return used;
    }
    if !w.starts_with("--")
        && name.len() > 2
        && let Some((letters, takes_value)) = registry_letters(node, &name[1..])
    {
        reading
            .options
            .extend(letters.into_iter().map(Spelled::Word));
        return usize::from(takes_value);
    }
    let takes = known.is_some_and(|o| o.takes_arg());
    // An option the registry does not know, followed by a word and then
    // a subcommand (`npm --prefix pkg run`): the word is its value.
    let is_sub = |j: usize| {
        words
            .get(j)
            .is_some_and(|w| node.and_then(|n| n.subcommand(w)).is_some())
    };
    let value_before_sub = known.is_none() && w.starts_with("--") && !is_sub(i) && is_sub(i + 1);
    let used = usize::from((takes || value_before_sub) && !glued);
    let numeric = w[1..].bytes().all(|b| b.is_ascii_digit());
    reading.options.push(
        if !w.starts_with("--") && name.len() > 2 && !numeric && !takes {
            Spelled::Letters(&name[1..])
        } else {
            Spelled::Word(w)
        },
    );
    used
}

/// Subcommands spelled as another's alias, per program: (program, the
/// long path, the path rules name). From `docker --help` ("Aliases").
#[rustfmt::skip]
const SUBCOMMAND_ALIASES: &[(&str, &[&str], &[&str])] = &[
    ("docker", &["container", "rm"], &["rm"]), ("docker", &["container", "remove"], &["rm"]),
    ("docker", &["container", "kill"], &["kill"]), ("docker", &["container", "stop"], &["stop"]),
    ("docker", &["container", "run"], &["run"]), ("docker", &["container", "exec"], &["exec"]),
    ("docker", &["image", "rm"], &["rmi"]), ("docker", &["image", "remove"], &["rmi"]),
    ("docker", &["image", "push"], &["push"]), ("docker", &["image", "build"], &["build"]),
    ("podman", &["container", "rm"], &["rm"]), ("podman", &["container", "kill"], &["kill"]),
    ("podman", &["container", "stop"], &["stop"]), ("podman", &["image", "rm"], &["rmi"]),
    ("podman", &["image", "push"], &["push"]),
];

/// Programs that send signals, whose signal options are read as one:
/// `-9`, `-KILL`, `-kill`, `-SIGKILL`, `-s KILL`, `-sKILL`, `-n 9`,
/// `--signal KILL`, `--signal=9` are all `-9`.
const SIGNALLERS: &[&str] = &["kill", "pkill", "killall"];

/// Signal names and their numbers on Linux, as `-N`.
#[rustfmt::skip]
const SIGNALS: &[(&str, &str)] = &[
    ("HUP", "-1"), ("INT", "-2"), ("QUIT", "-3"), ("ILL", "-4"), ("TRAP", "-5"), ("ABRT", "-6"),
    ("IOT", "-6"), ("BUS", "-7"), ("FPE", "-8"), ("KILL", "-9"), ("USR1", "-10"), ("SEGV", "-11"),
    ("USR2", "-12"), ("PIPE", "-13"), ("ALRM", "-14"), ("TERM", "-15"), ("STKFLT", "-16"),
    ("CHLD", "-17"), ("CONT", "-18"), ("STOP", "-19"), ("TSTP", "-20"), ("TTIN", "-21"),
    ("TTOU", "-22"), ("URG", "-23"), ("XCPU", "-24"), ("XFSZ", "-25"), ("VTALRM", "-26"),
    ("PROF", "-27"), ("WINCH", "-28"), ("IO", "-29"), ("POLL", "-29"), ("PWR", "-30"), ("SYS", "-31"),
];

/// A signal option of `program` at `word` (and its value, `next`): the
/// signal as `-N`, and how many words after `word` it used. `-s` and `-n`
/// name a signal for kill (and `-s` for killall); pkill's `-s` is a session.
fn signal_option(program: &str, word: &str, next: Option<&str>) -> Option<(&'static str, usize)> {
    let (s, n) = (program != "pkill", program == "kill");
    let number = |spec: &str| -> Option<&'static str> {
        let upper = spec.to_ascii_uppercase();
        let name = upper.strip_prefix("SIG").unwrap_or(&upper);
        // `09`, `+9`, `0009`: the number kill's parser reads.
        let numeric = spec.strip_prefix('+').unwrap_or(spec).parse::<u32>().ok();
        SIGNALS
            .iter()
            .find(|(n, number)| *n == name || numeric.is_some_and(|k| number[1..].parse() == Ok(k)))
            .map(|(_, number)| *number)
    };
    match word {
        "--signal" => Some((number(next?)?, 1)),
        "-s" if s => Some((number(next?)?, 1)),
        "-n" if n => Some((number(next?)?, 1)),
        _ => {
            let glued = |flag: &str, allowed: bool| {
                word.strip_prefix(flag)
                    .filter(|r| allowed && !r.is_empty() && number(r).is_some())
            };
            let spec = word
                .strip_prefix("--signal=")
                .or_else(|| glued("-s", s))
                .or_else(|| glued("-n", n))
                .or_else(|| word.strip_prefix('-').filter(|r| !r.starts_with('-')))?;
            Some((number(spec)?, 0))
        }
    }
}

/// A cluster's letters (`sd` of `-sd`) as the registry's first names of
/// their options, when it knows each of them and none takes a value but
/// the last; and whether the last takes one (the next word).
fn registry_letters(
    node: Option<&'static shellward_registry::Node>,
    letters: &str,
) -> Option<(Vec<&'static str>, bool)> {
    let node = node?;
    let count = letters.chars().count();
    let mut last_takes = false;
    let names = letters
        .chars()
        .enumerate()
        .map(|(k, c)| {
            let o = node.option(&format!("-{c}"))?;
            let last = k + 1 == count;
            last_takes = last && o.takes_arg();
            (last || !o.takes_arg())
                .then(|| o.names.iter().min_by_key(|n| n.len()).map(String::as_str))?
        })
        .collect::<Option<Vec<_>>>()?;
    Some((names, last_takes))
}

/// The options of a [`Reading`] in canonical spellings: `-rf` is `-r`
/// and `-f`.
fn canonical_options<'w>(
    program: &str,
    subcommand: Option<&str>,
    spelled: &[Spelled<'w>],
) -> Vec<Cow<'w, str>> {
    // A subcommand's own spellings first (`git commit -n` is `--no-verify`).
    let own = |option: &str| -> Option<&'static str> {
        let groups = || {
            SUBCOMMAND_SYNONYMS
                .iter()
                .filter(|(p, sub, _)| *p == program && Some(*sub) == subcommand)
                .flat_map(|(_, _, groups)| groups.iter())
        };
        groups()
            .find(|g| g.contains(&option))
            // `--no-veri`: an unambiguous prefix of one long spelling.
            .or_else(|| {
                let mut hits = groups().filter(|g| {
                    option.len() > 3
                        && g.iter()
                            .any(|s| s.starts_with("--") && s.starts_with(option))
                });
                hits.next().filter(|_| hits.next().is_none())
            })
            .and_then(|g| g.first().copied())
    };
    let spell =
        |option: &'w str| own(option).map_or_else(|| canonical(program, option), Cow::Borrowed);
    let mut options = Vec::with_capacity(spelled.len());
    for option in spelled {
        match *option {
            Spelled::Implied(option) => options.push(Cow::Borrowed(option)),
            Spelled::Letters(letters) => {
                for c in letters.chars() {
                    let letter = format!("-{c}");
                    let option = own(&letter)
                        .map_or_else(|| canonical(program, &letter).into_owned(), str::to_string);
                    push_option(program, Cow::Owned(option), &mut options);
                }
            }
            Spelled::Word(w) => push_option(program, spell(w), &mut options),
        }
    }
    options
}

/// Spellings of one option of one subcommand, where they differ from the
/// program's ([`SYNONYMS`]): `git commit -n` is `--no-verify`, not
/// `--dry-run`.
#[rustfmt::skip]
const SUBCOMMAND_SYNONYMS: &[(&str, &str, &[&[&str]])] = &[
    ("git", "commit", &[&["--no-verify", "-n"], &["--amend"], &["--all", "-a"]]),
    ("git", "merge",  &[&["--no-verify"]]),
    ("git", "push",   &[&["--no-verify"]]),
];

/// Why a pattern could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// Nothing to match.
    #[error("empty rule")]
    Empty,
    /// `Tool(...)` for a tool other than Bash.
    #[error("rule for another tool `{0}` (only `Bash(...)` rules apply to commands)")]
    OtherTool(String),
    /// `Bash(` without its `)`.
    #[error("unbalanced parentheses in `{0}`")]
    Unbalanced(String),
    /// `:*` or ` *` with nothing before it.
    #[error("a prefix rule needs at least one word before `:*`")]
    EmptyPrefix,
}

impl Pattern {
    /// Read a pattern as written in a settings file.
    pub fn parse(written: &str) -> Result<Pattern, PatternError> {
        let trimmed = written.trim();
        let inner = match trimmed.split_once('(') {
            Some((tool, rest)) if is_tool_name(tool) => {
                if tool != "Bash" {
                    return Err(PatternError::OtherTool(tool.to_string()));
                }
                rest.strip_suffix(')')
                    .ok_or_else(|| PatternError::Unbalanced(trimmed.to_string()))?
                    .trim()
            }
            _ if trimmed == "Bash" => "*",
            _ if is_tool_name(trimmed)
                && trimmed.chars().next().is_some_and(char::is_uppercase) =>
            {
                return Err(PatternError::OtherTool(trimmed.to_string()));
            }
            _ => trimmed,
        };
        if inner.is_empty() {
            return Err(PatternError::Empty);
        }
        let kind = if inner == "*" {
            Kind::Any
        } else if let Some(prefix) = inner
            .strip_suffix(":*")
            .or_else(|| inner.strip_suffix(" *").filter(|p| !p.contains('*')))
        {
            let words: Vec<String> = prefix.split_whitespace().map(str::to_string).collect();
            if words.is_empty() {
                return Err(PatternError::EmptyPrefix);
            }
            if words.iter().skip(1).any(|w| is_option(w)) {
                let (path, options) = option_view(&borrowed(&words));
                Kind::OptionSet(
                    path.into_iter().map(str::to_string).collect(),
                    options.into_iter().map(Cow::into_owned).collect(),
                )
            } else {
                Kind::Prefix(words)
            }
        } else if inner.contains('*') {
            Kind::Glob(inner.to_string())
        } else {
            Kind::Exact(inner.split_whitespace().collect::<Vec<_>>().join(" "))
        };
        let key = key_of(&kind).map(str::to_string);
        let literal = match &kind {
            Kind::Glob(glob) => longest_literal(glob).to_string(),
            _ => String::new(),
        };
        Ok(Pattern {
            text: inner.to_string(),
            kind,
            key,
            literal,
        })
    }

    /// Does the rule's text equal the whole command text? This is how an
    /// allow rule matches a command that cannot be split (a prefix or glob
    /// over the whole text would let `npm test && rm -rf /` through `npm test:*`).
    pub fn equals_text(&self, text: &str) -> bool {
        match &self.kind {
            Kind::Any => true,
            _ => self.text == text.trim(),
        }
    }

    /// Could the pattern match the whole command text, read loosely? For
    /// deny and ask rules, where matching more is the safe direction.
    pub fn matches_text(&self, text: &str) -> bool {
        match &self.kind {
            Kind::Any => true,
            Kind::Exact(exact) => *exact == normalise_space(text),
            Kind::Glob(glob) => wildcard(glob.as_bytes(), text.trim().as_bytes()),
            Kind::Prefix(words) => {
                let text: Vec<&str> = text.split_whitespace().collect();
                text.len() >= words.len() && words.iter().zip(&text).all(|(w, t)| w == t)
            }
            Kind::OptionSet(..) => {
                let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
                self.option_set_matches(&words)
            }
        }
    }

    /// An option-set rule against a command's words.
    fn option_set_matches(&self, words: &[String]) -> bool {
        let (path, options) = option_view(&borrowed(words));
        self.option_set_matches_view(&path, || &options)
    }

    /// The program and subcommands compared first; the options, canonical,
    /// only then.
    fn option_set_matches_view<'o, 'w: 'o>(
        &self,
        have_path: &[&str],
        have: impl FnOnce() -> &'o [Cow<'w, str>],
    ) -> bool {
        let Kind::OptionSet(path, options) = &self.kind else {
            return false;
        };
        have_path.len() >= path.len() && path.iter().zip(have_path).all(|(p, w)| p == w) && {
            let have = have();
            options.iter().all(|o| have.iter().any(|h| h == o))
        }
    }

    /// [`Pattern::matches_command`] (or, for a [`Target::text`],
    /// [`Pattern::matches_text`]) on a prepared target: what deny and ask
    /// rules use, each command prepared once for all rules.
    pub fn matches_target(&self, t: &Target<'_>, loose: bool) -> bool {
        let glob_or_exact = |text: &str| match &self.kind {
            Kind::Exact(exact) => exact == text,
            Kind::Glob(glob) => wildcard(glob.as_bytes(), text.as_bytes()),
            _ => false,
        };
        match &self.kind {
            Kind::Any => true,
            Kind::Prefix(prefix) => {
                t.word_list().start_with(prefix)
                    // Deny and ask rules also see through the program's
                    // options and subcommand aliases (`npm --prefix x
                    // run-script build` is an `npm run build`).
                    || (loose && prefix.len() > 1 && Words::Split(t.path()).start_with(prefix))
            }
            Kind::OptionSet(..) => self.option_set_matches_view(t.path(), || t.options()),
            Kind::Exact(exact) if !loose => self.text == t.trimmed || exact == t.trimmed,
            Kind::Glob(glob) if !loose => wildcard(glob.as_bytes(), t.trimmed.as_bytes()),
            // The source single-spaced, or the words joined and
            // single-spaced, compared word by word (the rule is stored
            // single-spaced).
            Kind::Exact(exact) => {
                exact.split(' ').eq(t.source.split_whitespace())
                    || exact
                        .split(' ')
                        .eq(t.word_list().iter().flat_map(|w| w.split_whitespace()))
            }
            // A text without the glob's longest literal cannot match: most
            // commands are passed over before the words are joined.
            Kind::Glob(_) => {
                let literal = self.literal.as_str();
                (t.trimmed.contains(literal) && glob_or_exact(t.trimmed))
                    || (in_words(literal, t.word_list()) && glob_or_exact(t.joined()))
            }
        }
    }

    /// Does the pattern match a simple command, given its decoded argv
    /// (`words`) and its source text? Prefixes compare decoded words; exact
    /// rules and globs compare the source text, and with `loose` (deny and
    /// ask) also the words joined by spaces.
    pub fn matches_command(&self, words: &[String], source: &str, loose: bool) -> bool {
        match &self.kind {
            Kind::Any => true,
            Kind::Prefix(prefix) => {
                words.len() >= prefix.len() && prefix.iter().zip(words).all(|(p, w)| p == w)
            }
            Kind::OptionSet(..) => self.option_set_matches(words),
            Kind::Exact(exact) if !loose => self.text == source.trim() || *exact == source.trim(),
            Kind::Glob(glob) if !loose => wildcard(glob.as_bytes(), source.trim().as_bytes()),
            Kind::Exact(_) | Kind::Glob(_) => {
                self.matches_text(source) || self.matches_text(&words.join(" "))
            }
        }
    }

    /// Could this pattern match a simple command of which only the first
    /// `words` are known (the rest are expanded at run time)?
    pub fn may_match_partial(&self, words: &[String]) -> bool {
        match &self.kind {
            Kind::Any => true,
            Kind::Prefix(prefix) => prefix.iter().zip(words).all(|(p, w)| p == w),
            // The known words' program and subcommands must agree; any
            // option may still come.
            Kind::OptionSet(path, _) => {
                let have = read_options(&borrowed(words)).path;
                path.iter().zip(&have).all(|(p, w)| p == w)
            }
            Kind::Exact(text) | Kind::Glob(text) => {
                let known = words.join(" ");
                // The known words must be consistent with the start of the pattern.
                let literal = text.split('*').next().unwrap_or("");
                literal.starts_with(&known) || known.starts_with(literal)
            }
        }
    }

    /// The program and subcommand a prefix or option-set rule names
    /// (`npm run:*`: `npm`, `run`), if it names one.
    pub fn subcommand(&self) -> Option<(&str, &str)> {
        match &self.kind {
            Kind::Prefix(words) | Kind::OptionSet(words, _) if words.len() > 1 => {
                Some((words[0].as_str(), words[1].as_str()))
            }
            _ => None,
        }
    }

    /// Could this rule be about `program` (its first word, or any command)?
    pub fn names_program(&self, program: &str) -> bool {
        match &self.kind {
            Kind::Any => true,
            Kind::Prefix(words) | Kind::OptionSet(words, _) => {
                words.first().is_some_and(|w| w == program)
            }
            Kind::Exact(text) | Kind::Glob(text) => {
                let first = text.split_whitespace().next().unwrap_or("");
                first == program || first.contains('*')
            }
        }
    }

    /// The first word every command this pattern can match starts with, if
    /// the pattern fixes one: the index deny and ask rules are looked up
    /// by ([`Target::may_start_with`]). `None` for `*` and for globs whose
    /// first word holds a `*`: those are tried against every command.
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// The rule is a prefix rule (`words:*`), option-set or not.
    pub fn is_prefix(&self) -> bool {
        matches!(self.kind, Kind::Prefix(_) | Kind::OptionSet(..))
    }

    /// The rule is an option-set rule (`rm -rf:*`).
    pub fn is_option_set(&self) -> bool {
        matches!(self.kind, Kind::OptionSet(..))
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn is_tool_name(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The first word a pattern of this kind fixes: see [`Pattern::key`].
fn key_of(kind: &Kind) -> Option<&str> {
    match kind {
        Kind::Any => None,
        Kind::Prefix(words) | Kind::OptionSet(words, _) => words.first().map(String::as_str),
        Kind::Exact(text) => text.split_whitespace().next(),
        Kind::Glob(glob) => {
            // `git * main`: the text starts with `git` and a space. A
            // glob of one word (`rm*`) fixes no first word.
            let (first, rest) = glob.split_once(' ')?;
            (!first.is_empty() && !first.contains('*') && !rest.is_empty()).then_some(first)
        }
    }
}

/// The longest run of a `*` glob without a `*`: every text it matches
/// holds it.
fn longest_literal(glob: &str) -> &str {
    glob.split('*').max_by_key(|l| l.len()).unwrap_or("")
}

/// Could `literal` occur in `words` joined by spaces? Each of its runs
/// without a space lies inside one word there (a necessary condition).
fn in_words(literal: &str, words: Words<'_, '_>) -> bool {
    literal
        .split(' ')
        .filter(|run| !run.is_empty())
        .all(|run| words.iter().any(|w| w.contains(run)))
}

/// `words` as borrowed strings, as [`option_view`] reads them.
fn borrowed(words: &[String]) -> Vec<&str> {
    words.iter().map(String::as_str).collect()
}

fn normalise_space(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    /// The view deny rules also match: options (and the value of an
    /// unknown one before a subcommand) skipped, aliases by first name.
    #[test]
    fn the_view_skips_options_and_names_subcommands_by_their_first_name() {
        let npm = shellward_registry::lookup("npm").expect("npm");
        assert!(npm.subcommand("run-script").is_some(), "{:?}", npm.names);
        for (command, path) in [
            ("npm --prefix web run-script x", "npm run x"),
            ("npm run-script x", "npm run x"),
            ("git -C . push origin", "git push origin"),
            ("rm -rf a", "rm a"),
        ] {
            let w = words(command);
            assert_eq!(option_view(&borrowed(&w)).0.join(" "), path, "{command}");
        }
    }

    /// Deny rules' globs and exact texts, loosely: the source as written
    /// or single-spaced, and the decoded words joined (`--for""ce` is
    /// `--force`). Each row: rule, the command's source, its words, match.
    #[rustfmt::skip]
    const LOOSE: &[(&str, &str, &[&str], bool)] = &[
        ("git * --force",   "git push --for\"\"ce",  &["git", "push", "--force"],    true),
        ("git * --force",   "git push --force-with-lease", &["git", "push", "--force-with-lease"], false),
        ("git * --force",   "git status",              &["git", "status"],             false),
        ("* > /dev/sda",    "dd if=x > /dev/sda",      &["dd", "if=x"],                true),
        ("* > /dev/sda",    "echo '> /dev/sda'",       &["echo", "> /dev/sda"],        true),
        ("* > /dev/sda",    "echo /dev/sda",           &["echo", "/dev/sda"],          false),
        ("rm -rf /",        "rm  -rf   /",             &["rm", "-rf", "/"],            true),
        ("rm -rf /",        "rm -rf \"/\"",           &["rm", "-rf", "/"],            true),
        ("rm -rf /",        "rm -rf / x",              &["rm", "-rf", "/", "x"],       false),
        ("git push origin main", "git push 'origin main'", &["git", "push", "origin main"], true),
    ];

    #[test]
    fn loose_globs_and_exact_texts_match_the_source_or_the_words() {
        for &(rule, source, words, expected) in LOOSE {
            let pattern = Pattern::parse(rule).expect(rule);
            let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            let target = Target::command(&words, source);
            assert_eq!(
                pattern.matches_target(&target, true),
                expected,
                "{rule} against {source}"
            );
        }
    }
}
