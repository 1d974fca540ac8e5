//! Decoding named fields from a JSON object: one pass over the keys, matched as bytes, each value
//! decoded straight into its slot.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};

use super::field::{self, slot};
use super::hidden;
use super::offers::{self, Flattened, Offer};
use super::params::Params;
use crate::ast::Field;
use crate::attr;

/// What to build and how.
pub struct ObjectForm<'a> {
    pub fields: &'a [Field<'a>],
    /// `Name` or `Name::Variant` (unused `via_builder`: the builder's `finish` builds it).
    pub construct: TokenStream,
    /// For the invalid-type error when the value is not an object (`struct Name`).
    pub expecting: String,
    /// `{` already consumed and `__first` in scope (internally tagged enums).
    pub begun: bool,
    /// The internal tag key: skipped once when `__tag_pending`, a duplicate otherwise.
    pub internal_tag: Option<&'a str>,
    pub deny_unknown_fields: bool,
    /// The container's `default` (structs only).
    pub default: &'a attr::DefaultValue,
    /// `Some("struct Name")`: an array is read too, as serde's sequence form of the struct (the
    /// fields in declaration order), by the same loop and slots. Only where
    /// [`reads_sequence_form`] holds.
    pub sequence: Option<String>,
    /// The slots are the fields of the struct's `DecodeFields` builder (`__b`), which also
    /// builds the value: an early return then drops one local, not every slot (named structs).
    /// The body then ends in `finish`'s `Result`, not in the value.
    pub via_builder: bool,
}

/// Whether [`body`] can read the sequence form of `fields` with its key loop: no flattened
/// field, and every field read has a key of its own, so key loop index and position agree.
pub fn reads_sequence_form(fields: &[Field]) -> bool {
    let mut claimed = Vec::new();
    let mut read = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing)
        .peekable();
    read.peek().is_some()
        && read.all(|f| !f.attrs.flatten && field::key_pattern(f, &mut claimed).is_some())
}

