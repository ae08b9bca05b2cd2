//! What the unit tests of several puzzle modules share.

/// The mean of `probes` samples of `sample` and its standard error: the check of a Knuth
/// estimator (queens' and tiling's shard trees), whose mean over many probes is the node count
/// of the subtree, within a few standard errors.
pub(crate) fn mean_and_error(probes: u32, mut sample: impl FnMut() -> f64) -> (f64, f64) {
    let samples: Vec<f64> = (0..probes).map(|_| sample()).collect();
    let mean = samples.iter().sum::<f64>() / f64::from(probes);
    let variance = samples.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / f64::from(probes - 1);
    (mean, (variance / f64::from(probes)).sqrt())
}
