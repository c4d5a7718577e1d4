// Experiment (results/semimagic/README.md, "Simulated annealing"), not project code:
// simulated annealing over knight paths of an n x n board. A move reverses a stretch of the
// path where both new joins are knight moves; the cost is the sum over lines of the squared
// (or absolute) distance from the magic sum. Every cycle starts from a fresh random
// Warnsdorff tour; a large-neighbourhood phase may follow (re-route a window of consecutive
// numbers through the same cells, best cost kept).
//
// Build: rustc -O -C target-cpu=native anneal.rs -o anneal
// Usage: anneal N DIAG SEED SECONDS [T0 PROPOSALS CLOSED L1 T1 REHEAT LNS_TRIES LNS_LEN LNS_CAP]
//   DIAG 1: the two diagonals are lines too; T1 < 0: quadratic cooling from T0, else
//   geometric from T0 to T1; CLOSED is read but not used; REHEAT > 0: later cycles start
//   from the best path at that temperature. Prints FOUND and the numbers cell by cell.
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

struct Lns<'a> {
    nbr: &'a Vec<Vec<usize>>,
    adj: &'a Vec<bool>,
    lines_of: &'a Vec<Vec<usize>>,
    cells: usize,
    magic: i64,
    l1: bool,
    in_w: Vec<bool>,
    used: Vec<bool>,
    route: Vec<usize>,
    acc: Vec<i64>,
    best: Vec<usize>,
    best_e: i64,
    ties: u64,
    nodes: u64,
    cap: u64,
    a: usize,
    b: usize,
    next: Option<usize>,
}

