import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  ImmutableFieldError, InvalidError, KubeApiError, OrkestraError, OwnershipError, ValidationError, createContext,
  type KubeObject, type Logger, type OwnerObject,
} from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import * as secrets from '../src/index.js';

const cluster = testCluster();
const ctx = createContext({ fieldManager: 'orkestra-test' });
let kube: Kubeclient;
let other: Kubeclient; // someone else: a user with kubectl, another controller
let ns: string;
let owner: OwnerObject;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const text = (base64: string | undefined) => (base64 === undefined ? undefined : Buffer.from(base64, 'base64').toString('utf8'));

async function makeOwner(name: string): Promise<OwnerObject> {
  const obj = await other.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data: { role: 'owner' } });
  return obj as KubeObject as OwnerObject;
}

const ref = (name: string) => ({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name });
type SecretObject = KubeObject & { type?: string; data?: Record<string, string>; immutable?: boolean };
const read = (name: string) => kube.get<SecretObject>(ref(name));
const dataOf = async (name: string) => Object.fromEntries(Object.entries((await read(name))?.data ?? {}).map(([k, v]) => [k, text(v)]));
const theirs = (name: string, data: Record<string, string>, type?: string) =>
  other.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: ns }, ...(type ? { type } : {}), stringData: data });

beforeAll(() => {
  kube = new Kubeclient(cluster.kubeConfig);
  other = new Kubeclient(cluster.kubeConfig);
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
  await other.close();
});
beforeEach(async () => {
  ns = await cluster.newNamespace('secrets');
  owner = await makeOwner('site');
  kube.requests.reset();
});

