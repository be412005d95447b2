#!/usr/bin/env node
// The CLI's `generate` target: the OpenAPI v3 schemas of Kubernetes' built-in kinds, for the Kubernetes version
// this repository pins (tools/controlplane/go.mod), written to `generated/built-in-schemas.json` so that
// `orkestra validate` checks fields of built-in kinds without a cluster (as kubeconform ships schemas). Build
// output: git-ignored, cached by Nx, shipped in the package.
//
//   node ../../scripts/generate-built-in-schemas.mjs            (in packages/cli)
//
// The documents come from the Kubernetes source module (`api/openapi-spec/v3`), which the Go module proxy serves
// and tools/controlplane/build.sh has already downloaded; ORKESTRA_OPENAPI_SPEC_DIR names another folder of such
// documents. Only GA and beta group-versions are kept (alpha ones are off unless a cluster turns them on), with
// only what the analysis reads: every schema of `components`, without descriptions (9 MB of documents → ~0.6 MB).
// The file is rewritten only when its text changes. A problem is printed as one line, and the exit code is 1.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUT = 'generated/built-in-schemas.json';
const GO_MOD = fileURLToPath(new URL('../tools/controlplane/go.mod', import.meta.url));

class GenerateError extends Error {}

/** The Kubernetes version tools/controlplane builds: `k8s.io/kubernetes vX.Y.Z` in its go.mod. */
function pinnedVersion() {
  const match = /^\s*k8s\.io\/kubernetes\s+(v\d+\.\d+\.\d+)(?:\s*\/\/.*)?$/m.exec(readFileSync(GO_MOD, 'utf8'));
  if (!match) throw new GenerateError(`no "k8s.io/kubernetes vX.Y.Z" requirement in ${GO_MOD}`);
  return match[1];
}

/** The folder of OpenAPI v3 documents: ORKESTRA_OPENAPI_SPEC_DIR, or the Kubernetes module's, through Go. */
function specDir(version) {
  if (process.env.ORKESTRA_OPENAPI_SPEC_DIR) return process.env.ORKESTRA_OPENAPI_SPEC_DIR;
  let out;
  try {
    out = execFileSync('go', ['mod', 'download', '-json', `k8s.io/kubernetes@${version}`], {
      cwd: dirname(GO_MOD),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${process.env.PATH}:/usr/local/go/bin` },
    });
  } catch (e) {
    const why =
      e.code === 'ENOENT'
        ? 'Go is not on PATH'
        : String(e.stderr || e.message)
            .trim()
            .split('\n')[0];
    throw new GenerateError(
      `cannot download k8s.io/kubernetes@${version} for its OpenAPI documents (${why}); install Go (scripts/setup.sh ` +
        'needs it for the control plane too) or set ORKESTRA_OPENAPI_SPEC_DIR to a folder of api/openapi-spec/v3 documents',
    );
  }
  return join(JSON.parse(out).Dir, 'api', 'openapi-spec', 'v3');
}

/** `api__v1_openapi.json` → `v1`, `apis__apps__v1_openapi.json` → `apps/v1`; undefined for other files. */
function apiVersionOf(file) {
  const core = /^api__(v\d+)_openapi\.json$/.exec(file);
  if (core) return core[1];
  const named = /^apis__([^_]+(?:_[^_]+)*)__(v\d+(?:beta\d+)?)_openapi\.json$/.exec(file);
  return named ? `${named[1]}/${named[2]}` : undefined;
}

function withoutDescriptions(value) {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [key, v] of Object.entries(value)) if (key !== 'description') out[key] = withoutDescriptions(v);
  return out;
}

function main() {
  const version = pinnedVersion();
  const dir = specDir(version);
  if (!existsSync(dir)) throw new GenerateError(`no OpenAPI documents in ${dir}`);
  const documents = {};
  for (const file of readdirSync(dir).sort()) {
    const apiVersion = apiVersionOf(file);
    if (!apiVersion) continue;
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    documents[apiVersion] = { components: { schemas: withoutDescriptions(doc.components?.schemas ?? {}) } };
  }
  if (!documents.v1 || !documents['apps/v1']) throw new GenerateError(`no v1 or apps/v1 document in ${dir}`);
  const text = `${JSON.stringify({ kubernetesVersion: version, documents })}\n`;
  mkdirSync(dirname(OUTPUT), { recursive: true });
  if (existsSync(OUTPUT) && readFileSync(OUTPUT, 'utf8') === text) return;
  writeFileSync(OUTPUT, text);
}

try {
  main();
} catch (e) {
  if (!(e instanceof GenerateError)) throw e;
  console.error(`generate-built-in-schemas: ${e.message}`);
  process.exit(1);
}
