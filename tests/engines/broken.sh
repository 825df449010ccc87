#!/bin/sh
# A UCI engine that goes wrong on purpose, for tests/match_uci.rs: it shakes hands, then
# answers every `go` as its argument says:
#   illegal  `bestmove a1a1`
#   garbage  a line that is not UCI, then `bestmove 0000`
#   crash    exits with status 3
#   silent   nothing (the match's timeout must end the wait)
mode="$1"
while read -r command rest; do
    case "$command" in
        uci) echo "id name broken-$mode"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go)
            case "$mode" in
                illegal) echo "bestmove a1a1" ;;
                garbage) echo "nonsense"; echo "bestmove 0000" ;;
                crash) exit 3 ;;
                silent) ;;
            esac
            ;;
        quit) exit 0 ;;
    esac
done
