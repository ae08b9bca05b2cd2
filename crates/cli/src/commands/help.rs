//! `tessera completions SHELL` and `tessera man`: made by clap_complete and clap_mangen from the
//! same clap definitions as `--help`, so they list every subcommand and flag there is.

use std::io::{self, Write};

use anyhow::Result;
use clap::CommandFactory;

use super::Status;
use crate::args::{Cli, CompletionsArgs};

/// `tessera completions SHELL`
pub fn completions(args: &CompletionsArgs) -> Result<Status> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "tessera", &mut script);
    write_out(&script)
}

/// `tessera man`: the page of `tessera`, then one section per subcommand (and theirs).
pub fn man() -> Result<Status> {
    let command = Cli::command();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    for sub in command.get_subcommands() {
        render_under(&mut page, sub, "tessera")?;
    }
    write_out(&page)
}

/// `sub` (of `parent`) as a section of the page, its own subcommands after it.
fn render_under(page: &mut Vec<u8>, sub: &clap::Command, parent: &str) -> Result<()> {
    let name = format!("{parent} {}", sub.get_name());
    writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
    let man = clap_mangen::Man::new(sub.clone().bin_name(name.clone()));
    man.render_synopsis_section(page)?;
    man.render_description_section(page)?;
    if sub.get_arguments().any(|arg| !arg.is_hide_set()) {
        man.render_options_section(page)?;
    }
    for child in sub.get_subcommands() {
        render_under(page, child, &name)?;
    }
    Ok(())
}

fn write_out(bytes: &[u8]) -> Result<Status> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(Status::Done)
}
