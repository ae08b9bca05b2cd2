//! The `tessera` command. This file only turns the outcome into an exit status: the command line
//! is parsed in [`args`] and carried out in [`commands`].
//!
//! Exit status, the same for every puzzle (`args::EXIT_CODES`, README "Exit status"): 0 success
//! (also "no solution"), 1 usage or internal error, 2 bad input, 3 gave up (a budget ran out), 4 a
//! checked answer is wrong (`sudoku verify`; `hidato verify`: a given or the shape changed, the
//! seed's -1), 5 `hidato verify`: consecutive numbers do not touch (the seed's -2), 6 `hidato
//! verify`: the answer is incomplete (empty cells, numbers missing or twice), 7 not a puzzle
//! (`sudoku rate`: no solution or several; `sudoku hint`: none).

#![forbid(unsafe_code)]

mod args;
mod commands;
mod input;
mod ordered;
mod progress;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use crate::commands::{Status, USAGE_OR_INTERNAL};
use crate::input::BadInput;

fn main() -> ExitCode {
    commands::mark_start();
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version end up here too, on standard output with status 0.
        Err(err) if !err.use_stderr() => {
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            usage_error(&err);
            return ExitCode::from(USAGE_OR_INTERNAL);
        }
    };
    match commands::run(cli) {
        Ok(status) => ExitCode::from(status.code()),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Messages may quote input: no control character reaches the terminal as it is.
            commands::report::error(&format!("{err:#}"));
            if err.downcast_ref::<BadInput>().is_some() {
                ExitCode::from(Status::BadInput.code())
            } else {
                ExitCode::from(USAGE_OR_INTERNAL)
            }
        }
    }
}

/// A usage error found by clap, in the style of every other error: `tessera: MESSAGE` (clap's
/// `error: ` taken off), then clap's tip and usage lines as they are.
fn usage_error(err: &clap::Error) {
    let rendered = err.render().to_string();
    let mut lines = rendered.trim_end().lines();
    let first = lines.next().unwrap_or_default();
    commands::report::error(first.strip_prefix("error: ").unwrap_or(first));
    let rest: Vec<&str> = lines.collect();
    if !rest.is_empty() {
        let _ = writeln!(std::io::stderr(), "{}", rest.join("\n"));
    }
}

/// Standard output closed early (`tessera xc solve --all f.dlx | head`): not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
