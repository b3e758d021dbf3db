#!/usr/bin/env bash
# Installs Debian's PostgreSQL server (15 on Debian 12) for the shared-store and queue tests. The tests never use the
# system cluster: scripts/services/postgres.ts starts a private one in a temp folder on a free loopback port.
# Idempotent: does nothing when the server binaries are present.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -n "$bin" ] && [ -x "$bin/postgres" ] && [ -x "$bin/initdb" ]; then
  echo "postgres.sh: PostgreSQL server present in $bin"
  exit 0
fi
echo "postgres.sh: apt-get install postgresql"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq postgresql >/dev/null
# The tests start their own clusters; the packaged one need not run.
if command -v pg_lsclusters >/dev/null 2>&1; then
  pg_lsclusters -h | while read -r version name _; do pg_ctlcluster "$version" "$name" stop 2>/dev/null || true; done
fi
