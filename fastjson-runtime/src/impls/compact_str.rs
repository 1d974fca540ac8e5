//! `compact_str::CompactString` (feature `compact_str`), as compact_str's serde impl writes it:
//! its text as a string (`self.as_str().serialize`), read back from a JSON string; also as a
//! map key.
//!
//! Its visitor also takes bytes, but serde_json's `deserialize_str`, which its `Deserialize`
//! calls, hands it strings only: anything else is refused, and so it is here.

use ::compact_str::CompactString;

use crate::schema::Schema;
use crate::traits::IsEmpty;

// Built from the borrowed (or unescaped-in-scratch) text: inline up to 24 bytes, so a short
// string allocates nothing.
super::text::owned_strings! {
    CompactString => CompactString::new;
}

super::map::string_keys! {
    CompactString => CompactString::new;
}

impl IsEmpty for CompactString {
    #[inline]
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl Schema for CompactString {
    const SCHEMA_NAME: &'static str = "CompactString";

    fn schema() -> &'static str {
        r#"{"type":"string"}"#
    }
}
