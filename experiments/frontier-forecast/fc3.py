import math, sys
sys.path.insert(0, __import__('os').path.dirname(__file__))
from fc import load
from fc2 import forecast as high

def low(S, steps, period):
    return high(S, steps, period, dmax=0.0) if False else flat(S, steps, period)

def flat(S, steps, p):
    k=len(S); pred=list(map(float,S)); end=steps-p-1
    for j in range(k, steps):
        if j >= end: pred.append(pred[j-1]*0.25); continue
        pred.append(pred[j-p] if j-p>=0 else pred[j-1])
    return pred

if __name__ == '__main__':
    f, period = sys.argv[1], int(sys.argv[2])
    S, T, steps = load(f)
    done = len(S) == steps
    for k in range(2*period, len(S), max(1, period//2)):
        H = high(S[:k], steps, period); L = flat(S[:k], steps, period)
        aw = sum(S[k:]) if done else float('nan')
        print(f"k={k:3d} S={S[k-1]:.3g} t={T[k-1]} low {sum(L[k:]):.3g} high {sum(H[k:]):.3g} actual {aw:.3g}  peak low {max(L):.3g} high {max(H):.3g} actual {max(S):.3g}")
