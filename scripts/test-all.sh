#!/usr/bin/env bash
# The whole suite: lint, types, unit and database tests, production build, browser tests.
# Installs what is missing first (npm packages, Chromium and espeak-ng from Debian's apt).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 CI="${CI:-1}"

step() { printf '\n\033[1m▸ %s\033[0m\n' "$*"; }
started=$(date +%s)

if [ ! -d node_modules/next ]; then
  step "npm install"
  npm install --no-audit --no-fund
fi

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  step "installing Chromium from Debian's apt"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# The speech tests speak known sentences with espeak-ng (lib/testing/speech-audio.ts).
if ! command -v espeak-ng >/dev/null; then
  step "installing espeak-ng from Debian's apt"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq espeak-ng >/dev/null
fi

step "prisma generate"
node scripts/prisma.mjs generate >/dev/null

step "lint"
npx eslint . --max-warnings=0

step "types"
npx tsc --noEmit

step "unit and database tests"
npx vitest run

step "production build"
npx next build

step "browser tests (Chromium)"
npx playwright test

echo
echo "✔ whole suite passed in $(( $(date +%s) - started )) s"
