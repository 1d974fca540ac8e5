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
///
/// The steps, in the order the generated code runs them: where the object starts
/// ([`object_start`]), its `{` or `[` ([`begin`]), a slot per field ([`slot_declarations`], or
/// the builder), the loop over the keys (one of three: [`predicted_key_loop`],
/// [`matched_key_loop`], [`offering_key_loop`]), then the value built from the slots
/// ([`built_value`], or the builder's `finish`: [`builder_body`]).
pub fn body(p: &Params, form: &ObjectForm) -> TokenStream {
    let fields = ReadFields::of(form);
    let object_start = object_start(form, &fields);
    let begin = begin(form);
    let key_loop = if fields.flattened.is_empty() && !fields.keyed.is_empty() {
        predicted_key_loop(p, form, &fields)
    } else if fields.flattened.is_empty() {
        matched_key_loop(p, form, &fields)
    } else {
        offering_key_loop(p, form, &fields)
    };
    if form.via_builder {
        return builder_body(p, &fields, object_start, begin, key_loop);
    }
    let (own_keys, hidden_keys) = hidden_keys(p, form, &fields);
    let slots = slot_declarations(p, &fields, hidden_keys);
    let value = built_value(p, form);
    quote! {
        #own_keys
        #object_start
        #begin
        #(#slots)*
        #key_loop
        #value
    }
}

/// The fields [`body`] reads, sorted by how a key reaches them.
struct ReadFields<'a> {
    /// Every field not `skip_deserializing`, with its slot index, in declaration order.
    read: Vec<(usize, &'a Field<'a>)>,
    /// The flattened ones among them: offered the keys no other field takes.
    flattened: Vec<(usize, &'a Field<'a>)>,
    /// The fields a key can reach, in declaration order.
    keyed: Vec<Keyed<'a>>,
    /// Every name the keyed fields answer to, each once (serde picks the first field that
    /// claims a name).
    claimed: Vec<String>,
}

/// A field a key can reach.
struct Keyed<'a> {
    slot: usize,
    field: &'a Field<'a>,
    /// `b"name" | b"alias"`, the names not claimed by an earlier field.
    pattern: TokenStream,
    /// The field's own name when no earlier field claimed it: what the key loop predicts.
    primary: Option<String>,
}

impl<'a> ReadFields<'a> {
    fn of(form: &ObjectForm<'a>) -> Self {
        let read: Vec<(usize, &Field)> = form
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.attrs.skip_deserializing)
            .collect();
        let flattened = read
            .iter()
            .copied()
            .filter(|(_, f)| f.attrs.flatten)
            .collect();
        let mut claimed = Vec::new();
        let keyed = read
            .iter()
            .copied()
            .filter(|(_, f)| !f.attrs.flatten)
            .filter_map(|(slot, field)| {
                let name = &field.attrs.name.de;
                let primary = (!claimed.contains(name)).then(|| name.clone());
                let pattern = field::key_pattern(field, &mut claimed)?;
                Some(Keyed {
                    slot,
                    field,
                    pattern,
                    primary,
                })
            })
            .collect();
        ReadFields {
            read,
            flattened,
            keyed,
            claimed,
        }
    }

    fn has_flatten(&self) -> bool {
        !self.flattened.is_empty()
    }

    /// Every name a read field answers to, for the unknown-field error.
    fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.read.iter().flat_map(|(_, f)| f.attrs.name.de_names())
    }
}

/// Where the object starts, for flattened fields (`DecodeFields::object_at`: a flattened enum
/// reads the object again): a mark before its `{`, or the internally tagged enum's `__mark`
/// when the `{` was read before this body.
fn object_start(form: &ObjectForm, fields: &ReadFields) -> TokenStream {
    match (fields.has_flatten(), form.begun) {
        (false, _) => TokenStream::new(),
        (true, false) => quote!(let __object = __lex.mark();),
        (true, true) => quote!(let __object = __mark;),
    }
}

/// The object's `{` (or, with the sequence form, a `[` instead) and the first-entry flag.
fn begin(form: &ObjectForm) -> TokenStream {
    let expecting = &form.expecting;
    match (&form.sequence, form.begun) {
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
    }
}

