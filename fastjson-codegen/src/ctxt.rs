//! `Ctxt`: collects every `syn::Error` found while reading the input, so all are reported at once.

use std::cell::RefCell;
use std::fmt::Display;
use std::thread;

use quote::ToTokens;

/// Error sink shared by the parse and check passes.
///
/// Dropping a `Ctxt` without calling [`Ctxt::check`] panics: an error that was collected and never
/// reported would silently produce a wrong impl.
#[derive(Default)]
pub struct Ctxt {
    /// `None` once `check` has run.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error spanned at `tokens` (all of them: the span runs from first to last token).
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, msg: M) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), msg));
    }

    /// Records an error that already carries its span.
    pub fn syn_error(&self, err: syn::Error) {
        self.errors
            .borrow_mut()
            .as_mut()
            .expect("Ctxt used after check")
            .push(err);
    }

    /// Ends collection: `Ok` when no error was recorded, otherwise all of them, combined.
    pub fn check(self) -> Result<(), syn::Error> {
        let mut errors = self
            .errors
            .borrow_mut()
            .take()
            .expect("Ctxt checked twice")
            .into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for rest in errors {
            combined.combine(rest);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !thread::panicking() && self.errors.borrow().is_some() {
            panic!("forgot to check for errors");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Ctxt;

    #[test]
    fn collects_every_error() {
        let cx = Ctxt::new();
        cx.error_spanned_by(quote::quote!(a), "first");
        cx.error_spanned_by(quote::quote!(b), "second");
        let messages: Vec<String> = cx
            .check()
            .unwrap_err()
            .into_iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(messages, ["first", "second"]);
    }

    #[test]
    #[should_panic(expected = "forgot to check for errors")]
    fn panics_when_dropped_unchecked() {
        let _cx = Ctxt::new();
    }
}
