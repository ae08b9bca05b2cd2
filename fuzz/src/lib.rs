//! The checks of the fuzz targets (see `checks`), and the web target's server (see `web`).

pub mod checks;
