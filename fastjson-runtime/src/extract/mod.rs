//! Field extraction: a few paths read out of a large document in one pass, everything else
//! skipped by the validating skipper instead of decoded.

mod path;

use std::sync::Arc;

use crate::error::{Error, ErrorCode, Result};
use crate::lexer::{Lexer, DEFAULT_MAX_DEPTH};
use crate::raw_value::RawValue;
use crate::traits::Decode;
use path::Segment;

/// Paths compiled once into a tree, to be read out of any number of documents.
///
/// A path is written as errors print them: `$`, then `.name`, `["any key"]` and `[3]` steps
/// (see [`Extractor::new`]). One pass over the document finds every path: the objects and arrays
/// on the way are walked, every other value is skipped, and skipping validates, so the document
/// must be valid JSON throughout (unless [`Extractor::stop_when_found`] says otherwise), with the
/// same errors as a decode. A key that appears twice in one object is an error when a path goes
/// through it (as a repeated field is for a typed decode); a path through a value of another
/// kind (a key of an array, a position in an object) is simply not found.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; pub mod extract { pub use fastjson_runtime::{extract, Extractor}; } }
/// use fastjson::extract::{extract, Extractor};
///
/// let doc = br#"{"statuses":[{"id":1,"user":{"id":7,"name":"ann"}}],"count":1}"#;
/// let paths = Extractor::new(["$.count", "$.statuses[0].user.name"])?;
/// let found = paths.extract(doc)?;
/// assert_eq!(found.get::<u32>(0)?, Some(1));
/// assert_eq!(found.get::<&str>(1)?, Some("ann"));
/// assert_eq!(found.raw(1), Some(r#""ann""#));
/// // One path, decoded: `None` when the document does not have it.
/// assert_eq!(extract::<u64>(doc, "$.statuses[0].user.id")?, Some(7));
/// assert_eq!(extract::<u64>(doc, "$.statuses[1].user.id")?, None);
/// # Ok::<(), fastjson::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Extractor {
    /// Shared with every [`Extracted`], which names the path in its errors.
    paths: Arc<[Vec<Segment>]>,
    root: Node,
    max_depth: u32,
    stop_when_found: bool,
}

/// A step of the tree: the paths that end here, and where the others go next.
#[derive(Debug, Clone, Default)]
struct Node {
    /// Indices of the paths ending at this value (one path may be given twice).
    ends: Vec<usize>,
    keys: Vec<(Box<str>, Node)>,
    /// Sorted by position.
    indices: Vec<(usize, Node)>,
}

impl Extractor {
    /// Compiles `paths` (`$.statuses[3].user.id`, `$["a.b"]`, `$` for the whole document): a
    /// `.name` step runs to the next `.` or `[`; `["name"]` holds any key, with `\"` and `\\`
    /// for `"` and `\`; `[n]` is an array position. A malformed path is an error naming it and
    /// the byte where it goes wrong.
    pub fn new<I>(paths: I) -> Result<Extractor>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let paths = paths
            .into_iter()
            .map(|p| path::parse(p.as_ref()))
            .collect::<Result<Vec<_>>>()?;
        let mut root = Node::default();
        for (i, segments) in paths.iter().enumerate() {
            let mut node = &mut root;
            for segment in segments {
                node = match segment {
                    Segment::Key(k) => match node.keys.iter().position(|(name, _)| name == k) {
                        Some(at) => &mut node.keys[at].1,
                        None => {
                            node.keys.push((k.clone(), Node::default()));
                            &mut node.keys.last_mut().expect("just pushed").1
                        }
                    },
                    Segment::Index(n) => {
                        let at = match node.indices.binary_search_by_key(n, |(i, _)| *i) {
                            Ok(at) => at,
                            Err(at) => {
                                node.indices.insert(at, (*n, Node::default()));
                                at
                            }
                        };
                        &mut node.indices[at].1
                    }
                };
            }
            node.ends.push(i);
        }
        Ok(Extractor {
            paths: paths.into(),
            root,
            max_depth: DEFAULT_MAX_DEPTH,
            stop_when_found: false,
        })
    }

    /// Sets the nesting limit for the walk, the skipped values and [`Extracted::get`] (default
    /// [`DEFAULT_MAX_DEPTH`]).
    pub fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth.max(1);
        self
    }

    /// With `true`, the pass ends as soon as every path is found: what follows is not read, so
    /// it is not validated either (trailing garbage, a later repeated key are not seen). The
    /// values found are whole and validated. Default `false`: the whole document is read.
    pub fn stop_when_found(mut self, stop: bool) -> Self {
        self.stop_when_found = stop;
        self
    }

    /// How many paths there are ([`Extracted`] answers by the same indices).
    pub fn len(&self) -> usize {
        self.paths.len()
    }

    /// Whether no path was given.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// Reads the paths out of `input` in one pass.
    pub fn extract<'de>(&self, input: &'de [u8]) -> Result<Extracted<'de>> {
        self.run(Lexer::new(input))
    }

    /// [`Extractor::extract`] for text already known to be UTF-8 (not validated again).
    pub fn extract_str<'de>(&self, input: &'de str) -> Result<Extracted<'de>> {
        self.run(Lexer::from_text(input))
    }

    fn run<'de>(&self, lex: Lexer<'de>) -> Result<Extracted<'de>> {
        let mut walk = Walk {
            lex: lex.with_max_depth(self.max_depth),
            spans: vec![None; self.paths.len()],
            missing: self.paths.len(),
            stop_when_found: self.stop_when_found,
        };
        match walk.value(&self.root) {
            Ok(Flow::Go) => walk.lex.end()?,
            Ok(Flow::Done) => {}
            Err(e) => return Err(e),
        }
        Ok(Extracted {
            input: walk.lex.input(),
            spans: walk.spans,
            paths: Arc::clone(&self.paths),
            max_depth: self.max_depth,
        })
    }
}

