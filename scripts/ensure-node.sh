#!/usr/bin/env bash
# Makes a Node.js that fits this workspace available, and prints the folder that holds its `node` binary
# as the last line of stdout. Progress and hints go to stderr.
#
#   bin=$(bash scripts/ensure-node.sh | tail -1) && export PATH="$bin:$PATH"
#
# - When the `node` on PATH is already >= ORKESTRA_NODE_MIN (default 24.11.0, what tsup 9 needs on the 24
#   line), nothing is installed and its folder is printed.
# - Otherwise Node ORKESTRA_NODE_VERSION (default below) is installed once from the npm registry's
#   platform package (`node-<os>-<arch>`, the binary the registry's `node` package installs), into a cache
#   outside the repository: ${ORKESTRA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/orkestra/node}/<version>.
#   Later runs (and fresh clones on the same machine) reuse it.
set -euo pipefail

version="${ORKESTRA_NODE_VERSION:-24.22.3}"
minimum="${ORKESTRA_NODE_MIN:-24.11.0}"
cache_root="${ORKESTRA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/orkestra/node}"

say() { printf 'ensure-node: %s\n' "$*" >&2; }

# version_ge A B: true when dotted version A >= B.
version_ge() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$2" ]; }

if command -v node >/dev/null 2>&1; then
  current="$(node -p 'process.versions.node' 2>/dev/null || echo 0)"
  if version_ge "$current" "$minimum"; then
    dirname "$(command -v node)"
    exit 0
  fi
  say "node $current on PATH is older than $minimum"
fi

dir="$cache_root/$version"
if [ -x "$dir/bin/node" ]; then
  say "using cached Node $version"
else
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) say "unsupported OS $(uname -s): install Node >= $minimum yourself"; exit 1 ;; esac
  case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) say "unsupported CPU $(uname -m): install Node >= $minimum yourself"; exit 1 ;; esac
  command -v npm >/dev/null 2>&1 || { say "npm is needed to fetch Node $version; install any Node.js with npm first"; exit 1; }
  say "installing Node $version (node-$os-$arch) into $dir"
  mkdir -p "$cache_root"
  tmp="$(mktemp -d "$cache_root/.install.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  npm install --prefix "$tmp" --no-save --no-audit --no-fund --loglevel=error "node-$os-$arch@$version" >&2
  pkg="$tmp/node_modules/node-$os-$arch"
  [ -x "$pkg/bin/node" ] || { say "the package node-$os-$arch@$version has no bin/node"; exit 1; }
  rm -rf "$dir"
  mv "$pkg" "$dir"   # atomic within the cache: an interrupted install never leaves a half folder at $dir
fi

"$dir/bin/node" --version >/dev/null
say "Node $("$dir/bin/node" --version) is at $dir/bin; put it on PATH with:"
say "  export PATH=\"$dir/bin:\$PATH\""
echo "$dir/bin"
