import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { serviceAccountIdentity, testCluster } from '@orkestra/testenv';
import { stringify } from 'yaml';
import { ForbiddenError, type KubeObject } from '../src/index.js';
import { Kubeclient, KubeconfigError, loadKubeconfig } from '../src/kube/index.js';

const cluster = testCluster();
const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-kubeconfig-int-'));
let admin: Kubeclient;
let ns: string;
/** A service-account token (TokenRequest API) of `reader`, which may only list ConfigMaps in `ns`. */
let token: string;
let server: string;
let caData: string;
const clients: Kubeclient[] = [];

beforeAll(async () => {
  admin = new Kubeclient(cluster.kubeConfig);
  ns = await cluster.newNamespace('kubeconfig');
  await admin.create({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name: 'read-configmaps', namespace: ns },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }],
  });
  await admin.create({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'reader', namespace: ns },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'read-configmaps' },
    subjects: [{ kind: 'ServiceAccount', name: 'reader', namespace: ns }],
  });
  await admin.create({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'seen', namespace: ns },
    data: { a: '1' },
  });
  token = (await serviceAccountIdentity(cluster, ns, 'reader')).token;
  const base = loadKubeconfig({ file: cluster.kubeconfigPath! });
  server = base.server;
  caData = base.cluster.certificateAuthorityData!;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await cluster.deleteNamespaces();
  await admin.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A kubeconfig file in the test's temp dir for the test cluster, with `user` as its user. */
function kubeconfigFor(name: string, user: Record<string, unknown>): string {
  const file = join(tmp, name);
  writeFileSync(
    file,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      'current-context': 'test',
      clusters: [{ name: 'testenv', cluster: { server, 'certificate-authority-data': caData } }],
      users: [{ name: 'reader', user }],
      contexts: [{ name: 'test', context: { cluster: 'testenv', user: 'reader', namespace: ns } }],
    }),
  );
  return file;
}
const client = (file: string): Kubeclient => {
  const kube = Kubeclient.fromFile(file, { retry: { retries: 0 } });
  clients.push(kube);
  return kube;
};
const names = (list: { items: KubeObject[] }) => list.items.map((i) => i.metadata.name);

/** An exec plugin: a node script that counts its runs in `<name>.count` and prints `body`'s ExecCredential. */
function execPlugin(name: string, body: string): { script: string; runs: () => number } {
  const script = join(tmp, `${name}.mjs`);
  const count = join(tmp, `${name}.count`);
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(count)}, 'x');\n${body}\n`,
  );
  return {
    script,
    runs: () => {
      try {
        return readFileSync(count, 'utf8').length;
      } catch {
        return 0;
      }
    },
  };
}
const execUser = (script: string) => ({
  exec: {
    apiVersion: 'client.authentication.k8s.io/v1',
    command: process.execPath,
    args: [script],
    interactiveMode: 'Never',
  },
});

describe('core kubeconfig loader against kube-apiserver', () => {
  it("connects with testenv's kubeconfig file (client certificates)", async () => {
    const kube = client(cluster.kubeconfigPath!);
    expect(kube.server).toBe(cluster.server.replace(/\/+$/, ''));
    expect(names(await kube.list('v1', 'Namespace'))).toContain(ns);
  });

  it('authenticates with a token: the service account sees its ConfigMaps and nothing more', async () => {
    const kube = client(kubeconfigFor('token', { token }));
    expect(kube.contextNamespace).toBe(ns);
    expect(names(await kube.list('v1', 'ConfigMap', { namespace: ns }))).toContain('seen');
    await expect(kube.list('v1', 'Namespace')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('authenticates with a tokenFile relative to the kubeconfig', async () => {
    writeFileSync(join(tmp, 'reader.token'), `${token}\n`);
    const kube = client(kubeconfigFor('token-file', { tokenFile: 'reader.token' }));
    expect(names(await kube.list('v1', 'ConfigMap', { namespace: ns }))).toContain('seen');
  });

  it('authenticates with an exec plugin, run once and cached until status.expirationTimestamp', async () => {
    const expiresInMs = 3_000;
    const plugin = execPlugin(
      'exec-ok',
      `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: ${JSON.stringify(token)}, expirationTimestamp: new Date(Date.now() + ${expiresInMs}).toISOString() } }));`,
    );
    const kube = client(kubeconfigFor('exec', execUser(plugin.script)));
    await Promise.all([
      kube.list('v1', 'ConfigMap', { namespace: ns }),
      kube.list('v1', 'ConfigMap', { namespace: ns }),
    ]);
    expect(names(await kube.list('v1', 'ConfigMap', { namespace: ns }))).toContain('seen');
    expect(plugin.runs()).toBe(1);
    await new Promise((r) => setTimeout(r, expiresInMs + 500));
    await kube.list('v1', 'ConfigMap', { namespace: ns });
    expect(plugin.runs()).toBe(2);
  });

  it('fails with an error naming the exec plugin and what it wrote to stderr', async () => {
    const plugin = execPlugin(
      'exec-fail',
      "process.stderr.write('the refresh token has expired; run `acme login`\\n'); process.exit(1);",
    );
    const kube = client(kubeconfigFor('exec-fail', execUser(plugin.script)));
    const error = await kube.list('v1', 'ConfigMap', { namespace: ns }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(KubeconfigError);
    expect(error).toMatchObject({ problem: 'Exec', reason: 'Config' });
    expect((error as Error).message).toContain(
      `the exec plugin "${process.execPath} ${plugin.script}" of user "reader" of context "test"`,
    );
    expect((error as Error).message).toContain('exit code 1: the refresh token has expired; run `acme login`');
    expect(plugin.runs()).toBe(1);
  });

  // What a process that only uses core loads: neither @kubernetes/client-node (~80 MB RSS) nor undici (~10–20 MB).
  it('lists namespaces in a process that imports @orkestra/core without ever loading @kubernetes/client-node or undici', async () => {
    const run = async (loadClientNode: boolean) => {
      const log = join(tmp, `modules-${loadClientNode}.log`);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--experimental-transform-types',
          '--no-warnings',
          '--conditions=@orkestra/source',
          '--import',
          join(fixtures, 'module-log.mjs'),
          join(fixtures, 'list-namespaces.mjs'),
          cluster.kubeconfigPath!,
        ],
        {
          env: {
            ...process.env,
            NODE_OPTIONS: '',
            ORKESTRA_MODULE_LOG: log,
            LOAD_CLIENT_NODE: loadClientNode ? '1' : '0',
          },
        },
      );
      const modules = readFileSync(log, 'utf8').split('\n');
      return {
        result: JSON.parse(stdout) as { namespaces: number },
        modules,
        clientNode: modules.filter((m) => m.includes('/@kubernetes/client-node/')),
        undici: modules.filter((m) => m.includes('/node_modules/undici/')),
      };
    };
    const without = await run(false);
    expect(without.result.namespaces).toBeGreaterThan(0);
    expect(without.modules.some((m) => m.endsWith('/packages/core/src/kube/kubeconfig.ts'))).toBe(true);
    expect(without.modules.some((m) => m.endsWith('/packages/core/src/kube/http-transport.ts'))).toBe(true);
    expect(without.clientNode).toEqual([]);
    expect(without.undici).toEqual([]);
    // The control: the same detector does see client-node when the process loads it (and client-node 2.x loads undici).
    const withIt = await run(true);
    expect(withIt.result.namespaces).toBeGreaterThan(0);
    expect(withIt.clientNode.length).toBeGreaterThan(0);
    expect(withIt.undici.length).toBeGreaterThan(0);
  });
});