/// Which of an object node's keys were read (a repeated one is an error, as in a typed
/// decode): bits for up to 64 keys, so walking an object allocates nothing. A `Vec` per object
/// was a quarter of the allocations of reading three paths from a 2 KB document.
enum Seen {
    Bits(u64),
    Many(Vec<bool>),
}

impl Seen {
    fn new(keys: usize) -> Seen {
        if keys <= 64 {
            Seen::Bits(0)
        } else {
            Seen::Many(vec![false; keys])
        }
    }

    /// Marks key `at`; whether it was marked already.
    fn insert(&mut self, at: usize) -> bool {
        match self {
            Seen::Bits(bits) => {
                let was = *bits >> at & 1 == 1;
                *bits |= 1 << at;
                was
            }
            Seen::Many(seen) => std::mem::replace(&mut seen[at], true),
        }
    }
}

/// Whether the walk goes on or every path has been found ([`Extractor::stop_when_found`]).
enum Flow {
    Go,
    Done,
}

struct Walk<'de> {
    lex: Lexer<'de>,
    spans: Vec<Option<(usize, usize)>>,
    /// Paths not found yet.
    missing: usize,
    stop_when_found: bool,
}

impl Walk<'_> {
    /// Reads the value at the lexer's position for `node`: walked into when a path goes on
    /// through it, skipped otherwise; its span recorded for the paths that end here.
    fn value(&mut self, node: &Node) -> Result<Flow> {
        let first_byte = self.lex.peek()?;
        let start = (!node.ends.is_empty()).then(|| self.lex.position());
        let flow = match first_byte {
            b'{' if !node.keys.is_empty() => self.object(node)?,
            b'[' if !node.indices.is_empty() => self.array(node)?,
            _ => {
                self.lex.skip_value()?;
                Flow::Go
            }
        };
        if let (Some(start), Flow::Go) = (start, &flow) {
            let end = self.lex.position();
            for &i in &node.ends {
                if self.spans[i].replace((start, end)).is_none() {
                    self.missing -= 1;
                }
            }
            if self.stop_when_found && self.missing == 0 {
                return Ok(Flow::Done);
            }
        }
        Ok(flow)
    }

    fn object(&mut self, node: &Node) -> Result<Flow> {
        self.lex.begin_object()?;
        let mut seen = Seen::new(node.keys.len());
        let mut first = true;
        loop {
            let Some(key) = self.lex.next_key(&mut first)? else {
                return Ok(Flow::Go);
            };
            let Some(at) = node
                .keys
                .iter()
                .position(|(name, _)| name.as_bytes() == key)
            else {
                self.lex.skip_value()?;
                continue;
            };
            let (name, child) = &node.keys[at];
            if seen.insert(at) {
                return Err(self.lex.err_duplicate_field(name));
            }
            match self.value(child) {
                Ok(Flow::Go) => {}
                Ok(Flow::Done) => return Ok(Flow::Done),
                Err(e) => return Err(e.at_field(name)),
            }
        }
    }

    fn array(&mut self, node: &Node) -> Result<Flow> {
        self.lex.begin_array()?;
        let mut wanted = node.indices.iter().peekable();
        let mut first = true;
        let mut index = 0;
        while self.lex.next_item(&mut first)? {
            let flow = match wanted.next_if(|(i, _)| *i == index) {
                Some((_, child)) => self.value(child).map_err(|e| e.at_index(index))?,
                None => {
                    self.lex.skip_value().map_err(|e| e.at_index(index))?;
                    Flow::Go
                }
            };
            if let Flow::Done = flow {
                return Ok(Flow::Done);
            }
            index += 1;
        }
        Ok(Flow::Go)
    }
}

