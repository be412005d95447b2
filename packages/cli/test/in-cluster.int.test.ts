import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { serviceAccountIdentity, testCluster } from '@orkestra/testenv';
import { parseAllDocuments } from 'yaml';
import { ExitCode } from '../src/index.js';
import { cli, example } from './helpers.js';
import { website } from './test-files.js';

// The operator image's entrypoint, run as a pod of `generate manifests` runs it: the application folder is
// assembled by scripts/assemble-image.mjs (what deploy/Containerfile runs), the process gets the Deployment's
// own arguments and environment, its identity is a TokenRequest token of the generated ServiceAccount in a
// service-account folder (token, ca.crt, namespace), KUBERNETES_SERVICE_HOST/PORT point at the test API server,
// and its permissions are the generated RBAC — no kubeconfig anywhere. Two such processes share the Lease.
const cluster = testCluster();
const root = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRYPOINT = 'node_modules/@orkestra/cli/dist/bin.js'; // scripts/assemble-image.mjs, deploy/Containerfile
const LEASE_MS = 6_000;
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-incluster-'));

type Log = Record<string, unknown> & { msg: string };
interface Pod {
  child: ChildProcess;
  logs: Log[];
  exited: Promise<number | null>;
  waitLog(msg: string, timeoutMs?: number): Promise<Log>;
}

/** Every file and folder under `dir` with its modification time: what the process wrote, if anything. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map(
    (e) => `${join(e.parentPath, e.name)} ${statSync(join(e.parentPath, e.name)).mtimeMs}`,
  );
}

/** The assembled image folder (cached by the tarballs' hash under ~/.cache/orkestra/image). */
async function assembleImage(): Promise<string> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // nothing of jest's module setup in npm or the script
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [join(root, 'scripts/assemble-image.mjs'), '--katalog', example('katalog.yaml')],
    { cwd: root, env, timeout: 540_000, maxBuffer: 16 * 1024 * 1024 },
  );
  console.log(stderr.trim());
  return stdout.trim().split('\n').pop()!;
}

