//! `DecodePool`: decoding for servers, reusing each thread's scratch buffer with a cap on what
//! stays retained.

use std::cell::Cell;

use crate::api::decode_all;
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::Decode;

thread_local! {
    /// The scratch buffer of this thread's last pooled decode. One slot per thread and no lock:
    /// a decode never awaits, so a request handled on any executor thread takes the buffer and
    /// gives it back before anything else runs there. A `Cell` and not a `RefCell`: a decode
    /// nested in another (a hand-written impl calling `decode` again) finds the slot empty and
    /// works with a fresh buffer instead of failing a borrow.
    static SCRATCH: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
}

/// Decoding for servers: each thread keeps the scratch buffer that strings with escapes are
/// unescaped into, so steady-state decoding allocates only what the decoded values own, on any
/// number of threads, with no lock and no `&mut` to share.
///
/// Memory stays bounded: a buffer that one request grew past [`max_retained`] bytes is dropped
/// when that decode ends, so a 50 MB body does not pin 50 MB per thread for ever. At most
/// `max_retained` bytes per thread stay between requests (64 KiB by default: the longest escaped
/// string the buffer is kept for).
///
/// `fastjson::axum::Json` decodes through the pool a router sets as an extension, else through
/// `DecodePool::new()`. For a loop on one thread,
/// [`Decoder`](crate::Decoder) keeps its buffer itself.
///
/// [`max_retained`]: DecodePool::with_max_retained
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::DecodePool;
///
/// static POOL: DecodePool = DecodePool::new().with_max_retained(1 << 20).with_max_depth(64);
///
/// let handles: Vec<_> = (0..4)
///     .map(|i| {
///         std::thread::spawn(move || {
///             let body = format!(r#"["line\n{i}", "tab\t"]"#);
///             POOL.decode::<Vec<String>>(body.as_bytes())
///         })
///     })
///     .collect();
/// for handle in handles {
///     assert_eq!(handle.join().unwrap()?.len(), 2);
/// }
/// # Ok::<(), fastjson::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodePool {
    max_retained: usize,
    max_depth: Option<u32>,
}

impl DecodePool {
    /// The default cap on the scratch buffer a thread keeps between decodes: 64 KiB.
    pub const DEFAULT_MAX_RETAINED: usize = 64 * 1024;

    /// A pool keeping up to [`DEFAULT_MAX_RETAINED`](Self::DEFAULT_MAX_RETAINED) bytes per
    /// thread, with the default nesting limit ([`DEFAULT_MAX_DEPTH`](crate::DEFAULT_MAX_DEPTH)).
    pub const fn new() -> Self {
        DecodePool {
            max_retained: Self::DEFAULT_MAX_RETAINED,
            max_depth: None,
        }
    }

    /// Sets the cap on the scratch buffer each thread keeps after a decode: a buffer with a larger
    /// capacity is freed instead. 0 keeps nothing (every string with escapes allocates).
    pub const fn with_max_retained(mut self, bytes: usize) -> Self {
        self.max_retained = bytes;
        self
    }

    /// Sets the nesting limit for every document decoded through this pool.
    pub const fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = Some(max_depth);
        self
    }

    /// The cap set by [`with_max_retained`](Self::with_max_retained).
    pub const fn max_retained(&self) -> usize {
        self.max_retained
    }

    /// Decodes one whole document, as [`from_slice`](crate::from_slice) does, with this thread's
    /// scratch buffer.
    #[inline]
    pub fn decode<'de, T: Decode<'de>>(&self, input: &'de [u8]) -> Result<T> {
        // During thread teardown the slot is gone: decode with a fresh buffer.
        let scratch = SCRATCH.try_with(Cell::take).unwrap_or_default();
        let mut lex = Lexer::with_scratch(input, scratch);
        if let Some(depth) = self.max_depth {
            lex = lex.with_max_depth(depth);
        }
        let result = decode_all(&mut lex);
        self.give_back(lex.into_scratch());
        result
    }

    /// Keeps `scratch` for this thread's next decode when it is within the cap. Out of line: it
    /// runs once per document, and the decode it follows stays small enough to inline.
    #[inline(never)]
    fn give_back(&self, scratch: Vec<u8>) {
        if scratch.capacity() <= self.max_retained {
            let _ = SCRATCH.try_with(|slot| slot.set(scratch));
        }
    }

    /// The capacity of the scratch buffer the calling thread keeps now, in bytes: what the pool
    /// retains on this thread between decodes.
    pub fn retained_on_this_thread() -> usize {
        SCRATCH
            .try_with(|slot| {
                let scratch = slot.take();
                let capacity = scratch.capacity();
                slot.set(scratch);
                capacity
            })
            .unwrap_or(0)
    }
}

