//! `CString` (an array of its bytes; also read from a string) and, on Unix, `OsString`
//! (`{"Unix":[bytes]}`), in serde's wire format.

use std::ffi::{CStr, CString};

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

impl Encode for CStr {
    /// serde writes it with `serialize_bytes`: a JSON array of numbers, without the nul.
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        self.to_bytes().encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.to_bytes().encoded_len_hint()
    }
}

impl Encode for CString {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        self.as_c_str().encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.as_c_str().encoded_len_hint()
    }
}

impl<'de> Decode<'de> for CString {
    /// serde asks for a byte buffer, which serde_json gives from an array of numbers or from a
    /// string's raw bytes (`deserialize_bytes`: escapes decoded, a lone surrogate escape as its
    /// WTF-8 bytes, other bytes taken as they are, UTF-8 or not); an interior nul is refused
    /// with `NulError`'s message, after the value.
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let bytes = match lex.peek()? {
            b'"' => lex.raw_string()?.into_owned(),
            b'[' => Vec::<u8>::decode(lex)?,
            _ => return Err(lex.err_invalid_type_here("byte array")),
        };
        CString::new(bytes).map_err(|err| lex.err_custom(err))
    }
}

impl<'de> Decode<'de> for Box<CStr> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        CString::decode(lex).map(CString::into_boxed_c_str)
    }
}

#[cfg(unix)]
mod os_string {
    use std::ffi::{OsStr, OsString};
    use std::os::unix::ffi::{OsStrExt, OsStringExt};

    use super::super::std_enums::{encode_newtype_variant, end_tag, read_tag, Tag};
    use crate::error::Result;
    use crate::lexer::Lexer;
    use crate::traits::{Decode, Encode};
    use crate::writer::{Format, Writer};

    impl Encode for OsStr {
        /// serde's newtype variant `Unix` of an enum `OsString`, holding the bytes.
        #[inline]
        fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
            encode_newtype_variant(w, ",\"Unix\":", self.as_bytes());
        }

        #[inline]
        fn encoded_len_hint(&self) -> usize {
            9 + self.as_bytes().encoded_len_hint()
        }
    }

    impl Encode for OsString {
        #[inline]
        fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
            self.as_os_str().encode(w);
        }

        #[inline]
        fn encoded_len_hint(&self) -> usize {
            self.as_os_str().encoded_len_hint()
        }
    }

    impl<'de> Decode<'de> for OsString {
        fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
            const VARIANTS: &[&str] = &["Unix", "Windows"];
            match read_tag(lex, "os string", VARIANTS, &[false, false])? {
                Tag::Keyed(0) => {
                    let bytes = Vec::<u8>::decode(lex).map_err(|e| e.at_field("Unix"))?;
                    end_tag(lex)?;
                    Ok(OsString::from_vec(bytes))
                }
                // serde refuses the other platform's form before reading its value.
                Tag::Keyed(_) => {
                    Err(lex.err_custom("cannot deserialize Windows OS string on Unix"))
                }
                // Neither variant is a unit variant, so `read_tag` never says so.
                Tag::Unit => {
                    Err(lex.err_custom("invalid type: unit variant, expected newtype variant"))
                }
            }
        }
    }

    impl<'de> Decode<'de> for Box<OsStr> {
        #[inline]
        fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
            OsString::decode(lex).map(OsString::into_boxed_os_str)
        }
    }
}
