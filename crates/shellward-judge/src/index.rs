//! Reading the entries of a git index file (the gitlinks, which are
//! submodules, and the names `git ls-files` prints), without running git.
//!
//! `git status` and `git diff` run git again inside every checked-out
//! submodule, with that submodule's own configuration and hooks, so the
//! repository check must find them. The index, not `.gitmodules`, says
//! where they are: a gitlink needs no `.gitmodules` entry. Format:
//! `Documentation/gitformat-index.txt` (versions 2, 3 and 4).

/// Why an index could not be read; the repository is then not trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IndexError {
    /// Not `DIRC`, an unknown version, or an entry that runs past the end.
    Malformed,
}

/// The mode of a gitlink entry.
const GITLINK: u32 = 0o160000;

/// The paths of the gitlink entries of `index` (the whole file), for a
/// repository whose object names are `hash_len` bytes (20 for SHA-1, 32
/// for SHA-256).
pub(crate) fn gitlinks(index: &[u8], hash_len: usize) -> Result<Vec<Vec<u8>>, IndexError> {
    let mut links = Vec::new();
    entries(index, hash_len, |mode, path| {
        if mode & 0o170000 == GITLINK {
            links.push(path.to_vec());
        }
    })?;
    Ok(links)
}

/// Call `each` with the mode and path of every entry of `index`, in order.
pub(crate) fn entries(
    index: &[u8],
    hash_len: usize,
    mut each: impl FnMut(u32, &[u8]),
) -> Result<(), IndexError> {
    let malformed = IndexError::Malformed;
    if index.len() < 12 || &index[..4] != b"DIRC" {
        return Err(malformed);
    }
    let version = be32(index, 4).ok_or(malformed)?;
    if !(2..=4).contains(&version) {
        return Err(malformed);
    }
    let count = be32(index, 8).ok_or(malformed)? as usize;
    // Every entry takes at least 40 + hash + 2 bytes: a count that cannot
    // fit is rejected before any work is done for it.
    if count > index.len() / (42 + hash_len) {
        return Err(malformed);
    }
    let mut previous: Vec<u8> = Vec::new();
    let mut pos = 12;
    for _ in 0..count {
        let mode = be32(index, pos + 24).ok_or(malformed)?;
        let flags_at = pos + 40 + hash_len;
        let flags = be16(index, flags_at).ok_or(malformed)?;
        let mut name_at = flags_at + 2;
        if version >= 3 && flags & 0x4000 != 0 {
            name_at += 2;
        }
        let path: Vec<u8>;
        if version == 4 {
            // The path is the previous one with N bytes dropped from its
            // end, then a NUL-terminated suffix; no padding.
            let (strip, after) = varint(index, name_at).ok_or(malformed)?;
            let end = nul(index, after).ok_or(malformed)?;
            let keep = previous.len().checked_sub(strip).ok_or(malformed)?;
            let mut p = previous[..keep].to_vec();
            p.extend_from_slice(&index[after..end]);
            path = p;
            pos = end + 1;
        } else {
            let end = nul(index, name_at).ok_or(malformed)?;
            path = index[name_at..end].to_vec();
            // Entries are padded with 1-8 NULs to a multiple of 8 bytes.
            let len = end - pos;
            pos += (len + 8) & !7;
        }
        each(mode, &path);
        previous = path;
    }
    Ok(())
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(
        b.get(at..at.checked_add(4)?)?.try_into().ok()?,
    ))
}

fn be16(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(
        b.get(at..at.checked_add(2)?)?.try_into().ok()?,
    ))
}

fn nul(b: &[u8], from: usize) -> Option<usize> {
    Some(from + b.get(from..)?.iter().position(|&c| c == 0)?)
}

/// git's offset varint (as in pack files): returns the value and the
/// position after it.
fn varint(b: &[u8], mut at: usize) -> Option<(usize, usize)> {
    let mut c = *b.get(at)?;
    at += 1;
    let mut value = usize::from(c & 127);
    while c & 128 != 0 {
        c = *b.get(at)?;
        at += 1;
        value = value.checked_add(1)?.checked_mul(128)? | usize::from(c & 127);
    }
    Some((value, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_malformed() {
        for bad in [
            &b""[..],
            b"DIRC",
            b"XXXX\0\0\0\x02\0\0\0\0",
            b"DIRC\0\0\0\x09\0\0\0\0",
        ] {
            assert_eq!(gitlinks(bad, 20), Err(IndexError::Malformed), "{bad:?}");
        }
        // A count far beyond what the file can hold.
        assert_eq!(
            gitlinks(b"DIRC\0\0\0\x02\xff\xff\xff\xff", 20),
            Err(IndexError::Malformed)
        );
        assert_eq!(gitlinks(b"DIRC\0\0\0\x02\0\0\0\0", 20), Ok(Vec::new()));
    }

    proptest::proptest! {
        /// A planted index is hostile input: any bytes after a valid header
        /// give an answer, never a panic or a runaway loop.
        #[test]
        fn any_bytes_are_answered(
            version in 2u32..=4,
            count in 0u32..64,
            body in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..4096),
            hash_len in proptest::sample::select(vec![20usize, 32]),
        ) {
            let mut index = b"DIRC".to_vec();
            index.extend_from_slice(&version.to_be_bytes());
            index.extend_from_slice(&count.to_be_bytes());
            index.extend_from_slice(&body);
            let _ = gitlinks(&index, hash_len);
        }
    }
}
