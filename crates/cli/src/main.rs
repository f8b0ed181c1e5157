//! The `reckon` binary; everything but the allocator is in the library.

use std::process::ExitCode;

// The engine makes many small tables per hand and drops them when done;
// mimalloc keeps that memory at hand where glibc's allocator returns it
// and faults it in again (about a tenth of the time of a listing). It
// takes the place of `malloc` itself (its `override` feature), which the
// standard allocator calls for every layout aligned to 16 bytes or less:
// as the global allocator, `mimalloc::MiMalloc` would take mimalloc's
// aligned path for every one, about thirty instructions more each, or
// 1.5% of a listing of every hand.
use mimalloc as _;

fn main() -> ExitCode {
    reckon_cli::main()
}
