//! Doing what the command line asked: one module per top-level subcommand.

pub mod xc;

use crate::args::{Cli, Command, XcCommand};

/// How a command that did not fail ended; `main` turns it into the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The answer is complete (which includes "no solution" and a count stopped at its limit).
    Done,
    /// A budget ran out first (exit status 3).
    GaveUp,
}

/// Runs the command.
pub fn run(cli: Cli) -> anyhow::Result<Status> {
    match cli.command {
        Command::Xc(XcCommand::Count(args)) => xc::count(&args),
        Command::Xc(XcCommand::Solve(args)) => xc::solve(&args),
    }
}
