//! The model of the generated types: structs and enums with the serde attributes they carry,
//! fields referring to earlier types by index.

pub struct TypeDef {
    pub name: String,
    pub shape: Shape,
}

pub enum Shape {
    Struct(StructDef),
    UnitEnum {
        rename_all: Option<&'static str>,
        /// Name, and `rename` if any.
        variants: Vec<(&'static str, Option<String>)>,
    },
    /// Externally tagged (serde's default) or `#[serde(tag = "type")]`.
    TaggedEnum {
        internally_tagged: bool,
        rename_all: Option<&'static str>,
        variants: Vec<Variant>,
    },
}

pub struct StructDef {
    pub camel_case: bool,
    pub container_default: bool,
    pub fields: Vec<Field>,
}

pub struct Field {
    pub name: String,
    pub ty: FieldType,
    pub rename: Option<String>,
    pub default: bool,
    pub skip_if_none: bool,
}

/// A field's type; `usize` is the index of an earlier generated type.
#[derive(Clone, Copy)]
pub enum FieldType {
    String,
    U64,
    I64,
    U32,
    F64,
    Bool,
    OptionString,
    OptionU64,
    VecString,
    VecOf(usize),
    OptionBoxOf(usize),
    EnumOf(usize),
}

pub struct Variant {
    pub name: &'static str,
    pub rename: Option<String>,
    pub data: VariantData,
}

pub enum VariantData {
    Unit,
    Newtype(Payload),
    Struct(Vec<Field>),
}

#[derive(Clone, Copy)]
pub enum Payload {
    String,
    U64,
    Type(usize),
}

impl TypeDef {
    pub fn is_struct(&self) -> bool {
        matches!(self.shape, Shape::Struct(_))
    }
}

impl FieldType {
    pub fn is_option(self) -> bool {
        matches!(
            self,
            FieldType::OptionString | FieldType::OptionU64 | FieldType::OptionBoxOf(_)
        )
    }
}
