//! The expensive internal checks (every dancing link walked after each uncover; each SIMD
//! shuffle's control and each solution of the SIMD 9x9 engine checked), switched at run time.
//!
//! They are compiled into builds with debug assertions (the test and `ci` profiles) and into any
//! build with the `debug-checks` feature, and are off until [`enable_debug_checks`] is called (or
//! from the start with the feature). A test that wants them calls it first: the whole suite is
//! then built once, where a feature meant a second build of this crate and of `tessera` in CI. In
//! a release build without the feature [`debug_checks`] is `false` at compile time and the checks
//! vanish.

use std::sync::atomic::{AtomicBool, Ordering};

static ON: AtomicBool = AtomicBool::new(cfg!(feature = "debug-checks"));

/// Whether the internal checks run (see the module's documentation).
#[inline(always)]
pub fn debug_checks() -> bool {
    cfg!(any(feature = "debug-checks", debug_assertions)) && ON.load(Ordering::Relaxed)
}

/// Turns the internal checks on for the rest of the process, where the build has them (debug
/// assertions or the `debug-checks` feature); returns whether it has them.
pub fn enable_debug_checks() -> bool {
    ON.store(true, Ordering::Relaxed);
    debug_checks()
}
