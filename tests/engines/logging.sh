#!/bin/sh
# Our engine with what it is told copied to the file $UCI_LOG, for tests/match_uci.rs to read
# the positions a match sends: `logging.sh PROGRAM` runs `PROGRAM uci`.
tee -a "$UCI_LOG" | "$1" uci
