#!/usr/bin/env bash
# Builds the Kubernetes control-plane binaries (kube-apiserver,
# kube-controller-manager, kube-scheduler, kubectl, etcd) pinned in ./go.mod, and
# kwok (simulated nodes) pinned in ./kwok/go.mod, into a cache directory outside
# the repository, and prints that directory as the last stdout line:
#
#   ASSETS=$(bash tools/controlplane/build.sh | tail -1)
#
# Options:
#   --print-dir   only print the cache directory (no Go needed, builds nothing)
#   --force       rebuild every binary even if the cache directory is complete
#
# Without --force only the binaries missing from the cache directory are built:
# adding one to the list never rebuilds the others.
#   -h, --help    show this help
#
# Environment:
#   ORKESTRA_CONTROLPLANE_CACHE  cache root (default:
#                                ${XDG_CACHE_HOME:-$HOME/.cache}/orkestra/controlplane)
#
# Progress goes to stderr; stdout carries only the directory.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
gomod="${here}/go.mod"

# The binaries that make a cache directory complete.
k8s_binaries=(kube-apiserver kube-controller-manager kube-scheduler kubectl)
binaries=("${k8s_binaries[@]}" etcd kwok)

log() { printf 'controlplane: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }

print_only=0
force=0
for arg in "$@"; do
  case "${arg}" in
    --print-dir) print_only=1 ;;
    --force) force=1 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: ${arg}" ;;
  esac
done

# Version of a module as pinned in go.mod's require block (the one place the
# versions live). Plain text parsing so --print-dir and the warm path do not
# need Go; the build path cross-checks it with `go list -m`.
gomod_version() {
  awk -v mod="$1" '
    $1 == "require" && $2 == "(" { inreq = 1; next }
    inreq && $1 == ")" { inreq = 0; next }
    $1 == "require" && $2 == mod { print $3; exit }
    inreq && $1 == mod { print $2; exit }
  ' "${gomod}"
}

k8s_version="$(gomod_version k8s.io/kubernetes)"
[[ "${k8s_version}" =~ ^v1\.[0-9]+\.[0-9]+$ ]] ||
  die "could not read a k8s.io/kubernetes release version from ${gomod} (got '${k8s_version}')"

cache_root="${ORKESTRA_CONTROLPLANE_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/orkestra/controlplane}"
dest="${cache_root}/${k8s_version}"

has() { [[ -f "$1/$2" && -x "$1/$2" ]]; }

complete() {
  local b
  for b in "${binaries[@]}"; do
    has "$1" "${b}" || return 1
  done
}

# The binaries to build: all with --force, else those missing from the cache.
wanted=()
for b in "${binaries[@]}"; do
  if ((force)) || ! has "${dest}" "${b}"; then wanted+=("${b}"); fi
done
wants() { local b; for b in "${wanted[@]}"; do [[ "${b}" == "$1" ]] && return 0; done; return 1; }

if ((print_only)); then
  printf '%s\n' "${dest}"
  exit 0
fi

if ((!force)) && complete "${dest}"; then
  log "up to date: ${dest}"
  printf '%s\n' "${dest}"
  exit 0
fi

# ---------------------------------------------------------------- build ----
command -v go >/dev/null 2>&1 ||
  die "go is not installed; install Go (see go.mod for the minimum version) or point KUBEBUILDER_ASSETS at setup-envtest binaries (see ${here}/README.md)"

cd "${here}"
# Build this module on its own: no workspace, no VCS stamping of the
# surrounding repository (it would make the binaries depend on repo state).
export GOWORK=off

etcd_version="$(go list -m -f '{{.Version}}' go.etcd.io/etcd/server/v3)"
kwok_version="$(cd kwok && go list -m -f '{{.Version}}' sigs.k8s.io/kwok)"
[[ "$(go list -m -f '{{.Version}}' k8s.io/kubernetes)" == "${k8s_version}" ]] ||
  die "go list -m and go.mod disagree about k8s.io/kubernetes"

# Every k8s.io staging module must be replaced by the release matching
# k8s.io/kubernetes (v1.X.Y -> v0.X.Y); a mismatch builds a Frankenstein.
staging_version="v0.${k8s_version#v1.}"
while read -r path replaced_version; do
  [[ "${replaced_version}" == "${staging_version}" ]] ||
    die "replace ${path} => ${replaced_version}, want ${staging_version} (run bump.sh ${k8s_version})"
done < <(go list -m -f '{{if .Replace}}{{.Path}} {{.Replace.Version}}{{end}}' all | grep '^k8s\.io/' || true)

major="${k8s_version#v}"; major="${major%%.*}"
minor="${k8s_version#v*.}"; minor="${minor%%.*}"
# Release time of the pinned module as the build date: reproducible builds.
build_date="$(go list -m -f '{{if .Time}}{{.Time.UTC.Format "2006-01-02T15:04:05Z"}}{{end}}' k8s.io/kubernetes)"
build_date="${build_date:-1970-01-01T00:00:00Z}"

