//! Writing fields: object entries (with skip conditions and flatten) and array elements.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::Field;
use crate::escape;

/// Writes one value given as an expression of type `&T`: through `serialize_with` if set, else
/// its `Encode` impl.
pub fn value(field: &Field, value: TokenStream) -> TokenStream {
    match &field.attrs.serialize_with {
        Some(path) => quote!(#path(#value, __w);),
        None => {
            let ty = field.ty;
            let func = quote_spanned!(field.span()=> <#ty as _fj::Encode>::encode);
            quote!(#func(#value, __w);)
        }
    }
}

/// `if !skip(value) { write }` for `skip_serializing_if` and `omitempty`.
fn guarded(field: &Field, omitempty: bool, value: &TokenStream, write: TokenStream) -> TokenStream {
    let mut conditions = Vec::new();
    if let Some(path) = &field.attrs.skip_serializing_if {
        conditions.push(quote!(#path(#value)));
    }
    if omitempty || field.attrs.omitempty {
        let ty = field.ty;
        let func = quote_spanned!(field.span()=> <#ty as _fj::IsEmpty>::is_empty_value);
        conditions.push(quote!(#func(#value)));
    }
    if conditions.is_empty() {
        write
    } else {
        quote! {
            if !(#(#conditions)||*) {
                #write
            }
        }
    }
}

/// `key: value` entries into the current object; `__first: &mut bool` must be in scope.
pub fn entries(
    fields: &[Field],
    omitempty: bool,
    access: impl Fn(usize, &Field) -> TokenStream,
) -> TokenStream {
    let entries = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_serializing)
        .map(|(i, f)| {
            let value = access(i, f);
            if f.attrs.flatten {
                let ty = f.ty;
                let func = quote_spanned!(f.span()=> <#ty as _fj::EncodeFields>::encode_fields);
                let write = quote!(#func(#value, __w, __first););
                return guarded(f, false, &value, write);
            }
            let key = escape::quoted(&f.attrs.name.ser);
            let write_value = self::value(f, value.clone());
            let write = quote! {
                __w.key(*__first, #key);
                *__first = false;
                #write_value
            };
            guarded(f, omitempty, &value, write)
        });
    quote!(#(#entries)*)
}

/// A JSON array of the fields, in order.
pub fn array(
    fields: &[Field],
    omitempty: bool,
    access: impl Fn(usize, &Field) -> TokenStream,
) -> TokenStream {
    let elements = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_serializing)
        .map(|(i, f)| {
            let value = access(i, f);
            let write_value = self::value(f, value.clone());
            let write = quote! {
                __w.array_item(*__first);
                *__first = false;
                #write_value
            };
            guarded(f, omitempty, &value, write)
        });
    quote! {
        __w.begin_array();
        let __first = &mut true;
        #(#elements)*
        __w.end_array();
    }
}
