//! knights: a SAT and constraint-modelling pipeline for knight's tour problems.
