# Sets up a development machine: Node 24 on PATH, the control-plane binaries for integration tests, and
# the workspace's dependencies. Source it, so PATH carries over to your shell:
#
#   . scripts/setup.sh && npm test
#
# Each step is cached outside the repository and is quick the second time:
#   - Node (scripts/ensure-node.sh)         ~/.cache/orkestra/node/<version>
#   - control plane (tools/controlplane)    ~/.cache/orkestra/controlplane/<k8s-version>   (needs Go; skipped
#                                           when KUBEBUILDER_ASSETS points at binaries already)
#   - chromium (Debian's, for the console's   /usr/bin/chromium: installed with apt-get when missing and this
#     browser journeys)                      shell is root with apt; skipped quietly elsewhere (CHROMIUM_PATH)
#   - npm ci                                node_modules/
_orkestra_setup() {
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)" || return 1
  local node_bin
  node_bin="$(bash "$root/scripts/ensure-node.sh" | tail -n 1)" || return 1
  case ":$PATH:" in *":$node_bin:"*) ;; *) export PATH="$node_bin:$PATH" ;; esac
  echo "setup: node $(node --version) from $node_bin" >&2
  if [ -z "${KUBEBUILDER_ASSETS:-}" ]; then
    # Go may be installed but not on PATH in a non-login shell (the go image puts it in /usr/local/go).
    if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then export PATH="$PATH:/usr/local/go/bin"; fi
    if command -v go >/dev/null 2>&1; then
      bash "$root/tools/controlplane/build.sh" >/dev/null || return 1
    else
      echo "setup: no Go on PATH and KUBEBUILDER_ASSETS is unset: integration tests will not find kube-apiserver (see tools/controlplane/README.md)" >&2
    fi
  fi
  _orkestra_chromium
  (cd "$root" && npm ci --no-audit --no-fund) || return 1
}
# Browsers cannot be downloaded from their vendors here: the console's journeys (packages/operator/test/
# console-browser.int.test.ts) drive Debian's Chromium through playwright-core. Installed only where it can be.
_orkestra_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] || command -v chromium >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then return 0; fi
  echo "setup: installing chromium (apt-get) for the console's browser journeys" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1 ||
    echo "setup: could not install chromium with apt-get: the console's browser journeys will fail" >&2
}
_orkestra_setup
