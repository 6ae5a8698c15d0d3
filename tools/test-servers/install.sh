#!/usr/bin/env bash
# Installs the servers the integration tests run against (Debian packages): Dovecot (IMAP), Radicale (CalDAV) and
# PostgreSQL 15, plus the pgvector extension built from the vendored source (Debian 12 ships no pgvector package), and
# Chromium, which the web console's browser tests drive headless through playwright-core (it never downloads browsers).
# The tests start and stop their own instances on 127.0.0.1 with throw-away data; nothing here is enabled as a
# system service. Safe to run again: what is installed already is skipped.
set -euo pipefail

repo_root=$(cd "$(dirname "$0")/../.." && pwd)
# The vendored pgvector source sits beside the repository (../shared/vendor), read-only: it is built from a copy.
pgvector_source="$(dirname "$repo_root")/shared/vendor/pgvector-0.8.6"
pg_bin=/usr/lib/postgresql/15/bin

packages=(dovecot-imapd radicale postgresql-15 postgresql-server-dev-15 build-essential chromium)

SUDO=
need_root() {
  if [ "$(id -u)" -eq 0 ]; then return 0; fi
  if command -v sudo >/dev/null; then SUDO=sudo; return 0; fi
  echo "test servers: run as root (or install sudo) to install $1" >&2
  exit 1
}

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "test servers: packages already installed (${packages[*]})"
else
  need_root "${missing[*]}"
  echo "test servers: installing ${missing[*]}"
  $SUDO apt-get update -qq
  # The Debian postgresql-15 package creates a cluster and a service; policy-rc.d (as in containers) or the absence
  # of systemd keeps it from starting, and the tests never use it: they initdb their own clusters.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "test servers: installed ${missing[*]}"
fi

pg_config="$pg_bin/pg_config"
[ -x "$pg_config" ] || pg_config=$(command -v pg_config)
extension_dir="$("$pg_config" --sharedir)/extension"
if [ -f "$extension_dir/vector.control" ]; then
  echo "test servers: pgvector already installed ($extension_dir/vector.control)"
  exit 0
fi
if [ ! -d "$pgvector_source" ]; then
  echo "test servers: pgvector source not found at $pgvector_source (expected the shared vendor folder beside the repository)" >&2
  exit 1
fi
need_root pgvector
build_dir=$(mktemp -d)
trap 'rm -rf "$build_dir"' EXIT
cp -r "$pgvector_source" "$build_dir/"
echo "test servers: building pgvector from $pgvector_source"
# OPTFLAGS='' leaves out -march=native so the build also runs on a CI runner with another CPU than the builder's.
make -s -C "$build_dir/pgvector-0.8.6" -j"$(nproc)" PG_CONFIG="$pg_config" OPTFLAGS='' >/dev/null
$SUDO make -s -C "$build_dir/pgvector-0.8.6" install PG_CONFIG="$pg_config" >/dev/null
echo "test servers: installed pgvector into $extension_dir"
