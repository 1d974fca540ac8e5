//! A counting global allocator: allocations and bytes per operation are a reported figure.
//! Counting is off except while `measure` runs (one relaxed load per allocation otherwise), and
//! the binary installs it with `#[global_allocator]`; without it `measure` reports `None`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// The system allocator, counting while enabled.
pub struct CountingAlloc;

static ENABLED: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

#[inline]
fn count(bytes: usize) {
    if ENABLED.load(Relaxed) {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(bytes as u64, Relaxed);
    }
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; the counting
// touches only atomics and never allocates.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A growth counts as one allocation of the added bytes.
        count(new_size.saturating_sub(layout.size()));
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations and bytes per operation over `iterations` runs of `op`, or `None` when the
/// counting allocator is not the global allocator. Call from one thread while no other runs.
pub fn measure(iterations: u64, mut op: impl FnMut()) -> Option<(f64, f64)> {
    if !installed() {
        return None;
    }
    ALLOCS.store(0, Relaxed);
    BYTES.store(0, Relaxed);
    ENABLED.store(true, Relaxed);
    for _ in 0..iterations {
        op();
    }
    ENABLED.store(false, Relaxed);
    let n = iterations.max(1) as f64;
    Some((
        ALLOCS.load(Relaxed) as f64 / n,
        BYTES.load(Relaxed) as f64 / n,
    ))
}

/// Counting across a stretch of work that is not one repeatable closure (the HTTP family's
/// windows, where every thread of the process allocates): from [`Window::start`] to
/// [`Window::stop`]. Like [`measure`], only one may be open at a time.
pub struct Window(());

impl Window {
    /// Starts counting, or `None` when the counting allocator is not the global allocator.
    pub fn start() -> Option<Window> {
        if !installed() {
            return None;
        }
        ALLOCS.store(0, Relaxed);
        BYTES.store(0, Relaxed);
        ENABLED.store(true, Relaxed);
        Some(Window(()))
    }

    /// Stops counting: allocations and bytes since `start`, by every thread.
    pub fn stop(self) -> (u64, u64) {
        ENABLED.store(false, Relaxed);
        (ALLOCS.load(Relaxed), BYTES.load(Relaxed))
    }
}

/// Whether `CountingAlloc` is the global allocator (an allocation moves its counter).
pub fn installed() -> bool {
    ALLOCS.store(0, Relaxed);
    ENABLED.store(true, Relaxed);
    let probe = std::hint::black_box(Box::new(1u64));
    ENABLED.store(false, Relaxed);
    drop(probe);
    ALLOCS.load(Relaxed) > 0
}
