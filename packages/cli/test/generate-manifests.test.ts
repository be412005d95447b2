import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { inventoryRecordName } from '@orkestra/reconciler/internal';
import { parse, parseAllDocuments } from 'yaml';
import { ExitCode } from '../src/index.js';
import { cli, example } from './helpers.js';

const katalog = example('katalog.yaml');
const IMAGE = 'ghcr.io/acme/website-operator:1.0';
const docs = (text: string) =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as KubeObject)
    .filter(Boolean);
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-manifests-test-'));

interface Container {
  name: string;
  image: string;
  args: string[];
  env?: { name: string }[];
  securityContext: Record<string, unknown>;
  resources: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: { httpGet: { path: string; port: string } };
  readinessProbe?: { httpGet: { path: string; port: string } };
  ports: { name: string; containerPort: number }[];
  volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[];
}
interface PodSpec {
  serviceAccountName: string;
  securityContext: Record<string, unknown>;
  containers: Container[];
  initContainers?: Container[];
  volumes: { name: string; configMap?: { name: string }; hostPath?: unknown }[];
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
}
type Deployment = KubeObject & {
  spec: { replicas: number; selector: { matchLabels: Record<string, string> }; template: { spec: PodSpec } };
};

async function generate(...extra: string[]) {
  const r = await cli(['generate', 'manifests', '--katalog', katalog, '--image', IMAGE, ...extra]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: ExitCode.Ok, stderr: '' });
  const objects = docs(r.stdout);
  const one = <T extends KubeObject>(kind: string) => {
    const found = objects.filter((o) => o.kind === kind);
    expect({ kind, count: found.length }).toEqual({ kind, count: 1 });
    return found[0] as T;
  };
  return { objects, one, stdout: r.stdout };
}

