import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { stringify } from 'yaml';
import {
  Kubeclient,
  KubeconfigError,
  type KubeconfigProblem,
  loadInClusterConfig,
  loadKubeconfig,
} from '../src/kube/index.js';

const root = mkdtempSync(join(tmpdir(), 'orkestra-kubeconfig-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dir: string;
let n = 0;
beforeEach(() => {
  dir = join(root, String(n++));
  mkdirSync(dir);
});

const SECRET_TOKEN = 'sekret-token-value-1234';
const SECRET_PASSWORD = 'sekret-password-5678';
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** An env without KUBECONFIG, a HOME without .kube, not in a pod. */
const bareEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: join(dir, 'home'),
  ...extra,
});

function write(name: string, content: unknown): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : stringify(content));
  return path;
}

interface Entries {
  clusters?: Record<string, Record<string, unknown>>;
  users?: Record<string, Record<string, unknown>>;
  contexts?: Record<string, Record<string, unknown>>;
  current?: string;
}
function kubeconfig({ clusters = {}, users = {}, contexts = {}, current }: Entries): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    ...(current ? { 'current-context': current } : {}),
    clusters: Object.entries(clusters).map(([name, cluster]) => ({ name, cluster })),
    users: Object.entries(users).map(([name, user]) => ({ name, user })),
    contexts: Object.entries(contexts).map(([name, context]) => ({ name, context })),
  };
}
/** One cluster `c`, one user `u` with `user`, context `ctx` (namespace shop), current. */
function simple(
  user: Record<string, unknown>,
  cluster: Record<string, unknown> = { server: 'https://10.0.0.1:6443' },
): Record<string, unknown> {
  return kubeconfig({
    clusters: { c: cluster },
    users: { u: user },
    contexts: { ctx: { cluster: 'c', user: 'u', namespace: 'shop' } },
    current: 'ctx',
  });
}

function loadError(fn: () => unknown): KubeconfigError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(KubeconfigError);
    return e as KubeconfigError;
  }
  throw new Error('expected a KubeconfigError');
}
async function asyncError(p: Promise<unknown>): Promise<KubeconfigError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(KubeconfigError);
    return e as KubeconfigError;
  }
  throw new Error('expected a KubeconfigError');
}
function expectProblem(e: KubeconfigError, problem: KubeconfigProblem, ...parts: string[]): void {
  expect(e.problem).toBe(problem);
  expect(e.reason).toBe('Config');
  for (const part of parts) expect(e.message).toContain(part);
  expect(e.message).not.toContain(SECRET_TOKEN);
  expect(e.message).not.toContain(SECRET_PASSWORD);
}

/** A node script as an exec plugin: counts its runs in `count`, writes its KUBERNETES_EXEC_INFO and env to `seen`. */
function plugin(body: string): string {
  return write(
    'plugin.mjs',
    `
import { appendFileSync, writeFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(join(dir, 'count'))}, 'x');
writeFileSync(${JSON.stringify(join(dir, 'seen'))}, JSON.stringify({ info: JSON.parse(process.env.KUBERNETES_EXEC_INFO ?? 'null'), extra: process.env.EXTRA }));
${body}
`,
  );
}
const credential = (status: Record<string, unknown>, apiVersion = 'client.authentication.k8s.io/v1') =>
  `process.stdout.write(JSON.stringify(${JSON.stringify({ apiVersion, kind: 'ExecCredential', status })}));`;
const runs = () => {
  try {
    return readFileSync(join(dir, 'count'), 'utf8').length;
  } catch {
    return 0;
  }
};
const execUser = (script: string, extra: Record<string, unknown> = {}) => ({
  exec: {
    apiVersion: 'client.authentication.k8s.io/v1',
    command: process.execPath,
    args: [script],
    interactiveMode: 'Never',
    env: [{ name: 'EXTRA', value: 'yes' }],
    ...extra,
  },
});

