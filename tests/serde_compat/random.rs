//! A seeded random-value generator for any `serde::Deserialize` type: a `Deserializer` that
//! answers every request with random data, so the serde copy of each catalog type gets random
//! values without a hand-written generator. Requests it cannot satisfy sensibly (wrong guesses
//! for untagged content, say) make the type's `Deserialize` fail, and the caller retries.

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

type Error = de::value::Error;

/// splitmix64: small, fast, and the same sequence on every platform.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// Integers biased towards the edges: 0, 1, the type's bounds, and small values.
    fn int(&mut self, min: i128, max: i128) -> i128 {
        match self.below(8) {
            0 => min,
            1 => max,
            2 => 0.clamp(min, max),
            3 => 1.clamp(min, max),
            4 | 5 => {
                let small = self.below(1000) as i128 - 100;
                small.clamp(min, max)
            }
            _ => {
                let span = (max - min) as u128;
                let r = ((self.next() as u128) << 64 | self.next() as u128) % span.max(1);
                min + r as i128
            }
        }
    }

    fn u128(&mut self) -> u128 {
        match self.below(4) {
            0 => u128::MAX,
            1 => self.below(1000) as u128,
            _ => (self.next() as u128) << 64 | self.next() as u128,
        }
    }

    pub fn f64(&mut self) -> f64 {
        match self.below(10) {
            0 => [
                0.0,
                -0.0,
                1.0,
                -1.0,
                0.1,
                1e25,
                1e-7,
                5e-324,
                f64::MAX,
                f64::MIN_POSITIVE,
            ][self.below(10) as usize],
            1 | 2 => self.below(100_000) as f64 / 100.0,
            3 => -(self.below(1_000_000) as f64),
            _ => loop {
                let v = f64::from_bits(self.next());
                if v.is_finite() {
                    break v;
                }
            },
        }
    }

    fn f32(&mut self) -> f32 {
        match self.below(6) {
            0 => [0.0, -0.0, 1.5, f32::MAX, f32::MIN_POSITIVE, 1e-45][self.below(6) as usize],
            1 => self.below(10_000) as f32 / 8.0,
            _ => loop {
                let v = f32::from_bits(self.next() as u32);
                if v.is_finite() {
                    break v;
                }
            },
        }
    }

    pub fn char(&mut self) -> char {
        const SPECIAL: &[char] = &[
            '"',
            '\\',
            '/',
            '\n',
            '\r',
            '\t',
            '\u{0}',
            '\u{1f}',
            '\u{7f}',
            '<',
            '>',
            '&',
            'é',
            '€',
            '\u{2028}',
            '\u{2029}',
            '😀',
            '\u{10FFFF}',
            'ÿ',
            ' ',
        ];
        match self.below(4) {
            0 => SPECIAL[self.below(SPECIAL.len() as u64) as usize],
            1 => loop {
                if let Some(c) = char::from_u32(self.below(0x11_0000) as u32) {
                    break c;
                }
            },
            _ => (b'a' + self.below(26) as u8) as char,
        }
    }

    pub fn string(&mut self) -> String {
        let len = match self.below(5) {
            0 => 0,
            1 => 1 + self.below(40),
            _ => 1 + self.below(8),
        };
        let plain = self.chance(50);
        (0..len)
            .map(|_| {
                if plain {
                    (b'a' + self.below(26) as u8) as char
                } else {
                    self.char()
                }
            })
            .collect()
    }
}

/// Answers every `deserialize_*` call with random data.
pub struct RandomDe<'r> {
    pub rng: &'r mut Rng,
    pub depth: u32,
}

impl<'r> RandomDe<'r> {
    pub fn new(rng: &'r mut Rng) -> Self {
        RandomDe { rng, depth: 0 }
    }

    fn nested(&mut self) -> RandomDe<'_> {
        RandomDe {
            rng: self.rng,
            depth: self.depth + 1,
        }
    }

    fn len(&mut self) -> usize {
        if self.depth > 3 {
            0
        } else {
            self.rng.below(4) as usize
        }
    }
}

macro_rules! ints {
    ($($method:ident $visit:ident $ty:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit(self.rng.int($ty::MIN as i128, $ty::MAX as i128) as $ty)
        }
    )*};
}