/// What one pass found: per path (in the order given to [`Extractor::new`]), the value's text
/// in the document, or nothing when the document does not have it.
#[derive(Debug, Clone)]
pub struct Extracted<'de> {
    input: &'de [u8],
    spans: Vec<Option<(usize, usize)>>,
    paths: Arc<[Vec<Segment>]>,
    max_depth: u32,
}

impl<'de> Extracted<'de> {
    /// The JSON text of path `i`'s value (`"ann"` with its quotes, `{"id":7}`), or `None` when
    /// the document does not have it (or `i` is not a path's index).
    pub fn raw(&self, i: usize) -> Option<&'de str> {
        let (start, end) = (*self.spans.get(i)?)?;
        // The walk read the whole value, strings validated as UTF-8 (or the input was `&str`),
        // and a value starts and ends at an ASCII byte.
        std::str::from_utf8(&self.input[start..end]).ok()
    }

    /// Path `i`'s value as a [`RawValue`], borrowed from the document (its text is
    /// [`Self::raw`]'s), or `None` when the document does not have it.
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; }
    /// let paths = fastjson::Extractor::new(["$.user"])?;
    /// let found = paths.extract(br#"{"user": {"id": 7}, "n": 1}"#)?;
    /// let user = found.raw_value(0).expect("the document has it");
    /// assert_eq!(user.get(), r#"{"id": 7}"#);
    /// assert_eq!(fastjson::to_string(&user), r#"{"id": 7}"#);
    /// # Ok::<(), fastjson::Error>(())
    /// ```
    pub fn raw_value(&self, i: usize) -> Option<&'de RawValue> {
        // The span is a whole value the walk read (validated, never cut short by
        // `stop_when_found`, which stops only after a value ends), without whitespace around it.
        self.raw(i).map(RawValue::from_borrowed)
    }

    /// Path `i`'s value decoded as a `T`, or `None` when the document does not have it. A value
    /// that does not fit `T` is an error with the document's line and column and the whole path
    /// (`expected u64, found string at $.statuses[0].user.id (line 1, column 40)`).
    pub fn get<T: Decode<'de>>(&self, i: usize) -> Result<Option<T>> {
        let Some(&span) = self.spans.get(i) else {
            return Err(Error::custom(format_args!(
                "no path {i}: {} paths were extracted",
                self.spans.len()
            )));
        };
        let Some((start, end)) = span else {
            return Ok(None);
        };
        let mut lex = Lexer::new(&self.input[..end])
            .with_max_depth(self.max_depth)
            .trusting_utf8();
        lex.seek(start);
        let decoded = T::decode(&mut lex).and_then(|value| {
            // The span is exactly one value: a decoder that stopped short of its end did not
            // read the value it was given.
            if lex.position() == end {
                Ok(value)
            } else {
                Err(Error::at_offset(
                    ErrorCode::TrailingCharacters,
                    self.input,
                    lex.position(),
                ))
            }
        });
        decoded.map(Some).map_err(|mut e| {
            for segment in self.paths[i].iter().rev() {
                e = match segment {
                    Segment::Key(k) => e.at_field(k),
                    Segment::Index(n) => e.at_index(*n),
                };
            }
            e
        })
    }

    /// How many paths were looked for.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether no path was looked for.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// How many of the paths the document has.
    pub fn found(&self) -> usize {
        self.spans.iter().flatten().count()
    }
}

/// One path read out of `input` and decoded as a `T`, or `None` when `input` does not have it.
/// Reads the whole document (it must be valid JSON); to read several paths, or the same ones
/// from many documents, compile them once with [`Extractor`].
pub fn extract<'de, T: Decode<'de>>(input: &'de [u8], path: &str) -> Result<Option<T>> {
    Extractor::new([path])?.extract(input)?.get(0)
}

#[cfg(test)]
mod tests;
