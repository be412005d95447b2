import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SEMI_SPACE_FLAG } from '@orkestra/operator/runtime-tuning';
import { testCluster } from '@orkestra/testenv';
import { example } from './helpers.js';

// `orkestra run` as its own process (from the sources), against the test control plane, with a module hook that
// records every module the process loads: an operator must never load @kubernetes/client-node (~80 MB of RSS),
// nor libraries only other commands need.
// The hook is core's test fixture (it also maps `./x.js` imports of TypeScript sources to `./x.ts`).
const cluster = testCluster();
const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const moduleLogHook = fileURLToPath(new URL('../../core/test/fixtures/module-log.mjs', import.meta.url));
const preExecHook = fileURLToPath(new URL('./fixtures/pre-exec-modules.mjs', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-run-modules-'));
let ns: string;

beforeAll(async () => {
  ns = await cluster.newNamespace('run-modules');
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  rmSync(tmp, { recursive: true, force: true });
});

describe('orkestra run', () => {
  it('reconciles without loading @kubernetes/client-node, in a process re-executed with its memory settings', async () => {
    const log = join(tmp, 'modules.log');
    const preExecLog = join(tmp, 'pre-exec-modules.log');
    const child = spawn(
      process.execPath,
      [
        '--experimental-transform-types',
        '--no-warnings',
        '--conditions=@orkestra/source',
        '--import',
        moduleLogHook,
        '--import',
        preExecHook,
        bin,
        'run',
        '--katalog',
        example('katalog.yaml'),
        '--kubeconfig',
        cluster.kubeconfigPath!,
        '--namespace',
        ns,
        '--no-leader-elect',
        '--http-address',
        '127.0.0.1:0',
        '--log-format',
        'json',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          NO_COLOR: '1',
          ORKESTRA_MODULE_LOG: log,
          ORKESTRA_PRE_EXEC_LOG: preExecLog,
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let cmdline: string[] = [];
    let environ: string[] = [];
    try {
      await cluster.waitFor(
        async () => {
          const url = /"url":"(http:\/\/[^"]+)"/.exec(stdout)?.[1];
          if (child.exitCode !== null) throw new Error(`orkestra run exited ${child.exitCode}: ${stderr}${stdout}`);
          return url !== undefined && (await fetch(`${url}/readyz`)).status === 200;
        },
        { timeoutMs: 45_000, description: 'orkestra run to be ready' },
      );
      // It re-executed itself with its memory settings (runtime-tuning.ts): same PID, new command line and environment.
      cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(cmdline.slice(0, 2)).toEqual([process.execPath, SEMI_SPACE_FLAG]);
    expect(cmdline).toEqual(expect.arrayContaining([bin, 'run', '--katalog']));
    expect(environ).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'ORKESTRA_RUNTIME_TUNED=1']));
    // Before it re-executes itself, the process loads only what decides that: no CLI, reconciler or library.
    const preExec = readFileSync(preExecLog, 'utf8').split('\n');
    expect(preExec.some((m) => m.endsWith('/packages/operator/src/runtime-tuning.ts'))).toBe(true);
    expect(
      preExec.filter((m) =>
        /\/packages\/(cli\/src\/cli|operator\/src\/index|reconciler|core)\b|\/node_modules\//.test(m),
      ),
    ).toEqual([]);
    const modules = readFileSync(log, 'utf8').split('\n');
    expect(modules.some((m) => m.endsWith('/packages/reconciler/src/index.ts'))).toBe(true);
    expect(modules.some((m) => m.endsWith('/packages/core/src/kube/kubeconfig.ts'))).toBe(true);
    expect(modules.filter((m) => m.includes('/@kubernetes/client-node/'))).toEqual([]);
    // Nor Node's fetch (undici) and http2, which an ES module import of node:http pulls in (~5 MiB of RSS).
    expect(modules).toContain('builtin:http');
    expect(modules.filter((m) => /^builtin:(internal\/deps\/undici\/|http2$)/.test(m))).toEqual([]);
    // Load only what runs: `yaml` only locates problems and writes YAML output; Handlebars' parser, not its compiler.
    expect(modules.filter((m) => m.includes('/node_modules/yaml/'))).toEqual([]);
    // The code of `run` alone: not that of the other commands.
    expect(modules.some((m) => m.endsWith('/packages/cli/src/commands/run.ts'))).toBe(true);
    expect(
      modules.filter((m) =>
        /\/packages\/cli\/src\/(commands\/(render|diff|validate|generate-\w+)|render|diff|deploy-manifests|crd-types)\.ts$/.test(
          m,
        ),
      ),
    ).toEqual([]);
    // Its valid templates are checked by schema code compiled at build time: Ajv is neither loaded nor compiling.
    expect(modules.filter((m) => m.includes('/node_modules/ajv/'))).toEqual([]);
    expect(modules.some((m) => m.includes('/handlebars/compiler/base.js'))).toBe(true);
    expect(
      modules.filter((m) => /\/handlebars\/(lib|dist\/cjs\/handlebars\.js|.*compiler\/compiler\.js)/.test(m)),
    ).toEqual([]);
  }, 60_000);
});
