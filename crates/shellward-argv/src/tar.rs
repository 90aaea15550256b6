//! The commands tar runs: the values of its helper options, read as GNU
//! tar 1.34 (and bsdtar) read their argv, so that the effect model reads
//! `tar -xf a.tar --to-command='git reset --hard'` as running `git reset
//! --hard` and `tar -cf '--to-command=x' f` as writing an archive named
//! `--to-command=x`.
//!
//! GNU tar explodes an old-style first argument (`tar cfI x.tar CMD`: each
//! letter an option, their values taken from the next words in order),
//! then parses options anywhere before `--` (getopt's permutation), long
//! ones abbreviated to any unique prefix. Every helper but `--rsh-command`
//! runs through `/bin/sh -c` (`xexec`); `--checkpoint-action=exec=CMD` is
//! unquoted first (`copy_string_unquote`: `\147it` is `git`). bsdtar's
//! `-I` is `--files-from`, and it has no `--to-command`.

/// A command tar runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Helper {
    /// What runs, as a shell script (`sh -c SCRIPT`); a program tar runs
    /// itself with arguments (`--rsh-command`) as those words, quoted.
    pub script: String,
    /// Its standard input is the archive or a member's contents: data,
    /// which a shell or interpreter would run as code.
    pub fed: bool,
    /// It runs on the remote host of a `host:file` archive.
    pub remote: bool,
    /// The option that gave it.
    pub option: &'static str,
}

/// Short options that take a value (`tar --usage`).
const SHORT_WITH_VALUE: &[u8] = b"gCTXfFLbHVIKN";

/// Long options that require a value (`tar --help`: `--NAME=ARG`); the
/// next word is theirs when no `=` is written. Those with an optional
/// value (`--backup[=CONTROL]`) never take the next word.
#[rustfmt::skip]
const LONG_WITH_VALUE: &[&str] = &[
    "--add-file", "--after-date", "--blocking-factor", "--checkpoint-action", "--directory",
    "--exclude", "--exclude-from", "--exclude-ignore", "--exclude-ignore-recursive",
    "--exclude-tag", "--exclude-tag-all", "--exclude-tag-under", "--file", "--files-from",
    "--format", "--group", "--group-map", "--hole-detection", "--index-file", "--info-script",
    "--label", "--level", "--listed-incremental", "--mode", "--mtime", "--new-volume-script",
    "--newer", "--newer-mtime", "--no-quote-chars", "--owner", "--owner-map", "--pax-option",
    "--quote-chars", "--quoting-style", "--record-size", "--rmt-command", "--rsh-command", "--sort",
    "--sparse-version", "--starting-file", "--strip-components", "--suffix", "--tape-length",
    "--to-command", "--transform", "--use-compress-program", "--volno-file", "--warning",
    "--xattrs-exclude", "--xattrs-include", "--xform",
];

/// `--checkpoint-action`s that run nothing (`exec=` runs a command).
const CHECKPOINT_ACTIONS: &[&str] = &[
    "bell", "dot", ".", "echo", "ttyout", "sleep", "totals", "wait",
];

/// Options that choose a compressor, replacing an earlier `-I`.
#[rustfmt::skip]
const COMPRESSORS: &[&str] = &[
    "--gzip", "--gunzip", "--ungzip", "--bzip2", "--xz", "--lzip", "--lzma", "--lzop", "--zstd",
    "--compress", "--uncompress", "--auto-compress",
];

