#!/bin/sh
# The census's missing jobs for about MINUTES minutes on WORKERS cores (see
# recipes/run-missing.sh). Usage: run.sh [MINUTES] [WORKERS]; KNIGHTS, NICE, SHUFFLE as there.
root=$(cd "$(dirname "$0")/../.." && pwd)
exec "$root/recipes/run-missing.sh" "$root/results/semimagic-census" "$@"
