#!/usr/bin/env bash
# Instructions per perft node, native and wasm, counted by valgrind's callgrind.
#
#   bench/instructions.sh [VARIANT] [DEPTH] [FEN]   (default: chess 5, the start position)
#
# Timings on a shared machine drift by a third; instruction counts do not, so this is the
# measure to compare two versions of the code with. For wasm, node runs with one thread and
# TurboFan only, compiling every function before the start (no Liftoff, no tier-up, no lazy
# compilation), which makes its count repeat to within about 1 % (now and then a run is 5-10 %
# higher: run it twice); the count of a depth-1 run (start-up and compilation, about 2.4
# billion) is subtracted, so use a depth whose count dwarfs that noise (chess 5, Kiwipete 4,
# Quintessential 4). Build first (./build.sh and cargo build --release). Needs valgrind
# (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."

variant="${1:-chess}"
depth="${2:-5}"
fen="${3:-}"
fen_args=()
fen_js=null
if [[ -n "$fen" ]]; then
    fen_args=(--fen "$fen")
    fen_js="'$fen'"
fi
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install valgrind" >&2; exit 2; }
[[ -x target/release/schachwerk ]] || { echo "build first: cargo build --release" >&2; exit 2; }
[[ -f www/pkg/schachwerk_bg.wasm ]] || { echo "build first: ./build.sh" >&2; exit 2; }

# Instructions executed by the command given, as callgrind counts them.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
        | awk '/refs:/ { gsub(",", "", $NF); print $NF }'
}

# A module for node that runs one wasm perft of depth $1 from the position.
wasm_script() {
    cat <<SCRIPT
import { readFile } from 'node:fs/promises';
const { default: init, Game } = await import('./www/pkg/schachwerk.js');
await init({ module_or_path: await readFile('www/pkg/schachwerk_bg.wasm') });
console.log(Number(new Game('$variant', null, $fen_js).perft($1)));
SCRIPT
}

# Also checks the variant name: an unknown one stops the script here.
nodes="$(target/release/schachwerk perft --variant "$variant" "${fen_args[@]}" --depth "$depth" | awk '/^nodes/ { print $2 }')"
native=$(( $(instructions target/release/schachwerk perft --variant "$variant" "${fen_args[@]}" --depth "$depth") \
    - $(instructions target/release/schachwerk perft --variant "$variant" "${fen_args[@]}" --depth 1) ))
node_flags=(--single-threaded --no-liftoff --no-wasm-tier-up --no-wasm-lazy-compilation --input-type=module)
wasm=$(( $(instructions --smc-check=all node "${node_flags[@]}" -e "$(wasm_script "$depth")") \
    - $(instructions --smc-check=all node "${node_flags[@]}" -e "$(wasm_script 1)") ))
awk -v n="$native" -v w="$wasm" -v nodes="$nodes" -v v="$variant" -v d="$depth" 'BEGIN {
    printf "%s depth %d (%d nodes): native %.1f, wasm %.1f instructions per node, wasm/native %.2f\n",
        v, d, nodes, n / nodes, w / nodes, w / n
}'
