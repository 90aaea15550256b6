//! Any UTF-8 input: the analyzer must return, never panic or overflow.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(command) = std::str::from_utf8(data) {
        let analysis = shellward_syntax::analyze(command);
        // Spans must always slice the source they point into.
        for c in analysis.commands() {
            let _ = c.text(analysis.source());
        }
    }
});