describe('the image entrypoint, run as the generated Deployment runs it', () => {
  let admin: Kubeclient;
  let ns: string;
  let app: string;
  let objects: KubeObject[];
  const name = `orkestra-ic-${randomBytes(3).toString('hex')}`;
  const pods: Pod[] = [];

  beforeAll(async () => {
    [app] = await Promise.all([assembleImage(), cluster.newNamespace('incluster').then((n) => (ns = n))]);
    admin = new Kubeclient(cluster.kubeConfig);
    const generated = await cli([
      'generate',
      'manifests',
      '--katalog',
      example('katalog.yaml'),
      '--image',
      'ghcr.io/acme/website-operator:test',
      '--namespace',
      ns,
      '--name',
      name,
    ]);
    expect(generated.code).toBe(ExitCode.Ok);
    objects = parseAllDocuments(generated.stdout).map((d) => d.toJS() as KubeObject);
    for (const o of objects) await admin.apply(o, { fieldManager: 'kubectl' });
  }, 600_000);

  afterAll(async () => {
    for (const p of pods) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(pods.map((p) => p.exited));
    for (const kind of ['ClusterRoleBinding', 'ClusterRole'])
      await admin?.delete({ apiVersion: 'rbac.authorization.k8s.io/v1', kind, name }).catch(() => undefined);
    await cluster.deleteNamespaces();
    await admin?.close();
  });

  /** The service-account folder a pod gets: a bound token of the generated ServiceAccount, the CA, the namespace. */
  async function serviceAccountFolder(): Promise<string> {
    const sa = await serviceAccountIdentity(cluster, ns, name, { create: false }); // the generated manifests made it
    const dir = join(tmp, 'serviceaccount');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'token'), sa.token);
    writeFileSync(join(dir, 'ca.crt'), Buffer.from(sa.caData, 'base64'));
    writeFileSync(join(dir, 'namespace'), ns);
    return dir;
  }

  /** The katalog as the pod sees it: the ConfigMap's key, written where the Deployment mounts it. */
  async function mountedKatalog(key: string): Promise<string> {
    const cm = (await admin.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name })) as KubeObject & {
      data: Record<string, string>;
    };
    const dir = join(tmp, 'mount');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, key), cm.data[key]!);
    return join(dir, key);
  }

  async function startPod(identity: string, saDir: string): Promise<Pod> {
    const deployment = (await admin.get({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      namespace: ns,
      name,
    })) as KubeObject & {
      spec: {
        template: {
          spec: {
            containers: {
              args: string[];
              env: { name: string; value?: string }[];
              volumeMounts: { mountPath: string }[];
            }[];
            volumes: { configMap?: { items: { key: string }[] } }[];
          };
        };
      };
    };
    const container = deployment.spec.template.spec.containers[0]!;
    const katalogArg = container.args[container.args.indexOf('--katalog') + 1]!;
    const mount = container.volumeMounts.find((m) => katalogArg.startsWith(`${m.mountPath}/`))!;
    const katalog = await mountedKatalog(katalogArg.slice(mount.mountPath.length + 1));
    // The Deployment's arguments, but for what a test process on a shared machine must change: the katalog
    // path (no /etc here), a free port, a readable identity, and a shorter Lease so the test takes seconds.
    const args = container.args.map((a) => (a === katalogArg ? katalog : a === ':8080' ? '127.0.0.1:0' : a));
    args.push(
      '--identity',
      identity,
      '--lease-duration',
      `${LEASE_MS}ms`,
      '--renew-deadline',
      '4s',
      '--retry-period',
      '1s',
    );
    const server = new URL(cluster.kubeConfig.getCurrentCluster()!.server);
    const home = join(tmp, `home-${identity}`);
    mkdirSync(home, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home, // no ~/.kube/config: the service account is the only way in
      KUBERNETES_SERVICE_HOST: server.hostname,
      KUBERNETES_SERVICE_PORT: server.port,
      ORKESTRA_SERVICE_ACCOUNT_DIR: saDir,
      POD_NAMESPACE: ns, // the Deployment's fieldRef metadata.namespace
      ...Object.fromEntries(container.env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value])),
    };
    const child = spawn(process.execPath, [join(app, ENTRYPOINT), ...args], {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logs: Log[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      buffer += c.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        try {
          logs.push(JSON.parse(line) as Log);
        } catch {
          // not a log line
        }
      }
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const waitLog = (msg: string, timeoutMs = 60_000) =>
      cluster
        .waitFor(
          () => logs.find((l) => String(l.msg).includes(msg)) ?? (child.exitCode !== null ? 'exited' : undefined),
          {
            timeoutMs,
            intervalMs: 100,
            description: `${identity} to log "${msg}" (stderr: ${stderr.slice(-2000)})`,
          },
        )
        .then((found) => {
          if (found === 'exited')
            throw new Error(
              `${identity} exited ${child.exitCode} before "${msg}"; stderr: ${stderr}; logs: ${logs.map((l) => l.msg).join(' | ')}`,
            );
          return found;
        });
    const pod = { child, logs, exited, waitLog };
    pods.push(pod);
    return pod;
  }

  const lease = async () =>
    (await admin.get({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: ns, name }))?.spec as
      | { holderIdentity?: string }
      | undefined;
  const replicasOf = async () =>
    (
      (await admin.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'shop-web' })) as
        | (KubeObject & { spec: { replicas: number } })
        | undefined
    )?.spec.replicas;

  it('converges a CR with the service-account token, and two replicas share the Lease', async () => {
    const saDir = await serviceAccountFolder();
    const before = tree(app);
    const a = await startPod('pod-a', saDir);
    const starting = await a.waitLog('orkestra run starting');
    expect(starting.kubeconfig).toBe(`in-cluster service account (${saDir})`);
    expect(starting.server).toBe(cluster.kubeConfig.getCurrentCluster()!.server.replace(/\/$/, ''));
    await a.waitLog('RBAC permissions checked');
    await a.waitLog('acquired the leader-election Lease');
    const b = await startPod('pod-b', saDir);
    await b.waitLog('waiting for the leader-election Lease');
    expect((await lease())?.holderIdentity).toBe('pod-a');

    await admin.create(website(ns, 'shop', { image: 'nginx:1.27', replicas: 2 }));
    await cluster.waitFor(async () => (await replicasOf()) === 2, {
      timeoutMs: 60_000,
      description: 'pod-a to create the Deployment shop-web',
    });

    // Printed, not asserted: the resident memory of the image's process (production dependencies only).
    const rss =
      existsSync(`/proc/${a.child.pid}/status`) &&
      /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${a.child.pid}/status`, 'utf8'))?.[1];
    if (rss) console.log(`pod-a (leader, 1 Website converged): RSS ${(Number(rss) / 1024).toFixed(0)} MiB`);

    // The leader dies without releasing: the standby takes the Lease once it expires, and reconciles.
    a.child.kill('SIGKILL');
    await b.waitLog('acquired the leader-election Lease', LEASE_MS + 60_000);
    expect((await lease())?.holderIdentity).toBe('pod-b');
    await admin.patch(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
      { spec: { replicas: 3 } },
      { fieldManager: 'kubectl' },
    );
    await cluster.waitFor(async () => (await replicasOf()) === 3, {
      timeoutMs: 60_000,
      description: 'pod-b, the new leader, to roll out the change',
    });

    // SIGTERM, as the kubelet stops a pod: it releases the Lease and exits 0.
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect((await lease())?.holderIdentity ?? '').toBe('');
    // Nothing written to the application folder or HOME: a read-only root filesystem is enough.
    expect(tree(app)).toEqual(before);
    expect(readdirSync(join(tmp, 'home-pod-a'))).toEqual([]);
  }, 300_000);
});
