#!/usr/bin/env bash
# Run one command as a named stage: print the name, run it, print how long
# it took. The command's exit status is passed on.
set -euo pipefail

# shellcheck source=scripts/log.sh
. "$(dirname "$0")/log.sh"

name=${1:?usage: timed.sh NAME COMMAND...}
shift
stage_begin "$name"
"$@"
stage_end
