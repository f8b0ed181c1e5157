//! `reckon expressions --operands N`: how many distinct expressions there are
//! over N symbols (OEIS A140606 at the function level).

use std::io::Write;

use reckon_canonical::count_expressions;

use crate::Status;
use crate::args::ExpressionsArgs;

pub fn run(args: &ExpressionsArgs) -> anyhow::Result<Status> {
    writeln!(std::io::stdout().lock(), "{}", count_expressions(usize::from(args.operands), args.distinct.into()))?;
    Ok(Status::Success)
}
