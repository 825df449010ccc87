#!/usr/bin/env bash
# Issue 24's measure: the search as it is in this tree (`search:nodes=NODES`, in the process)
# against a build of an earlier commit run as an outside UCI engine (`uci:...?nodes=NODES`),
# GAMES games a variant from random openings (each pair of games from one opening, colours
# swapped). Prints a Markdown table: the new search's wins-draws-losses, its score and the Elo
# difference with a 95% error bar.
#
#   bench/baseline.sh [REV] [GAMES] [NODES]      defaults: today's search, 40, 200000
#   VARIANTS="chess nacht" JOBS=2 SEED=1 BASE_TABLE=turn bench/baseline.sh
#
# The baseline plays as its own `search:` player would: `newgame=turn` empties its table before
# every turn, as the in-process search of REV started each turn with a new one, and `Hash=8`
# gives it the same 2^18 entries (of 24 bytes at dec375b). Over UCI with its table kept through
# the game and 16 MiB of it, dec375b's search scored 42% against itself in 100 games of chess at
# 20,000 nodes (a255840's scored 56.6% in 400: docs/PERFORMANCE.md). Since the search keeps its
# table through a game in process too (as the page's computer and the UCI engine do), a REV
# from then on is played with its table kept: BASE_TABLE=game (the default, turn, is dec375b's).
#
# REV is built once as a release binary in a worktree of its own under target/baseline/ (the
# worktree is removed after; the binary is kept as target/baseline/schachwerk-COMMIT and not
# built again). VARIANTS: the variants to play (all six by default); JOBS: how many variants
# play at once (1 by default: each match keeps a core busy); SEED: the match's --seed, which
# picks the openings. A game an engine lost by failing to play (an illegal answer, a crash, a
# timeout) is counted and said below the table.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# "Today's search": the commit issue 24 compares the new search against.
TODAY=dec375b
REV="${1:-$TODAY}"
GAMES="${2:-40}"
NODES="${3:-200000}"
VARIANTS="${VARIANTS:-chess nietzsche nacht quintessential impulschach immortal}"
JOBS="${JOBS:-1}"
BASE_TABLE="${BASE_TABLE:-turn}"
SEED="${SEED:-1}"

fail() {
    echo "bench/baseline.sh: $*" >&2
    exit 1
}
for number in GAMES NODES JOBS SEED; do
    [[ ${!number} =~ ^[0-9]+$ && ${!number} -gt 0 ]] || fail "$number '${!number}' is not a whole number from 1"
done
case $BASE_TABLE in
    turn) base_table="newgame=turn&" ;;
    game) base_table="" ;;
    *) fail "BASE_TABLE '$BASE_TABLE' is not turn or game" ;;
esac
commit=$(git rev-parse --verify --quiet "$REV^{commit}") || fail "'$REV' is not a commit of this repository"

# The baseline, built once.
mkdir -p target/baseline
baseline="$PWD/target/baseline/schachwerk-$commit"
if [[ ! -x $baseline ]]; then
    source_tree="target/baseline/src-$commit"
    [[ -d $source_tree ]] || git worktree add --detach --quiet "$source_tree" "$commit"
    echo "building $REV ($commit) in $source_tree" >&2
    # A build directory shared by the baselines, so that another commit rebuilds only the crate.
    (cd "$source_tree" && CARGO_TARGET_DIR="$OLDPWD/target/baseline/build" \
        nice -n 10 cargo build --release --quiet --bin schachwerk)
    cp target/baseline/build/release/schachwerk "$baseline.partial"
    mv "$baseline.partial" "$baseline"
    git worktree remove --force "$source_tree"
fi

cargo build --release --quiet --bin schachwerk
new=target/release/schachwerk
head=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- src Cargo.toml || head+=" with changes not committed"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

play() {
    local variant=$1
    nice -n 10 "$new" match --variant "$variant" --games "$GAMES" --seed "$SEED" \
        --a "search:nodes=$NODES" --b "uci:$baseline?nodes=$NODES&${base_table}option.Hash=8" \
        >"$out/$variant.out" 2>"$out/$variant.err" || echo "failed" >>"$out/$variant.out"
}

for variant in $VARIANTS; do
    while (($(jobs -rp | wc -l) >= JOBS)); do
        wait -n || true
    done
    play "$variant" &
done
wait

# A row of the table: the variant, W-D-L, the score, and the Elo difference with a 95% error
# bar from the games' own variance (as cutechess-cli computes it); an infinite one where the
# score or a bound of it is 0% or 100%.
row() {
    awk -v v="$1" -v w="$2" -v d="$3" -v l="$4" 'function elo(s) {
        return -400 * log(1 / s - 1) / log(10)
    }
    BEGIN {
        n = w + d + l
        s = (w + d / 2) / n
        margin = 1.96 * sqrt((w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n / n)
        if (s <= 0 || s >= 1) {
            rating = (s <= 0) ? "-inf" : "+inf"
        } else {
            # Rounded by hand, so that an even score reads +0, not -0.
            rating = sprintf("%+d", int(elo(s) + (s < 0.5 ? -0.5 : 0.5)))
            if (s - margin <= 0 || s + margin >= 1) {
                rating = rating " ± inf"
            } else {
                rating = rating sprintf(" ± %.0f", (elo(s + margin) - elo(s - margin)) / 2)
            }
        }
        printf "| %s | %d-%d-%d | %.1f%% | %s |\n", v, w, d, l, 100 * s, rating
    }'
}

echo "New search ($head, search:nodes=$NODES) against $REV (${commit:0:7}, over UCI at nodes=$NODES),"
echo "$GAMES games a variant, --seed $SEED:"
echo
echo "| variant | new search W-D-L | score | Elo (95%) |"
echo "| --- | --- | --- | --- |"
for variant in $VARIANTS; do
    if ! read -r _ wins draws losses < <(grep '^result' "$out/$variant.out"); then
        echo "| $variant | failed: $(tr '\n' ' ' <"$out/$variant.err") | | |"
        continue
    fi
    row "$variant" "$wins" "$draws" "$losses"
done
for variant in $VARIANTS; do
    if grep -q ' loses: ' "$out/$variant.err"; then
        echo
        echo "$variant: games lost by failing to play:"
        grep ' loses: ' "$out/$variant.err"
    fi
done
