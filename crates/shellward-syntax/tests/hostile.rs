//! Hostile input: every nesting kind repeated to the length limit, closed
//! and unclosed, control characters, and long operator runs. Each input must
//! produce a result or an error without panicking. The analyzer runs on a
//! thread with a 2 MiB stack (the default for spawned threads and tokio
//! workers): at the nesting limit the worst construct needs at most 1 MiB in
//! a debug build (256 KiB in release, see `examples/stack_probe.rs`), while
//! unbounded nesting of 10,000 characters would need about 80 MiB, so an
//! overflow here means the limit broke. (Timing of the same suite is measured
//! by `cargo bench`, not asserted here.)

#![allow(clippy::panic, clippy::unwrap_used)]

mod support;

use proptest::prelude::*;
use shellward_syntax::{ParseStatus, analyze};

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap_or_else(|_| panic!("analyzer panicked or overflowed the stack"))
}

#[test]
fn pathological_inputs_end_in_a_result_or_an_error() {
    for (name, input) in support::pathological() {
        let chars = input.chars().count();
        let status = on_small_stack(move || analyze(&input).status);
        if chars > 10_000 {
            assert_eq!(status, ParseStatus::TooLong, "{name}");
        }
    }
}

#[test]
fn the_reported_brush_and_tree_sitter_crashers_are_handled() {
    for input in ["<<\r)#", "2147483648>x", "{\u{D445D}", "{ \u{D445D}"] {
        let owned = input.to_string();
        on_small_stack(move || analyze(&owned));
    }
}

fn corpus_commands() -> &'static [String] {
    static ALL: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| shellward_corpus::commands(&["benign.tsv", "adversarial.tsv"]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Corpus commands with random edits: never a panic, and a second analysis agrees.
    #[test]
    fn mutated_corpus_commands_never_panic(
        index in 0usize..10_000,
        edits in proptest::collection::vec((0usize..10_000, any::<char>(), 0u8..3), 0..8),
    ) {
        let corpus = corpus_commands();
        let input = shellward_corpus::mutate(&corpus[index % corpus.len()], &edits);
        let first = analyze(&input);
        prop_assert_eq!(first, analyze(&input));
    }

    /// Shell-flavoured random strings reach deep into the grammar.
    #[test]
    fn shell_alphabet_strings_never_panic(input in "[a-z0-9 ;|&<>(){}$`'\"\\\\\n\t*?\\[\\]#=~!@+,.-]{0,200}") {
        let a = analyze(&input);
        if a.status == ParseStatus::Ok {
            prop_assert!(a.errors.is_empty());
        } else {
            prop_assert!(!a.errors.is_empty());
        }
    }
}
