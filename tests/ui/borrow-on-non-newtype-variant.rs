// `borrow` on a variant applies to a newtype variant's one field; serde allows it nowhere else
// on a variant.
use std::borrow::Cow;

use fastjson::FastJson;

#[derive(FastJson)]
enum Token<'a> {
    #[serde(borrow)]
    Pair(Cow<'a, str>, Cow<'a, str>),
    #[serde(borrow)]
    Word(#[serde(borrow)] Cow<'a, str>),
}

fn main() {}
