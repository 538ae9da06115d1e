#!/usr/bin/env bash
# The whole suite: lint, types, unit and database tests, production build, browser tests.
# Installs what is missing first (npm packages, Chromium, espeak-ng and ffmpeg from Debian's apt).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 CI="${CI:-1}"

# Each stage's time is printed at the end, so a slow stage shows without reading the whole log.
started=$(date +%s)
stage_name=""
stage_started=$started
timings=()
close_stage() {
  if [ -n "$stage_name" ]; then timings+=("$(printf '%5d s  %s' $(( $(date +%s) - stage_started )) "$stage_name")"); fi
}
step() {
  close_stage
  stage_name="$*"
  stage_started=$(date +%s)
  printf '\n\033[1m▸ %s\033[0m\n' "$*"
}

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

# The browser tests run in Chromium's headless shell when it is there (test/chromium-path.ts): the
# same build without the desktop browser's compositor and UI, so a page costs less CPU. Without it
# they use the full browser above.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  step "installing Chromium's headless shell from Debian's apt"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell >/dev/null \
    || { $SUDO apt-get update -qq || true; DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell >/dev/null; } \
    || echo "(not installed: the browser tests use $CHROMIUM)"
fi

# The speech tests speak known sentences with espeak-ng (test/speech-audio.ts).
if ! command -v espeak-ng >/dev/null; then
  step "installing espeak-ng from Debian's apt"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq espeak-ng >/dev/null
fi

# Recordings are decoded by the system's ffmpeg and ffprobe (lib/media/binaries.ts), kept patched by Debian.
if [ ! -x /usr/bin/ffmpeg ] || [ ! -x /usr/bin/ffprobe ]; then
  step "installing ffmpeg from Debian's apt"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq ffmpeg >/dev/null
fi

step "prisma generate"
node scripts/prisma.mjs generate >/dev/null

# The unit and database tests run beside everything after them: they need neither the checks nor
# the build, and neither they nor the browser tests keep both cores busy alone (they wait on the
# database, pages on the server). Their output is printed whole when they end; a failure of theirs
# fails the suite after the rest has run.
vitest_log=$(mktemp)
vitest_started=$(date +%s)
# A session of its own, so a suite stopped early stops its workers and database too.
setsid npx vitest run >"$vitest_log" 2>&1 &
vitest_pid=$!
trap 'kill -- "-$vitest_pid" 2>/dev/null || true' EXIT

step "lint, types and dead code (side by side)"
# Each is one single-threaded process, so on two cores they take the time of the longer one, not
# the sum. Each one's output is kept apart and printed whole; either failing fails the suite.
checks_dir=$(mktemp -d)
# ESLint keeps what it found per file (by content) between runs: every rule here reads one file only.
npx eslint . --max-warnings=0 --cache --cache-strategy content --cache-location node_modules/.cache/eslint/ >"$checks_dir/lint.log" 2>&1 &
lint_pid=$!
npx tsc --noEmit >"$checks_dir/types.log" 2>&1 &
types_pid=$!
# Dead code: files, exports and dependencies nothing uses (knip.json says where the entries are).
npx knip --no-progress >"$checks_dir/dead.log" 2>&1 &
dead_pid=$!
lint_status=0
types_status=0
dead_status=0
wait "$lint_pid" || lint_status=$?
wait "$types_pid" || types_status=$?
wait "$dead_pid" || dead_status=$?
printf -- '-- lint (eslint): exit %s\n' "$lint_status"
cat "$checks_dir/lint.log"
printf -- '-- types (tsc): exit %s\n' "$types_status"
cat "$checks_dir/types.log"
printf -- '-- dead code (knip): exit %s\n' "$dead_status"
cat "$checks_dir/dead.log"
rm -rf "$checks_dir"
if [ "$lint_status" -ne 0 ] || [ "$types_status" -ne 0 ] || [ "$dead_status" -ne 0 ]; then exit 1; fi

step "production build"
# The types were just checked by tsc over the whole project; the build need not check them again.
SKIP_BUILD_TYPECHECK=1 npx next build

step "browser tests (Chromium)"
browser_status=0
npx playwright test || browser_status=$?

step "unit and database tests (started before the checks)"
vitest_status=0
wait "$vitest_pid" || vitest_status=$?
trap - EXIT
cat "$vitest_log"
rm -f "$vitest_log"
echo "-- unit and database tests: exit $vitest_status after $(( $(date +%s) - vitest_started )) s"
if [ "$browser_status" -ne 0 ] || [ "$vitest_status" -ne 0 ]; then exit 1; fi

close_stage
echo
printf '%s\n' "${timings[@]}"
echo "✔ whole suite passed in $(( $(date +%s) - started )) s"
