//! The lenient reading of an argv against a command tree.
//!
//! The registry knows, per program and subcommand, which options take a
//! value. Reading an argv with it tells which words are positional (the
//! subcommands, the script `npm run` runs) and which are option values.
//! The tree is behind the [`Spec`] trait so this crate depends on none.

/// A node of a command tree: a program or one of its subcommands.
pub trait Spec {
    /// Its options.
    type Opt: SpecOption;
    /// The option spelled `word` (`-n`, `--lines`), if the node has one.
    fn option(&self, word: &str) -> Option<&Self::Opt>;
}

/// What a command tree says about one option.
pub trait SpecOption {
    /// It takes a value.
    fn takes_value(&self) -> bool;
    /// Its value is optional.
    fn value_optional(&self) -> bool;
    /// Its value must be glued on (`--opt=value`), never the next word.
    fn requires_separator(&self) -> bool;
    /// Its subcommands accept it too.
    fn persistent(&self) -> bool;
}

/// The option spelled `word` in `chain` (a node and its ancestors, the
/// node last): the node's own, or an ancestor's persistent one.
pub fn find_option<'n, S: Spec>(word: &str, chain: &[&'n S]) -> Option<&'n S::Opt> {
    chain
        .iter()
        .rev()
        .enumerate()
        .find_map(|(depth, n)| n.option(word).filter(|o| depth == 0 || o.persistent()))
}

/// Does option word `word` take the next word as its value? An optional
/// value is taken only when the next word is a number (`make -j 4`); an
/// unknown option takes nothing (`-j4`, `-uUSER` carry their values).
pub fn option_consumes_next<S: Spec>(word: &str, next: Option<&str>, chain: &[&S]) -> bool {
    if word.contains('=') {
        return false;
    }
    match find_option(word, chain) {
        Some(o) if !o.takes_value() || o.requires_separator() => false,
        Some(o) if o.value_optional() => {
            next.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        }
        Some(_) => true,
        None => false,
    }
}

/// The positional words of `args`, skipping the options `chain` knows,
/// with their values; after `--`, every word.
pub fn positionals<'a, S: Spec>(args: &'a [String], chain: &[&S]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        if w == "--" {
            out.extend(args[i + 1..].iter().map(String::as_str));
            break;
        }
        if w.starts_with('-') && w.len() > 1 {
            let next = args.get(i + 1).map(String::as_str);
            i += 1 + usize::from(option_consumes_next(w, next, chain));
            continue;
        }
        out.push(w.as_str());
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node with options `-n` (value), `-j` (optional value), `-v`, and
    /// `--out` (glued value only); `-g` is persistent from the parent.
    struct Node(&'static [(&'static str, Opt)]);
    #[derive(Clone, Copy)]
    struct Opt {
        value: bool,
        optional: bool,
        glued: bool,
        persistent: bool,
    }
    impl Spec for Node {
        type Opt = Opt;
        fn option(&self, word: &str) -> Option<&Opt> {
            self.0.iter().find(|(n, _)| *n == word).map(|(_, o)| o)
        }
    }
    impl SpecOption for Opt {
        fn takes_value(&self) -> bool {
            self.value
        }
        fn value_optional(&self) -> bool {
            self.optional
        }
        fn requires_separator(&self) -> bool {
            self.glued
        }
        fn persistent(&self) -> bool {
            self.persistent
        }
    }
    const O: Opt = Opt {
        value: false,
        optional: false,
        glued: false,
        persistent: false,
    };

    #[test]
    fn positionals_skip_known_options_and_their_values() {
        let parent = Node(&[
            (
                "-g",
                Opt {
                    value: true,
                    persistent: true,
                    ..O
                },
            ),
            ("-h", Opt { value: true, ..O }),
        ]);
        let node = Node(&[
            ("-n", Opt { value: true, ..O }),
            (
                "-j",
                Opt {
                    value: true,
                    optional: true,
                    ..O
                },
            ),
            ("-v", O),
            (
                "--out",
                Opt {
                    value: true,
                    glued: true,
                    ..O
                },
            ),
        ]);
        let chain = [&parent, &node];
        #[rustfmt::skip]
        let rows: &[(&[&str], &[&str])] = &[
            (&["-n", "5", "a"],          &["a"]),
            (&["-j", "4", "a"],          &["a"]),
            (&["-j", "a"],               &["a"]),
            (&["-v", "a", "b"],          &["a", "b"]),
            (&["--out", "a"],            &["a"]),
            (&["--out=x", "a"],          &["a"]),
            (&["-g", "x", "a"],          &["a"]),
            (&["-h", "x", "a"],          &["x", "a"]),
            (&["-q", "a"],               &["a"]),
            (&["--", "-n", "a"],         &["-n", "a"]),
        ];
        for (args, want) in rows {
            let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            assert_eq!(positionals(&args, &chain), *want, "{args:?}");
        }
    }
}
