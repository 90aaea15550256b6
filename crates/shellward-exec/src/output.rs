//! Turning a command's output file and exit status into what a model reads.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicI64, Ordering};

use base64::Engine;

/// What the exit code of the last command in a chain means, when non-zero
/// is not an error: `(program, subcommand, code, meaning)`.
pub const EXIT_MEANINGS: &[(&str, Option<&str>, i32, &str)] = &[
    ("grep", None, 1, "No matches found"),
    ("egrep", None, 1, "No matches found"),
    ("fgrep", None, 1, "No matches found"),
    ("rg", None, 1, "No matches found"),
    ("git", Some("grep"), 1, "No matches found"),
    ("diff", None, 1, "Files differ"),
    ("git", Some("diff"), 1, "Files differ"),
    ("find", None, 1, "Some directories were inaccessible"),
    ("test", None, 1, "Condition is false"),
    ("[", None, 1, "Condition is false"),
];

/// The meaning of a non-zero exit code that is not an error, judged from
/// the last simple command of the (already analyzed) command.
pub fn exit_meaning(analysis: &shellward_syntax::Analysis, code: i32) -> Option<&'static str> {
    let last = analysis.commands().last()?;
    let mut argv = last
        .argv()
        .skip_while(|w| matches!(*w, "command" | "builtin"));
    let program = argv.next()?;
    let program = program.rsplit('/').next().unwrap_or(program);
    let sub = if program == "git" {
        argv.find(|w| !w.starts_with('-'))
    } else {
        None
    };
    EXIT_MEANINGS
        .iter()
        .find(|(p, s, c, _)| *p == program && *c == code && (s.is_none() || *s == sub))
        .map(|(_, _, _, m)| *m)
}

/// Up to `limit` bytes from the start of `path`, and the file's size.
pub fn read_head(path: &Path, limit: u64) -> std::io::Result<(Vec<u8>, u64)> {
    let f = std::fs::File::open(path)?;
    let size = f.metadata()?.len();
    let mut buf = Vec::with_capacity(usize::try_from(limit.min(size)).unwrap_or(0));
    f.take(limit).read_to_end(&mut buf)?;
    Ok((buf, size))
}

/// Up to `limit` bytes from the end of `path`, and the file's size.
pub fn read_tail(path: &Path, limit: u64) -> std::io::Result<(Vec<u8>, u64)> {
    let mut f = std::fs::File::open(path)?;
    let size = f.metadata()?.len();
    let start = size.saturating_sub(limit);
    f.seek(SeekFrom::Start(start))?;
    let mut buf = Vec::with_capacity(usize::try_from(size - start).unwrap_or(0));
    f.take(limit).read_to_end(&mut buf)?;
    Ok((buf, size))
}

/// Text from bytes, invalid UTF-8 (including a character cut by a
/// truncated read) replaced by U+FFFD.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first `n` characters of `s`.
pub fn first_chars(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// The last `n` characters of `s`.
pub fn last_chars(s: &str, n: usize) -> &str {
    let count = s.chars().count();
    if count <= n {
        return s;
    }
    match s.char_indices().nth(count - n) {
        Some((i, _)) => &s[i..],
        None => s,
    }
}

/// Does output starting with `head` look binary: a NUL byte, or mostly
/// bytes that are neither text nor UTF-8, in its first 8 KiB?
pub fn is_binary(head: &[u8]) -> bool {
    let sample = &head[..head.len().min(8192)];
    if sample.contains(&0) {
        return true;
    }
    let text = String::from_utf8_lossy(sample);
    let odd = text
        .chars()
        .filter(|c| {
            *c == char::REPLACEMENT_CHARACTER
                || (c.is_control() && !"\n\r\t\x1b\x08\x0c".contains(*c))
        })
        .count();
    !sample.is_empty() && odd * 10 > text.chars().count() * 3
}

/// What the model reads for binary output: its size, where it is kept, and
/// its first bytes in hex (not thousands of escaped control characters).
pub fn binary_summary(head: &[u8], size: u64, path: &Path) -> String {
    let hex: Vec<String> = head.iter().take(32).map(|b| format!("{b:02x}")).collect();
    format!(
        "<binary-output>\nThe command wrote binary data ({size} bytes), kept in: {}\nFirst {} bytes (hex): {}\n</binary-output>",
        path.display(),
        hex.len(),
        hex.join(" ")
    )
}

/// The envelope for output too large to inline.
pub fn persisted_envelope(path: &Path, size: u64, preview: &str) -> String {
    format!(
        "<persisted-output>\nOutput too large ({size} bytes). Full output saved to: {}\n\nPreview (first {} characters):\n{preview}\n</persisted-output>",
        path.display(),
        preview.chars().count()
    )
}

/// An image for the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// `image/png` or `image/jpeg`.
    pub media_type: String,
    /// Base64 of the image bytes.
    pub data: String,
}