impl<'a> Lns<'a> {
    fn cost(&self, d: i64) -> i64 {
        if self.l1 {
            d.abs()
        } else {
            d * d
        }
    }
    fn dfs(&mut self, rng: &mut Rng) {
        self.nodes += 1;
        if self.nodes > self.cap {
            return;
        }
        let t = self.a + self.route.len();
        if t > self.b {
            if let Some(nx) = self.next {
                if !self.adj[self.route.last().unwrap() * self.cells + nx] {
                    return;
                }
            }
            let e: i64 = self.acc.iter().map(|&x| self.cost(x - self.magic)).sum();
            if e < self.best_e {
                self.best_e = e;
                self.ties = 1;
                self.best = self.route.clone();
            } else if e == self.best_e {
                self.ties += 1;
                if rng.below(self.ties as usize) == 0 {
                    self.best = self.route.clone();
                }
            }
            return;
        }
        let last = *self.route.last().unwrap();
        let cand: Vec<usize> = self.nbr[last]
            .iter()
            .copied()
            .filter(|&v| self.in_w[v] && !self.used[v])
            .collect();
        for v in cand {
            self.used[v] = true;
            self.route.push(v);
            for &l in &self.lines_of[v] {
                self.acc[l] += t as i64 + 1;
            }
            self.dfs(rng);
            for &l in &self.lines_of[v] {
                self.acc[l] -= t as i64 + 1;
            }
            self.route.pop();
            self.used[v] = false;
        }
    }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let n: usize = args[1].parse().unwrap();
    let diag: bool = args[2] == "1";
    let seed: u64 = args[3].parse().unwrap();
    let secs: f64 = args[4].parse().unwrap();
    let t0: f64 = args.get(5).map(|s| s.parse().unwrap()).unwrap_or(2000.0);
    let sweeps: u64 = args
        .get(6)
        .map(|s| s.parse().unwrap())
        .unwrap_or(20_000_000);
    let closed: bool = args.get(7).map(|s| s == "1").unwrap_or(false);
    let l1: bool = args.get(8).map(|s| s == "1").unwrap_or(false);
    let t1: f64 = args.get(9).map(|s| s.parse().unwrap()).unwrap_or(0.05);
    let cells = n * n;
    let magic = (n * (cells + 1) / 2) as i64;
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
    let mut rng = Rng(seed.wrapping_mul(0x9E3779B97F4A7C15) | 1);
    let start = Instant::now();
    let mut restarts = 0;
    let reheat: f64 = args.get(10).map(|s| s.parse().unwrap()).unwrap_or(0.0);
    let mut keep: Option<Vec<usize>> = None;
    let mut keep_e = i64::MAX;
    loop {
        // Initial path: randomized Warnsdorff.
        let path = loop {
            let mut used = vec![false; cells];
            let mut p = vec![rng.below(cells)];
            used[p[0]] = true;
            while p.len() < cells {
                let h = *p.last().unwrap();
                let mut best = usize::MAX;
                let mut pick = usize::MAX;
                let mut ties = 0;
                for &v in &nbr[h] {
                    if used[v] {
                        continue;
                    }
                    let d = nbr[v].iter().filter(|&&w| !used[w]).count();
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
            if p.len() == cells {
                break p;
            }
        };
        let mut p = if reheat > 0.0 {
            keep.clone().unwrap_or(path)
        } else {
            path
        };
        let mut pos = vec![0usize; cells];
        for (k, &c) in p.iter().enumerate() {
            pos[c] = k;
        }
        let mut sums = vec![0i64; nlines];
        for (k, &c) in p.iter().enumerate() {
            for &l in &lines_of[c] {
                sums[l] += k as i64 + 1;
            }
        }
        let cost = |d: i64| if l1 { d.abs() } else { d * d };
        let energy = |s: &Vec<i64>| s.iter().map(|x| cost(x - magic)).sum::<i64>();
        let mut e = energy(&sums);
        let mut delta = vec![0i64; nlines];
        let mut touched: Vec<usize> = Vec::new();
        let mut best_e = e;
        let mut it: u64 = 0;
        let mut acc_late = 0u64;
        let mut valid_late = 0u64;
        let mut hist = [0u64; 8];
        while it < sweeps {
            it += 1;
            let tstart = if reheat > 0.0 && keep.is_some() {
                reheat
            } else {
                t0
            };
            let t = if t1 < 0.0 {
                let x = (1.0 - it as f64 / sweeps as f64).max(1e-3);
                tstart * x * x
            } else {
                tstart * (t1 / tstart).powf(it as f64 / sweeps as f64)
            };
            // propose reversal [i..=j]
            let a = rng.below(cells);
            let ca = p[a];
            let d = nbr[ca][rng.below(nbr[ca].len())];
            let b = pos[d];
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            if hi <= lo + 1 {
                continue;
            }
            let (i, j) = if rng.below(2) == 0 {
                (lo + 1, hi)
            } else {
                (lo, hi - 1)
            };
            // validity: (i==0 || adj(p[i-1],p[j])) && (j==cells-1 || adj(p[i],p[j+1]))
            let left_ok = i == 0 || adj[p[i - 1] * cells + p[j]];
            let right_ok = j == cells - 1 || adj[p[i] * cells + p[j + 1]];
            if !(left_ok && right_ok) {
                continue;
            }
            if closed && !(i == 0 && j == cells - 1) {
                // closed not handled specially in prototype
            }
            let late = it > sweeps * 9 / 10;
            if late {
                valid_late += 1;
            }
            touched.clear();
            for k in i..=j {
                let ch = (i + j) as i64 - 2 * k as i64;
                if ch == 0 {
                    continue;
                }
                for &l in &lines_of[p[k]] {
                    if delta[l] == 0 {
                        touched.push(l);
                    }
                    delta[l] += ch;
                    if delta[l] == 0 {
                        // keep in touched; harmless
                    }
                }
            }
            let mut de = 0i64;
            touched.sort_unstable();
            touched.dedup();
            for &l in &touched {
                let old = sums[l] - magic;
                let new = old + delta[l];
                de += cost(new) - cost(old);
            }
            let accept = de <= 0 || rng.unit() < (-(de as f64) / t).exp();
            if accept {
                if late {
                    acc_late += 1;
                    let len = j - i + 1;
                    let b = if len < 4 {
                        0
                    } else if len < 8 {
                        1
                    } else if len < 16 {
                        2
                    } else if len < 32 {
                        3
                    } else if len < 64 {
                        4
                    } else {
                        5
                    };
                    hist[b] += 1;
                }
                for &l in &touched {
                    sums[l] += delta[l];
                }
                p[i..=j].reverse();
                for k in i..=j {
                    pos[p[k]] = k;
                }
                e += de;
                if e < best_e {
                    best_e = e;
                    if e < keep_e {
                        keep_e = e;
                        keep = Some(p.clone());
                    }
                }
                if e == 0 {
                    let closedp = adj[p[0] * cells + p[cells - 1]];
                    println!(
                        "FOUND n={} diag={} seed={} restarts={} it={} secs={:.2} closed={}",
                        n,
                        diag,
                        seed,
                        restarts,
                        it,
                        start.elapsed().as_secs_f64(),
                        closedp
                    );
                    let mut num = vec![0; cells];
                    for (k, &c) in p.iter().enumerate() {
                        num[c] = k + 1;
                    }
                    let s: Vec<String> = num.iter().map(|x| x.to_string()).collect();
                    println!("{}", s.join(" "));
                    return;
                }
            }
            for &l in &touched {
                delta[l] = 0;
            }
        }

        if args.get(11).is_some() {
            eprintln!("before lns e {}", e);
        }
        let lns_tries: usize = args.get(11).map(|s| s.parse().unwrap()).unwrap_or(0);
        let lns_len: usize = args.get(12).map(|s| s.parse().unwrap()).unwrap_or(20);
        let lns_cap: u64 = args.get(13).map(|s| s.parse().unwrap()).unwrap_or(100000);
        for _ in 0..lns_tries {
            let len = 6 + rng.below(lns_len);
            if len >= cells {
                break;
            }
            let a = rng.below(cells - len + 1);
            let b = a + len - 1;
            let mut ctx = Lns {
                nbr: &nbr,
                adj: &adj,
                lines_of: &lines_of,
                cells,
                magic,
                l1,
                in_w: vec![false; cells],
                used: vec![false; cells],
                route: vec![],
                acc: sums.clone(),
                best: vec![],
                best_e: e + 1,
                ties: 0,
                nodes: 0,
                cap: lns_cap,
                a,
                b,
                next: if b + 1 < cells { Some(p[b + 1]) } else { None },
            };
            for k in a..=b {
                ctx.in_w[p[k]] = true;
                for &l in &lines_of[p[k]] {
                    ctx.acc[l] -= k as i64 + 1;
                }
            }
            let firsts: Vec<usize> = if a > 0 {
                nbr[p[a - 1]]
                    .iter()
                    .copied()
                    .filter(|&v| ctx.in_w[v])
                    .collect()
            } else {
                p[a..=b].to_vec()
            };
            for f in firsts {
                ctx.used[f] = true;
                ctx.route.push(f);
                for &l in &lines_of[f] {
                    ctx.acc[l] += a as i64 + 1;
                }
                ctx.dfs(&mut rng);
                for &l in &lines_of[f] {
                    ctx.acc[l] -= a as i64 + 1;
                }
                ctx.route.pop();
                ctx.used[f] = false;
            }
            if ctx.best_e <= e && !ctx.best.is_empty() {
                let route = ctx.best.clone();
                let ne = ctx.best_e;
                for k in a..=b {
                    for &l in &lines_of[p[k]] {
                        sums[l] -= k as i64 + 1;
                    }
                }
                for (off, &c) in route.iter().enumerate() {
                    p[a + off] = c;
                    pos[c] = a + off;
                    for &l in &lines_of[c] {
                        sums[l] += (a + off) as i64 + 1;
                    }
                }
                e = ne;
                debug_assert_eq!(e, energy(&sums));
                if e == 0 {
                    let closedp = adj[p[0] * cells + p[cells - 1]];
                    println!(
                        "FOUND-LNS n={} diag={} seed={} restarts={} secs={:.2} closed={}",
                        n,
                        diag,
                        seed,
                        restarts,
                        start.elapsed().as_secs_f64(),
                        closedp
                    );
                    let mut num = vec![0; cells];
                    for (k, &c) in p.iter().enumerate() {
                        num[c] = k + 1;
                    }
                    let s: Vec<String> = num.iter().map(|x| x.to_string()).collect();
                    println!("{}", s.join(" "));
                    return;
                }
            }
        }
        if lns_tries > 0 {
            eprintln!("after lns e {}", e);
        }
        restarts += 1;
        eprintln!(
            "keep_e {} restart {} best_e {} e {} t={:.1}s valid_late {} acc_late {} hist {:?}",
            keep_e,
            restarts,
            best_e,
            e,
            start.elapsed().as_secs_f64(),
            valid_late,
            acc_late,
            hist
        );
        if start.elapsed().as_secs_f64() > secs {
            println!("NONE n={} restarts={}", n, restarts);
            return;
        }
    }
}
