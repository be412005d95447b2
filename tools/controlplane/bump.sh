#!/usr/bin/env bash
# Re-pins ./go.mod to another Kubernetes release:
#
#   bash tools/controlplane/bump.sh v1.37.3
#
# Regenerates go.mod from scratch (keeping the module path and the tool list):
# - k8s.io/kubernetes at the given version,
# - every k8s.io staging module it requires at v0.0.0 replaced by the matching
#   published v0.X.Y (k8s.io/kubernetes' own ./staging replaces do not apply to
#   a dependent module),
# - go.etcd.io/etcd/server/v3 at exactly the version that release requires,
# - the release's own go directive and godebug lines,
# then `go mod tidy`, so the build list is exactly what the release resolves.
# Review `git diff tools/controlplane/` afterwards and run build.sh (the cache
# directory is per Kubernetes version).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
log() { printf 'bump: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[[ $# -eq 1 && "$1" =~ ^v1\.[0-9]+\.[0-9]+$ ]] || die "usage: $0 v1.X.Y"
k8s="$1"
staging="v0.${k8s#v1.}"

cd "${here}"
export GOWORK=off

dl="$(go mod download -json "k8s.io/kubernetes@${k8s}" 2>&1)" ||
  die "k8s.io/kubernetes@${k8s} is not available: $(sed -n 's/^[[:space:]]*"Error": //p' <<<"${dl}")"
k8s_mod="$(sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p' <<<"${dl}")"
[[ -f "${k8s_mod}" ]] || die "could not download the go.mod of k8s.io/kubernetes@${k8s}"

# require entries of the release's go.mod: "path version"
requires="$(awk '
  $1 == "require" && $2 == "(" { inreq = 1; next }
  inreq && $1 == ")" { inreq = 0; next }
  inreq && NF >= 2 { print $1, $2 }
  $1 == "require" && $2 != "(" { print $2, $3 }
' "${k8s_mod}")"

etcd="$(awk '$1 == "go.etcd.io/etcd/server/v3" { print $2 }' <<<"${requires}")"
[[ -n "${etcd}" ]] || die "k8s.io/kubernetes@${k8s} does not require go.etcd.io/etcd/server/v3"
go_directive="$(awk '$1 == "go" { print $2; exit }' "${k8s_mod}")"
godebug="$(grep '^godebug' "${k8s_mod}" || true)"
mapfile -t staged < <(awk '$1 ~ /^k8s\.io\// && $2 == "v0.0.0" { print $1 }' <<<"${requires}")
((${#staged[@]} > 0)) || die "found no k8s.io staging modules in ${k8s_mod}"

module="$(awk '$1 == "module" { print $2; exit }' go.mod)"
mapfile -t tools < <(awk '
  $1 == "tool" && $2 == "(" { intool = 1; next }
  intool && $1 == ")" { intool = 0; next }
  intool { print $1 }
  $1 == "tool" && $2 != "(" { print $2 }
' go.mod)
((${#tools[@]} > 0)) || die "no tool directives in go.mod"

log "k8s.io/kubernetes ${k8s}, ${#staged[@]} staging modules at ${staging}, etcd ${etcd}, go ${go_directive}"

cp go.mod go.mod.bak
cp go.sum go.sum.bak
ok=0
finish() {
  if ((ok)); then
    rm -f go.mod.bak go.sum.bak
  else
    log "failed; restoring go.mod and go.sum"
    mv go.mod.bak go.mod
    mv go.sum.bak go.sum
  fi
}
trap finish EXIT

{
  printf 'module %s\n\ngo %s\n' "${module}" "${go_directive}"
  if [[ -n "${godebug}" ]]; then printf '\n%s\n' "${godebug}"; fi
  printf '\nreplace (\n'
  for m in "${staged[@]}"; do printf '\t%s => %s %s\n' "${m}" "${m}" "${staging}"; done
  printf ')\n'
} >go.mod
: >go.sum

args=()
for t in "${tools[@]}"; do
  case "${t}" in
    k8s.io/kubernetes/*) args+=("${t}@${k8s}") ;;
    go.etcd.io/etcd/server/v3 | go.etcd.io/etcd/server/v3/*) args+=("${t}@${etcd}") ;;
    *) die "do not know which version to use for tool ${t}" ;;
  esac
done
go get -tool "${args[@]}"
go mod tidy

got_k8s="$(go list -m -f '{{.Version}}' k8s.io/kubernetes)"
got_etcd="$(go list -m -f '{{.Version}}' go.etcd.io/etcd/server/v3)"
[[ "${got_k8s}" == "${k8s}" ]] || die "k8s.io/kubernetes resolved to ${got_k8s}, want ${k8s}"
[[ "${got_etcd}" == "${etcd}" ]] ||
  die "etcd resolved to ${got_etcd}, but k8s.io/kubernetes@${k8s} requires ${etcd}"

ok=1
log "done; now run: bash ${here}/build.sh && bash ${here}/smoke.sh"
