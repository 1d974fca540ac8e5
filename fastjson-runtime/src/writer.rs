//! `Writer` and the `Format` seam: one encoder, two layouts (compact and pretty), optional HTML-safe escaping.

use crate::escape;
use crate::shortest;

/// Groups of a float array reserved for at once: enough to amortise the
/// reservation's check, few enough that it stays a few kilobytes.
const FLOAT_BLOCK: usize = 64;

/// What a run of 2 to 4 `f64` struct fields ([`Writer::try_f64_fields`]) needs in spare capacity
/// beyond its entries' text estimate (the fused keys and 24 bytes a float) to be written a group
/// at a time: the last float's scratch stores, and the separator byte the check reserves.
/// Generated `encoded_len_hint`s add it for each run. Not part of the API.
#[doc(hidden)]
pub const F64_RUN_SLACK: usize = shortest::MAX_WRITE - shortest::MAX_TEXT + 1;

/// Layout of the output: where commas, newlines and indentation go.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::{to_vec_with, Compact, HtmlSafe, Pretty};
///
/// let value = vec!["<b>"];
/// assert_eq!(to_vec_with(&value, Compact), br#"["<b>"]"#);
/// assert_eq!(to_vec_with(&value, Pretty::default()), b"[\n  \"<b>\"\n]");
/// assert_eq!(to_vec_with(&value, HtmlSafe(Compact)), br#"["\u003cb\u003e"]"#);
/// ```
///
///
/// Generated code is generic over `F`, so the compact path compiles to straight-line pushes and the
/// pretty path pays for its indentation only when asked for.
pub trait Format {
    /// Escape `<`, `>`, `&`, U+2028 and U+2029 as `\u` sequences (safe to embed in HTML).
    const HTML_SAFE: bool = false;

    /// Whether the layout is [`Compact`]'s (no whitespace): float arrays then take a path that
    /// writes their separators itself. Not part of the API.
    #[doc(hidden)]
    const COMPACT: bool = false;
    /// Writes an object's opening `{` (and what the layout puts after it).
    fn begin_object(&mut self, out: &mut Vec<u8>);
    /// Writes an object's closing `}` (and what the layout puts before it).
    fn end_object(&mut self, out: &mut Vec<u8>);
    /// Writes an array's opening `[` (and what the layout puts after it).
    fn begin_array(&mut self, out: &mut Vec<u8>);
    /// Writes an array's closing `]` (and what the layout puts before it).
    fn end_array(&mut self, out: &mut Vec<u8>);
    /// Before a key: the separator from the previous entry (if any).
    fn before_key(&mut self, out: &mut Vec<u8>, first: bool);
    /// Between a key and its value.
    fn after_key(&mut self, out: &mut Vec<u8>);
    /// Before an array element: the separator from the previous one (if any).
    fn before_item(&mut self, out: &mut Vec<u8>, first: bool);

    /// A whole key from its fused literal `,"key":` (pre-escaped): the separator when not
    /// `first`, the quoted key, the colon. The default goes through the three steps above.
    #[inline]
    fn fused_key(&mut self, out: &mut Vec<u8>, first: bool, fused: &'static [u8]) {
        self.before_key(out, first);
        let quoted = &fused[1..fused.len() - 1];
        if Self::HTML_SAFE {
            escape::write_html_safe_json(out, quoted);
        } else {
            out.extend_from_slice(quoted);
        }
        self.after_key(out);
    }
}

/// The compact layout: no whitespace at all, as `serde_json::to_vec`.
#[derive(Default, Clone, Copy, Debug)]
pub struct Compact;

impl Format for Compact {
    const COMPACT: bool = true;
    #[inline(always)]
    fn begin_object(&mut self, out: &mut Vec<u8>) {
        out.push(b'{');
    }
    #[inline(always)]
    fn end_object(&mut self, out: &mut Vec<u8>) {
        out.push(b'}');
    }
    #[inline(always)]
    fn begin_array(&mut self, out: &mut Vec<u8>) {
        out.push(b'[');
    }
    #[inline(always)]
    fn end_array(&mut self, out: &mut Vec<u8>) {
        out.push(b']');
    }
    #[inline(always)]
    fn before_key(&mut self, out: &mut Vec<u8>, first: bool) {
        if !first {
            out.push(b',');
        }
    }
    #[inline(always)]
    fn after_key(&mut self, out: &mut Vec<u8>) {
        out.push(b':');
    }
    #[inline(always)]
    fn before_item(&mut self, out: &mut Vec<u8>, first: bool) {
        if !first {
            out.push(b',');
        }
    }
    /// One copy: the literal already holds the comma and the colon.
    #[inline(always)]
    fn fused_key(&mut self, out: &mut Vec<u8>, first: bool, fused: &'static [u8]) {
        out.extend_from_slice(&fused[first as usize..]);
    }
}

