"""Asks CP-SAT (OR-Tools) whether a saved prefix of the semimagic 8x8 search can be completed.

usage: oracle.py PREFIXES.jsonl MODE [SECONDS]; one JSON line per prefix on stdout.
MODE board: the assignment relaxation: each free cell gets a free number of its colour's
  parity, at least the head's number plus the knight distance on the board from the head;
  all different; every row and column sums to 260. No path.
MODE free: the same with distances through the free cells.
MODE path: the whole remaining problem: the free numbers follow a knight path from the head
  (AddCircuit over the free cells and the head, an arc c->e forcing x[e] = x[c] + 1).
Environment knobs: NOPRE=1 (no presolve), LIN=n (linearization level), PROBE=n (probing
level), NOSEARCH=1 (stop after presolve), NOALLDIFF=1.
Not part of the project: an analysis of where the native search's tree dies.
"""
import json, sys, time, os
from ortools.sat.python import cp_model
from prop import ADJ, LINES, load
def bfs(src, allowed=None):
    d={src:0}; fr=[src]
    while fr:
        nx=[]
        for c in fr:
            for e in ADJ[c]:
                if e not in d and (allowed is None or e in allowed):
                    d[e]=d[c]+1; nx.append(e)
        fr=nx
    return d
P,start=load(sys.argv[1])
mode=sys.argv[2]; tl=float(sys.argv[3]) if len(sys.argv)>3 else 10
for idx,p in enumerate(P):
    path=[start[p['root']]]+p['moves']
    num={c:i+1 for i,c in enumerate(path)}
    m=len(path); head=path[-1]
    free=[c for c in range(64) if c not in num]
    fs=set(free)
    colour=lambda c:(c//8+c%8)%2
    sc=colour(path[0])
    dg=bfs(head, fs|{head}) if mode!='board' else bfs(head)
    dboard=bfs(head)
    md=cp_model.CpModel()
    x={}
    for c in free:
        par=1 if colour(c)==sc else 0  # same colour as 1 -> odd numbers
        lo=m+ (dg.get(c,99) if mode in('free','path') else dboard[c])
        dom=[t for t in range(max(lo,m+1),65) if t%2==par]
        if not dom: dom=[]
        x[c]=md.NewIntVarFromDomain(cp_model.Domain.FromValues(dom),f"x{c}") if dom else None
    t0=time.time()
    if any(v is None for v in x.values()):
        status='INFEASIBLE(window)'
    else:
        (None if os.environ.get('NOALLDIFF') else md.AddAllDifferent(list(x.values())))
        for L in LINES:
            need=260-sum(num.get(c,0) for c in L)
            md.Add(sum(x[c] for c in L if c in x)==need)
        if mode=='path':
            # successor structure: number of each free cell; arcs
            # head->next: some free neighbour of head gets m+1
            nxt=[c for c in ADJ[head] if c in x]
            bs=[]
            for c in nxt:
                b=md.NewBoolVar(""); md.Add(x[c]==m+1).OnlyEnforceIf(b); md.Add(x[c]!=m+1).OnlyEnforceIf(b.Not()); bs.append(b)
            md.AddExactlyOne(bs) if bs else md.AddBoolOr([])
            # every free cell with number t<64 has a free neighbour with t+1
            for c in free:
                nbs=[e for e in ADJ[c] if e in x]
                # circuit via arcs
            arcs=[]; lit={}
            # nodes: free cells (0..k-1) + source node k (head)
            idxof={c:i for i,c in enumerate(free)}; k=len(free)
            for c in free:
                for e in ADJ[c]:
                    if e in x:
                        b=md.NewBoolVar(""); arcs.append((idxof[c],idxof[e],b))
                        md.Add(x[e]==x[c]+1).OnlyEnforceIf(b)
                # c -> source (c is last, number 64)
                b=md.NewBoolVar(""); arcs.append((idxof[c],k,b)); md.Add(x[c]==64).OnlyEnforceIf(b)
            for c in nxt:
                b=md.NewBoolVar(""); arcs.append((k,idxof[c],b)); md.Add(x[c]==m+1).OnlyEnforceIf(b)
            md.AddCircuit(arcs)
        s=cp_model.CpSolver(); s.parameters.max_time_in_seconds=tl; s.parameters.num_workers=1
        import os
        if os.environ.get('NOPRE'): s.parameters.cp_model_presolve=False
        if os.environ.get('LIN') is not None: s.parameters.linearization_level=int(os.environ['LIN'])
        if os.environ.get('PROBE') is not None: s.parameters.cp_model_probing_level=int(os.environ['PROBE'])
        if os.environ.get('NOSEARCH'): s.parameters.stop_after_presolve=True
        if os.environ.get('NOALLDIFF'): pass
        st=s.Solve(md); status=s.StatusName(st)
    print(json.dumps({"i":idx,"status":status,"secs":round(time.time()-t0,3),"br":(s.NumBranches() if "s" in dir() else -1),"cf":(s.NumConflicts() if "s" in dir() else -1)}))
    sys.stdout.flush()
