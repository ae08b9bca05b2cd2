//! The store's schema: the migrations under `crates/web/migrations/`, applied in order at
//! start-up. `schema_migrations` records the highest version applied; version `n` is the `n`th
//! file of [`MIGRATIONS`], so a new migration is a new file appended to the list, never an edit
//! of an old one (a database already at that version would not see the edit).

use anyhow::Result;
use rusqlite::Connection;

/// The migrations, in order; `schema_migrations` records the ones applied.
const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/0001_initial.sql"),
    include_str!("../../migrations/0002_honest_records.sql"),
    include_str!("../../migrations/0003_daily.sql"),
    include_str!("../../migrations/0004_records_caps.sql"),
    include_str!("../../migrations/0005_answer_keys.sql"),
];

/// Applies the migrations not yet applied, each in its own transaction.
pub(super) fn migrate(conn: &mut Connection) -> Result<()> {
    conn.execute_batch("CREATE TABLE IF NOT EXISTS schema_migrations(version INTEGER PRIMARY KEY)")?;
    let done: i64 =
        conn.query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", [], |row| row.get(0))?;
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i as i64 + 1;
        if version <= done {
            continue;
        }
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.execute("INSERT INTO schema_migrations(version) VALUES (?1)", [version])?;
        tx.commit()?;
        tracing::info!(version, "applied a store migration");
    }
    Ok(())
}
