//! The parts of the executor that read model-written text without running
//! it (read-file forms, exit-code meanings, formatter markers, the gh
//! reminder, data-URL images, tool inputs) never panic on hostile input.

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn text_readers(command in "[ -~\\n\\t\u{e9}\u{2603}]{0,80}", code in -3i32..300) {
        let analysis = shellward_syntax::analyze(&command);
        let _ = crate::readstate::reads(&analysis, Some(code));
        let _ = crate::output::exit_meaning(&analysis, code);
        let _ = crate::readstate::formatter_like(&command);
        let _ = crate::output::gh_rate_limit_reminder(&analysis, &command, 0);
        let _ = crate::output::data_url_image(command.as_bytes(), 2000);
        let _ = crate::output::first_chars(&command, code.unsigned_abs() as usize);
        let _ = crate::output::last_chars(&command, code.unsigned_abs() as usize);
    }

    #[test]
    fn tool_inputs(json in "[ -~]{0,60}") {
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(&json) {
            let _ = crate::BashInput::from_json(&value);
            let _ = crate::TaskOutputInput::from_json(&value);
            let _ = crate::TaskStopInput::from_json(&value);
        }
    }

    #[test]
    fn data_urls(kind in "[a-z+.-]{0,8}", data in "[A-Za-z0-9+/=!]{0,64}") {
        let url = format!("data:image/{kind};base64,{data}");
        let _ = crate::output::data_url_image(url.as_bytes(), 16);
    }
}