/// The commands a tar command line (`words[0]` tar, gtar or bsdtar) runs,
/// with `env_options` (`TAR_OPTIONS`) read before its arguments; `None`
/// when `TAR_OPTIONS` holds what tar's splitter decodes and this one does
/// not follow (a backslash escape, a blank other than space, tab, newline).
pub fn helpers(words: &[String], env_options: Option<&str>) -> Option<Vec<Helper>> {
    let program = words
        .first()
        .map_or("", |w| w.rsplit('/').next().unwrap_or(w));
    let bsd = program == "bsdtar";
    let mut args = exploded(words.get(1..).unwrap_or(&[]));
    if let Some(env) = env_options.filter(|_| !bsd) {
        args.splice(0..0, split_options(env)?);
    }
    let mut state = State::default();
    let mut i = 0;
    while i < args.len() {
        let word = args[i].as_str();
        i += 1;
        if word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let name = resolved(&format!("--{name}"));
            let value = match value {
                Some(v) => Some(v),
                None if LONG_WITH_VALUE.contains(&name.as_str()) => {
                    i += 1;
                    args.get(i - 1).cloned()
                }
                None => None,
            };
            state.option(&name, value, bsd);
        } else if let Some(cluster) = word.strip_prefix('-').filter(|c| !c.is_empty()) {
            for (at, letter) in cluster.char_indices() {
                if letter.is_ascii() && SHORT_WITH_VALUE.contains(&(letter as u8)) {
                    let rest = &cluster[at + 1..];
                    let value = if rest.is_empty() {
                        i += 1;
                        args.get(i - 1).cloned()
                    } else {
                        Some(rest.to_string())
                    };
                    state.short(letter, value, bsd);
                    break;
                }
                state.short(letter, None, bsd);
            }
        }
    }
    Some(state.into_helpers())
}

/// What the options said so far.
#[derive(Default)]
struct State {
    extract: bool,
    /// Writes an archive (`-c`, `-r`, `-u`, `-A`): the compressor compresses.
    creates: bool,
    to_stdout: bool,
    force_local: bool,
    /// Every `-f`: with `-M` each is a volume, and the first is opened.
    archives: Vec<String>,
    to_command: Option<String>,
    compressor: Option<String>,
    info_script: Option<(String, &'static str)>,
    rmt_command: Option<String>,
    rsh_command: Option<String>,
    checkpoint: Vec<String>,
}

impl State {
    fn short(&mut self, letter: char, value: Option<String>, bsd: bool) {
        match letter {
            'x' => self.extract = true,
            'c' | 'r' | 'u' | 'A' => self.creates = true,
            'O' => self.to_stdout = true,
            'f' => self.archives.extend(value),
            'I' if !bsd => self.compressor = value,
            'F' if !bsd => self.info_script = value.map(|v| (v, "-F")),
            // `-a` picks a compressor only for a known suffix: `-I` may stand.
            'z' | 'j' | 'J' | 'Z' => self.compressor = None,
            _ => {}
        }
    }

    fn option(&mut self, name: &str, value: Option<String>, bsd: bool) {
        match name {
            "--extract" | "--get" => self.extract = true,
            "--create" | "--append" | "--update" | "--catenate" | "--concatenate" => {
                self.creates = true;
            }
            "--to-stdout" => self.to_stdout = true,
            "--force-local" => self.force_local = true,
            "--file" => self.archives.extend(value),
            "--to-command" if !bsd => self.to_command = value,
            "--use-compress-program" => self.compressor = value,
            "--info-script" | "--new-volume-script" if !bsd => {
                self.info_script = value.map(|v| (v, "--info-script"));
            }
            "--rmt-command" if !bsd => self.rmt_command = value,
            "--rsh-command" if !bsd => self.rsh_command = value,
            "--checkpoint-action" if !bsd => {
                let value = value.unwrap_or_default();
                match value.strip_prefix("exec=") {
                    Some(command) => self.checkpoint.push(unquoted(command)),
                    // Any other action runs nothing; one we do not know
                    // (known only when it runs?) is kept as what may run.
                    None if !CHECKPOINT_ACTIONS.iter().any(|a| value.starts_with(a)) => {
                        self.checkpoint.push(value);
                    }
                    None => {}
                }
            }
            n if COMPRESSORS.contains(&n) => self.compressor = None,
            _ => {}
        }
    }

