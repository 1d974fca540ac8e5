//! `Encode::encoded_len_hint` (and `EncodeFields::encoded_fields_len_hint`): the estimate of a
//! value's compact JSON length that `to_vec` allocates up front, so a small value is written
//! without growing its buffer (measured: `to_vec` of small payloads such as a login or an order
//! about a third faster, the large documents unchanged).
//!
//! The estimate mirrors what `encode` writes: every key, bracket and separator the macro knows
//! is summed into one constant at macro time; each value adds its own type's estimate.
//! Skippable fields count as present and `serialize_with` values as 0 (unknown): an estimate
//! only sizes the buffer, so erring costs a growth or some memory, never the output.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::transparent_field;
use crate::ast::{Container, Field, Style, Variant};
use crate::attr::TagType;
use crate::escape;

/// A sum being built: bytes known at macro time plus run-time terms.
struct Estimate {
    constant: usize,
    terms: Vec<TokenStream>,
}

impl Estimate {
    fn new(constant: usize) -> Self {
        Estimate {
            constant,
            terms: Vec::new(),
        }
    }

    /// The estimate of one value given as an expression of type `&T`.
    fn value(&mut self, field: &Field, value: TokenStream) {
        if field.attrs.serialize_with.is_none() {
            let ty = field.ty;
            let func = quote_spanned!(field.span()=> <#ty as _fj::Encode>::encoded_len_hint);
            self.terms.push(quote!(#func(#value)));
        }
    }

    /// Object entries: each key with its separator and colon, then its value; flattened
    /// fields add their own entries. Each run of plain `f64` fields adds the scratch bytes its
    /// group write needs beyond its text (`F64_RUN_SLACK`), so that `to_vec` takes that path.
    /// Runs are counted as if the container had no `omitempty` (which leaves none): an
    /// over-estimate there, never an under-estimate.
    fn entries(&mut self, fields: &[Field], access: impl Fn(usize, &Field) -> TokenStream) {
        let runs = super::fields::f64_run_count(fields, false);
        if runs > 0 {
            self.terms
                .push(quote!(#runs * _fj::__private::F64_RUN_SLACK));
        }
        for (i, f) in super::fields::serialized(fields) {
            let value = access(i, f);
            if f.attrs.flatten {
                let ty = f.ty;
                let func = quote_spanned!(f.span()=>
                    <#ty as _fj::EncodeFields>::encoded_fields_len_hint);
                self.terms.push(quote!(#func(#value)));
            } else {
                self.constant += escape::fused_key(&f.attrs.name.ser).len();
                self.value(f, value);
            }
        }
    }

    /// Array elements: brackets, then each element and its separator.
    fn elements(&mut self, fields: &[Field], access: impl Fn(usize, &Field) -> TokenStream) {
        self.constant += 2;
        for (i, f) in super::fields::serialized(fields) {
            self.constant += 1;
            self.value(f, access(i, f));
        }
    }

    fn finish(self) -> TokenStream {
        let constant = self.constant;
        let terms = self.terms;
        quote!(#constant #(+ #terms)*)
    }
}

/// The body of `encoded_len_hint` for `cont`.
pub fn body(cont: &Container) -> TokenStream {
    match &cont.data {
        crate::ast::Data::Struct(style, fields) => struct_body(cont, *style, fields),
        crate::ast::Data::Enum(variants) => enum_body(cont, variants),
    }
}

/// The body of `encoded_fields_len_hint` for a struct with named fields.
pub fn fields_body(cont: &Container, fields: &[Field]) -> TokenStream {
    let mut estimate = Estimate::new(internal_tag_len(cont));
    estimate.entries(fields, by_member);
    estimate.finish()
}

fn by_member(_: usize, f: &Field) -> TokenStream {
    let member = &f.member;
    quote!(&self.#member)
}

/// `,"tag":"Name"` of a struct with `tag = "..."`, or 0.
fn internal_tag_len(cont: &Container) -> usize {
    match &cont.attrs.tag {
        TagType::Internal { tag } => {
            escape::fused_key(tag).len() + escape::quoted(&cont.attrs.name.ser).len()
        }
        _ => 0,
    }
}

fn struct_body(cont: &Container, style: Style, fields: &[Field]) -> TokenStream {
    match style {
        Style::Unit => quote!(4),
        _ if cont.attrs.transparent => {
            let (_, field) = transparent_field(fields).expect("checked in check.rs");
            let mut estimate = Estimate::new(0);
            estimate.value(field, by_member(0, field));
            estimate.finish()
        }
        Style::Newtype => {
            let mut estimate = Estimate::new(0);
            estimate.value(&fields[0], quote!(&self.0));
            estimate.finish()
        }
        Style::Tuple => {
            let mut estimate = Estimate::new(0);
            estimate.elements(fields, by_member);
            estimate.finish()
        }
        // The braces around `encoded_fields_len_hint`'s entries (inlined here): one body to
        // compile per struct, not two.
        Style::Struct => {
            quote!(2usize + <Self as _fj::EncodeFields>::encoded_fields_len_hint(self))
        }
    }
}

fn enum_body(cont: &Container, variants: &[Variant]) -> TokenStream {
    if variants.is_empty() {
        return quote!(match *self {});
    }
    let arms = variants.iter().map(|v| {
        let pattern = super::enum_::pattern(v, &quote!(Self));
        let estimate = if v.attrs.skip_serializing {
            quote!(0)
        } else {
            variant(cont, v)
        };
        quote!(#pattern => #estimate,)
    });
    quote! {
        match self {
            #(#arms)*
        }
    }
}

fn by_binding(index: usize, _: &Field) -> TokenStream {
    let binding = super::enum_::binding(index);
    quote!(#binding)
}

/// As `enum_::variant` writes it: the name, the tag and content keys, the braces.
fn variant(cont: &Container, v: &Variant) -> TokenStream {
    let name = escape::quoted(&v.attrs.name.ser).len();
    let estimate = match v.tag(&cont.attrs.tag) {
        TagType::External => match v.encoded_style() {
            Style::Unit if v.attrs.serialize_with.is_none() => Estimate::new(name),
            _ => content(v, 2 + name + 1),
        },
        TagType::Internal { tag } => {
            let mut estimate = Estimate::new(2 + escape::quoted(tag).len() + 1 + name);
            match v.encoded_style() {
                Style::Unit => {}
                Style::Newtype => {
                    let field = &v.fields[0];
                    let ty = field.ty;
                    let func = quote_spanned!(field.span()=>
                        <#ty as _fj::EncodeFields>::encoded_fields_len_hint);
                    estimate.terms.push(quote!(#func(__f0)));
                }
                Style::Struct => estimate.entries(&v.fields, by_binding),
                Style::Tuple => unreachable!("rejected in check.rs"),
            }
            estimate
        }
        TagType::Adjacent { tag, content: key } => {
            let head = 2 + escape::quoted(tag).len() + 1 + name;
            match v.encoded_style() {
                Style::Unit if v.attrs.serialize_with.is_none() => Estimate::new(head),
                _ => content(v, head + escape::fused_key(key).len()),
            }
        }
        TagType::Untagged => content(v, 0),
    };
    estimate.finish()
}

/// The variant's data (inner value, array or object) after `head` known bytes; what a
/// `serialize_with` function writes counts 0 (unknown), as for fields.
fn content(v: &Variant, head: usize) -> Estimate {
    let mut estimate = Estimate::new(head);
    if v.attrs.serialize_with.is_some() {
        return estimate;
    }
    match v.encoded_style() {
        Style::Unit => estimate.constant += 4,
        Style::Newtype => estimate.value(&v.fields[0], quote!(__f0)),
        Style::Tuple => estimate.elements(&v.fields, by_binding),
        Style::Struct => {
            estimate.constant += 2;
            estimate.entries(&v.fields, by_binding);
        }
    }
    estimate
}
