// Experiment (results/semimagic/README.md, "Simulated annealing"), not project code:
// parallel tempering with anneal.rs's moves and cost (squared distances from the magic sum):
// REPLICAS paths at temperatures spaced geometrically from TMIN to TMAX, STEPS proposals each
// between attempts to swap neighbouring temperatures.
//
// Build: rustc -O -C target-cpu=native tempering.rs -o tempering
// Usage: tempering N DIAG SEED SECONDS TMIN TMAX REPLICAS STEPS
use std::env;
use std::time::Instant;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        ((self.next() >> 11) % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

struct Board {
    cells: usize,
    magic: i64,
    nbr: Vec<Vec<usize>>,
    adj: Vec<bool>,
    lines_of: Vec<Vec<usize>>,
    nlines: usize,
}

#[derive(Clone)]
struct State {
    p: Vec<usize>,
    pos: Vec<usize>,
    sums: Vec<i64>,
    e: i64,
}

fn board(n: usize, diag: bool) -> Board {
    let cells = n * n;
    let mut nbr: Vec<Vec<usize>> = vec![vec![]; cells];
    let mut adj = vec![false; cells * cells];
    for r in 0..n as i64 {
        for c in 0..n as i64 {
            for (dr, dc) in [
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ] {
                let (rr, cc) = (r + dr, c + dc);
                if rr >= 0 && cc >= 0 && rr < n as i64 && cc < n as i64 {
                    let a = (r * n as i64 + c) as usize;
                    let b = (rr * n as i64 + cc) as usize;
                    nbr[a].push(b);
                    adj[a * cells + b] = true;
                }
            }
        }
    }
    let nlines = 2 * n + if diag { 2 } else { 0 };
    let mut lines_of: Vec<Vec<usize>> = vec![vec![]; cells];
    for cell in 0..cells {
        let (r, c) = (cell / n, cell % n);
        lines_of[cell].push(r);
        lines_of[cell].push(n + c);
        if diag {
            if r == c {
                lines_of[cell].push(2 * n);
            }
            if r + c == n - 1 {
                lines_of[cell].push(2 * n + 1);
            }
        }
    }
    Board {
        cells,
        magic: (n * (cells + 1) / 2) as i64,
        nbr,
        adj,
        lines_of,
        nlines,
    }
}

fn warnsdorff(b: &Board, rng: &mut Rng) -> Vec<usize> {
    loop {
        let mut used = vec![false; b.cells];
        let mut p = vec![rng.below(b.cells)];
        used[p[0]] = true;
        while p.len() < b.cells {
            let h = *p.last().unwrap();
            let (mut best, mut pick, mut ties) = (usize::MAX, usize::MAX, 0);
            for &v in &b.nbr[h] {
                if used[v] {
                    continue;
                }
                let d = b.nbr[v].iter().filter(|&&w| !used[w]).count();
                if d < best {
                    best = d;
                    pick = v;
                    ties = 1;
                } else if d == best {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        pick = v;
                    }
                }
            }
            if pick == usize::MAX {
                break;
            }
            used[pick] = true;
            p.push(pick);
        }
        if p.len() == b.cells {
            return p;
        }
    }
}

fn state(b: &Board, p: Vec<usize>) -> State {
    let mut pos = vec![0; b.cells];
    let mut sums = vec![0i64; b.nlines];
    for (k, &c) in p.iter().enumerate() {
        pos[c] = k;
        for &l in &b.lines_of[c] {
            sums[l] += k as i64 + 1;
        }
    }
    let e = sums.iter().map(|x| (x - b.magic) * (x - b.magic)).sum();
    State { p, pos, sums, e }
}

