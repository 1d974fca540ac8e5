//! Edges of the staged `Vec` decode: lengths around the stage's capacity, capacities equal to
//! push-by-push growth, alignment 16, drops after an error or a panic part way, unstaged types.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::{grown_capacity, is_staged, Stage, STAGE_BYTES};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::Decode;
use crate::{from_slice, Error};

thread_local! {
    /// `Counted` values alive on this thread.
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

/// An 8-byte element that counts itself alive and panics when it decodes 99.
#[derive(Debug)]
struct Counted(u64);

impl Drop for Counted {
    fn drop(&mut self) {
        LIVE.with(|live| live.set(live.get() - 1));
    }
}

impl<'de> Decode<'de> for Counted {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let value = u64::decode(lex)?;
        assert!(value != 99, "a panic part way through the array");
        LIVE.with(|live| live.set(live.get() + 1));
        Ok(Counted(value))
    }
}

/// A 16-byte element aligned to 16, the most the stage admits.
#[derive(Debug, PartialEq)]
#[repr(align(16))]
struct Aligned16(u64);

impl<'de> Decode<'de> for Aligned16 {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        u64::decode(lex).map(Aligned16)
    }
}

/// A 32-byte element aligned to 32: more than the stage's buffer, so never staged.
#[derive(Debug, PartialEq)]
#[repr(align(32))]
struct Aligned32(u64);

impl<'de> Decode<'de> for Aligned32 {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        u64::decode(lex).map(Aligned32)
    }
}

fn array_of(len: usize, item: impl Fn(usize) -> String) -> String {
    let items: Vec<String> = (0..len).map(item).collect();
    format!("[{}]", items.join(","))
}

/// `[0,1,2,…]` of `len` items, with `odd_one` in place of the item at `at`.
fn counting_array_except(len: usize, at: usize, odd_one: &str) -> String {
    array_of(len, |i| {
        if i == at {
            odd_one.to_owned()
        } else {
            i.to_string()
        }
    })
}

fn live() -> isize {
    LIVE.with(Cell::get)
}

