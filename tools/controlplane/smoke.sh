#!/usr/bin/env bash
# Smoke test for a directory of control-plane binaries: starts etcd,
# kube-apiserver and (if present) kube-controller-manager on loopback with the
# flags documented in README.md ("Flags that work"), checks /readyz, /version,
# garbage collection and namespace deletion, then stops everything and removes
# its temp dir.
#
#   bash tools/controlplane/smoke.sh [ASSET_DIR]
#
# ASSET_DIR defaults to $KUBEBUILDER_ASSETS, else to build.sh --print-dir.
# Needs: bash, openssl, curl. Everything listens on 127.0.0.1 only.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
assets="${1:-${KUBEBUILDER_ASSETS:-$(bash "${here}/build.sh" --print-dir)}}"

log() { printf 'smoke: %s\n' "$*" >&2; }
die() { log "FAIL: $*"; exit 1; }

for b in etcd kube-apiserver; do
  [[ -x "${assets}/${b}" ]] || die "${assets}/${b} missing (run build.sh first)"
done
command -v openssl >/dev/null || die "openssl is needed"
command -v curl >/dev/null || die "curl is needed"

ms() { date +%s%3N; }

work="$(mktemp -d "${TMPDIR:-/tmp}/orkestra-smoke.XXXXXX")"
pids=()
names=()
# SIGTERM, then SIGKILL after 10 s.
stop() {
  local pid="$1" name="$2" t
  kill -0 "${pid}" 2>/dev/null || return 0
  t="$(ms)"
  kill -TERM "${pid}" 2>/dev/null || true
  for _ in $(seq 100); do
    kill -0 "${pid}" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "${pid}" 2>/dev/null; then
    log "${name} ignored SIGTERM for 10 s; killing it"
    kill -KILL "${pid}" 2>/dev/null || true
  fi
  wait "${pid}" 2>/dev/null || true
  log "stopped ${name} in $(($(ms) - t)) ms"
}
# Stop in reverse start order: etcd last, or kube-apiserver's graceful
# shutdown hangs for minutes retrying its lease against a dead etcd.
cleanup() {
  local i
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do stop "${pids[i]}" "${names[i]}"; done
  if [[ "${KEEP:-0}" == 1 ]]; then log "kept ${work}"; else rm -rf "${work}"; fi
}
trap cleanup EXIT

# A loopback port nobody listens on right now (bash's /dev/tcp probe).
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/${p}") 2>/dev/null || { echo "${p}"; return; }
  done
}

# wait_for URL SECONDS [curl args...] -- polls until the body is "ok"
wait_for() {
  local url="$1" limit="$2"; shift 2
  local deadline=$((SECONDS + limit))
  until [[ "$(curl -fsS --max-time 2 "$@" "${url}" 2>/dev/null)" == ok ]]; do
    ((SECONDS < deadline)) || return 1
    sleep 0.1
  done
}


# ---------------------------------------------------------------- certs ----
# Client CA + admin client cert (O=system:masters) for the kubeconfig; a static
# token for curl; an RSA key for service-account tokens.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=orkestra-smoke-ca" \
  -keyout "${work}/ca.key" -out "${work}/ca.crt" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/O=system:masters/CN=admin" \
  -keyout "${work}/admin.key" -out "${work}/admin.csr" 2>/dev/null
openssl x509 -req -in "${work}/admin.csr" -CA "${work}/ca.crt" -CAkey "${work}/ca.key" \
  -CAcreateserial -days 1 -out "${work}/admin.crt" 2>/dev/null
openssl genrsa -out "${work}/sa.key" 2048 2>/dev/null
openssl rsa -in "${work}/sa.key" -pubout -out "${work}/sa.pub" 2>/dev/null
token="$(openssl rand -hex 16)"
# token,user,uid,"group1,group2"
printf '%s,admin,admin,"system:masters"\n' "${token}" >"${work}/tokens.csv"

etcd_port="$(free_port)"
api_port="$(free_port)"
kcm_port="$(free_port)"

