//! serde's `Serializer` over fastjson's `Writer`: serde_json's bytes for every case of serde's
//! data model.
