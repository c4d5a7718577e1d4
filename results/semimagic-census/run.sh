#!/bin/sh
# The census's missing jobs for about MINUTES minutes on WORKERS cores (see
# recipes/run-missing.sh). Usage: run.sh [MINUTES] [WORKERS]; KNIGHTS, NICE, SHUFFLE as there.
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../../recipes/run-missing.sh" "$here" "$@"
