//! Canonical forms of reckon expressions: when are two solutions the same?