    fn into_helpers(self) -> Vec<Helper> {
        let helper = |script: String, fed: bool, option: &'static str| Helper {
            script,
            fed,
            remote: false,
            option,
        };
        let mut out = Vec::new();
        if let Some(c) = self.to_command.filter(|_| self.extract && !self.to_stdout) {
            out.push(helper(c, true, "--to-command"));
        }
        // Reading an archive, tar runs `sh -c "PROG -d"`.
        if let Some(c) = self.compressor {
            let c = if self.creates { c } else { format!("{c} -d") };
            out.push(helper(c, true, "--use-compress-program"));
        }
        if let Some((c, option)) = self.info_script {
            out.push(helper(c, false, option));
        }
        out.extend(
            self.checkpoint
                .into_iter()
                .map(|c| helper(c, false, "--checkpoint-action")),
        );
        // A remote archive (`[user@]host:file`; none named: `$TAPE`, which
        // may be one), unless `--force-local` says a colon is in a name.
        let host = |a: &String| {
            a.split_once(':')
                .map(|(host, _)| host.rsplit('@').next().unwrap_or(host).to_string())
                .filter(|host| !host.contains('/'))
        };
        let hosts: Vec<String> = self.archives.iter().filter_map(host).collect();
        let remote = !self.force_local && (self.archives.is_empty() || !hosts.is_empty());
        if remote {
            let rmt = self.rmt_command.clone();
            if let Some(c) = self.rmt_command {
                out.push(Helper {
                    remote: true,
                    ..helper(c, false, "--rmt-command")
                });
            }
            // Run by tar itself, not a shell: `PROG HOST RMT-COMMAND`.
            if let Some(c) = self.rsh_command {
                let host = hosts.first().cloned().unwrap_or_else(|| "host".to_string());
                let rmt = rmt.unwrap_or_else(|| "/etc/rmt".to_string());
                let argv: Vec<String> = [c, host, rmt].iter().map(|w| crate::quote(w)).collect();
                out.push(helper(argv.join(" "), false, "--rsh-command"));
            }
        }
        out
    }
}

/// An old-style first argument (`cfI`, no dash) as the options it stands
/// for, their values taken from the words after it in order.
fn exploded(args: &[String]) -> Vec<String> {
    let Some(first) = args.first().filter(|a| !a.starts_with('-')) else {
        return args.to_vec();
    };
    let mut out = Vec::with_capacity(args.len() + first.len());
    let mut rest = args[1..].iter();
    for letter in first.chars() {
        out.push(format!("-{letter}"));
        if letter.is_ascii() && SHORT_WITH_VALUE.contains(&(letter as u8)) {
            out.extend(rest.next().cloned());
        }
    }
    out.extend(rest.cloned());
    out
}

/// A long option's full name: itself, or the one option it abbreviates
/// (getopt takes any unique prefix); an unknown or ambiguous name as
/// written.
fn resolved(name: &str) -> String {
    if LONG_WITH_VALUE.contains(&name) || KNOWN_FLAGS.contains(&name) {
        return name.to_string();
    }
    let mut matches = LONG_WITH_VALUE
        .iter()
        .chain(KNOWN_FLAGS)
        .filter(|l| name.len() > 2 && l.starts_with(name));
    match (matches.next(), matches.next()) {
        (Some(only), None) => (*only).to_string(),
        _ => name.to_string(),
    }
}

