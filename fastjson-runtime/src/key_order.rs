//! The order in which a struct's keys arrive, learned from the documents decoded so far: what
//! the derived decoder predicts next (`Lexer::next_key_predicted`), so that documents whose
//! keys do not follow the declaration order still take the one-comparison path.

use std::sync::atomic::{AtomicU16, Ordering};

/// One per derived struct (a `static` in its generated `decode`), shared by every thread. For
/// a struct whose keys reach `fields` fields, entry `i < fields` is the field predicted after
/// field `i` and entry `fields` the first field. It starts in declaration order (field 0
/// first, `i + 1` after `i`, the first again after the last) and each mispredicted key that
/// names a field records it after the one read before it. `N`, the table's length, is a power
/// of two above `fields` (entries past `fields` are never read), so that an index is masked
/// instead of bounds-checked.
///
/// Relaxed atomics: an entry only chooses which key is compared first, and every key that
/// does not match is scanned and matched in full, so a stale or racing entry costs a miss,
/// never a wrong field. A hit writes nothing, so threads decoding documents of one shape
/// share the table read-only.
pub struct KeyOrder<const N: usize> {
    next: [AtomicU16; N],
}

impl<const N: usize> KeyOrder<N> {
    /// Declaration order for `fields` fields (1 to 65,535; `N` a power of two above it).
    pub const fn new(fields: usize) -> Self {
        const {
            assert!(N.is_power_of_two() && N <= 1 << 16, "KeyOrder's length");
        }
        assert!(
            fields >= 1 && fields < N,
            "KeyOrder needs 1 to N - 1 fields"
        );
        let mut next = [const { AtomicU16::new(0) }; N];
        let mut i = 0;
        while i < fields {
            next[i] = AtomicU16::new(((i + 1) % fields) as u16);
            i += 1;
        }
        KeyOrder { next }
    }

    /// The field predicted after `field` (`fields`: the first field).
    #[inline(always)]
    pub fn after(&self, field: usize) -> usize {
        self.next[field & (N - 1)].load(Ordering::Relaxed) as usize
    }

    /// Records that `field` followed `previous` (`fields`: that it came first). Writes only
    /// when that changes the entry.
    #[inline]
    pub fn learn(&self, previous: usize, field: usize) {
        let entry = &self.next[previous & (N - 1)];
        if entry.load(Ordering::Relaxed) as usize != field {
            entry.store(field as u16, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::KeyOrder;

    #[test]
    fn starts_in_declaration_order_and_wraps() {
        let order = KeyOrder::<4>::new(3);
        assert_eq!(order.after(3), 0);
        assert_eq!([order.after(0), order.after(1), order.after(2)], [1, 2, 0]);
        let one = KeyOrder::<2>::new(1);
        assert_eq!((one.after(1), one.after(0)), (0, 0));
    }

    #[test]
    fn learns_each_successor_and_the_first_field() {
        let order = KeyOrder::<4>::new(3);
        // A document in reverse order: 2, 1, 0.
        order.learn(3, 2);
        order.learn(2, 1);
        order.learn(1, 0);
        assert_eq!(order.after(3), 2);
        assert_eq!([order.after(2), order.after(1)], [1, 0]);
        // Unchanged where the document agreed with the table.
        assert_eq!(order.after(0), 1);
        // Relearned when the order changes again.
        order.learn(3, 0);
        assert_eq!(order.after(3), 0);
    }

    #[test]
    fn the_largest_table_holds_every_index() {
        static ORDER: KeyOrder<65_536> = KeyOrder::new(65_535);
        assert_eq!(ORDER.after(65_534), 0);
        assert_eq!(ORDER.after(65_535), 0);
        ORDER.learn(65_535, 65_534);
        assert_eq!(ORDER.after(65_535), 65_534);
    }

    #[test]
    #[should_panic(expected = "KeyOrder needs 1 to N - 1 fields")]
    fn a_table_without_room_for_the_first_entry_is_refused() {
        let _ = KeyOrder::<4>::new(4);
    }
}
