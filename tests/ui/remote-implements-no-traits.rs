// A `remote` mirror gets inherent functions for the foreign type and no trait impl, for
// neither the foreign type nor the mirror: both stay unencodable and undecodable on their own,
// and only a field `with` the mirror reads and writes the foreign type.
use fastjson::FastJson;

mod elsewhere {
    pub struct Celsius {
        pub degrees: f64,
    }
}

#[derive(FastJson)]
#[serde(remote = "elsewhere::Celsius")]
struct CelsiusDef {
    degrees: f64,
}

#[derive(FastJson)]
struct Reading {
    #[fastjson(with = "CelsiusDef")]
    temperature: elsewhere::Celsius,
}

fn main() {
    let reading = Reading {
        temperature: elsewhere::Celsius { degrees: 21.5 },
    };
    assert_eq!(fastjson::to_string(&reading), r#"{"temperature":{"degrees":21.5}}"#);
    let _ = fastjson::to_string(&reading.temperature);
    let _ = fastjson::to_string(&CelsiusDef { degrees: 21.5 });
    let _ = fastjson::from_str::<elsewhere::Celsius>("{}");
    let _ = fastjson::from_str::<CelsiusDef>("{}");
}