describe('loadKubeconfig: one file', () => {
  it('reads server, context, namespace and client certificate data', async () => {
    const file = write(
      'config',
      simple(
        { 'client-certificate-data': b64('CERT'), 'client-key-data': b64('KEY') },
        { server: 'https://10.0.0.1:6443/', 'certificate-authority-data': b64('CA'), 'tls-server-name': 'kubernetes' },
      ),
    );
    const config = loadKubeconfig({ file, env: bareEnv() });
    expect(config).toMatchObject({
      contextName: 'ctx',
      namespace: 'shop',
      server: 'https://10.0.0.1:6443',
      userName: 'u',
      authMethod: 'client-certificate',
      source: file,
      origin: { kind: 'file', file },
      contexts: ['ctx'],
    });
    expect(await config.tlsOptions()).toEqual({
      ca: 'CA',
      cert: 'CERT',
      key: 'KEY',
      rejectUnauthorized: true,
      servername: 'kubernetes',
    });
    expect(await config.authHeaders()).toEqual({});
    expect(config.refreshesCredentials).toBe(false);
  });

  it('gives a Kubeclient the context name and namespace', () => {
    const kube = new Kubeclient(
      loadKubeconfig({ file: write('config', simple({ token: SECRET_TOKEN })), env: bareEnv() }),
    );
    expect(kube).toMatchObject({ server: 'https://10.0.0.1:6443', contextName: 'ctx', contextNamespace: 'shop' });
  });

  it('still accepts a client-node KubeConfig (structurally)', () => {
    const kc = {
      getCurrentCluster: () => ({ name: 'c', server: 'https://1.2.3.4/' }),
      getCurrentUser: () => ({ name: 'u' }),
      applyToHTTPSOptions: async () => undefined,
      getCurrentContext: () => 'ctx',
      getContextObject: () => ({ namespace: 'ns' }),
    };
    expect(new Kubeclient(kc)).toMatchObject({
      server: 'https://1.2.3.4',
      contextName: 'ctx',
      contextNamespace: 'ns',
      kubeConfig: kc,
    });
  });

  it('sends a token, basic credentials, and honours insecure-skip-tls-verify', async () => {
    const token = loadKubeconfig({
      file: write('a', simple({ token: SECRET_TOKEN }, { server: 'https://h', 'insecure-skip-tls-verify': true })),
      env: bareEnv(),
    });
    expect(await token.authHeaders()).toEqual({ authorization: `Bearer ${SECRET_TOKEN}` });
    expect((await token.tlsOptions()).rejectUnauthorized).toBe(false);
    const basic = loadKubeconfig({
      file: write('b', simple({ username: 'admin', password: SECRET_PASSWORD })),
      env: bareEnv(),
    });
    expect(basic.authMethod).toBe('basic');
    expect(await basic.authHeaders()).toEqual({ authorization: `Basic ${b64(`admin:${SECRET_PASSWORD}`)}` });
  });

  it('reads strings as written (a numeric-looking token keeps its leading zero) and treats null as unset', async () => {
    const file = write(
      'config',
      'apiVersion: v1\nkind: Config\ncurrent-context: ctx\nclusters:\n- name: c\n  cluster:\n    server: https://h\n    proxy-url: null\n' +
        'users:\n- name: u\n  user:\n    token: 0123\ncontexts:\n- name: ctx\n  context: {cluster: c, user: u, namespace: ~}\n',
    );
    const config = loadKubeconfig({ file, env: bareEnv() });
    expect(await config.authHeaders()).toEqual({ authorization: 'Bearer 0123' });
    expect(config.namespace).toBeUndefined();
  });

  it('uses the context asked for', () => {
    const file = write(
      'config',
      kubeconfig({
        clusters: { a: { server: 'https://a' }, b: { server: 'https://b' } },
        users: { u: {} },
        contexts: { one: { cluster: 'a', user: 'u' }, two: { cluster: 'b', user: 'u', namespace: 'n2' } },
        current: 'one',
      }),
    );
    expect(loadKubeconfig({ file, env: bareEnv() }).server).toBe('https://a');
    expect(loadKubeconfig({ file, context: 'two', env: bareEnv() })).toMatchObject({
      server: 'https://b',
      contextName: 'two',
      namespace: 'n2',
      authMethod: 'none',
    });
  });
});

