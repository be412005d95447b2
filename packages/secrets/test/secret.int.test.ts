/** What only Secrets do, against the real API server (the contract itself: contract.int.test.ts). */
import { describe, expect, it } from '@jest/globals';
import {
  createContext,
  ImmutableFieldError,
  InvalidError,
  KubeApiError,
  type KubeObject,
  type Logger,
  OrkestraError,
  OwnershipError,
  ValidationError,
} from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as secrets from '../src/index.js';

const t = resourceTestEnv({ namespacePrefix: 'secrets' });

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const text = (base64: string | undefined) =>
  base64 === undefined ? undefined : Buffer.from(base64, 'base64').toString('utf8');

const ref = (name: string) => ({ apiVersion: 'v1', kind: 'Secret', namespace: t.namespace, name });
type SecretObject = KubeObject & { type?: string; data?: Record<string, string>; immutable?: boolean };
const read = (name: string) => t.other.get<SecretObject>(ref(name));
const dataOf = async (name: string) =>
  Object.fromEntries(Object.entries((await read(name))?.data ?? {}).map(([k, v]) => [k, text(v)]));
const theirs = (name: string, data: Record<string, string>, type?: string) =>
  t.other.create({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace: t.namespace },
    ...(type ? { type } : {}),
    stringData: data,
  });

describe('fromSecret', () => {
  it('copies keys from another Secret, declared keys winning, and follows changes of the source', async () => {
    await theirs('base', { shared: 'base', over: 'base', skip: 'no' });
    const spec = secrets.resolve(
      { fromSecret: { name: 'base', keys: ['shared', 'over'] }, stringData: { over: 'mine' } },
      'site',
    );
    await secrets.update(t.ctx, t.kube, t.owner, spec);
    expect(await dataOf('site-secret')).toEqual({ shared: 'base', over: 'mine' });
    t.kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await secrets.update(t.ctx, t.kube, t.owner, spec)).action).toBe('unchanged');
    expect(t.kube.requests.writes()).toBe(0);
    await t.other.patch(ref('base'), { stringData: { shared: 'rotated' } }, { fieldManager: 'rotator' });
    expect((await secrets.update(t.ctx, t.kube, t.owner, spec)).action).toBe('updated');
    expect(await dataOf('site-secret')).toEqual({ shared: 'rotated', over: 'mine' });
  });

  it('a missing source key, or a key the type needs that the source lacks, is an error naming it, and nothing is written', async () => {
    await theirs('cert', { 'tls.crt': 'c' });
    t.kube.requests.reset();
    await expect(
      secrets.update(t.ctx, t.kube, t.owner, secrets.resolve({ fromSecret: { name: 'cert', keys: ['nope'] } }, 'site')),
    ).rejects.toThrow(`fromSecret.keys: Secret ${t.namespace}/cert has no key "nope"`);
    const err = await secrets
      .update(t.ctx, t.kube, t.owner, secrets.resolve({ type: 'kubernetes.io/tls', fromSecret: 'cert' }, 'site'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toContain(
      `data.tls.key: is required by type kubernetes.io/tls (Secret ${t.namespace}/cert has no such key`,
    );
    expect(t.kube.requests.writes()).toBe(0);
    expect(await read('site-secret')).toBeUndefined();
  });
});

