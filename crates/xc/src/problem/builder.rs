//! The [`ProblemBuilder`]: it collects items, options and colours, checks each as it comes, and
//! freezes them into a [`Problem`].
//!
//! Names are looked up once per node while a problem is read, so the maps hash with `foldhash`
//! (hashbrown's own default: several times faster than SipHash on short names, and seeded per
//! process, so that names cannot be crafted to collide); reading counts in every worker's start.

use foldhash::HashMap;

use super::{Color, ItemId, ItemKind, OptionId, Problem};
use crate::Error;

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
