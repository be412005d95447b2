import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { silentLogger } from '@orkestra/core';
import type { ReconcilerConfig } from '@orkestra/reconciler';
import { AdmissionWebhookConfigError, FileCertificates, ReviewError, webhookPermissions } from '../src/index.js';
import { admissionHandler, checkAdmissionHooks } from '../src/webhooks/admission.js';

// The admission handlers as pure functions of a review: what the API server gets back for each hook outcome.
const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
const cr = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 'shop', namespace: 'ns' },
  spec: { image: 'nginx' },
};
const review = (object: unknown = cr) => ({
  apiVersion: 'admission.k8s.io/v1',
  kind: 'AdmissionReview',
  request: { uid: 'u1', operation: 'CREATE', object },
});
type Answer = {
  response: {
    uid: string;
    allowed: boolean;
    patch?: string;
    patchType?: string;
    status?: { code: number; message: string };
  };
};
const call = async (hooks: ReconcilerConfig['hooks'], hook: 'validate' | 'default', object?: unknown) =>
  (await admissionHandler({ owner, hooks }, hook, silentLogger)(review(object))) as Answer;
const patchOf = (a: Answer) => JSON.parse(Buffer.from(a.response.patch!, 'base64').toString());

describe('admission handlers', () => {
  it('validate: a message refuses (403) with it, undefined allows', async () => {
    const refused = await call({ validate: () => 'no tag' }, 'validate');
    expect(refused.response).toEqual({
      uid: 'u1',
      allowed: false,
      status: { code: 403, reason: 'Forbidden', message: 'no tag' },
    });
    expect((await call({ validate: () => undefined }, 'validate')).response).toEqual({ uid: 'u1', allowed: true });
  });

  it('default: changes in place or a returned CR become a JSON patch; no change, no patch', async () => {
    const inPlace = await call(
      {
        default: (c) => {
          (c as unknown as typeof cr & { spec: { greeting?: string } }).spec.greeting = 'hi';
        },
      },
      'default',
    );
    expect(inPlace.response.patchType).toBe('JSONPatch');
    expect(patchOf(inPlace)).toEqual([{ op: 'add', path: '/spec/greeting', value: 'hi' }]);
    const returned = await call(
      { default: (c) => ({ ...c, metadata: { ...c.metadata, labels: { tier: 'web' } } }) },
      'default',
    );
    expect(patchOf(returned)).toEqual([{ op: 'add', path: '/metadata/labels', value: { tier: 'web' } }]);
    expect((await call({ default: () => undefined }, 'default')).response).toEqual({ uid: 'u1', allowed: true });
  });

  it('default: a change outside spec, labels and annotations refuses, naming the field', async () => {
    const a = await call({ default: (c) => ({ ...c, metadata: { ...c.metadata, name: 'other' } }) }, 'default');
    expect(a.response.allowed).toBe(false);
    expect(a.response.status?.message).toBe(
      'default hook changed metadata.name: only spec, metadata.labels and metadata.annotations may be defaulted',
    );
  });

  it('a hook that throws, or reads the caches, refuses with the message (code 500)', async () => {
    const threw = await call(
      {
        validate: () => {
          throw new Error('boom');
        },
      },
      'validate',
    );
    expect(threw.response.status).toEqual({
      code: 500,
      reason: 'InternalError',
      message: 'validate hook failed: boom',
    });
    const read = await call(
      { validate: (_c, ctx) => (ctx.reader.get({ apiVersion: 'v1', kind: 'ConfigMap', name: 'x' }) ? 'x' : undefined) },
      'validate',
    );
    expect(read.response.status?.message).toMatch(/ctx.reader is not available at admission/);
  });

  it('throws a ReviewError (the server answers 400) on a review of another kind, or one without request', async () => {
    const handler = admissionHandler({ owner, hooks: {} }, 'validate', silentLogger);
    const wrongKind = handler({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' });
    await expect(wrongKind).rejects.toBeInstanceOf(ReviewError);
    await expect(wrongKind).rejects.toThrow(
      'expected an admission.k8s.io/v1 AdmissionReview, got apiextensions.k8s.io/v1 ConversionReview',
    );
    const noRequest = handler({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' });
    await expect(noRequest).rejects.toBeInstanceOf(ReviewError);
    await expect(noRequest).rejects.toThrow('the AdmissionReview has no request with a uid');
  });

  it('refuses a configuration opting in a hook it lacks, or a default hook not opted in', () => {
    expect(() => checkAdmissionHooks({ owner, webhooks: { validate: true } })).toThrow(AdmissionWebhookConfigError);
    expect(() => checkAdmissionHooks({ owner, webhooks: { validate: true } })).toThrow(
      'Website (websites.example.com): webhooks.validate is set but there is no hooks.validate to serve',
    );
    expect(() => checkAdmissionHooks({ owner, hooks: { default: () => undefined } })).toThrow(
      'hooks.default runs only at admission',
    );
    expect(() => checkAdmissionHooks({ owner, hooks: { validate: () => undefined } })).not.toThrow();
  });
});

describe('webhookPermissions', () => {
  it('self-managed: the Secret by name, create on secrets, the configurations by name; cert-manager: none', () => {
    const p = webhookPermissions({ name: 'op', secretName: 'op-webhook-cert' }, 'ops', [
      'ValidatingWebhookConfiguration',
    ]);
    expect(p.map(({ why: _, ...rest }) => rest)).toEqual([
      {
        group: '',
        resource: 'secrets',
        verbs: ['get', 'update'],
        namespace: 'ops',
        resourceNames: ['op-webhook-cert'],
      },
      { group: '', resource: 'secrets', verbs: ['create'], namespace: 'ops' },
      {
        group: 'admissionregistration.k8s.io',
        resource: 'validatingwebhookconfigurations',
        verbs: ['get', 'update'],
        resourceNames: ['op'],
      },
    ]);
    expect(
      webhookPermissions({ name: 'op', secretName: undefined }, 'ops', ['ValidatingWebhookConfiguration']),
    ).toEqual([]);
  });
});

describe('FileCertificates (cert-manager mode)', () => {
  it('reads tls.crt and tls.key, hands on a changed pair, and names a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orkestra-certs-'));
    writeFileSync(join(dir, 'tls.crt'), 'CERT1');
    writeFileSync(join(dir, 'tls.key'), 'KEY1');
    const source = new FileCertificates({ dir, pollMs: 20 });
    const abort = new AbortController();
    const seen: string[] = [];
    expect(await source.start((c) => seen.push(c.certPem), abort.signal)).toEqual({ certPem: 'CERT1', keyPem: 'KEY1' });
    expect(source.caBundle()).toBeUndefined();
    writeFileSync(join(dir, 'tls.crt'), 'CERT2-longer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    abort.abort();
    expect(seen).toEqual(['CERT2-longer']);
    await expect(new FileCertificates({ dir: join(dir, 'none') }).start(() => undefined, abort.signal)).rejects.toThrow(
      /cannot read .*none\/tls\.crt.*mount the Secret/,
    );
  });
});
