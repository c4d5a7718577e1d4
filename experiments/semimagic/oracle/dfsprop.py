"""The native search's order (extend the head of the path) with domain propagation at every
node (cpsearch.prop), counting nodes below each prefix.

usage: dfsprop.py PREFIXES.jsonl SIZES.jsonl [LIMIT] [NODE_CAP]
"""
import json, sys, time
from prop import ADJ, load
from cpsearch import setup, prop, Inf
def dfs(st, dom, head, t, cnt, cap):
    cnt[0]+=1
    if cnt[0]>cap: raise TimeoutError
    try: prop(st, dom, None)
    except Inf: return 0
    if t==64: return 1
    sols=0
    bit=1<<(t+1)
    for e in ADJ[head]:
        if e in st['S'] and dom[e] & bit:
            nd=dict(dom); nd[e]=bit
            sols+=dfs(st, nd, e, t+1, cnt, cap)
    return sols
if __name__=='__main__':
    Pf,start=load(sys.argv[1]); Sz=[json.loads(l) for l in open(sys.argv[2])]
    lim=int(sys.argv[3]) if len(sys.argv)>3 else len(Pf); cap=int(sys.argv[4]) if len(sys.argv)>4 else 10**6
    tn=0; tc=0; t0=time.time(); rows=[]
    for i,p in enumerate(Pf[:lim]):
        path=[start[p['root']]]+p['moves']
        st=setup(path); cnt=[0]
        try: s=dfs(st, dict(st['dom']), path[-1], len(path), cnt, cap)
        except TimeoutError: s='cap'
        tn+=Sz[i]['searched_nodes']; tc+=cnt[0]
        rows.append((Sz[i]["searched_nodes"], cnt[0], s)); print(i, rows[-1], flush=True, file=sys.stderr)
    rows.sort()
    print('native nodes',tn,'dfs+prop nodes',tc,'ratio %.2f'%(tn/max(tc,1)),'secs %.1f'%(time.time()-t0))
    print('largest (native, dfs+prop, sols):', rows[-8:])
