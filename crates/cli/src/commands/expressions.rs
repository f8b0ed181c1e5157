//! `reckon expressions --operands N`: how many distinct expressions there are
//! over N symbols (OEIS A140606 at the function level), or which.

use std::io::Write;

use reckon_canonical::{ExpressionCount, Level, count_expressions, list_expressions};
use serde::Serialize;

use crate::Status;
use crate::args::{ExpressionsArgs, ExpressionsFormat};
use crate::report;

pub fn run(args: &ExpressionsArgs) -> anyhow::Result<Status> {
    let operands = usize::from(args.operands);
    let level: Level = args.distinct.into();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if !args.list {
        let count = count_expressions(operands, level);
        match args.format {
            ExpressionsFormat::Text => writeln!(out, "{count}")?,
            ExpressionsFormat::Json => {
                let json = JsonCount { operands, level: level.name(), count: JsonCount::number(&count) };
                writeln!(out, "{}", serde_json::to_string(&json)?)?;
            }
        }
        out.flush()?;
        return Ok(Status::Success);
    }
    let listed = match list_expressions(operands, level) {
        Ok(listed) => listed,
        Err(too_many) => {
            report::error(&format!("{too_many}; without --list, reckon counts them"));
            return Ok(Status::BadInput);
        }
    };
    for expression in &listed {
        match args.format {
            ExpressionsFormat::Text => writeln!(out, "{expression}")?,
            ExpressionsFormat::Json => {
                let json = JsonExpression { operands, level: level.name(), expression };
                writeln!(out, "{}", serde_json::to_string(&json)?)?;
            }
        }
    }
    out.flush()?;
    Ok(Status::Success)
}

#[derive(Serialize)]
struct JsonCount {
    operands: usize,
    level: &'static str,
    count: JsonWhole,
}

impl JsonCount {
    /// The largest whole number a JavaScript number holds exactly.
    const EXACT_IN_JAVASCRIPT: u64 = (1 << 53) - 1;

    /// A count as a JSON number while readers keep it exact, beyond that
    /// as a string of digits.
    fn number(count: &ExpressionCount) -> JsonWhole {
        match count.to_u64() {
            Some(small) if small <= Self::EXACT_IN_JAVASCRIPT => JsonWhole::Number(small),
            _ => JsonWhole::Digits(count.to_string()),
        }
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum JsonWhole {
    Number(u64),
    Digits(String),
}

#[derive(Serialize)]
struct JsonExpression<'a> {
    operands: usize,
    level: &'static str,
    expression: &'a str,
}
