//! IP and socket addresses (`std::net`), as serde writes them for JSON (a human-readable
//! format): their `Display` text as a string, read back with `FromStr`; also as map keys.

use std::borrow::Cow;
use std::fmt::{self, Display, Write as _};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::map::{key_error, DecodeKey, EncodeKey};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// Room for the longest address text: `[` + an IPv6 address with an embedded IPv4 one (45
/// bytes) + `%` + a scope id (10) + `]:` + a port (5) is 64.
const TEXT_CAPACITY: usize = 80;

/// `Display` output written on the stack, so that encoding allocates nothing.
struct StackText {
    bytes: [u8; TEXT_CAPACITY],
    len: usize,
}

impl StackText {
    fn of(value: &impl Display) -> Option<StackText> {
        let mut text = StackText {
            bytes: [0; TEXT_CAPACITY],
            len: 0,
        };
        write!(text, "{value}").ok()?;
        Some(text)
    }

    fn as_str(&self) -> &str {
        // Only whole `&str`s were copied in, so the bytes are UTF-8.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Calls `write` with the value's `Display` text (on the stack; a `String` only if the text
/// were ever longer than [`TEXT_CAPACITY`]).
fn with_text<R>(value: &impl Display, write: impl FnOnce(&str) -> R) -> R {
    match StackText::of(value) {
        Some(text) => write(text.as_str()),
        None => write(&value.to_string()),
    }
}

macro_rules! addresses {
    ($($ty:ident, $max_len:expr, $what:expr;)*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                with_text(self, |text| w.str(text));
            }

            /// The longest text of the type and its quotes.
            #[inline]
            fn encoded_len_hint(&self) -> usize {
                $max_len + 2
            }
        }

        impl<'de> Decode<'de> for $ty {
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                let start = lex.mark();
                let text = lex.str()?;
                match text.parse::<$ty>() {
                    Ok(address) => Ok(address),
                    Err(error) => {
                        let message = format!("{error}: {:?} is not {}", &*text, $what);
                        lex.reset(start);
                        lex.peek()?;
                        Err(lex.err_custom(message))
                    }
                }
            }
        }

        impl EncodeKey for $ty {
            #[inline]
            fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
                with_text(self, |text| w.key_str(first, text));
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                $max_len + 2
            }
        }

        impl<'de> DecodeKey<'de> for $ty {
            fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
                key.parse::<$ty>()
                    .map_err(|_| key_error(lex, at, stringify!($ty), key))
            }

            fn path_segment(&self) -> String {
                self.to_string()
            }
        }
    )*};
}

addresses! {
    IpAddr, 45, "an IP address";
    Ipv4Addr, 15, "an IPv4 address";
    Ipv6Addr, 45, "an IPv6 address";
    SocketAddr, 64, "a socket address";
    SocketAddrV4, 21, "an IPv4 socket address";
    SocketAddrV6, 64, "an IPv6 socket address";
}
