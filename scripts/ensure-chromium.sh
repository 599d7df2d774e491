#!/bin/sh
# The end-to-end tests and the benchmark drive Debian's Chromium. Installs it
# with apt-get where it is missing and this user may install packages.
set -e
[ -x /usr/bin/chromium ] && exit 0
echo "Chromium is missing: installing Debian's chromium package..."
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "Install it first: apt-get install -y chromium" >&2
  exit 1
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium chromium-driver fonts-liberation