/// Long options without a value (or with an optional one), for telling
/// abbreviations apart (`tar --help`).
#[rustfmt::skip]
const KNOWN_FLAGS: &[&str] = &[
    "--absolute-names", "--acls", "--anchored", "--append", "--atime-preserve", "--auto-compress",
    "--backup", "--block-number", "--bzip2", "--catenate", "--check-device", "--check-links",
    "--checkpoint", "--clamp-mtime", "--compare", "--compress", "--concatenate", "--create",
    "--delay-directory-restore", "--delete", "--dereference", "--diff", "--exclude-backups",
    "--exclude-caches", "--exclude-caches-all", "--exclude-caches-under", "--exclude-vcs",
    "--exclude-vcs-ignores", "--extract", "--force-local", "--full-time", "--get", "--gunzip",
    "--gzip", "--hard-dereference", "--help", "--ignore-case", "--ignore-command-error",
    "--ignore-failed-read", "--ignore-zeros", "--incremental", "--interactive", "--keep-directory-symlink",
    "--keep-newer-files", "--keep-old-files", "--list", "--lzip", "--lzma", "--lzop", "--multi-volume",
    "--no-acls", "--no-anchored", "--no-auto-compress", "--no-check-device", "--no-delay-directory-restore",
    "--no-ignore-case", "--no-ignore-command-error", "--no-null", "--no-overwrite-dir",
    "--no-recursion", "--no-same-owner", "--no-same-permissions", "--no-seek", "--no-selinux",
    "--no-unquote", "--no-verbatim-files-from", "--no-wildcards", "--no-wildcards-match-slash",
    "--no-xattrs", "--null", "--numeric-owner", "--occurrence", "--old-archive", "--one-file-system",
    "--one-top-level", "--overwrite", "--overwrite-dir", "--portability", "--posix",
    "--preserve-order", "--preserve-permissions", "--read-full-records", "--recursion",
    "--recursive-unlink", "--remove-files", "--restrict", "--same-order", "--same-owner",
    "--same-permissions", "--seek", "--selinux", "--show-defaults", "--show-omitted-dirs",
    "--show-snapshot-field-ranges", "--show-transformed-names", "--skip-old-files", "--sparse",
    "--to-stdout", "--totals", "--touch", "--uncompress", "--ungzip", "--unlink-first", "--unquote",
    "--update", "--usage", "--utc", "--verbatim-files-from", "--verbose", "--verify", "--version",
    "--wildcards", "--wildcards-match-slash", "--xattrs", "--xz", "--zstd",
];

