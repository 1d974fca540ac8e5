//! The keys a flattened enum must not see when it reads its enclosing object again, and where
//! flattened `Option`s stopped taking theirs: the key sets generated code composes as types
//! (`HideKeys`), and the filter a fork of the lexer asks about each key (`HiddenEntries`).

use std::marker::PhantomData;

use crate::lexer::EntryFilter;

/// Whether the entry whose key (unescaped) is the first argument is one a
/// [`Lexer::fork_hiding`](crate::Lexer::fork_hiding) lexer skips, the entries before it having
/// been asked about in order with the same state (the second argument, which also says where
/// the entry is).
pub(crate) type HidesKey = fn(&[u8], &mut HideState<'_>) -> bool;

/// How many flattened tagged or untagged enums, each inside a variant of the one before, can
/// read one object again with keys hidden from them
/// ([`Lexer::fork_hiding`](crate::Lexer::fork_hiding)).
pub(crate) const MAX_HIDDEN_KEY_SETS: usize = 4;

/// The keys of the enclosing object a flattened internally tagged, adjacently tagged or untagged
/// enum must not see when it reads that object again: those serde never hands it, because they
/// were not buffered (the keys the struct's own fields name, an internally tagged variant's tag)
/// or were taken before it (by a flattened struct, or an externally tagged enum, declared before
/// it). Generated code composes the set as a type, `(Parent, (Own, (((), TakenBy<F0>),
/// TakenBy<F1>)))` for the third flattened field (a pair asks its first half first, so the
/// fields declared first are asked first), and a struct flattened into another adds its own
/// keys to its parent's; the enum keeps [`hides_entry`] for `H` as a function pointer
/// for its fork of the lexer ([`Lexer::fork_hiding`](crate::Lexer::fork_hiding)).
///
/// A flattened externally tagged enum takes one entry only: the first whose key names a
/// variant, of those no field asked before it took. Such a set ("first taker") hides that entry
/// and no later one naming a variant; it keeps whether it has in one bit of the state the fork
/// passes in (`taken`, cleared when the fork starts reading the object), the bits numbered in
/// the order the sets are asked, from `bit`.
pub trait HideKeys {
    /// True when no key is hidden: the enum's fork then reads every key without the check.
    const NOTHING: bool = false;

    /// How many bits of `taken` this set uses: one per first taker in it.
    const FIRST_TAKERS: u32 = 0;

    /// How many stop slots this set uses: one per flattened `Option` in it that may stop
    /// taking its keys (`DecodeFields::STOP_SLOTS`), numbered from `slot` as `taken`'s bits are
    /// from `bit`.
    const STOP_SLOTS: u32 = 0;

    /// Whether the entry whose key (unescaped) is `key` is hidden, the entries before it in
    /// the object having been asked about in order.
    fn hides(key: &[u8], taken: &mut u64, bit: u32) -> bool;

    /// [`HideKeys::hides`], knowing where the entry is and where the flattened `Option`s that
    /// failed stopped taking their keys (`state`): the sets that hold such an `Option` use it.
    #[inline]
    fn hides_at(key: &[u8], state: &mut HideState<'_>, bit: u32, slot: u32) -> bool {
        let _ = slot;
        Self::hides(key, state.taken, bit)
    }
}

/// Where a flattened `Option` of a struct or of an adjacently tagged enum stopped taking its
/// keys: serde's `Option` is `None` when the value fails, and the entries after the one it
/// failed on were never handed to it, so a flattened enum declared after it reads them.
/// Recorded by [`Lexer::note_flatten_stop`](crate::Lexer::note_flatten_stop).
#[derive(Clone, Copy, Debug)]
pub struct FlattenStop {
    /// The object's mark position (`DecodeFields::object_at`).
    pub(crate) object: usize,
    /// How many key sets the lexer that read the object hid there: the index of the set of the
    /// next enum to read it again (`Lexer::fork_hiding`).
    pub(crate) level: u32,
    /// The `Option`'s number among the stop slots of that reading (`HideKeys::STOP_SLOTS`).
    pub(crate) slot: u32,
    /// Where the value it failed on starts: entries whose keys come after it were not taken.
    pub(crate) at: usize,
    /// Copied from the lexer a fork was made from (`Lexer::fork_hiding`): the fork's own
    /// rewinds (`Lexer::reset`) leave it.
    pub(crate) inherited: bool,
}

/// What a [`HideKeys`] set is asked with besides the key, by the lexer that reads the object
/// again: its first takers' bits, where the entry's key starts, the set's level and the stops
/// recorded for the object.
pub struct HideState<'a> {
    /// The set's first takers' bits (`HideKeys::FIRST_TAKERS`).
    pub taken: &'a mut u64,
    pub(crate) entry: usize,
    pub(crate) level: u32,
    pub(crate) stops: &'a [FlattenStop],
}

