//! Integration tests of reckon-canonical against published numbers.

mod expressions;
mod fournums;
