import { describe, expect, it } from '@jest/globals';
import { checkLabelValue } from '../src/authoring.js';
import {
  assertOwnable,
  childSelector,
  controllerOf,
  controllerReference,
  isControlledBy,
  OWNER_LABEL,
  type OwnerObject,
  ownerLabelValue,
  ownerReferencesFor,
  ValidationError,
  withSystemLabels,
} from '../src/index.js';

const owner: OwnerObject = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 'shop', namespace: 'prod', uid: 'uid-1' },
};
const clusterOwner: OwnerObject = {
  apiVersion: 'example.com/v1',
  kind: 'Tenant',
  metadata: { name: 't', uid: 'uid-c' },
};

describe('owner references', () => {
  it('is one controller reference with blockOwnerDeletion and the UID', () => {
    expect(controllerReference(owner)).toEqual({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      name: 'shop',
      uid: 'uid-1',
      controller: true,
      blockOwnerDeletion: true,
    });
  });

  it('refuses an owner without a UID', () => {
    expect(() => controllerReference({ ...owner, metadata: { name: 'shop', uid: '' } })).toThrow(ValidationError);
  });

  it('keeps other non-controller references and drops other controllers', () => {
    const refs = ownerReferencesFor(owner, [
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'x', uid: 'u2' },
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'y', uid: 'u3', controller: true },
      { apiVersion: 'example.com/v1', kind: 'Website', name: 'shop', uid: 'uid-1' },
    ]);
    expect(refs.map((r) => r.uid)).toEqual(['uid-1', 'u2']);
  });

  it('allows a child in the owner namespace', () => {
    expect(() => assertOwnable(owner, { kind: 'ConfigMap', name: 'c', namespace: 'prod' })).not.toThrow();
  });

  it('refuses a namespaced owner for another namespace, naming both', () => {
    expect(() => assertOwnable(owner, { kind: 'ConfigMap', name: 'c', namespace: 'other' })).toThrow(
      /ConfigMap other\/c: namespace: must be the owner's namespace "prod", got "other"/,
    );
  });

  it('refuses a namespaced owner for a cluster-scoped child', () => {
    expect(() =>
      assertOwnable(owner, { kind: 'ClusterRole', name: 'c', namespace: undefined, clusterScoped: true }),
    ).toThrow(/cluster-scoped and cannot be owned by the namespaced Website prod\/shop/);
  });

  it('lets a cluster-scoped owner own anything', () => {
    expect(() => assertOwnable(clusterOwner, { kind: 'ConfigMap', name: 'c', namespace: 'any' })).not.toThrow();
    expect(() =>
      assertOwnable(clusterOwner, { kind: 'ClusterRole', name: 'c', namespace: undefined, clusterScoped: true }),
    ).not.toThrow();
  });
});

describe('ownership', () => {
  const child = (refs: object[]) => ({ metadata: { ownerReferences: refs } }) as never;

  it('is decided by the controller reference UID', () => {
    expect(isControlledBy(child([controllerReference(owner)]), owner)).toBe(true);
  });

  it('a same-named owner with another UID does not control it', () => {
    expect(isControlledBy(child([{ ...controllerReference(owner), uid: 'old-uid' }]), owner)).toBe(false);
  });

  it('a non-controller reference is not control', () => {
    expect(isControlledBy(child([{ ...controllerReference(owner), controller: false }]), owner)).toBe(false);
    expect(controllerOf(child([]))).toBeUndefined();
    expect(isControlledBy({ metadata: {} } as never, owner)).toBe(false);
  });
});

describe('system labels', () => {
  it('are stamped over template labels', () => {
    expect(withSystemLabels({ app: 'web', 'managed-by': 'helm', 'orkestra-owner': 'evil' }, 'shop')).toEqual({
      app: 'web',
      'managed-by': 'orkestra',
      'orkestra-owner': 'shop',
    });
  });

  it('keep short names as they are', () => {
    expect(ownerLabelValue('a'.repeat(63))).toBe('a'.repeat(63));
  });

  it('shorten long names to a valid, distinct 63-character value', () => {
    const long1 = `${'a'.repeat(60)}-one-${'x'.repeat(100)}`;
    const long2 = `${'a'.repeat(60)}-two-${'x'.repeat(100)}`;
    const v1 = ownerLabelValue(long1);
    const v2 = ownerLabelValue(long2);
    expect(v1.length).toBeLessThanOrEqual(63);
    expect(v1).not.toBe(v2);
    expect(checkLabelValue(v1)).toBeUndefined();
    expect(ownerLabelValue(long1)).toBe(v1);
  });

  it('shortened values end alphanumeric even when the cut falls on a dot', () => {
    const name = `${'a'.repeat(51)}.${'b'.repeat(100)}`;
    const v = ownerLabelValue(name);
    expect(checkLabelValue(v)).toBeUndefined();
    expect(v).not.toContain('.-');
  });

  it('select children of one owner or of all', () => {
    expect(childSelector()).toBe('managed-by=orkestra');
    expect(childSelector('shop')).toBe(`managed-by=orkestra,${OWNER_LABEL}=shop`);
  });
});
