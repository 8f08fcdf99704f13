#!/usr/bin/env bash
# Packs the package, copies every example under examples/ outside this repository (so nothing
# resolves from the repository's node_modules: only what the example installs), installs the
# packed tarball there, builds each, type-checks it (its `typecheck` script, its build, or tsc), measures
# what the kit adds to each one's page against the same host without the kit
# (scripts/examples/size.ts), and drives each build in Chromium (test/examples-e2e).
# `bash scripts/examples/run.sh [name...]`. The copies stay in $INBOX_EXAMPLES_DIR (default
# ${TMPDIR:-/tmp}/inbox-kit-examples) with their node_modules, so a second run installs little.
set -euo pipefail
cd "$(dirname "$0")/../.."
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(vite nextjs react-router tanstack-start)
work=${INBOX_EXAMPLES_DIR:-${TMPDIR:-/tmp}/inbox-kit-examples}
mkdir -p "$work"
tarball="$PWD/.cache/pack/inbox-kit.tgz"

bash scripts/examples/pack.sh
for name in "${names[@]}"; do
  printf '\n==> examples/%s in %s: install the packed tarball, type-check, build\n' "$name" "$work/$name"
  # The sources afresh; node_modules kept (the tarball is reinstalled below).
  find "$work/$name" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} + 2>/dev/null || true
  (cd examples && tar --exclude=node_modules --exclude=.next --exclude=dist --exclude=build --exclude=.react-router -cf - "$name") | (cd "$work" && tar -xf -)
  sed -i "s#file:../../.cache/pack/inbox-kit.tgz#file:$tarball#" "$work/$name/package.json"
  (
    cd "$work/$name"
    rm -rf node_modules/inbox-kit
    npm install --no-audit --no-fund --loglevel=error
    # As the scaffold has them: build, its typecheck (after the build, which writes TanStack Start's
    # route tree), lint. Next's and create-vite's builds type-check; where neither the build nor a
    # script does (TanStack Start's blank app), tsc does.
    npm run build
    if [ -n "$(npm pkg get scripts.typecheck | tr -d '{}')" ]; then npm run typecheck
    elif ! npm pkg get scripts.build | grep -Eq 'tsc|next build'; then npx tsc --noEmit; fi
    npm run --if-present lint
  )
done
printf '\n==> examples: what the kit adds to each page (fails past the budget)\n'
INBOX_EXAMPLES_DIR="$work" npx tsx scripts/examples/size.ts "${names[@]}"
printf '\n==> examples: browser tests\n'
INBOX_EXAMPLES=1 INBOX_EXAMPLES_DIR="$work" npx vitest run "${names[@]/#/test/examples-e2e/}"
