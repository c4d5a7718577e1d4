//! What the rest of a sweep will take, forecast from the steps done: its time, the most
//! states it will hold and the memory they need.
//!
//! A step's states depend on the frontier's shape, which repeats row after row of the sweep,
//! and on how many rows lie behind it: the states of a step are about those of the same step
//! a row earlier, times the row's growth. The growth is large while the frontier fills and
//! fades as the frontier's states approach all there can be, which no early step shows. So
//! the forecast is a span: at its low end the states stop growing now; at its high end they
//! keep growing, each row's growth a share of the last's, that share the one seen between the
//! last two rows. The closing steps, where cells leave the frontier with none to follow, shrink
//! the states; they cost little and are forecast as shrinking by a constant factor.
//! A step's time is taken to grow with its states, at the seconds a state the run has shown.

use crate::run::StepProgress;
use serde::Serialize;

/// The most a row's growth keeps of the last row's, at the high end: growth that does not
/// fade is not forecast to last.
const MOST_GROWTH_KEPT: f64 = 0.8;

/// The share of a row's growth kept when only one row's growth is known.
const GROWTH_KEPT_UNKNOWN: f64 = 0.5;

/// How much each closing step keeps of the states of the step before it.
const CLOSING_SHRINK: f64 = 0.25;

/// A quantity forecast as a span: its value if the states stop growing now, and if they keep
/// growing as they have.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Span {
    /// If the states stop growing now.
    pub low: f64,
    /// If the states keep growing, their growth fading as it has.
    pub high: f64,
}

impl Span {
    /// The geometric middle: the forecast in one figure. On the boards measured the truth
    /// lay between a third and two thirds of the way from low to high, on a log scale.
    pub fn middle(&self) -> f64 {
        self.towards_high(0.5)
    }

    /// The figure `share` of the way from low (0) to high (1) on a log scale.
    pub fn towards_high(&self, share: f64) -> f64 {
        let (low, high) = (
            self.low.max(f64::MIN_POSITIVE),
            self.high.max(f64::MIN_POSITIVE),
        );
        (low.ln() * (1.0 - share) + high.ln() * share).exp()
    }

    /// The span in words, each end shown by `show`: "A" when the ends show alike, else
    /// "A to B".
    pub fn text(&self, show: impl Fn(f64) -> String) -> String {
        let (low, high) = (show(self.low), show(self.high));
        if low == high {
            low
        } else {
            format!("{low} to {high}")
        }
    }

    /// Each end mapped by `f`.
    pub fn map(self, f: impl Fn(f64) -> f64) -> Span {
        Span {
            low: f(self.low),
            high: f(self.high),
        }
    }
}

/// What the rest of a count is forecast to take.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Forecast {
    /// Seconds to the end of the count, over every sweep still to run.
    pub seconds_left: Span,
    /// The most states after one step, over the whole sweep.
    pub peak_states: Span,
    /// Bytes the two steps at the peak hold in memory, at the bytes a state seen so far.
    pub peak_bytes: Span,
}

/// The steps of a count as far as they have been reported, from which it forecasts the rest.
#[derive(Clone, Debug, Default)]
pub struct Forecaster {
    /// States after each step of one sweep (index 0: after step 1); `None` where no step was
    /// seen (those of a checkpoint the run continued from).
    states: Vec<Option<f64>>,
    /// States made over every step seen: the work done, in states.
    made: f64,
    /// The bytes a state held in the last step seen that kept its states in memory: the
    /// first steps' few states share tables of a fixed least size, so the last is the truest.
    bytes_per_state: f64,
    last: Option<StepProgress>,
}

impl Forecaster {
    /// Takes one step's report.
    pub fn observe(&mut self, report: &StepProgress) {
        let sweep = report.sweep_steps.max(1);
        if self.states.len() != sweep {
            self.states = vec![None; sweep];
        }
        let at = (report.step.max(1) - 1) % sweep;
        self.states[at] = Some(report.states as f64);
        self.made += report.states as f64;
        let before = at
            .checked_sub(1)
            .and_then(|b| self.states[b])
            .unwrap_or(0.0);
        let held = report.states as f64 + before;
        if report.disk_bytes == 0 && held > 0.0 {
            let per_state = report.bytes as f64 / held;
            self.bytes_per_state = per_state;
        }
        self.last = Some(*report);
    }

