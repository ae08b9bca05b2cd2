//! Items, options and colours: the [`ProblemBuilder`] that collects them (in `builder.rs`) and
//! the immutable [`Problem`] that solvers share.
//!
//! Items keep the order in which they were declared, primaries and secondaries interleaved as the
//! caller likes; that order is the MRV tie-break (the first item with the fewest options wins) and
//! the order in which a problem is printed. Options keep their declaration order too: it is the
//! order in which a deterministic search tries them.

mod builder;

pub use builder::ProblemBuilder;

use std::fmt;

use crate::bits::BitTables;
use crate::links::Links;

/// An item of a [`Problem`], in declaration order (`0..item_count()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
    /// The item's position in declaration order.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An option of a [`Problem`], in declaration order (`0..option_count()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(pub(crate) u32);

impl OptionId {
    /// The option's position in declaration order.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The option at this position (no check: an out-of-range id is caught where it is used).
    pub fn from_index(index: usize) -> Self {
        Self(index as u32)
    }
}

/// A colour that secondary items may carry (Knuth's XCC): options that give an item the same
/// colour may share it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Color(pub(crate) u32);

/// Whether an item must be covered exactly once or at most once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered exactly once by every solution.
    Primary,
    /// Covered at most once, or by any number of options that agree on its colour.
    Secondary,
}

/// An exact-cover problem, immutable once built: items (primary and secondary), options, colours,
/// and the initial dancing-links arrays that each [`Solver`](crate::Solver) copies.
///
/// `Problem` is `Send + Sync`; share it between threads by reference.
#[derive(Clone)]
pub struct Problem {
    item_names: Vec<String>,
    item_kinds: Vec<ItemKind>,
    item_bounds: Vec<(u32, u32)>,
    /// Whether some primary item has bounds other than 1:1.
    multiplicities: bool,
    /// Whether some option gives a colour (read by every new solver: kept, not rescanned).
    colors: bool,
    color_names: Vec<String>,
    option_starts: Vec<u32>,
    option_items: Vec<ItemId>,
    option_colors: Vec<Option<Color>>,
    option_labels: Vec<Option<String>>,
    /// The dancing-links arrays and each node's option, laid out on first use (the bitset engine
    /// needs neither, and a worker that counts a few prefixes should not build them).
    laid_out: std::sync::OnceLock<(Links, Vec<u32>)>,
    /// The bitset engine's tables, built on first use (`None` inside: too large for it).
    bit_tables: std::sync::OnceLock<Option<BitTables>>,
}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Problem")
            .field("primary_items", &self.primary_count())
            .field("secondary_items", &(self.item_count() - self.primary_count()))
            .field("options", &self.option_count())
            .field("colors", &self.color_names.len())
            .finish_non_exhaustive()
    }
}

impl Problem {
    /// A new, empty builder.
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::new()
    }

    /// Number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.item_names.len()
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.item_kinds.iter().filter(|&&k| k == ItemKind::Primary).count()
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.option_labels.len()
    }

    /// Number of (option, item) pairs: the nodes of the dancing links, headers and spacers aside.
    pub fn node_count(&self) -> usize {
        self.option_items.len()
    }

    /// Whether any option gives an item a colour.
    pub fn has_colors(&self) -> bool {
        self.colors
    }

    /// Whether some primary item has bounds other than `1:1` (Knuth's multiplicities, declared
    /// with [`ProblemBuilder::primary_bounded`] or read as `u:v|name`).
    pub fn has_multiplicities(&self) -> bool {
        self.multiplicities
    }

    /// How many options of every solution cover `item`, at least and at most: `(1, 1)` for an
    /// ordinary primary item, the declared bounds for one from
    /// [`ProblemBuilder::primary_bounded`], and `(0, 1)` for a secondary item (which options that
    /// agree on its colour may share all the same).
    pub fn bounds(&self, item: ItemId) -> (u32, u32) {
        self.item_bounds[item.index()]
    }

    /// All items in declaration order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.item_names.len() as u32).map(ItemId)
    }

    /// All options in declaration order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.option_labels.len() as u32).map(OptionId)
    }

    /// An item's name. Panics on an id from another problem that is out of range.
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.item_names[item.index()]
    }

    /// An item's kind.
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.item_kinds[item.index()]
    }

    /// A colour's name.
    pub fn color_name(&self, color: Color) -> &str {
        &self.color_names[color.0 as usize - 1]
    }

    /// The items of an option, in the order they were given, with their colours.
    pub fn option_items(
        &self,
        option: OptionId,
    ) -> impl ExactSizeIterator<Item = (ItemId, Option<Color>)> + '_ {
        let range = self.option_range(option);
        self.option_items[range.clone()].iter().copied().zip(self.option_colors[range].iter().copied())
    }

    /// An option's label, if one was set.
    pub fn option_label(&self, option: OptionId) -> Option<&str> {
        self.option_labels[option.index()].as_deref()
    }

    /// The option as a line of Knuth's format: its items' names, `name:colour` where coloured.
    pub fn option_line(&self, option: OptionId) -> String {
        let mut line = String::new();
        for (item, color) in self.option_items(option) {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(self.item_name(item));
            if let Some(color) = color {
                line.push(':');
                line.push_str(self.color_name(color));
            }
        }
        line
    }

    /// Checks that a set of options is an exact cover: every primary item covered within its
    /// [bounds](Self::bounds) (exactly once, unless declared otherwise), every secondary item at
    /// most once or by options that agree on its colour. Independent of the search; used by tests
    /// and by callers who want to trust nothing. The options must be distinct.
    pub fn is_solution(&self, options: &[OptionId]) -> bool {
        let mut color_seen: Vec<Option<Option<Color>>> = vec![None; self.item_count()];
        let mut times = vec![0u32; self.item_count()];
        let mut chosen = vec![false; self.option_count()];
        for &option in options {
            if option.index() >= self.option_count() || std::mem::replace(&mut chosen[option.index()], true) {
                return false;
            }
            for (item, color) in self.option_items(option) {
                let i = item.index();
                times[i] += 1;
                if self.item_kind(item) == ItemKind::Primary {
                    continue;
                }
                match (color_seen[i], color) {
                    (None, _) => color_seen[i] = Some(color),
                    (Some(Some(seen)), Some(color)) if seen == color => {}
                    _ => return false,
                }
            }
        }
        self.items().all(|item| {
            let (min, max) = self.bounds(item);
            self.item_kind(item) == ItemKind::Secondary || (min..=max).contains(&times[item.index()])
        })
    }

    /// A solver over this problem, with no budget and the deterministic option order.
    pub fn solver(&self) -> crate::Solver<'_> {
        crate::Solver::new(self)
    }

    /// The bitset engine's tables, or `None` if the problem is too large for them.
    pub(crate) fn bit_tables(&self) -> Option<&BitTables> {
        self.bit_tables.get_or_init(|| BitTables::new(self)).as_ref()
    }

    /// The option that node `node` of the links belongs to.
    pub(crate) fn node_option(&self, node: u32) -> OptionId {
        OptionId(self.laid_out().1[node as usize])
    }

    /// The initial dancing-links arrays, which each links solver copies.
    pub(crate) fn links(&self) -> &Links {
        &self.laid_out().0
    }

    fn laid_out(&self) -> &(Links, Vec<u32>) {
        self.laid_out.get_or_init(|| Links::new(self))
    }

    pub(crate) fn option_range(&self, option: OptionId) -> std::ops::Range<usize> {
        let i = option.index();
        self.option_starts[i] as usize..self.option_starts[i + 1] as usize
    }
}