/// The pretty layout of `serde_json::to_vec_pretty`: two-space indent, `": "` after keys,
/// `{}` and `[]` for empty containers.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::{to_vec_with, Pretty};
///
/// let value = vec![vec![1], vec![]];
/// assert_eq!(to_vec_with(&value, Pretty::default()), b"[\n  [\n    1\n  ],\n  []\n]");
/// assert_eq!(to_vec_with(&value, Pretty::with_indent(b"\t")), b"[\n\t[\n\t\t1\n\t],\n\t[]\n]");
/// ```
#[derive(Clone, Debug)]
pub struct Pretty {
    indent: &'static [u8],
    level: usize,
    has_value: bool,
}

impl Default for Pretty {
    fn default() -> Self {
        Pretty::with_indent(b"  ")
    }
}

impl Pretty {
    /// A pretty layout indenting each level with `indent` (serde_json's default is two spaces).
    pub fn with_indent(indent: &'static [u8]) -> Self {
        Pretty {
            indent,
            level: 0,
            has_value: false,
        }
    }

    fn newline_and_indent(&self, out: &mut Vec<u8>) {
        out.push(b'\n');
        for _ in 0..self.level {
            out.extend_from_slice(self.indent);
        }
    }

    fn open(&mut self, out: &mut Vec<u8>, byte: u8) {
        self.level += 1;
        self.has_value = false;
        out.push(byte);
    }

    fn close(&mut self, out: &mut Vec<u8>, byte: u8) {
        self.level -= 1;
        if self.has_value {
            self.newline_and_indent(out);
        }
        out.push(byte);
        // Closing a container completes a value of the enclosing one.
        self.has_value = true;
    }

    fn separator(&mut self, out: &mut Vec<u8>, first: bool) {
        if !first {
            out.push(b',');
        }
        self.newline_and_indent(out);
        self.has_value = true;
    }
}

impl Format for Pretty {
    fn begin_object(&mut self, out: &mut Vec<u8>) {
        self.open(out, b'{');
    }
    fn end_object(&mut self, out: &mut Vec<u8>) {
        self.close(out, b'}');
    }
    fn begin_array(&mut self, out: &mut Vec<u8>) {
        self.open(out, b'[');
    }
    fn end_array(&mut self, out: &mut Vec<u8>) {
        self.close(out, b']');
    }
    fn before_key(&mut self, out: &mut Vec<u8>, first: bool) {
        self.separator(out, first);
    }
    fn after_key(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(b": ");
    }
    fn before_item(&mut self, out: &mut Vec<u8>, first: bool) {
        self.separator(out, first);
    }
}

/// Wraps a layout and switches on HTML-safe string escaping: `<`, `>`, `&`, U+2028 and U+2029
/// are written as `\u` escapes, so the JSON can sit inside a `<script>` element.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::{to_string, to_vec_with, Compact, HtmlSafe};
///
/// let text = "</script>&";
/// assert_eq!(to_vec_with(&text, HtmlSafe(Compact)), br#""\u003c/script\u003e\u0026""#);
/// assert_eq!(to_string(&text), r#""</script>&""#);
/// ```
#[derive(Default, Clone, Debug)]
pub struct HtmlSafe<F>(pub F);

impl<F: Format> Format for HtmlSafe<F> {
    const HTML_SAFE: bool = true;
    const COMPACT: bool = F::COMPACT;
    #[inline(always)]
    fn begin_object(&mut self, out: &mut Vec<u8>) {
        self.0.begin_object(out)
    }
    #[inline(always)]
    fn end_object(&mut self, out: &mut Vec<u8>) {
        self.0.end_object(out)
    }
    #[inline(always)]
    fn begin_array(&mut self, out: &mut Vec<u8>) {
        self.0.begin_array(out)
    }
    #[inline(always)]
    fn end_array(&mut self, out: &mut Vec<u8>) {
        self.0.end_array(out)
    }
    #[inline(always)]
    fn before_key(&mut self, out: &mut Vec<u8>, first: bool) {
        self.0.before_key(out, first)
    }
    #[inline(always)]
    fn after_key(&mut self, out: &mut Vec<u8>) {
        self.0.after_key(out)
    }
    #[inline(always)]
    fn before_item(&mut self, out: &mut Vec<u8>, first: bool) {
        self.0.before_item(out, first)
    }
}

/// Appends JSON to a `Vec<u8>`. Every method is infallible: the only failure mode of writing to
/// memory is running out of it.
///
/// A hand-written [`Encode`](crate::Encode) impl calls it in document order; the layout (`F`)
/// decides the whitespace, so one impl writes compact and pretty JSON alike.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::{Encode, Format, Writer};
///
/// struct Point {
///     x: i64,
///     y: i64,
/// }
///
/// impl Encode for Point {
///     fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
///         w.begin_object();
///         w.key(true, r#""x""#);
///         w.i64(self.x);
///         w.key(false, r#""y""#);
///         w.i64(self.y);
///         w.end_object();
///     }
/// }
///
/// let point = Point { x: 1, y: -2 };
/// assert_eq!(fastjson::to_string(&point), r#"{"x":1,"y":-2}"#);
/// assert_eq!(fastjson::to_string_pretty(&point), "{\n  \"x\": 1,\n  \"y\": -2\n}");
/// ```
pub struct Writer<'a, F: Format = Compact> {
    out: &'a mut Vec<u8>,
    fmt: F,
}

