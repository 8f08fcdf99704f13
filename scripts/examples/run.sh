#!/usr/bin/env bash
# Packs the package, installs that tarball into every example under examples/, builds each, and
# drives each build in Chromium (test/examples-e2e). `bash scripts/examples/run.sh [name...]`.
set -euo pipefail
cd "$(dirname "$0")/../.."
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(vite nextjs)

bash scripts/examples/pack.sh
for name in "${names[@]}"; do
  printf '\n==> examples/%s: install the packed tarball, build\n' "$name"
  (
    cd "examples/$name"
    # A fresh copy of the tarball every time, whatever npm cached for the same version.
    rm -rf node_modules/inbox-kit
    npm install --no-audit --no-fund --loglevel=error
    npm run build
  )
done
printf '\n==> examples: browser tests\n'
INBOX_EXAMPLES=1 npx vitest run "${names[@]/#/test/examples-e2e/}"
