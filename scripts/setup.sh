#!/usr/bin/env bash
# Installs everything Sift needs on a fresh Debian machine: Debian's Chromium (Playwright
# cannot download its own browser here) and the npm packages from the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version

npm ci --no-audit --no-fund