describe('generated keys', () => {
  it('a generated value survives five updates and a template change elsewhere', async () => {
    const spec = secrets.resolve({ generate: { password: { length: 40 } }, stringData: { user: 'admin' } }, 'site');
    expect((await secrets.update(t.ctx, t.kube, t.owner, spec)).action).toBe('created');
    const password = (await dataOf('site-secret')).password;
    expect(password).toMatch(/^[A-Za-z0-9]{40}$/);
    t.kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await secrets.update(t.ctx, t.kube, t.owner, spec)).action).toBe('unchanged');
    expect(t.kube.requests.writes()).toBe(0);
    const changed = secrets.resolve(
      {
        generate: { password: { length: 40 }, pin: { length: 6, charset: 'numeric' } },
        stringData: { user: 'root' },
        labels: { tier: 'db' },
      },
      'site',
    );
    expect((await secrets.update(t.ctx, t.kube, t.owner, changed)).action).toBe('updated');
    // The hand-over of the POSTed Secret's fields (its set of fields changes: once per child), then one apply.
    expect(t.kube.requests.writes()).toBe(2);
    const after = await dataOf('site-secret');
    expect(after).toMatchObject({ password, user: 'root' });
    expect(after.pin).toMatch(/^\d{6}$/);
    expect((await secrets.update(t.ctx, t.kube, t.owner, changed)).action).toBe('unchanged');
    expect((await dataOf('site-secret')).pin).toBe(after.pin);
  });

  it('a generated value someone deleted is generated again, with one write', async () => {
    const spec = secrets.resolve({ generate: ['password', 'token'] }, 'site');
    await secrets.update(t.ctx, t.kube, t.owner, spec);
    const before = await dataOf('site-secret');
    await t.other.patch(ref('site-secret'), { data: { password: null } }, { fieldManager: 'kubectl-edit' });
    t.kube.requests.reset();
    expect((await secrets.update(t.ctx, t.kube, t.owner, spec)).action).toBe('updated');
    expect(t.kube.requests.writes()).toBe(1);
    const after = await dataOf('site-secret');
    expect(after.password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(after.password).not.toBe(before.password);
    expect(after.token).toBe(before.token);
  });

  it('create keeps an existing Secret and its values', async () => {
    const spec = secrets.resolve({ generate: ['password'] }, 'site');
    await secrets.create(t.ctx, t.kube, t.owner, spec);
    const before = await dataOf('site-secret');
    expect((await secrets.create(t.ctx, t.kube, t.owner, spec)).action).toBe('unchanged');
    expect(await dataOf('site-secret')).toEqual(before);
  });
});

describe('immutable Secrets', () => {
  it('removing a key or turning immutable off is refused too; labels still change in place', async () => {
    await secrets.update(
      t.ctx,
      t.kube,
      t.owner,
      secrets.resolve({ stringData: { a: '1', b: '2' }, immutable: true }, 'site'),
    );
    t.kube.requests.reset();
    await expect(
      secrets.update(t.ctx, t.kube, t.owner, secrets.resolve({ stringData: { a: '1' }, immutable: true }, 'site')),
    ).rejects.toThrow(/data\.b \(the Secret is immutable: a key cannot be removed\)/);
    await expect(
      secrets.update(
        t.ctx,
        t.kube,
        t.owner,
        secrets.resolve({ stringData: { a: '1', b: '2' }, immutable: false }, 'site'),
      ),
    ).rejects.toThrow(ImmutableFieldError);
    await expect(
      secrets.update(t.ctx, t.kube, t.owner, secrets.resolve({ stringData: { a: '1', b: '2' } }, 'site')),
    ).rejects.toThrow(/immutable \(the Secret is immutable: it cannot be made mutable again\)/);
    expect(t.kube.requests.writes()).toBe(0);
    expect(
      (
        await secrets.update(
          t.ctx,
          t.kube,
          t.owner,
          secrets.resolve({ stringData: { a: '1', b: '2' }, immutable: true, labels: { tier: 'db' } }, 'site'),
        )
      ).action,
    ).toBe('updated');
    expect((await read('site-secret'))?.metadata.labels?.tier).toBe('db');
  });

  it('with recreate: true, it is deleted and created again, and its generated values are kept', async () => {
    await secrets.update(
      t.ctx,
      t.kube,
      t.owner,
      secrets.resolve({ stringData: { a: '1' }, generate: ['password'], immutable: true }, 'site'),
    );
    const before = await read('site-secret');
    const result = await secrets.update(
      t.ctx,
      t.kube,
      t.owner,
      secrets.resolve({ stringData: { a: '2' }, generate: ['password'], immutable: true, recreate: true }, 'site'),
    );
    expect(result.action).toBe('recreated');
    const after = await read('site-secret');
    expect(after?.metadata.uid).not.toBe(before?.metadata.uid);
    expect(text(after?.data?.a)).toBe('2');
    expect(after?.data?.password).toBe(before?.data?.password);
    expect(after?.immutable).toBe(true);
  });
});

