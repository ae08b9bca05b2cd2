//! The argument groups every searching command shares, each declared once and flattened into the
//! commands (`#[command(flatten)]`), so that the same thing has the same flag everywhere: the
//! budget (`--max-nodes`, `--timeout`), the output (`--json`, `--stats`, `--no-progress`), the
//! threads (`--threads`), the engine (`--engine`, generic over each puzzle's list of engines) and
//! the share of a seeded run that one of several machines makes (`--shard I/N`, the generators).
//!
//! What `--json` writes differs by command; each command's help names its keys, and docs/cli.md's
//! JSON section holds the shared vocabulary.

use std::ops::Range;
use std::time::Duration;

use clap::{Args, ValueEnum};
use tessera::xc::shard::Shard;

/// `--max-nodes` and `--timeout`.
#[derive(Debug, Clone, Args)]
pub struct BudgetArgs {
    /// Give up after N search nodes (per puzzle for the puzzle commands); exit status 3.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// Give up after this many seconds, decimals allowed (per puzzle for the puzzle commands);
    /// exit status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

/// `--json` alone, for the commands that do not search (verify, rate, hint).
#[derive(Debug, Clone, Args)]
pub struct JsonArg {
    /// Print JSON on standard output instead of text (keys: see below and docs/cli.md); the exit
    /// status is as without it.
    #[arg(long)]
    pub json: bool,
}

/// `--json`, `--stats` and `--no-progress`.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    #[command(flatten)]
    pub json: JsonArg,

    /// Print the search's counters (nodes, seconds, threads, engine, as the command knows them)
    /// on standard error, one line starting `tessera: `.
    #[arg(long)]
    pub stats: bool,

    /// Never show a progress bar (one is shown only when standard error is a terminal, and only
    /// by the commands that can measure their progress).
    #[arg(long)]
    pub no_progress: bool,
}

impl OutputArgs {
    /// Whether `--json` was given.
    pub fn json(&self) -> bool {
        self.json.json
    }
}

/// `--threads`.
#[derive(Debug, Clone, Args)]
pub struct ThreadsArgs {
    /// Work on N threads; 0 means one per CPU, and at most 4 per CPU (at least 8) are accepted.
    /// Puzzle files keep their input order, and the answers are the same as on one thread.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_threads)]
    pub threads: usize,
}

/// The number of CPUs this process may use (1 when it cannot be told).
fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The most threads `--threads` accepts: 4 per CPU, at least 8. More only adds switching: on a
/// 2-CPU machine `--threads 100000` spawned thousands of threads and took minutes to end.
pub fn max_threads() -> usize {
    (4 * cpus()).max(8)
}

/// `--threads`: 0 (one per CPU) or 1 to [`max_threads`]. The error names the accepted range;
/// clap puts the flag's name in front of it.
pub fn parse_threads(text: &str) -> Result<usize, String> {
    // Up to 8 is always accepted: no need to ask the system (it reads cgroup files) for those.
    if let Ok(n @ 0..=8) = text.parse::<usize>() {
        return Ok(n);
    }
    let max = max_threads();
    let range = format!("0 (one per CPU) or 1 to {max} (4 per CPU, at least 8; this machine has {})", cpus());
    match text.parse::<usize>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!("{text} threads is too many: give {range}")),
        Err(_) => Err(format!("{text:?} is not a number of threads: give {range}")),
    }
}

impl ThreadsArgs {
    /// The number of threads, with 0 replaced by the number of CPUs.
    pub fn count(&self) -> usize {
        match self.threads {
            0 => cpus(),
            n => n,
        }
    }
}

/// `--shard I/N`, for the generators: one machine's share of a run fixed by `--seed` and `--count`.
#[derive(Debug, Clone, Args)]
pub struct SeedShardArgs {
    /// Make only shard I (from 0) of N of the run: its share of the puzzles, with the whole
    /// run's seeds and indices, so that the shards joined in order make the run (see below). N
    /// goes up to 1000000; needs --seed.
    #[arg(long, value_name = "I/N", value_parser = super::shard::parse_shard, requires = "seed", allow_hyphen_values = true)]
    pub shard: Option<Shard>,
}

impl SeedShardArgs {
    /// The positions (from 0) of the whole run's `total` puzzles that this run makes: all of
    /// them without `--shard`.
    pub fn range(&self, total: u64) -> Range<u64> {
        self.shard.unwrap_or(Shard::WHOLE).range(total)
    }

    /// Whether `--shard` was given (even `0/1`, which makes the whole run as a shard).
    pub fn is_given(&self) -> bool {
        self.shard.is_some()
    }
}

/// `--engine`, over one puzzle's engines (`E`, whose first value is the default). `--solver`
/// is a hidden alias: tiling and queens called it that before every command said `--engine`.
///
/// The default is applied by [`EngineArgs::engine`], not by clap: clap's derive keeps a
/// `default_value_t` in a static, which the instances of a generic struct would share.
#[derive(Debug, Clone, Args)]
pub struct EngineArgs<E: ValueEnum + Clone + std::fmt::Debug + Send + Sync + 'static> {
    /// The search engine (default: the first one). All give the same answers (solutions may
    /// come in another order).
    #[arg(long = "engine", alias = "solver", value_name = "ENGINE", value_enum)]
    pub chosen: Option<E>,
}

