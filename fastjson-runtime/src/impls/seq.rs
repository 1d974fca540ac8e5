//! Sequences: `Vec`, `VecDeque`, slices, `[T; N]`, `Box<[T]>`, `Rc<[T]>`, `Arc<[T]>`,
//! `Cow<[T]>`, `HashSet`, `BTreeSet`, `BinaryHeap` (in its iteration order, as serde) and
//! `LinkedList`.

use std::borrow::Cow;
use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::Arc;

use super::staged_vec;
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode, IsEmpty};
use crate::writer::{Format, Writer};

/// Writes the items as a JSON array.
#[inline]
pub(crate) fn encode_seq<'a, T, F, I>(items: I, w: &mut Writer<'_, F>)
where
    T: Encode + 'a + ?Sized,
    F: Format,
    I: IntoIterator<Item = &'a T>,
{
    w.begin_array();
    let mut first = true;
    for item in items {
        w.array_item(first);
        first = false;
        item.encode(w);
    }
    w.end_array();
}

/// [`Encode::encoded_len_hint`] of an array: the brackets, and each item with a comma (one
/// too many: a bound). Out of line: one instance per item type, called from every derived
/// type's estimate instead of inlined into each (a to_vec-only cost, one call per collection
/// sampled; inlined, these loops took ~10% of a derive-heavy library's build).
#[inline(never)]
pub(crate) fn seq_len_hint<'a, T, I>(items: I) -> usize
where
    T: Encode + 'a + ?Sized,
    I: IntoIterator<Item = &'a T>,
    I::IntoIter: ExactSizeIterator,
{
    2 + sampled_len_hint(items.into_iter(), |item| item.encoded_len_hint() + 1)
}

/// How many items of a collection an estimate visits before extrapolating.
const HINT_SAMPLE: usize = 16;

/// The sum of `item_hint` over `items`, extrapolated from the first [`HINT_SAMPLE`] items (plus
/// an eighth) for longer collections, so that the estimate stays a small fraction of the encode
/// itself: a full walk of citm_catalog's maps cost 3% of its `to_vec`. For
/// items whose estimate is a constant (floats, bools, tuples of them) it folds into a
/// multiplication once inlined.
#[inline]
pub(crate) fn sampled_len_hint<I: ExactSizeIterator>(
    items: I,
    item_hint: impl FnMut(I::Item) -> usize,
) -> usize {
    let count = items.len();
    let sampled: usize = items.take(HINT_SAMPLE).map(item_hint).sum();
    if count <= HINT_SAMPLE {
        sampled
    } else {
        // An eighth more than the sample's average: falling short costs a growth that copies
        // the whole output and doubles its capacity; going over costs only unused capacity.
        sampled.saturating_mul(count) / HINT_SAMPLE * 9 / 8
    }
}

/// Reads a JSON array, handing each decoded element to `push`; errors carry the index.
#[inline]
pub(crate) fn decode_seq<'de, T: Decode<'de>>(
    lex: &mut Lexer<'de>,
    mut push: impl FnMut(T),
) -> Result<()> {
    lex.begin_array()?;
    let mut first = true;
    let mut index = 0usize;
    while lex.next_item(&mut first)? {
        push(T::decode(lex).map_err(|e| e.at_index(index))?);
        index += 1;
    }
    Ok(())
}

impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        T::encode_slice(self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        seq_len_hint(self)
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        T::encode_slice(self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        seq_len_hint(self)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    const ENDS_WITH_CLOSING_BRACKET: bool = true;

    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        if staged_vec::is_staged::<T>() {
            return staged_vec::decode_staged_vec(lex);
        }
        let mut out = Vec::new();
        decode_seq(lex, |item| out.push(item))?;
        Ok(out)
    }
}

/// The owned slices, decoded as a `Vec` and converted (`Rc<[T]>` and `Arc<[T]>` copy it once,
/// as serde's do through `Box<[T]>`).
macro_rules! slice_pointer {
    ($($ptr:ident)*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<[T]> {
            const ENDS_WITH_CLOSING_BRACKET: bool = true;

            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                Vec::decode(lex).map($ptr::from)
            }
        }
    )*};
}

slice_pointer!(Box Rc Arc);

impl<T: Encode + Clone> Encode for Cow<'_, [T]> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        T::encode_slice(self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        seq_len_hint(&**self)
    }
}

