import { describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import type { DemoStep } from '../demo/demo.js';
import { ExitCode } from '../src/index.js';
import { demo } from './helpers.js';

const cluster = testCluster();

const STEPS = [
  'load the katalog and its resource packages',
  'start an embedded control plane',
  'start the reconciler',
  'apply a Website',
  'introduce a drift by hand',
  'change the Website',
  'delete the Website',
  'apply a Database',
  'delete the Database',
  "apply a team's Katalog",
  'an instance of the Katalog served',
  'edit the Katalog: the instance follows, live',
  'a broken edit is refused; revision 2 keeps serving',
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

describe('npm run demo', () => {
  it('runs the whole life of the operator on its own control plane, exits 0 and leaves nothing running', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.KUBECONFIG;
    const { code, stdout, stderr } = await demo(['--output', 'json'], env);
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
    expect(details).toMatch(/console on http:\/\/127\.0\.0\.1:\d+: open it/);
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
    // The Database: its StatefulSet gets volumes and ready pods, and only then its backup CronJob (dependsOn).
    expect(details).toContain('created StatefulSet demo/orders-db');
    expect(details).toMatch(
      /status: Synced=False \([^\n]*CronJob orders-backup waits for StatefulSet orders-db: [01] of 2 replicas ready/,
    );
    expect(details).toMatch(/status: Ready=False \([^\n]*StatefulSet orders-db/);
    expect(details).toContain(
      'created CronJob demo/orders-backup (after StatefulSet orders-db had 2 of 2 replicas ready)',
    );
    expect(details).toMatch(
      /PersistentVolumeClaim data-orders-db-1: Bound to pvc-[0-9a-f-]+ \(10Gi, StorageClass standard\)/,
    );
    expect(details).toMatch(/pod orders-db-1 on kwok-node-[01]: Running, Ready \(postgres:17\)/);
    expect(details).toContain('status: Ready=True (5 children in sync and ready)');
    // In the order things happened: the StatefulSet short of ready replicas, then the CronJob that waited for it.
    const database = report.steps.find((s) => s.step === 'apply a Database')!.details;
    const cronJob = database.findIndex((l) => l.includes('created CronJob demo/orders-backup'));
    const short = database.flatMap((l, i) => (/StatefulSet orders-db: [01] of 2 replicas ready/.test(l) ? [i] : []));
    expect(short.length).toBeGreaterThan(0);
    expect(Math.max(...short)).toBeLessThan(cronJob);
    // One drift made by hand (the scaled Deployment; the deleted ConfigMap is created again): one correction. The
    // change of the Website is rolled out by updates, which are no drift.
    expect(details).toContain('orkestra_drift_corrections_total 1,');
    expect(details).toContain('CronJob demo/orders-backup deleted');
    expect(details).toContain('PersistentVolumeClaims data-orders-db-0, data-orders-db-1 stay');
    expect(details).not.toMatch(/password generated once \(24 characters, never printed\)[^\n]*[A-Za-z0-9]{24}/);
    expect(details).toContain('created Deployment team-web/shop-web');
    expect(details).toContain('ConfigMap shop-page: "<h1>Welcome to the shop</h1><p>served by revision 2</p>"');
    expect(details).toMatch(/written: ConfigMap shop-page[^\n]*; untouched: [^\n]*Service shop-web/);
    expect(details).toMatch(
      /Ready=False, the spec is refused \(\d+ problems?: [^\n]*imagee[^\n]*revision 2 still serves/,
    );
    expect(report.controlPlanePids.length).toBeGreaterThanOrEqual(6); // etcd, apiserver, kcm, scheduler, kwok, reaper
    expect(report.controlPlanePids.filter(alive)).toEqual([]);
  }, 150_000);

  it('plays the same steps on a given cluster, in a namespace of its own that it deletes', async () => {
    const r = await demo(['--kubeconfig', cluster.kubeconfigPath!]);
    expect(r.code).toBe(ExitCode.Ok);
    expect(r.stdout).toContain('✓ demo finished');
    expect(r.stdout).toMatch(/✓ Website orkestra-demo-[0-9a-f]{6}\/shop is Ready/);
    expect(r.stdout).toMatch(/✓ Database orkestra-demo-[0-9a-f]{6}\/orders is Ready/);
    expect(r.stdout).toMatch(/namespace orkestra-demo-[0-9a-f]{6} deleted/);
    expect(r.stdout).toMatch(
      /✓ the edit is refused with its problems; revision 2 still serves: orkestra-demo-[0-9a-f]{6}-team\/blog/,
    );
    expect(r.stdout).toMatch(/namespace orkestra-demo-[0-9a-f]{6}-team deleted/);
  }, 150_000);
});
