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
pub(super) fn with_text<R>(value: &impl Display, write: impl FnOnce(&str) -> R) -> R {
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

#[cfg(test)]
mod tests {
    use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV6};

    use super::StackText;

    /// The longest texts fit on the stack, so encoding them never falls back to a `String`.
    #[test]
    fn the_longest_address_texts_fit_on_the_stack() {
        let widest = Ipv6Addr::from([0xffff; 8]);
        let mapped = Ipv4Addr::new(255, 255, 255, 255).to_ipv6_mapped();
        for ip in [widest, mapped] {
            let address = SocketAddr::V6(SocketAddrV6::new(ip, 65535, u32::MAX, u32::MAX));
            let text = StackText::of(&address).expect("fits");
            assert_eq!(text.as_str(), address.to_string());
        }
        let longest = SocketAddrV6::new(widest, 65535, 0, u32::MAX).to_string();
        assert_eq!(longest.len(), 58, "{longest}");
    }

    /// Past the capacity, the writer reports an error instead of writing out of bounds.
    #[test]
    fn a_longer_text_is_refused() {
        let long = "x".repeat(super::TEXT_CAPACITY + 1);
        assert!(StackText::of(&long).is_none());
        let exact = "y".repeat(super::TEXT_CAPACITY);
        assert_eq!(StackText::of(&exact).expect("fits").as_str(), exact);
    }
}