# ----------------------------------------------------------------- etcd ----
# Single member with the default name/initial cluster; the peer listener is on
# an OS-chosen port (nothing connects to it), so only the client port is chosen.
t0="$(ms)"
"${assets}/etcd" \
  --data-dir="${work}/etcd" \
  --listen-client-urls="http://127.0.0.1:${etcd_port}" \
  --advertise-client-urls="http://127.0.0.1:${etcd_port}" \
  --listen-peer-urls=http://127.0.0.1:0 \
  --unsafe-no-fsync=true \
  --log-level=warn \
  >"${work}/etcd.log" 2>&1 &
pids+=($!) names+=(etcd)
etcd_health() {
  local deadline=$((SECONDS + 30))
  until [[ "$(curl -fsS --max-time 2 "http://127.0.0.1:${etcd_port}/health" 2>/dev/null)" == *'"health":"true"'* ]]; do
    ((SECONDS < deadline)) || return 1
    sleep 0.1
  done
}
etcd_health || { cat "${work}/etcd.log" >&2; die "etcd not healthy"; }
t1="$(ms)"
log "etcd healthy on 127.0.0.1:${etcd_port} after $((t1 - t0)) ms"

# ------------------------------------------------------- kube-apiserver ----
"${assets}/kube-apiserver" \
  --etcd-servers="http://127.0.0.1:${etcd_port}" \
  --bind-address=127.0.0.1 \
  --advertise-address=127.0.0.1 \
  --endpoint-reconciler-type=none \
  --secure-port="${api_port}" \
  --cert-dir="${work}/apiserver-certs" \
  --service-account-issuer=https://kubernetes.default.svc.cluster.local \
  --service-account-key-file="${work}/sa.pub" \
  --service-account-signing-key-file="${work}/sa.key" \
  --service-cluster-ip-range=10.0.0.0/24 \
  --authorization-mode=RBAC \
  --disable-admission-plugins=ServiceAccount \
  --client-ca-file="${work}/ca.crt" \
  --token-auth-file="${work}/tokens.csv" \
  --allow-privileged=true \
  >"${work}/kube-apiserver.log" 2>&1 &
pids+=($!) names+=(kube-apiserver)
api="https://127.0.0.1:${api_port}"
auth=(-k -H "Authorization: Bearer ${token}")
wait_for "${api}/readyz" 120 "${auth[@]}" ||
  { tail -50 "${work}/kube-apiserver.log" >&2; die "kube-apiserver not ready"; }
t2="$(ms)"
log "kube-apiserver ready on ${api} after $((t2 - t1)) ms ($((t2 - t0)) ms incl. etcd)"

# The self-signed serving cert that kube-apiserver wrote into --cert-dir is
# also the CA to trust (no -k needed). Its SANs are 127.0.0.1, 10.0.0.1 and
# kubernetes[.default[.svc]], not "localhost": connect to 127.0.0.1.
[[ "$(curl -fsS --cacert "${work}/apiserver-certs/apiserver.crt" "${api}/readyz")" == ok ]] ||
  die "TLS verification against ${work}/apiserver-certs/apiserver.crt failed"

# /readyz must also answer anonymously (system:public-info-viewer).
[[ "$(curl -fsS -k "${api}/readyz")" == ok ]] || die "anonymous /readyz is not ok"

want="$("${assets}/kube-apiserver" --version | awk '{print $2}')"
version_json="$(curl -fsS "${auth[@]}" "${api}/version")"
grep -q "\"gitVersion\": \"${want}\"" <<<"${version_json}" ||
  die "/version does not report ${want}: ${version_json}"
log "/version reports ${want}"

# kubeconfig with the admin client certificate (what kube-controller-manager
# and client libraries use).
cat >"${work}/admin.kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: orkestra
  cluster:
    server: ${api}
    insecure-skip-tls-verify: true
users:
- name: admin
  user:
    client-certificate: ${work}/admin.crt
    client-key: ${work}/admin.key
contexts:
- name: orkestra
  context: {cluster: orkestra, user: admin}
current-context: orkestra
EOF
# The client cert alone must authenticate as a system:masters member.
code="$(curl -sS -o /dev/null -w '%{http_code}' -k --cert "${work}/admin.crt" --key "${work}/admin.key" \
  "${api}/api/v1/namespaces/kube-system/secrets")"
[[ "${code}" == 200 ]] || die "client-cert admin got HTTP ${code}"
log "admin authenticates with client cert and with bearer token"

if [[ -x "${assets}/kubectl" ]]; then
  "${assets}/kubectl" --kubeconfig="${work}/admin.kubeconfig" get namespace kube-system >/dev/null ||
    die "kubectl with the admin kubeconfig failed"
  kubectl_version="$("${assets}/kubectl" version --client 2>/dev/null)"
  [[ "${kubectl_version}" == *"Client Version: ${want}"* ]] ||
    die "kubectl does not report ${want}: ${kubectl_version}"
  log "kubectl ${want} works with the admin kubeconfig"
fi

# ---------------------------------------------- kube-controller-manager ----
if [[ ! -x "${assets}/kube-controller-manager" ]]; then
  log "no kube-controller-manager in ${assets}: skipping garbage collection checks"
  log "OK"
  exit 0
fi

"${assets}/kube-controller-manager" \
  --kubeconfig="${work}/admin.kubeconfig" \
  --controllers=garbage-collector-controller,namespace-controller \
  --leader-elect=false \
  --bind-address=127.0.0.1 \
  --secure-port="${kcm_port}" \
  --cert-dir="${work}/kcm-certs" \
  >"${work}/kube-controller-manager.log" 2>&1 &
pids+=($!) names+=(kube-controller-manager)
t3="$(ms)"
wait_for "https://127.0.0.1:${kcm_port}/healthz" 60 -k ||
  { tail -50 "${work}/kube-controller-manager.log" >&2; die "kube-controller-manager not healthy"; }
t4="$(ms)"
log "kube-controller-manager healthy on 127.0.0.1:${kcm_port} after $((t4 - t3)) ms"

kapi() { # METHOD PATH [JSON]
  curl -fsS "${auth[@]}" -X "$1" -H 'Content-Type: application/json' ${3:+--data "$3"} "${api}$2"
}
status_of() { curl -sS -o /dev/null -w '%{http_code}' "${auth[@]}" "${api}$1"; }
wait_gone() { # PATH SECONDS
  local deadline=$((SECONDS + $2))
  until [[ "$(status_of "$1")" == 404 ]]; do
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

# Garbage collection: a dependent ConfigMap goes away with its owner.
owner_uid="$(kapi POST /api/v1/namespaces/default/configmaps \
  '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"smoke-owner"}}' |
  sed -n 's/.*"uid": *"\([^"]*\)".*/\1/p' | head -1)"
[[ -n "${owner_uid}" ]] || die "could not create owner ConfigMap"
kapi POST /api/v1/namespaces/default/configmaps \
  "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"smoke-dependent\",\"ownerReferences\":[{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"name\":\"smoke-owner\",\"uid\":\"${owner_uid}\"}]}}" >/dev/null
kapi DELETE /api/v1/namespaces/default/configmaps/smoke-owner >/dev/null
t5="$(ms)"
wait_gone /api/v1/namespaces/default/configmaps/smoke-dependent 60 ||
  { tail -50 "${work}/kube-controller-manager.log" >&2; die "garbage collector did not delete the dependent"; }
log "garbage collector deleted the dependent after $(($(ms) - t5)) ms"

# Namespace controller: a deleted namespace with content is finalized.
kapi POST /api/v1/namespaces '{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"smoke-ns"}}' >/dev/null
kapi POST /api/v1/namespaces/smoke-ns/configmaps \
  '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}}' >/dev/null
kapi DELETE /api/v1/namespaces/smoke-ns >/dev/null
t6="$(ms)"
wait_gone /api/v1/namespaces/smoke-ns 60 ||
  { tail -50 "${work}/kube-controller-manager.log" >&2; die "namespace controller did not finalize smoke-ns"; }
log "namespace controller removed smoke-ns after $(($(ms) - t6)) ms"

log "OK"
