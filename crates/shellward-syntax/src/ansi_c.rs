//! Decoding of ANSI-C quoted strings (`$'...'`), byte for byte as bash 5 does.

/// Decode from just after `$'`. Returns the decoded bytes and the position
/// after the closing quote, or `None` if the quote is not closed.
///
/// The result may contain NUL (bash truncates the string there) or bytes that
/// are not UTF-8 (`\xff`, `\ud800`); the caller treats both as not static.
pub(crate) fn decode(b: &[u8], mut i: usize) -> Option<(Vec<u8>, usize)> {
    let mut out = Vec::new();
    loop {
        let c = *b.get(i)?;
        i += 1;
        match c {
            b'\'' => return Some((out, i)),
            b'\\' => {
                let Some(&e) = b.get(i) else {
                    // A backslash right before the end of input: unterminated anyway.
                    return None;
                };
                i += 1;
                match e {
                    b'a' => out.push(0x07),
                    b'b' => out.push(0x08),
                    b'e' | b'E' => out.push(0x1b),
                    b'f' => out.push(0x0c),
                    b'n' => out.push(b'\n'),
                    b'r' => out.push(b'\r'),
                    b't' => out.push(b'\t'),
                    b'v' => out.push(0x0b),
                    b'\\' | b'\'' | b'"' | b'?' => out.push(e),
                    b'0'..=b'7' => {
                        // One to three octal digits in all, masked to a byte.
                        let mut n = u32::from(e - b'0');
                        for _ in 0..2 {
                            match b.get(i) {
                                Some(&d @ b'0'..=b'7') => {
                                    n = n * 8 + u32::from(d - b'0');
                                    i += 1;
                                }
                                _ => break,
                            }
                        }
                        out.push((n & 0xff) as u8);
                    }
                    b'x' | b'u' | b'U' => {
                        let max = match e {
                            b'x' => 2,
                            b'u' => 4,
                            _ => 8,
                        };
                        let mut n: u32 = 0;
                        let mut digits = 0;
                        while digits < max {
                            match b.get(i).and_then(|&d| (d as char).to_digit(16)) {
                                Some(d) => {
                                    n = n * 16 + d;
                                    i += 1;
                                    digits += 1;
                                }
                                None => break,
                            }
                        }
                        if digits == 0 {
                            out.extend_from_slice(&[b'\\', e]);
                        } else if e == b'x' {
                            out.push(n as u8);
                        } else {
                            match char::from_u32(n) {
                                Some(ch) => {
                                    let mut buf = [0u8; 4];
                                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                                }
                                // Surrogates and values past U+10FFFF: bash emits
                                // bytes that are not UTF-8; so do we, marked invalid.
                                None => out.push(0xff),
                            }
                        }
                    }
                    b'c' => match b.get(i) {
                        Some(&x) => {
                            i += 1;
                            if x == b'\\' && b.get(i) == Some(&b'\\') {
                                i += 1;
                            }
                            out.push(if x == b'?' {
                                0x7f
                            } else {
                                x.to_ascii_uppercase() & 0x1f
                            });
                        }
                        None => return None,
                    },
                    other => {
                        out.push(b'\\');
                        out.push(other);
                    }
                }
            }
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::decode;

    /// Expected bytes were read off bash 5.2 (`printf %s $'...' | od`).
    #[test]
    fn escapes_match_bash() {
        let cases: &[(&str, &[u8])] = &[
            (r"\0101", b"\x081"),
            (r"\101", b"A"),
            (r"\1011", b"A1"),
            (r"\400", b"\0"),
            (r"\x41", b"A"),
            (r"\x4", b"\x04"),
            (r"\xg", b"\\xg"),
            (r"\x", b"\\x"),
            (r"\x411", b"A1"),
            (r"\u", b"\\u"),
            (r"\u41", b"A"),
            (r"\u00e9", "é".as_bytes()),
            (r"\U0001F600", "😀".as_bytes()),
            (r"\cA", b"\x01"),
            (r"\ca", b"\x01"),
            (r"\c?", b"\x7f"),
            (r"\c\\", b"\x1c"),
            (r"\z", b"\\z"),
            (r#"\""#, b"\""),
            (r"\?", b"?"),
            (r"\'", b"'"),
            (r"\E", b"\x1b"),
            (r"\8", b"\\8"),
            (r"a\tb\n", b"a\tb\n"),
        ];
        for (input, want) in cases {
            let src = format!("{input}'");
            let (got, end) = decode(src.as_bytes(), 0).expect("closed");
            assert_eq!(&got, want, "decoding $'{input}'");
            assert_eq!(end, src.len());
        }
    }

    #[test]
    fn unterminated_is_none() {
        assert!(decode(b"abc", 0).is_none());
        assert!(decode(b"abc\\", 0).is_none());
        assert!(decode(br"\c", 0).is_none());
    }

    #[test]
    fn invalid_code_points_are_not_utf8() {
        let (got, _) = decode(br"\ud800'", 0).expect("closed");
        assert!(std::str::from_utf8(&got).is_err());
    }
}
