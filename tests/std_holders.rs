//! std types that hold a value (`Cell`, `RefCell`, `Mutex`, `RwLock`, the atomics), shared and
//! borrowed slices (`Rc<[T]>`, `Arc<[T]>`, `Cow<[T]>`), wrapper map keys, and the C and OS
//! strings: for random values, byte-identical to serde_json (compact and pretty) and decoded
//! back; the states serde_json refuses to write panic with serde's message.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::ffi::{CString, OsString};
use std::fmt::Debug;
use std::num::{Saturating, Wrapping};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::check;

/// `value` encodes as serde_json encodes it, compact and pretty (for types without `PartialEq`);
/// returns the compact bytes.
fn same_bytes<T: fastjson::Encode + Serialize + ?Sized>(value: &T) -> Vec<u8> {
    let ours = fastjson::to_vec(value);
    assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&serde_json::to_vec(value).unwrap())
    );
    assert_eq!(
        fastjson::to_string_pretty(value),
        serde_json::to_string_pretty(value).unwrap()
    );
    ours
}

/// Both libraries reject `input` as a `T`; returns both messages, fastjson's first.
fn both_reject<T>(input: &[u8]) -> (String, String)
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug,
{
    let theirs = serde_json::from_slice::<T>(input).expect_err("serde_json rejects");
    let ours = fastjson::from_slice::<T>(input).expect_err("fastjson rejects");
    (ours.message(), theirs.to_string())
}

/// Both libraries accept `input` as the same `T`.
fn both_accept<T>(input: &[u8]) -> T
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug + PartialEq,
{
    let theirs: T = serde_json::from_slice(input).unwrap();
    let ours: T = fastjson::from_slice(input).unwrap();
    assert_eq!(ours, theirs);
    ours
}

/// The message `f` panics with (it must panic).
fn panic_message<R>(f: impl FnOnce() -> R + std::panic::UnwindSafe) -> String {
    let panic = std::panic::catch_unwind(f).err().expect("it panics");
    match panic.downcast_ref::<&str>() {
        Some(text) => text.to_string(),
        None => panic.downcast_ref::<String>().cloned().unwrap_or_default(),
    }
}

/// `lock` after `hold` took it on another thread and panicked while holding it.
fn poisoned<L: Send + Sync + 'static>(lock: L, hold: fn(&L)) -> Arc<L> {
    let lock = Arc::new(lock);
    let holder = Arc::clone(&lock);
    let _ = std::thread::spawn(move || hold(&holder)).join();
    lock
}

#[derive(FastJson, Serialize, Deserialize, Debug)]
struct Counters {
    hits: AtomicI64,
    ready: AtomicBool,
    last: Cell<i32>,
    names: RefCell<Vec<String>>,
    queue: Mutex<Vec<u8>>,
    config: RwLock<BTreeMap<String, bool>>,
    shared: Arc<[u16]>,
    local: Rc<[String]>,
    window: Cow<'static, [i8]>,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn cells_locks_and_atomics(a: i32, b: Vec<String>, c: Vec<u8>, d: bool, e: i64, f: u8, g: usize) {
        check(&Cell::new(a));
        check(&RefCell::new(b.clone()));
        let bytes = same_bytes(&Mutex::new(c.clone()));
        let back: Mutex<Vec<u8>> = fastjson::from_slice(&bytes).unwrap();
        prop_assert_eq!(back.into_inner().unwrap(), c.clone());
        let bytes = same_bytes(&RwLock::new(b.clone()));
        let back: RwLock<Vec<String>> = fastjson::from_slice(&bytes).unwrap();
        prop_assert_eq!(back.into_inner().unwrap(), b);
        let bytes = same_bytes(&AtomicBool::new(d));
        prop_assert_eq!(fastjson::from_slice::<AtomicBool>(&bytes).unwrap().into_inner(), d);
        let bytes = same_bytes(&AtomicI64::new(e));
        prop_assert_eq!(fastjson::from_slice::<AtomicI64>(&bytes).unwrap().into_inner(), e);
        let bytes = same_bytes(&AtomicU8::new(f));
        prop_assert_eq!(fastjson::from_slice::<AtomicU8>(&bytes).unwrap().into_inner(), f);
        let bytes = same_bytes(&AtomicUsize::new(g));
        prop_assert_eq!(fastjson::from_slice::<AtomicUsize>(&bytes).unwrap().into_inner(), g);
    }

    #[test]
    fn shared_and_borrowed_slices(a: Vec<u16>, b: Vec<String>) {
        check(&Arc::<[u16]>::from(a.clone()));
        check(&Rc::<[String]>::from(b.clone()));
        check(&Box::<[u16]>::from(a.clone()));
        check(&Cow::<[u16]>::Owned(a.clone()));
        // A borrowed `Cow` writes the same; it decodes `Owned`, as serde's does.
        let borrowed = Cow::Borrowed(&a[..]);
        let bytes = same_bytes(&borrowed);
        let back: Cow<[u16]> = fastjson::from_slice(&bytes).unwrap();
        prop_assert!(matches!(back, Cow::Owned(ref v) if *v == a));
    }

    #[test]
    fn wrapped_integers_are_map_keys(a: BTreeMap<u16, bool>, b: BTreeMap<i64, u8>) {
        check(&a.iter().map(|(k, v)| (Wrapping(*k), *v)).collect::<BTreeMap<_, _>>());
        check(&b.iter().map(|(k, v)| (Saturating(*k), *v)).collect::<BTreeMap<_, _>>());
        check(&b.iter().map(|(k, v)| (Reverse(*k), *v)).collect::<BTreeMap<_, _>>());
        // And a wrapped string key, escapes included.
        let text: BTreeMap<Reverse<String>, u8> = [(Reverse("a\"b".to_owned()), 1)].into();
        check(&text);
    }

    #[test]
    fn c_and_os_strings(bytes in proptest::collection::vec(1u8..=255, 0..40)) {
        let c = CString::new(bytes.clone()).unwrap();
        check(&c);
        check(&c.clone().into_boxed_c_str());
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let os = OsString::from_vec(bytes);
            check(&os);
            check(&os.into_boxed_os_str());
        }
    }
}

