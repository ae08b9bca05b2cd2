//! Seeds of the generators' attempts.

/// The seed of attempt `attempt` of a generation from `seed`: SplitMix64's step and finaliser,
/// so that neighbouring seeds and attempts give unrelated streams.
pub fn mix(seed: u64, attempt: u64) -> u64 {
    let mut z = seed.wrapping_add(attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