impl<E: ValueEnum + Clone + std::fmt::Debug + Send + Sync + 'static> EngineArgs<E> {
    /// The engine asked for, or the default.
    pub fn engine(&self) -> E {
        self.chosen.clone().unwrap_or_else(first::<E>)
    }

    /// The engine's name as given on the command line, for `--stats` and `--json`.
    pub fn name(&self) -> String {
        self.engine().to_possible_value().map_or_else(String::new, |value| value.get_name().to_owned())
    }
}

/// The first value of an engine list: the default.
fn first<E: ValueEnum>() -> E {
    E::value_variants().first().cloned().expect("an engine list is not empty")
}

/// Seconds, decimals allowed, never negative.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text:?} is not a duration of zero or more seconds"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::shard::parse_shard;

    #[test]
    fn seconds_accept_decimals_and_reject_negatives() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
        assert!(parse_seconds("NaN").is_err());
    }

    #[test]
    fn threads_are_capped_with_the_range_named() {
        assert_eq!(parse_threads("0"), Ok(0));
        assert_eq!(parse_threads("8"), Ok(8));
        assert_eq!(parse_threads(&max_threads().to_string()), Ok(max_threads()));
        let too_many = parse_threads("100000").unwrap_err();
        assert!(
            too_many.contains("too many") && too_many.contains(&format!("1 to {}", max_threads())),
            "{too_many}"
        );
        assert!(parse_threads("-1").is_err());
        assert!(parse_threads("many").is_err());
    }

    #[test]
    fn shards_are_read_as_i_of_n() {
        assert_eq!(parse_shard("0/1"), Ok(Shard::WHOLE));
        assert_eq!(parse_shard("2/7"), Ok(Shard { index: 2, of: 7 }));
        assert_eq!(parse_shard("999999/1000000"), Ok(Shard { index: 999_999, of: Shard::MAX }));
    }

    #[test]
    fn bad_shards_are_refused_with_the_valid_form_named() {
        for (text, what) in [
            ("3/3", "the shards of 3 go from 0 to 2"),
            ("1/0", "N is 0"),
            ("0/1000001", "more shards than the 1000000"),
            ("a/2", "not two whole numbers"),
            ("-1/2", "not two whole numbers"),
            ("+1/2", "not two whole numbers"),
            ("1/2/3", "not two whole numbers"),
            ("1", "not two whole numbers"),
            ("", "not two whole numbers"),
            (" 1/2", "not two whole numbers"),
        ] {
            let message = parse_shard(text).unwrap_err();
            assert!(message.contains(what), "{text:?}: {message}");
            assert!(message.contains("0 <= I < N <= 1000000"), "{text:?}: {message}");
        }
    }

    /// The shards' ranges, in order, are `0..total` cut into consecutive pieces.
    fn assert_partition(total: u64, shards: u32) {
        let mut next = 0;
        for index in 0..shards {
            let range = Shard { index, of: shards }.range(total);
            assert_eq!(
                range.start, next,
                "shard {index}/{shards} of {total} does not start where the last ended"
            );
            assert!(range.start <= range.end, "shard {index}/{shards} of {total}: {range:?}");
            // Balanced: every shard has floor(total / N) or one more.
            let length = range.end - range.start;
            assert!(
                length == total / u64::from(shards) || length == total / u64::from(shards) + 1,
                "{index}/{shards} of {total}"
            );
            next = range.end;
        }
        assert_eq!(next, total, "{shards} shards of {total} end at {next}");
    }

    #[test]
    fn shards_cut_every_small_run_into_consecutive_pieces() {
        for total in 0..=40 {
            for shards in 1..=45 {
                assert_partition(total, shards);
            }
        }
    }

    #[test]
    fn shards_cut_random_runs_into_consecutive_pieces() {
        // SplitMix64 from a fixed seed: the same (total, shards) pairs every run, over the whole
        // range of counts (I * total overflows u64 for the big ones) and up to 5000 shards, each
        // walked; then the last of Shard::MAX shards alone.
        let mut state = 15u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            tessera::common::seed::mix(state, 0)
        };
        for _ in 0..2000 {
            let total = match next() % 3 {
                0 => next() % 100,
                1 => next() % 1_000_000,
                _ => next(),
            };
            let shards = 1 + (next() % if next() % 2 == 0 { 100 } else { 5000 }) as u32;
            assert_partition(total, shards);
        }
        assert_partition(u64::MAX, 7);
        let last = Shard { index: Shard::MAX - 1, of: Shard::MAX };
        assert_eq!(last.range(u64::MAX).end, u64::MAX);
        assert_eq!(last.range(3), 2..3);
    }
}