/// If the whole output is one `data:image/...;base64,...` URL, the image
/// (resized so neither side exceeds `max_side`; the original when resizing
/// fails but the header is valid; `None` when it does not decode).
pub fn data_url_image(output: &[u8], max_side: u32) -> Option<Image> {
    let text = std::str::from_utf8(output).ok()?.trim();
    let rest = text.strip_prefix("data:image/")?;
    let (kind, data) = rest.split_once(";base64,")?;
    if kind.is_empty()
        || !kind
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.')
    {
        return None;
    }
    if data.bytes().any(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .ok()?;
    let format = image::guess_format(&bytes).ok()?;
    let media_type = match format {
        image::ImageFormat::Png => "image/png",
        image::ImageFormat::Jpeg => "image/jpeg",
        _ => return None,
    };
    let original = || Image {
        media_type: media_type.into(),
        data: data.to_string(),
    };
    let Ok(decoded) = image::load_from_memory_with_format(&bytes, format) else {
        // The header is valid (the format was recognised) but the body is not: use it as is.
        return Some(original());
    };
    if decoded.width() <= max_side && decoded.height() <= max_side {
        return Some(original());
    }
    let resized = decoded.resize(max_side, max_side, image::imageops::FilterType::Triangle);
    let mut out = std::io::Cursor::new(Vec::new());
    match resized.write_to(&mut out, format) {
        Ok(()) => Some(Image {
            media_type: media_type.into(),
            data: base64::engine::general_purpose::STANDARD.encode(out.into_inner()),
        }),
        Err(_) => Some(original()),
    }
}

/// `gh` subcommands that do not call the API.
const GH_LOCAL: &[&str] = &["auth", "help", "version", "alias", "completion", "config"];

static LAST_GH_REMINDER_MS: AtomicI64 = AtomicI64::new(i64::MIN);

/// The reminder to append when a `gh` API call hit the rate limit: at most
/// once per 60 s per process.
pub fn gh_rate_limit_reminder(
    analysis: &shellward_syntax::Analysis,
    output: &str,
    now_ms: i64,
) -> Option<&'static str> {
    let calls_api = analysis.commands().iter().any(|c| {
        let mut argv = c.argv();
        argv.next() == Some("gh")
            && argv
                .find(|w| !w.starts_with('-'))
                .is_some_and(|s| !GH_LOCAL.contains(&s))
    });
    let lower = output.to_ascii_lowercase();
    let limited = lower.contains("api rate limit exceeded")
        || lower.contains("secondary rate limit")
        || lower.contains("rate limit exceeded");
    if !calls_api || !limited {
        return None;
    }
    let last = LAST_GH_REMINDER_MS.load(Ordering::Relaxed);
    if last != i64::MIN && now_ms.saturating_sub(last) < 60_000 {
        return None;
    }
    LAST_GH_REMINDER_MS.store(now_ms, Ordering::Relaxed);
    Some(
        "<system-reminder>GitHub's API rate limit was hit. The 5000 requests per hour are shared by every tool and agent using this token: check `gh api rate_limit` for the reset time and wait for it instead of retrying now.</system-reminder>",
    )
}

#[cfg(test)]
mod tests {
    /// `gh auth ...` does not call the API: no reminder whatever it prints.
    #[test]
    fn gh_auth_gets_no_rate_limit_reminder() {
        let analysis = shellward_syntax::analyze("gh auth status");
        let reminder =
            super::gh_rate_limit_reminder(&analysis, "API rate limit exceeded", i64::MAX);
        assert!(reminder.is_none());
    }
}
