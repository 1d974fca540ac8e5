//! Canonical model of canada.json (GeoJSON: one polygon of 111,126 17-digit floats).

/// Emits the canada.json types into the calling module through `stamp!` for one side.
#[macro_export]
macro_rules! canada_model {
    ($side:ident, $lib:path) => {
        $crate::stamp! { $side, $lib;
            pub struct FeatureCollection {
                #[serde(rename = "type")]
                pub kind: ObjType,
                pub features: Vec<Feature>,
            }

            pub struct Feature {
                #[serde(rename = "type")]
                pub kind: ObjType,
                pub properties: Properties,
                pub geometry: Geometry,
            }

            pub struct Properties {
                pub name: String,
            }

            pub struct Geometry {
                #[serde(rename = "type")]
                pub kind: ObjType,
                pub coordinates: Vec<Vec<(f64, f64)>>,
            }

            pub enum ObjType {
                FeatureCollection,
                Feature,
                Polygon,
            }
        }
    };
}
