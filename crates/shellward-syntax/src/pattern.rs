//! The `*`-only wildcard that shellward's rules and tables are written in.

/// `*`-only wildcard match in O(len(pattern) × len(text)) worst case, with
/// no recursion: the classic single-backtrack-point algorithm. Permission
/// rules, environment globs and the sandbox's denied names all match with
/// it, so a hostile pattern (`a*a*a*…b`) costs no more than a plain one.
pub fn wildcard(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() && pattern[p] == b'*' {
            star = Some((p, t));
            p += 1;
        } else if p < pattern.len() && pattern[p] == text[t] {
            p += 1;
            t += 1;
        } else if let Some((sp, st)) = star {
            p = sp + 1;
            t = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&b| b == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcard_matches() {
        let table: &[(&str, &str, bool)] = &[
            ("git * main", "git push origin main", true),
            ("git * main", "git main", false),
            ("*", "", true),
            ("a*b*c", "aXbYc", true),
            ("a*b*c", "aXbY", false),
            ("npm run *", "npm run build", true),
        ];
        for (p, t, want) in table {
            assert_eq!(wildcard(p.as_bytes(), t.as_bytes()), *want, "{p} ~ {t}");
        }
    }

    /// Many stars against a long text that never matches: a backtracking
    /// matcher takes exponential time here; this one answers at once.
    #[test]
    fn hostile_pattern_is_answered() {
        let pattern = "a*".repeat(40) + "b";
        assert!(!wildcard(pattern.as_bytes(), "a".repeat(4000).as_bytes()));
        assert!(wildcard(
            pattern.as_bytes(),
            ("a".repeat(4000) + "b").as_bytes()
        ));
    }
}
