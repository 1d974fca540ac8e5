//! One private copy of every payload type per implementation, stamped from the canonical models;
//! the ownership marker that lets each codec accept only its own copy.

pub mod stamp;

/// An implementation under test, as a type: codecs accept only types owned by their library.
pub trait Library: 'static {
    /// The row label.
    const NAME: &'static str;
}

/// Implemented by `stamp!` for every stamped type: which implementation's copy it is. Coherence
/// allows one impl per type, so a type belongs to exactly one implementation.
pub trait Owned {
    type Lib: Library;
}

macro_rules! libraries {
    ($($ty:ident => $name:literal,)*) => {$(
        #[doc = concat!("The ", $name, " implementation's marker.")]
        pub struct $ty;
        impl Library for $ty {
            const NAME: &'static str = $name;
        }
    )*};
}

libraries! {
    SerdeJson => "serde_json",
    SonicRs => "sonic-rs",
    SimdJson => "simd-json",
    Fastjson => "fastjson",
}

/// Stamps every model into submodules `twitter`, `citm`, `canada`, `order`, `micro`, `ladder`,
/// `shapes`.
macro_rules! stamp_all_models {
    ($side:ident, $lib:path) => {
        pub mod twitter {
            $crate::twitter_model!($side, $lib);
        }
        pub mod citm {
            $crate::citm_model!($side, $lib);
        }
        pub mod canada {
            $crate::canada_model!($side, $lib);
        }
        pub mod order {
            $crate::order_model!($side, $lib);
        }
        pub mod micro {
            $crate::micro_model!($side, $lib);
        }
        pub mod ladder {
            $crate::ladder_model!($side, $lib);
        }
        pub mod shapes {
            $crate::shapes_model!($side, $lib);
        }
    };
}

/// serde_json's copy (serde derives). Also the reference: the gate's expected values are built
/// with it from the exactly parsed document.
pub mod serde_json_copy {
    stamp_all_models!(serde, crate::copies::SerdeJson);

    /// The HTTP family's responses (only serde_json and fastjson serve HTTP).
    pub mod http {
        crate::http_model!(serde, crate::copies::SerdeJson);
    }
}

/// sonic-rs's copy (serde derives, its own types).
pub mod sonic_rs_copy {
    stamp_all_models!(serde, crate::copies::SonicRs);
}

/// simd-json's copy (serde derives, its own types).
pub mod simd_json_copy {
    stamp_all_models!(serde, crate::copies::SimdJson);
}

/// fastjson's copy (`#[derive(FastJson)]` only).
pub mod fastjson_copy {
    stamp_all_models!(fastjson, crate::copies::Fastjson);

    /// The HTTP family's responses.
    pub mod http {
        crate::http_model!(fastjson, crate::copies::Fastjson);
    }
}
