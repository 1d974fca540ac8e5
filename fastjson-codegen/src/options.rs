//! What the generator is asked for beyond the input type: the runtime's path and which sides
//! to generate.

use quote::quote;

/// Generator settings that are not attributes of the input.
#[derive(Clone)]
pub struct Options {
    /// The path generated code uses for the runtime (`fastjson` for the derive,
    /// `fastjson_runtime` for the offline generator). `#[serde(crate = "...")]` overrides it.
    pub crate_path: syn::Path,
    /// Which impls to emit: both sides for `#[derive(FastJson)]`, one for `#[derive(Encode)]`
    /// or `#[derive(Decode)]`.
    pub sides: Sides,
}

/// Which side of a type's JSON a derive generates, as serde splits `Serialize` from
/// `Deserialize`: a type that is only ever read (a request body holding an identifier enum, a
/// field type with only a `Decode` impl) derives `Decode` alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sides {
    /// `Encode` (with `EncodeFields`, `EncodeKey` and the `Schema` of what is written) and
    /// `Decode` (with `DecodeFields` and `DecodeKey`): `#[derive(FastJson)]`.
    #[default]
    Both,
    /// The writing side only: `#[derive(Encode)]`.
    Encode,
    /// The reading side only: `#[derive(Decode)]`.
    Decode,
}

impl Sides {
    /// Whether the writing side (and the schema of what it writes) is generated.
    pub fn encodes(self) -> bool {
        self != Sides::Decode
    }

    /// Whether the reading side is generated.
    pub fn decodes(self) -> bool {
        self != Sides::Encode
    }
}

/// By hand: syn's `Debug` impls need its `extra-traits` feature, which the derive does not
/// pay for (it would double syn's share of every user's cold build).
impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("crate_path", &path_text(&self.crate_path))
            .field("sides", &self.sides)
            .finish()
    }
}

/// A path as its tokens' text, for the hand-written `Debug` impls of the option structs.
pub(crate) fn path_text(path: &syn::Path) -> String {
    quote!(#path).to_string()
}

impl Default for Options {
    fn default() -> Self {
        Options {
            crate_path: syn::parse_quote!(fastjson),
            sides: Sides::Both,
        }
    }
}
