#!/usr/bin/env bash
# Installs everything drflow's tests need on a fresh Debian 12 machine (run as root):
# bun, the npm dependencies, Dovecot (IMAP), rclone (WebDAV), Chromium (browser tests),
# PostgreSQL (shared store and queue tests), and the private glibc that lets the Chroma server run. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v bun >/dev/null 2>&1; then
  echo "setup: installing bun"
  npm install -g --allow-scripts=bun bun@1.4.5 >/dev/null 2>&1 || npm install -g bun@1.4.5 >/dev/null
fi

echo "setup: installing npm dependencies"
bun install --frozen-lockfile >/dev/null

need=()
command -v dovecot >/dev/null 2>&1 || need+=(dovecot-imapd)
command -v rclone >/dev/null 2>&1 || need+=(rclone)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: apt-get install ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

for script in scripts/setup/*.sh; do
  [ -e "$script" ] || continue
  echo "setup: $script"
  bash "$script"
done
echo "setup: done"
