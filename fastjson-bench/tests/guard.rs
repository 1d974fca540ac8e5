//! The contamination guard fires: a poisoned fixture four levels down (struct → struct → Vec →
//! Option<Box<_>>) is caught with its path, on both sides, and a type from another copy is caught
//! too; the real copies are clean.

use fastjson::{Format, Writer};
use fastjson_bench::copies::{SerdeJson, SonicRs};
use fastjson_bench::guard::check;

/// A serde copy whose deepest type also implements `fastjson::Encode`, as a derive that emitted
/// both families would. Stamped without the compile-time assertion (`serde_unchecked`), which
/// would otherwise refuse to build it.
mod poisoned_serde {
    use super::*;

    fastjson_bench::stamp! { serde_unchecked, SerdeJson;
        pub struct Root { pub middle: Middle }
        pub struct Middle { pub items: Vec<Item> }
        pub struct Item { pub next: Option<Box<Poisoned>> }
        pub struct Poisoned { pub value: f64 }
    }

    impl fastjson::Encode for Poisoned {
        fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
            w.f64(self.value);
        }
    }
}

/// The same tree, clean: the guard must not fire on it.
mod clean_serde {
    use super::*;

    fastjson_bench::stamp! { serde, SerdeJson;
        pub struct Root { pub middle: Middle }
        pub struct Middle { pub items: Vec<Item> }
        pub struct Item { pub next: Option<Box<Leaf>> }
        pub struct Leaf { pub value: f64 }
    }
}

/// A fastjson copy whose deepest type also implements `serde::Serialize`.
mod poisoned_fastjson {
    use fastjson_bench::copies::Fastjson;

    fastjson_bench::stamp! { fastjson_unchecked, Fastjson;
        pub struct Root { pub middle: Middle }
        pub struct Middle { pub items: Vec<Item> }
        pub struct Item { pub next: Option<Box<Poisoned>> }
        pub struct Poisoned { pub value: f64 }
    }

    impl serde::Serialize for Poisoned {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_f64(self.value)
        }
    }
}

/// A serde_json copy that reaches a type stamped for sonic-rs.
mod borrowed {
    use super::*;

    pub mod sonic {
        use super::*;
        fastjson_bench::stamp! { serde, SonicRs;
            pub struct Foreign { pub x: u32 }
        }
    }

    fastjson_bench::stamp! { serde, SerdeJson;
        pub struct Root { pub list: Vec<Option<Box<sonic::Foreign>>> }
    }
}

#[test]
fn catches_a_serde_copy_implementing_fastjson_four_levels_down() {
    let findings = check::<poisoned_serde::Root>().unwrap_err();
    assert_eq!(findings.len(), 1, "{findings:?}");
    let f = &findings[0];
    assert_eq!(f.type_name, "Poisoned");
    assert_eq!(f.path, "Root.middle.items[].next?<box>");
    assert_eq!(f.problem, "implements fastjson::Encode");
}

#[test]
fn catches_a_fastjson_copy_implementing_serde_four_levels_down() {
    let findings = check::<poisoned_fastjson::Root>().unwrap_err();
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].path, "Root.middle.items[].next?<box>");
    assert_eq!(findings[0].problem, "implements serde::Serialize");
}

#[test]
fn catches_a_type_of_another_implementations_copy() {
    let findings = check::<borrowed::Root>().unwrap_err();
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].path, "Root.list[]?<box>");
    assert_eq!(
        findings[0].problem,
        "belongs to sonic-rs's copy, reached from serde_json's"
    );
}

#[test]
fn a_clean_tree_passes() {
    assert_eq!(check::<clean_serde::Root>(), Ok(4));
}

#[test]
fn every_payload_copy_is_clean() {
    let lines = fastjson_bench::workloads::guard_all();
    assert_eq!(lines.len(), 13 * 4);
    for (root, result) in lines {
        let visited = result.unwrap_or_else(|f| panic!("{root}: {f:?}"));
        assert!(visited >= 1, "{root}");
    }
}
