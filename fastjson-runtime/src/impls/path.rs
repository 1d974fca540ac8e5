//! `Path` and `PathBuf` as serde writes them: the path's text as a JSON string. A path that is
//! not valid UTF-8 has no JSON form: serde_json returns an error for it, and since encoding
//! cannot fail here, fastjson panics with the path in the message (never writes a lossy copy).

use std::path::{Path, PathBuf};

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

impl Encode for Path {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self.to_str() {
            Some(text) => w.str(text),
            None => not_unicode(self),
        }
    }

    /// The text and its quotes (escapes not counted).
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.as_os_str().len() + 2
    }
}

impl Encode for PathBuf {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        self.as_path().encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.as_path().encoded_len_hint()
    }
}

impl<'de> Decode<'de> for PathBuf {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        Ok(PathBuf::from(&*lex.str()?))
    }
}

impl<'de> Decode<'de> for Box<Path> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        PathBuf::decode(lex).map(PathBuf::into_boxed_path)
    }
}

#[cold]
#[inline(never)]
fn not_unicode(path: &Path) -> ! {
    panic!(
        "fastjson cannot encode the path {path:?}: it is not valid UTF-8, and JSON strings are \
         Unicode (serde_json refuses it too, with \"path contains invalid UTF-8 characters\")"
    )
}