    /// The forecast from the steps seen; `None` until two whole rows of the sweep have been.
    pub fn forecast(&self) -> Option<Forecast> {
        let last = self.last?;
        let sweep = self.states.len();
        let row = last.row_steps.clamp(1, sweep);
        let done = (last.step.max(1) - 1) % sweep + 1;
        let seen: Vec<f64> = self.states[..done]
            .iter()
            .rev()
            .map_while(|s| *s)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if seen.len() < 2 * row && done < sweep {
            return None;
        }
        let first_seen = done - seen.len();
        let mut known = vec![0.0; first_seen];
        known.extend(&seen);
        let low = rest_of_sweep(&known, sweep, row, 0.0, 0.0);
        let (growth, kept) = growth(&known, row);
        let high = rest_of_sweep(&known, sweep, row, growth, kept);
        let seconds_a_state = last.seconds / self.made.max(1.0);
        let sweeps_left = last.steps.saturating_sub(last.step) / sweep;
        let work = |path: &[f64]| {
            let this_sweep: f64 = path[done..].iter().sum();
            let whole: f64 = path.iter().sum();
            (this_sweep + sweeps_left as f64 * whole) * seconds_a_state
        };
        let peak = |path: &[f64]| path.iter().copied().fold(0.0, f64::max);
        let peak_pair = |path: &[f64]| {
            let pairs = path.windows(2).map(|w| w[0] + w[1]);
            pairs.fold(peak(path), f64::max)
        };
        let bytes = self.bytes_per_state;
        Some(Forecast {
            seconds_left: Span {
                low: work(&low),
                high: work(&high),
            },
            peak_states: Span {
                low: peak(&low),
                high: peak(&high),
            },
            peak_bytes: Span {
                low: peak_pair(&low),
                high: peak_pair(&high),
            }
            .map(|states| states * bytes),
        })
    }
}

/// The log growth of the states over the last row, and the share of it the next row keeps.
fn growth(known: &[f64], row: usize) -> (f64, f64) {
    let done = known.len();
    let window = |end: usize| -> f64 { known[end.saturating_sub(row)..end].iter().sum() };
    let over_row = |end: usize| (window(end).max(1.0) / window(end - row).max(1.0)).ln();
    if done < 2 * row {
        return (0.0, 0.0);
    }
    let last = over_row(done).max(0.0);
    let kept = if done >= 3 * row && over_row(done - row) > 0.0 {
        (last / over_row(done - row)).clamp(0.0, MOST_GROWTH_KEPT)
    } else {
        GROWTH_KEPT_UNKNOWN
    };
    (last, kept)
}

