#!/bin/sh
# The end-to-end tests drive Debian's Chromium headless shell (chromium-headless-shell:
# the browser's engine without its window, about twice as fast for a test suite, see
# docs/stack.md); the benchmark and the screenshots drive the full browser (chromium),
# as a visitor's. Installs both with apt-get where missing and this user may install packages.
set -e
[ -x /usr/bin/chromium ] && [ -x /usr/lib/chromium/chromium-headless-shell ] && exit 0
echo "Chromium is missing: installing Debian's chromium and chromium-headless-shell packages..."
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "Install them first: apt-get install -y chromium chromium-headless-shell" >&2
  exit 1
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium chromium-headless-shell chromium-driver fonts-liberation
