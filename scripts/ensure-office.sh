#!/usr/bin/env bash
# The server's PDF paths (office previews, form printing) convert with LibreOffice; their tests run for real
# only when it is installed, so the test run installs Writer (no GUI) and the CJK fonts (Chinese forms print
# as real glyphs, not boxes) with apt when missing, as ensure-browser.sh does Chromium. A no-op otherwise;
# a failed install only leaves those tests skipped (they check for soffice), so it never fails the run.
set -uo pipefail
missing=()
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-writer-nogui)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]} with apt-get …"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
# Another install (ensure-browser.sh) may hold dpkg's lock: wait for it rather than fail.
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq || true
DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
  "${missing[@]}" >/dev/null || echo "LibreOffice could not be installed: the PDF tests are skipped"
exit 0
