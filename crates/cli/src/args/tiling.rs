//! `tessera tiling count` and `tessera tiling solve`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{BudgetArgs, EngineArgs, OutputArgs, PlanArgs, ShardArgs, ThreadsArgs, PLAN_ABOUT};

/// Shown under `tessera tiling --help` and each tiling command's.
pub const TILING_HELP: &str = "\
Piece file: pieces drawn with letters or digits ('.' or ' ' empty), one name per piece; lines
starting with '#' are comments; `* L 2` uses piece L twice. Board file: '.' a cell to fill,
'#' or ' ' a hole. Examples (from the repository's root):
  tessera tiling count --board 6x10 --distinct
  tessera tiling solve --board-file examples/data/holed8x8.txt --svg tiling.svg
  tessera tiling count --board 3x20 --shard 0/2 --manifest /tmp/tiling3x20-0.json
  tessera tiling plan --board 5x12 --parts 4 -o /tmp/tiling5x12-plan.json
  tessera tiling count --board 5x12 --plan /tmp/tiling5x12-plan.json --part 0 --manifest /tmp/t0.json

With --json, one object: \"solutions\", \"outcome\" (\"exhausted\", \"limit-reached\", \"gave-up\"),
\"reason\" (when it gave up), \"limit\" (when one applies), \"nodes\", \"seconds\", \"threads\",
\"engine\"; `count --distinct` adds \"distinct\": true. `solve` prints each tiling as it is found
and keeps none (a closed standard output stops it quietly, status 0); `solve --json` prints JSON
lines: one per tiling as found, {\"index\":1,\"board\":[its rows of letters]}, then that object
as the last line. --stats prints `tessera: nodes=N seconds=S threads=T engine=E` on standard error.

Exit status:
  0  success (including \"no tiling\" and a count stopped by --limit)
  1  usage error (a bad flag value: --board, --pieces, ...) or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column),
     or the checkpoint is of another count
  3  gave up: --max-nodes or --timeout ran out before the answer was known";

/// `tessera tiling ...`
#[derive(Debug, Subcommand)]
pub enum TilingCommand {
    /// Count the tilings of a board (all of them, or up to the board's symmetries).
    #[command(
        long_about = "Count the ways to tile a board with pieces, each used once (or as many times \
            as its copies say). Prints the number on standard output. With --limit the count stops \
            there (a note says so). With --distinct, tilings that differ by a symmetry of the board \
            count once, and a note on standard error says how the symmetry was removed.\n\n\
            With --shard I/N it counts only shard I of N, with --checkpoint FILE it resumes, and \
            --manifest FILE records what it covered for `tessera merge`, as `xc count` does (see \
            its help and docs/scale.md), on the bits engine; the shards add up to the same total \
            as one `tiling count` (with or without --no-symmetry). --distinct cannot be sharded.",
        after_help = TILING_HELP
    )]
    Count(TilingCountArgs),
    /// Show tilings: letters in the terminal (coloured there), and an SVG picture with --svg.
    #[command(
        long_about = "Find tilings and print them, one character per square (the piece's letter; \
            '.' for a hole), a blank line between tilings; coloured when standard output is a \
            terminal (see --color). --svg FILE also draws them in one SVG picture.",
        after_help = TILING_HELP
    )]
    Solve(TilingSolveArgs),
    /// Plan a sharded count once (`tiling count --plan FILE --part I` counts each part).
    #[command(long_about = PLAN_ABOUT, after_help = TILING_HELP)]
    Plan(TilingPlanArgs),
}

/// Options of `tessera tiling plan`.
#[derive(Debug, Args)]
pub struct TilingPlanArgs {
    #[command(flatten)]
    pub tiling: TilingArgs,
    #[command(flatten)]
    pub plan: PlanArgs,
}

/// Pieces, board and search options shared by `tiling count` and `tiling solve`.
#[derive(Debug, Args)]
pub struct TilingArgs {
    /// A built-in set: pentominoes, tetrominoes, hexominoes, one-sided-pentominoes.
    #[arg(long, value_name = "SET", default_value = "pentominoes", conflicts_with = "pieces_file")]
    pub pieces: String,
    /// Pieces drawn in a file with letters (`* L 2` lines give copies); `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub pieces_file: Option<PathBuf>,
    /// The board: WxH (width x height), e.g. 6x10.
    #[arg(long, value_name = "WxH", default_value = "6x10", conflicts_with = "board_file")]
    pub board: String,
    /// The board drawn in a file: '.' a cell to fill, '#' or ' ' a hole; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
    /// Every piece is used N times (instead of once, or the file's counts).
    #[arg(long, value_name = "N")]
    pub copies: Option<u32>,
    /// How pieces may move: free (turn and flip), rotations (turn only), fixed (as drawn).
    /// Default: free, rotations for one-sided-pentominoes.
    #[arg(long, value_enum)]
    pub motion: Option<MotionArg>,
    #[command(flatten)]
    pub engine: EngineArgs<SolverArg>,
    /// With the bits engine, search every placement of the first piece instead of one per
    /// class under the board's symmetries (the others are then made by moving the tilings
    /// found); the same tilings, more work.
    #[arg(long)]
    pub no_symmetry: bool,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Options of `tessera tiling count`.
#[derive(Debug, Args)]
pub struct TilingCountArgs {
    #[command(flatten)]
    pub tiling: TilingArgs,
    /// Stop counting at K tilings.
    #[arg(
        long,
        value_name = "K",
        value_parser = clap::value_parser!(u64).range(1..),
        conflicts_with_all = ["distinct", "shard", "plan", "checkpoint", "manifest"]
    )]
    pub limit: Option<u64>,
    /// Count tilings up to the board's symmetries (rotations and reflections the pieces allow).
    /// Not with the shard flags: classes are a sum of weights divided at the very end, which
    /// shards cannot add up.
    #[arg(long, conflicts_with_all = ["shard", "plan", "checkpoint", "manifest"])]
    pub distinct: bool,
    #[command(flatten)]
    pub shard: ShardArgs,
}

/// Options of `tessera tiling solve`.
#[derive(Debug, Args)]
pub struct TilingSolveArgs {
    #[command(flatten)]
    pub tiling: TilingArgs,
    /// Show at most K tilings.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "all")]
    pub limit: u64,
    /// Show every tiling.
    #[arg(long)]
    pub all: bool,
    /// Show one tiling of each class under the board's symmetries.
    #[arg(long)]
    pub distinct: bool,
    /// Also draw the tilings in this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Colour the letters: auto (when standard output is a terminal and NO_COLOR is unset or
    /// empty), always, never.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
}

/// How tiling pieces may move, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MotionArg {
    /// Turn and flip (free polyominoes).
    Free,
    /// Turn only (one-sided).
    Rotations,
    /// As drawn (translations only).
    Fixed,
}

/// The engines of tiling and queens, as named on the command line (the first is the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SolverArg {
    /// The dedicated bitboard search.
    Bits,
    /// Exact cover through tessera-xc.
    Xc,
}

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorArg {
    /// When standard output is a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}
