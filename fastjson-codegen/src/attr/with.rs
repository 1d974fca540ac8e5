//! How a field or variant is written and read when not by its type's own fastjson impls:
//! `with`, `serialize_with` and `deserialize_with` (serde's signatures under `#[serde(...)]`,
//! fastjson's under `#[fastjson(...)]`), `#[fastjson(serde)]` and `#[fastjson(serde_fallback)]`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// One side (writing or reading) of a field or variant handled by a function or by serde.
#[derive(Clone)]
pub enum WithFn {
    /// `#[fastjson(with | serialize_with | deserialize_with)]`: fastjson's signatures,
    /// `fn(&T, &mut Writer<'_, F>)` and `fn(&mut Lexer<'de>) -> Result<T>` (for a variant, one
    /// `&T` per field, and the fields as a tuple).
    Fastjson(syn::ExprPath),
    /// `#[serde(with | serialize_with | deserialize_with)]`: serde's signatures, given the
    /// bridge's `Serializer` over the writer or `Deserializer` over the lexer, so that serde
    /// modules (chrono's `ts_seconds`, a crate's own helpers) work unchanged.
    Serde(syn::ExprPath),
    /// `#[fastjson(serde)]` on a field: its type's own serde impls, through the bridge.
    Bridge,
    /// A field of a `#[fastjson(serde_fallback)]` container: its type's fastjson impls when it
    /// has them, else its serde impls (chosen at compile time by the bridge's `Probe`).
    Probe,
}

impl WithFn {
    /// A statement writing the value: `args` are `&T` expressions (one for a field; one per
    /// field for a variant), `ty` the field's type (for `Bridge` and `Probe`).
    pub fn encode(&self, args: &[TokenStream], ty: Option<&syn::Type>) -> TokenStream {
        match self {
            WithFn::Fastjson(path) => {
                let func = quote_spanned!(path.span()=> #path);
                quote!(#func(#(#args,)* __w);)
            }
            WithFn::Serde(path) => {
                let func = quote_spanned!(path.span()=> #path);
                quote!(_fj::__private::bridge::encode_with(__w, |__s| #func(#(#args,)* __s));)
            }
            WithFn::Bridge => quote!(_fj::__private::bridge::encode(#(#args),*, __w);),
            WithFn::Probe => {
                // Spanned at the field's type: a type with neither impl is reported there.
                let call = quote_spanned!(ty.span()=> .probe_encode);
                quote! {{
                    #[allow(unused_imports)]
                    use _fj::__private::bridge::{EncodeProbe as _, EncodeProbeSerde as _};
                    (&_fj::__private::bridge::Probe::<#ty>::NEW)#call(#(#args),*, __w);
                }}
            }
        }
    }

    /// An expression of type `_fj::Result<T>` reading the value at `__lex`; `ty` is the field's
    /// type (for `Bridge` and `Probe`).
    pub fn decode(&self, ty: Option<&syn::Type>) -> TokenStream {
        match self {
            WithFn::Fastjson(path) => {
                let func = quote_spanned!(path.span()=> #path);
                quote!(#func(__lex))
            }
            WithFn::Serde(path) => {
                let func = quote_spanned!(path.span()=> #path);
                quote!(_fj::__private::bridge::decode_with(__lex, |__d| #func(__d)))
            }
            WithFn::Bridge => quote!(_fj::__private::bridge::decode::<#ty>(__lex)),
            WithFn::Probe => {
                let call = quote_spanned!(ty.span()=> .probe_decode);
                quote! {{
                    #[allow(unused_imports)]
                    use _fj::__private::bridge::{DecodeProbe as _, DecodeProbeSerde as _};
                    (&_fj::__private::bridge::Probe::<#ty>::NEW)#call(__lex)
                }}
            }
        }
    }

    /// The value of the field when its key is missing, where the type decides it (`None` for
    /// an `Option`, else the missing-field error): `None` for functions, which serde does not
    /// ask (a missing `deserialize_with` field is an error).
    pub fn missing(&self, ty: &syn::Type, name: &TokenStream) -> Option<TokenStream> {
        match self {
            WithFn::Fastjson(_) | WithFn::Serde(_) => None,
            WithFn::Bridge => Some(quote!(
                _fj::__private::bridge::decode_missing_field::<#ty>(__lex, #name)?
            )),
            WithFn::Probe => {
                let call = quote_spanned!(ty.span()=> .probe_missing_field);
                Some(quote! {{
                    #[allow(unused_imports)]
                    use _fj::__private::bridge::{DecodeProbe as _, DecodeProbeSerde as _};
                    (&_fj::__private::bridge::Probe::<#ty>::NEW)#call(__lex, #name)?
                }})
            }
        }
    }

    /// The bound a generic field's type needs for this side, when it is serde's trait (a
    /// `#[fastjson(serde)]` field); `None` when the function or the probe asks nothing of it.
    pub fn serde_bound(&self, serde_trait: TokenStream) -> Option<TokenStream> {
        match self {
            WithFn::Bridge => Some(serde_trait),
            _ => None,
        }
    }
}

/// The function's path, for errors about where it is written.
impl quote::ToTokens for WithFn {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            WithFn::Fastjson(path) | WithFn::Serde(path) => path.to_tokens(tokens),
            WithFn::Bridge | WithFn::Probe => tokens.extend(quote!(serde)),
        }
    }
}
