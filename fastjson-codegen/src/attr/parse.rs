//! The reading machinery the container, variant and field attributes share: a key's value set
//! once per namespace (`Attr`, `BoolAttr`), the walk over `#[serde(..)]`/`#[fastjson(..)]`
//! lists, and the value parsers (strings, paths, bounds, rename rules, names).

use std::collections::BTreeSet;
use std::fmt::{self, Display};

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::Token;

use super::with::WithFn;
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::symbol::{self, Symbol};

/// Which attribute a key came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Namespace {
    Serde,
    Fastjson,
}

impl Display for Namespace {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Namespace::Serde => "serde",
            Namespace::Fastjson => "fastjson",
        })
    }
}

/// One attribute value, set at most once per namespace; `fastjson` wins over `serde`.
pub struct Attr<'c, T> {
    cx: &'c Ctxt,
    name: Symbol,
    serde: Option<T>,
    fastjson: Option<T>,
    /// Where the value was first set, for errors about combinations.
    tokens: TokenStream,
}

impl<'c, T> Attr<'c, T> {
    pub fn none(cx: &'c Ctxt, name: Symbol) -> Self {
        Attr {
            cx,
            name,
            serde: None,
            fastjson: None,
            tokens: TokenStream::new(),
        }
    }

    /// The tokens of the first key that set this attribute (empty when unset).
    pub fn tokens(&self) -> TokenStream {
        self.tokens.clone()
    }

    /// Sets the value for `ns`; a second value in the same namespace is an error at `tokens`.
    pub fn set<A: ToTokens>(&mut self, ns: Namespace, tokens: A, value: T) {
        let slot = match ns {
            Namespace::Serde => &mut self.serde,
            Namespace::Fastjson => &mut self.fastjson,
        };
        if slot.is_some() {
            let msg = format!("duplicate {ns} attribute `{}`", self.name);
            self.cx.error_spanned_by(tokens, msg);
        } else {
            *slot = Some(value);
            if self.tokens.is_empty() {
                self.tokens = tokens.into_token_stream();
            }
        }
    }

    pub fn get(self) -> Option<T> {
        self.fastjson.or(self.serde)
    }

    /// Whether either namespace set a value.
    pub fn is_set(&self) -> bool {
        self.serde.is_some() || self.fastjson.is_some()
    }

    /// Sets the value for `ns` unless one is there already; returns whether it was set.
    fn try_set(&mut self, ns: Namespace, value: T) -> bool {
        let slot = match ns {
            Namespace::Serde => &mut self.serde,
            Namespace::Fastjson => &mut self.fastjson,
        };
        let was_empty = slot.is_none();
        if was_empty {
            *slot = Some(value);
        }
        was_empty
    }
}

/// Sets a serialize/deserialize pair (`rename = "x"` sets both), reporting a duplicate once.
pub fn set_ser_de<T, A: ToTokens>(
    ns: Namespace,
    tokens: A,
    attrs: (&mut Attr<'_, T>, &mut Attr<'_, T>),
    values: (Option<T>, Option<T>),
) {
    let (ser_attr, de_attr) = attrs;
    let mut duplicate = false;
    if let Some(ser) = values.0 {
        duplicate |= !ser_attr.try_set(ns, ser);
    }
    if let Some(de) = values.1 {
        duplicate |= !de_attr.try_set(ns, de);
    }
    if duplicate {
        let msg = format!("duplicate {ns} attribute `{}`", ser_attr.name);
        ser_attr.cx.error_spanned_by(tokens, msg);
    }
}

/// A flag attribute (`skip`, `flatten`, ...).
pub struct BoolAttr<'c>(Attr<'c, ()>);

impl<'c> BoolAttr<'c> {
    pub fn none(cx: &'c Ctxt, name: Symbol) -> Self {
        BoolAttr(Attr::none(cx, name))
    }

    pub fn set_true<A: ToTokens>(&mut self, ns: Namespace, tokens: A) {
        self.0.set(ns, tokens, ());
    }

    pub fn get(self) -> bool {
        self.0.get().is_some()
    }

    pub fn is_set(&self) -> bool {
        self.0.is_set()
    }

    pub fn tokens(&self) -> TokenStream {
        self.0.tokens()
    }
}

/// Where an attribute sits, for error messages.
#[derive(Copy, Clone)]
pub enum Position {
    Container,
    Variant,
    Field,
}

impl Position {
    fn word(self) -> &'static str {
        match self {
            Position::Container => "container",
            Position::Variant => "variant",
            Position::Field => "field",
        }
    }
}

