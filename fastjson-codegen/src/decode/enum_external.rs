//! Externally tagged enums: `"Unit"` or `{"Variant": content}`, and flattened
//! (`"Variant": content` among the enclosing object's keys).

use proc_macro2::TokenStream;
use quote::quote;

use super::enum_identifier::Source;
use super::errors;
use super::field;
use super::params::Params;
use super::variant::{self, StructForms};
use crate::ast::{Style, Variant};

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

    // `{"Variant": content}`: the content's errors carry the variant name in their path.
    let object_arms = patterns.iter().map(|(i, pattern)| {
        let value = object_content(p, &variants[*i]);
        quote!(#pattern => #value,)
    });
    let object_unknown = match other {
        Some(i) => {
            let value = object_content(p, &variants[i]);
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
                __lex.begin_enum_object(#expecting)?;
                let mut __first = true;
                let __value = match __lex.next_key(&mut __first)? {
                    _fj::__private::Some(__key) => match __key {
                        #(#object_arms)*
                        #object_unknown
                    },
                    _fj::__private::None => return _fj::__private::Err(#empty),
                };
                if __lex.more_in_enum_object(&mut __first)? {
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
            Style::Newtype => err(unit_variant_for("newtype variant", source)),
            Style::Tuple => err(unit_variant_for("tuple variant", source)),
            Style::Struct => err(unit_variant_for("struct variant", source)),
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
    if let Some(with) = &v.attrs.deserialize_with {
        let result = variant::as_result(p, variant::with_function(p, v, with));
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

/// `DecodeFields` for a flattened externally tagged enum, as serde's flattened enums read the
/// entries the struct left: the first key naming a variant is taken, and its entry read by the
/// enum's own `Decode` (`__private::flattened_variant_entry`: one copy of the variants'
/// decoders; a second one here cost 14% more `.rlib` (MIR) and 4.5% more build time for a
/// crate of many enums, and a shared function 5–8% of `Decode`'s speed); any
/// other key, and every variant key after the first, is left to the struct. Without one,
/// `finish` gives serde's error (`__private::flattened_variant`).
pub fn fields_impl(p: &Params, variants: &[Variant], generics: &syn::Generics) -> TokenStream {
    let cont = p.cont;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let de = &p.de;
    // The names `Decode` takes as a variant's key (`other` takes no name of its own there).
    let names: Vec<String> = variant::decodable(variants)
        .into_iter()
        .flat_map(|(_, v)| v.attrs.name.de_names())
        .collect();
    // Every variant key, of which only the first offered is taken (`flattened_variant_entry`
    // reads the list): a flattened enum after this one is handed a second.
    let takes_keys = super::hidden::takes_keys_const(&names, true);
    let name = &p.target.name;
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::DecodeFields<#de> for #ident #ty_generics #where_clause {
            type Builder = _fj::__private::VariantKeyBuilder<Self>;

            #[inline]
            fn decode_field(
                __b: &mut Self::Builder,
                __key: &_fj::__private::Cow<#de, _fj::__private::str>,
                __lex: &mut _fj::Lexer<#de>,
            ) -> _fj::Result<_fj::__private::bool> {
                _fj::__private::flattened_variant_entry(
                    __b,
                    __key,
                    __lex,
                    <Self as _fj::DecodeFields<#de>>::TAKES_KEYS,
                )
            }

            #takes_keys

            #[inline]
            fn finish(__b: &mut Self::Builder, __lex: &_fj::Lexer<#de>) -> _fj::Result<Self> {
                _fj::__private::flattened_variant(__b, __lex, #name)
            }
        }
    }
}

/// A bare string named a variant that carries data: after the string for a value, at the
/// key's opening quote (`__at`) for a map key.
fn unit_variant_for(kind: &str, source: Source) -> TokenStream {
    let msg = format!("invalid type: unit variant, expected {kind}");
    match source {
        Source::Value => quote!(__lex.err_custom(#msg)),
        Source::Key => quote!(_fj::__private::err_custom_at(__lex, #msg, __at)),
    }
}
