import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Kubeclient } from '@orkestra/core/kube';
import { operatorNamespace } from '@orkestra/operator';
import { stringify } from 'yaml';
import { CliError } from '../src/exit-codes.js';
import { ExitCode } from '../src/index.js';
import { loadKubeconfig } from '../src/kube.js';
import { cli, example } from './helpers.js';
import { aliasBomb } from './test-files.js';

const tmp = mkdtempSync(join(tmpdir(), 'orkestra-cli-kube-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(
  name: string,
  contexts: Record<string, { server: string; namespace?: string }>,
  current?: string,
): string {
  const path = join(tmp, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(
    path,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      ...(current ? { 'current-context': current } : {}),
      clusters: Object.entries(contexts).map(([name, c]) => ({ name, cluster: { server: c.server } })),
      users: [{ name: 'u', user: { token: 't' } }],
      contexts: Object.entries(contexts).map(([name, c]) => ({
        name,
        context: { cluster: name, user: 'u', ...(c.namespace ? { namespace: c.namespace } : {}) },
      })),
    }),
  );
  return path;
}
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ HOME: join(tmp, 'nohome'), ...extra });

function cliError(fn: () => unknown): CliError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    return e as CliError;
  }
  throw new Error('expected a CliError');
}

describe('loadKubeconfig (core loader, CLI messages and exit codes)', () => {
  const one = file('one', { a: { server: 'https://a', namespace: 'shop' }, b: { server: 'https://b' } }, 'a');

  it('says where the kubeconfig came from', () => {
    expect(loadKubeconfig({ kubeconfig: one }, env()).from).toBe(`--kubeconfig ${one}`);
    const two = file('two', { c: { server: 'https://c' } });
    const value = [two, one].join(delimiter);
    const merged = loadKubeconfig({}, env({ KUBECONFIG: value }));
    expect(merged.from).toBe(`KUBECONFIG=${value}`);
    expect(merged.kubeConfig).toMatchObject({ contextName: 'a', server: 'https://a' });
    file('home/.kube/config', { h: { server: 'https://h' } }, 'h');
    expect(loadKubeconfig({}, { HOME: join(tmp, 'home') })).toMatchObject({
      from: '~/.kube/config',
      kubeConfig: { server: 'https://h' },
    });
  });

  it('switches to --context, and refuses an unknown one with the list (exit 2)', () => {
    expect(loadKubeconfig({ kubeconfig: one, context: 'b' }, env()).kubeConfig.server).toBe('https://b');
    const e = cliError(() => loadKubeconfig({ kubeconfig: one, context: 'zzz' }, env()));
    expect(e.exitCode).toBe(ExitCode.Usage);
    expect(e.message).toBe(`the kubeconfig (--kubeconfig ${one}) has no context "zzz"; it has: a, b`);
  });

  it('exit 2 for a missing --kubeconfig, no current context, or a broken file; exit 3 with nothing to load', () => {
    expect(cliError(() => loadKubeconfig({ kubeconfig: join(tmp, 'missing') }, env()))).toMatchObject({
      exitCode: ExitCode.Usage,
      message: `cannot read --kubeconfig ${join(tmp, 'missing')}: no such file`,
    });
    const noCurrent = file('no-current', { a: { server: 'https://a' } });
    expect(cliError(() => loadKubeconfig({ kubeconfig: noCurrent }, env()))).toMatchObject({
      exitCode: ExitCode.Usage,
      message: `the kubeconfig (--kubeconfig ${noCurrent}) has no current cluster: set current-context, or pass --context`,
    });
    const broken = join(tmp, 'broken');
    writeFileSync(broken, 'clusters: [\n');
    const e = cliError(() => loadKubeconfig({ kubeconfig: broken }, env()));
    expect(e.exitCode).toBe(ExitCode.Usage);
    expect(e.message).toContain(`cannot load the kubeconfig: the kubeconfig ${broken} is not valid YAML`);
    expect(cliError(() => loadKubeconfig({}, env())).exitCode).toBe(ExitCode.Unreachable);
  });

  it('an alias bomb in the kubeconfig is exit 2 naming the file and the fix, not "no current cluster"', async () => {
    const bomb = join(tmp, 'bomb');
    writeFileSync(bomb, `${aliasBomb('apiVersion: v1\nkind: Config\n')}preferences: { x: *l8 }\n`);
    const e = cliError(() => loadKubeconfig({ kubeconfig: bomb }, env()));
    expect(e.exitCode).toBe(ExitCode.Usage);
    expect(e.message).toBe(
      `cannot load the kubeconfig: the kubeconfig ${bomb} is too large once its YAML aliases are expanded: more than 100000 values, far more than the file holds (a "billion laughs" file?) — fix the file: write it without YAML anchors (&) and aliases (*)`,
    );
    // A command stops there: one line, no request, nothing else.
    const run = await cli(['diff', '--katalog', example('katalog.yaml'), '--kubeconfig', bomb]);
    expect(run).toMatchObject({ code: ExitCode.Usage, stdout: '' });
    expect(run.stderr).toBe(`✗ ${e.message}\n`);
  });

  it('loads the in-cluster service account in a pod', () => {
    const e = cliError(() =>
      loadKubeconfig({}, env({ KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' })),
    );
    // Not a pod here: no service-account token. The error says so, as exit 2.
    expect(e.exitCode).toBe(ExitCode.Usage);
    expect(e.message).toContain('serviceaccount/token does not exist');
  });

  it('reads the service account from ORKESTRA_SERVICE_ACCOUNT_DIR when set (token, CA and namespace)', () => {
    const sa = join(tmp, 'sa');
    mkdirSync(sa, { recursive: true });
    writeFileSync(join(sa, 'token'), 'tok');
    writeFileSync(join(sa, 'namespace'), 'ops\n');
    const podEnv = env({
      KUBERNETES_SERVICE_HOST: '10.96.0.1',
      KUBERNETES_SERVICE_PORT: '443',
      ORKESTRA_SERVICE_ACCOUNT_DIR: sa,
    });
    const { kubeConfig, from } = loadKubeconfig({}, podEnv);
    expect(from).toBe(`in-cluster service account (${sa})`);
    expect([kubeConfig.server, kubeConfig.namespace]).toEqual(['https://10.96.0.1:443', 'ops']);
    const kube = new Kubeclient(kubeConfig);
    expect(operatorNamespace(kube, podEnv)).toBe('ops');
  });
});

describe('operatorNamespace', () => {
  const kube = new Kubeclient(
    loadKubeconfig(
      { kubeconfig: file('ns', { a: { server: 'https://a', namespace: 'shop' }, b: { server: 'https://b' } }, 'a') },
      env(),
    ).kubeConfig,
  );
  it("takes POD_NAMESPACE, then the pod's namespace file, then the context's namespace, then default", () => {
    expect(operatorNamespace(kube, { POD_NAMESPACE: 'ops' }, () => 'pod')).toBe('ops');
    expect(operatorNamespace(kube, {}, () => 'pod\n')).toBe('pod');
    expect(operatorNamespace(kube, {}, () => undefined)).toBe('shop');
    const other = new Kubeclient(
      loadKubeconfig({ kubeconfig: file('ns2', { b: { server: 'https://b' } }, 'b') }, env()).kubeConfig,
    );
    expect(operatorNamespace(other, {}, () => undefined)).toBe('default');
  });
});
