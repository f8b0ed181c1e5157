//! Integration tests of reckon-canonical against published numbers.

mod any_size;
mod completeness;
mod expressions;
mod fournums;
mod published_counts;
mod tricky;