/// Statements ending in an expression of the built type (with `via_builder`: in a `Result` of
/// it, the builder's `finish`); errors `return` from the enclosing fn or closure.
pub fn body(p: &Params, form: &ObjectForm) -> TokenStream {
    let de = &p.de;
    let expecting = &form.expecting;
    // Where the object starts, for flattened fields (`DecodeFields::object_at`: a flattened
    // enum reads the object again): a mark before its `{`, or the internally tagged enum's
    // `__mark` when the `{` was read before this body.
    let read = form
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_deserializing);
    let flattened: Vec<_> = read.clone().filter(|(_, f)| f.attrs.flatten).collect();
    let has_flatten = !flattened.is_empty();
    let object_start = match (has_flatten, form.begun) {
        (false, _) => TokenStream::new(),
        (true, false) => quote!(let __object = __lex.mark();),
        (true, true) => quote!(let __object = __mark;),
    };
    let begin = match (&form.sequence, form.begun) {
        (_, true) => TokenStream::new(),
        (None, false) => quote! {
            __lex.begin_object_expecting(#expecting)?;
            let mut __first = true;
        },
        (Some(kind), false) => quote! {
            // `Some(position)` while reading the sequence form.
            let mut __element: _fj::__private::Option<::core::primitive::usize> = match __lex.peek()? {
                b'[' => {
                    __lex.begin_array_expecting(#kind)?;
                    _fj::__private::Some(0)
                }
                _ => {
                    __lex.begin_object_expecting(#expecting)?;
                    _fj::__private::None
                }
            };
            let mut __first = true;
        },
    };
    let element = if form.sequence.is_some() {
        quote!(__element)
    } else {
        quote!(_fj::__private::None)
    };

    let slot_ref = |i: usize| {
        let slot = slot(i);
        if form.via_builder {
            quote!(__b.#slot)
        } else {
            slot.into_token_stream()
        }
    };
    // The fields a key can reach, in declaration order: (slot, field, `b"name" | b"alias"`).
    let mut claimed = Vec::new();
    let keyed: Vec<(usize, &Field, TokenStream, Option<String>)> = read
        .clone()
        .filter(|(_, f)| !f.attrs.flatten)
        .filter_map(|(i, f)| {
            let primary = (!claimed.contains(&f.attrs.name.de)).then(|| f.attrs.name.de.clone());
            let pattern = field::key_pattern(f, &mut claimed)?;
            Some((i, f, pattern, primary))
        })
        .collect();

    // The keys each flattened field must not see (a flattened enum reads the object again):
    // the fields' own and the internal tag, and those flattened fields before it take. The
    // builder's `object_at` works them out for named structs.
    let (own_keys, mut hidden_keys) = if has_flatten && !form.via_builder {
        let mut names = claimed.clone();
        names.extend(form.internal_tag.map(str::to_owned));
        let flattened_fields: Vec<&Field> = flattened.iter().map(|(_, f)| *f).collect();
        (
            hidden::own_keys_item(&names),
            hidden::per_field(de, quote!(()), &flattened_fields).into_iter(),
        )
    } else {
        (TokenStream::new(), Vec::new().into_iter())
    };
    let slots: Vec<TokenStream> = read
        .clone()
        .map(|(i, f)| {
            let slot = slot(i);
            let ty = f.ty;
            let fields_trait = quote_spanned!(f.span()=> _fj::DecodeFields<#de>);
            if f.attrs.flatten {
                let default = quote_spanned!(f.span()=> _fj::__private::Default::default);
                let builder = quote_spanned!(f.span()=> <#ty as #fields_trait>::Builder);
                let hidden = hidden_keys.next();
                quote! {
                    let mut #slot: #builder = #default();
                    <#ty as #fields_trait>::object_at::<#hidden>(&mut #slot, __object);
                }
            } else {
                quote!(let mut #slot: _fj::__private::Option<#ty> = _fj::__private::None;)
            }
        })
        .collect();
    let arms: Vec<TokenStream> = keyed
        .iter()
        .map(|(i, f, pattern, _)| {
            let assign = field::assign_slot(p, f, slot_ref(*i), &element);
            quote!(#pattern => { #assign })
        })
        .collect();
    let tag_arm = form.internal_tag.map(tag_arm);

    let unknown_field = |names: &mut dyn Iterator<Item = String>| {
        if form.deny_unknown_fields {
            quote! {{
                let __key = __key.to_vec();
                return _fj::__private::Err(__lex.err_unknown_field(&__key, &[#(#names),*]));
            }}
        } else {
            quote!(__lex.skip_value()?)
        }
    };
    let key_loop = if flattened.is_empty() && !keyed.is_empty() {
        // Predict the field that followed the last one read in earlier documents (at first the
        // one declared after it: `,"name":`, see `Lexer::next_key_predicted`); a hit costs one
        // comparison, a miss is scanned, matched and learned.
        let count = keyed.len();
        let predictions = keyed.iter().map(|(_, _, _, primary)| match primary {
            Some(name) if !name.contains(['"', '\\']) && !name.contains(|c: char| c < ' ') => {
                field::byte_lit(&format!(",\"{name}\":"))
            }
            _ => field::byte_lit(""),
        });
        let index_arms = keyed
            .iter()
            .enumerate()
            .map(|(k, (_, _, pattern, _))| quote!(#pattern => #k,));
        let assign_arms = keyed.iter().enumerate().map(|(k, (i, f, _, _))| {
            let assign = field::assign_slot(p, f, slot_ref(*i), &element);
            let pattern = if k + 1 == count {
                quote!(_)
            } else {
                quote!(#k)
            };
            quote!(#pattern => { #assign })
        });
        let tag_then_continue = form.internal_tag.map(|tag| {
            let pattern = field::byte_lit(tag);
            let body = tag_body(tag);
            quote!(#pattern => { #body continue; })
        });
        let unknown = unknown_field(&mut read.clone().flat_map(|(_, f)| f.attrs.name.de_names()));
        // An unknown key is an error (which returns) or skipped (then the next key).
        let unknown_then_next = if form.deny_unknown_fields {
            unknown
        } else {
            quote!({ #unknown; continue; })
        };
        let next_key = quote! {
            match __lex.next_key_predicted(&mut __first, __PREDICTIONS[__predicted])? {
                _fj::Key::Predicted => __predicted,
                _fj::Key::Scanned(__key) => {
                    let __field: ::core::primitive::usize = match __key {
                        #(#index_arms)*
                        #tag_then_continue
                        _ => #unknown_then_next,
                    };
                    __ORDER.learn(__last, __field);
                    __field
                }
                _fj::Key::End => break,
            }
        };
        let (next_field, next_element, sequence_end) = match &form.sequence {
            None => (next_key, TokenStream::new(), TokenStream::new()),
            Some(kind) => {
                let next_field = quote! {
                    match __element {
                        _fj::__private::None => #next_key,
                        _fj::__private::Some(__position) => {
                            if __position == #count || !__lex.next_item(&mut __first)? {
                                break;
                            }
                            __position
                        }
                    }
                };
                let next_element = quote! {
                    if let _fj::__private::Some(__position) = __element {
                        __element = _fj::__private::Some(__position + 1);
                    }
                };
                let fields: Vec<&Field> = keyed.iter().map(|(_, f, _, _)| *f).collect();
                let end = sequence_end(p, &fields, form.default, kind);
                (next_field, next_element, end)
            }
        };
        // The key order learned from earlier documents (declaration order at first): which
        // field to predict after each one, and first (`KeyOrder`'s entry `count`).
        let table_len = (count + 1).next_power_of_two();
        quote! {
            static __ORDER: _fj::__private::KeyOrder<#table_len> = _fj::__private::KeyOrder::new(#count);
            const __PREDICTIONS: [&[::core::primitive::u8]; #count] = [#(#predictions),*];
            let mut __last: ::core::primitive::usize = #count;
            let mut __predicted: ::core::primitive::usize = __ORDER.after(#count);
            loop {
                let __field: ::core::primitive::usize = #next_field;
                // The next prediction, loaded before the value is decoded: off the key path's
                // critical chain (loaded after it, the size ladder measured 6% slower).
                __last = __field;
                __predicted = __ORDER.after(__field);
                match __field {
                    #(#assign_arms)*
                }
                #next_element
            }
            #sequence_end
        }
    } else if flattened.is_empty() {
        let unknown = unknown_field(&mut read.clone().flat_map(|(_, f)| f.attrs.name.de_names()));
        quote! {
            loop {
                match __lex.next_key(&mut __first)? {
                    _fj::__private::Some(__key) => match __key {
                        #(#arms)*
                        #tag_arm
                        _ => #unknown,
                    },
                    _fj::__private::None => break,
                }
            }
        }
    } else {
        let unknown = if form.deny_unknown_fields {
            quote! {
                return _fj::__private::Err(
                    __lex.err_custom(::core::format_args!("unknown field `{}`", __key)),
                )
            }
        } else {
            quote!(__lex.skip_value()?)
        };
        let flattened: Vec<Flattened> = flattened
            .iter()
            .map(|(i, field)| Flattened {
                slot: slot_ref(*i),
                field,
            })
            .collect();
        let offer = offers::offer_to(
            &Offer {
                de,
                key: quote!(&__key),
                taken: quote!(continue),
                not_taken: quote!(#unknown;),
                deny_unknown_fields: form.deny_unknown_fields,
            },
            &flattened,
        );
        quote! {
            loop {
                let __key = match __lex.next_key_cow(&mut __first)? {
                    _fj::__private::Some(__key) => __key,
                    _fj::__private::None => break,
                };
                match __key.as_bytes() {
                    #(#arms)*
                    #tag_arm
                    _ => {
                        #offer
                    }
                }
            }
        }
    };

    if form.via_builder {
        let fields_trait = quote!(_fj::DecodeFields<#de>);
        let builder_object_at = has_flatten
            .then(|| quote!(<Self as #fields_trait>::object_at::<()>(&mut __b, __object);));
        return quote! {
            #object_start
            #begin
            let mut __b: <Self as #fields_trait>::Builder = _fj::__private::Default::default();
            #builder_object_at
            #key_loop
            <Self as #fields_trait>::finish(&mut __b, __lex)
        };
    }
    let let_default = field::let_default(p, form.fields, form.default);
    let members = form.fields.iter().enumerate().map(|(i, f)| {
        let member = &f.member;
        let slot = slot(i);
        let ty = f.ty;
        let fields_trait = quote_spanned!(f.span()=> _fj::DecodeFields<#de>);
        let value = if f.attrs.skip_deserializing {
            field::skipped_value(f, form.default)
        } else if f.attrs.flatten {
            quote!(<#ty as #fields_trait>::finish(&mut #slot, __lex)?)
        } else {
            let missing = field::missing_in_object(f, form.default);
            quote! {
                match #slot {
                    _fj::__private::Some(__value) => __value,
                    _fj::__private::None => #missing,
                }
            }
        };
        quote!(#member: #value)
    });
    let construct = &form.construct;
    quote! {
        #own_keys
        #object_start
        #begin
        #(#slots)*
        #key_loop
        #let_default
        #construct { #(#members),* }
    }
}

/// After the sequence form's loop (`__element` is `Some(position)`): at `count` elements, the
/// array must end there; before it, the first field past the end without a default is an
/// invalid-length error, as in serde (the others take their defaults when the struct is built).
/// `fields` are the fields read, in position order (the key loop's, see
/// [`reads_sequence_form`]).
fn sequence_end(
    p: &Params,
    fields: &[&Field],
    default: &attr::DefaultValue,
    kind: &str,
) -> TokenStream {
    let count = fields.len();
    let expecting = super::seq::expecting(p, kind, count);
    // For each position: the first position at or after it whose field has no default.
    let mut first_required = vec![count; count];
    let mut next = count;
    for position in (0..count).rev() {
        if field::has_no_default(fields[position], default) {
            next = position;
        }
        first_required[position] = next;
    }
    let trailing = super::errors::trailing_elements();
    if next == count {
        // Every field has a default: a short array is fine.
        return quote! {
            if let _fj::__private::Some(__position) = __element {
                if __position == #count && __lex.next_item(&mut __first)? {
                    return _fj::__private::Err(#trailing);
                }
            }
        };
    }
    quote! {
        if let _fj::__private::Some(__position) = __element {
            if __position == #count {
                if __lex.next_item(&mut __first)? {
                    return _fj::__private::Err(#trailing);
                }
            } else {
                const __FIRST_REQUIRED: [::core::primitive::usize; #count] = [#(#first_required),*];
                let __missing = __FIRST_REQUIRED[__position];
                if __missing < #count {
                    return _fj::__private::Err(__lex.err_invalid_length(__missing, #expecting));
                }
            }
        }
    }
}

/// The internal tag met while reading a variant's fields: expected once after a rewind, a
/// duplicate otherwise.
pub fn tag_arm(tag: &str) -> TokenStream {
    let pattern = field::byte_lit(tag);
    let body = tag_body(tag);
    quote!(#pattern => { #body })
}

/// The statements of [`tag_arm`].
fn tag_body(tag: &str) -> TokenStream {
    quote! {
        if __tag_pending {
            __tag_pending = false;
            __lex.skip_value()?;
        } else {
            return _fj::__private::Err(__lex.err_duplicate_field(#tag));
        }
    }
}
