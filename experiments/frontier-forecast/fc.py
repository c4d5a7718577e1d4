import re, sys, math
def load(f):
    prof = {}
    for line in open(f):
        m = re.search(r'\[(\d+):(\d+):(\d+)\].*step (\d+) of (\d+), (\d+) states', line)
        if m:
            h, mi, s, st, steps, states = map(int, m.groups())
            if st not in prof: prof[st] = (states, h*3600+mi*60+s)
    n = max(prof)
    return [prof[i][0] for i in range(1, n+1)], [prof[i][1] for i in range(1, n+1)], int(steps)

def forecast(S, steps, period, tail=None):
    k = len(S)
    if tail is None: tail = period + 1
    L = [math.log(max(s,1)) for s in S]
    def g_at(j):  # growth over the row ending at step index j (0-based)
        return L[j] - L[j-period]
    if k > period:
        g_last = g_at(k-1)
    else:
        g_last = (L[k-1] - L[0]) * period / max(k-1, 1)
    if k > 2*period and g_at(k-1-period) > 0:
        d = min(max(g_last / g_at(k-1-period), 0.0), 1.0)
    else:
        d = 0.5
    pred = list(L)
    end = steps - tail
    for j in range(k, steps):
        if j >= end and j > 0:
            pred.append(pred[max(end-1, k-1)] + math.log(0.25) * (j - max(end-1, k-1)))
            continue
        rows = (j - (k - 1) + period - 1) // period
        g = max(g_last, 0.0) * d ** (rows - 1) if rows >= 1 else 0
        base = pred[j - period] if j - period >= 0 else pred[j-1]
        pred.append(base + g)
    return [math.exp(x) for x in pred]

if __name__ == '__main__':
    f, period = sys.argv[1], int(sys.argv[2])
    S, T, steps = load(f)
    total = sum(S)
    for k in range(period, len(S), max(1, period//2)):
        P = forecast(S[:k], steps, period)
        peak = max(P); pred_work = sum(P[k:]); actual_work = sum(S[k:]) if len(S) == steps else float('nan')
        print(f"k={k:3d} peak pred {peak:.3g} (actual {max(S):.3g})  work left pred {pred_work:.3g} actual {actual_work:.3g} ratio {pred_work/actual_work if actual_work==actual_work else 0:.2f}")
