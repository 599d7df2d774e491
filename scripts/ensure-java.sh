#!/bin/sh
# The Nu Html Checker (npm run check:html) runs on Java 11 or later. Installs
# Debian's default-jre-headless where java is missing and this user may
# install packages. Nothing is downloaded from anywhere else.
set -e
command -v java >/dev/null 2>&1 && exit 0
echo "Java is missing: installing Debian's default-jre-headless package..."
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "Install it first: apt-get install -y default-jre-headless" >&2
  exit 1
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends default-jre-headless