/// The states after every step of the sweep: those known, then each step to come as the same
/// step a row before times the row's growth, `growth` at the first row to come and `kept` of
/// the row before's at each later one; the closing steps shrinking.
fn rest_of_sweep(known: &[f64], sweep: usize, row: usize, growth: f64, kept: f64) -> Vec<f64> {
    let mut path = known.to_vec();
    let done = known.len();
    let closing_from = sweep.saturating_sub(row + 1);
    for j in done..sweep {
        let before = path.last().copied().unwrap_or(1.0);
        let next = if j >= closing_from {
            before * CLOSING_SHRINK
        } else {
            let rows_ahead = (j - done) / row;
            let factor = (growth * kept.powi(rows_ahead as i32)).exp();
            let a_row_before = j.checked_sub(row).map_or(before, |b| path[b]);
            a_row_before * factor
        };
        path.push(next);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(step: usize, sweep: usize, row: usize, states: usize, seconds: f64) -> StepProgress {
        StepProgress {
            step,
            steps: sweep,
            sweep_steps: sweep,
            row_steps: row,
            first_step: 0,
            states,
            bytes: states * 32,
            disk_bytes: 0,
            seconds,
        }
    }

    /// A sweep of `rows` rows of `row` steps whose states grow by `growth` a row for
    /// `growing` rows, then stay, then close.
    fn profile(row: usize, rows: usize, growth: f64, growing: usize) -> Vec<usize> {
        let mut states = Vec::new();
        for r in 0..rows {
            let level = growth.powi(r.min(growing) as i32);
            for i in 0..row {
                states.push((level * (10 + i) as f64) as usize);
            }
        }
        let body = states.len() - (row + 1);
        for j in body..states.len() {
            states[j] = (states[j - 1] / 4).max(1);
        }
        states
    }

    fn forecast_after(states: &[usize], row: usize, done: usize) -> Option<Forecast> {
        let mut forecaster = Forecaster::default();
        for (i, &s) in states[..done].iter().enumerate() {
            forecaster.observe(&report(i + 1, states.len(), row, s, (i + 1) as f64));
        }
        forecaster.forecast()
    }

    #[test]
    fn nothing_is_forecast_before_two_rows() {
        let states = profile(6, 8, 3.0, 4);
        assert!(forecast_after(&states, 6, 11).is_none());
        assert!(forecast_after(&states, 6, 12).is_some());
    }

    /// States after each step of a sweep of closed 6x8 (rows of 6 steps), as the engine
    /// reported them: growth that fades within a few rows, as on every board measured.
    const CLOSED_6X8: [usize; 42] = [
        2, 4, 8, 16, 32, 36, 80, 131, 380, 823, 834, 851, 1737, 2372, 5418, 12596, 12586, 12260,
        26602, 43228, 92093, 197890, 148645, 127101, 317796, 449043, 594761, 643464, 284250,
        238191, 364829, 448268, 613087, 600078, 208171, 107367, 33417, 9770, 556, 15, 1, 1,
    ];

    #[test]
    fn the_span_holds_the_true_peak_and_work_of_a_real_sweep_from_its_third_row() {
        let states = &CLOSED_6X8;
        let peak = *states.iter().max().unwrap() as f64;
        // Past these the steps left are mostly closing ones, forecast only roughly.
        for done in [18, 21, 24, 27, 30] {
            let f = forecast_after(states, 6, done).unwrap();
            assert!(
                f.peak_states.low <= peak && peak <= f.peak_states.high,
                "{done}: {f:?}"
            );
            // Each step took one second: the seconds a state are those seen so far.
            let made: f64 = states[..done].iter().map(|&s| s as f64).sum();
            let rest: f64 = states[done..].iter().map(|&s| s as f64).sum();
            let truth = rest * done as f64 / made;
            let left = f.seconds_left;
            assert!(
                left.low <= truth && truth <= left.high,
                "{done}: {truth} {f:?}"
            );
        }
    }

    #[test]
    fn once_the_states_stop_growing_the_span_closes_on_the_truth() {
        let (row, rows) = (5, 12);
        let states = profile(row, rows, 2.0, 3);
        let done = 8 * row;
        let f = forecast_after(&states, row, done).unwrap();
        let peak = *states.iter().max().unwrap() as f64;
        assert_eq!(f.peak_states.low, peak);
        assert_eq!(f.peak_states.high, peak);
        // Each step took one second: the seconds a state are those seen so far.
        let made: f64 = states[..done].iter().map(|&s| s as f64).sum();
        let rest: f64 = states[done..].iter().map(|&s| s as f64).sum();
        let truth = rest * done as f64 / made;
        let ratio = f.seconds_left.middle() / truth;
        assert!((0.8..1.25).contains(&ratio), "{ratio} {f:?}");
        // The last step's report held 32 bytes for each of its states, none for the step
        // before: its bytes a state.
        let (a, b) = (states[done - 2] as f64, states[done - 1] as f64);
        let pair = states.windows(2).map(|w| (w[0] + w[1]) as f64);
        let peak_pair = pair.fold(0.0, f64::max);
        let expected = peak_pair * 32.0 * b / (a + b);
        assert!(
            (f.peak_bytes.low - expected).abs() < 1e-6 * expected,
            "{f:?}"
        );
    }

    #[test]
    fn later_sweeps_add_their_whole_work() {
        let (row, rows) = (4, 8);
        let states = profile(row, rows, 2.0, 2);
        let sweep = states.len();
        let mut one = Forecaster::default();
        let mut three = Forecaster::default();
        for (i, &s) in states.iter().enumerate().take(6 * row) {
            one.observe(&report(i + 1, sweep, row, s, 1.0));
            three.observe(&StepProgress {
                steps: 3 * sweep,
                ..report(i + 1, sweep, row, s, 1.0)
            });
        }
        let (one, three) = (one.forecast().unwrap(), three.forecast().unwrap());
        let whole: f64 = states.iter().map(|&s| s as f64).sum();
        let made: f64 = states[..6 * row].iter().map(|&s| s as f64).sum();
        // The forecast closes the sweep by a constant factor where these states were divided
        // in whole numbers: the sweeps to come are its whole sweep, near the true one.
        let extra = three.seconds_left.low - one.seconds_left.low;
        let expected = 2.0 * whole / made;
        assert!((extra / expected - 1.0).abs() < 0.01, "{extra} {expected}");
    }
}
