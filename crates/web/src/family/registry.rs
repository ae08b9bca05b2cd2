//! The families the web game serves: one [`Family`](super::Family) impl each and one line in
//! [`FAMILIES`].

use super::Registered;

/// Every family of the web game, in the order the pages list them.
pub static FAMILIES: &[&dyn Registered] = &[];
