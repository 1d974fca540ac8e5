//! The payload models, each written once as a `macro_rules!` that hands its items to a stamping
//! macro (see `copies`), which adds one implementation's derives and the guard impls.

pub mod canada;
pub mod citm;
pub mod http;
pub mod ladder;
pub mod micro;
pub mod order;
pub mod shapes;
pub mod twitter;
