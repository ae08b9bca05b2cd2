//! N-queens: counts and listings up to 32 on both routes, with threads and a node budget.

use super::*;

pub(super) fn queens_cases(cases: &mut Vec<Case>) {
    for (name, args) in [
        ("queens-32-count", &["queens", "32", "--count"][..]),
        ("queens-32-count-threads2", &["queens", "32", "--count", "--threads", "2"][..]),
        ("queens-32-all", &["queens", "32", "--all"][..]),
        ("queens-32-xc", &["queens", "32", "--count", "--engine", "xc"][..]),
        ("queens-28-max-nodes", &["queens", "28", "--count", "--threads", "2", "--max-nodes", "1000"][..]),
        // Listings that once collected every solution before printing (issue 24): 14.8 M boards
        // for 16, an allocation failure for 17, 4.3 GB for 32 on the xc route.
        ("queens-16-all", &["queens", "16", "--all"][..]),
        ("queens-16-all-json", &["queens", "16", "--all", "--json"][..]),
        ("queens-17-all", &["queens", "17", "--all"][..]),
        ("queens-20-all", &["queens", "20", "--all"][..]),
        ("queens-32-all-xc", &["queens", "32", "--all", "--engine", "xc"][..]),
        ("queens-20-all-xc-threads2", &["queens", "20", "--all", "--engine", "xc", "--threads", "2"][..]),
    ] {
        cases.push(case(name, "queens", args, vec![], true));
    }
}
