//! `smol_str::SmolStr` (feature `smol_str`), as smol_str's serde impl writes it: its text as a
//! string (`self.as_str().serialize`), read back from a JSON string; also as a map key.
//!
//! Its visitor also takes bytes, but serde_json's `deserialize_str`, which its `Deserialize`
//! calls, hands it strings only: anything else is refused, and so it is here.

use ::smol_str::SmolStr;

use crate::schema::Schema;
use crate::traits::IsEmpty;

// Built from the borrowed (or unescaped-in-scratch) text: inline up to 23 bytes, so a short
// string allocates nothing.
super::text::owned_strings! {
    SmolStr => SmolStr::new;
}

super::map::string_keys! {
    SmolStr => SmolStr::new;
}

impl IsEmpty for SmolStr {
    #[inline]
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl Schema for SmolStr {
    const SCHEMA_NAME: &'static str = "SmolStr";

    fn schema() -> &'static str {
        r#"{"type":"string"}"#
    }
}
