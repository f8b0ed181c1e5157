//! Rendering parse errors: the typed text with the offending part underlined.
//!
//! reckon-core reports only a message, a label and a byte range; drawing
//! them is the command line's business. The rendering is styled and written
//! through anstream, which drops the styles when the stream is not a
//! terminal or NO_COLOR is set.

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use reckon_core::ParseError;

/// `error: <message>` followed by `source` with the span underlined.
pub fn render(source: &str, err: &ParseError) -> String {
    let report = &[Level::ERROR
        .primary_title(err.to_string())
        .element(Snippet::source(source).annotation(AnnotationKind::Primary.span(err.span()).label(err.label())))];
    Renderer::styled().render(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn underlines_the_span() {
        let err = reckon_core::parse_expr("8/(3-3)").unwrap_err();
        let text = render("8/(3-3)", &err);
        assert!(text.contains("division by zero"), "{text}");
        assert!(text.contains("^^^^^"), "{text}");
    }
}
