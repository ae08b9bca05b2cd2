//! `tessera serve`: the web game of [`tessera_web`], on a multi-threaded Tokio runtime.

use anyhow::Result;

use super::Status;
use crate::args::ServeArgs;

/// `tessera serve [--addr HOST:PORT] [--db FILE] [--no-rate-limit] ...`
pub fn serve(args: &ServeArgs) -> Result<Status> {
    tessera_web::init_tracing();
    let config = args.config();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let server = tessera_web::Server::bind(config).await?;
        println!("Tessera is running at http://{}/ (press Ctrl+C to stop)", server.local_addr()?);
        server.run().await
    })?;
    Ok(Status::Done)
}