describe('loadKubeconfig: where it looks', () => {
  it('merges KUBECONFIG files as kubectl: the first definition of a name and the first current-context win; missing files are skipped', () => {
    const first = write(
      'first',
      kubeconfig({
        clusters: { shared: { server: 'https://first' } },
        users: { u: { token: 'one' } },
        contexts: { a: { cluster: 'shared', user: 'u' } },
        current: 'a',
      }),
    );
    const second = write(
      'second',
      kubeconfig({
        clusters: { shared: { server: 'https://second' }, own: { server: 'https://own' } },
        users: { u: { token: 'two' }, v: { token: 'three' } },
        contexts: { a: { cluster: 'own', user: 'v' }, b: { cluster: 'own', user: 'u', namespace: 'nb' } },
        current: 'b',
      }),
    );
    const value = [first, join(dir, 'missing'), second].join(delimiter);
    const config = loadKubeconfig({ env: bareEnv({ KUBECONFIG: value }) });
    expect(config).toMatchObject({
      contextName: 'a',
      server: 'https://first',
      source: `KUBECONFIG=${value}`,
      contexts: ['a', 'b'],
    });
    expect(config.origin).toEqual({ kind: 'KUBECONFIG', value, files: [first, second] });
    const b = loadKubeconfig({ context: 'b', env: bareEnv({ KUBECONFIG: value }) });
    expect(b).toMatchObject({ server: 'https://own', namespace: 'nb', userName: 'u' });
    return expect(b.authHeaders()).resolves.toEqual({ authorization: 'Bearer one' });
  });

  it('takes current-context from a later file when the first sets none', () => {
    const first = write('first', kubeconfig({ clusters: { c: { server: 'https://c' } } }));
    const second = write('second', kubeconfig({ contexts: { x: { cluster: 'c' } }, current: 'x' }));
    expect(loadKubeconfig({ env: bareEnv({ KUBECONFIG: `${first}${delimiter}${second}` }) }).server).toBe('https://c');
  });

  it('reads ~/.kube/config when KUBECONFIG is unset, and the explicit file over both', () => {
    const home = write('home/.kube/config', simple({}, { server: 'https://home' }));
    expect(loadKubeconfig({ env: bareEnv() })).toMatchObject({
      server: 'https://home',
      origin: { kind: 'default-file', file: home },
    });
    const other = write('other', simple({}, { server: 'https://other' }));
    expect(loadKubeconfig({ file: other, env: bareEnv({ KUBECONFIG: home }) }).server).toBe('https://other');
  });

  it('resolves relative paths against the directory of the file that named them', async () => {
    write('a/ca.pem', 'CA-A');
    write('b/certs/client.pem', 'CERT-B');
    write('b/certs/client.key', 'KEY-B');
    const a = write(
      'a/config',
      kubeconfig({
        clusters: { c: { server: 'https://c', 'certificate-authority': 'ca.pem' } },
        contexts: { x: { cluster: 'c', user: 'u' } },
        current: 'x',
      }),
    );
    const b = write(
      'b/config',
      kubeconfig({ users: { u: { 'client-certificate': 'certs/client.pem', 'client-key': './certs/client.key' } } }),
    );
    const config = loadKubeconfig({ env: bareEnv({ KUBECONFIG: `${a}${delimiter}${b}` }) });
    expect(config.cluster.certificateAuthority).toBe(join(dir, 'a/ca.pem'));
    expect(await config.tlsOptions()).toMatchObject({ ca: 'CA-A', cert: 'CERT-B', key: 'KEY-B' });
  });

  it('re-reads a tokenFile after tokenFileRefreshMs (rotated tokens), and keeps it cached until then', async () => {
    const tokenFile = write('sub/token', 'first\n');
    const file = write('config', simple({ tokenFile: 'sub/token' }));
    const fresh = loadKubeconfig({ file, env: bareEnv(), tokenFileRefreshMs: 0 });
    const cached = loadKubeconfig({ file, env: bareEnv() });
    expect(fresh.refreshesCredentials).toBe(true);
    expect(await fresh.authHeaders()).toEqual({ authorization: 'Bearer first' });
    expect(await cached.authHeaders()).toEqual({ authorization: 'Bearer first' });
    writeFileSync(tokenFile, 'second');
    expect(await fresh.authHeaders()).toEqual({ authorization: 'Bearer second' });
    expect(await cached.authHeaders()).toEqual({ authorization: 'Bearer first' });
  });

  it('falls back to the in-cluster service account, with an injectable directory', async () => {
    const sa = join(dir, 'sa');
    write('sa/token', 'sa-token-1');
    write('sa/ca.crt', 'CLUSTER-CA');
    write('sa/namespace', 'ops\n');
    const env = bareEnv({ KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' });
    const config = loadKubeconfig({ env, serviceAccountDir: sa, tokenFileRefreshMs: 0 });
    expect(config).toMatchObject({
      server: 'https://10.96.0.1:443',
      namespace: 'ops',
      contextName: 'in-cluster',
      source: 'in-cluster service account',
      authMethod: 'token-file',
    });
    expect(await config.tlsOptions()).toEqual({ ca: 'CLUSTER-CA', rejectUnauthorized: true });
    expect(await config.authHeaders()).toEqual({ authorization: 'Bearer sa-token-1' });
    writeFileSync(join(sa, 'token'), 'sa-token-2');
    expect(await config.authHeaders()).toEqual({ authorization: 'Bearer sa-token-2' });
    expect(
      loadInClusterConfig({
        env: { KUBERNETES_SERVICE_HOST: 'fd00::1', KUBERNETES_SERVICE_PORT: '443' },
        serviceAccountDir: sa,
      }).server,
    ).toBe('https://[fd00::1]:443');
  });
});

describe('exec credential plugins', () => {
  it('runs the plugin with its args, env and KUBERNETES_EXEC_INFO, and caches the token until it expires', async () => {
    const expires = new Date(Date.now() + 60_000).toISOString();
    const script = plugin(credential({ token: 'exec-token', expirationTimestamp: expires }));
    const config = loadKubeconfig({
      file: write(
        'config',
        simple(execUser(script, { provideClusterInfo: true }), {
          server: 'https://h',
          'certificate-authority-data': b64('CA'),
        }),
      ),
      env: bareEnv(),
    });
    expect(config.refreshesCredentials).toBe(true);
    const all = await Promise.all([config.authHeaders(), config.authHeaders(), config.authHeaders()]);
    expect(all).toEqual(Array(3).fill({ authorization: 'Bearer exec-token' }));
    expect(await config.authHeaders()).toEqual({ authorization: 'Bearer exec-token' });
    expect(runs()).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'seen'), 'utf8'))).toEqual({
      extra: 'yes',
      info: {
        apiVersion: 'client.authentication.k8s.io/v1',
        kind: 'ExecCredential',
        spec: { interactive: false, cluster: { server: 'https://h', 'certificate-authority-data': b64('CA') } },
      },
    });
    config.forgetCredentials();
    await config.authHeaders();
    expect(runs()).toBe(2);
  });

  it('runs the plugin again once the token has expired; without expirationTimestamp it keeps the token', async () => {
    const expired = loadKubeconfig({
      file: write(
        'a',
        simple(
          execUser(plugin(credential({ token: 't', expirationTimestamp: new Date(Date.now() - 1000).toISOString() }))),
        ),
      ),
      env: bareEnv(),
    });
    await expired.authHeaders();
    await expired.authHeaders();
    expect(runs()).toBe(2);
    const forever = loadKubeconfig({
      file: write(
        'b',
        simple(
          execUser(plugin(credential({ token: 't' }, 'client.authentication.k8s.io/v1beta1')), {
            apiVersion: 'client.authentication.k8s.io/v1beta1',
            interactiveMode: undefined,
          }),
        ),
      ),
      env: bareEnv(),
    });
    await forever.authHeaders();
    await forever.authHeaders();
    expect(runs()).toBe(3);
  });

  it('resolves a command with a path against the kubeconfig directory', async () => {
    const script = plugin(credential({ token: 'relative' }));
    writeFileSync(script, `#!/usr/bin/env node\n${readFileSync(script, 'utf8')}`);
    chmodSync(script, 0o755);
    const config = loadKubeconfig({
      file: write(
        'config',
        simple({
          exec: { apiVersion: 'client.authentication.k8s.io/v1', command: './plugin.mjs', interactiveMode: 'Never' },
        }),
      ),
      env: bareEnv(),
    });
    expect(await config.authHeaders()).toEqual({ authorization: 'Bearer relative' });
  });

  it('fails clearly: exit code with stderr, a command that cannot start, output that is no ExecCredential, client certificates', async () => {
    const load = (name: string, user: Record<string, unknown>) =>
      loadKubeconfig({ file: write(name, simple(user)), env: bareEnv() });
    const failing = plugin('process.stderr.write("error: login expired, run `cloud login`\\n"); process.exit(3);');
    expectProblem(
      await asyncError(load('a', execUser(failing)).authHeaders()),
      'Exec',
      `exec plugin "${process.execPath} ${failing}"`,
      'user "u" of context "ctx"',
      'exit code 3',
      'login expired, run `cloud login`',
    );
    expectProblem(
      await asyncError(
        load('b', {
          exec: {
            apiVersion: 'client.authentication.k8s.io/v1',
            command: 'orkestra-no-such-plugin',
            interactiveMode: 'Never',
            installHint: 'Install it with brew.',
          },
        }).authHeaders(),
      ),
      'Exec',
      '"orkestra-no-such-plugin"',
      'could not be started: ENOENT',
      'Install it with brew.',
    );
    const garbage = plugin(`process.stdout.write('token: ${SECRET_TOKEN}');`);
    expectProblem(
      await asyncError(load('c', execUser(garbage)).authHeaders()),
      'Exec',
      'printed no ExecCredential JSON',
    );
    const certs = plugin(credential({ clientCertificateData: 'C', clientKeyData: 'K' }));
    expectProblem(
      await asyncError(load('d', execUser(certs)).authHeaders()),
      'Unsupported',
      'returned a client certificate',
      'token only',
    );
    const wrongVersion = plugin(credential({ token: SECRET_TOKEN }, 'client.authentication.k8s.io/v1beta1'));
    expectProblem(
      await asyncError(load('e', execUser(wrongVersion)).authHeaders()),
      'Exec',
      'apiVersion "client.authentication.k8s.io/v1beta1"',
      'asks for "client.authentication.k8s.io/v1"',
    );
  });
});

