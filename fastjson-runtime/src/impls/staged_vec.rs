//! `Vec<T>` decoding that collects a short array's elements on the stack and allocates once, at
//! the capacity that pushing them one by one would have reached: citm_catalog decode 10% to
//! 13% faster, its allocations per decode 4,215 → 2,551.
//!
//! Push-by-push growth allocates at 4 elements and reallocates at 8, 16, ...: a citm_catalog
//! `SeatCategory.areas` array of ten elements costs three allocator calls and two copies. Staged,
//! it costs one allocation. The capacity is the one growth would have given, so the sizes of the
//! chunks the value owns stay what they were: allocating exact capacities instead moved glibc's
//! `malloc` into a slower regime on other workloads (ladder-25k decode 8% to 30% slower).

use std::marker::PhantomData;
use std::mem::{align_of, size_of, MaybeUninit};
use std::ptr;

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::Decode;

/// Bytes of elements collected on the stack before a `Vec` is allocated. 256 holds 8 of
/// citm's 32-byte `Area`s; a longer array is allocated at 16 at once, which holds them all.
/// Against 256: 128 gave back 6% of citm's time (a reallocation past 8
/// elements), 512 cost twitter 3% (why was not found; twitter's time also moves ±2% with
/// code layout alone).
const STAGE_BYTES: usize = 256;

/// Element types staged: sized, at most 64 bytes, aligned at most as the buffer is.
/// Larger elements fill the buffer in a few items and are moved twice; zero-sized ones never
/// allocate anyway.
pub(crate) const fn is_staged<T>() -> bool {
    size_of::<T>() != 0 && size_of::<T>() <= 64 && align_of::<T>() <= align_of::<StageBuffer>()
}

/// The capacity a `Vec<T>` holding `len` elements has after `len` pushes from empty: `len`
/// rounded up to a power of two, at least 8 for 1-byte elements and 4 for others up to 1 KiB
/// (`RawVec`'s growth; the tests check it against real pushes). `len` 0 is no allocation.
#[inline]
pub(crate) fn grown_capacity<T>(len: usize) -> usize {
    if len == 0 {
        return 0;
    }
    let least = match size_of::<T>() {
        1 => 8,
        size if size <= 1024 => 4,
        _ => 1,
    };
    len.checked_next_power_of_two().unwrap_or(len).max(least)
}

#[repr(C, align(16))]
struct StageBuffer([u8; STAGE_BYTES]);

/// Elements of an array read so far: the first `len` slots of `buffer` hold initialized `T`s,
/// which this owns. Dropping it (an error or a panic part way through the array) drops them.
///
/// The buffer is borrowed, not a field: a struct holding it beside `len: 0` was initialized
/// by a `memset` of the whole struct per array in the release build (the uninitialized buffer
/// zeroed along with `len`: +5% of citm's instructions).
struct Stage<'buffer, T> {
    buffer: &'buffer mut MaybeUninit<StageBuffer>,
    len: usize,
    owns: PhantomData<T>,
}

impl<'buffer, T> Stage<'buffer, T> {
    /// Slots in the buffer (0 for zero-sized types, which are never staged).
    const CAPACITY: usize = match size_of::<T>() {
        0 => 0,
        size => STAGE_BYTES / size,
    };

    #[inline(always)]
    fn new(buffer: &'buffer mut MaybeUninit<StageBuffer>) -> Self {
        debug_assert!(is_staged::<T>());
        Stage {
            buffer,
            len: 0,
            owns: PhantomData,
        }
    }

    #[inline(always)]
    fn slots(&mut self) -> *mut T {
        self.buffer.as_mut_ptr().cast::<T>()
    }

    #[inline(always)]
    fn is_full(&self) -> bool {
        self.len == Self::CAPACITY
    }

