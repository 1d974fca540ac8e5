use fastjson::FastJson;

// A fork reading an object again for a flattened tagged enum keeps one bit a flattened
// externally tagged enum before it ("first taker"), in a `u64`: a 65th is refused when the
// decoder is built, not at run time (64 work: tests/flatten_hidden.rs).
#[derive(FastJson)]
enum Letter {
    A(u8),
}

#[derive(FastJson)]
#[serde(tag = "t")]
enum Rest {
    X {},
}

macro_rules! takers_then_tagged {
    ($($field:ident)*) => {
        #[derive(FastJson)]
        struct SixtyFiveTakers {
            $(
                #[serde(flatten)]
                $field: Letter,
            )*
            #[serde(flatten)]
            rest: Rest,
        }
    };
}

takers_then_tagged!(
    l0 l1 l2 l3 l4 l5 l6 l7 l8 l9 l10 l11 l12 l13 l14 l15 l16 l17 l18 l19 l20 l21 l22 l23 l24
    l25 l26 l27 l28 l29 l30 l31 l32 l33 l34 l35 l36 l37 l38 l39 l40 l41 l42 l43 l44 l45 l46 l47
    l48 l49 l50 l51 l52 l53 l54 l55 l56 l57 l58 l59 l60 l61 l62 l63 l64
);

fn main() {
    let _ = fastjson::from_str::<SixtyFiveTakers>("{}");
}
