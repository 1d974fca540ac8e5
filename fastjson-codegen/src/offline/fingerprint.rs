//! The fingerprint in a generated file's header: FNV-1a (64 bits) over the tokens of the items it
//! was generated from, as the generator reads them (docs, `serde` and `fastjson` attributes, the
//! item itself), so formatting, comments and other attributes do not change it.

use quote::ToTokens;

pub fn of(inputs: &[syn::DeriveInput]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for input in inputs {
        for byte in input.to_token_stream().to_string().bytes().chain([b'\n']) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}
