//! The fingerprint in a generated file's header: FNV-1a (64 bits) over the tokens of the items it
//! was generated from, as the generator reads them (docs, `serde` and `fastjson` attributes, the
//! item itself, the sides a one-side mark asks for) without trailing commas, so formatting,
//! comments and other attributes do not change it.

use quote::ToTokens;
use syn::punctuated::Punctuated;

use super::select::Selected;
use crate::options::Sides;

pub fn of(selected: &[Selected]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for Selected { input, sides } in selected {
        let mut text = normalized(input).to_token_stream().to_string();
        // One side only changes the output: say so (both sides add nothing, so fingerprints
        // of files without one-side marks stay as they were).
        if *sides != Sides::Both {
            text.push_str(&format!(" {sides:?}"));
        }
        for byte in text.bytes().chain([b'\n']) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

fn normalized(input: &syn::DeriveInput) -> syn::DeriveInput {
    let mut input = input.clone();
    untrail(&mut input.generics.params);
    if let Some(where_clause) = &mut input.generics.where_clause {
        untrail(&mut where_clause.predicates);
    }
    let untrail_fields = |fields: &mut syn::Fields| match fields {
        syn::Fields::Named(named) => untrail(&mut named.named),
        syn::Fields::Unnamed(unnamed) => untrail(&mut unnamed.unnamed),
        syn::Fields::Unit => {}
    };
    match &mut input.data {
        syn::Data::Struct(data) => untrail_fields(&mut data.fields),
        syn::Data::Enum(data) => {
            untrail(&mut data.variants);
            data.variants
                .iter_mut()
                .for_each(|variant| untrail_fields(&mut variant.fields));
        }
        syn::Data::Union(data) => untrail(&mut data.fields.named),
    }
    input
}

fn untrail<T, P>(punctuated: &mut Punctuated<T, P>) {
    punctuated.pop_punct();
}