impl<'de> Deserializer<'de> for RandomDe<'_> {
    type Error = Error;

    /// Untyped content (`serde_json::Value`, untagged and internally tagged enums, flatten):
    /// a random JSON-shaped value.
    fn deserialize_any<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let pick = if self.depth > 2 {
            self.rng.below(5)
        } else {
            self.rng.below(7)
        };
        match pick {
            0 => visitor.visit_unit(),
            1 => visitor.visit_bool(self.rng.chance(50)),
            2 => visitor.visit_u64(self.rng.next() >> self.rng.below(64)),
            3 => visitor.visit_f64(self.rng.f64()),
            4 => visitor.visit_string(self.rng.string()),
            5 => {
                let len = self.len();
                visitor.visit_seq(RandomSeq {
                    de: self.nested(),
                    left: len,
                })
            }
            _ => {
                let len = self.len();
                visitor.visit_map(RandomMap {
                    de: self.nested(),
                    left: len,
                    fields: None,
                    value_next: false,
                })
            }
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_bool(self.rng.chance(50))
    }

    ints! {
        deserialize_i8 visit_i8 i8
        deserialize_i16 visit_i16 i16
        deserialize_i32 visit_i32 i32
        deserialize_i64 visit_i64 i64
        deserialize_u8 visit_u8 u8
        deserialize_u16 visit_u16 u16
        deserialize_u32 visit_u32 u32
        deserialize_u64 visit_u64 u64
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_i128(self.rng.u128() as i128)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u128(self.rng.u128())
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_f32(self.rng.f32())
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_f64(self.rng.f64())
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_char(self.rng.char())
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // Leaked so that borrowed `&'de str` targets work too; tests run a bounded number.
        let s: &'static str = Box::leak(self.rng.string().into_boxed_str());
        visitor.visit_borrowed_str(s)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_string(self.rng.string())
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(de::Error::custom("bytes are not generated"))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(de::Error::custom("bytes are not generated"))
    }

    fn deserialize_option<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        if self.depth > 4 || self.rng.chance(40) {
            visitor.visit_none()
        } else {
            visitor.visit_some(self.nested())
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        mut self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self.nested())
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let len = self.len();
        visitor.visit_seq(RandomSeq {
            de: self.nested(),
            left: len,
        })
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        mut self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_seq(RandomSeq {
            de: self.nested(),
            left: len,
        })
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let len = self.len();
        visitor.visit_map(RandomMap {
            de: self.nested(),
            left: len,
            fields: None,
            value_next: false,
        })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        mut self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let chosen = choose_fields(self.rng, fields);
        visitor.visit_map(RandomMap {
            de: self.nested(),
            left: chosen.len(),
            fields: Some(chosen),
            value_next: false,
        })
    }

    fn deserialize_enum<V: Visitor<'de>>(
        mut self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let variant = variants[self.rng.below(variants.len() as u64) as usize];
        visitor.visit_enum(RandomEnum {
            de: self.nested(),
            variant,
        })
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_string(self.rng.string())
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

/// Most fields, in declaration order; an occasional one left out (optional and defaulted fields
/// then take their missing-field path; aliases would otherwise always collide).
fn choose_fields(rng: &mut Rng, fields: &'static [&'static str]) -> Vec<&'static str> {
    fields.iter().copied().filter(|_| rng.chance(85)).collect()
}

struct RandomSeq<'r> {
    de: RandomDe<'r>,
    left: usize,
}

impl<'de> SeqAccess<'de> for RandomSeq<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(self.de.nested()).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

struct RandomMap<'r> {
    de: RandomDe<'r>,
    left: usize,
    /// A struct's chosen field names, fed back as its keys; `None` for maps (random keys).
    fields: Option<Vec<&'static str>>,
    value_next: bool,
}

impl<'de> MapAccess<'de> for RandomMap<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        self.value_next = true;
        match &self.fields {
            Some(fields) => {
                let name = fields[fields.len() - 1 - self.left];
                seed.deserialize(name.into_deserializer()).map(Some)
            }
            None => seed.deserialize(self.de.nested()).map(Some),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        self.value_next = false;
        seed.deserialize(self.de.nested())
    }
}

struct RandomEnum<'r> {
    de: RandomDe<'r>,
    variant: &'static str,
}

impl<'de, 'r> EnumAccess<'de> for RandomEnum<'r> {
    type Error = Error;
    type Variant = RandomDe<'r>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, RandomDe<'r>), Error> {
        let value = seed.deserialize(self.variant.into_deserializer())?;
        Ok((value, self.de))
    }
}

impl<'de> VariantAccess<'de> for RandomDe<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(mut self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.nested())
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_struct("", fields, visitor)
    }
}

/// A random value of `T`, retrying until its `Deserialize` accepts what was generated.
pub fn random_value<T: serde::Deserialize<'static>>(rng: &mut Rng, tries: usize) -> Option<T> {
    (0..tries).find_map(|_| T::deserialize(RandomDe::new(rng)).ok())
}