/// Always `Owned`, as serde's `Cow<[T]>` (only `Cow<str>` can borrow, with `#[serde(borrow)]`).
impl<'de, T: Decode<'de> + Clone> Decode<'de> for Cow<'_, [T]> {
    const ENDS_WITH_CLOSING_BRACKET: bool = true;

    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        Vec::decode(lex).map(Cow::Owned)
    }
}

/// The collections written by iterating them, in their iteration order (as serde does).
macro_rules! iterated_seq {
    ($($collection:ident<T $(, $hasher:ident)?>;)*) => {$(
        impl<T: Encode $(, $hasher)?> Encode for $collection<T $(, $hasher)?> {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                encode_seq(self, w);
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                seq_len_hint(self)
            }
        }
    )*};
}

iterated_seq! {
    VecDeque<T>;
    HashSet<T, S>;
    BTreeSet<T>;
    BinaryHeap<T>;
    LinkedList<T>;
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut out = VecDeque::new();
        decode_seq(lex, |item| out.push_back(item))?;
        Ok(out)
    }
}

impl<'de, T, S> Decode<'de> for HashSet<T, S>
where
    T: Decode<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut out = HashSet::with_hasher(S::default());
        decode_seq(lex, |item| {
            out.insert(item);
        })?;
        Ok(out)
    }
}

impl<'de, T: Decode<'de> + Ord> Decode<'de> for BTreeSet<T> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut out = BTreeSet::new();
        decode_seq(lex, |item| {
            out.insert(item);
        })?;
        Ok(out)
    }
}

/// Pushed one at a time, as serde does: a heap's iteration order depends on how it was built,
/// and this one re-encodes as serde's decoded heap does.
impl<'de, T: Decode<'de> + Ord> Decode<'de> for BinaryHeap<T> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut out = BinaryHeap::new();
        decode_seq(lex, |item| out.push(item))?;
        Ok(out)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for LinkedList<T> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut out = LinkedList::new();
        decode_seq(lex, |item| out.push_back(item))?;
        Ok(out)
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        T::encode_slice(self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        seq_len_hint(self)
    }
}

/// Exactly `N` elements; fewer or more is an invalid-length error. Decoded in place (no heap
/// allocation: GeoJSON-style `[f64; 2]` points are common).
impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        lex.begin_array()?;
        let mut slots: [Option<T>; N] = std::array::from_fn(|_| None);
        let mut len = 0;
        let mut first = true;
        while lex.next_item(&mut first)? {
            if len == N {
                return Err(lex.err_invalid_length(N + 1, &format!("an array of length {N}")));
            }
            slots[len] = Some(T::decode(lex).map_err(|e| e.at_index(len))?);
            len += 1;
        }
        if len < N {
            return Err(lex.err_invalid_length(len, &format!("an array of length {N}")));
        }
        // Invariant: len == N, and slots[..len] were all filled above, so no slot is `None`
        // (no input can reach the panic: it is as unreachable as a failed bounds check).
        Ok(slots.map(|slot| slot.expect("every slot below len was filled")))
    }
}

impl<T> IsEmpty for Vec<T> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl<T> IsEmpty for [T] {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl<T, const N: usize> IsEmpty for [T; N] {
    fn is_empty_value(&self) -> bool {
        N == 0
    }
}

impl<T> IsEmpty for VecDeque<T> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl<T, S> IsEmpty for HashSet<T, S> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl<T> IsEmpty for BTreeSet<T> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::{from_slice, to_vec};

    #[test]
    fn arrays_need_their_exact_length() {
        assert_eq!(from_slice::<[u8; 3]>(b"[1,2,3]").unwrap(), [1, 2, 3]);
        assert!(from_slice::<[u8; 3]>(b"[1,2]").is_err());
        assert!(from_slice::<[u8; 3]>(b"[1,2,3,4]").is_err());
        assert_eq!(from_slice::<[u8; 0]>(b"[]").unwrap(), [0u8; 0]);
    }

    #[test]
    fn element_errors_name_their_index() {
        let err = from_slice::<Vec<u32>>(b"[1,2,\"x\"]").unwrap_err();
        assert_eq!(err.path(), "$[2]");
        assert_eq!(err.column(), 6);
    }

    #[test]
    fn sequences_encode_as_arrays() {
        assert_eq!(to_vec(&vec![1u8, 2]), b"[1,2]");
        assert_eq!(to_vec(&Vec::<u8>::new()), b"[]");
        assert_eq!(to_vec(&[[1i32], [2]]), b"[[1],[2]]");
    }
}
