//! What the cursor knows of the forks the flatten module makes of it: the depth at which it
//! skips entries, the entry it reads as an object, and an opaque filter it asks about keys.
//!
//! The flatten module builds all of this; the lexer only reads it on its key path, so that it
//! depends on nothing of flatten's (flatten depends on the lexer, not the other way).

use std::any::Any;
use std::panic::{RefUnwindSafe, UnwindSafe};

use super::Lexer;

/// The flatten state a lexer carries: two depths and a flag read on the key path, inline, and
/// the rest behind one pointer that is `None` (no allocation) unless a flattened enum forked
/// this lexer or a flattened `Option` recorded where it stopped.
#[derive(Default)]
pub(crate) struct ForkState {
    /// The `remaining_depth` at which the entries `filter` hides are skipped; 0 (which
    /// `remaining_depth` never is) everywhere else. The key paths test only this, so a lexer
    /// without hidden keys pays one compare against 0 per key.
    pub(crate) hidden_depth: u32,
    /// In a lexer reading one entry of its object as an externally tagged enum's object, the
    /// `remaining_depth` at which that entry ends; 0 everywhere else.
    pub(crate) entry_depth: u32,
    /// True until the enum takes the entry's separator (`{` or `,`) as its object's brace.
    pub(crate) entry_pending: bool,
    /// The hidden keys and recorded stops.
    pub(crate) filter: Option<Box<dyn EntryFilter>>,
}

/// The keys a lexer skips at `ForkState::hidden_depth`, and what it keeps across rewinds:
/// implemented by the flatten module. The auto traits are listed so that `Lexer` (and
/// `Extracted`, which holds one) stays `Send`, `Sync` and unwind-safe.
pub(crate) trait EntryFilter: Any + Send + Sync + UnwindSafe + RefUnwindSafe {
    /// The object's first entry is about to be read: every reading of the object (an untagged
    /// enum reads it once per variant it tries) must hide the same entries.
    fn restart(&mut self);

    /// Whether the entry whose key (unescaped) is `key`, its opening quote at `at`, is
    /// skipped; the entries before it were asked about in order.
    fn hides(&mut self, key: &[u8], at: usize) -> bool;

    /// The lexer went back to `pos` ([`Lexer::reset`]): what it reads again it decides again.
    fn rewound_to(&mut self, pos: usize);
}

impl<'de> Lexer<'de> {
    /// The flatten state, for the flatten module.
    #[inline]
    pub(crate) fn fork_state(&self) -> &ForkState {
        &self.fork
    }

    /// The flatten state, for the flatten module.
    #[inline]
    pub(crate) fn fork_state_mut(&mut self) -> &mut ForkState {
        &mut self.fork
    }

    /// Before a key of the object whose entries the filter hides: steps over the entries
    /// (separator, key, value) it hides, leaving the lexer before the next separator (`first`
    /// false once one was skipped), or where it was. A malformed entry is left for the caller
    /// to report.
    #[cold]
    #[inline(never)]
    pub(super) fn skip_hidden_entries(&mut self, first: &mut bool) -> super::Result<()> {
        if self.fork.hidden_depth != self.remaining_depth {
            return Ok(());
        }
        // The filter is taken out while a key borrows the lexer, and always put back.
        let Some(mut filter) = self.fork.filter.take() else {
            return Ok(());
        };
        let skipped = self.skip_entries_hidden_by(&mut *filter, first);
        self.fork.filter = Some(filter);
        skipped
    }

    fn skip_entries_hidden_by(
        &mut self,
        filter: &mut dyn EntryFilter,
        first: &mut bool,
    ) -> super::Result<()> {
        if *first {
            filter.restart();
        }
        let input = self.input;
        loop {
            let (pos, string_start) = (self.pos, self.string_start);
            let mut at = super::whitespace_end(input, pos);
            if !*first {
                if input.get(at) != Some(&b',') {
                    return Ok(());
                }
                at = super::whitespace_end(input, at + 1);
            }
            if input.get(at) != Some(&b'"') {
                return Ok(());
            }
            self.pos = at + 1;
            let hidden = match self.scan_str() {
                Ok(key) => filter.hides(self.str_bytes(key), at),
                Err(_) => false,
            };
            if !hidden {
                self.pos = pos;
                self.string_start = string_start;
                return Ok(());
            }
            self.colon()?;
            self.skip_value()?;
            *first = false;
        }
    }
}
