/**
 * redaction.ts: which fields of a child are secret for its kind (a Secret's data, what a handler declares per
 * kind — not every field of a handler that has a secret kind among others), and values recognised wherever a
 * Secret's value was copied.
 */
import { describe, expect, it } from '@jest/globals';
import { isSensitivePath, REDACTED, redactPaths, SecretValues, sensitivePathsOf } from '../src/index.js';

const anyKind = {
  kindOf: () => ({ apiVersion: 'v1', kind: 'ConfigMap' }),
  sensitiveFields: ['data', 'stringData'],
  sensitiveObjectFields: { Secret: ['data', 'stringData'] },
};

describe('sensitivePathsOf', () => {
  it("hides a Secret's data and stringData whatever the handler declares, and nothing of other kinds", () => {
    expect(sensitivePathsOf(anyKind, { apiVersion: 'v1', kind: 'Secret' })).toEqual(['data', 'stringData']);
    expect(sensitivePathsOf({}, { apiVersion: 'v1', kind: 'Secret' })).toEqual(['data', 'stringData']);
    expect(sensitivePathsOf(anyKind, { apiVersion: 'v1', kind: 'ConfigMap' })).toEqual([]);
    expect(sensitivePathsOf(anyKind, { apiVersion: 'apps/v1', kind: 'StatefulSet' })).toEqual([]);
  });

  it('takes the paths a handler declares for a kind', () => {
    const h = { sensitiveObjectFields: { Database: ['spec.password'] } };
    expect(sensitivePathsOf(h, { apiVersion: 'example.com/v1', kind: 'Database' })).toEqual(['spec.password']);
  });

  it('hides all but apiVersion, kind and metadata for a handler of one kind that names only source fields', () => {
    const h = { sensitiveFields: ['password'] };
    const paths = sensitivePathsOf(h, { apiVersion: 'example.com/v1', kind: 'Database' });
    expect(
      redactPaths({ apiVersion: 'x/v1', kind: 'Database', metadata: { name: 'a' }, spec: { u: 'b' } }, paths),
    ).toEqual({ apiVersion: 'x/v1', kind: 'Database', metadata: { name: 'a' }, spec: { u: REDACTED } });
    expect(isSensitivePath('metadata.labels.app', paths)).toBe(false);
    expect(isSensitivePath('spec.u', paths)).toBe(true);
  });
});

describe('isSensitivePath and redactPaths', () => {
  it('matches the path, what lies under it, and what holds it', () => {
    const paths = ['spec.password'];
    expect(isSensitivePath('spec.password', paths)).toBe(true);
    expect(isSensitivePath('spec', paths)).toBe(true);
    expect(isSensitivePath('spec.passwordHint', paths)).toBe(false);
    expect(isSensitivePath('spec.user', paths)).toBe(false);
    expect(isSensitivePath('data[0]', ['data'])).toBe(true);
  });

  it('keeps keys and hides values, leaving the other fields', () => {
    const obj = { kind: 'Secret', data: { a: 'eA==', b: 'keep' }, spec: { password: 'p', user: 'u' } };
    expect(redactPaths(obj, ['data', 'spec.password'], (v) => v === 'keep')).toEqual({
      kind: 'Secret',
      data: { a: REDACTED, b: 'keep' },
      spec: { password: REDACTED, user: 'u' },
    });
  });
});

describe('SecretValues', () => {
  const secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    data: { password: Buffer.from('s3cr3t-value').toString('base64'), pin: Buffer.from('42').toString('base64') },
    stringData: { token: 'tok-123456' },
  };

  it("knows a Secret's values stored and decoded, and ignores other kinds", () => {
    const values = new SecretValues();
    values.addSecret({ apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'not-secret' } });
    expect(values.size).toBe(0);
    values.addSecret(secret);
    expect(values.contains('s3cr3t-value')).toBe(true);
    expect(values.contains(Buffer.from('s3cr3t-value').toString('base64'))).toBe(true);
    expect(values.contains(Buffer.from('tok-123456').toString('base64'))).toBe(true);
    expect(values.contains('not-secret')).toBe(false);
  });

  it('hides strings that contain a value, deeply, and short values only as a whole', () => {
    const values = new SecretValues();
    values.addSecret(secret);
    expect(
      values.redact({ url: 'postgres://app:s3cr3t-value@db', pin: '42', port: '8042', list: ['tok-123456', 'x'] }),
    ).toEqual({ url: REDACTED, pin: REDACTED, port: '8042', list: [REDACTED, 'x'] });
    expect(values.redactText('Invalid value: "postgres://app:s3cr3t-value@db"')).toBe(
      `Invalid value: "postgres://app:${REDACTED}@db"`,
    );
  });
});
