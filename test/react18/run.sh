#!/usr/bin/env bash
# The focused jsdom component tests against React 18 (config: test/react18/vitest.config.ts).
# Installs React 18 into test/react18/node_modules first when it is missing or not the locked version.
# Extra arguments go to vitest, e.g. `bash test/react18/run.sh test/hooks.dom.test.tsx`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

installed() {
  node -p "const v = (p) => { try { return require('./test/react18/' + p).version } catch { return 'none' } };
    v('node_modules/react/package.json') + ' ' + v('node_modules/react-dom/package.json')"
}
locked=$(node -p "const l = require('./test/react18/package-lock.json').packages;
  l['node_modules/react'].version + ' ' + l['node_modules/react-dom'].version")
have=$(installed)
if [ "$have" != "$locked" ]; then
  echo "test/react18: installing react/react-dom $locked (found $have)"
  npm ci --prefix test/react18 --no-audit --no-fund
fi

exec npx vitest run --config test/react18/vitest.config.ts "$@"
