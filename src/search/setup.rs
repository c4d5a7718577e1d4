//! `Setup`, what one search is built from (the puzzle, its plan, tables, line tables and
//! class rule), and the order numbers are handed out in for a search mode.

use super::autos::ClassRule;
use super::mode::{FOLD, MEET};
use super::plan::Plan;
use super::sums::{LineTables, Order};
use super::tables::Tables;
use super::walker::Walker;
use crate::puzzle::Puzzle;

/// The order numbers are handed out in, for a search mode.
pub fn order(mode: u8) -> Order {
    match mode {
        FOLD => Order::Fold,
        MEET => Order::Meet,
        _ => Order::Plain,
    }
}

pub struct Setup<'a, const W: usize> {
    pub puzzle: &'a Puzzle,
    pub plan: &'a Plan<W>,
    pub tables: &'a Tables<W>,
    pub lt: Option<&'a LineTables>,
    pub rule: &'a ClassRule,
}

impl<'a, const W: usize> Setup<'a, W> {
    pub fn walker<const M: u8>(&self) -> Walker<'a, W, M> {
        Walker::new(self.tables, self.plan, self.lt)
    }
}