    /// Adds an element; the caller checked that the stage is not full.
    #[inline(always)]
    fn push(&mut self, value: T) {
        assert!(self.len < Self::CAPACITY);
        let slot = self.slots().wrapping_add(self.len);
        debug_assert!(slot.is_aligned());
        // SAFETY: `len < CAPACITY` (asserted), so the slot's `size_of::<T>()` bytes lie inside
        // the buffer: CAPACITY * size_of::<T>() <= STAGE_BYTES. The buffer is aligned to 16 and
        // `is_staged` admits only types aligned at most to 16, whose size is a multiple of their
        // alignment, so every slot is aligned. The slot is past `len`: nothing initialized is
        // overwritten. `len` counts the value only after it is written.
        unsafe { slot.write(value) };
        self.len += 1;
    }

    /// Moves the elements into a new `Vec` of capacity `capacity` (at least `len`), leaving the
    /// stage empty.
    #[inline(always)]
    fn take_into_vec(&mut self, capacity: usize) -> Vec<T> {
        assert!(capacity >= self.len);
        let mut out = Vec::with_capacity(capacity);
        let len = self.len;
        // The stage gives up the elements before they are copied: if anything below panicked,
        // they would be leaked, never dropped twice.
        self.len = 0;
        // SAFETY: the first `len` slots hold initialized `T`s (the invariant of `Stage`), and
        // `out` has room for `capacity >= len` elements (asserted). The two regions do not
        // overlap: one is on the stack, the other freshly allocated (or dangling when `len` is
        // 0, where nothing is copied). After the copy the stage no longer owns them (`len` is
        // 0), so each is owned exactly once, by `out`, whose first `len` elements are now
        // initialized.
        unsafe {
            ptr::copy_nonoverlapping(self.slots(), out.as_mut_ptr(), len);
            out.set_len(len);
        }
        out
    }
}

impl<T> Drop for Stage<'_, T> {
    fn drop(&mut self) {
        let len = self.len;
        self.len = 0;
        // SAFETY: the first `len` slots hold initialized `T`s that the stage owns (its
        // invariant); `len` is cleared first, so a panicking element drop cannot make them
        // dropped twice.
        unsafe { ptr::drop_in_place(ptr::slice_from_raw_parts_mut(self.slots(), len)) };
    }
}

/// Reads a JSON array into a `Vec<T>` of a staged type: up to [`STAGE_BYTES`] of elements on
/// the stack, then one allocation at the grown capacity; a longer array moves them into a `Vec`
/// and goes on pushing. Errors carry the element's index.
///
/// One loop with one `T::decode` call. Two loops (the pushes in a second one, inline or out of
/// line) made two call sites, and LLVM stopped inlining canada's `(f64, f64)` decode into
/// either: +4% to +6% of its instructions, +6% time.
#[inline]
pub(crate) fn decode_staged_vec<'de, T: Decode<'de>>(lex: &mut Lexer<'de>) -> Result<Vec<T>> {
    lex.begin_array()?;
    let mut first = true;
    if !lex.next_item(&mut first)? {
        return Ok(Vec::new());
    }
    let mut buffer = MaybeUninit::uninit();
    let mut stage = Stage::<T>::new(&mut buffer);
    // Empty (no allocation) while the elements fit the stage; the stage is empty after.
    let mut pushed: Vec<T> = Vec::new();
    loop {
        let index = stage.len + pushed.len();
        let item = T::decode(lex).map_err(|e| e.at_index(index))?;
        if pushed.capacity() != 0 {
            pushed.push(item);
        } else if !stage.is_full() {
            stage.push(item);
        } else {
            pushed = stage.take_into_vec(grown_capacity::<T>(Stage::<T>::CAPACITY + 1));
            pushed.push(item);
        }
        if !lex.next_item(&mut first)? {
            break;
        }
    }
    if pushed.capacity() != 0 {
        Ok(pushed)
    } else {
        Ok(stage.take_into_vec(grown_capacity::<T>(stage.len)))
    }
}

#[cfg(test)]
mod tests;
