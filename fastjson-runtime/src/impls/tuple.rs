//! Tuples of 1 to 12 elements, as JSON arrays of exactly that length.

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

macro_rules! tuple {
    ($len:literal => $($name:ident $index:tt)+) => {
        impl<$($name: Encode),+> Encode for ($($name,)+) {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.begin_array();
                $(
                    w.array_item($index == 0);
                    self.$index.encode(w);
                )+
                w.end_array();
            }

            /// Arrays of `(f64, f64)` (coordinates) format two pairs' floats together, so
            /// that their arithmetic overlaps (canada encode 19% to 29% faster); every other
            /// tuple goes element by element.
            #[inline]
            fn encode_slice<F: Format>(items: &[Self], w: &mut Writer<'_, F>) {
                if $len == 2 $(&& $name::IS_F64)+ {
                    w.f64_pair_array(items, |item| {
                        let floats = [$(item.$index.as_f64()),+];
                        (floats[0], floats[floats.len() - 1])
                    });
                } else {
                    crate::impls::encode_seq(items, w);
                }
            }

            /// The brackets, the elements and a comma after each (one too many: a bound).
            #[inline]
            fn encoded_len_hint(&self) -> usize {
                2 $(+ self.$index.encoded_len_hint() + 1)+
            }
        }

        impl<'de, $($name: Decode<'de>),+> Decode<'de> for ($($name,)+) {
            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                const EXPECTED: &str = concat!("a tuple of size ", $len);
                lex.begin_array()?;
                let mut first = true;
                let value = ($(
                    {
                        if !lex.next_item(&mut first)? {
                            return Err(lex.err_invalid_length($index, EXPECTED));
                        }
                        $name::decode(lex).map_err(|e| e.at_index($index))?
                    },
                )+);
                if lex.next_item(&mut first)? {
                    return Err(lex.err_invalid_length($len + 1, EXPECTED));
                }
                Ok(value)
            }
        }
    };
}

tuple!(1 => T0 0);
tuple!(2 => T0 0 T1 1);
tuple!(3 => T0 0 T1 1 T2 2);
tuple!(4 => T0 0 T1 1 T2 2 T3 3);
tuple!(5 => T0 0 T1 1 T2 2 T3 3 T4 4);
tuple!(6 => T0 0 T1 1 T2 2 T3 3 T4 4 T5 5);
tuple!(7 => T0 0 T1 1 T2 2 T3 3 T4 4 T5 5 T6 6);
tuple!(8 => T0 0 T1 1 T2 2 T3 3 T4 4 T5 5 T6 6 T7 7);
tuple!(9 => T0 0 T1 1 T2 2 T3 3 T4 4 T5 5 T6 6 T7 7 T8 8);
tuple!(10 => T0 0 T1 1 T2 2 T3 3 T4 4 T5 5 T6 6 T7 7 T8 8 T9 9);
tuple!(11 => T0 0 T1 1 T2 2 T3 3 T4 4 T5 5 T6 6 T7 7 T8 8 T9 9 T10 10);
tuple!(12 => T0 0 T1 1 T2 2 T3 3 T4 4 T5 5 T6 6 T7 7 T8 8 T9 9 T10 10 T11 11);

#[cfg(test)]
mod tests {
    use crate::{from_slice, to_vec};

    #[test]
    fn tuples_are_fixed_length_arrays() {
        let value = (1u8, "x".to_string(), (true,));
        let bytes = to_vec(&value);
        assert_eq!(bytes, serde_json::to_vec(&value).unwrap());
        assert_eq!(from_slice::<(u8, String, (bool,))>(&bytes).unwrap(), value);
        assert!(from_slice::<(u8, u8)>(b"[1]").is_err());
        assert!(from_slice::<(u8, u8)>(b"[1,2,3]").is_err());
    }
}
