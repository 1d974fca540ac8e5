//! Reading std types that serde writes as structs with one or two fields (`Duration`, the
//! ranges): the object form with serde's unknown-, duplicate- and missing-field errors (its
//! field visitors are `deny_unknown_fields`, and a missing field is an error whatever its type),
//! and the sequence form `[a, b]` serde's visitors also accept.

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::Decode;

/// Decodes `{"<names[0]>": A, "<names[1]>": B}` in any key order, or `[A, B]`.
pub(super) fn decode_two<'de, A: Decode<'de>, B: Decode<'de>>(
    lex: &mut Lexer<'de>,
    expecting: &'static str,
    names: &'static [&'static str; 2],
) -> Result<(A, B)> {
    if lex.peek()? == b'[' {
        lex.begin_array_expecting(expecting)?;
        let mut first = true;
        let a = element(lex, &mut first, 0, expecting)?;
        let b = element(lex, &mut first, 1, expecting)?;
        end_sequence(lex, &mut first)?;
        return Ok((a, b));
    }
    lex.begin_object_expecting(expecting)?;
    let mut first = true;
    let mut a: Option<A> = None;
    let mut b: Option<B> = None;
    while let Some(index) = field_index(lex, &mut first, names)? {
        if index == 0 {
            fill(lex, &mut a, names[0])?;
        } else {
            fill(lex, &mut b, names[1])?;
        }
    }
    let a = a.ok_or_else(|| lex.err_missing_field(names[0]))?;
    let b = b.ok_or_else(|| lex.err_missing_field(names[1]))?;
    Ok((a, b))
}

/// Decodes `{"<name>": A}` or `[A]`.
pub(super) fn decode_one<'de, A: Decode<'de>>(
    lex: &mut Lexer<'de>,
    expecting: &'static str,
    name: &'static [&'static str; 1],
) -> Result<A> {
    if lex.peek()? == b'[' {
        lex.begin_array_expecting(expecting)?;
        let mut first = true;
        let a = element(lex, &mut first, 0, expecting)?;
        end_sequence(lex, &mut first)?;
        return Ok(a);
    }
    lex.begin_object_expecting(expecting)?;
    let mut first = true;
    let mut a: Option<A> = None;
    while field_index(lex, &mut first, name)?.is_some() {
        fill(lex, &mut a, name[0])?;
    }
    a.ok_or_else(|| lex.err_missing_field(name[0]))
}

/// The next key's position in `names`, `None` after the `}`; any other key is an error.
fn field_index(
    lex: &mut Lexer<'_>,
    first: &mut bool,
    names: &'static [&'static str],
) -> Result<Option<usize>> {
    let Some(key) = lex.next_key(first)? else {
        return Ok(None);
    };
    match names.iter().position(|name| name.as_bytes() == key) {
        Some(index) => Ok(Some(index)),
        None => {
            let key = key.to_vec();
            Err(lex.err_unknown_field(&key, names))
        }
    }
}

/// Decodes the field's value into its slot; a second occurrence is an error.
fn fill<'de, T: Decode<'de>>(
    lex: &mut Lexer<'de>,
    slot: &mut Option<T>,
    name: &'static str,
) -> Result<()> {
    if slot.is_some() {
        return Err(lex.err_duplicate_field(name));
    }
    *slot = Some(T::decode(lex).map_err(|e| e.at_field(name))?);
    Ok(())
}

/// Element `index` of the sequence form; too few elements is an invalid-length error.
fn element<'de, T: Decode<'de>>(
    lex: &mut Lexer<'de>,
    first: &mut bool,
    index: usize,
    expecting: &'static str,
) -> Result<T> {
    if !lex.next_item(first)? {
        return Err(lex.err_invalid_length(index, expecting));
    }
    T::decode(lex).map_err(|e| e.at_index(index))
}

/// The sequence form must end after its fields (serde_json: "trailing characters").
fn end_sequence(lex: &mut Lexer<'_>, first: &mut bool) -> Result<()> {
    if lex.next_item(first)? {
        return Err(crate::__private::err_trailing_elements(lex));
    }
    Ok(())
}
