#!/usr/bin/env bash
# The unit and API tests (`vitest run`) once more on Node.js 24, an LTS line, while the
# machine's own Node stays the default for everything else. Node 24 (the newest 24.x) comes
# from the npm registry's node-linux-<arch> package, installed into a temporary directory;
# npm's cache keeps the download for the next run.
#
# The installed node_modules serve both versions: argon2 is an N-API addon and esbuild,
# rolldown and lightningcss ship their own binaries, so nothing is rebuilt.
#
# The API tests run on PGlite only here: PostgreSQL is already covered on the default Node,
# and a second PostgreSQL run would add as much again to CI. TEST_REDIS_URL is kept.
#   scripts/test-node24.sh apps/server/test/logging.test.ts   only some files (vitest's arguments)
#   NODE_MAJOR=26 scripts/test-node24.sh                       another line, the same way
set -euo pipefail
cd "$(dirname "$0")/.."

major="${NODE_MAJOR:-24}"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "test-node24: no node-linux package for $(uname -m)" >&2; exit 1 ;;
esac

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
# --ignore-scripts: the package is a plain binary; nothing of it needs to run at install.
npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --ignore-scripts \
  --loglevel=error "node-linux-$arch@$major" >/dev/null
export PATH="$dir/node_modules/node-linux-$arch/bin:$PATH"

version="$(node --version)"
if [[ "$version" != "v$major."* ]]; then
  echo "test-node24: expected Node $major, got $version" >&2
  exit 1
fi
echo "Unit and API tests on Node $version (PGlite)"
unset TEST_DATABASE_URL
npx vitest run "$@"
