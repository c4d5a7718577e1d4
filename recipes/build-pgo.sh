#!/bin/sh
# Builds a knights binary optimised with a profile of the semimagic census's own search
# (profile-guided optimisation): the same code and the same search tree, fewer CPU seconds a
# node (results/semimagic/README.md, "Kept for census runs: a binary built with the search's
# profile"). For long runs of the census; the README's build and tests need none of it.
# Usage: build-pgo.sh OUT. Needs the toolchain's LLVM tools (`rustup component add
# llvm-tools`); builds under $CARGO_TARGET_DIR (default target/) in pgo-generate/ and pgo-use/.
set -eu
[ $# -eq 1 ] || { echo "usage: build-pgo.sh OUT" >&2; exit 2; }
# OUT as the caller named it, before the script moves to the repository's root.
case $1 in
/*) out=$1 ;;
*) out=$PWD/$1 ;;
esac
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-$PWD/target}
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
[ -x "$profdata" ] || {
    echo "build-pgo.sh: no $profdata; run \`rustup component add llvm-tools\`" >&2
    exit 2
}
profiles=$(mktemp -d)
trap 'rm -rf "$profiles"' EXIT

RUSTFLAGS="-Cprofile-generate=$profiles" \
    cargo build --release --bin knights --target-dir "$target/pgo-generate"
# The build scripts ran instrumented too: only the training runs below count.
rm -f "$profiles"/*.profraw
# Training: the census's search below sampled prefixes, from seeds that the measurements in
# results/semimagic/README.md do not use.
trained="$target/pgo-generate/release/knights"
"$trained" estimate models/semimagic.toml --subtrees 120 --depth 12 --seed 99 --jobs 1 >/dev/null
"$trained" estimate models/semimagic.toml --subtrees 300 --depth 12 --seed 98 --jobs 1 >/dev/null
"$profdata" merge -o "$profiles/merged.profdata" "$profiles"/*.profraw

RUSTFLAGS="-Cprofile-use=$profiles/merged.profdata" \
    cargo build --release --bin knights --target-dir "$target/pgo-use"
# Copied beside OUT and renamed: OUT is never a half-written binary.
cp "$target/pgo-use/release/knights" "$out.partial"
mv "$out.partial" "$out"
echo "build-pgo.sh: $out" >&2
