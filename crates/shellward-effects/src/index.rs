//! Hashed lookups of the tables by program name, each built on first use.
//!
//! The tables stay sorted, readable arrays (the policy); these maps only
//! answer "which entry is `program`'s" in one hash instead of a binary
//! search or a scan of string comparisons, which was a tenth of a
//! decision's time.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

type Map<V> = HashMap<&'static str, V, foldhash::fast::FixedState>;

/// A map from each name of `names` to its value, the first entry winning.
fn build<V>(entries: impl Iterator<Item = (&'static str, V)>) -> Map<V> {
    let mut map = Map::with_hasher(foldhash::fast::FixedState::default());
    for (name, value) in entries {
        map.entry(name).or_insert(value);
    }
    map
}

/// The range of [`crate::ROWS`] that holds `program`'s rows (the table is
/// sorted by program, so they are contiguous).
pub(crate) fn rows(program: &str) -> Range<usize> {
    static ROWS: OnceLock<Map<Range<usize>>> = OnceLock::new();
    let map = ROWS.get_or_init(|| {
        let mut map = Map::with_hasher(foldhash::fast::FixedState::default());
        for (i, row) in crate::ROWS.iter().enumerate() {
            map.entry(row.program)
                .and_modify(|r: &mut Range<usize>| r.end = i + 1)
                .or_insert(i..i + 1);
        }
        map
    });
    map.get(program).cloned().unwrap_or(0..0)
}

/// The entry of `table` named `name` (`table`'s names are unique where it
/// matters; the first wins), found through a map built once per table.
pub(crate) fn named<T: Copy + Send + Sync + 'static>(
    cell: &'static OnceLock<Map<T>>,
    table: &'static [(&'static str, T)],
    name: &str,
) -> Option<T> {
    cell.get_or_init(|| build(table.iter().copied()))
        .get(name)
        .copied()
}

/// The map type [`named`] keeps in its cell.
pub(crate) type Cell<T> = OnceLock<Map<T>>;

#[cfg(test)]
mod tests {
    /// Each program's rows through the map are exactly its rows in the
    /// table, in table order; a name without rows has none.
    #[test]
    fn the_map_finds_every_program_and_only_its_rows() {
        for row in crate::ROWS {
            let found = crate::rows::by_program(row.program);
            let scanned: Vec<&str> = crate::ROWS
                .iter()
                .filter(|r| r.program == row.program)
                .map(|r| r.id)
                .collect();
            assert_eq!(found.iter().map(|r| r.id).collect::<Vec<_>>(), scanned);
        }
        assert!(crate::rows::by_program("no-such-program").is_empty());
        assert!(crate::scan::is_interpreter("python3.12"));
        assert!(crate::scan::is_sql_client("psql"));
        assert!(!crate::scan::is_interpreter("ls"));
    }
}
