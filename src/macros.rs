//! The catalogue's words by key, checked as the program compiles: `t!("keys.name.b")` is the
//! text of a key, `tf!("app.type.label", &[("percent", p)])` the same with its `{slots}`
//! filled, and `key!("lab.tab.stale")` the key itself (for a table of keys or a choice
//! between two). A key that is not in the catalogue's key list ([`crate::lesson::keys`],
//! written from `assets/ui/*.ron` by a test) stops the build with its name.
//!
//! A key built while the program runs (`stage.param.FLAG`) goes through
//! [`crate::lesson::catalogue::t`]; the tests walk every such family.

/// A catalogue key, checked against the catalogue's key list as the program compiles.
#[macro_export]
macro_rules! key {
    ($key:literal) => {{
        const KEY: &str = $key;
        const _: () = assert!(
            $crate::lesson::keys::has(KEY),
            concat!("no key \"", $key, "\" in assets/ui/*.ron")
        );
        KEY
    }};
}

/// The catalogue's text for a key checked as the program compiles (see [`key!`]).
#[macro_export]
macro_rules! t {
    ($key:literal) => {
        $crate::lesson::catalogue::t($crate::key!($key))
    };
}

/// The catalogue's text for a key checked as the program compiles, its `{name}` slots filled
/// from the pairs that follow (see [`key!`]).
#[macro_export]
macro_rules! tf {
    ($key:literal, $($values:tt)+) => {
        $crate::lesson::catalogue::tf($crate::key!($key), $($values)+)
    };
}
