//! Reading expressions written the usual way, as the published solution
//! lists write them: `8/(3-(8/3))`, `6*6-6-6`.

use reckon_core::{Expr, Op, Rational};

/// Why a piece of text is not an expression.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an expression: {0}")]
pub struct ParseExprError(String);

/// Reads an arithmetic expression over numbers with `+ - * /` (also `×`,
/// `÷`) and brackets, with the usual precedence and left associativity.
/// A number may be negative (`3-(-3)`) or a decimal.
///
/// ```
/// use reckon_canonical::parse_expr;
/// let e = parse_expr("8/(3-(8/3))").unwrap();
/// assert_eq!(e.to_string(), "8/(3-8/3)");
/// ```
pub fn parse_expr(text: &str) -> Result<Expr, ParseExprError> {
    // Spaces may separate tokens but not split a number: `1 2` is no expression.
    let chars: Vec<char> = text.chars().collect();
    for (i, w) in chars.windows(2).enumerate() {
        if w[0].is_ascii_digit() && w[1].is_whitespace() {
            let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            if next.is_some_and(|c| c.is_ascii_digit()) {
                return Err(ParseExprError(text.to_owned()));
            }
        }
    }
    let tokens: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut p = Parser { tokens, at: 0 };
    let e = p.expr().ok_or_else(|| ParseExprError(text.to_owned()))?;
    if p.at != p.tokens.len() {
        return Err(ParseExprError(text.to_owned()));
    }
    Ok(e)
}

struct Parser {
    tokens: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.tokens.get(self.at).copied()
    }

    fn op(&self, level: u8) -> Option<Op> {
        let op = match self.peek()? {
            '+' => Op::Add,
            '-' | '−' => Op::Sub,
            '*' | '×' | 'x' => Op::Mul,
            '/' | '÷' => Op::Div,
            _ => return None,
        };
        (op.precedence() == level).then_some(op)
    }

    /// A sum of terms (level 1) or a product of atoms (level 2).
    fn level(&mut self, level: u8) -> Option<Expr> {
        let mut left = if level == 1 { self.level(2)? } else { self.atom()? };
        while let Some(op) = self.op(level) {
            self.at += 1;
            let right = if level == 1 { self.level(2)? } else { self.atom()? };
            left = Expr::binary(op, left, right);
        }
        Some(left)
    }

    fn expr(&mut self) -> Option<Expr> {
        self.level(1)
    }

    fn atom(&mut self) -> Option<Expr> {
        if self.peek()? == '(' {
            self.at += 1;
            let e = self.expr()?;
            (self.peek()? == ')').then_some(())?;
            self.at += 1;
            return Some(e);
        }
        let start = self.at;
        if matches!(self.peek(), Some('-' | '−')) {
            self.at += 1;
        }
        while matches!(self.peek(), Some(c) if c.is_ascii_digit() || c == '.') {
            self.at += 1;
        }
        let text: String = self.tokens[start..self.at].iter().map(|&c| if c == '−' { '-' } else { c }).collect();
        text.parse::<Rational>().ok().map(Expr::Num)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_and_brackets() {
        for (text, shown) in [
            ("1+2*3", "1+2*3"),
            ("(1+2)*3", "(1+2)*3"),
            ("6*6-6-6", "6*6-6-6"),
            ("((10*2)+8)-4", "10*2+8-4"),
            ("3-(-3)", "3-(-3)"),
            ("8 / (3 - 8 / 3)", "8/(3-8/3)"),
        ] {
            assert_eq!(parse_expr(text).unwrap().to_string(), shown);
        }
    }

    #[test]
    fn rejects_garbage() {
        for text in ["", "1+", "(1+2", "1+2)", "a", "1 2"] {
            assert!(parse_expr(text).is_err(), "{text}");
        }
    }
}
