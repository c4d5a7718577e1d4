import math, sys
sys.path.insert(0, __import__('os').path.dirname(__file__))
from fc import load

def forecast(S, steps, period, dmax=0.8):
    k = len(S); p = period
    tail = p + 1                      # closing steps: the frontier empties
    end = steps - tail                # steps [0, end) are the body
    pred = list(map(float, S))
    if k >= steps: return pred
    full = k // p                     # full rows observed... use windows ending at k
    def win(e):                       # sum of states over the p steps ending before index e
        return sum(S[max(e-p,0):e])
    gs = []
    e = k
    while e - 2*p >= 0 and len(gs) < 2:
        gs.append(math.log(max(win(e),1)/max(win(e-p),1)))
        e -= p
    if not gs:
        g, d = math.log(max(S[-1],1)/max(S[0],1)) * p / max(k-1,1), 0.5
    elif len(gs) == 1 or gs[1] <= 0:
        g, d = gs[0], 0.5
    else:
        g, d = gs[0], min(max(gs[0]/gs[1], 0.0), dmax)
    g = max(g, 0.0)
    for j in range(k, steps):
        if j >= end:
            last = pred[j-1]
            pred.append(last * 0.25)
            continue
        rows = (j - k) // p + 1
        growth = g * d ** (rows - 1)
        base = pred[j-p] if j-p >= 0 else pred[j-1]
        pred.append(base * math.exp(growth))
    return pred

if __name__ == '__main__':
    f, period = sys.argv[1], int(sys.argv[2])
    S, T, steps = load(f)
    for k in range(period, len(S), max(1, period//2)):
        P = forecast(S[:k], steps, period)
        pw = sum(P[k:]); aw = sum(S[k:]) if len(S) == steps else float('nan')
        print(f"k={k:3d} peak {max(P):.3g}/{max(S):.3g} work {pw:.3g}/{aw:.3g} ratio {pw/aw if aw==aw else 0:.2f}")
