//! `smallvec::SmallVec<A>` (feature `smallvec`), as smallvec's serde impl writes it: a sequence
//! (`serialize_seq`), so a JSON array written as a `Vec` is, through the element type's
//! `encode_slice` (floats grouped, as for `Vec<f64>`); read back from a JSON array only
//! (`deserialize_seq`), each element pushed straight into the `SmallVec` (inline while it
//! fits, no `Vec` in between).
//!
//! Generic over smallvec's `Array`, as its serde impl is: any `[T; N]` with smallvec's
//! `const_generics` feature, the sizes it lists without.

use ::smallvec::{Array, SmallVec};

use super::seq::{decode_seq, seq_len_hint};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode, IsEmpty};
use crate::writer::{Format, Writer};

impl<A: Array> Encode for SmallVec<A>
where
    A::Item: Encode,
{
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        A::Item::encode_slice(self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        seq_len_hint(self.as_slice())
    }
}

impl<'de, A: Array> Decode<'de> for SmallVec<A>
where
    A::Item: Decode<'de>,
{
    // Its decode ends with the array's `]`, as `Vec`'s does.
    const ENDS_WITH_CLOSING_BRACKET: bool = true;

    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut out = SmallVec::new();
        decode_seq(lex, |item| out.push(item))?;
        Ok(out)
    }
}

impl<A: Array> IsEmpty for SmallVec<A> {
    #[inline]
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}