/// Calls `f` for each key inside every `#[serde(..)]` and `#[fastjson(..)]` of `attrs`.
///
/// An error returned by `f` is recorded and the rest of that key's value is skipped, so parsing
/// continues with the next key.
pub fn each_meta(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    mut f: impl FnMut(Namespace, &ParseNestedMeta) -> syn::Result<()>,
) {
    for attr in attrs {
        let ns = if attr.path() == symbol::SERDE {
            Namespace::Serde
        } else if attr.path() == symbol::FASTJSON {
            Namespace::Fastjson
        } else {
            continue;
        };
        if let syn::Meta::List(list) = &attr.meta {
            if list.tokens.is_empty() {
                continue;
            }
        }
        let parsed = attr.parse_nested_meta(|meta| {
            if let Err(err) = f(ns, &meta) {
                cx.syn_error(err);
                skip_to_next_key(&meta)?;
            }
            Ok(())
        });
        if let Err(err) = parsed {
            cx.syn_error(err);
        }
    }
}

/// The error for a key that is not valid at `position` (fastjson reads every serde attribute, so
/// a serde key it does not know is unknown to serde too, or misplaced).
pub fn unknown_key(ns: Namespace, position: Position, meta: &ParseNestedMeta) -> syn::Error {
    let key = meta.path.to_token_stream().to_string().replace(' ', "");
    meta.error(format!(
        "unknown {ns} {} attribute `{key}`",
        position.word()
    ))
}

