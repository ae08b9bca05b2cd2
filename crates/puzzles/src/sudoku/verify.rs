//! Checking an answer against its puzzle (being written).
