#!/usr/bin/env bash
# The search's strength targets (issue 14), measured with `schachwerk match`: for every variant,
# search:nodes=20000 against random and against greedy, and search:nodes=200000 against
# search:nodes=20000, GAMES games each (40 by default), colours alternating. Prints a Markdown
# table of the results (wins-draws-losses for the first player, and its score in percent).
#
#   bench/matches.sh [GAMES]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GAMES="${1:-40}"
cargo build --release --quiet --bin schachwerk
BIN=target/release/schachwerk
VARIANTS=(chess nietzsche nacht quintessential impulschach immortal)
PAIRS=("search:nodes=20000 random" "search:nodes=20000 greedy" "search:nodes=200000 search:nodes=20000")

echo "| variant | 20k vs random | 20k vs greedy | 200k vs 20k |"
echo "| --- | --- | --- | --- |"
for variant in "${VARIANTS[@]}"; do
    row="| $variant |"
    for pair in "${PAIRS[@]}"; do
        read -r a b <<<"$pair"
        read -r _ wins draws losses < <("$BIN" match --variant "$variant" --games "$GAMES" --a "$a" --b "$b" | grep '^result')
        percent=$(( (200 * wins + 100 * draws) / (2 * GAMES) ))
        row+=" $wins-$draws-$losses ($percent%) |"
    done
    echo "$row"
done
