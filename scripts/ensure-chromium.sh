#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (a test tool's own browser download cannot work here).
# Installs it when missing and we are root; otherwise says exactly what to do.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium from Debian's packages for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium: run 'sudo apt-get install chromium' (or set CHROMIUM_PATH)." >&2
exit 1
