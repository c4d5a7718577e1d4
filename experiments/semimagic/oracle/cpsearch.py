"""A depth-first search over cell domains with domain propagation at every node, branching on
the free cell with the fewest numbers left (a CP-style search), counting its nodes.

usage: cpsearch.py PREFIXES.jsonl SIZES.jsonl OPTS [LIMIT] [NODE_CAP]
Compares its node count below each prefix with the native search's (SIZES.jsonl).
"""
import json, sys, time
from prop import ADJ, LINES, load
class Inf(Exception): pass
def lohi(d): return (d & -d).bit_length()-1, d.bit_length()-1
def rng(a,b):
    a=max(a,0); b=min(b,64)
    return 0 if b<a else ((1<<(b+1))-1) ^ ((1<<a)-1)
def setup(path):
    num={c:i+1 for i,c in enumerate(path)}
    m=len(path); h=path[-1]
    F=[c for c in range(64) if c not in num]; FS=set(F)
    col=lambda c:(c//8+c%8)%2
    odd=sum(1<<t for t in range(1,65,2)); ALL=(1<<65)-2; even=ALL^odd
    dom={c:(odd if col(c)==col(path[0]) else even) & rng(m+1,64) for c in F}
    dom[h]=1<<m
    need=[260-sum(num.get(c,0) for c in L) for L in LINES]
    fin=[[c for c in L if c in FS] for L in LINES]
    P={c:[p for p in ADJ[c] if p in dom] for c in F}
    S={c:[e for e in ADJ[c] if e in FS] for c in F}
    return dict(F=F,dom=dom,need=need,fin=fin,P=P,S=S,free=rng(m+1,64))
def prop(st, dom, opts):
    F=st['F']; P=st['P']; S=st['S']
    while True:
        ch=False
        for c in F:
            pu=0
            for p in P[c]: pu|=dom[p]
            su=0
            for e in S[c]: su|=dom[e]
            d=dom[c] & (pu<<1) & ((su>>1) | (1<<64))
            if not d: raise Inf
            if d!=dom[c]: dom[c]=d; ch=True
        for i,C in enumerate(st['fin']):
            if not C: continue
            lh=[lohi(dom[c]) for c in C]
            sl=sum(a for a,b in lh); sh=sum(b for a,b in lh); n=st['need'][i]
            if n<sl or n>sh: raise Inf
            for c,(a,b) in zip(C,lh):
                d=dom[c] & rng(n-(sh-b), n-(sl-a))
                if not d: raise Inf
                if d!=dom[c]: dom[c]=d; ch=True
        once=0; twice=0
        for c in F: twice|=once&dom[c]; once|=dom[c]
        if once & st['free'] != st['free']: raise Inf
        single=once & ~twice & st['free']
        fixed=0
        for c in F:
            d=dom[c]
            if d & (d-1)==0:
                if fixed & d: raise Inf
                fixed|=d
        for c in F:
            d=dom[c]; s=d & single
            if s:
                if s & (s-1): raise Inf
                if d!=s: dom[c]=s; ch=True; d=s
            if d & (d-1) and d & fixed:
                d&=~fixed
                if not d: raise Inf
                dom[c]=d; ch=True
        if not ch: return
def search(st, dom, opts, cnt, cap):
    cnt[0]+=1
    if cnt[0]>cap: raise TimeoutError
    try: prop(st, dom, opts)
    except Inf: return 0
    best=None; bs=99
    for c in st['F']:
        k=bin(dom[c]).count('1')
        if 1<k<bs: best, bs = c, k
    if best is None: return 1
    sols=0
    d=dom[best]
    while d:
        b=d & -d; d^=b
        nd=dict(dom); nd[best]=b
        sols+=search(st, nd, opts, cnt, cap)
    return sols
if __name__=='__main__':
    Pf,start=load(sys.argv[1]); Sz=[json.loads(l) for l in open(sys.argv[2])]
    opts=set(sys.argv[3].split(','))
    lim=int(sys.argv[4]) if len(sys.argv)>4 else len(Pf); cap=int(sys.argv[5]) if len(sys.argv)>5 else 10**6
    tn=0; tc=0; t0=time.time(); rows=[]
    for i,p in enumerate(Pf[:lim]):
        st=setup([start[p['root']]]+p['moves']); cnt=[0]
        try: s=search(st, dict(st['dom']), opts, cnt, cap)
        except TimeoutError: s='cap'
        tn+=Sz[i]['searched_nodes']; tc+=cnt[0]
        rows.append((Sz[i]['searched_nodes'], cnt[0], s))
    rows.sort()
    print('native nodes',tn,'cp nodes',tc,'ratio %.2f'%(tn/max(tc,1)),'secs %.1f'%(time.time()-t0))
    print('largest (native, cp, sols):', rows[-8:])