describe('generate manifests: the security settings', () => {
  it('the pod and every container meet the restricted Pod Security Standard, with a read-only root filesystem', async () => {
    const { one } = await generate();
    const pod = one<Deployment>('Deployment').spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.hostNetwork ?? false).toBe(false);
    expect(pod.hostPID ?? false).toBe(false);
    expect(pod.hostIPC ?? false).toBe(false);
    expect(pod.volumes.filter((v) => v.hostPath)).toEqual([]);
    const containers = [...pod.containers, ...(pod.initContainers ?? [])];
    expect(containers.length).toBeGreaterThan(0);
    for (const c of containers) {
      expect({ container: c.name, securityContext: c.securityContext }).toEqual({
        container: c.name,
        securityContext: expect.objectContaining({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          privileged: false,
          capabilities: { drop: ['ALL'] },
          seccompProfile: { type: 'RuntimeDefault' },
        }),
      });
      // A numeric non-root uid: the kubelet can only enforce runAsNonRoot on a uid it can read.
      expect(c.securityContext.runAsUser).toBeGreaterThan(0);
    }
  });

  it('the namespace enforces the restricted profile; the process writes only to a small /tmp emptyDir', async () => {
    const { one } = await generate();
    expect(one('Namespace').metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    const pod = one<Deployment>('Deployment').spec.template.spec;
    const writable = pod.containers[0]!.volumeMounts.filter((m) => !m.readOnly).map((m) => m.mountPath);
    expect(writable).toEqual(['/tmp']);
  });

  it('every container has CPU and memory requests and limits', async () => {
    const { one } = await generate();
    for (const c of one<Deployment>('Deployment').spec.template.spec.containers) {
      expect(Object.keys(c.resources.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(c.resources.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
    }
  });
});

describe('generate manifests: what runs', () => {
  it('two replicas run `orkestra run` on the mounted katalog, with leader election in their own namespace and probes', async () => {
    const { one } = await generate('--namespace', 'ops');
    const d = one<Deployment>('Deployment');
    expect(d.metadata.namespace).toBe('ops');
    expect(d.spec.replicas).toBe(2);
    const pod = d.spec.template.spec;
    const c = pod.containers[0]!;
    expect(c.image).toBe(IMAGE);
    expect(c.args.slice(0, 1)).toEqual(['run']);
    const arg = (name: string) => c.args[c.args.indexOf(name) + 1];
    expect(arg('--leader-election-namespace')).toBe('ops');
    expect(arg('--leader-election-id')).toBe('orkestra-website');
    expect(c.args).not.toContain('--no-leader-elect');
    expect(arg('--http-address')).toBe(':8080');
    expect(c.ports).toEqual([{ name: 'http', containerPort: 8080, protocol: 'TCP' }]);
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    // --katalog names the file the katalog ConfigMap is mounted as, and that ConfigMap holds the file as is.
    const cm = one('ConfigMap') as KubeObject & { data: Record<string, string> };
    const mount = c.volumeMounts.find((m) => arg('--katalog')!.startsWith(`${m.mountPath}/`))!;
    expect(pod.volumes.find((v) => v.name === mount.name)?.configMap?.name).toBe(cm.metadata.name);
    expect(cm.data[arg('--katalog')!.slice(mount.mountPath.length + 1)]).toBe(readFileSync(katalog, 'utf8'));
    expect(pod.serviceAccountName).toBe(one('ServiceAccount').metadata.name);
  });

  it('--replicas 3 --shards 12: three pods run `orkestra run --shards 12`, and may list the shard Leases', async () => {
    const { one, objects } = await generate('--namespace', 'ops', '--replicas', '3', '--shards', '12');
    const d = one<Deployment>('Deployment');
    expect(d.spec.replicas).toBe(3);
    const c = d.spec.template.spec.containers[0]!;
    expect(c.args[c.args.indexOf('--shards') + 1]).toBe('12');
    const leases = objects
      .filter((o) => o.kind === 'Role' && o.metadata.namespace === 'ops')
      .flatMap((o) => (o as KubeObject & { rules: { resources: string[]; verbs: string[] }[] }).rules)
      .find((r) => r.resources.includes('leases'));
    expect(leases?.verbs).toContain('list');
    expect((await generate()).one<Deployment>('Deployment').spec.template.spec.containers[0]?.args).not.toContain(
      '--shards',
    );
  });

  it('a PodDisruptionBudget keeps one pod, and the metrics Service selects the pods on the http port', async () => {
    const { one } = await generate('--namespace', 'ops');
    const labels = one<Deployment>('Deployment').spec.selector.matchLabels;
    const pdb = one('PodDisruptionBudget') as KubeObject & { spec: Record<string, unknown> };
    expect(pdb.spec).toEqual({ minAvailable: 1, selector: { matchLabels: labels } });
    const svc = one('Service') as KubeObject & { spec: { selector: unknown; ports: { targetPort: string }[] } };
    expect(svc.spec.selector).toEqual(labels);
    expect(svc.spec.ports.map((p) => p.targetPort)).toEqual(['http']);
  });

  it('the RBAC is exactly what `generate rbac` prints for that service account and Lease namespace', async () => {
    const { objects } = await generate('--namespace', 'ops', '--watch-namespace', 'shop');
    const rbac = await cli([
      'generate',
      'rbac',
      '--katalog',
      katalog,
      '--service-account',
      'ops/orkestra-website',
      '--namespace',
      'shop',
      '--leader-election-namespace',
      'ops',
      '--output',
      'json',
    ]);
    const expected = (JSON.parse(rbac.stdout) as { items: KubeObject[] }).items;
    expect(objects.filter((o) => o.apiVersion.startsWith('rbac.authorization.k8s.io/'))).toEqual(expected);
    // Watching one namespace: Roles only, no ClusterRole for the children.
    expect(expected.map((o) => `${o.kind} ${o.metadata.namespace ?? ''}`)).toContain('Role shop');
    // In the operator's namespace: the inventory record of the owner kind (by name) beside the Lease.
    const ops = expected.find((o) => o.kind === 'Role' && o.metadata.namespace === 'ops') as KubeObject & {
      rules: { resources: string[]; verbs: string[]; resourceNames?: string[] }[];
    };
    expect(ops.rules).toContainEqual({
      apiGroups: [''],
      resources: ['configmaps'],
      verbs: ['get', 'update'],
      resourceNames: [inventoryRecordName({ plural: 'websites', group: 'example.com' }, ['shop'])],
    });
    expect(ops.rules).toContainEqual({ apiGroups: [''], resources: ['configmaps'], verbs: ['create'] });
    const d = objects.find((o) => o.kind === 'Deployment') as Deployment;
    const args = d.spec.template.spec.containers[0]!.args;
    expect(args[args.indexOf('--namespace') + 1]).toBe('shop');
  });

  it('a changed katalog changes the pod template (so the pods roll)', async () => {
    const a = (await generate()).one<Deployment>('Deployment');
    const other = join(tmp, 'katalog.yaml');
    writeFileSync(other, readFileSync(katalog, 'utf8').replace('resyncPeriod: 10m', 'resyncPeriod: 5m'));
    const r = await cli(['generate', 'manifests', '--katalog', other, '--image', IMAGE]);
    const b = docs(r.stdout).find((o) => o.kind === 'Deployment') as Deployment;
    expect(b.spec.template).not.toEqual(a.spec.template);
  });
});

describe('generate manifests --output', () => {
  it('writes one file per object and a kustomization.yaml listing them, with the same objects as stdout', async () => {
    const { objects } = await generate('--namespace', 'ops');
    const dir = join(tmp, 'deploy');
    const r = await cli([
      'generate',
      'manifests',
      '--katalog',
      katalog,
      '--image',
      IMAGE,
      '--namespace',
      'ops',
      '--output',
      dir,
    ]);
    expect(r.code).toBe(ExitCode.Ok);
    expect(r.stdout).toBe('');
    const k = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as { kind: string; resources: string[] };
    expect(k.kind).toBe('Kustomization');
    expect(new Set(k.resources).size).toBe(objects.length);
    expect(k.resources.map((f) => parse(readFileSync(join(dir, f), 'utf8')))).toEqual(objects);
  });
});

describe('generate manifests: bad input', () => {
  it('exits 2 without --image, with a namespace that is not a DNS label, --replicas 0 or --shards 0; writes nothing', async () => {
    const dir = join(tmp, 'never');
    for (const args of [
      ['--output', dir],
      ['--image', IMAGE, '--namespace', 'Ops_1', '--output', dir],
      ['--image', IMAGE, '--replicas', '0', '--output', dir],
      ['--image', IMAGE, '--shards', '0', '--output', dir],
    ]) {
      const r = await cli(['generate', 'manifests', '--katalog', katalog, ...args]);
      expect({ args, code: r.code }).toEqual({ args, code: ExitCode.Usage });
    }
    expect(existsSync(dir)).toBe(false);
  });

  it('an invalid katalog exits 1 with its problems, and nothing is written', async () => {
    const dir = join(tmp, 'never-2');
    const bad = join(tmp, 'bad.yaml');
    writeFileSync(bad, readFileSync(katalog, 'utf8').replace('image: "{{spec.image}}"', 'image: "{{spec.image"'));
    const r = await cli(['generate', 'manifests', '--katalog', bad, '--image', IMAGE, '--output', dir]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stderr).toContain('bad.yaml');
    expect(existsSync(dir)).toBe(false);
  });
});