impl HideState<'_> {
    /// Whether the `Option` at `slot` failed on a value before this entry.
    fn stopped_before_entry(&self, slot: u32) -> bool {
        self.stops
            .iter()
            .any(|stop| stop.level == self.level && stop.slot == slot && stop.at < self.entry)
    }
}

impl HideKeys for () {
    const NOTHING: bool = true;

    #[inline]
    fn hides(_: &[u8], _: &mut u64, _: u32) -> bool {
        false
    }
}

impl<A: HideKeys, B: HideKeys> HideKeys for (A, B) {
    const NOTHING: bool = A::NOTHING && B::NOTHING;
    const FIRST_TAKERS: u32 = A::FIRST_TAKERS + B::FIRST_TAKERS;
    const STOP_SLOTS: u32 = A::STOP_SLOTS + B::STOP_SLOTS;

    #[inline]
    fn hides(key: &[u8], taken: &mut u64, bit: u32) -> bool {
        A::hides(key, taken, bit) || B::hides(key, taken, bit + A::FIRST_TAKERS)
    }

    #[inline]
    fn hides_at(key: &[u8], state: &mut HideState<'_>, bit: u32, slot: u32) -> bool {
        A::hides_at(key, state, bit, slot)
            || B::hides_at(key, state, bit + A::FIRST_TAKERS, slot + A::STOP_SLOTS)
    }
}

/// The keys the flattened field of type `F` takes (`DecodeFields::TAKES_KEYS`): every entry
/// naming one, or only the first (`DecodeFields::TAKES_ONLY_FIRST`).
pub struct TakenBy<'de, F>(PhantomData<fn() -> (&'de (), F)>);

impl<'de, F: crate::DecodeFields<'de>> HideKeys for TakenBy<'de, F> {
    const NOTHING: bool = F::TAKES_KEYS.is_empty();
    const FIRST_TAKERS: u32 = if F::TAKES_ONLY_FIRST { 1 } else { 0 };
    const STOP_SLOTS: u32 = F::STOP_SLOTS;

    fn hides_at(key: &[u8], state: &mut HideState<'_>, bit: u32, slot: u32) -> bool {
        names_contain(F::TAKES_KEYS, key)
            && !(F::STOPS_ON_FAILURE && state.stopped_before_entry(slot))
            && Self::takes_named_entry(state.taken, bit)
    }

    fn hides(key: &[u8], taken: &mut u64, bit: u32) -> bool {
        names_contain(F::TAKES_KEYS, key) && Self::takes_named_entry(taken, bit)
    }
}

impl<'de, F: crate::DecodeFields<'de>> TakenBy<'de, F> {
    /// Whether `F` takes an entry naming one of its keys: every one, or (a first taker) the
    /// first, marked in bit `bit` of `taken`.
    fn takes_named_entry(taken: &mut u64, bit: u32) -> bool {
        if !F::TAKES_ONLY_FIRST {
            return true;
        }
        let mask = 1u64 << bit;
        let first = *taken & mask == 0;
        *taken |= mask;
        first
    }
}

/// [`HideKeys::hides`] of the whole set `H`, its first taker at bit 0: the function a fork of
/// the lexer asks about each key ([`Lexer::fork_hiding`](crate::Lexer::fork_hiding)).
pub fn hides_entry<H: HideKeys>(key: &[u8], state: &mut HideState<'_>) -> bool {
    H::hides_at(key, state, 0, 0)
}

