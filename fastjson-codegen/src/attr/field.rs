//! Field attributes: what may sit on one struct or variant field.

use std::collections::BTreeSet;

use syn::punctuated::Punctuated;
use syn::Token;

use super::container::DefaultValue;
use super::parse::{
    each_meta, expr_path, lit_str, ser_de_lit_strs, set_bounds, set_ser_de, set_with_functions,
    tokens_of, unknown_key, Attr, BoolAttr, Bounds, Name, Namespace, Position,
};
use super::with::WithFn;
use crate::ctxt::Ctxt;
use crate::symbol::*;

/// `borrow` / `borrow = "'a + 'b"`.
#[derive(Clone)]
pub enum Borrow {
    /// Every lifetime of the field's type.
    All(proc_macro2::Span),
    Lifetimes(BTreeSet<syn::Lifetime>),
}

impl Borrow {
    /// `borrow` (every lifetime) or `borrow = "'a + 'b"` (the ones named).
    pub fn parse(cx: &Ctxt, meta: &syn::meta::ParseNestedMeta) -> syn::Result<Borrow> {
        Ok(if meta.input.peek(Token![=]) {
            Borrow::Lifetimes(borrowed_lifetimes(cx, &lit_str(meta)?)?)
        } else {
            Borrow::All(meta.path.segments[0].ident.span())
        })
    }
}

pub struct Field {
    pub name: Name,
    pub skip_serializing: bool,
    pub skip_deserializing: bool,
    pub skip_serializing_if: Option<syn::ExprPath>,
    pub default: DefaultValue,
    pub flatten: bool,
    /// How the value is written when not by its type's `Encode` impl.
    pub serialize_with: Option<WithFn>,
    /// How the value is read when not by its type's `Decode` impl.
    pub deserialize_with: Option<WithFn>,
    pub borrow: Option<Borrow>,
    pub bound: Bounds,
    pub omitempty: bool,
    /// `getter = "Foreign::method"`: how a `remote` mirror reads this field of the foreign value
    /// (`Foreign::method(&value)`), for fields that are not public.
    pub getter: Option<Getter>,
}

/// `getter = "Foreign::method"`.
pub struct Getter {
    pub path: syn::ExprPath,
    /// The `getter` key, for errors about where it is written.
    pub key: proc_macro2::TokenStream,
}

impl Field {
    /// `index` names tuple fields (`0`, `1`, ...).
    pub fn from_ast(cx: &Ctxt, index: usize, field: &syn::Field) -> Self {
        let mut ser_name = Attr::none(cx, RENAME);
        let mut de_name = Attr::none(cx, RENAME);
        let mut aliases = BTreeSet::new();
        let mut skip_serializing = BoolAttr::none(cx, SKIP_SERIALIZING);
        let mut skip_deserializing = BoolAttr::none(cx, SKIP_DESERIALIZING);
        let mut skip_serializing_if = Attr::none(cx, SKIP_SERIALIZING_IF);
        let mut default = Attr::none(cx, DEFAULT);
        let mut flatten = BoolAttr::none(cx, FLATTEN);
        let mut serialize_with = Attr::none(cx, SERIALIZE_WITH);
        let mut deserialize_with = Attr::none(cx, DESERIALIZE_WITH);
        let mut borrow = Attr::none(cx, BORROW);
        let mut ser_bound = Attr::none(cx, BOUND);
        let mut de_bound = Attr::none(cx, BOUND);
        let mut omitempty = BoolAttr::none(cx, OMITEMPTY);
        let mut getter = Attr::none(cx, GETTER);

        each_meta(cx, &field.attrs, |ns, meta| {
            let at = tokens_of(meta);
            let functions = (&mut serialize_with, &mut deserialize_with);
            if set_with_functions(ns, &at, meta, functions)? {
                return Ok(());
            }
            if meta.path == RENAME {
                let names = ser_de_lit_strs(meta)?;
                set_ser_de(ns, &at, (&mut ser_name, &mut de_name), names);
            } else if meta.path == ALIAS {
                aliases.insert(lit_str(meta)?.value());
            } else if meta.path == SKIP {
                skip_serializing.set_true(ns, &at);
                skip_deserializing.set_true(ns, &at);
            } else if meta.path == SKIP_SERIALIZING {
                skip_serializing.set_true(ns, &at);
            } else if meta.path == SKIP_DESERIALIZING {
                skip_deserializing.set_true(ns, &at);
            } else if meta.path == SKIP_SERIALIZING_IF {
                skip_serializing_if.set(ns, &at, expr_path(meta)?);
            } else if meta.path == DEFAULT {
                if meta.input.peek(Token![=]) {
                    default.set(ns, &at, DefaultValue::Path(expr_path(meta)?));
                } else {
                    default.set(ns, &at, DefaultValue::Default);
                }
            } else if meta.path == FLATTEN {
                flatten.set_true(ns, &at);
            } else if meta.path == BORROW {
                borrow.set(ns, &at, Borrow::parse(cx, meta)?);
            } else if meta.path == BOUND {
                set_bounds(ns, meta, (&mut ser_bound, &mut de_bound))?;
            } else if meta.path == GETTER {
                let path = expr_path(meta)?;
                getter.set(
                    ns,
                    &at,
                    Getter {
                        path,
                        key: at.clone(),
                    },
                );
            } else if meta.path == OMITEMPTY && ns == Namespace::Fastjson {
                omitempty.set_true(ns, &at);
            } else if meta.path == SERDE && ns == Namespace::Fastjson {
                // `#[fastjson(serde)]`: the field's type's own serde impls, through the bridge.
                serialize_with.set(ns, &at, WithFn::Bridge);
                deserialize_with.set(ns, &at, WithFn::Bridge);
            } else {
                return Err(unknown_key(ns, Position::Field, meta));
            }
            Ok(())
        });

        let original = match &field.ident {
            Some(ident) => super::parse::unraw(ident),
            None => index.to_string(),
        };
        Field {
            name: Name::new(original, ser_name.get(), de_name.get(), aliases),
            skip_serializing: skip_serializing.get(),
            skip_deserializing: skip_deserializing.get(),
            skip_serializing_if: skip_serializing_if.get(),
            default: default.get().unwrap_or(DefaultValue::None),
            flatten: flatten.get(),
            serialize_with: serialize_with.get(),
            deserialize_with: deserialize_with.get(),
            borrow: borrow.get(),
            bound: Bounds {
                ser: ser_bound.get(),
                de: de_bound.get(),
            },
            omitempty: omitempty.get(),
            getter: getter.get(),
        }
    }
}

/// `"'a + 'b"`, each lifetime at most once.
fn borrowed_lifetimes(cx: &Ctxt, lit: &syn::LitStr) -> syn::Result<BTreeSet<syn::Lifetime>> {
    let lifetimes =
        lit.parse_with(Punctuated::<syn::Lifetime, Token![+]>::parse_separated_nonempty)?;
    let mut set = BTreeSet::new();
    for lifetime in lifetimes {
        if !set.insert(lifetime.clone()) {
            cx.error_spanned_by(lit, format!("duplicate borrowed lifetime `{lifetime}`"));
        }
    }
    Ok(set)
}
