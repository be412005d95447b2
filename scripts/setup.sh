# Sets up a development machine: Node 24 on PATH, the control-plane binaries for integration tests, and
# the workspace's dependencies. Source it, so PATH carries over to your shell:
#
#   . scripts/setup.sh && npm test
#
# Each step is cached outside the repository and is quick the second time:
#   - Node (scripts/ensure-node.sh)         ~/.cache/orkestra/node/<version>
#   - control plane (tools/controlplane)    ~/.cache/orkestra/controlplane/<k8s-version>   (needs Go; skipped
#                                           when KUBEBUILDER_ASSETS points at binaries already)
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
  (cd "$root" && npm ci --no-audit --no-fund) || return 1
}
_orkestra_setup