/// Whether `key` (unescaped) is one of `names`: the key sets of flatten's hidden keys.
pub fn names_contain(names: &[&str], key: &[u8]) -> bool {
    names.iter().any(|name| name.as_bytes() == key)
}

/// The filter a lexer carries for flatten (its `ForkState::filter`): the key sets hidden at the
/// fork's object and the stops recorded by flattened `Option`s.
#[derive(Default)]
pub(crate) struct HiddenEntries {
    /// The key sets hidden at the fork's object: one per flattened enum whose variant holds the
    /// next (each fork keeps those of the lexer it forked from at the same object).
    pub(crate) sets: [Option<HidesKey>; MAX_HIDDEN_KEY_SETS],
    /// Each set's state: which of the flattened externally tagged enums in it have had the one
    /// entry they take hidden ([`HideKeys`]). Cleared when the object's first entry is read,
    /// so that every reading of the object (an untagged enum reads it once per variant it
    /// tries) hides the same entries.
    pub(crate) taken: [u64; MAX_HIDDEN_KEY_SETS],
    /// Where a flattened `Option` whose value failed stopped taking its keys, for the flattened
    /// enums after it that read the object again: recorded by `Lexer::note_flatten_stop`,
    /// copied into a `Lexer::fork_hiding` lexer of the same object (marked inherited), and
    /// those this lexer recorded dropped by a `Lexer::reset` to before them.
    pub(crate) stops: Vec<FlattenStop>,
}

impl HiddenEntries {
    /// What a fork reading the object at `object` again keeps of this lexer's filter: the
    /// stops recorded there (inherited, so that the fork's rewinds leave them) and, when the
    /// fork reads the keys this lexer hides (`same_object`), its key sets.
    pub(crate) fn kept_by_fork(&self, object: usize, same_object: bool) -> HiddenEntries {
        HiddenEntries {
            sets: if same_object {
                self.sets
            } else {
                [None; MAX_HIDDEN_KEY_SETS]
            },
            taken: [0; MAX_HIDDEN_KEY_SETS],
            stops: self
                .stops
                .iter()
                .filter(|stop| stop.object == object)
                .map(|&stop| FlattenStop {
                    inherited: true,
                    ..stop
                })
                .collect(),
        }
    }

    /// Hides `hides`'s keys too, in the first free set; false when there is none.
    pub(crate) fn add(&mut self, hides: HidesKey) -> bool {
        match self.sets.iter_mut().find(|set| set.is_none()) {
            Some(free) => {
                *free = Some(hides);
                true
            }
            None => false,
        }
    }

    /// Whether any key set is hidden (the sets fill from the first).
    pub(crate) fn hides_any(&self) -> bool {
        self.sets[0].is_some()
    }

    /// How many key sets are hidden: the level at which the next enum's set will be.
    pub(crate) fn levels(&self) -> u32 {
        self.sets.iter().take_while(|set| set.is_some()).count() as u32
    }
}

impl EntryFilter for HiddenEntries {
    fn restart(&mut self) {
        self.taken = [0; MAX_HIDDEN_KEY_SETS];
    }

    /// Whether a key set hides the entry, each set asked with its own state and level.
    fn hides(&mut self, key: &[u8], at: usize) -> bool {
        let stops = &self.stops;
        self.sets
            .iter()
            .zip(&mut self.taken)
            .zip(0..)
            .any(|((hides, taken), level)| {
                hides.is_some_and(|hides| {
                    let mut state = HideState {
                        taken,
                        entry: at,
                        level,
                        stops,
                    };
                    hides(key, &mut state)
                })
            })
    }

    /// What the lexer reads again from `pos` it decides again (but for the value a stop was
    /// recorded at, read again for the flattened fields after it); what the lexer it forked
    /// from decided stays.
    fn rewound_to(&mut self, pos: usize) {
        self.stops.retain(|stop| stop.inherited || stop.at <= pos);
    }
}
