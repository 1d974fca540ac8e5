//! `stamp!`: turns the canonical model items into one implementation's private types, adding only
//! that implementation's derives, its ownership marker and the guard's impls and assertions.
//!
//! Sides: `serde` (derives `Serialize`/`Deserialize`, used by serde_json, sonic-rs and simd-json,
//! each with its own copy), `fastjson` (derives `FastJson` only). Every stamped type also derives
//! `Debug`, `Clone` and `PartialEq`, which belong to neither family: the gate compares values
//! through `Debug`. `serde_unchecked`/`fastjson_unchecked` skip the compile-time assertions and
//! exist only so the poisoned fixture of `tests/guard.rs` can compile and be caught at run time.

/// Stamps model items for one implementation: `stamp!(serde, path::to::Lib; items...)`.
#[macro_export]
macro_rules! stamp {
    ($side:ident, $lib:path; $($items:tt)*) => {
        $crate::__stamp_items!($side [$lib] $($items)*);
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __stamp_items {
    ($side:ident [$lib:path]) => {};
    ($side:ident [$lib:path]
        $(#[$($meta:tt)*])* pub struct $name:ident { $($body:tt)* } $($rest:tt)*) => {
        $crate::__stamp_derive!($side $(#[$($meta)*])* pub struct $name { $($body)* });
        $crate::__stamp_guard!($side [$lib] $name { $($body)* });
        $crate::__stamp_items!($side [$lib] $($rest)*);
    };
    ($side:ident [$lib:path]
        $(#[$($meta:tt)*])* pub enum $name:ident { $($body:tt)* } $($rest:tt)*) => {
        $crate::__stamp_derive!($side $(#[$($meta)*])* pub enum $name { $($body)* });
        $crate::__stamp_guard!($side [$lib] $name {});
        $crate::__stamp_items!($side [$lib] $($rest)*);
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __stamp_derive {
    (serde $($item:tt)*) => { $crate::__stamp_derive!(serde_unchecked $($item)*); };
    (fastjson $($item:tt)*) => { $crate::__stamp_derive!(fastjson_unchecked $($item)*); };
    (serde_unchecked $($item:tt)*) => {
        #[derive(
            Debug,
            Clone,
            PartialEq,
            $crate::__deps::serde::Serialize,
            $crate::__deps::serde::Deserialize
        )]
        $($item)*
    };
    (fastjson_unchecked $($item:tt)*) => {
        #[derive(Debug, Clone, PartialEq, $crate::__deps::fastjson::FastJson)]
        $($item)*
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __stamp_guard {
    ($side:ident [$lib:path] $name:ident {
        $($(#[$($fmeta:tt)*])* pub $field:ident : $fty:ty),* $(,)?
    }) => {
        impl $crate::copies::Owned for $name {
            type Lib = $lib;
        }

        impl $crate::guard::Inspect for $name {
            fn inspect(cx: &mut $crate::guard::Inspector) {
                let walk = cx.enter_stamped(
                    stringify!($name),
                    ::core::any::type_name::<$name>(),
                    <$lib as $crate::copies::Library>::NAME,
                    $crate::__foreign_probe!($side $name),
                );
                if walk {
                    $(cx.descend::<$fty>(concat!(".", stringify!($field)));)*
                }
            }
        }

        $crate::__static_check!($side $name);
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __foreign_probe {
    (serde $name:ident) => { $crate::__foreign_probe!(serde_unchecked $name) };
    (fastjson $name:ident) => { $crate::__foreign_probe!(fastjson_unchecked $name) };
    (serde_unchecked $name:ident) => {
        [
            ("fastjson::Encode", $crate::__implements!($name: $crate::__deps::fastjson::Encode)),
            (
                "fastjson::Decode",
                $crate::__implements!($name: for<'de> $crate::__deps::fastjson::Decode<'de>),
            ),
        ]
    };
    (fastjson_unchecked $name:ident) => {
        [
            ("serde::Serialize", $crate::__implements!($name: $crate::__deps::serde::Serialize)),
            (
                "serde::Deserialize",
                $crate::__implements!($name: for<'de> $crate::__deps::serde::Deserialize<'de>),
            ),
        ]
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __static_check {
    (serde $name:ident) => {
        $crate::assert_not_impl!($name: $crate::__deps::fastjson::Encode);
        $crate::assert_not_impl!($name: for<'de> $crate::__deps::fastjson::Decode<'de>);
    };
    (fastjson $name:ident) => {
        $crate::assert_not_impl!($name: $crate::__deps::serde::Serialize);
        $crate::assert_not_impl!($name: for<'de> $crate::__deps::serde::Deserialize<'de>);
    };
    ($unchecked:ident $name:ident) => {};
}