/// `TAR_OPTIONS` split into words as tar splits it (at spaces, tabs and
/// newlines, with single and double quotes; nothing expanded); `None` for
/// a backslash (tar decodes C escapes: `\x67` is `g`) or another blank.
fn split_options(text: &str) -> Option<Vec<String>> {
    let blank = |c: char| matches!(c, ' ' | '\t' | '\n');
    if text.contains('\\') || text.chars().any(|c| c.is_whitespace() && !blank(c)) {
        return None;
    }
    let (mut out, mut word, mut quote, mut started) = (Vec::new(), String::new(), None, false);
    for c in text.chars() {
        match (quote, c) {
            (None, c) if blank(c) => {
                if started {
                    out.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (None, '\'' | '"') => (quote, started) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (_, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(word);
    }
    Some(out)
}

/// tar's `copy_string_unquote`: surrounding quotes removed, then C escapes
/// (`\n`, `\\`, `\?`, octal `\147`) decoded; others keep their backslash.
fn unquoted(text: &str) -> String {
    let text = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .or_else(|| text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')))
        .unwrap_or(text);
    let bytes = text.as_bytes();
    let (mut out, mut i) = (Vec::with_capacity(bytes.len()), 0);
    while i < bytes.len() {
        if bytes[i] != b'\\' || i + 1 == bytes.len() {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let next = bytes[i + 1];
        let octal = bytes[i + 1..]
            .iter()
            .take(3)
            .take_while(|b| (b'0'..=b'7').contains(b))
            .count();
        if octal > 0 {
            let value = bytes[i + 1..i + 1 + octal]
                .iter()
                .fold(0u32, |v, b| v * 8 + u32::from(b - b'0'));
            out.push(u8::try_from(value & 0xff).unwrap_or(0));
            i += 1 + octal;
            continue;
        }
        let decoded = match next {
            b'\\' => Some(b'\\'),
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'v' => Some(11),
            b'?' => Some(0x7f),
            _ => None,
        };
        match decoded {
            Some(b) => out.push(b),
            // `unquote_string` keeps a backslash it does not know (`\'`).
            None => out.extend([b'\\', next]),
        }
        i += 2;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scripts(command: &str, env: Option<&str>) -> Vec<(String, bool, &'static str)> {
        let words: Vec<String> = command.split(' ').map(str::to_string).collect();
        helpers(&words, env)
            .unwrap_or_default()
            .into_iter()
            .map(|h| (h.script, h.fed, h.option))
            .collect()
    }

    /// A helper as a row: its script, whether it is fed, its option.
    type Run = (&'static str, bool, &'static str);

    #[rustfmt::skip]
    const ROWS: &[(&str, &[Run])] = &[
        ("tar -xf a.tar --to-command=sh",              &[("sh", true, "--to-command")]),
        ("tar -x --to-com=sh -f a.tar",                &[("sh", true, "--to-command")]),
        ("tar -xOf a.tar --to-command=sh",             &[]),
        ("tar -tf a.tar --to-command=sh",              &[]),
        ("tar -cf --to-command=sh f",                  &[]),
        ("tar cf --to-command=sh f",                   &[]),
        ("tar -cf out --exclude --to-command=sh f",    &[]),
        ("tar -cf out -- --checkpoint-action=exec=sh", &[]),
        ("tar -czf out -Ipsql f",                      &[("psql", true, "--use-compress-program")]),
        ("tar -cf out -I psql -z f",                   &[]),
        ("tar cIf psql out f",                         &[("psql", true, "--use-compress-program")]),
        ("tar xIf psql out",                           &[("psql -d", true, "--use-compress-program")]),
        ("tar -xf a.tar -I psql",                      &[("psql -d", true, "--use-compress-program")]),
        ("tar -cf x.tar -I psql -a f",                 &[("psql", true, "--use-compress-program")]),
        ("tar -cf localhost:x --rsh-command=/bin/rm --rmt-command=y f", &[("y", false, "--rmt-command"), ("'/bin/rm' 'localhost' 'y'", false, "--rsh-command")]),
        ("tar -cM -f h:x -f l.tar --rmt-command=rm f", &[("rm", false, "--rmt-command")]),
        ("tar -cf x --checkpoint-action=exec=a\\'b f", &[("a\\'b", false, "--checkpoint-action")]),
        ("bsdtar -xf a.tar -I list",                   &[]),
        ("tar -cf out --checkpoint-action=exec=\\147it f", &[("git", false, "--checkpoint-action")]),
        ("tar -cf out --checkpoint-action=echo=x f",   &[]),
        ("tar -cf out -F sh -M f",                     &[("sh", false, "-F")]),
        ("tar -cf host:out --rmt-command=sh f",        &[("sh", false, "--rmt-command")]),
        ("tar -cf out --rmt-command=sh f",             &[]),
        ("tar --force-local -cf h:out --rmt-command=sh f", &[]),
        ("tar -cf out f",                              &[]),
    ];

    #[test]
    fn helpers_are_read_as_tar_reads_its_argv() {
        for (command, want) in ROWS {
            let want: Vec<(String, bool, &str)> = want
                .iter()
                .map(|(s, f, o)| (s.to_string(), *f, *o))
                .collect();
            assert_eq!(scripts(command, None), want, "{command}");
        }
    }

    #[test]
    fn tar_options_come_first_and_the_command_line_wins() {
        assert_eq!(
            scripts("tar -cf out f", Some("--use-compress-program='psql -X'")),
            [("psql -X".to_string(), true, "--use-compress-program")]
        );
        assert_eq!(
            scripts("tar -czf out f", Some("--use-compress-program='psql -X'")),
            []
        );
        assert_eq!(
            scripts("bsdtar -cf out f", Some("--use-compress-program=sh")),
            []
        );
        let words: Vec<String> = ["tar", "-xf", "a"].map(String::from).to_vec();
        assert_eq!(helpers(&words, Some("--to-command=\\x67it")), None);
        assert_eq!(helpers(&words, Some("--exclude=x\r--to-command=sh")), None);
    }
}
