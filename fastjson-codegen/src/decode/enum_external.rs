//! Externally tagged enums: `"Unit"` or `{"Variant": content}`, and flattened
//! (`"Variant": content` among the enclosing object's keys).

use proc_macro2::TokenStream;
use quote::quote;

use super::enum_identifier::Source;
use super::errors;
use super::field;
use super::variant::{self, StructForms};
use super::Params;
use crate::ast::{self, Data, Flatten, Style, Variant};

pub fn body(p: &Params, variants: &[Variant]) -> TokenStream {
    let decodable = variant::decodable(variants);
    let name = p.target.name.clone();
    if decodable.is_empty() {
        let expecting = format!("enum {name} with no variants");
        return quote!(_fj::__private::Err(__lex.err_invalid_type_here(#expecting)));
    }
    let patterns = variant::name_patterns(&decodable);
    let other = variant::other_index(&decodable);
    let unknown = unknown_name(&decodable);
    let string_arms = name_arms(p, variants, Source::Value);

    // `{"Variant": content}`: the content's errors carry the variant name in their path. An
    // enum that flattens reads each content in one function that its `DecodeFields` calls too.
    let shared = shares_content(p);
    let content = |i: usize| {
        if shared {
            let content_fn = content_fn();
            quote!(Self::#content_fn(#i, __lex)?)
        } else {
            object_content(p, &variants[i])
        }
    };
    let object_arms = patterns.iter().map(|(i, pattern)| {
        let value = content(*i);
        quote!(#pattern => #value,)
    });
    let object_unknown = match other {
        Some(i) => {
            let value = content(i);
            quote!(_ => #value,)
        }
        None => unknown,
    };

    let expecting = p.expecting(|| format!("enum {name}"));
    let empty = errors::empty_enum_object();
    let trailing = errors::enum_object_end();
    quote! {
        match __lex.peek()? {
            b'"' => match __lex.str_bytes_value()? {
                #string_arms
            },
            _ => {
                __lex.begin_object_expecting(#expecting)?;
                let mut __first = true;
                let __value = match __lex.next_key(&mut __first)? {
                    _fj::__private::Some(__key) => match __key {
                        #(#object_arms)*
                        #object_unknown
                    },
                    _fj::__private::None => return _fj::__private::Err(#empty),
                };
                if _fj::__private::Option::is_some(&__lex.next_key(&mut __first)?) {
                    return _fj::__private::Err(#trailing);
                }
                _fj::__private::Ok(__value)
            }
        }
    }
}

/// The arms of a `match` on a bare string's bytes (`"Variant"`, or a map key): a unit
/// variant is its value, a variant with content serde's invalid-type error (only unit variants
/// can be written as a bare string), an unknown name the `other` variant or serde's
/// unknown-variant error. Each arm is an expression of type `Result<Self>` or a `return`;
/// `__lex` is the lexer, by reference (and `__at` the key's offset with [`Source::Key`]). The
/// enum has a decodable variant.
pub fn name_arms(p: &Params, variants: &[Variant], source: Source) -> TokenStream {
    let decodable = variant::decodable(variants);
    let patterns = variant::name_patterns(&decodable);
    let arms = patterns.iter().map(|(i, pattern)| {
        let v = &variants[*i];
        let value = match bare_name_style(v) {
            Style::Unit => {
                let value = variant::unit_value(p, v);
                quote!(_fj::__private::Ok(#value))
            }
            Style::Newtype => err(errors::unit_variant_for("newtype variant", source)),
            Style::Tuple => err(errors::unit_variant_for("tuple variant", source)),
            Style::Struct => err(errors::unit_variant_for("struct variant", source)),
        };
        quote!(#pattern => #value,)
    });
    let unknown = match variant::other_index(&decodable) {
        Some(i) => {
            let value = variant::unit_value(p, &variants[i]);
            quote!(_ => _fj::__private::Ok(#value),)
        }
        None => unknown_name(&decodable),
    };
    quote! {
        #(#arms)*
        #unknown
    }
}

/// The style a bare name is read against: serde reads a `deserialize_with` variant as a newtype
/// variant, whatever its fields; only a unit variant can be a bare name.
pub fn bare_name_style(v: &Variant) -> Style {
    match v.attrs.deserialize_with {
        Some(_) => Style::Newtype,
        None => variant::effective_style(v),
    }
}

/// The arm for a name no variant claims: serde's unknown-variant error, `return`ed.
fn unknown_name(decodable: &[(usize, &Variant)]) -> TokenStream {
    let expected = variant::expected_names(decodable);
    quote! {
        __name => {
            let __name = __name.to_vec();
            return _fj::__private::Err(__lex.err_unknown_variant(&__name, &[#(#expected),*]));
        }
    }
}

fn err(error: TokenStream) -> TokenStream {
    quote!(_fj::__private::Err(#error))
}

/// An expression of the enum's type decoding the content after the variant key.
fn object_content(p: &Params, v: &Variant) -> TokenStream {
    let name = &v.attrs.name.de;
    let at = quote!(.map_err(|__e| __e.at_field(#name)));
    if let Some(path) = &v.attrs.deserialize_with {
        let result = variant::as_result(p, variant::with_function(p, v, path));
        return quote!(#result #at?);
    }
    match variant::effective_style(v) {
        Style::Unit => {
            let value = variant::unit_value(p, v);
            quote!({
                __lex.null()#at?;
                #value
            })
        }
        Style::Newtype => {
            let path = p.target.variant(v.ident);
            let value = field::decode_value(p, &v.fields[0]);
            quote!(#path { 0: #value #at? })
        }
        Style::Tuple | Style::Struct => {
            let result = variant::as_result(p, variant::content(p, v, StructForms::ObjectOrArray));
            quote!(#result #at?)
        }
    }
}

/// The hidden associated function that decodes variant `i`'s content after its key, shared by
/// the `Decode` body and the flattened `DecodeFields` (one copy of each content decoder).
const CONTENT_FN: &str = "__fastjson_variant_content";

fn content_fn() -> syn::Ident {
    syn::Ident::new(CONTENT_FN, proc_macro2::Span::call_site())
}

/// Whether the variants' contents are read by [`CONTENT_FN`]: when the enum flattens (the
/// tagged part of an enum with untagged variants, and a `remote` mirror, inline them).
fn shares_content(p: &Params) -> bool {
    match &p.cont.data {
        Data::Enum(all) => {
            p.cont.attrs.remote.is_none()
                && ast::flattenable(p.cont, all) == Some(Flatten::VariantKey)
        }
        Data::Struct(..) => false,
    }
}

/// `DecodeFields` for a flattened externally tagged enum, as serde's flattened enums read the
/// entries the struct left: the first key naming a variant (`other` included, by its own name)
/// is taken, its value decoded as that variant's content; any other key, and every variant key
/// after the first, is left to the struct. Without one, `finish` reads the enclosing object
/// again for it (`__private::flattened_variant`). With it, [`CONTENT_FN`], which the `Decode`
/// body calls too.
pub fn fields_impl(p: &Params, variants: &[Variant], generics: &syn::Generics) -> TokenStream {
    let cont = p.cont;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let de = &p.de;
    let decodable = variant::decodable(variants);
    let patterns = variant::name_patterns(&decodable);
    let arms = patterns.iter().map(|(i, pattern)| quote!(#pattern => #i,));
    let contents: Vec<TokenStream> = if decodable.is_empty() {
        // Never called: no key names a variant.
        let expecting = format!("enum {} with no variants", p.target.name);
        vec![quote!(_ => return _fj::__private::Err(__lex.err_invalid_type_here(#expecting)),)]
    } else {
        let last = decodable.len() - 1;
        decodable
            .iter()
            .enumerate()
            .map(|(at, (i, v))| {
                let value = object_content(p, v);
                let pattern = if at == last { quote!(_) } else { quote!(#i) };
                quote!(#pattern => #value,)
            })
            .collect()
    };
    let name = &p.target.name;
    let content_fn = content_fn();
    // With no variant to read, `decode_field` returns before the content is read.
    let allow_unreachable = decodable
        .is_empty()
        .then(|| quote!(#[allow(unreachable_code)]));
    quote! {
        #[automatically_derived]
        impl #impl_generics #ident #ty_generics #where_clause {
            /// Variant `__variant`'s content, after its key (an index `decode` or
            /// `decode_field` matched; any other reads the last variant's).
            #[doc(hidden)]
            #[inline]
            #allow_unreachable
            fn #content_fn(
                __variant: _fj::__private::usize,
                __lex: &mut _fj::Lexer<#de>,
            ) -> _fj::Result<Self> {
                _fj::__private::Ok(match __variant {
                    #(#contents)*
                })
            }
        }

        #[automatically_derived]
        impl #impl_generics _fj::DecodeFields<#de> for #ident #ty_generics #where_clause {
            type Builder = _fj::__private::VariantKeyBuilder<Self>;

            // Inline, so that an enum nothing flattens compiles no copy of it.
            #[inline]
            #allow_unreachable
            fn decode_field(
                __b: &mut Self::Builder,
                __key: &_fj::__private::Cow<#de, _fj::__private::str>,
                __lex: &mut _fj::Lexer<#de>,
            ) -> _fj::Result<_fj::__private::bool> {
                if _fj::__private::Option::is_some(&__b.value) {
                    return _fj::__private::Ok(false);
                }
                let __variant = match __key.as_bytes() {
                    #(#arms)*
                    _ => return _fj::__private::Ok(false),
                };
                __b.value = _fj::__private::Some(Self::#content_fn(__variant, __lex)?);
                _fj::__private::Ok(true)
            }

            #[inline]
            fn object_at(__b: &mut Self::Builder, __object: _fj::Mark) {
                __b.object = _fj::__private::Some(__object);
            }

            #[inline]
            fn finish(__b: &mut Self::Builder, __lex: &_fj::Lexer<#de>) -> _fj::Result<Self> {
                _fj::__private::flattened_variant(__b, __lex, #name)
            }
        }
    }
}
