"""Shares of the sampled subtrees' nodes by the oracle's verdict.

usage: wsum.py VERDICTS.jsonl SIZES.jsonl   (the outputs of oracle.py and of run.sh's sizes step)
"raw nodes": share of the nodes the native search searched below the prefixes; "weighted":
share of the Knuth-weighted estimate (dominated by a few heavy walks).
"""
import json,sys
S=[json.loads(l) for l in open(sys.argv[2])]
R=[json.loads(l) for l in open(sys.argv[1])]
tot=sum(S[r['i']]['searched_nodes'] for r in R); wt=sum(S[r['i']]['nodes'] for r in R)
from collections import defaultdict
a=defaultdict(float); b=defaultdict(float); c=defaultdict(int); t=defaultdict(float)
for r in R:
    s=S[r['i']]; a[r['status']]+=s['searched_nodes']; b[r['status']]+=s['nodes']; c[r['status']]+=1; t[r['status']]+=r['secs']
for k in a: print(k, c[k], 'raw nodes %.3f'%(a[k]/tot), 'weighted %.3f'%(b[k]/wt), 'secs %.1f'%t[k])
