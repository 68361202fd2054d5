#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (playwright's own browser download cannot work offline) and need
# CJK fonts so Chinese renders as real glyphs. Installs both with apt when missing; a no-op otherwise.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]} with apt-get …"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
