#!/usr/bin/env bash
# Installs the mail and calendar servers the account integration tests run against (Debian packages):
# Dovecot (IMAP) and Radicale (CalDAV). The tests start and stop their own instances on 127.0.0.1 with
# throw-away data; nothing here is enabled as a system service.
set -euo pipefail

packages=(dovecot-imapd radicale)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "test servers: already installed (${packages[*]})"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO=sudo; else echo "test servers: run as root to install ${missing[*]}" >&2; exit 1; fi
else
  SUDO=
fi
echo "test servers: installing ${missing[*]}"
$SUDO apt-get update -qq
# policy-rc.d keeps the packages from starting system-wide daemons during installation.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "test servers: installed ${missing[*]}"
