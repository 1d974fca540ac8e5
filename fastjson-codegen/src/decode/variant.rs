//! Reading a variant name, and decoding a variant's content in the forms several representations
//! share.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::{self, byte_lit};
use super::object::{self, ObjectForm};
use super::params::Params;
use super::seq::{self, SeqForm};
use crate::ast::{Style, Variant};
use crate::attr;

/// Whether structs variants also accept the array form (serde: not when untagged or adjacently
/// tagged, whose content goes through `deserialize_any`).
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum StructForms {
    ObjectOrArray,
    ObjectOnly,
}

/// The variants that can be decoded, with their index in the enum.
pub fn decodable<'v, 'a>(variants: &'v [Variant<'a>]) -> Vec<(usize, &'v Variant<'a>)> {
    variants
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.attrs.skip_deserializing)
        .collect()
}

/// Serde's `effective_style`: a newtype variant whose field is skipped decodes like a unit one.
pub fn effective_style(variant: &Variant) -> Style {
    match variant.style {
        Style::Newtype if variant.fields[0].attrs.skip_deserializing => Style::Unit,
        style => style,
    }
}

/// `Self::V { 0: default }` / `Self::V`: the value of a unit-like variant.
pub fn unit_value(p: &Params, variant: &Variant) -> TokenStream {
    let path = p.target.variant(variant.ident);
    let members = variant.fields.iter().map(|f| {
        let member = &f.member;
        let value = field::skipped_value(f, &attr::DefaultValue::None);
        quote!(#member: #value)
    });
    quote!(#path { #(#members),* })
}

/// `b"Name" | b"alias" => index,` arms for the variant names, first claim wins.
pub fn name_patterns(variants: &[(usize, &Variant)]) -> Vec<(usize, TokenStream)> {
    let mut claimed = Vec::new();
    variants
        .iter()
        .filter_map(|(i, v)| {
            let mut patterns = Vec::new();
            for name in v.attrs.name.de_names() {
                if !claimed.contains(&name) {
                    patterns.push(byte_lit(&name));
                    claimed.push(name);
                }
            }
            (!patterns.is_empty()).then(|| (*i, quote!(#(#patterns)|*)))
        })
        .collect()
}

/// Every accepted variant name, for "expected one of" messages.
pub fn expected_names(variants: &[(usize, &Variant)]) -> Vec<String> {
    variants
        .iter()
        .flat_map(|(_, v)| v.attrs.name.de_names())
        .collect()
}

/// The `other` variant's index, if any.
pub fn other_index(variants: &[(usize, &Variant)]) -> Option<usize> {
    variants
        .iter()
        .find(|(_, v)| v.attrs.other)
        .map(|(i, _)| *i)
}

/// What a tag's value may be (the tag of an internally or adjacently tagged enum).
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum TagValue {
    /// The variant's name: what serde accepts from serde_json's deserializer.
    Name,
    /// The variant's name, or its position among the decodable variants (`{"type":1}`): what
    /// serde accepts from the buffered content it decodes the tagged variants of an enum with
    /// `#[serde(untagged)]` variants from (a variant identifier takes an integer there).
    NameOrIndex,
}

/// An expression reading a variant name (and, with [`TagValue::NameOrIndex`], a variant
/// position), evaluating to its index in the enum (the `other` variant for an unknown name or
/// position, else an error `return`ed with `path` applied).
pub fn read_index(
    variants: &[(usize, &Variant)],
    path: TokenStream,
    tag_value: TagValue,
) -> TokenStream {
    let arms = name_patterns(variants)
        .into_iter()
        .map(|(i, pattern)| quote!(#pattern => #i,));
    let other = other_index(variants);
    let unknown = match other {
        Some(other) => quote!(_ => #other,),
        None => {
            let expected = expected_names(variants);
            quote! {
                __name => {
                    let __name = __name.to_vec();
                    return _fj::__private::Err(
                        __lex.err_unknown_variant(&__name, &[#(#expected),*])#path,
                    );
                }
            }
        }
    };
    let by_name = quote! {
        match __lex.str_bytes_value().map_err(|__e| __e #path)? {
            #(#arms)*
            #unknown
        }
    };
    if tag_value == TagValue::Name {
        return by_name;
    }
    let position_arms = variants.iter().enumerate().map(|(position, (i, _))| {
        let position = proc_macro2::Literal::u64_suffixed(position as u64);
        quote!(#position => #i,)
    });
    let unknown_position = match other {
        Some(other) => quote!(_ => #other,),
        None => {
            let expected = format!("variant index 0 <= i < {}", variants.len());
            quote! {
                __position => {
                    return _fj::__private::Err(
                        __lex.err_invalid_value(__position, #expected)#path,
                    );
                }
            }
        }
    };
    quote! {
        match __lex.peek().map_err(|__e| __e #path)? {
            b'"' => #by_name,
            _ => match __lex.u64().map_err(|__e| __e #path)? {
                #(#position_arms)*
                #unknown_position
            },
        }
    }
}

/// Statements ending in a value of the enum (`Self` or a remote mirror's foreign type): the variant's content as serde reads it for
/// externally tagged (`ObjectOrArray`) or untagged/adjacent (`ObjectOnly`) enums.
pub fn content(p: &Params, variant: &Variant, forms: StructForms) -> TokenStream {
    if let Some(with) = &variant.attrs.deserialize_with {
        return with_function(p, variant, with);
    }
    let path = p.target.variant(variant.ident);
    let kind = |what: &str| p.expecting(|| format!("{what} {}::{}", p.target.name, variant.ident));
    match effective_style(variant) {
        Style::Unit => {
            let value = unit_value(p, variant);
            quote! {
                __lex.null()?;
                #value
            }
        }
        Style::Newtype => {
            let value = field::decode_value(p, &variant.fields[0]);
            quote!(#path { 0: #value? })
        }
        Style::Tuple => seq::body(
            p,
            &SeqForm {
                fields: &variant.fields,
                construct: path.clone(),
                kind: kind("tuple variant"),
                begun: false,
                default: &attr::DefaultValue::None,
            },
        ),
        Style::Struct => {
            let object = object::body(
                p,
                &struct_variant_object(p, variant, kind("struct variant")),
            );
            let has_flatten = variant.fields.iter().any(|f| f.attrs.flatten);
            if forms == StructForms::ObjectOnly || has_flatten {
                return object;
            }
            let array = seq::body(
                p,
                &SeqForm {
                    fields: &variant.fields,
                    construct: path.clone(),
                    kind: kind("struct variant"),
                    begun: false,
                    default: &attr::DefaultValue::None,
                },
            );
            quote! {
                match __lex.peek()? {
                    b'[' => { #array }
                    _ => { #object }
                }
            }
        }
    }
}

/// A variant read by its `deserialize_with` function, which returns serde's FIELDS: `()` for a
/// variant without fields, the field's type for one, a tuple of the fields' types for more.
pub fn with_function(p: &Params, variant: &Variant, with: &attr::WithFn) -> TokenStream {
    let variant_path = p.target.variant(variant.ident);
    let call = with.decode(None);
    let members = variant.fields.iter().map(|f| &f.member);
    match variant.fields.as_slice() {
        [] => quote! {
            let () = #call?;
            #variant_path {}
        },
        [field] => {
            let member = &field.member;
            quote!(#variant_path { #member: #call? })
        }
        fields => {
            let types = fields.iter().map(|f| f.ty);
            let indexes = (0..fields.len()).map(syn::Index::from);
            quote! {
                let __fields: (#(#types),*) = #call?;
                #variant_path { #(#members: __fields.#indexes),* }
            }
        }
    }
}

/// The object form of a struct variant (not begun, no internal tag).
pub fn struct_variant_object<'a>(
    p: &Params,
    variant: &'a Variant<'a>,
    expecting: String,
) -> ObjectForm<'a> {
    ObjectForm {
        fields: &variant.fields,
        construct: p.target.variant(variant.ident),
        expecting,
        begun: false,
        internal_tag: None,
        deny_unknown_fields: p.cont.attrs.deny_unknown_fields,
        default: &attr::DefaultValue::None,
        sequence: None,
        via_builder: false,
    }
}

/// Wraps statements producing `Self` into an expression of type `_fj::Result<Self>` whose early
/// `return`s stay inside it.
pub fn as_result(p: &Params, body: TokenStream) -> TokenStream {
    let ty = &p.target.ty;
    quote! {
        (|| -> _fj::Result<#ty> { _fj::__private::Ok({ #body }) })()
    }
}
