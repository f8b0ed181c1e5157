//! Integration tests of the `reckon` binary: one test binary for the crate,
//! one module per command.

mod check;
mod play;
