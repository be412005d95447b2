import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from '@jest/globals';
import { ApiException, CoreV1Api } from '@kubernetes/client-node';
import { start } from '../src/environment.js';
import type { EnvironmentPids, TestEnvironment } from '../src/test-environment.js';
import { expectNotRunning, processGone } from './helpers.js';

const livePids = (env: TestEnvironment) => Object.values(env.pids).filter((p): p is number => typeof p === 'number');

async function stopAndExpectClean(env: TestEnvironment): Promise<void> {
  const pids = livePids(env);
  expect(pids).toHaveLength(3); // etcd, kube-apiserver, reaper
  await env.stop();
  for (const pid of pids) expect(processGone(pid)).toBe(true);
  expect(existsSync(env.tempDir)).toBe(false);
}

describe('lifecycle', () => {
  it('starts and stops twice in a row, leaving nothing behind', async () => {
    const servers = new Set<string>();
    for (let round = 1; round <= 2; round++) {
      const env = await start();
      servers.add(env.server);
      const namespaces = await env.kubeConfig.makeApiClient(CoreV1Api).listNamespace();
      expect(namespaces.items.length).toBeGreaterThan(0);
      await stopAndExpectClean(env);
    }
    expect(servers.size).toBe(2);
  });

  it('runs two environments at once, each with its own ports, folder and data', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    try {
      expect(a.server).not.toBe(b.server);
      expect(a.tempDir).not.toBe(b.tempDir);
      const coreA = a.kubeConfig.makeApiClient(CoreV1Api);
      const coreB = b.kubeConfig.makeApiClient(CoreV1Api);
      await coreA.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'only-in-a' } } });
      const inB = await coreB
        .readNamespacedConfigMap({ name: 'only-in-a', namespace: 'default' })
        .catch((e: unknown) => e);
      expect(inB).toBeInstanceOf(ApiException);
      expect((inB as ApiException<unknown>).code).toBe(404);
    } finally {
      await Promise.all([stopAndExpectClean(a), stopAndExpectClean(b)]);
    }
  });
});

/** Runs fixtures/interrupted-child.ts and resolves once its environment is up. */
async function startChild() {
  const child = spawn(
    process.execPath,
    [
      '--experimental-transform-types',
      '--no-warnings',
      '--import',
      join(import.meta.dirname, 'fixtures', 'ts-hook.mjs'),
      join(import.meta.dirname, 'fixtures', 'interrupted-child.ts'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    void exited.then((e) => reject(new Error(`child exited early: ${JSON.stringify(e)}`)));
  });
  lines.close();
  const started = JSON.parse(first) as { pids: EnvironmentPids; tempDir: string };
  const pids = Object.values(started.pids).filter((p): p is number => typeof p === 'number');
  expect(pids).toHaveLength(3);
  return { child, exited, pids, tempDir: started.tempDir };
}

describe('cleanup when the run is interrupted', () => {
  it('SIGTERM: the signal hook stops everything, then the process dies of the signal', async () => {
    const { child, exited, pids, tempDir } = await startChild();
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });
    for (const pid of pids) await expectNotRunning(pid);
    expect(existsSync(tempDir)).toBe(false);
  });

  it('SIGKILL: the reaper ends the processes and removes the folder', async () => {
    const { child, exited, pids, tempDir } = await startChild();
    child.kill('SIGKILL');
    expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });
    for (const pid of pids) await expectNotRunning(pid, 20_000);
    // The reaper removes the folder after the processes are gone (zombies it waits out for up to 5 s).
    const deadline = Date.now() + 20_000;
    while (existsSync(tempDir) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(tempDir)).toBe(false);
  });
});
