//! Tessera's web game (axum server, SQLite store, embedded assets). Empty until the web issue lands.
