"""Window propagation with successor and predecessor arcs, and probing on the arcs.

usage: probe.py PREFIXES.jsonl SIZES.jsonl MODE [LIMIT]
MODE prop: propagation only; probeN: then N rounds of probing: each arc c->e is tried alone as
c's successor and removed when propagation fails (failed-literal detection).
"""
import json, sys, time
from prop import ADJ, LINES, load
def up(v,p): return v if v%2==p else v+1
def dn(v,p): return v if v%2==p else v-1
class Inf(Exception): pass
def init(path):
    num={c:i+1 for i,c in enumerate(path)}
    m=len(path); h=path[-1]
    F=[c for c in range(64) if c not in num]; FS=set(F)
    col=lambda c:(c//8+c%8)%2
    par={c:(1 if col(c)==col(path[0]) else 0) for c in F}; par[h]=m%2
    lo={c:up(m+1,par[c]) for c in F}; hi={c:dn(64,par[c]) for c in F}
    lo[h]=hi[h]=m
    succ={c:set(e for e in ADJ[c] if e in FS)|{-1} for c in F}  # -1 = end
    succ[h]=set(e for e in ADJ[h] if e in FS)
    pred={c:set(p for p in ADJ[c] if p in FS or p==h) for c in F}
    need=[260-sum(num.get(c,0) for c in L) for L in LINES]
    fin=[[c for c in L if c in FS] for L in LINES]
    return dict(F=F,h=h,m=m,par=par,lo=lo,hi=hi,succ=succ,pred=pred,need=need,fin=fin)
def copy(s):
    t=dict(s); t['lo']=dict(s['lo']); t['hi']=dict(s['hi'])
    t['succ']={k:set(v) for k,v in s['succ'].items()}; t['pred']={k:set(v) for k,v in s['pred'].items()}
    return t
def setw(s,c,l,h):
    p=s['par'][c]; l=up(l,p); h=dn(h,p)
    l=max(l,s['lo'][c]); h=min(h,s['hi'][c])
    if l>h: raise Inf
    if l!=s['lo'][c] or h!=s['hi'][c]:
        s['lo'][c]=l; s['hi'][c]=h; return True
    return False
def rm_arc(s,c,e):
    ch=False
    if e in s['succ'][c]: s['succ'][c].discard(e); ch=True
    if e!=-1 and c in s['pred'][e]: s['pred'][e].discard(c); ch=True
    return ch
def propagate(s, lines=True):
    lo,hi=s['lo'],s['hi']; F=s['F']; h=s['h']
    while True:
        ch=False
        for c in [h]+F:
            # arc compatibility
            for e in list(s['succ'][c]):
                if e==-1:
                    if hi[c]<64: ch|=rm_arc(s,c,-1)
                elif lo[e]>hi[c]+1 or hi[e]<lo[c]+1: ch|=rm_arc(s,c,e)
            S=s['succ'][c]
            if not S: raise Inf
            if c!=h:
                P=s['pred'][c]
                if not P: raise Inf
                ch|=setw(s,c,min(lo[p] for p in P)+1,max(hi[p] for p in P)+1)
                l=min((64 if e==-1 else lo[e]-1) for e in S); u=max((64 if e==-1 else hi[e]-1) for e in S)
                ch|=setw(s,c,l,u)
            if len(S)==1:
                e=next(iter(S))
                if e!=-1:
                    for q in list(s['pred'][e]):
                        if q!=c: ch|=rm_arc(s,q,e)
            # one pred -> that pred's succ is c
        for c in F:
            P=s['pred'][c]
            if len(P)==1:
                p=next(iter(P))
                for e in list(s['succ'][p]):
                    if e!=c: ch|=rm_arc(s,p,e)
        # only one cell may end
        if lines:
            for i,C in enumerate(s['fin']):
                n=s['need'][i]
                if not C:
                    if n: raise Inf
                    continue
                sl=sum(lo[c] for c in C); sh=sum(hi[c] for c in C)
                if n<sl or n>sh: raise Inf
                for c in C: ch|=setw(s,c,n-(sh-hi[c]),n-(sl-lo[c]))
        if not ch: return
def probe(s, rounds=3):
    propagate(s)
    for _ in range(rounds):
        changed=False
        for c in [s['h']]+s['F']:
            for e in list(s['succ'][c]):
                if e not in s['succ'][c]: continue
                t=copy(s)
                try:
                    for x in list(t['succ'][c]):
                        if x!=e: rm_arc(t,c,x)
                    propagate(t)
                except Inf:
                    rm_arc(s,c,e); changed=True; propagate(s)
        if not changed: return
if __name__=='__main__':
    P,start=load(sys.argv[1]); S=[json.loads(l) for l in open(sys.argv[2])]
    mode=sys.argv[3]; lim=int(sys.argv[4]) if len(sys.argv)>4 else len(P)
    tot=0; kill=0; kn=0; t0=time.time()
    for i,p in enumerate(P[:lim]):
        tot+=S[i]['searched_nodes']
        try:
            s=init([start[p['root']]]+p['moves'])
            if mode=='prop': propagate(s)
            else: probe(s, int(mode[5:] or 3))
        except Inf:
            kill+=S[i]['searched_nodes']; kn+=1
    print(mode,'killed',kn,'of',lim,'raw node share %.3f'%(kill/tot),'secs %.1f'%(time.time()-t0))
