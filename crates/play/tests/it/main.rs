//! Integration tests of reckon-play.

mod printed_answers;
