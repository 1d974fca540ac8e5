//! Decoding fields from a JSON array, in declaration order (tuple structs and variants, and the
//! array form serde also accepts for structs).

use proc_macro2::TokenStream;
use quote::quote;

use super::field::{self, slot};
use super::params::Params;
use crate::ast::Field;
use crate::attr;

pub struct SeqForm<'a> {
    pub fields: &'a [Field<'a>],
    /// Builds the value from `member: value` pairs: `Name` or `Name::Variant`.
    pub construct: TokenStream,
    /// `struct Name`, `tuple struct Name`, `tuple variant Name::V` ...
    pub kind: String,
    /// `[` already consumed and `__first` in scope.
    pub begun: bool,
    pub default: &'a attr::DefaultValue,
}

/// Statements ending in an expression of the built type; errors `return`.
pub fn body(p: &Params, form: &SeqForm) -> TokenStream {
    let read: Vec<_> = form
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_deserializing)
        .collect();
    let expecting = expecting(p, &form.kind, read.len());
    let begin = if form.begun {
        TokenStream::new()
    } else {
        let kind = &form.kind;
        quote! {
            __lex.begin_array_expecting(#kind)?;
            let mut __first = true;
        }
    };

    // `__more` turns false at the closing `]`; later fields then take their defaults.
    let mut more_reassigned = false;
    let elements: Vec<TokenStream> = read
        .iter()
        .enumerate()
        .map(|(position, (i, f))| {
            let slot = slot(*i);
            let value = field::decode_value(p, f);
            let missing = field::missing_in_seq(f, form.default, position, &expecting);
            let on_end = if is_return(f, form.default) {
                quote!({ #missing })
            } else {
                more_reassigned = true;
                quote!({
                    __more = false;
                    #missing
                })
            };
            quote! {
                let #slot = if __more && __lex.next_item(&mut __first)? {
                    #value.map_err(|__e| __e.at_index(#position))?
                } else #on_end;
            }
        })
        .collect();
    let let_more = if more_reassigned {
        quote!(let mut __more = true;)
    } else {
        quote!(let __more = true;)
    };
    let trailing = super::errors::trailing_elements();

    let let_default = field::let_default(p, form.fields, form.default);
    let members = form.fields.iter().enumerate().map(|(i, f)| {
        let member = &f.member;
        let value = if f.attrs.skip_deserializing {
            field::skipped_value(f, form.default)
        } else {
            let slot = slot(i);
            quote!(#slot)
        };
        quote!(#member: #value)
    });
    let construct = &form.construct;
    quote! {
        #begin
        #let_default
        #let_more
        #(#elements)*
        if __more && __lex.next_item(&mut __first)? {
            return _fj::__private::Err(#trailing);
        }
        #construct { #(#members),* }
    }
}

/// What an invalid-length error expects: `struct Name with 3 elements`, or the container's
/// `expecting` text alone (serde adds no count to it).
pub fn expecting(p: &Params, kind: &str, count: usize) -> String {
    p.expecting(|| {
        format!(
            "{kind} with {count} element{}",
            if count == 1 { "" } else { "s" }
        )
    })
}

/// Whether a missing element is an error (no default to fall back on).
fn is_return(field: &Field, container_default: &attr::DefaultValue) -> bool {
    field::has_no_default(field, container_default)
}
