//! `Path` and `PathBuf` as serde writes them: the path's text as a JSON string (also as a map
//! key, as serde_json allows: a file-to-digest map is `BTreeMap<PathBuf, _>`). A path that is
//! not valid UTF-8 has no JSON form: serde_json returns an error for it, and since encoding
//! cannot fail here, fastjson panics with the path in the message (never writes a lossy copy).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use super::map::{DecodeKey, EncodeKey};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

impl Encode for Path {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(text(self));
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

impl EncodeKey for Path {
    #[inline]
    fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
        w.key_str(first, text(self));
    }

    #[inline]
    fn key_len_hint(&self) -> usize {
        self.encoded_len_hint()
    }
}

impl EncodeKey for PathBuf {
    #[inline]
    fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
        self.as_path().encode_key(w, first);
    }

    #[inline]
    fn key_len_hint(&self) -> usize {
        self.as_path().key_len_hint()
    }
}

impl<'de> DecodeKey<'de> for PathBuf {
    #[inline]
    fn from_key(key: &Cow<'de, str>, _lex: &Lexer<'de>, _at: usize) -> Result<Self> {
        Ok(PathBuf::from(&**key))
    }
}

impl<'de> DecodeKey<'de> for Box<Path> {
    #[inline]
    fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
        PathBuf::from_key(key, lex, at).map(PathBuf::into_boxed_path)
    }
}

/// The path's text; a path that is not UTF-8 panics (see the module doc).
#[inline]
fn text(path: &Path) -> &str {
    path.to_str().unwrap_or_else(|| not_unicode(path))
}

#[cold]
#[inline(never)]
fn not_unicode(path: &Path) -> ! {
    panic!(
        "fastjson cannot encode the path {path:?}: it is not valid UTF-8, and JSON strings are \
         Unicode (serde_json refuses it too, with \"path contains invalid UTF-8 characters\")"
    )
}