describe('create', () => {
  it('creates the Secret with the owner reference, system labels and every value as data', async () => {
    const result = await secrets.create(ctx, kube, owner, secrets.resolve({ stringData: { password: 'hunter2' }, data: { bin: 'AAEC' } }, 'site'));
    expect(result.action).toBe('created');
    const live = await read('site-secret');
    expect(live?.type).toBe('Opaque');
    expect(live?.data).toEqual({ password: b64('hunter2'), bin: 'AAEC' });
    expect(live?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'site' });
    expect(live?.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', name: 'site', uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }]);
  });

  it('is idempotent: an existing Secret of this owner costs no write', async () => {
    const spec = secrets.resolve({ stringData: { a: '1' } }, 'site');
    await secrets.create(ctx, kube, owner, spec);
    kube.requests.reset();
    const again = await secrets.create(ctx, kube, owner, spec);
    expect(again.action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it('refuses a Secret of the same name that nobody controls, without writing', async () => {
    await theirs('site-secret', { theirs: 'yes' });
    kube.requests.reset();
    await expect(secrets.create(ctx, kube, owner, secrets.resolve({ stringData: { a: '1' } }, 'site'))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect(await dataOf('site-secret')).toEqual({ theirs: 'yes' });
  });

  it('refuses a Secret controlled by another owner', async () => {
    const otherOwner = await makeOwner('other-site');
    await secrets.create(ctx, kube, otherOwner, secrets.resolve({ name: 'shared', stringData: { a: 'theirs' } }, 'other-site'));
    kube.requests.reset();
    const err = await secrets.create(ctx, kube, owner, secrets.resolve({ name: 'shared', stringData: { a: 'mine' } }, 'site')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OwnershipError);
    expect((err as Error).message).toContain(`is controlled by ConfigMap ${ns}/other-site`);
    expect(kube.requests.writes()).toBe(0);
    expect(await dataOf('shared')).toEqual({ a: 'theirs' });
  });

  it('two racing creates both succeed and leave one Secret', async () => {
    const spec = secrets.resolve({ stringData: { a: '1' } }, 'site');
    const racer = new Kubeclient(cluster.kubeConfig);
    const results = await Promise.all([secrets.create(ctx, kube, owner, spec), secrets.create(ctx, racer, owner, spec)]);
    await racer.close();
    expect(results.map((r) => r.action)).toContain('created');
    expect(await dataOf('site-secret')).toEqual({ a: '1' });
  });
});

describe('update', () => {
  it('creates a missing Secret', async () => {
    expect((await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1' } }, 'site'))).action).toBe('created');
  });

  it.each([
    ['given as stringData', { stringData: { password: 'hunter2', 'config.json': '{"x":1}\n' } }],
    ['given as data, with labels and annotations', { data: { bin: 'AAEC', wrapped: 'aGVs\nbG8=' }, labels: { app: 'web' }, annotations: { note: 'x' } }],
    ['of type kubernetes.io/tls', { type: 'kubernetes.io/tls', stringData: { 'tls.crt': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n', 'tls.key': 'k' } }],
    ['of type kubernetes.io/basic-auth, password generated', { type: 'kubernetes.io/basic-auth', stringData: { username: 'admin' }, generate: ['password'] }],
    ['immutable', { stringData: { a: '1' }, immutable: true }],
    ['empty', {}],
  ])('in sync (%s): zero writes over five updates', async (_, source) => {
    const spec = secrets.resolve(source, 'site');
    await secrets.update(ctx, kube, owner, spec);
    kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await secrets.update(ctx, kube, owner, spec)).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it.each([
    ['a data value', { data: { password: b64('evil') } }],
    ['a value, written as stringData', { stringData: { password: 'evil' } }],
    ['a removed data key', { data: { password: null } }],
    ['a label', { metadata: { labels: { app: 'other' } } }],
    ['a system label', { metadata: { labels: { 'orkestra-owner': 'nobody' } } }],
    ['an annotation', { metadata: { annotations: { note: 'changed' } } }],
  ])('corrects %s changed by someone else with exactly one write', async (_, patch) => {
    const spec = secrets.resolve({ stringData: { password: 'hunter2' }, labels: { app: 'web' }, annotations: { note: 'x' } }, 'site');
    await secrets.update(ctx, kube, owner, spec);
    await other.patch(ref('site-secret'), patch, { fieldManager: 'kubectl-edit' });
    kube.requests.reset();
    const result = await secrets.update(ctx, kube, owner, spec);
    expect(result.action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read('site-secret');
    expect(live?.data).toEqual({ password: b64('hunter2') });
    expect(live?.metadata.labels).toMatchObject({ app: 'web', 'orkestra-owner': 'site' });
    expect(live?.metadata.annotations).toMatchObject({ note: 'x' });
    expect(JSON.stringify(result.drifted)).not.toMatch(/hunter2|evil|aHVudGVy|ZXZpbA/);
    expect((await secrets.update(ctx, kube, owner, spec)).action).toBe('unchanged');
  });

  it('removes a key and an annotation the template stops setting, and leaves a user annotation and key alone', async () => {
    await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1', b: '2' }, annotations: { ours: 'x' } }, 'site'));
    await other.patch(ref('site-secret'), { metadata: { annotations: { 'user/note': 'keep me' } }, stringData: { added: 'by hand' } }, { fieldManager: 'kubectl-annotate' });
    kube.requests.reset();
    const result = await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1' } }, 'site'));
    expect(result.action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read('site-secret');
    expect(await dataOf('site-secret')).toEqual({ a: '1', added: 'by hand' });
    expect(live?.metadata.annotations).not.toHaveProperty('ours');
    expect(live?.metadata.annotations?.['user/note']).toBe('keep me');
  });

  it('refuses to update a Secret it does not control', async () => {
    await theirs('site-secret', { theirs: 'yes' });
    kube.requests.reset();
    await expect(secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1' } }, 'site'))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect(await dataOf('site-secret')).toEqual({ theirs: 'yes' });
  });

  it('refuses to change the type, or deletes and creates with recreate: true', async () => {
    await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { 'tls.crt': 'c', 'tls.key': 'k' } }, 'site'));
    const before = await read('site-secret');
    kube.requests.reset();
    const tls = { type: 'kubernetes.io/tls', stringData: { 'tls.crt': 'c', 'tls.key': 'k' } };
    const err = await secrets.update(ctx, kube, owner, secrets.resolve(tls, 'site')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
    expect((err as Error).message).toContain(`cannot update Secret ${ns}/site-secret: type (the type of a Secret cannot change)`);
    expect(kube.requests.writes()).toBe(0);
    expect((await secrets.update(ctx, kube, owner, secrets.resolve({ ...tls, recreate: true }, 'site'))).action).toBe('recreated');
    const after = await read('site-secret');
    expect(after?.type).toBe('kubernetes.io/tls');
    expect(after?.metadata.uid).not.toBe(before?.metadata.uid);
  });
});

describe('fromSecret', () => {
  it('copies keys from another Secret, declared keys winning, and follows changes of the source', async () => {
    await theirs('base', { shared: 'base', over: 'base', skip: 'no' });
    const spec = secrets.resolve({ fromSecret: { name: 'base', keys: ['shared', 'over'] }, stringData: { over: 'mine' } }, 'site');
    await secrets.update(ctx, kube, owner, spec);
    expect(await dataOf('site-secret')).toEqual({ shared: 'base', over: 'mine' });
    kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await secrets.update(ctx, kube, owner, spec)).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
    await other.patch(ref('base'), { stringData: { shared: 'rotated' } }, { fieldManager: 'rotator' });
    expect((await secrets.update(ctx, kube, owner, spec)).action).toBe('updated');
    expect(await dataOf('site-secret')).toEqual({ shared: 'rotated', over: 'mine' });
  });

  it('a missing source key, or a key the type needs that the source lacks, is an error naming it, and nothing is written', async () => {
    await theirs('cert', { 'tls.crt': 'c' });
    kube.requests.reset();
    await expect(secrets.update(ctx, kube, owner, secrets.resolve({ fromSecret: { name: 'cert', keys: ['nope'] } }, 'site')))
      .rejects.toThrow(`fromSecret.keys: Secret ${ns}/cert has no key "nope"`);
    const err = await secrets.update(ctx, kube, owner, secrets.resolve({ type: 'kubernetes.io/tls', fromSecret: 'cert' }, 'site')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toContain(`data.tls.key: is required by type kubernetes.io/tls (Secret ${ns}/cert has no such key`);
    expect(kube.requests.writes()).toBe(0);
    expect(await read('site-secret')).toBeUndefined();
  });
});

describe('generated keys', () => {
  it('a generated value survives five updates and a template change elsewhere', async () => {
    const spec = secrets.resolve({ generate: { password: { length: 40 } }, stringData: { user: 'admin' } }, 'site');
    expect((await secrets.update(ctx, kube, owner, spec)).action).toBe('created');
    const password = (await dataOf('site-secret')).password;
    expect(password).toMatch(/^[A-Za-z0-9]{40}$/);
    kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await secrets.update(ctx, kube, owner, spec)).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
    const changed = secrets.resolve({ generate: { password: { length: 40 }, pin: { length: 6, charset: 'numeric' } }, stringData: { user: 'root' }, labels: { tier: 'db' } }, 'site');
    expect((await secrets.update(ctx, kube, owner, changed)).action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const after = await dataOf('site-secret');
    expect(after).toMatchObject({ password, user: 'root' });
    expect(after.pin).toMatch(/^\d{6}$/);
    expect((await secrets.update(ctx, kube, owner, changed)).action).toBe('unchanged');
    expect((await dataOf('site-secret')).pin).toBe(after.pin);
  });

  it('a generated value someone deleted is generated again, with one write', async () => {
    const spec = secrets.resolve({ generate: ['password', 'token'] }, 'site');
    await secrets.update(ctx, kube, owner, spec);
    const before = await dataOf('site-secret');
    await other.patch(ref('site-secret'), { data: { password: null } }, { fieldManager: 'kubectl-edit' });
    kube.requests.reset();
    expect((await secrets.update(ctx, kube, owner, spec)).action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const after = await dataOf('site-secret');
    expect(after.password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(after.password).not.toBe(before.password);
    expect(after.token).toBe(before.token);
  });

  it('create keeps an existing Secret and its values', async () => {
    const spec = secrets.resolve({ generate: ['password'] }, 'site');
    await secrets.create(ctx, kube, owner, spec);
    const before = await dataOf('site-secret');
    expect((await secrets.create(ctx, kube, owner, spec)).action).toBe('unchanged');
    expect(await dataOf('site-secret')).toEqual(before);
  });
});

describe('immutable Secrets', () => {
  it('a data change is refused with the field and the way out, naming the key but not the value, and nothing is written', async () => {
    await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { password: 'hunter2' }, immutable: true }, 'site'));
    kube.requests.reset();
    const err = await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { password: 'hunter3' }, immutable: true }, 'site')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
    expect((err as Error).message).toMatch(new RegExp(`cannot update Secret ${ns}/site-secret: data.password \\(the Secret is immutable\\).*recreate: true`));
    expect((err as Error).message).not.toMatch(/hunter|aHVudGVy/);
    expect(kube.requests.writes()).toBe(0);
  });

  it('removing a key or turning immutable off is refused too; labels still change in place', async () => {
    await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1', b: '2' }, immutable: true }, 'site'));
    kube.requests.reset();
    await expect(secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1' }, immutable: true }, 'site'))).rejects.toThrow(/data\.b \(the Secret is immutable: a key cannot be removed\)/);
    await expect(secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1', b: '2' }, immutable: false }, 'site'))).rejects.toThrow(ImmutableFieldError);
    await expect(secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1', b: '2' } }, 'site'))).rejects.toThrow(/immutable \(the Secret is immutable: it cannot be made mutable again\)/);
    expect(kube.requests.writes()).toBe(0);
    expect((await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1', b: '2' }, immutable: true, labels: { tier: 'db' } }, 'site'))).action).toBe('updated');
    expect((await read('site-secret'))?.metadata.labels?.tier).toBe('db');
  });

  it('with recreate: true, it is deleted and created again, and its generated values are kept', async () => {
    await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '1' }, generate: ['password'], immutable: true }, 'site'));
    const before = await read('site-secret');
    const result = await secrets.update(ctx, kube, owner, secrets.resolve({ stringData: { a: '2' }, generate: ['password'], immutable: true, recreate: true }, 'site'));
    expect(result.action).toBe('recreated');
    const after = await read('site-secret');
    expect(after?.metadata.uid).not.toBe(before?.metadata.uid);
    expect(text(after?.data?.a)).toBe('2');
    expect(after?.data?.password).toBe(before?.data?.password);
    expect(after?.immutable).toBe(true);
  });
});

describe('delete', () => {
  it('missing: nothing happens', async () => {
    expect((await secrets.delete(ctx, kube, owner, secrets.resolve({}, 'site'))).action).toBe('absent');
    expect(kube.requests.writes()).toBe(0);
  });

  it('controlled by the owner: deleted', async () => {
    const spec = secrets.resolve({ stringData: { a: '1' } }, 'site');
    await secrets.create(ctx, kube, owner, spec);
    expect((await secrets.delete(ctx, kube, owner, spec)).action).toBe('deleted');
    expect(await read('site-secret')).toBeUndefined();
  });

  it("someone else's: OwnershipError and untouched", async () => {
    await theirs('site-secret', { theirs: 'yes' });
    kube.requests.reset();
    await expect(secrets.delete(ctx, kube, owner, secrets.resolve({}, 'site'))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect(await dataOf('site-secret')).toEqual({ theirs: 'yes' });
  });

  it('the garbage collector removes the Secret when the owner goes', async () => {
    await secrets.create(ctx, kube, owner, secrets.resolve({ stringData: { a: '1' } }, 'site'));
    await other.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'site' });
    await cluster.waitFor(async () => (await read('site-secret')) === undefined, { timeoutMs: 30_000, description: 'the child Secret to be garbage-collected' });
  });
});

describe('Secret values never leak', () => {
  const SECRET = 'hunter2-do-not-leak';
  const LEAKS = [SECRET, b64(SECRET), b64(`x${SECRET}`).slice(4, 20)];

  function capture(): { logger: Logger; lines: string[] } {
    const lines: string[] = [];
    const log = (level: string) => (fields: Record<string, unknown>, message: string) => void lines.push(`${level} ${message} ${JSON.stringify(fields)}`);
    return { lines, logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') } };
  }

  /** Everything an error can show: its message, its stack, its fields (status, problems, changes), its causes. */
  function exposed(e: unknown): string {
    const parts: string[] = [];
    for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++, cur = (cur as { cause?: unknown }).cause) {
      parts.push(String(cur), String((cur as Error).stack), JSON.stringify(cur));
    }
    return parts.join('\n');
  }

  it('from bad input, missing keys, immutable changes and API server refusals, in errors and in logs', async () => {
    const { logger, lines } = capture();
    const lctx = createContext({ fieldManager: 'orkestra-test', logger });
    const lkube = new Kubeclient(cluster.kubeConfig, { logger, retry: { retries: 1, baseDelayMs: 10 } });
    const errors: unknown[] = [];
    const attempt = async (fn: () => unknown) => {
      try {
        await fn();
      } catch (e) {
        errors.push(e);
        return;
      }
      throw new Error('expected an error');
    };
    try {
      // Bad input, refused by resolve.
      await attempt(() => secrets.resolve({ data: { password: `${SECRET}!` } }, 'site'));
      await attempt(() => secrets.resolve({ type: 'kubernetes.io/tls', stringData: { 'tls.crt': SECRET } }, 'site'));
      await attempt(() => secrets.resolve({ stringData: { password: SECRET }, data: { password: b64(SECRET) } }, 'site'));
      await attempt(() => secrets.resolve({ type: 'kubernetes.io/dockerconfigjson', stringData: { '.dockerconfigjson': `{${SECRET}` } }, 'site'));
      // A key the type needs, missing from the copied Secret.
      await theirs('cert', { 'tls.crt': SECRET });
      await attempt(() => secrets.update(lctx, lkube, owner, secrets.resolve({ type: 'kubernetes.io/tls', fromSecret: 'cert' }, 'site')));
      // The API server refuses: a Docker config that is not JSON (copied, so resolve cannot see it), and data
      // that is not base64 (an answer of code 500; a retry, if any, is logged with the error's message).
      await theirs('docker', { '.dockerconfigjson': `{"auths": ${SECRET}` });
      await attempt(() => secrets.update(lctx, lkube, owner, secrets.resolve({ type: 'kubernetes.io/dockerconfigjson', fromSecret: 'docker' }, 'site')));
      const unchecked = { ...secrets.resolve({}, 'site'), data: { password: `${SECRET}!` } }; // a spec that skipped resolve's checks
      await attempt(() => secrets.update(lctx, lkube, owner, unchecked));
      // A value someone else changed, corrected; then a change of an immutable Secret, refused.
      await secrets.update(lctx, lkube, owner, secrets.resolve({ stringData: { password: SECRET } }, 'site'));
      await other.patch(ref('site-secret'), { stringData: { password: `${SECRET}-changed` } }, { fieldManager: 'kubectl-edit' });
      const corrected = await secrets.update(lctx, lkube, owner, secrets.resolve({ stringData: { password: SECRET } }, 'site'));
      expect(corrected.drifted).toEqual([{ path: 'data.password', reason: 'changed', desired: '[redacted]', live: '[redacted]' }]);
      await secrets.update(lctx, lkube, owner, secrets.resolve({ name: 'frozen', stringData: { password: SECRET }, immutable: true }, 'site'));
      await attempt(() => secrets.update(lctx, lkube, owner, secrets.resolve({ name: 'frozen', stringData: { password: `${SECRET}-2` }, immutable: true }, 'site')));
      // Someone else's Secret.
      await theirs('taken-secret', { password: SECRET });
      await attempt(() => secrets.update(lctx, lkube, owner, secrets.resolve({ name: 'taken-secret', stringData: { password: SECRET } }, 'site')));
    } finally {
      await lkube.close();
    }

    const [bad64, missingKey, both, notJson, missingCopied, refusedJson, refused64, immutable, ownership] = errors;
    for (const e of [bad64, missingKey, both, notJson, missingCopied]) expect(e).toBeInstanceOf(ValidationError);
    expect(refusedJson).toBeInstanceOf(InvalidError);
    expect((refusedJson as InvalidError).causes.map((c) => c.field)).toEqual(['data[.dockerconfigjson]']);
    expect(refused64).toBeInstanceOf(KubeApiError);
    expect((refused64 as Error).message).toContain('illegal base64 data');
    expect(immutable).toBeInstanceOf(ImmutableFieldError);
    expect(ownership).toBeInstanceOf(OwnershipError);
    expect(errors).toHaveLength(9);
    for (const e of errors) expect(e).toBeInstanceOf(OrkestraError);
    for (const e of errors) for (const leak of LEAKS) expect({ error: exposed(e), leaked: exposed(e).includes(leak) }).toEqual({ error: exposed(e), leaked: false });
    expect(lines.some((l) => l.startsWith('info corrected drift'))).toBe(true);
    for (const line of lines) for (const leak of LEAKS) expect({ line, leaked: line.includes(leak) }).toEqual({ line, leaked: false });
  });
});
