//! The lexer methods flatten adds: the forks a flattened enum reads its enclosing object (or one
//! entry of it) with, and the stops flattened `Option`s record. Generated code calls them as
//! `Lexer` methods; they live here, on the lexer's `pub(crate)` hooks, so that the lexer keeps
//! only the cursor.

use std::any::Any;

use super::hide::{FlattenStop, HiddenEntries, HidesKey, MAX_HIDDEN_KEY_SETS};
use crate::error::{ErrorCode, Result};
use crate::lexer::{Lexer, Mark};

/// The flatten filter of a lexer, when it has one.
fn hidden_entries<'a>(lex: &'a Lexer<'_>) -> Option<&'a HiddenEntries> {
    let filter: &dyn Any = &**lex.fork_state().filter.as_ref()?;
    filter.downcast_ref()
}

impl<'de> Lexer<'de> {
    /// A second lexer over the same input, at a position this one saved: a flattened enum reads
    /// its enclosing object again from there (`#[serde(flatten)]`, where serde reads the entries
    /// it buffered). It has its own (empty) scratch buffer and never ends the document; the
    /// depth limit and the UTF-8 and speculation settings are this lexer's.
    #[doc(hidden)]
    pub fn fork_at(&self, mark: Mark) -> Lexer<'de> {
        let mut fork = self.sibling(mark.pos(), mark.remaining_depth());
        fork.set_string_start(mark.pos());
        fork
    }

    /// [`Lexer::fork_at`], skipping the entries of the object at `mark` whose keys `hides` names
    /// (and those the keys this lexer hides there name, when it is itself such a fork of the same
    /// object): a flattened tagged or untagged enum then sees only the entries serde would hand
    /// it, not the enclosing struct's own keys or those a flattened field before it took.
    #[doc(hidden)]
    pub fn fork_hiding(&self, mark: Mark, hides: Option<HidesKey>) -> Result<Lexer<'de>> {
        // The object's keys are read one level inside the mark (`begin_object` enters).
        let depth = mark.remaining_depth().saturating_sub(1);
        let same_object = depth != 0 && depth == self.fork_state().hidden_depth;
        let mut hidden = match hidden_entries(self) {
            Some(parent) => parent.kept_by_fork(mark.pos(), same_object),
            None => HiddenEntries::default(),
        };
        if let Some(hides) = hides {
            if !hidden.add(hides) {
                return Err(self.err_custom(format_args!(
                    "fastjson: more than {MAX_HIDDEN_KEY_SETS} flattened enums nested in one \
                     another read this object"
                )));
            }
        }
        let mut fork = self.fork_at(mark);
        let state = fork.fork_state_mut();
        if hidden.hides_any() {
            state.hidden_depth = depth;
        }
        if hidden.hides_any() || !hidden.stops.is_empty() {
            state.filter = Some(Box::new(hidden));
        }
        Ok(fork)
    }

    /// A second lexer over the same input that reads the entry whose key was just read (its
    /// quote at the last string's start) as if it were a one-entry object, `{"Circle": {..}}`:
    /// a flattened externally tagged enum's `Decode` then reads it, so that the enum has one
    /// copy of its variants' decoders. It starts at the separator before the key (`{` or `,`),
    /// which [`Lexer::begin_enum_object`] takes as the object's brace without counting a level
    /// (the enclosing object counted it), and [`Lexer::more_in_enum_object`] ends the object
    /// after the entry. Continue the enclosing object with [`Lexer::continue_after`].
    #[doc(hidden)]
    pub fn fork_at_entry(&self) -> Result<Lexer<'de>> {
        let input = self.input();
        let string_start = self.last_string_start();
        let mut at = string_start.min(input.len());
        while at > 0 && matches!(input[at - 1], b' ' | b'\n' | b'\r' | b'\t') {
            at -= 1;
        }
        if at == 0 || !matches!(input[at - 1], b'{' | b',') {
            return Err(self.error_at(ErrorCode::ExpectedValue, string_start));
        }
        let mut fork = self.sibling(at - 1, self.remaining_depth());
        let state = fork.fork_state_mut();
        state.entry_depth = self.remaining_depth();
        state.entry_pending = true;
        Ok(fork)
    }

    /// Moves this lexer to where `fork` (made by [`Lexer::fork_at_entry`] from it) stopped: after
    /// the entry's value.
    #[doc(hidden)]
    pub fn continue_after(&mut self, fork: &Lexer<'de>) {
        self.seek(fork.position());
    }

    /// Opens an externally tagged enum's object: [`Lexer::begin_object_expecting`], or in a
    /// [`Lexer::fork_at_entry`] lexer the entry's separator.
    #[doc(hidden)]
    #[inline]
    pub fn begin_enum_object(&mut self, expected: &'static str) -> Result<()> {
        if self.fork_state().entry_pending {
            self.fork_state_mut().entry_pending = false;
            if let b'{' | b',' = self.peek()? {
                self.seek(self.position() + 1);
                return Ok(());
            }
        }
        let b = self.peek()?;
        if b != b'{' {
            return Err(self.not_an_enum(b, expected));
        }
        self.begin_object()
    }

    /// After an externally tagged enum's one entry: whether another key follows (an error for
    /// the caller), reading the closing brace when not; in a [`Lexer::fork_at_entry`] lexer the
    /// object ends with its entry.
    #[doc(hidden)]
    #[inline]
    pub fn more_in_enum_object(&mut self, first: &mut bool) -> Result<bool> {
        let state = self.fork_state();
        if state.entry_depth == self.remaining_depth() && !state.entry_pending {
            self.fork_state_mut().entry_depth = 0;
            return Ok(false);
        }
        Ok(self.next_key(first)?.is_some())
    }

    /// A flattened `Option` whose value starting at `at` failed to decode stopped taking its
    /// keys there: the entries after it that name them are not hidden from the flattened enums
    /// after it (the object at `object`, the `Option` numbered `slot` among those that can stop,
    /// [`HideKeys::STOP_SLOTS`](super::HideKeys::STOP_SLOTS)). Numbered per reading of the
    /// object: a fork that hides `n` key sets there records at level `n`, where the next enum's
    /// set will be.
    #[doc(hidden)]
    #[cold]
    pub fn note_flatten_stop(&mut self, object: Mark, slot: u32, at: usize) {
        let hidden_depth = self.fork_state().hidden_depth;
        let hiding_here = hidden_depth != 0 && hidden_depth == self.remaining_depth();
        let filter = self
            .fork_state_mut()
            .filter
            .get_or_insert_with(|| Box::new(HiddenEntries::default()));
        let filter: &mut dyn Any = &mut **filter;
        // `HiddenEntries` is the only filter there is.
        let Some(hidden) = filter.downcast_mut::<HiddenEntries>() else {
            return;
        };
        let level = if hiding_here { hidden.levels() } else { 0 };
        hidden.stops.push(FlattenStop {
            object: object.pos(),
            level,
            slot,
            at,
            inherited: false,
        });
    }
}