impl Default for DecodePool {
    fn default() -> Self {
        DecodePool::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped_string(len: usize) -> String {
        format!("\"{}\"", "a\\n".repeat(len / 2))
    }

    /// The buffer comes back after a value and after an error, and steady state reuses it.
    #[test]
    fn a_thread_keeps_its_buffer_between_decodes() {
        std::thread::spawn(|| {
            let pool = DecodePool::new();
            assert_eq!(DecodePool::retained_on_this_thread(), 0);
            let text: String = pool.decode(escaped_string(1000).as_bytes()).unwrap();
            assert_eq!(text.len(), 1000);
            let kept = DecodePool::retained_on_this_thread();
            assert!(kept >= 1000, "kept {kept}");
            let ptr = SCRATCH.with(|slot| {
                let scratch = slot.take();
                let ptr = scratch.as_ptr();
                slot.set(scratch);
                ptr
            });
            assert!(pool.decode::<String>(br#""x\ty" 1"#).is_err());
            let _: String = pool.decode(br#""c\td""#).unwrap();
            assert_eq!(DecodePool::retained_on_this_thread(), kept);
            SCRATCH.with(|slot| {
                let scratch = slot.take();
                assert_eq!(scratch.as_ptr(), ptr, "the same buffer, not a new one");
                slot.set(scratch);
            });
        })
        .join()
        .unwrap();
    }

    /// One 50 MB string followed by small ones leaves no more than the cap retained.
    #[test]
    fn a_buffer_grown_past_the_cap_is_dropped() {
        std::thread::spawn(|| {
            let pool = DecodePool::new().with_max_retained(1 << 20);
            let _: String = pool.decode(escaped_string(1000).as_bytes()).unwrap();
            assert!(DecodePool::retained_on_this_thread() >= 1000);
            let huge = escaped_string(50 << 20);
            let text: String = pool.decode(huge.as_bytes()).unwrap();
            assert_eq!(text.len(), 50 << 20);
            assert_eq!(DecodePool::retained_on_this_thread(), 0);
            for _ in 0..3 {
                let _: String = pool.decode(escaped_string(100).as_bytes()).unwrap();
                let kept = DecodePool::retained_on_this_thread();
                assert!((100..=1 << 20).contains(&kept), "kept {kept}");
            }
            let nothing = DecodePool::new().with_max_retained(0);
            let _: String = nothing.decode(escaped_string(100).as_bytes()).unwrap();
            assert_eq!(DecodePool::retained_on_this_thread(), 0);
        })
        .join()
        .unwrap();
    }

    /// Eight threads decoding documents of mixed sizes at once: every value right, no thread
    /// retaining more than the cap afterwards.
    #[test]
    fn threads_share_a_pool_with_mixed_sizes() {
        static POOL: DecodePool = DecodePool::new().with_max_retained(256 << 10);
        let handles: Vec<_> = (0..8)
            .map(|thread| {
                std::thread::spawn(move || {
                    let mut max_kept = 0;
                    // Under valgrind five rounds (see the short-integer test for the time
                    // saved): enough for every thread to meet each of the three sizes.
                    for round in 0..crate::test_rng::iterations(40).max(5) {
                        let len = match (thread + round) % 5 {
                            0 => 2 << 20,
                            1 => 200 << 10,
                            _ => 10 + round * 7,
                        };
                        let doc = format!("[{}, 1]", escaped_string(len));
                        let (text, one): (String, u8) = POOL.decode(doc.as_bytes()).unwrap();
                        assert_eq!((text.len(), one), (len / 2 * 2, 1));
                        max_kept = max_kept.max(DecodePool::retained_on_this_thread());
                    }
                    max_kept
                })
            })
            .collect();
        for handle in handles {
            let max_kept = handle.join().unwrap();
            assert!(max_kept <= 256 << 10, "a thread kept {max_kept} bytes");
            assert!(
                max_kept >= 200 << 10,
                "the 200 KiB strings' buffer was kept"
            );
        }
    }

    /// A decode nested in another on the same thread finds the slot empty and still works.
    #[test]
    fn nested_decodes_do_not_fail() {
        struct Nested(String);
        impl<'de> Decode<'de> for Nested {
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                let outer = String::decode(lex)?;
                let inner: String = DecodePool::new().decode(br#""in\ner""#)?;
                Ok(Nested(outer + &inner))
            }
        }
        let Nested(text) = DecodePool::new().decode(br#""out\ter""#).unwrap();
        assert_eq!(text, "out\terin\ner");
    }

    #[test]
    fn the_depth_limit_applies() {
        let pool = DecodePool::new().with_max_depth(3);
        // As serde_json counts: a limit of 3 allows two open arrays.
        assert!(pool.decode::<Vec<Vec<u8>>>(b"[[1]]").is_ok());
        let err = pool.decode::<Vec<Vec<Vec<u8>>>>(b"[[[1]]]").unwrap_err();
        assert!(err.to_string().contains("nesting deeper"), "{err}");
    }
}
