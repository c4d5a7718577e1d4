//! The shared flags lowered into a run: the engine chosen and checked, its limits, and the
//! engine built. Imports the layers below it.

pub mod engine;
