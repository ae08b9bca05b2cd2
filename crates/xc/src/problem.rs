//! Items, options and colours: the [`ProblemBuilder`] that collects them and the immutable
//! [`Problem`] that solvers share.
//!
//! Items keep the order in which they were declared, primaries and secondaries interleaved as the
//! caller likes; that order is the MRV tie-break (the first item with the fewest options wins) and
//! the order in which a problem is printed. Options keep their declaration order too: it is the
//! order in which a deterministic search tries them.
//!
//! Names are looked up once per node while a problem is read, so the maps hash with `foldhash`
//! (hashbrown's own default: several times faster than SipHash on short names, and seeded per
//! process, so that names cannot be crafted to collide); reading counts in every worker's start.

use std::fmt;

use foldhash::HashMap;

use crate::bits::BitTables;
use crate::links::Links;
use crate::Error;

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

/// The largest number of items, options or nodes: links are `u32` and a few values are reserved.
const MAX_INDEX: u64 = u32::MAX as u64 - 2;

/// Collects items and options, checking each as it comes, and then [builds](Self::build) a
/// [`Problem`].
///
/// ```
/// use tessera_xc::ProblemBuilder;
/// // The example of Knuth's paper: primary A..E, secondary F and G.
/// let mut b = ProblemBuilder::new();
/// let [a, bb, c, d, e] = ["A", "B", "C", "D", "E"].map(|n| b.primary(n).unwrap());
/// let [f, g] = ["F", "G"].map(|n| b.secondary(n).unwrap());
/// for option in [vec![c, e, f], vec![a, d, g], vec![bb, c, f], vec![a, d], vec![bb, g], vec![d, e, g]] {
///     b.option(&option).unwrap();
/// }
/// let problem = b.build();
/// assert_eq!(problem.solver().count_all().solutions, 1);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ProblemBuilder {
    item_names: Vec<String>,
    item_kinds: Vec<ItemKind>,
    /// Per item, `(min, max)`: how many options of a solution cover it (primaries; 1:1 unless
    /// declared with [`primary_bounded`](Self::primary_bounded)). Secondaries hold `(0, 1)`.
    item_bounds: Vec<(u32, u32)>,
    item_index: HashMap<String, ItemId>,
    color_names: Vec<String>,
    color_index: HashMap<String, Color>,
    option_starts: Vec<u32>,
    option_items: Vec<ItemId>,
    option_colors: Vec<Option<Color>>,
    option_labels: Vec<Option<String>>,
    /// `last_seen[item] == options + 1` while the current option is being checked.
    last_seen: Vec<u32>,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self { option_starts: vec![0], ..Self::default() }
    }

    /// Declares a primary item (covered exactly once).
    pub fn primary(&mut self, name: impl Into<String>) -> Result<ItemId, Error> {
        self.item(name.into(), ItemKind::Primary)
    }

    /// Declares a primary item that every solution covers at least `min` and at most `max` times
    /// (Knuth's multiplicities, `min:max|name` in his DLX3 format; his Algorithm M solves them).
    /// `primary_bounded(name, 1, 1)` is [`primary`](Self::primary).
    ///
    /// ```
    /// use tessera_xc::ProblemBuilder;
    /// // Choose two of three options, each covering the one item `pair`.
    /// let mut b = ProblemBuilder::new();
    /// let pair = b.primary_bounded("pair", 2, 2).unwrap();
    /// for _ in 0..3 {
    ///     b.option(&[pair]).unwrap();
    /// }
    /// let problem = b.build();
    /// assert_eq!(problem.bounds(pair), (2, 2));
    /// assert!(problem.has_multiplicities());
    /// // An upper bound of 0, or a lower bound above the upper one, is refused.
    /// assert!(ProblemBuilder::new().primary_bounded("x", 0, 0).is_err());
    /// assert!(ProblemBuilder::new().primary_bounded("x", 3, 2).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::BadBounds`] when `max` is 0 (the item could never be covered, and a primary item
    /// must be branched on) or `min > max`; and the errors of [`item`](Self::item).
    pub fn primary_bounded(&mut self, name: impl Into<String>, min: u32, max: u32) -> Result<ItemId, Error> {
        let name = name.into();
        let reason = if max == 0 {
            Some("the upper bound must be at least 1")
        } else if min > max {
            Some("the lower bound exceeds the upper bound")
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(Error::BadBounds { name, min, max, reason });
        }
        let id = self.item(name, ItemKind::Primary)?;
        self.item_bounds[id.index()] = (min, max);
        Ok(id)
    }

    /// Declares a secondary item (covered at most once, or shared by options of one colour).
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<ItemId, Error> {
        self.item(name.into(), ItemKind::Secondary)
    }

    /// Declares an item of either kind.
    pub fn item(&mut self, name: String, kind: ItemKind) -> Result<ItemId, Error> {
        if name.is_empty() {
            return Err(Error::BadItemName { name, reason: "it is empty" });
        }
        if self.item_names.len() as u64 >= MAX_INDEX {
            return Err(Error::TooLarge { what: "items", limit: MAX_INDEX });
        }
        if self.item_index.contains_key(&name) {
            return Err(Error::DuplicateItem { name });
        }
        let id = ItemId(self.item_names.len() as u32);
        self.item_index.insert(name.clone(), id);
        self.item_names.push(name);
        self.item_kinds.push(kind);
        self.item_bounds.push(match kind {
            ItemKind::Primary => (1, 1),
            ItemKind::Secondary => (0, 1),
        });
        self.last_seen.push(0);
        Ok(id)
    }

    /// The item with this name, if one was declared.
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.item_index.get(name).copied()
    }

    /// The kind of a declared item.
    pub fn item_kind(&self, item: ItemId) -> Option<ItemKind> {
        self.item_kinds.get(item.index()).copied()
    }

    /// The bounds of a declared item, as [`Problem::bounds`] gives them.
    pub fn bounds(&self, item: ItemId) -> Option<(u32, u32)> {
        self.item_bounds.get(item.index()).copied()
    }

    /// The colour with this name, created on first use.
    pub fn color(&mut self, name: &str) -> Color {
        if let Some(&color) = self.color_index.get(name) {
            return color;
        }
        let color = Color(self.color_names.len() as u32 + 1);
        self.color_names.push(name.to_owned());
        self.color_index.insert(name.to_owned(), color);
        color
    }

    /// Adds an option made of these items, none coloured.
    pub fn option(&mut self, items: &[ItemId]) -> Result<OptionId, Error> {
        self.colored_option(items.iter().map(|&item| (item, None)))
    }

    /// Adds an option whose secondary items may carry colours.
    ///
    /// Fails, adding nothing, when the option is empty, repeats an item, colours a primary item,
    /// has no primary item, or names an id this builder did not hand out.
    pub fn colored_option(
        &mut self,
        items: impl IntoIterator<Item = (ItemId, Option<Color>)>,
    ) -> Result<OptionId, Error> {
        let start = self.option_items.len();
        let result = self.push_option_items(items);
        if result.is_err() {
            self.option_items.truncate(start);
            self.option_colors.truncate(start);
        }
        result
    }

    fn push_option_items(
        &mut self,
        items: impl IntoIterator<Item = (ItemId, Option<Color>)>,
    ) -> Result<OptionId, Error> {
        let options = self.option_labels.len() as u64;
        if options >= MAX_INDEX {
            return Err(Error::TooLarge { what: "options", limit: MAX_INDEX });
        }
        let stamp = options as u32 + 1;
        let mut has_primary = false;
        for (item, color) in items {
            let kind =
                *self.item_kinds.get(item.index()).ok_or(Error::UnknownId { what: "item", id: item.0 })?;
            if let Some(color) = color {
                if color.0 == 0 || color.0 as usize > self.color_names.len() {
                    return Err(Error::UnknownId { what: "colour", id: color.0 });
                }
                if kind == ItemKind::Primary {
                    return Err(Error::ColorOnPrimary { name: self.item_names[item.index()].clone() });
                }
            }
            if self.last_seen[item.index()] == stamp {
                return Err(Error::RepeatedItem { name: self.item_names[item.index()].clone() });
            }
            self.last_seen[item.index()] = stamp;
            has_primary |= kind == ItemKind::Primary;
            self.option_items.push(item);
            self.option_colors.push(color);
        }
        let start = *self.option_starts.last().expect("starts begin with 0") as usize;
        if self.option_items.len() == start {
            return Err(Error::EmptyOption);
        }
        if !has_primary {
            return Err(Error::NoPrimaryItem);
        }
        // Nodes: one per item of each option, one header per item, one spacer per option, two more.
        let nodes = (self.option_items.len() + self.item_names.len() + self.option_labels.len() + 3) as u64;
        if nodes >= MAX_INDEX {
            return Err(Error::TooLarge { what: "nodes", limit: MAX_INDEX });
        }
        self.option_starts.push(self.option_items.len() as u32);
        self.option_labels.push(None);
        Ok(OptionId(options as u32))
    }

    /// Attaches a label to an option, shown in place of its items where a caller prefers
    /// ("P at r1c3" rather than "P r1c3 r1c4 ...").
    pub fn set_label(&mut self, option: OptionId, label: impl Into<String>) {
        if let Some(slot) = self.option_labels.get_mut(option.index()) {
            *slot = Some(label.into());
        }
    }

    /// Number of items declared so far.
    pub fn item_count(&self) -> usize {
        self.item_names.len()
    }

    /// Number of options added so far.
    pub fn option_count(&self) -> usize {
        self.option_labels.len()
    }

    /// Freezes the problem (its dancing-links arrays are laid out once, when a solver first needs
    /// them).
    pub fn build(self) -> Problem {
        let multiplicities = self
            .item_bounds
            .iter()
            .zip(&self.item_kinds)
            .any(|(&bounds, &kind)| kind == ItemKind::Primary && bounds != (1, 1));
        let colors = self.option_colors.iter().any(Option::is_some);
        Problem {
            item_names: self.item_names,
            item_kinds: self.item_kinds,
            item_bounds: self.item_bounds,
            multiplicities,
            colors,
            color_names: self.color_names,
            option_starts: self.option_starts,
            option_items: self.option_items,
            option_colors: self.option_colors,
            option_labels: self.option_labels,
            laid_out: std::sync::OnceLock::new(),
            bit_tables: std::sync::OnceLock::new(),
        }
    }
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
