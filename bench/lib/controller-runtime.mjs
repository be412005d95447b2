// The controller-runtime operator of bench/controller-runtime (Go): built from the Go module proxy when Go is
// present, once per version of its sources (the binary is cached under ~/.cache/orkestra/bench/).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCE_DIR = fileURLToPath(new URL('../controller-runtime/', import.meta.url));
const CACHE_DIR = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'orkestra', 'bench');

/** The `go` command: `GO` from the environment, else `go` on PATH, else /usr/local/go/bin/go; undefined if none runs. */
function findGo() {
  for (const candidate of [process.env.GO, 'go', '/usr/local/go/bin/go'].filter(Boolean)) {
    const r = spawnSync(candidate, ['version'], { encoding: 'utf8' });
    if (r.status === 0) return { go: candidate, version: r.stdout.trim() };
  }
  return undefined;
}

/** A hash of the operator's sources (go.mod, go.sum, *.go): a changed source gets a binary of its own. */
function sourceHash() {
  const h = createHash('sha256');
  for (const f of readdirSync(SOURCE_DIR)
    .filter((f) => f.endsWith('.go') || f === 'go.mod' || f === 'go.sum')
    .sort()) {
    h.update(f)
      .update('\0')
      .update(readFileSync(join(SOURCE_DIR, f)))
      .update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * The path of the operator's binary, building it first when its sources changed; `{ skipped }` with the reason
 * when Go is not installed or the build fails (the bench then measures orkestra alone and prints the note).
 */
export function controllerRuntimeOperator(log) {
  const binary = join(CACHE_DIR, `website-operator-${sourceHash()}`);
  if (existsSync(binary)) return { binary };
  const go = findGo();
  if (!go)
    return { skipped: 'Go is not installed (set GO=/path/to/go): the controller-runtime operator is not measured' };
  log(
    `  building the controller-runtime operator with ${go.version} (modules from ${process.env.GOPROXY ?? 'the Go module proxy'}; a few minutes the first time)`,
  );
  mkdirSync(CACHE_DIR, { recursive: true });
  const tmp = `${binary}.${process.pid}.tmp`;
  const t0 = performance.now();
  const r = spawnSync(go.go, ['build', '-mod=readonly', '-trimpath', '-o', tmp, '.'], {
    cwd: SOURCE_DIR,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.status !== 0)
    return {
      skipped: `go build failed (exit ${r.status}): ${(r.stderr || r.stdout || '').trim().split('\n').slice(-5).join(' / ')}`,
    };
  renameSync(tmp, binary);
  log(`  built ${binary} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { binary, built: true, go: go.version };
}
