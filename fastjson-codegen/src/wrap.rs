//! The hygienic wrapper around generated impls: an anonymous `const` that names the runtime `_fj`.

use proc_macro2::TokenStream;
use quote::quote;

/// `const _: () = { use <crate_path> as _fj; <code> };`
///
/// Generated code refers to the runtime only as `_fj::...`, and to std items only through
/// `_fj::__private::...`, so user items named `Result`, `Option` or `Vec` cannot capture it.
pub fn in_const(crate_path: &syn::Path, code: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            unused_attributes,
            unused_qualifications,
            private_bounds,
            clippy::all
        )]
        const _: () = {
            #[allow(unused_extern_crates, clippy::useless_attribute)]
            use #crate_path as _fj;
            #code
        };
    }
}