impl<'a> Writer<'a, Compact> {
    /// A compact writer appending to `out`.
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        Writer { out, fmt: Compact }
    }
}

impl<'a, F: Format> Writer<'a, F> {
    /// A writer appending to `out` with layout `fmt`.
    pub fn with_format(out: &'a mut Vec<u8>, fmt: F) -> Self {
        Writer { out, fmt }
    }

    /// The bytes written so far (including whatever the buffer held before).
    pub fn buffer(&self) -> &[u8] {
        self.out
    }

    /// Reserves room for at least `additional` more bytes.
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.out.reserve(additional);
    }

    /// Opens an object; write its entries with [`Writer::key`] (or [`Writer::key_str`]) and
    /// the value, then close it with [`Writer::end_object`].
    #[inline]
    pub fn begin_object(&mut self) {
        self.fmt.begin_object(self.out);
    }

    /// Closes the object opened by [`Writer::begin_object`].
    #[inline]
    pub fn end_object(&mut self) {
        self.fmt.end_object(self.out);
    }

    /// Opens an array; write each element after [`Writer::array_item`], then close it with
    /// [`Writer::end_array`].
    #[inline]
    pub fn begin_array(&mut self) {
        self.fmt.begin_array(self.out);
    }

    /// Closes the array opened by [`Writer::begin_array`].
    #[inline]
    pub fn end_array(&mut self) {
        self.fmt.end_array(self.out);
    }

    /// Writes a key given pre-escaped, with its quotes (`"\"user_id\""`), preceded by the
    /// separator when it is not the first entry, followed by the colon.
    #[inline]
    pub fn key(&mut self, first: bool, quoted: &'static str) {
        self.fmt.before_key(self.out, first);
        if F::HTML_SAFE {
            escape::write_html_safe_json(self.out, quoted.as_bytes());
        } else {
            self.out.extend_from_slice(quoted.as_bytes());
        }
        self.fmt.after_key(self.out);
    }

    /// Writes a key from its fused literal `,"key":` (pre-escaped, comma and colon included):
    /// what generated code calls; `first` is usually a constant.
    #[inline(always)]
    pub fn field_key(&mut self, first: bool, fused: &'static str) {
        self.fmt.fused_key(self.out, first, fused.as_bytes());
    }

    /// Writes a key escaped at run time (map keys).
    #[inline]
    pub fn key_str(&mut self, first: bool, key: &str) {
        self.fmt.before_key(self.out, first);
        self.str(key);
        self.fmt.after_key(self.out);
    }

    /// Starts a key whose text the caller writes next as a JSON string (integer map keys);
    /// finish with [`Writer::end_key`].
    #[inline]
    pub fn begin_key(&mut self, first: bool) {
        self.fmt.before_key(self.out, first);
    }

    /// Finishes a key started with [`Writer::begin_key`].
    #[inline]
    pub fn end_key(&mut self) {
        self.fmt.after_key(self.out);
    }

    /// The separator before an array element.
    #[inline]
    pub fn array_item(&mut self, first: bool) {
        self.fmt.before_item(self.out, first);
    }

    /// Writes `s` as a JSON string, escaped as serde_json escapes it.
    #[inline]
    pub fn str(&mut self, s: &str) {
        escape::write_escaped_str(self.out, s, F::HTML_SAFE);
    }

    /// Writes pre-escaped JSON verbatim (the caller guarantees it is valid JSON).
    #[inline]
    pub fn raw(&mut self, json: &'static str) {
        self.out.extend_from_slice(json.as_bytes());
    }

    /// Writes already-valid JSON text (for `serde_json::value::RawValue`-like uses).
    #[inline]
    pub fn raw_str(&mut self, json: &str) {
        self.out.extend_from_slice(json.as_bytes());
    }

    /// Writes a JSON value's text as it is (a raw value's); under [`HtmlSafe`], with `<`, `>`,
    /// `&`, U+2028 and U+2029 escaped: in valid JSON they can only stand inside strings, where
    /// their `\u` escapes mean the same.
    #[inline]
    pub(crate) fn json_text(&mut self, json: &str) {
        if F::HTML_SAFE {
            escape::write_html_safe_json(self.out, json.as_bytes());
        } else {
            self.out.extend_from_slice(json.as_bytes());
        }
    }

    /// Writes `null`.
    #[inline]
    pub fn null(&mut self) {
        self.out.extend_from_slice(b"null");
    }

    /// Writes `true` or `false`.
    #[inline]
    pub fn bool(&mut self, value: bool) {
        self.out
            .extend_from_slice(if value { b"true" } else { b"false" });
    }

    /// Writes an unsigned integer in decimal.
    #[inline]
    pub fn u64(&mut self, value: u64) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }

    /// Writes a signed integer in decimal.
    #[inline]
    pub fn i64(&mut self, value: i64) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }

    /// Writes a 128-bit unsigned integer in decimal (as serde_json does, never as a float).
    #[inline]
    pub fn u128(&mut self, value: u128) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }

    /// Writes a 128-bit signed integer in decimal (as serde_json does, never as a float).
    #[inline]
    pub fn i128(&mut self, value: i128) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }

    /// Any primitive integer, in decimal.
    #[inline]
    pub(crate) fn integer<I: itoa::Integer>(&mut self, value: I) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }

    /// An integer in quotes (integer map keys).
    #[inline]
    pub(crate) fn quoted_integer<I: itoa::Integer>(&mut self, value: I) {
        self.out.push(b'"');
        self.integer(value);
        self.out.push(b'"');
    }

    /// Shortest round-trip form, as serde_json writes it (`1e+25`, `100.0`); NaN and ±inf as `null`.
    #[inline]
    pub fn f64(&mut self, value: f64) {
        // Not `value.is_finite()`: its sign mask is a false dependency in native builds
        // (`shortest::opaque`).
        if shortest::is_finite(value) {
            self.finite_f64(value);
        } else {
            self.null();
        }
    }

    /// A lone finite `f64`. Where zmij's SSE4.1 digit path is compiled in (or on other
    /// architectures), zmij. In an x86_64 build without SSE4.1 (the default target), our own
    /// writer, whose digits take one SSE2 pass in every build (ladder encode 4% to 6% faster
    /// than zmij's SSE2 path), when the spare
    /// capacity holds its whole-register stores; zmij otherwise, so that `to_vec`'s estimate
    /// (24 bytes a float) is never outgrown.
    #[inline]
    fn finite_f64(&mut self, value: f64) {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "sse4.1")))]
        if self.out.capacity() - self.out.len() >= shortest::MAX_WRITE {
            // SAFETY: `value` is finite (the caller checked) and the spare capacity holds the
            // MAX_WRITE bytes `shortest::write` may store; `set_len` covers only its text.
            unsafe {
                let len = self.out.len();
                let start = self.out.as_mut_ptr().add(len);
                let end = shortest::write(value, start);
                self.out.set_len(len + end.offset_from(start) as usize);
            }
            return;
        }
        self.finite_float(value);
    }

    /// A JSON array of `f64`s. In compact layout four floats at a time: all four are taken
    /// apart into decimals before any is written, so their arithmetic overlaps (canada encode
    /// 19% to 29% faster than float by float),
    /// and the position stays in a register for a block of them. Other layouts, and any group
    /// with a NaN or an infinity (`null`), go float by float.
    #[inline]
    pub(crate) fn f64_array(&mut self, items: &[f64]) {
        if !F::COMPACT {
            return crate::impls::encode_seq(items, self);
        }
        const FOUR: shortest::Punctuation<4> = shortest::Punctuation {
            before: [b"", b",", b",", b","],
            after: b"",
        };
        self.out.push(b'[');
        let mut first = true;
        for block in items.chunks(4 * FLOAT_BLOCK) {
            // What the estimate counts for these floats (`encoded_len_hint`: 24 bytes and a
            // comma each), so that `to_vec` never grows its buffer here; a group takes the
            // batched path only where its scratch bytes fit (`try_write_group`), the last few may not.
            self.out.reserve(block.len() * (float_estimate() + 1));
            let mut groups = block.chunks_exact(4);
            for group in &mut groups {
                let values = [group[0], group[1], group[2], group[3]];
                let finite = values.into_iter().all(shortest::is_finite);
                if !(finite && self.try_write_group(values, &FOUR, first)) {
                    for (i, value) in values.into_iter().enumerate() {
                        if i != 0 || !first {
                            self.out.push(b',');
                        }
                        self.f64(value);
                    }
                }
                first = false;
            }
            for &value in groups.remainder() {
                if !first {
                    self.out.push(b',');
                }
                first = false;
                self.f64(value);
            }
        }
        self.out.push(b']');
    }

    /// A JSON array of `items`, each an array of two `f64`s (`(f64, f64)`, coordinates) that
    /// `floats` reads: two items at a time, their four floats taken apart before any is
    /// written, as [`Writer::f64_array`] does. Other layouts, and items with a NaN or an
    /// infinity, go through the items' own `encode`.
    #[inline]
    pub(crate) fn f64_pair_array<T: crate::Encode>(
        &mut self,
        items: &[T],
        floats: impl Fn(&T) -> (Option<f64>, Option<f64>),
    ) {
        if !F::COMPACT {
            return crate::impls::encode_seq(items, self);
        }
        const TWO_ITEMS: shortest::Punctuation<4> = shortest::Punctuation {
            before: [b"[", b",", b"],[", b","],
            after: b"]",
        };
        let finite = |item: &T| match floats(item) {
            (Some(a), Some(b)) if shortest::is_finite(a) & shortest::is_finite(b) => Some([a, b]),
            _ => None,
        };
        self.out.push(b'[');
        let mut first = true;
        for block in items.chunks(2 * FLOAT_BLOCK) {
            // What the estimate counts for these items (brackets, two floats of 24 bytes with a
            // comma each, and the item's comma), as in `f64_array`.
            self.out
                .reserve(block.len() * (2 * (float_estimate() + 1) + 3));
            for group in block.chunks(2) {
                let written = match (finite(&group[0]), group.get(1).map(finite)) {
                    (Some([a, b]), Some(Some([c, d]))) => {
                        self.try_write_group([a, b, c, d], &TWO_ITEMS, first)
                    }
                    _ => false,
                };
                if !written {
                    for (i, item) in group.iter().enumerate() {
                        if i != 0 || !first {
                            self.out.push(b',');
                        }
                        item.encode(self);
                    }
                }
                first = false;
            }
        }
        self.out.push(b']');
    }

    /// Writes `N` (2 to 4) finite floats with `punctuation` (a comma first unless `first`) where
    /// the spare capacity holds what they may store, and says whether it did; nothing is written
    /// when it does not (the caller then goes float by float).
    #[inline(always)]
    fn try_write_group<const N: usize>(
        &mut self,
        values: [f64; N],
        punctuation: &shortest::Punctuation<N>,
        first: bool,
    ) -> bool {
        if self.out.capacity() - self.out.len() < punctuation.max_write() + 1 {
            return false;
        }
        // SAFETY: the spare capacity holds the separator and the `max_write()` bytes
        // `write_group` may store (checked above); the caller passes finite values. `set_len`
        // covers only the written text.
        unsafe {
            let start = self.out.as_mut_ptr().add(self.out.len());
            let mut at = start;
            if !first {
                *at = b',';
                at = at.add(1);
            }
            let end = shortest::write_group(values, punctuation, at);
            self.out
                .set_len(self.out.len() + end.offset_from(start) as usize);
        }
        true
    }

    /// Writes a run of 2 to 4 consecutive `f64` struct fields as a group where it can, and says
    /// whether it did; when it did not, nothing is written and generated code writes the
    /// entries one by one. Each key is given fused as [`Writer::field_key`] takes it
    /// (`,"lat":`, the comma left out when `first`). The group is written in the compact layout
    /// when every value is finite and the spare capacity holds the group's scratch bytes
    /// ([`F64_RUN_SLACK`]): every value is taken apart before any is written, as in float arrays
    /// (micro-reading's `to_vec` 30% faster in the default build). Not part of the API.
    #[doc(hidden)]
    #[inline(always)]
    pub fn try_f64_fields<const N: usize>(
        &mut self,
        first: bool,
        fused_keys: [&'static str; N],
        values: [&f64; N],
    ) -> bool {
        const { assert!(N >= 2 && N <= 4, "runs of 2 to 4 fields") };
        if !F::COMPACT || F::HTML_SAFE {
            return false;
        }
        let values = values.map(|value| *value);
        let finite = values
            .iter()
            .fold(true, |all, &value| all & shortest::is_finite(value));
        let mut before = fused_keys.map(str::as_bytes);
        before[0] = &before[0][usize::from(first)..];
        let punctuation = shortest::Punctuation { before, after: b"" };
        finite && self.try_write_group(values, &punctuation, true)
    }

    /// Shortest round-trip form of an `f32`; NaN and ±inf as `null`.
    #[inline]
    pub fn f32(&mut self, value: f32) {
        if value.is_finite() {
            self.finite_float(value);
        } else {
            self.null();
        }
    }

    /// Formats a finite float with zmij straight into the output's spare capacity.
    ///
    /// Formatting into a stack buffer and appending it cost a `memmove` per float plus a reload
    /// of bytes just stored (a store-forwarding stall): a quarter of canada's encode time
    /// (writing in place made canada encode 6.5% faster). In builds with BMI2 the call is
    /// preceded by [`clear_rax_before_zmij`].
    #[inline]
    fn finite_float<N: zmij::Float>(&mut self, value: N) {
        const SIZE: usize = std::mem::size_of::<zmij::Buffer>();
        const _: () = assert!(std::mem::align_of::<zmij::Buffer>() == 1);
        self.out.reserve(SIZE);
        let len = self.out.len();
        // SAFETY: `reserve` left at least SIZE writable bytes after `len`. `zmij::Buffer` holds
        // only `MaybeUninit<u8>`s (any bytes, initialised or not, are a valid value, and it has
        // no drop glue) and has alignment 1 (asserted above), so those bytes may be viewed as
        // one for the duration of the call. The printed text lies inside them (it is a
        // reference into the buffer); it is moved to `len` if it does not start there, and
        // `set_len` then covers only bytes zmij has written.
        unsafe {
            let spare = self.out.as_mut_ptr().add(len);
            let buffer = &mut *spare.cast::<zmij::Buffer>();
            clear_rax_before_zmij();
            let printed = buffer.format_finite(value);
            let (start, written) = (printed.as_ptr(), printed.len());
            if start != spare.cast_const() {
                std::ptr::copy(start, spare, written);
            }
            self.out.set_len(len + written);
        }
    }
}