describe('auth-provider users', () => {
  it('are handed to @kubernetes/client-node, imported only then', async () => {
    const payload = b64(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
    const idToken = `${b64('{"alg":"none"}').replace(/=+$/, '')}.${payload}.sig`;
    const config = loadKubeconfig({
      file: write(
        'config',
        simple({
          'auth-provider': {
            name: 'oidc',
            config: { 'id-token': idToken, 'client-id': 'x', 'idp-issuer-url': 'https://issuer' },
          },
        }),
      ),
      env: bareEnv(),
    });
    expect(config).toMatchObject({ authMethod: 'auth-provider', refreshesCredentials: true });
    expect(await config.authHeaders()).toEqual({ authorization: `Bearer ${idToken}` });
  });
});

describe('errors name the file, the context, cluster or user, and the fix — never a secret', () => {
  it('no kubeconfig anywhere, and KUBECONFIG naming no file that exists', () => {
    expectProblem(
      loadError(() => loadKubeconfig({ env: bareEnv() })),
      'NoConfig',
      'no kubeconfig found',
      'KUBECONFIG is not set',
      join(dir, 'home', '.kube', 'config'),
      'set KUBECONFIG',
    );
    expectProblem(
      loadError(() => loadKubeconfig({ env: bareEnv({ KUBECONFIG: join(dir, 'nope') }) })),
      'NoConfig',
      `KUBECONFIG=${join(dir, 'nope')} names no file that exists`,
    );
    expectProblem(
      loadError(() => loadKubeconfig({ file: join(dir, 'nope'), env: bareEnv() })),
      'Unreadable',
      join(dir, 'nope'),
      'no such file',
    );
  });

  it('an alias bomb ("billion laughs") is refused as too large once expanded, naming the file and the fix', () => {
    // Nine levels of nine aliases: 9^9 values from a few hundred bytes; a current-context that would be used.
    const levels = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 9; i++) {
      const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    const text = `apiVersion: v1\nkind: Config\ncurrent-context: c\n${levels.join('\n')}\npreferences: { x: *i }\n`;
    const file = write('bomb', text);
    const e = loadError(() => loadKubeconfig({ file, env: bareEnv() }));
    expectProblem(
      e,
      'Invalid',
      `the kubeconfig ${file} is too large once its YAML aliases are expanded: more than 100000 values`,
      'billion laughs',
      'write it without YAML anchors (&) and aliases (*)',
    );
    expect(e.file).toBe(file);
    expect(e.message).not.toContain('current');
    // Anchors and aliases as people use them are fine: they expand to little.
    const small = write(
      'anchors',
      'current-context: ctx\nclusters: [{ name: c, cluster: &c { server: "https://x" } }, { name: d, cluster: *c }]\n' +
        'users: [{ name: u, user: {} }]\ncontexts: [{ name: ctx, context: { cluster: d, user: u } }]\n',
    );
    expect(loadKubeconfig({ file: small, env: bareEnv() }).server).toBe('https://x');
  });

  it('bad YAML, without quoting the file (it may hold a token)', () => {
    const file = write('config', `users:\n- name: u\n  user:\n    token: ${SECRET_TOKEN}\n   bad: [\n`);
    expectProblem(
      loadError(() => loadKubeconfig({ file, env: bareEnv() })),
      'Invalid',
      `the kubeconfig ${file} is not valid YAML`,
      'line',
    );
    expectProblem(
      loadError(() => loadKubeconfig({ file: write('list', '- a\n- b\n'), env: bareEnv() })),
      'Invalid',
      'is not a YAML mapping',
    );
    expectProblem(
      loadError(() =>
        loadKubeconfig({ file: write('noname', { clusters: [{ cluster: { server: 'https://x' } }] }), env: bareEnv() }),
      ),
      'Invalid',
      'clusters[0] has no name',
    );
    expectProblem(
      loadError(() =>
        loadKubeconfig({
          file: write('bool', simple({}, { server: 'https://x', 'insecure-skip-tls-verify': 'maybe' })),
          env: bareEnv(),
        }),
      ),
      'Invalid',
      'cluster "c"',
      '"insecure-skip-tls-verify" must be true or false',
    );
  });

  it('contexts: unknown, none current, naming clusters or users that do not exist', () => {
    const file = write(
      'config',
      kubeconfig({
        clusters: { c: { server: 'https://c' } },
        users: { u: {} },
        contexts: {
          a: { cluster: 'c', user: 'u' },
          b: { cluster: 'gone', user: 'u' },
          d: { cluster: 'c', user: 'ghost' },
        },
      }),
    );
    const none = loadError(() => loadKubeconfig({ file, env: bareEnv() }));
    expectProblem(
      none,
      'NoCurrentContext',
      file,
      'sets no current-context',
      'it has: a, b, d',
      'kubectl config use-context',
    );
    expect(none.contexts).toEqual(['a', 'b', 'd']);
    expectProblem(
      loadError(() => loadKubeconfig({ file, context: 'zzz', env: bareEnv() })),
      'NoContext',
      'has no context "zzz"',
      'it has: a, b, d',
    );
    expectProblem(
      loadError(() => loadKubeconfig({ file, context: 'b', env: bareEnv() })),
      'MissingReference',
      'context "b"',
      'cluster "gone"',
      file,
    );
    expectProblem(
      loadError(() => loadKubeconfig({ file, context: 'd', env: bareEnv() })),
      'MissingReference',
      'context "d"',
      'user "ghost"',
    );
    const dangling = write('dangling', kubeconfig({ contexts: { a: { cluster: 'c' } }, current: 'elsewhere' }));
    expectProblem(
      loadError(() => loadKubeconfig({ file: dangling, env: bareEnv() })),
      'NoContext',
      'current-context "elsewhere"',
    );
  });

  it('clusters: no server, a server that is no URL, proxy-url', () => {
    expectProblem(
      loadError(() => loadKubeconfig({ file: write('a', simple({}, {})), env: bareEnv() })),
      'Invalid',
      'cluster "c" has no server',
    );
    expectProblem(
      loadError(() => loadKubeconfig({ file: write('b', simple({}, { server: 'not a url' })), env: bareEnv() })),
      'Invalid',
      'cluster "c" has a server that is not a URL',
    );
    expectProblem(
      loadError(() =>
        loadKubeconfig({
          file: write('c', simple({}, { server: 'https://x', 'proxy-url': 'socks5://p:1080' })),
          env: bareEnv(),
        }),
      ),
      'Unsupported',
      'cluster "c"',
      'proxy-url',
      'does not support',
    );
  });

  it('users: ambiguous or incomplete credentials, unsupported exec settings', () => {
    const load = (name: string, user: Record<string, unknown>) =>
      loadError(() => loadKubeconfig({ file: write(name, simple(user)), env: bareEnv() }));
    expectProblem(
      load('a', { token: SECRET_TOKEN, username: 'x', password: SECRET_PASSWORD }),
      'Invalid',
      'user "u"',
      'both a token and username/password',
    );
    expectProblem(
      load('b', { 'client-certificate-data': b64('C') }),
      'Invalid',
      'user "u"',
      'client certificate and a client key',
    );
    expectProblem(
      load('c', { exec: { apiVersion: 'client.authentication.k8s.io/v1alpha1', command: 'x' } }),
      'Unsupported',
      'exec apiVersion "client.authentication.k8s.io/v1alpha1"',
    );
    expectProblem(
      load('d', { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'x' } }),
      'Invalid',
      'must set interactiveMode',
    );
    expectProblem(
      load('e', { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'x', interactiveMode: 'Always' } }),
      'Unsupported',
      'interactiveMode Always',
      'no terminal',
    );
    expectProblem(
      load('f', { exec: { apiVersion: 'client.authentication.k8s.io/v1', interactiveMode: 'Never' } }),
      'Invalid',
      'exec has no command',
    );
  });

  it('files named by the kubeconfig that cannot be read, at the first request', async () => {
    const config = loadKubeconfig({
      file: write(
        'a',
        simple({ token: SECRET_TOKEN }, { server: 'https://x', 'certificate-authority': 'missing-ca.pem' }),
      ),
      env: bareEnv(),
    });
    expectProblem(
      await asyncError(config.tlsOptions()),
      'Unreadable',
      `the certificate-authority ${join(dir, 'missing-ca.pem')}`,
      'cluster "c"',
      'ENOENT',
    );
    const tokenFile = loadKubeconfig({ file: write('b', simple({ tokenFile: 'no-token' })), env: bareEnv() });
    expectProblem(
      await asyncError(tokenFile.authHeaders()),
      'Unreadable',
      `token file ${join(dir, 'no-token')}`,
      'user "u" of context "ctx"',
    );
  });

  it('in-cluster: no port, no token', () => {
    expectProblem(
      loadError(() => loadInClusterConfig({ env: { KUBERNETES_SERVICE_HOST: 'h' }, serviceAccountDir: dir })),
      'InCluster',
      'KUBERNETES_SERVICE_PORT',
      'port: unset',
    );
    expectProblem(
      loadError(() =>
        loadInClusterConfig({
          env: { KUBERNETES_SERVICE_HOST: 'h', KUBERNETES_SERVICE_PORT: '443' },
          serviceAccountDir: dir,
        }),
      ),
      'InCluster',
      join(dir, 'token'),
      'automountServiceAccountToken',
    );
  });
});