/// What errors in a value are placed at: `__element` where the sequence form is read too, no
/// element otherwise.
fn element(form: &ObjectForm) -> TokenStream {
    if form.sequence.is_some() {
        quote!(__element)
    } else {
        quote!(_fj::__private::None)
    }
}

/// The place holding field `index`: a local, or the builder's member.
fn slot_ref(form: &ObjectForm, index: usize) -> TokenStream {
    let slot = slot(index);
    if form.via_builder {
        quote!(__b.#slot)
    } else {
        slot.into_token_stream()
    }
}

/// The keys each flattened field must not see (a flattened enum reads the object again): the
/// fields' own and the internal tag, and those flattened fields before it take. Returns the
/// item naming the own keys and, per flattened field, its `HideKeys` type. The builder's
/// `object_at` works them out for named structs.
fn hidden_keys(
    p: &Params,
    form: &ObjectForm,
    fields: &ReadFields,
) -> (TokenStream, std::vec::IntoIter<TokenStream>) {
    if !fields.has_flatten() {
        return (TokenStream::new(), Vec::new().into_iter());
    }
    let mut names = fields.claimed.clone();
    names.extend(form.internal_tag.map(str::to_owned));
    let flattened_fields: Vec<&Field> = fields.flattened.iter().map(|(_, f)| *f).collect();
    (
        hidden::own_keys_item(&names),
        hidden::per_field(&p.de, quote!(()), &flattened_fields).into_iter(),
    )
}

/// A local per field read: an empty `Option`, or a flattened field's builder, told where the
/// object starts and which keys to hide (`hidden_keys`, one per flattened field in order).
fn slot_declarations(
    p: &Params,
    fields: &ReadFields,
    mut hidden_keys: impl Iterator<Item = TokenStream>,
) -> Vec<TokenStream> {
    let de = &p.de;
    fields
        .read
        .iter()
        .map(|(i, f)| {
            let slot = slot(*i);
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
        .collect()
}

/// `b"name" => { decode into the slot }` per keyed field.
fn key_arms(p: &Params, form: &ObjectForm, fields: &ReadFields) -> Vec<TokenStream> {
    let element = element(form);
    fields
        .keyed
        .iter()
        .map(|k| {
            let assign = field::assign_slot(p, k.field, slot_ref(form, k.slot), &element);
            let pattern = &k.pattern;
            quote!(#pattern => { #assign })
        })
        .collect()
}

/// What an unknown key does: serde's unknown-field error with `deny_unknown_fields`, else its
/// value is skipped.
fn unknown_field(form: &ObjectForm, fields: &ReadFields) -> TokenStream {
    if form.deny_unknown_fields {
        let names = fields.names();
        quote! {{
            let __key = __key.to_vec();
            return _fj::__private::Err(__lex.err_unknown_field(&__key, &[#(#names),*]));
        }}
    } else {
        quote!(__lex.skip_value()?)
    }
}

/// The key loop with no flattened field: predict the field that followed the last one read in
/// earlier documents (at first the one declared after it: `,"name":`, see
/// `Lexer::next_key_predicted`); a hit costs one comparison, a miss is scanned, matched and
/// learned. With the sequence form, the same loop reads an array's elements by position.
fn predicted_key_loop(p: &Params, form: &ObjectForm, fields: &ReadFields) -> TokenStream {
    let keyed = &fields.keyed;
    let count = keyed.len();
    let predictions = keyed.iter().map(|k| match &k.primary {
        Some(name) if !name.contains(['"', '\\']) && !name.contains(|c: char| c < ' ') => {
            field::byte_lit(&format!(",\"{name}\":"))
        }
        _ => field::byte_lit(""),
    });
    let element = element(form);
    let assign_arms = keyed.iter().enumerate().map(|(k, keyed)| {
        let assign = field::assign_slot(p, keyed.field, slot_ref(form, keyed.slot), &element);
        let pattern = if k + 1 == count {
            quote!(_)
        } else {
            quote!(#k)
        };
        quote!(#pattern => { #assign })
    });
    let next_key = predicted_next_key(form, fields);
    let (next_field, next_element, sequence_end) = match &form.sequence {
        None => (next_key, TokenStream::new(), TokenStream::new()),
        Some(kind) => sequence_steps(p, form, fields, next_key, kind),
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
}

/// The next key's field index in [`predicted_key_loop`]: the prediction when it hits, else the
/// scanned key matched (and the order learned); the internal tag and unknown keys go on to the
/// next key, the object's end breaks the loop.
fn predicted_next_key(form: &ObjectForm, fields: &ReadFields) -> TokenStream {
    let index_arms = fields.keyed.iter().enumerate().map(|(k, keyed)| {
        let pattern = &keyed.pattern;
        quote!(#pattern => #k,)
    });
    let tag_then_continue = form.internal_tag.map(|tag| {
        let pattern = field::byte_lit(tag);
        let body = tag_body(tag);
        quote!(#pattern => { #body continue; })
    });
    let unknown = unknown_field(form, fields);
    // An unknown key is an error (which returns) or skipped (then the next key).
    let unknown_then_next = if form.deny_unknown_fields {
        unknown
    } else {
        quote!({ #unknown; continue; })
    };
    quote! {
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
    }
}

/// With the sequence form, [`predicted_key_loop`]'s next field (the next key, or the next
/// element's position), the step to the next position, and the checks after the loop.
fn sequence_steps(
    p: &Params,
    form: &ObjectForm,
    fields: &ReadFields,
    next_key: TokenStream,
    kind: &str,
) -> (TokenStream, TokenStream, TokenStream) {
    let count = fields.keyed.len();
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
    let keyed: Vec<&Field> = fields.keyed.iter().map(|k| k.field).collect();
    let end = sequence_end(p, &keyed, form.default, kind);
    (next_field, next_element, end)
}

/// The key loop with no keyed and no flattened field, where there is nothing to predict: each
/// key matched against the fields' names (and the internal tag).
fn matched_key_loop(p: &Params, form: &ObjectForm, fields: &ReadFields) -> TokenStream {
    let arms = key_arms(p, form, fields);
    let tag_arm = form.internal_tag.map(tag_arm);
    let unknown = unknown_field(form, fields);
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
}

/// The key loop with flattened fields: a key no field names is offered to each flattened field
/// in turn, and is unknown when none takes it.
fn offering_key_loop(p: &Params, form: &ObjectForm, fields: &ReadFields) -> TokenStream {
    let arms = key_arms(p, form, fields);
    let tag_arm = form.internal_tag.map(tag_arm);
    let unknown = if form.deny_unknown_fields {
        quote! {
            return _fj::__private::Err(
                __lex.err_custom(::core::format_args!("unknown field `{}`", __key)),
            )
        }
    } else {
        quote!(__lex.skip_value()?)
    };
    let flattened: Vec<Flattened> = fields
        .flattened
        .iter()
        .map(|(i, field)| Flattened {
            slot: slot_ref(form, *i),
            field,
        })
        .collect();
    let offer = offers::offer_to(
        &Offer {
            de: &p.de,
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
}

/// The whole body when the slots are the `DecodeFields` builder's: the builder made (and told
/// where the object starts), the key loop, then its `finish`.
fn builder_body(
    p: &Params,
    fields: &ReadFields,
    object_start: TokenStream,
    begin: TokenStream,
    key_loop: TokenStream,
) -> TokenStream {
    let de = &p.de;
    let fields_trait = quote!(_fj::DecodeFields<#de>);
    let builder_object_at = fields
        .has_flatten()
        .then(|| quote!(<Self as #fields_trait>::object_at::<()>(&mut __b, __object);));
    quote! {
        #object_start
        #begin
        let mut __b: <Self as #fields_trait>::Builder = _fj::__private::Default::default();
        #builder_object_at
        #key_loop
        <Self as #fields_trait>::finish(&mut __b, __lex)
    }
}

/// The value built from the slots after the loop: each field's value, its default or the
/// missing-field error, and a flattened field's `finish`.
fn built_value(p: &Params, form: &ObjectForm) -> TokenStream {
    let de = &p.de;
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
