//! Akari as exact cover with colours (Knuth's XCC), for `tessera-xc`: the third route, the one
//! every puzzle of the crate offers.
//!
//! ```text
//!   primary items    sK: each segment (a maximal run of white cells along a row or column)
//!                    takes exactly one option; wK: each numbered wall, exactly one option
//!   secondary items  bR.C: a white cell, coloured 1 (a bulb) or 0 by the two segments through
//!                    it and the numbered walls beside it, which must agree
//!                    dR.C: a white cell, uncoloured: "dark along one of its lines"
//!   options          "sK b..:0 .. bX:1 .. b..:0": the segment's bulb on its cell X
//!                    "sK b..:0 .. d.. d..": the segment without a bulb, taking the d item of
//!                    each of its cells
//!                    "wK b..:1 b..:0 ..": one way to choose its number of its white neighbours
//! ```
//!
//! Why the `d` items: a cell is lit unless both its segments are without a bulb, and an
//! uncoloured secondary item is taken at most once, so two bulb-less segments through one cell
//! cannot both be chosen. At most one bulb a segment and no two bulbs seeing each other are the
//! segment items themselves (one option each). The options are at most the white cells twice
//! plus six a wall: no board of the accepted sizes is refused.

use tessera_xc::{Budget, Color, ItemId, OptionId, Problem, ProblemBuilder};

use crate::akari::sat::subsets;
use crate::akari::solve::Layout;
use crate::akari::{Akari, Bulbs};
use crate::common::NotBuilt;
use crate::Reduction;

/// The exact-cover problem of a board and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    width: usize,
    height: usize,
    /// The bulb each option places (a segment's bulb; `None` for the others).
    bulbs: Vec<Option<usize>>,
    problem: Problem,
}

impl ExactCover {
    /// The problem for a board.
    pub fn new(board: &Akari) -> Self {
        Self::with_budget(board, &Budget::unlimited()).expect("an unlimited budget builds it")
    }

    /// The problem for a board, or why it was not built: the budget's clock ran out.
    pub fn with_budget(board: &Akari, budget: &Budget) -> Result<Self, NotBuilt> {
        let (w, h) = (board.width(), board.height());
        let layout = Layout::new(board);
        let mut b = ProblemBuilder::new();
        let named = |i: usize| format!("{}.{}", i / w + 1, i % w + 1);
        let segments: Vec<ItemId> =
            (0..layout.segments.len()).map(|s| b.primary(format!("s{s}")).expect("distinct")).collect();
        let walls: Vec<ItemId> = layout
            .walls
            .iter()
            .map(|(i, _, _)| b.primary(format!("w{}", named(*i))).expect("distinct"))
            .collect();
        let mut bulb_item = vec![None; w * h];
        let mut dark_item = vec![None; w * h];
        for &i in &layout.whites {
            bulb_item[i] = Some(b.secondary(format!("b{}", named(i))).expect("distinct"));
            dark_item[i] = Some(b.secondary(format!("d{}", named(i))).expect("distinct"));
        }
        let colors: [Color; 2] = [b.color("0"), b.color("1")];
        let item = |items: &[Option<ItemId>], i: usize| items[i].expect("a white cell");
        let mut bulbs = Vec::new();
        for (s, cells) in layout.segments.iter().enumerate() {
            if s % 256 == 0 {
                if let Some(reason) = budget.check_clock() {
                    return Err(NotBuilt::GaveUp(reason));
                }
            }
            for &x in cells {
                let items = std::iter::once((segments[s], None))
                    .chain(cells.iter().map(|&c| (item(&bulb_item, c), Some(colors[usize::from(c == x)]))));
                b.colored_option(items).expect("a valid option");
                bulbs.push(Some(x));
            }
            let items = std::iter::once((segments[s], None))
                .chain(cells.iter().map(|&c| (item(&bulb_item, c), Some(colors[0]))))
                .chain(cells.iter().map(|&c| (item(&dark_item, c), None)));
            b.colored_option(items).expect("a valid option");
            bulbs.push(None);
        }
        for (k, (_, number, around)) in layout.walls.iter().enumerate() {
            for chosen in subsets(around, usize::from(*number)) {
                let items = std::iter::once((walls[k], None)).chain(
                    around
                        .iter()
                        .map(|&c| (item(&bulb_item, c), Some(colors[usize::from(chosen.contains(&c))]))),
                );
                b.colored_option(items).expect("a valid option");
                bulbs.push(None);
            }
        }
        Ok(ExactCover { width: w, height: h, bulbs, problem: b.build() })
    }
}

impl Reduction for ExactCover {
    type Solution = Bulbs;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Bulbs {
        let mut cells = vec![false; self.width * self.height];
        for option in options {
            if let Some(Some(x)) = self.bulbs.get(option.index()) {
                cells[*x] = true;
            }
        }
        Bulbs::new(self.width, self.height, cells).expect("the board's size")
    }
}