fn skip_to_next_key(meta: &ParseNestedMeta) -> syn::Result<()> {
    while !meta.input.is_empty() && !meta.input.peek(Token![,]) {
        meta.input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}

/// `key = "string"`.
pub fn lit_str(meta: &ParseNestedMeta) -> syn::Result<syn::LitStr> {
    meta.value()?.parse()
}

/// `key = "path::to::fn"`.
pub fn expr_path(meta: &ParseNestedMeta) -> syn::Result<syn::ExprPath> {
    lit_str(meta)?.parse()
}

/// `with = "module"`, `serialize_with = "f"` or `deserialize_with = "g"`, which fields and
/// variants share: sets the functions the key names and returns `true`, or returns `false` for
/// another key. Under `#[serde(...)]` they are serde's functions (`module::serialize`,
/// `module::deserialize`), as serde reads them; under `#[fastjson(...)]`, fastjson's
/// (`module::encode`, `module::decode`), which win when both are given.
pub fn set_with_functions(
    ns: Namespace,
    at: &TokenStream,
    meta: &ParseNestedMeta,
    (ser, de): (&mut Attr<'_, WithFn>, &mut Attr<'_, WithFn>),
) -> syn::Result<bool> {
    let function = |path: syn::ExprPath| match ns {
        Namespace::Serde => WithFn::Serde(path),
        Namespace::Fastjson => WithFn::Fastjson(path),
    };
    if meta.path == symbol::WITH {
        let module = expr_path(meta)?;
        let (ser_name, de_name) = match ns {
            Namespace::Serde => ("serialize", "deserialize"),
            Namespace::Fastjson => ("encode", "decode"),
        };
        ser.set(ns, at, function(with_fn(&module, ser_name)));
        de.set(ns, at, function(with_fn(&module, de_name)));
    } else if meta.path == symbol::SERIALIZE_WITH {
        ser.set(ns, at, function(expr_path(meta)?));
    } else if meta.path == symbol::DESERIALIZE_WITH {
        de.set(ns, at, function(expr_path(meta)?));
    } else {
        return Ok(false);
    }
    Ok(true)
}

/// `module::name` for `with = "module"`.
/// The function's name takes the module's span, so errors about it point into the attribute.
fn with_fn(module: &syn::ExprPath, name: &str) -> syn::ExprPath {
    let span = syn::spanned::Spanned::span(module);
    let mut path = module.clone();
    path.path.segments.push(syn::Ident::new(name, span).into());
    path
}

/// Where predicates that replace the inferred bounds of the `Encode` impl (`ser`) and of the
/// `Decode` impl (`de`); `None` leaves that impl's bounds inferred.
#[derive(Clone, Default)]
pub struct Bounds {
    pub ser: Option<Vec<syn::WherePredicate>>,
    pub de: Option<Vec<syn::WherePredicate>>,
}

/// Sets `bound = "T: Trait, U: Other"` (both impls) or
/// `bound(serialize = "..", deserialize = "..")` (each impl its own) into the pair of attributes.
pub fn set_bounds(
    ns: Namespace,
    meta: &ParseNestedMeta,
    attrs: (
        &mut Attr<'_, Vec<syn::WherePredicate>>,
        &mut Attr<'_, Vec<syn::WherePredicate>>,
    ),
) -> syn::Result<()> {
    let (ser, de) = ser_de_lit_strs(meta)?;
    let parse = |lit: Option<syn::LitStr>| -> syn::Result<Option<Vec<syn::WherePredicate>>> {
        lit.map(|lit| {
            let predicates =
                lit.parse_with(Punctuated::<syn::WherePredicate, Token![,]>::parse_terminated)?;
            Ok(predicates.into_iter().collect())
        })
        .transpose()
    };
    let values = (parse(ser)?, parse(de)?);
    set_ser_de(ns, tokens_of(meta), attrs, values);
    Ok(())
}

/// `key = "a"` (both directions) or `key(serialize = "a", deserialize = "b")`.
pub fn ser_de_lit_strs(
    meta: &ParseNestedMeta,
) -> syn::Result<(Option<syn::LitStr>, Option<syn::LitStr>)> {
    if meta.input.peek(Token![=]) {
        let lit = lit_str(meta)?;
        return Ok((Some(lit.clone()), Some(lit)));
    }
    let mut ser = None;
    let mut de = None;
    meta.parse_nested_meta(|inner| {
        if inner.path == symbol::SERIALIZE {
            ser = Some(lit_str(&inner)?);
        } else if inner.path == symbol::DESERIALIZE {
            de = Some(lit_str(&inner)?);
        } else {
            let err = inner.error("expected `serialize` or `deserialize`");
            // The rest of the parentheses, so that this is the only error they cause.
            inner.input.parse::<TokenStream>()?;
            return Err(err);
        }
        Ok(())
    })?;
    Ok((ser, de))
}

/// A `rename_all`-style pair of rules, one per direction.
#[derive(Copy, Clone, Default)]
pub struct RenameRules {
    pub ser: RenameRule,
    pub de: RenameRule,
}

pub fn rename_rules(meta: &ParseNestedMeta) -> syn::Result<RenameRules> {
    let (ser, de) = ser_de_lit_strs(meta)?;
    let rule = |lit: Option<syn::LitStr>| -> syn::Result<RenameRule> {
        match lit {
            None => Ok(RenameRule::None),
            Some(lit) => {
                RenameRule::parse(&lit.value()).map_err(|err| syn::Error::new(lit.span(), err))
            }
        }
    };
    Ok(RenameRules {
        ser: rule(ser)?,
        de: rule(de)?,
    })
}

/// The JSON names of a field or variant.
#[derive(Clone, Debug)]
pub struct Name {
    /// Written on encode.
    pub ser: String,
    /// Accepted on decode (with `aliases`).
    pub de: String,
    ser_renamed: bool,
    de_renamed: bool,
    aliases: BTreeSet<String>,
}

impl Name {
    pub fn new(
        original: String,
        ser: Option<syn::LitStr>,
        de: Option<syn::LitStr>,
        aliases: BTreeSet<String>,
    ) -> Self {
        Name {
            ser_renamed: ser.is_some(),
            de_renamed: de.is_some(),
            ser: ser.map_or_else(|| original.clone(), |lit| lit.value()),
            de: de.map_or(original, |lit| lit.value()),
            aliases,
        }
    }

    /// Applies a `rename_all` rule to the directions not renamed explicitly.
    pub fn apply_rules(&mut self, rules: RenameRules, apply: fn(RenameRule, &str) -> String) {
        if !self.ser_renamed {
            self.ser = apply(rules.ser, &self.ser);
        }
        if !self.de_renamed {
            self.de = apply(rules.de, &self.de);
        }
    }

    /// Every name accepted on decode, sorted (serde lists them in this order).
    pub fn de_names(&self) -> Vec<String> {
        let mut all = self.aliases.clone();
        all.insert(self.de.clone());
        all.into_iter().collect()
    }
}

/// The first `#[serde(..)]` or `#[fastjson(..)]` attribute among `attrs` whose tokens hold one
/// of `keys` as a word, read from the tokens alone (for spans and for input that may not
/// parse).
pub fn naming<'a>(attrs: &'a [syn::Attribute], keys: &[&str]) -> Option<&'a syn::Attribute> {
    attrs.iter().find(|attr| {
        let ours = attr.path().is_ident("serde") || attr.path().is_ident("fastjson");
        let syn::Meta::List(list) = &attr.meta else {
            return false;
        };
        ours && list.tokens.clone().into_iter().any(|token| {
            matches!(token, proc_macro2::TokenTree::Ident(ident)
                if keys.iter().any(|key| ident == key))
        })
    })
}

/// The unraw'd text of an identifier (`r#type` -> `type`).
pub fn unraw(ident: &syn::Ident) -> String {
    let text = ident.to_string();
    match text.strip_prefix("r#") {
        Some(raw) => raw.to_owned(),
        None => text,
    }
}

/// Tokens to point an error at when no narrower span exists.
pub fn tokens_of(meta: &ParseNestedMeta) -> TokenStream {
    meta.path.to_token_stream()
}
