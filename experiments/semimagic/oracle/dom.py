"""Domain propagation: each free cell keeps the set of numbers it may take (a 64-bit mask).

usage: dom.py PREFIXES.jsonl SIZES.jsonl OPTS [LIMIT]   OPTS: comma list of
  lines (row and column sums bound each free cell's number by the others' extremes),
  singles (a number only one cell may take goes there; a number no cell may take kills),
  ends (a cell with no free neighbour but the head must be last).
Predecessor and successor rules are always on: a cell may take t only if a neighbour may take
t - 1 (the head holds its own number) and, unless t is 64, a neighbour may take t + 1.
"""
import json, sys, time
from prop import ADJ, LINES, load
ALL=(1<<65)-2  # bits 1..64
class Inf(Exception): pass
def lohi(d): return (d & -d).bit_length()-1, d.bit_length()-1
def rng(a,b):
    a=max(a,0); b=min(b,64)
    return 0 if b<a else ((1<<(b+1))-1) ^ ((1<<a)-1)
def run(path, opts):
    num={c:i+1 for i,c in enumerate(path)}
    m=len(path); h=path[-1]
    F=[c for c in range(64) if c not in num]; FS=set(F)
    col=lambda c:(c//8+c%8)%2
    odd=sum(1<<t for t in range(1,65,2)); even=ALL^odd
    dom={}
    for c in F:
        dom[c]=(odd if col(c)==col(path[0]) else even) & rng(m+1,64)
    dom[h]=1<<m
    need=[260-sum(num.get(c,0) for c in L) for L in LINES]
    fin=[[c for c in L if c in FS] for L in LINES]
    freenums=rng(m+1,64)
    while True:
        ch=False
        for c in F:
            pu=0
            for p in ADJ[c]:
                if p in dom: pu|=dom[p]
            su=0
            for e in ADJ[c]:
                if e in FS: su|=dom[e]
            d=dom[c] & (pu<<1) & ((su>>1) | (1<<64))
            if not d: raise Inf
            if d!=dom[c]: dom[c]=d; ch=True
        if 'lines' in opts:
            for i,C in enumerate(fin):
                if not C: continue
                lh=[lohi(dom[c]) for c in C]
                sl=sum(a for a,b in lh); sh=sum(b for a,b in lh)
                n=need[i]
                if n<sl or n>sh: raise Inf
                for c,(a,b) in zip(C,lh):
                    d=dom[c] & rng(n-(sh-b), n-(sl-a))
                    if not d: raise Inf
                    if d!=dom[c]: dom[c]=d; ch=True
        if 'singles' in opts:
            once=0; twice=0
            for c in F:
                twice|=once&dom[c]; once|=dom[c]
            if once & freenums != freenums: raise Inf
            single=once & ~twice & freenums
            # fixed cells: remove their number from others
            fixed={}
            for c in F:
                d=dom[c]
                if d & (d-1)==0:
                    if d in fixed: raise Inf
                    fixed[d]=c
            for c in F:
                d=dom[c]
                s=d & single
                if s:
                    if s & (s-1): raise Inf  # two numbers only it can take
                    if d!=s: dom[c]=s; ch=True; d=s
                if d & (d-1):
                    for f in fixed:
                        if d & f:
                            d&=~f
                    if not d: raise Inf
                    if d!=dom[c]: dom[c]=d; ch=True
        if not ch: return
if __name__=='__main__':
    P,start=load(sys.argv[1]); S=[json.loads(l) for l in open(sys.argv[2])]
    opts=set(sys.argv[3].split(',')) if len(sys.argv)>3 else set()
    lim=int(sys.argv[4]) if len(sys.argv)>4 else len(P)
    tot=0; kill=0; kn=0; t0=time.time()
    for i,p in enumerate(P[:lim]):
        tot+=S[i]['searched_nodes']
        try: run([start[p['root']]]+p['moves'],opts)
        except Inf: kill+=S[i]['searched_nodes']; kn+=1
    print(sys.argv[3] if len(sys.argv)>3 else '-','killed',kn,'of',lim,'raw node share %.3f'%(kill/tot),'secs %.1f'%(time.time()-t0))
