//! The trait-contamination guard: no type reachable from a stamped serde copy implements
//! fastjson's traits, no type reachable from a fastjson copy implements serde's, and every
//! stamped type reachable from a root belongs to the root's implementation.
//!
//! Two layers. At compile time, `Inspect` must be implemented by every field type of every
//! stamped type, so a payload cannot reach a type that was not stamped (or is not one of the
//! library leaf types below) without failing to build; and `stamp!` asserts per type that the
//! foreign traits are not implemented (`assert_not_impl!`). At run time, `check` walks the type
//! tree from a root, probing each stamped type (the probe is resolved at compile time, on the
//! concrete type) and reporting the path to every contaminated type; the harness runs it before
//! timing, and `tests/guard.rs` proves it fires on a poisoned fixture four levels down.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

/// A type the guard can walk. Implemented by `stamp!` for every stamped type and below for the
/// std containers and the library leaf types (which legitimately implement both trait families).
pub trait Inspect {
    /// Visits this type and, unless already visited, its field types.
    fn inspect(cx: &mut Inspector);
}

/// One contaminated type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Where the type sits, from the root, e.g. `Top.mids[].leaf?<box>`.
    pub path: String,
    /// The stamped type's name.
    pub type_name: &'static str,
    /// What is wrong, e.g. "implements fastjson::Encode".
    pub problem: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}) {}", self.path, self.type_name, self.problem)
    }
}

/// The walk's state: the current path, the types seen, and what was found.
#[derive(Default)]
pub struct Inspector {
    root_lib: Option<&'static str>,
    path: Vec<String>,
    seen: BTreeSet<&'static str>,
    findings: Vec<Finding>,
    visited: usize,
}

impl Inspector {
    /// Called by a stamped type: records findings for it and returns whether to walk its fields
    /// (false when it was already visited, which also ends recursion through recursive types).
    pub fn enter_stamped(
        &mut self,
        name: &'static str,
        type_id: &'static str,
        lib: &'static str,
        foreign: [(&'static str, bool); 2],
    ) -> bool {
        if self.path.is_empty() {
            self.path.push(name.to_string());
        }
        let root_lib = *self.root_lib.get_or_insert(lib);
        if !self.seen.insert(type_id) {
            return false;
        }
        self.visited += 1;
        if lib != root_lib {
            self.found(
                name,
                format!("belongs to {lib}'s copy, reached from {root_lib}'s"),
            );
        }
        for (trait_name, implemented) in foreign {
            if implemented {
                self.found(name, format!("implements {trait_name}"));
            }
        }
        true
    }

    fn found(&mut self, type_name: &'static str, problem: String) {
        self.findings.push(Finding {
            path: self.path.concat(),
            type_name,
            problem,
        });
    }

    /// Enters a field or container level (`.name`, `[]`, `?`, `<box>`, `{}`, `.0`).
    pub fn push(&mut self, segment: &str) {
        self.path.push(segment.to_string());
    }

    /// Leaves the level entered by the matching `push`.
    pub fn pop(&mut self) {
        self.path.pop();
    }

    /// Walks `T` one level down under `segment`.
    pub fn descend<T: Inspect + ?Sized>(&mut self, segment: &str) {
        self.push(segment);
        T::inspect(self);
        self.pop();
    }
}

/// The result of a walk: how many stamped types were visited, or every contaminated one.
pub fn check<T: Inspect + ?Sized>() -> Result<usize, Vec<Finding>> {
    let mut cx = Inspector::default();
    T::inspect(&mut cx);
    if cx.findings.is_empty() {
        Ok(cx.visited)
    } else {
        Err(cx.findings)
    }
}

/// `true` when the concrete type `$ty` implements the trait, else `false`; decided at compile
/// time by method resolution (autoref specialisation), so it needs a concrete type.
#[doc(hidden)]
#[macro_export]
macro_rules! __implements {
    ($ty:ty : $($tr:tt)+) => {{
        struct Probe<T: ?Sized>(::core::marker::PhantomData<T>);
        #[allow(dead_code)]
        trait Yes {
            fn implemented(&self) -> bool {
                true
            }
        }
        impl<T: ?Sized + $($tr)+> Yes for Probe<T> {}
        #[allow(dead_code)]
        trait No {
            fn implemented(&self) -> bool {
                false
            }
        }
        impl<T: ?Sized> No for &Probe<T> {}
        (&Probe::<$ty>(::core::marker::PhantomData)).implemented()
    }};
}

/// Fails to compile when `$ty` implements the trait (an ambiguous impl is selected otherwise).
#[macro_export]
macro_rules! assert_not_impl {
    ($ty:ty : $($tr:tt)+) => {
        const _: fn() = || {
            trait AmbiguousIfImpl<A> {
                fn some_item() {}
            }
            impl<T: ?Sized> AmbiguousIfImpl<()> for T {}
            #[allow(dead_code)]
            struct Invalid;
            impl<T: ?Sized + $($tr)+> AmbiguousIfImpl<Invalid> for T {}
            let _ = <$ty as AmbiguousIfImpl<_>>::some_item;
        };
    };
}

macro_rules! leaves {
    ($($ty:ty),* $(,)?) => {$(
        impl Inspect for $ty {
            fn inspect(_: &mut Inspector) {}
        }
    )*};
}

leaves!(
    (),
    bool,
    char,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    f32,
    f64,
    str,
    String,
    serde_json::Value,
    serde_json::Map<String, serde_json::Value>,
);

macro_rules! sequences {
    ($($ty:ident),*) => {$(
        impl<T: Inspect> Inspect for $ty<T> {
            fn inspect(cx: &mut Inspector) {
                cx.descend::<T>("[]");
            }
        }
    )*};
}

sequences!(Vec, VecDeque, BTreeSet);

impl<T: Inspect> Inspect for [T] {
    fn inspect(cx: &mut Inspector) {
        cx.descend::<T>("[]");
    }
}

impl<T: Inspect, const N: usize> Inspect for [T; N] {
    fn inspect(cx: &mut Inspector) {
        cx.descend::<T>("[]");
    }
}

impl<T: Inspect> Inspect for Option<T> {
    fn inspect(cx: &mut Inspector) {
        cx.descend::<T>("?");
    }
}

impl<T: Inspect + ?Sized> Inspect for Box<T> {
    fn inspect(cx: &mut Inspector) {
        cx.descend::<T>("<box>");
    }
}

impl<K: Inspect, V: Inspect> Inspect for BTreeMap<K, V> {
    fn inspect(cx: &mut Inspector) {
        cx.descend::<K>("{key}");
        cx.descend::<V>("{}");
    }
}

impl<K: Inspect, V: Inspect, S> Inspect for HashMap<K, V, S> {
    fn inspect(cx: &mut Inspector) {
        cx.descend::<K>("{key}");
        cx.descend::<V>("{}");
    }
}

impl<A: Inspect, B: Inspect> Inspect for (A, B) {
    fn inspect(cx: &mut Inspector) {
        cx.descend::<A>(".0");
        cx.descend::<B>(".1");
    }
}

impl<A: Inspect, B: Inspect, C: Inspect> Inspect for (A, B, C) {
    fn inspect(cx: &mut Inspector) {
        cx.descend::<A>(".0");
        cx.descend::<B>(".1");
        cx.descend::<C>(".2");
    }
}
