//! Integration tests of reckon-canonical against published numbers.

mod completeness;
mod expressions;
mod fournums;
mod published_counts;
mod tricky;
