#!/usr/bin/env bash
# Outside checks of three "none" answers: knights writes each model's CNF (DIMACS, the
# static encoding with the ordering form of connectivity), CaDiCaL's command-line solver
# refutes it writing a DRAT proof, and the `rate` checker verifies the proof against the CNF.
# knights itself neither solves nor checks here. Needs `cadical` and `rate` on the PATH
# (`apt-get install cadical`, `cargo install rate`). Prints one line per proof.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
knights() { cargo run --release --quiet -- "$@"; }

cat > "$work/wide.toml" <<'MODEL'
name = "closed 8x8, at most 3 angles above 90 degrees"
board = "8x8"
closed = true
[angles]
obtuse_or_straight = { at_most = 3 }
MODEL
cat > "$work/obtuse.toml" <<'MODEL'
name = "closed 8x8, at most 3 obtuse angles"
board = "8x8"
closed = true
[angles]
obtuse = { at_most = 3 }
MODEL
cat > "$work/quarter.toml" <<'MODEL'
name = "closed 8x8, unchanged by a quarter turn"
board = "8x8"
closed = true
symmetry = "rot90"
MODEL

for model in wide obtuse quarter; do
  knights dimacs "$work/$model.toml" -o "$work/$model.cnf" 2>/dev/null
  status=0
  cadical -q "$work/$model.cnf" "$work/$model.drat" > "$work/$model.out" || status=$?
  if [ "$status" -ne 20 ] || ! grep -q '^s UNSATISFIABLE' "$work/$model.out"; then
    echo "check-proofs: cadical did not refute $model (exit $status)" >&2
    exit 1
  fi
  started=$(date +%s.%N)
  rate "$work/$model.cnf" "$work/$model.drat" > "$work/$model.rate"
  ended=$(date +%s.%N)
  if ! grep -q '^s VERIFIED' "$work/$model.rate"; then
    echo "check-proofs: rate did not verify the proof for $model" >&2
    exit 1
  fi
  printf '%s: %s clauses, proof %s bytes, verified by rate in %.2f s\n' \
    "$model" "$(grep -m1 '^p cnf' "$work/$model.cnf" | cut -d' ' -f4)" \
    "$(stat -c %s "$work/$model.drat")" "$(awk "BEGIN { print $ended - $started }")"
done