/// Lengths worth decoding for an element type: every length through two stage capacities and
/// past the next growth.
fn lengths<T>() -> std::ops::RangeInclusive<usize> {
    0..=(2 * Stage::<'static, T>::CAPACITY + 3).max(70)
}

#[test]
fn the_staged_types_are_the_small_aligned_ones() {
    assert!(is_staged::<u8>());
    assert!(is_staged::<u64>());
    assert!(is_staged::<String>());
    assert!(is_staged::<[u64; 8]>());
    assert!(is_staged::<Aligned16>());
    assert!(!is_staged::<[u8; 65]>());
    assert!(!is_staged::<Aligned32>());
    assert!(!is_staged::<()>());
    assert_eq!(Stage::<'static, u8>::CAPACITY, STAGE_BYTES);
    assert_eq!(Stage::<'static, String>::CAPACITY, STAGE_BYTES / 24);
    assert_eq!(Stage::<'static, [u64; 8]>::CAPACITY, STAGE_BYTES / 64);
}

/// The point of the design: the `Vec` owns a chunk of the size push-by-push growth gives, for
/// every length, on both sides of the stage's capacity.
#[test]
fn capacities_equal_push_by_push_growth() {
    fn check<T: for<'de> Decode<'de> + Clone>(one: &str, value: T) {
        for len in lengths::<T>() {
            let decoded: Vec<T> = from_slice(array_of(len, |_| one.to_owned()).as_bytes()).unwrap();
            let mut pushed = Vec::new();
            for _ in 0..len {
                pushed.push(value.clone());
            }
            assert_eq!(decoded.len(), len);
            assert_eq!(
                decoded.capacity(),
                pushed.capacity(),
                "{len} elements of {}",
                std::any::type_name::<T>()
            );
            assert_eq!(grown_capacity::<T>(len), pushed.capacity());
        }
    }
    check::<u8>("7", 7);
    check::<u64>("7", 7);
    check::<String>("\"s\"", "s".to_owned());
    check::<[u64; 8]>("[1,2,3,4,5,6,7,8]", [1, 2, 3, 4, 5, 6, 7, 8]);
    check::<(u64, u64, u64)>("[1,2,3]", (1, 2, 3));
}

#[test]
fn values_survive_the_stage_in_order() {
    for len in lengths::<String>() {
        let doc = array_of(len, |i| format!("\"item {i}\""));
        let decoded: Vec<String> = from_slice(doc.as_bytes()).unwrap();
        let expected: Vec<String> = (0..len).map(|i| format!("item {i}")).collect();
        assert_eq!(decoded, expected);
    }
    for len in lengths::<u8>() {
        let doc = array_of(len, |i| (i % 256).to_string());
        let decoded: Vec<u8> = from_slice(doc.as_bytes()).unwrap();
        assert_eq!(decoded, (0..len).map(|i| i as u8).collect::<Vec<u8>>());
    }
}

/// Slots of a 16-aligned type are aligned (the stage's `debug_assert` checks each write in this
/// test build) and hold the right values across the move into the `Vec`.
#[test]
fn elements_aligned_to_16_are_staged_intact() {
    for len in lengths::<Aligned16>() {
        let doc = array_of(len, |i| i.to_string());
        let decoded: Vec<Aligned16> = from_slice(doc.as_bytes()).unwrap();
        let expected: Vec<Aligned16> = (0..len as u64).map(Aligned16).collect();
        assert_eq!(decoded, expected);
    }
    let decoded: Vec<Aligned32> = from_slice(b"[1,2,3,4,5]").unwrap();
    assert_eq!(decoded, (1..=5).map(Aligned32).collect::<Vec<_>>());
}

#[test]
fn unstaged_types_decode_as_before() {
    let decoded: Vec<()> = from_slice(b"[null,null,null]").unwrap();
    assert_eq!(decoded.len(), 3);
    let doc = array_of(3, |_| array_of(65, |_| "1".to_owned()));
    let decoded: Vec<[u8; 65]> = from_slice(doc.as_bytes()).unwrap();
    assert_eq!(decoded, vec![[1u8; 65]; 3]);
}

/// An error part way drops every element decoded so far, once: in the stage, at the move into
/// the `Vec`, and after it. The error names the failing element's index.
#[test]
fn an_error_part_way_drops_what_was_decoded() {
    let capacity = Stage::<'static, Counted>::CAPACITY;
    for bad_at in [0, 1, 5, capacity - 1, capacity, capacity + 1, capacity + 30] {
        let doc = counting_array_except(bad_at + 3, bad_at, "\"x\"");
        let before = live();
        let err: Error = from_slice::<Vec<Counted>>(doc.as_bytes()).unwrap_err();
        assert_eq!(
            live(),
            before,
            "an element leaked or was dropped twice (bad at {bad_at})"
        );
        assert_eq!(err.path(), format!("$[{bad_at}]"));
    }
    let before = live();
    let err = from_slice::<Vec<Counted>>(
        array_of(capacity + 2, |i| i.to_string())
            .trim_end_matches(']')
            .as_bytes(),
    )
    .unwrap_err();
    assert!(err.is_eof(), "{err}");
    assert_eq!(live(), before);
}

/// A panic part way drops every element decoded so far, once.
#[test]
fn a_panic_part_way_drops_what_was_decoded() {
    let capacity = Stage::<'static, Counted>::CAPACITY;
    for panic_at in [0, 3, capacity - 1, capacity, capacity + 1, capacity + 10] {
        let doc = counting_array_except(panic_at + 3, panic_at, "99");
        let before = live();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            from_slice::<Vec<Counted>>(doc.as_bytes())
        }));
        assert!(outcome.is_err(), "the element at {panic_at} panics");
        assert_eq!(
            live(),
            before,
            "an element leaked or was dropped twice (panic at {panic_at})"
        );
    }
    let decoded: Vec<Counted> =
        from_slice(array_of(capacity + 5, |i| i.to_string()).as_bytes()).unwrap();
    assert_eq!(live(), capacity as isize + 5);
    assert!(decoded.iter().enumerate().all(|(i, c)| c.0 == i as u64));
    drop(decoded);
    assert_eq!(live(), 0);
}

#[test]
fn nested_arrays_name_both_indices() {
    let err = from_slice::<Vec<Vec<u64>>>(b"[[1],[2,\"x\"]]").unwrap_err();
    assert_eq!(err.path(), "$[1][1]");
    let decoded: Vec<Vec<u64>> = from_slice(b"[[],[1],[1,2,3,4,5]]").unwrap();
    assert_eq!(decoded, vec![vec![], vec![1], vec![1, 2, 3, 4, 5]]);
    assert_eq!(decoded[0].capacity(), 0);
}