#[test]
fn a_struct_of_them_matches_serde() {
    let counters = Counters {
        hits: AtomicI64::new(-7),
        ready: AtomicBool::new(true),
        last: Cell::new(3),
        names: RefCell::new(vec!["a".into(), "b\n".into()]),
        queue: Mutex::new(vec![1, 2]),
        config: RwLock::new([("x".to_owned(), false)].into()),
        shared: Arc::from(vec![9u16]),
        local: Rc::from(vec!["r".to_owned()]),
        window: Cow::Borrowed(&[-1, 0, 1]),
    };
    let bytes = same_bytes(&counters);
    let back: Counters = fastjson::from_slice(&bytes).unwrap();
    assert_eq!(fastjson::to_vec(&back), bytes);
    assert_eq!(back.hits.load(Ordering::Relaxed), -7);
}

#[test]
fn a_c_string_reads_a_string_or_an_array_and_refuses_a_nul() {
    assert_eq!(both_accept::<CString>(br#""abc""#).as_bytes(), b"abc");
    assert_eq!(both_accept::<CString>(b"[97, 98]").as_bytes(), b"ab");
    assert_eq!(
        both_accept::<CString>(br#""\u00e9""#).as_bytes(),
        "é".as_bytes()
    );
    let (ours, theirs) = both_reject::<CString>(b"[97, 0, 98]");
    assert_eq!(ours, "nul byte found in provided data at position: 1");
    assert!(theirs.starts_with(&ours), "{theirs}");
    let (ours, theirs) = both_reject::<CString>(br#""a\u0000""#);
    assert!(theirs.starts_with(&ours), "{ours} / {theirs}");
    let (ours, theirs) = both_reject::<CString>(b"7");
    assert!(ours.contains("byte array") && theirs.contains("byte array"));
    both_reject::<CString>(b"[256]");
    both_reject::<CString>(b"[1] x");
}

#[cfg(unix)]
#[test]
fn an_os_string_is_serdes_unix_variant() {
    use std::os::unix::ffi::OsStrExt;
    let os = both_accept::<OsString>(br#"{"Unix":[104,105,255]}"#);
    assert_eq!(os.as_bytes(), b"hi\xff");
    let (ours, theirs) = both_reject::<OsString>(br#"{"Windows":[104]}"#);
    assert_eq!(ours, "cannot deserialize Windows OS string on Unix");
    assert!(theirs.starts_with(&ours), "{theirs}");
    let (ours, theirs) = both_reject::<OsString>(br#"{"Mac":[104]}"#);
    assert!(ours.starts_with("unknown variant `Mac`"), "{ours}");
    assert!(theirs.starts_with(&ours), "{ours} / {theirs}");
    both_reject::<OsString>(br#""Unix""#);
    both_reject::<OsString>(br#"{"Unix":[1],"Unix":[2]}"#);
    both_reject::<OsString>(br#"{"Unix":"hi"}"#);
}

#[test]
fn states_serde_json_refuses_to_write_panic_with_its_message() {
    let cell = RefCell::new(1u8);
    let message = panic_message(std::panic::AssertUnwindSafe(|| {
        let _borrowed = cell.borrow_mut();
        fastjson::to_vec(&cell)
    }));
    assert_eq!(message, "already mutably borrowed");
    let _borrowed = cell.borrow_mut();
    let serde_message = serde_json::to_vec(&cell).unwrap_err().to_string();
    assert_eq!(serde_message, message);

    let lock = poisoned(Mutex::new(1u8), |lock| {
        let _guard = lock.lock().unwrap();
        panic!("poison it");
    });
    assert!(lock.is_poisoned());
    let message = panic_message(std::panic::AssertUnwindSafe(|| fastjson::to_vec(&*lock)));
    assert_eq!(message, "lock poison error while serializing");
    assert_eq!(serde_json::to_vec(&*lock).unwrap_err().to_string(), message);

    let rw = poisoned(RwLock::new(1u8), |lock| {
        let _guard = lock.write().unwrap();
        panic!("poison it");
    });
    assert!(rw.is_poisoned());
    let message = panic_message(std::panic::AssertUnwindSafe(|| fastjson::to_vec(&*rw)));
    assert_eq!(message, "lock poison error while serializing");
    assert_eq!(serde_json::to_vec(&*rw).unwrap_err().to_string(), message);
}

/// A transparent struct around an `Option`, with a second field that takes its default.
#[derive(FastJson, Serialize, Deserialize, Debug)]
#[serde(transparent)]
struct MaybeName {
    name: Option<String>,
    #[serde(skip)]
    seen: u8,
}

#[derive(FastJson, Serialize, Deserialize, Debug)]
#[serde(transparent)]
struct MaybeCount(Option<u32>);

/// A newtype that is not transparent is read as its field's value too, but serde's missing
/// value goes through `deserialize_newtype_struct`, which is an error.
#[derive(FastJson, Serialize, Deserialize, Debug)]
struct Opaque(Option<u32>);

/// Every field absent: serde asks each holder's inner type what a missing field is, so an
/// `Option` inside any of them is `None`.
#[derive(FastJson, Serialize, Deserialize, Debug)]
struct AllAbsent {
    boxed: Box<Option<u32>>,
    boxed_wrapping: Box<Wrapping<Option<u32>>>,
    rc: Rc<Option<u32>>,
    arc: Arc<Option<String>>,
    cell: Cell<Option<u32>>,
    ref_cell: RefCell<Option<u32>>,
    mutex: Mutex<Option<u32>>,
    rw_lock: RwLock<Option<u32>>,
    wrapping: Wrapping<Option<u32>>,
    reverse: Reverse<Option<u32>>,
    name: MaybeName,
    count: Arc<MaybeCount>,
}

#[derive(FastJson, Serialize, Deserialize, Debug)]
struct WithOpaque {
    opaque: Opaque,
}

#[derive(FastJson, Serialize, Deserialize, Debug)]
struct WithBoxedNumber {
    number: Box<u32>,
}

#[test]
fn a_missing_field_is_what_the_held_type_makes_of_it_as_in_serde() {
    let theirs: AllAbsent = serde_json::from_str("{}").unwrap();
    let ours: AllAbsent = fastjson::from_str("{}").unwrap();
    assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
    assert!(ours.boxed.is_none() && ours.mutex.lock().unwrap().is_none());
    assert!(ours.name.name.is_none() && ours.name.seen == 0 && ours.count.0.is_none());

    // Present values still decode through the holders.
    let input = br#"{"boxed":1,"boxed_wrapping":2,"rc":3,"arc":"a","cell":5,"ref_cell":6,
        "mutex":7,"rw_lock":8,"wrapping":9,"reverse":10,"name":"n","count":12}"#;
    let theirs: AllAbsent = serde_json::from_slice(input).unwrap();
    let ours: AllAbsent = fastjson::from_slice(input).unwrap();
    assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));

    // Where the held type has no missing value, both say the field is missing.
    let (ours, theirs) = both_reject::<WithOpaque>(b"{}");
    assert_eq!(ours, "missing field `opaque`");
    assert!(theirs.starts_with(&ours), "{theirs}");
    let (ours, theirs) = both_reject::<WithBoxedNumber>(b"{}");
    assert_eq!(ours, "missing field `number`");
    assert!(theirs.starts_with(&ours), "{theirs}");
}
