//! The fuzz targets' checks, as a library so that the fuzz binaries and the regression test
//! share them.

pub mod checks;
