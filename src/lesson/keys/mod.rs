//! The catalogue's keys, one list per file of `assets/ui/` and per section's own word file
//! (`assets/sections/ID.ron`, its keys `sections.ID.…`), written from the files as the
//! program builds (`build.rs`): what `key!`, `t!` and `tf!` check a key against as the
//! program compiles.

include!(concat!(env!("OUT_DIR"), "/catalogue_keys.rs"));

/// Whether `key` is in the catalogue: looked up in every file's sorted list.
pub const fn has(key: &str) -> bool {
    let key = key.as_bytes();
    let mut f = 0;
    while f < FILES.len() {
        if sorted_has(FILES[f].1, key) {
            return true;
        }
        f += 1;
    }
    false
}

/// Byte order of `a` against `b`: negative, zero or positive.
const fn order(a: &[u8], b: &[u8]) -> i32 {
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] as i32 - b[i] as i32;
        }
        i += 1;
    }
    a.len() as i32 - b.len() as i32
}

const fn sorted_has(keys: &[&str], key: &[u8]) -> bool {
    let (mut lo, mut hi) = (0, keys.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        let o = order(keys[mid].as_bytes(), key);
        if o == 0 {
            return true;
        }
        if o < 0 {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    false
}
