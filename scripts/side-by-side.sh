#!/bin/sh
# Runs the npm scripts it is given at once and fails when any of them fails:
# `npm run validate` runs lint and typecheck side by side, each
# single-threaded, on the two cores of a CI machine. Each script's output is
# kept whole and printed after it ends, so two reports never interleave.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for script in "$@"; do
  (npm run --silent "$script" > "$dir/$script.log" 2>&1; echo $? > "$dir/$script.status") &
done
wait
failed=0
for script in "$@"; do
  echo "> npm run $script"
  cat "$dir/$script.log"
  status=$(cat "$dir/$script.status")
  if [ "$status" != 0 ]; then
    echo "npm run $script failed (exit $status)" >&2
    failed=1
  fi
done
exit $failed