describe('Secret values never leak', () => {
  const SECRET = 'hunter2-do-not-leak';
  const LEAKS = [SECRET, b64(SECRET), b64(`x${SECRET}`).slice(4, 20)];

  function capture(): { logger: Logger; lines: string[] } {
    const lines: string[] = [];
    const log = (level: string) => (fields: Record<string, unknown>, message: string) =>
      void lines.push(`${level} ${message} ${JSON.stringify(fields)}`);
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
    const lkube = new Kubeclient(t.cluster.kubeConfig, { logger, retry: { retries: 1, baseDelayMs: 10 } });
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
      await attempt(() =>
        secrets.resolve({ stringData: { password: SECRET }, data: { password: b64(SECRET) } }, 'site'),
      );
      await attempt(() =>
        secrets.resolve(
          { type: 'kubernetes.io/dockerconfigjson', stringData: { '.dockerconfigjson': `{${SECRET}` } },
          'site',
        ),
      );
      // A key the type needs, missing from the copied Secret.
      await theirs('cert', { 'tls.crt': SECRET });
      await attempt(() =>
        secrets.update(
          lctx,
          lkube,
          t.owner,
          secrets.resolve({ type: 'kubernetes.io/tls', fromSecret: 'cert' }, 'site'),
        ),
      );
      // The API server refuses: a Docker config that is not JSON (copied, so resolve cannot see it), and data
      // that is not base64 (an answer of code 500; a retry, if any, is logged with the error's message).
      await theirs('docker', { '.dockerconfigjson': `{"auths": ${SECRET}` });
      await attempt(() =>
        secrets.update(
          lctx,
          lkube,
          t.owner,
          secrets.resolve({ type: 'kubernetes.io/dockerconfigjson', fromSecret: 'docker' }, 'site'),
        ),
      );
      const unchecked = { ...secrets.resolve({}, 'site'), data: { password: `${SECRET}!` } }; // a spec that skipped resolve's checks
      await attempt(() => secrets.update(lctx, lkube, t.owner, unchecked));
      // A value someone else changed, corrected; then a change of an immutable Secret, refused.
      await secrets.update(lctx, lkube, t.owner, secrets.resolve({ stringData: { password: SECRET } }, 'site'));
      await t.other.patch(
        ref('site-secret'),
        { stringData: { password: `${SECRET}-changed` } },
        { fieldManager: 'kubectl-edit' },
      );
      const corrected = await secrets.update(
        lctx,
        lkube,
        t.owner,
        secrets.resolve({ stringData: { password: SECRET } }, 'site'),
      );
      expect(corrected.drifted).toEqual([
        { path: 'data.password', reason: 'changed', desired: '[redacted]', live: '[redacted]' },
      ]);
      await secrets.update(
        lctx,
        lkube,
        t.owner,
        secrets.resolve({ name: 'frozen', stringData: { password: SECRET }, immutable: true }, 'site'),
      );
      await attempt(() =>
        secrets.update(
          lctx,
          lkube,
          t.owner,
          secrets.resolve({ name: 'frozen', stringData: { password: `${SECRET}-2` }, immutable: true }, 'site'),
        ),
      );
      // Someone else's Secret.
      await theirs('taken-secret', { password: SECRET });
      await attempt(() =>
        secrets.update(
          lctx,
          lkube,
          t.owner,
          secrets.resolve({ name: 'taken-secret', stringData: { password: SECRET } }, 'site'),
        ),
      );
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
    for (const e of errors)
      for (const leak of LEAKS)
        expect({ error: exposed(e), leaked: exposed(e).includes(leak) }).toEqual({ error: exposed(e), leaked: false });
    expect(lines.some((l) => l.startsWith('info corrected drift'))).toBe(true);
    for (const line of lines)
      for (const leak of LEAKS) expect({ line, leaked: line.includes(leak) }).toEqual({ line, leaked: false });
  });
});