# What hack/lib/version.sh sets for a release build, for both version
# packages. There is no git checkout, so the tree state is "archive" (as for
# an exported source tarball) and the commit is unknown.
k8s_ldflags="-s -w"
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  k8s_ldflags+=" -X ${pkg}.gitVersion=${k8s_version}"
  k8s_ldflags+=" -X ${pkg}.gitMajor=${major}"
  k8s_ldflags+=" -X ${pkg}.gitMinor=${minor}"
  k8s_ldflags+=" -X ${pkg}.gitCommit="
  k8s_ldflags+=" -X ${pkg}.gitTreeState=archive"
  k8s_ldflags+=" -X ${pkg}.buildDate=${build_date}"
done
# Tags as in hack/lib/golang.sh for non-debug builds.
k8s_tags="selinux,notest,grpcnotrace"

mkdir -p "${cache_root}"
# Temp dir on the same filesystem as the destination, so each final rename is
# atomic and an interrupted build never leaves a half-written binary.
tmp="$(mktemp -d "${cache_root}/.build-${k8s_version}.XXXXXX")"
trap 'rm -rf "${tmp}"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

log "building ${wanted[*]} (Kubernetes ${k8s_version}, etcd ${etcd_version}, kwok ${kwok_version}) with $(go env GOVERSION) into ${dest}"
log "a cold build (empty Go build cache) takes a while; see ${here}/README.md"
start=${SECONDS}

export CGO_ENABLED=0 # static binaries, like the official release builds

k8s_packages=()
for b in "${k8s_binaries[@]}"; do
  if wants "${b}"; then k8s_packages+=("k8s.io/kubernetes/cmd/${b}"); fi
done
if ((${#k8s_packages[@]})); then
  step=${SECONDS}
  log "building ${k8s_packages[*]##*/}"
  go build -buildvcs=false -trimpath -tags "${k8s_tags}" -ldflags "${k8s_ldflags}" -o "${tmp}/" "${k8s_packages[@]}" >&2
  log "  took $((SECONDS - step))s"
fi

# etcd as its own build does it: no tags, CGO off. Its main package is the
# root of the go.etcd.io/etcd/server/v3 module.
if wants etcd; then
  step=${SECONDS}
  log "building etcd"
  go build -buildvcs=false -trimpath -ldflags "-s -w" -o "${tmp}/etcd" go.etcd.io/etcd/server/v3 >&2
  log "  took $((SECONDS - step))s"
fi

# kwok from its own module (./kwok/go.mod): it pins its own client-go, and in
# this module it would raise shared dependencies above what Kubernetes builds
# with. Its version is compiled in (sigs.k8s.io/kwok/pkg/consts.Version).
if wants kwok; then
  step=${SECONDS}
  log "building kwok"
  (cd kwok && go build -buildvcs=false -trimpath -ldflags "-s -w" -o "${tmp}/kwok" sigs.k8s.io/kwok/cmd/kwok) >&2
  log "  took $((SECONDS - step))s"
fi

for b in "${wanted[@]}"; do
  has "${tmp}" "${b}" || die "build finished but ${b} is missing in ${tmp}"
done
if wants kube-apiserver; then "${tmp}/kube-apiserver" --version >&2; fi
if wants etcd; then "${tmp}/etcd" --version >&2; fi

{
  printf 'kubernetes %s\n' "${k8s_version}"
  printf 'etcd %s\n' "${etcd_version}"
  printf 'kwok %s\n' "${kwok_version}"
  printf 'go %s\n' "$(go env GOVERSION)"
  printf 'platform %s/%s\n' "$(go env GOOS)" "$(go env GOARCH)"
} >"${tmp}/VERSIONS"
chmod 0755 "${tmp}" # mktemp -d makes it 0700

# Into place. A missing destination gets the whole temp dir by one rename;
# an existing one gets each new binary by its own rename (atomic per file), so
# binaries already there are kept and a reader never sees a half-written file.
# Rename without ever moving into an existing directory (GNU mv -T; plain mv
# elsewhere, after checking that the destination is absent).
move_dir() {
  mv -T "$1" "$2" 2>/dev/null && return 0
  [[ ! -e "$2" ]] && mv "$1" "$2"
}
if [[ ! -e "${dest}" ]] && move_dir "${tmp}" "${dest}"; then
  :
else
  [[ -d "${dest}" ]] || die "could not move ${tmp} to ${dest}"
  for b in "${wanted[@]}" VERSIONS; do
    mv -f "${tmp}/${b}" "${dest}/${b}" || die "could not move ${tmp}/${b} to ${dest}"
  done
fi
complete "${dest}" || die "${dest} is still missing binaries"

log "done in $((SECONDS - start))s: ${dest}"
printf '%s\n' "${dest}"
