#!/bin/sh
# Starts the Chromium named by STAGEDOOR_CHROMIUM with every --disable-features=… it is given merged into one,
# and every other argument as given. Playwright passes a list of its own and the journeys a second one
# (tools/chromium.mjs), and Chromium keeps only the last list it reads: without this, Playwright's would be lost.
set -eu
: "${STAGEDOOR_CHROMIUM:?names the Chromium binary to start (tools/chromium.mjs sets it)}"
disabled=""
for arg do
  shift
  case $arg in
    --disable-features=*) disabled="${disabled:+$disabled,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "$STAGEDOOR_CHROMIUM" "$@" ${disabled:+"--disable-features=$disabled"}