/// What `f64`'s `encoded_len_hint` counts for a float (its longest text): float arrays reserve
/// no more than that, so that `to_vec`, which allocates the estimate, never grows.
#[inline(always)]
fn float_estimate() -> usize {
    crate::Encode::encoded_len_hint(&0.0f64)
}

/// Ends the false dependency of a zmij call on the register RAX (native canada encode 25%
/// faster, micro-reading 14%).
///
/// zmij compiled with BMI2 begins with `mov al, 52` and then reads RAX (`bzhi`): writing
/// AL merges into the rest of RAX, so each call waits for whatever RAX last held, often the
/// text end the previous call returned. Consecutive floats then run one after the other
/// instead of overlapping (30% slower per float on Zen 5). Zeroing EAX, an idiom the CPU
/// treats as independent of the old value, right before the call ends that chain. Without
/// BMI2 zmij's code does not do this, and nothing is emitted.
#[inline(always)]
fn clear_rax_before_zmij() {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the instruction writes only EAX (declared clobbered, upper half of RAX
    // included) and the flags (not declared preserved); it reads nothing and touches
    // neither memory nor the stack.
    unsafe {
        std::arch::asm!("xor eax, eax", out("eax") _, options(nomem, nostack));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pretty(build: impl FnOnce(&mut Writer<'_, Pretty>)) -> String {
        let mut out = Vec::new();
        build(&mut Writer::with_format(&mut out, Pretty::default()));
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn pretty_layout_matches_serde_json() {
        let text = pretty(|w| {
            w.begin_object();
            w.key(true, "\"a\"");
            w.begin_array();
            w.array_item(true);
            w.u64(1);
            w.array_item(false);
            w.begin_object();
            w.end_object();
            w.end_array();
            w.key(false, "\"b\"");
            w.begin_array();
            w.end_array();
            w.end_object();
        });
        let expected =
            serde_json::to_string_pretty(&serde_json::json!({"a": [1, {}], "b": []})).unwrap();
        assert_eq!(text, expected);
    }

    #[test]
    fn floats_match_serde_json_formatting() {
        for v in [
            0.0,
            -0.0,
            1e25,
            -5.449e25,
            100.0,
            1e-7,
            5e-324,
            1e20,
            f64::MAX,
            0.1,
        ] {
            let mut out = Vec::new();
            Writer::new(&mut out).f64(v);
            assert_eq!(out, serde_json::to_vec(&v).unwrap(), "{v}");
        }
        let mut out = Vec::new();
        Writer::new(&mut out).f64(f64::NAN);
        assert_eq!(out, b"null");
        let mut out = Vec::new();
        Writer::new(&mut out).f32(f32::MAX);
        assert_eq!(out, b"3.4028235e+38");
    }

    /// The batched float paths: `[f64]` four at a time and `[(f64, f64)]` two items at a
    /// time, at every length around the group and block sizes, with NaN and infinities (`null`,
    /// the per-float fallback) anywhere, behind prefixes and in buffers of several capacities, in
    /// both layouts and through `Vec`, slices, arrays and `Box<[T]>`; all against serde_json.
    #[test]
    fn float_arrays_in_batches_match_serde_json() {
        let mut next = crate::test_rng::xorshift(0x0ba7_c4e5);
        let mut random_float = move || {
            let v = f64::from_bits(next());
            if next().is_multiple_of(16) {
                [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.0][(next() % 5) as usize]
            } else if v.is_finite() {
                v
            } else {
                (next() % 1_000_000) as f64 / 1000.0
            }
        };
        let compact = |encode: &dyn Fn(&mut Writer<'_, Compact>), prefix: &[u8]| {
            let mut out = prefix.to_vec();
            encode(&mut Writer::new(&mut out));
            out[prefix.len()..].to_vec()
        };
        let lengths = (0..=21).chain([63, 64, 65, 127, 128, 129, 255, 256, 257, 300]);
        for length in lengths {
            let floats: Vec<f64> = (0..length).map(|_| random_float()).collect();
            let pairs: Vec<(f64, f64)> = (0..length)
                .map(|_| (random_float(), random_float()))
                .collect();
            let want_floats = serde_json::to_vec(&floats).unwrap();
            let want_pairs = serde_json::to_vec(&pairs).unwrap();
            for prefix_len in [0, 1, 7, 64, 1000] {
                let prefix = vec![b' '; prefix_len];
                assert_eq!(
                    compact(&|w| crate::Encode::encode(&floats, w), &prefix),
                    want_floats
                );
                assert_eq!(
                    compact(&|w| crate::Encode::encode(&pairs, w), &prefix),
                    want_pairs
                );
            }
            assert_eq!(
                compact(&|w| crate::Encode::encode(&floats[..], w), b""),
                want_floats
            );
            let boxed: Box<[(f64, f64)]> = pairs.clone().into_boxed_slice();
            assert_eq!(
                compact(&|w| crate::Encode::encode(&boxed, w), b""),
                want_pairs
            );
            // Capacities from exactly the text's length down, so that every block's reservation
            // starts from a different amount of room.
            for capacity in [0, 1, want_pairs.len() / 2, want_pairs.len()] {
                let mut out = Vec::with_capacity(capacity);
                crate::encode_into(&pairs, &mut out);
                assert_eq!(out, want_pairs);
            }
            let mut pretty = Vec::new();
            crate::Encode::encode(
                &pairs,
                &mut Writer::with_format(&mut pretty, Pretty::default()),
            );
            assert_eq!(pretty, serde_json::to_vec_pretty(&pairs).unwrap());
            let mut pretty = Vec::new();
            crate::Encode::encode(
                &floats,
                &mut Writer::with_format(&mut pretty, Pretty::default()),
            );
            assert_eq!(pretty, serde_json::to_vec_pretty(&floats).unwrap());
        }
        let array: [(f64, f64); 5] = [
            (1.0, 2.0),
            (0.1, -0.2),
            (1e300, 5e-324),
            (3.0, 4.0),
            (f64::NAN, 1.0),
        ];
        assert_eq!(
            compact(&|w| crate::Encode::encode(&array, w), b""),
            serde_json::to_vec(&array).unwrap()
        );
    }

    /// Floats back to back (arrays, tuples, options: the calls `clear_rax_before_zmij` is
    /// about) print
    /// serde_json's text, non-finite values included.
    #[test]
    fn float_sequences_match_serde_json() {
        let floats = vec![0.1, -2.5e-8, f64::NAN, 1e21, 7.0, f64::INFINITY, -0.0];
        let to_vec = |v: &dyn Fn(&mut Writer<'_, Compact>)| {
            let mut out = Vec::new();
            v(&mut Writer::new(&mut out));
            out
        };
        assert_eq!(
            to_vec(&|w| crate::Encode::encode(&floats, w)),
            serde_json::to_vec(&floats).unwrap()
        );
        let pairs: Vec<(f64, f32)> = vec![(1.5, 2.25), (f64::NAN, 3.0e-9), (-1e300, f32::MIN)];
        assert_eq!(
            to_vec(&|w| crate::Encode::encode(&pairs, w)),
            serde_json::to_vec(&pairs).unwrap()
        );
        let optional = [Some(0.3f32), None, Some(f32::NAN), Some(123456.79)];
        assert_eq!(
            to_vec(&|w| crate::Encode::encode(&optional, w)),
            serde_json::to_vec(&optional).unwrap()
        );
    }

    /// Lone floats format into the spare capacity (zmij, or `shortest::write` where the build
    /// lacks SSE4.1 and the spare holds its `MAX_WRITE`): at every free-space edge (none, a few
    /// bytes, exactly one zmij buffer, either side of `MAX_WRITE`, more) and after every prefix
    /// length, the output is the prefix followed by what zmij's own buffer prints, nothing past
    /// it is claimed, and a spare of one zmij buffer or more is never outgrown (what `to_vec`'s
    /// 24-byte estimate per float relies on).
    #[test]
    fn floats_written_in_place_at_every_capacity_edge() {
        let mut next = crate::test_rng::xorshift(0x5eed_f10a7);
        let mut doubles = vec![
            0.0,
            -0.0,
            1e16,
            1e15,
            -1.5e-7,
            5e-324,
            f64::MAX,
            f64::MIN,
            0.1,
        ];
        doubles.extend(
            (0..2_000)
                .map(|_| f64::from_bits(next()))
                .filter(|v| v.is_finite()),
        );
        let buffer_size = std::mem::size_of::<zmij::Buffer>();
        for (i, &v) in doubles.iter().enumerate() {
            let expected = zmij::Buffer::new().format_finite(v).to_owned();
            let single = f32::from_bits(next() as u32);
            let expected_single = single
                .is_finite()
                .then(|| zmij::Buffer::new().format_finite(single).to_owned());
            let prefix_len = i % 7;
            for spare in [
                0,
                1,
                expected.len() - 1,
                expected.len(),
                buffer_size - 1,
                buffer_size,
                shortest::MAX_WRITE - 1,
                shortest::MAX_WRITE,
                64,
            ] {
                let mut out = Vec::with_capacity(prefix_len + spare);
                out.extend(std::iter::repeat_n(b'[', prefix_len));
                let capacity = out.capacity();
                Writer::new(&mut out).f64(v);
                if spare >= buffer_size {
                    assert_eq!(out.capacity(), capacity, "{v:e} grew with {spare} spare");
                }
                assert_eq!(&out[..prefix_len], &b"[[[[[[["[..prefix_len]);
                assert_eq!(
                    std::str::from_utf8(&out[prefix_len..]).unwrap(),
                    expected,
                    "{v:e}"
                );
                if let Some(expected_single) = &expected_single {
                    out.truncate(prefix_len);
                    out.shrink_to(prefix_len + spare);
                    Writer::new(&mut out).f32(single);
                    assert_eq!(
                        std::str::from_utf8(&out[prefix_len..]).unwrap(),
                        expected_single
                    );
                }
            }
        }
    }

    /// What [`object_with_run`] wrote and saw.
    struct RunOutcome {
        /// The text after the prefix.
        text: String,
        /// Whether the buffer grew while the run was written.
        grew: bool,
        /// Whether `try_f64_fields` wrote the group (false with `single`).
        grouped: bool,
        /// The spare capacity when the run began.
        spare_at_run: usize,
    }

    /// One `{"z":1,<run>}` object (the `z` entry only when the run is not first), the run
    /// written by `try_f64_fields` (entry by entry when it declines, as generated code does) or,
    /// with `single`, entry by entry as without the grouped run. `prefix` bytes come first; the
    /// buffer starts with `spare` bytes of room after them.
    fn object_with_run<F: Format + Default, const N: usize>(
        first: bool,
        keys: [&'static str; N],
        values: [f64; N],
        single: bool,
        (prefix, spare): (usize, usize),
    ) -> RunOutcome {
        let mut out = Vec::with_capacity(prefix + spare);
        out.extend(std::iter::repeat_n(b'[', prefix));
        let mut w = Writer::with_format(&mut out, F::default());
        w.begin_object();
        if !first {
            w.field_key(true, ",\"z\":");
            w.u64(1);
        }
        let capacity = w.out.capacity();
        let spare_at_run = capacity - w.out.len();
        let grouped = !single && w.try_f64_fields(first, keys, values.each_ref());
        if !grouped {
            for (i, (key, value)) in keys.into_iter().zip(values).enumerate() {
                w.field_key(first && i == 0, key);
                w.f64(value);
            }
        }
        let grew = w.out.capacity() != capacity;
        w.end_object();
        assert!(out[..prefix].iter().all(|&b| b == b'['));
        RunOutcome {
            text: String::from_utf8(out[prefix..].to_vec()).unwrap(),
            grew,
            grouped,
            spare_at_run,
        }
    }

    /// A run of `f64` fields given to `try_f64_fields` gives the text of its entries written
    /// one by one, in every layout, first in its object or not, with NaN and infinities among
    /// the values, at every spare capacity around the group's scratch bytes. The group is
    /// written exactly when the layout is compact, every value finite and the spare holds the
    /// entries' estimate (the fused keys and 24 bytes a float) plus `F64_RUN_SLACK`, what
    /// generated `encoded_len_hint`s add so that `to_vec` takes it; and a spare holding the
    /// estimate is never outgrown.
    fn check_float_run<const N: usize>(keys: [&'static str; N], values: [f64; N], prefix: usize) {
        let key_bytes: usize = keys.iter().map(|k| k.len()).sum();
        let estimate = key_bytes + N * float_estimate();
        let finite = values.iter().all(|v| v.is_finite());
        for first in [true, false] {
            // The object's `{`, and the `"z":1` entry, come out of the spare first.
            let used_before = 1 + if first { 0 } else { 5 };
            let group_needs = estimate + F64_RUN_SLACK - usize::from(first);
            let threshold = group_needs + used_before;
            let spares = [
                0,
                1,
                estimate + used_before - 1,
                estimate + used_before,
                threshold - 1,
                threshold,
                threshold + 1,
                256,
            ];
            for spare in spares {
                let at = (prefix, spare);
                let want = object_with_run::<Compact, N>(first, keys, values, true, at).text;
                let got = object_with_run::<Compact, N>(first, keys, values, false, at);
                assert_eq!(got.text, want, "compact, spare {spare}");
                assert_eq!(
                    got.grouped,
                    finite && got.spare_at_run >= group_needs,
                    "{want}: spare {} of {group_needs} needed",
                    got.spare_at_run
                );
                if got.spare_at_run >= estimate {
                    assert!(!got.grew, "{want}: grew with {} spare", got.spare_at_run);
                }
                for (layout, want, got) in [
                    (
                        "pretty",
                        object_with_run::<Pretty, N>(first, keys, values, true, at),
                        object_with_run::<Pretty, N>(first, keys, values, false, at),
                    ),
                    (
                        "HTML-safe",
                        object_with_run::<HtmlSafe<Compact>, N>(first, keys, values, true, at),
                        object_with_run::<HtmlSafe<Compact>, N>(first, keys, values, false, at),
                    ),
                ] {
                    assert_eq!(got.text, want.text, "{layout}, spare {spare}");
                    assert!(!got.grouped, "{layout}: grouped");
                }
            }
        }
    }

    #[test]
    fn float_field_runs_write_what_single_entries_write() {
        let mut next = crate::test_rng::xorshift(0x00f1_e1d5);
        let mut value = move || match next() % 16 {
            0 => f64::NAN,
            1 => f64::NEG_INFINITY,
            2 => 0.0,
            3 => -0.0,
            4 => 1e16,
            5 => -1.5e-7,
            6 => f64::MIN,
            7 => 37.774929123456,
            _ => f64::from_bits(next()),
        };
        // Short keys, one longer than 16 bytes, and keys that need escaping (`"`, and `<` for
        // the HTML-safe layout).
        const LAT: &str = ",\"lat\":";
        const LONG: &str = ",\"a_key_longer_than_sixteen_bytes\":";
        const QUOTE: &str = ",\"a\\\"b\":";
        const HTML: &str = ",\"<b>\":";
        for i in 0..crate::test_rng::iterations(300) {
            let prefix = i % 5;
            check_float_run([LAT, LONG], [value(), value()], prefix);
            check_float_run([QUOTE, LAT, HTML], [value(), value(), value()], prefix);
            check_float_run(
                [HTML, LAT, LONG, QUOTE],
                [value(), value(), value(), value()],
                prefix,
            );
        }
    }
}
