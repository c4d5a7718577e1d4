"""Bounds propagation of number windows per free cell, without search (no CP-SAT).

usage: prop.py PREFIXES.jsonl SIZES.jsonl OPTS   with OPTS a comma list of
  lines (each row and column sum bounds the windows of its free cells),
  succ (a cell's number is one less than a free neighbour's, unless it is 64),
  hall (per parity, no interval of numbers holds more cells than numbers).
The predecessor rule (a cell's number is one more than a neighbour's, the head included) is
always on. Prints how many prefixes it proves dead and their share of the searched nodes.
"""
import json, sys
N=8
def nb(c):
    r,q=divmod(c,N); out=[]
    for dr,dq in [(1,2),(2,1),(-1,2),(-2,1),(1,-2),(2,-1),(-1,-2),(-2,-1)]:
        a,b=r+dr,q+dq
        if 0<=a<N and 0<=b<N: out.append(a*N+b)
    return out
ADJ=[nb(c) for c in range(64)]
LINES=[[r*8+q for q in range(8)] for r in range(8)]+[[r*8+q for r in range(8)] for q in range(8)]
def load(fn):
    P=[json.loads(l) for l in open(fn).read().splitlines()[1:]]
    cand={}
    for p in P:
        m=p['moves']; s=set(c for c in ADJ[m[0]] if c not in m)
        cand[p['root']]=cand.get(p['root'],s)&s
    # The walks name roots, not cells: a root's start is the one cell a move away from every
    # walk's first cell and on none of its walks. Too few walks may leave several.
    unsure={r:sorted(s) for r,s in cand.items() if len(s)!=1}
    if unsure:
        sys.exit(f"cannot tell the start square of roots {unsure}: give more walks")
    start={r:min(s) for r,s in cand.items()}
    return P,start
def propagate(path, opts):
    num={c:i+1 for i,c in enumerate(path)}
    m=len(path); h=path[-1]
    F=[c for c in range(64) if c not in num]; FS=set(F)
    col=lambda c:(c//8+c%8)%2
    par={c:(1 if col(c)==col(path[0]) else 0) for c in F}
    lo={}; hi={}
    def up(v,p): return v if v%2==p else v+1
    def dn(v,p): return v if v%2==p else v-1
    for c in F: lo[c]=up(m+1,par[c]); hi[c]=dn(64,par[c])
    lo[h]=hi[h]=m
    need={i:260-sum(num.get(c,0) for c in L) for i,L in enumerate(LINES)}
    free_in={i:[c for c in L if c in FS] for i,L in enumerate(LINES)}
    it=0
    while True:
        it+=1; ch=False
        for c in F:
            P=[p for p in ADJ[c] if p in FS or p==h]
            if not P: return False,it
            nl=max(lo[c], up(min(lo[p] for p in P)+1, par[c]))
            nh=min(hi[c], dn(max(hi[p] for p in P)+1, par[c]))
            S=[e for e in ADJ[c] if e in FS]
            if opts.get('succ'):
                can_last = hi[c]>=64 or (nh>=64)
                if S:
                    ml=min(lo[e] for e in S)-1
                    mh=max(hi[e] for e in S)-1
                    if can_last and nh==64 and 64%2==par[c]:
                        # x=64 allowed or x<=mh
                        nh=min(nh, max(64 if nh==64 else -1, dn(mh,par[c])))
                        nl=max(nl, min(64, up(ml,par[c])))
                    else:
                        nh=min(nh, dn(mh,par[c])); nl=max(nl, up(ml,par[c]))
                else:
                    # must be last
                    nl=max(nl,64)
            if nl>nh: return False,it
            if nl!=lo[c] or nh!=hi[c]: lo[c],hi[c]=nl,nh; ch=True
        if opts.get('lines'):
            for i in range(16):
                C=free_in[i]; s=need[i]
                if not C:
                    if s!=0: return False,it
                    continue
                sl=sum(lo[c] for c in C); sh=sum(hi[c] for c in C)
                if s<sl or s>sh: return False,it
                for c in C:
                    nl=max(lo[c], up(s-(sh-hi[c]),par[c])); nh=min(hi[c], dn(s-(sl-lo[c]),par[c]))
                    if nl>nh: return False,it
                    if nl!=lo[c] or nh!=hi[c]: lo[c],hi[c]=nl,nh; ch=True
        if opts.get('hall'):
            for p in (0,1):
                cs=[c for c in F if par[c]==p]
                # values of parity p in [m+1,64]
                ws=sorted((lo[c],hi[c]) for c in cs)
                los=sorted(set(lo[c] for c in cs)); his=sorted(set(hi[c] for c in cs))
                for a in los:
                    for b in his:
                        if b<a: continue
                        k=sum(1 for c in cs if lo[c]>=a and hi[c]<=b)
                        vals=(b-a)//2+1
                        if k>vals: return False,it
        if not ch: return True,it
if __name__=='__main__':
    P,start=load(sys.argv[1]); S=[json.loads(l) for l in open(sys.argv[2])]
    opts={k:True for k in sys.argv[3].split(',')} if len(sys.argv)>3 else {}
    tot=sum(s['searched_nodes'] for s in S); kill=0; kn=0; its=0
    for i,p in enumerate(P):
        ok,it=propagate([start[p['root']]]+p['moves'],opts); its+=it
        if not ok: kill+=S[i]['searched_nodes']; kn+=1
    print(sys.argv[3] if len(sys.argv)>3 else '-', 'killed',kn,'of',len(P),'raw node share %.3f'%(kill/tot),'avg iters %.1f'%(its/len(P)))
