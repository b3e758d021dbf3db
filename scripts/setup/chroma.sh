#!/usr/bin/env bash
# Side-loads Debian 13 (trixie) glibc into a private folder so the Chroma server binary
# (chromadb's `chroma run`, built against glibc >= 2.39) runs on Debian 12 without touching
# the system libc or the system apt sources. Idempotent: does nothing when already present.
# Result: $DRFLOW_GLIBC_DIR (default <repo>/.drflow/glibc) with ld-linux-x86-64.so.2 and libs;
# scripts/services/chroma.ts starts `node` through that loader.
set -euo pipefail
cd "$(dirname "$0")/../.."

dir="${DRFLOW_GLIBC_DIR:-$PWD/.drflow/glibc}"
loader="$dir/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
if [ -x "$loader" ] && [ -e "$dir/usr/lib/x86_64-linux-gnu/libstdc++.so.6" ]; then
  echo "chroma.sh: glibc already side-loaded in $dir"
  exit 0
fi

have=$(ldd --version 2>/dev/null | head -1 | grep -Eo '[0-9]+\.[0-9]+$' || echo 0)
echo "chroma.sh: system glibc $have; side-loading trixie glibc into $dir"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/etc/sources.list.d" "$work/etc/preferences.d" "$work/state/lists/partial" "$work/cache/archives/partial" "$work/debs"
cat >"$work/etc/sources.list" <<SRC
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
SRC
opts=(
  -o "Dir::Etc::SourceList=$work/etc/sources.list"
  -o "Dir::Etc::SourceParts=$work/etc/sources.list.d"
  -o "Dir::Etc::Preferences=$work/etc/preferences"
  -o "Dir::Etc::PreferencesParts=$work/etc/preferences.d"
  -o "Dir::State::Lists=$work/state/lists"
  -o "Dir::Cache=$work/cache"
  -o "Dir::State::status=/dev/null"
  -o "APT::Architecture=amd64"
  -o "APT::Sandbox::User=root"
)
apt-get "${opts[@]}" -qq update
(cd "$work/debs" && apt-get "${opts[@]}" -qq download libc6 libstdc++6 libgcc-s1)

mkdir -p "$dir"
for deb in "$work"/debs/*.deb; do dpkg -x "$deb" "$dir"; done
if [ ! -x "$loader" ]; then
  echo "chroma.sh: expected loader at $loader after unpacking; unpack failed" >&2
  exit 1
fi
echo "chroma.sh: glibc ready: $loader"
