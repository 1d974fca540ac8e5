//! Writing fields: object entries (with skip conditions and flatten) and array elements.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::Field;
use crate::escape;

/// Writes one value given as an expression of type `&T`: through `serialize_with` (or serde)
/// if set, else its `Encode` impl.
pub fn value(field: &Field, value: TokenStream) -> TokenStream {
    match &field.attrs.serialize_with {
        Some(with) => with.encode(&[value], Some(field.ty)),
        None => {
            let ty = field.ty;
            let func = quote_spanned!(field.span()=> <#ty as _fj::Encode>::encode);
            quote!(#func(#value, __w);)
        }
    }
}

/// `if !skip(value) { write }` for `skip_serializing_if` and `omitempty`.
fn guarded(field: &Field, omitempty: bool, value: &TokenStream, write: TokenStream) -> TokenStream {
    match skip_condition(field, omitempty, value) {
        None => write,
        Some(condition) => quote! {
            if !(#condition) {
                #write
            }
        },
    }
}

/// Whether the next entry is the object's first, as far as the generated code knows.
#[derive(Copy, Clone, PartialEq)]
pub enum First {
    /// Certainly the first entry: no separator, known at compile time.
    Yes,
    /// Certainly not the first: a separator, known at compile time.
    No,
    /// Only known at run time, from `*__first` (after a skippable field, or in `EncodeFields`).
    Runtime,
}

/// Writes object entries while tracking [`First`], so that in a plain struct every key after
/// the first unconditional field is written with a constant separator (no run-time flag).
pub struct EntryWriter {
    state: First,
    uses_flag: bool,
    /// Whether `*__first` already says what `state` says (a run-time step recorded itself), so
    /// that run-time code can read it without another store.
    flag_synced: bool,
    tokens: TokenStream,
}

impl EntryWriter {
    /// Entries starting in `state`; with [`First::Runtime`], `__first: &mut bool` must be in
    /// scope.
    pub fn new(state: First) -> Self {
        EntryWriter {
            state,
            uses_flag: state == First::Runtime,
            flag_synced: state == First::Runtime,
            tokens: TokenStream::new(),
        }
    }

    /// Whether the generated entries read or write `*__first` (so the caller must declare it).
    pub fn uses_flag(&self) -> bool {
        self.uses_flag
    }

    /// The separator decision for the next key, and the statement recording that an entry was
    /// written (only needed while the decision is made at run time).
    fn key_parts(&mut self) -> (TokenStream, TokenStream) {
        match self.state {
            First::Yes => (quote!(true), TokenStream::new()),
            First::No => (quote!(false), TokenStream::new()),
            First::Runtime => (quote!(*__first), quote!(*__first = false;)),
        }
    }

    /// One `"key": value` entry written by `write_value`, unconditional or under `condition`.
    pub fn entry(&mut self, key: &str, write_value: TokenStream, condition: Option<TokenStream>) {
        let fused = escape::fused_key(key);
        let (first, mut record) = self.key_parts();
        if condition.is_some() && self.state == First::Yes {
            // A skippable first entry: later keys must learn at run time whether it was written.
            record = quote!(*__first = false;);
            self.uses_flag = true;
        }
        let write = quote! {
            __w.field_key(#first, #fused);
            #record
            #write_value
        };
        match condition {
            None => {
                self.tokens.extend(write);
                // Starting from `Runtime`, the entry recorded itself; otherwise the flag (if
                // any) is stale.
                self.flag_synced = self.state == First::Runtime;
                self.state = First::No;
            }
            Some(condition) => {
                self.tokens.extend(quote! {
                    if !(#condition) {
                        #write
                    }
                });
                if self.state == First::Yes {
                    self.state = First::Runtime;
                }
                // Runtime from here on: whichever branch ran, the flag is up to date.
                self.flag_synced = self.state == First::Runtime;
            }
        }
    }

    /// A run of 2 to 4 plain `f64` entries (each field with its value, an expression of type
    /// `&f64`): one `Writer::try_f64_fields` call, which writes them as a group where it can
    /// (the floats' digit arithmetic then overlaps, as in float arrays: `to_vec` of a struct of
    /// four `f64` fields measured 30% faster in the default build), and otherwise the entries
    /// one by one, as for any other field.
    pub fn f64_run(&mut self, run: Vec<(&Field, TokenStream)>) {
        debug_assert!((2..=4).contains(&run.len()));
        let (first, record) = self.key_parts();
        let fused: Vec<String> = run
            .iter()
            .map(|(f, _)| escape::fused_key(&f.attrs.name.ser))
            .collect();
        let values = run.iter().map(|(_, value)| value);
        let one_by_one = run
            .iter()
            .zip(&fused)
            .enumerate()
            .map(|(i, ((f, value), key))| {
                let first = if i == 0 { first.clone() } else { quote!(false) };
                let write_value = self::value(f, value.clone());
                quote! {
                    __w.field_key(#first, #key);
                    #write_value
                }
            });
        self.tokens.extend(quote! {
            if !__w.try_f64_fields(#first, [#(#fused),*], [#(#values),*]) {
                #(#one_by_one)*
            }
            #record
        });
        self.flag_synced = self.state == First::Runtime;
        self.state = First::No;
    }

    /// Entries written by another type's `EncodeFields` (flatten): they need the run-time flag.
    pub fn flattened(&mut self, write: TokenStream) {
        self.sync_flag();
        self.uses_flag = true;
        self.tokens.extend(write);
        // `encode_fields` keeps `*__first` up to date.
        self.flag_synced = true;
        if self.state != First::No {
            self.state = First::Runtime;
        }
    }

    /// Makes `*__first` reflect a compile-time state before run-time code reads it.
    fn sync_flag(&mut self) {
        if self.flag_synced {
            return;
        }
        self.flag_synced = true;
        match self.state {
            First::Yes => self.tokens.extend(quote!(*__first = true;)),
            First::No => self.tokens.extend(quote!(*__first = false;)),
            First::Runtime => {}
        }
    }

    /// The generated statements. Starting from [`First::Runtime`], `*__first` is up to date at
    /// the end (every step away from `Runtime` records itself), as `EncodeFields` callers need.
    pub fn finish(self) -> TokenStream {
        self.tokens
    }
}

/// The skip condition of a field (`skip_serializing_if`, `omitempty`), if any.
fn skip_condition(field: &Field, omitempty: bool, value: &TokenStream) -> Option<TokenStream> {
    let mut conditions = Vec::new();
    if let Some(path) = &field.attrs.skip_serializing_if {
        conditions.push(quote!(#path(#value)));
    }
    if omitempty || field.attrs.omitempty {
        let ty = field.ty;
        let func = quote_spanned!(field.span()=> <#ty as _fj::IsEmpty>::is_empty_value);
        conditions.push(quote!(#func(#value)));
    }
    if conditions.is_empty() {
        None
    } else {
        Some(quote!(#(#conditions)||*))
    }
}

/// The fields `encode` writes (all but `skip_serializing` ones), with their indices.
pub fn serialized<'a, 'ast>(
    fields: &'a [Field<'ast>],
) -> impl Iterator<Item = (usize, &'a Field<'ast>)> {
    fields
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.attrs.skip_serializing)
}

/// Whether `field` is written as a plain `f64` entry: declared as `f64` (the primitive's name;
/// a type alias is not recognised and takes the general path), with no `serialize_with`, no
/// skip condition and no flatten. Runs of these go through [`EntryWriter::f64_run`].
fn plain_f64(field: &Field, omitempty: bool) -> bool {
    let is_f64 = match field.ty {
        syn::Type::Path(path) => path.qself.is_none() && path.path.is_ident("f64"),
        _ => false,
    };
    is_f64
        && !field.attrs.flatten
        && field.attrs.serialize_with.is_none()
        && skip_condition(field, omitempty, &TokenStream::new()).is_none()
}

/// How many plain `f64` fields (at most 4) start at `written[at]`: a run when 2 or more.
fn f64_run_at(written: &[(usize, &Field)], at: usize, omitempty: bool) -> usize {
    written[at..]
        .iter()
        .take(4)
        .take_while(|(_, f)| plain_f64(f, omitempty))
        .count()
}

/// How many `Writer::try_f64_fields` calls [`entries`] generates for `fields`.
pub fn f64_run_count(fields: &[Field], omitempty: bool) -> usize {
    let written: Vec<(usize, &Field)> = serialized(fields).collect();
    let (mut at, mut runs) = (0, 0);
    while at < written.len() {
        match f64_run_at(&written, at, omitempty) {
            run @ 2.. => {
                runs += 1;
                at += run;
            }
            _ => at += 1,
        }
    }
    runs
}

/// `key: value` entries of `fields` into the current object, appended to `out`. Runs of two or
/// more plain `f64` fields are written four at most per call, the rest one by one.
pub fn entries(
    out: &mut EntryWriter,
    fields: &[Field],
    omitempty: bool,
    access: impl Fn(usize, &Field) -> TokenStream,
) {
    let written: Vec<(usize, &Field)> = serialized(fields).collect();
    let mut at = 0;
    while at < written.len() {
        let run = f64_run_at(&written, at, omitempty);
        if run >= 2 {
            let entries = written[at..at + run]
                .iter()
                .map(|&(i, f)| (f, access(i, f)))
                .collect();
            out.f64_run(entries);
            at += run;
            continue;
        }
        let (i, f) = written[at];
        at += 1;
        let value = access(i, f);
        if f.attrs.flatten {
            let ty = f.ty;
            let func = quote_spanned!(f.span()=> <#ty as _fj::EncodeFields>::encode_fields);
            let write = quote!(#func(#value, __w, __first););
            match skip_condition(f, false, &value) {
                None => out.flattened(write),
                Some(condition) => out.flattened(quote!(if !(#condition) { #write })),
            }
            continue;
        }
        let write_value = self::value(f, value.clone());
        let condition = skip_condition(f, omitempty, &value);
        out.entry(&f.attrs.name.ser, write_value, condition);
    }
}

/// A JSON array of the fields, in order.
pub fn array(
    fields: &[Field],
    omitempty: bool,
    access: impl Fn(usize, &Field) -> TokenStream,
) -> TokenStream {
    let elements = serialized(fields).map(|(i, f)| {
        let value = access(i, f);
        let write_value = self::value(f, value.clone());
        let write = quote! {
            __w.array_item(*__first);
            *__first = false;
            #write_value
        };
        guarded(f, omitempty, &value, write)
    });
    quote! {
        __w.begin_array();
        let __first = &mut true;
        #(#elements)*
        __w.end_array();
    }
}