fn sweep(
    b: &Board,
    s: &mut State,
    t: f64,
    steps: usize,
    rng: &mut Rng,
    delta: &mut Vec<i64>,
    touched: &mut Vec<usize>,
) {
    let cells = b.cells;
    for _ in 0..steps {
        let a = rng.below(cells);
        let ca = s.p[a];
        let d = b.nbr[ca][rng.below(b.nbr[ca].len())];
        let bb = s.pos[d];
        let (lo, hi) = if a < bb { (a, bb) } else { (bb, a) };
        if hi <= lo + 1 {
            continue;
        }
        let (i, j) = if rng.below(2) == 0 {
            (lo + 1, hi)
        } else {
            (lo, hi - 1)
        };
        let left_ok = i == 0 || b.adj[s.p[i - 1] * cells + s.p[j]];
        let right_ok = j == cells - 1 || b.adj[s.p[i] * cells + s.p[j + 1]];
        if !(left_ok && right_ok) {
            continue;
        }
        touched.clear();
        for k in i..=j {
            let ch = (i + j) as i64 - 2 * k as i64;
            for &l in &b.lines_of[s.p[k]] {
                if delta[l] == 0 {
                    touched.push(l);
                }
                delta[l] += ch;
            }
        }
        touched.sort_unstable();
        touched.dedup();
        let mut de = 0i64;
        for &l in touched.iter() {
            let old = s.sums[l] - b.magic;
            let new = old + delta[l];
            de += new * new - old * old;
        }
        if de <= 0 || rng.unit() < (-(de as f64) / t).exp() {
            for &l in touched.iter() {
                s.sums[l] += delta[l];
            }
            s.p[i..=j].reverse();
            for k in i..=j {
                s.pos[s.p[k]] = k;
            }
            s.e += de;
        }
        for &l in touched.iter() {
            delta[l] = 0;
        }
        if s.e == 0 {
            return;
        }
    }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let n: usize = args[1].parse().unwrap();
    let diag = args[2] == "1";
    let seed: u64 = args[3].parse().unwrap();
    let secs: f64 = args[4].parse().unwrap();
    let tmin: f64 = args[5].parse().unwrap();
    let tmax: f64 = args[6].parse().unwrap();
    let reps: usize = args[7].parse().unwrap();
    let steps: usize = args[8].parse().unwrap();
    let b = board(n, diag);
    let mut rng = Rng(seed.wrapping_mul(0x9E3779B97F4A7C15) | 1);
    let temps: Vec<f64> = (0..reps)
        .map(|k| tmin * (tmax / tmin).powf(k as f64 / (reps - 1) as f64))
        .collect();
    let mut states: Vec<State> = (0..reps)
        .map(|_| state(&b, warnsdorff(&b, &mut rng)))
        .collect();
    let mut delta = vec![0i64; b.nlines];
    let mut touched = Vec::new();
    let start = Instant::now();
    let mut round: u64 = 0;
    let mut swaps = vec![0u64; reps];
    let mut best = i64::MAX;
    loop {
        round += 1;
        for k in 0..reps {
            sweep(
                &b,
                &mut states[k],
                temps[k],
                steps,
                &mut rng,
                &mut delta,
                &mut touched,
            );
            if states[k].e < best {
                best = states[k].e;
            }
            if states[k].e == 0 {
                let s = &states[k];
                let closed = b.adj[s.p[0] * b.cells + s.p[b.cells - 1]];
                println!(
                    "FOUND n={} diag={} seed={} round={} secs={:.2} closed={}",
                    n,
                    diag,
                    seed,
                    round,
                    start.elapsed().as_secs_f64(),
                    closed
                );
                let mut num = vec![0; b.cells];
                for (k, &c) in s.p.iter().enumerate() {
                    num[c] = k + 1;
                }
                let out: Vec<String> = num.iter().map(|x| x.to_string()).collect();
                println!("{}", out.join(" "));
                return;
            }
        }
        for k in (round as usize % 2..reps - 1).step_by(2) {
            let x = (states[k].e - states[k + 1].e) as f64 * (1.0 / temps[k] - 1.0 / temps[k + 1]);
            if x >= 0.0 || rng.unit() < x.exp() {
                states.swap(k, k + 1);
                swaps[k] += 1;
            }
        }
        if round % 2000 == 0 {
            let es: Vec<i64> = states.iter().map(|s| s.e).collect();
            eprintln!(
                "t={:.0}s round {} best {} e {:?} swaps {:?}",
                start.elapsed().as_secs_f64(),
                round,
                best,
                es,
                swaps
            );
            if start.elapsed().as_secs_f64() > secs {
                println!("NONE n={} seed={} best={}", n, seed, best);
                return;
            }
        }
    }
}
