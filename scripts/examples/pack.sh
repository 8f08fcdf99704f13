#!/usr/bin/env bash
# Packs the package as npm would publish it (prepack builds dist) into .cache/pack/inbox-kit.tgz,
# the file every example installs: what the examples test is what users install.
set -euo pipefail
cd "$(dirname "$0")/../.."
rm -rf .cache/pack && mkdir -p .cache/pack
npm pack --silent --pack-destination .cache/pack >/dev/null
mv .cache/pack/inbox-kit-*.tgz .cache/pack/inbox-kit.tgz
listing=$(tar -tzf .cache/pack/inbox-kit.tgz)
grep -qx 'package/dist/index.js' <<<"$listing" || { echo "packed tarball has no dist/index.js" >&2; exit 1; }
echo ".cache/pack/inbox-kit.tgz ($(du -k .cache/pack/inbox-kit.tgz | cut -f1) kB)"
