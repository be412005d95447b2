import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import type { DemoStep } from '../src/demo.js';
import { ExitCode } from '../src/index.js';
import { cli } from './helpers.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const cluster = testCluster();
const STEPS = [
  'load the katalog and its resource packages',
  'start an embedded control plane',
  'start the reconciler',
  'apply a Website',
  'introduce a drift by hand',
  'change the Website',
  'delete the Website',
  'read the metrics',
  'stop everything',
];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('orkestra demo', () => {
  it('runs the whole life of the operator on its own control plane, exits 0 and leaves nothing running', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.KUBECONFIG;
    delete env.FORCE_COLOR; // Nx sets it; with NO_COLOR too, Node warns on stderr
    const child = spawn(process.execPath, [bin, 'demo', '--output', 'json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(stdout) as {
      ok: boolean;
      totalMs: number;
      steps: DemoStep[];
      controlPlanePids: number[];
    };
    console.log(
      `demo: ${(report.totalMs / 1000).toFixed(1)} s; ${report.steps.map((s) => `${s.step} ${(s.ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    expect(report.ok).toBe(true);
    expect(report.steps.map((s) => [s.step, s.ok])).toEqual(STEPS.map((s) => [s, true]));
    const details = report.steps.flatMap((s) => s.details).join('\n');
    expect(details).toContain('created Deployment demo/shop-web');
    // Simulated nodes: the pods are scheduled and start, and Ready waits for them.
    expect(details).toMatch(/status: Ready=False \(waiting for Deployment shop-web: [^)]*\)/);
    expect(details).toMatch(/pod shop-web-[a-z0-9]+-[a-z0-9]+ on kwok-node-[01]: Running, Ready \(nginx:1\.27\)/);
    expect(details).toContain('status: Ready=True (4 children in sync and ready)');
    expect(details).toMatch(/pod shop-web-[a-z0-9]+-[a-z0-9]+ on kwok-node-[01]: Running, Ready \(nginx:1\.28\)/);
    expect(details).toContain('status: Ready=True (3 children in sync and ready), observedGeneration 2');
    expect(details).toContain('updated Deployment demo/shop-web: spec.replicas 5 → 2');
    expect(details).toContain('pruned Service demo/shop-web');
    expect(details).toContain('Secret demo/shop-admin garbage-collected');
    expect(details).not.toMatch(/password generated once \(24 characters, never printed\)[^\n]*[A-Za-z0-9]{24}/);
    expect(report.controlPlanePids.length).toBeGreaterThanOrEqual(6); // etcd, apiserver, kcm, scheduler, kwok, reaper
    expect(report.controlPlanePids.filter(alive)).toEqual([]);
  }, 120_000);

  it('plays the same steps on a given cluster, in a namespace of its own that it deletes', async () => {
    const r = await cli(['demo', '--kubeconfig', cluster.kubeconfigPath!]);
    expect(r.code).toBe(ExitCode.Ok);
    expect(r.stdout).toContain('✓ demo finished');
    expect(r.stdout).toMatch(/✓ Website orkestra-demo-[0-9a-f]{6}\/shop is Ready/);
    expect(r.stdout).toMatch(/namespace orkestra-demo-[0-9a-f]{6} deleted/);
  }, 90_000);
});
