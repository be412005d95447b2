import { describe, expect, it } from '@jest/globals';
import {
  annotationsBesidesInventory,
  formatKind,
  INVENTORY_ANNOTATION,
  inventoryGrows,
  inventoryValue,
  parseKind,
  recordedKinds,
} from '../src/inventory/annotation.js';
import { inventoryRecordName } from '../src/inventory/record.js';

describe('the inventory annotation', () => {
  it('writes Kind.version.group and reads it back, core group included', () => {
    expect(formatKind({ apiVersion: 'apps/v1', kind: 'Deployment' })).toBe('Deployment.v1.apps');
    expect(formatKind({ apiVersion: 'v1', kind: 'Service' })).toBe('Service.v1');
    expect(formatKind({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' })).toBe('Ingress.v1.networking.k8s.io');
    expect(parseKind('Ingress.v1.networking.k8s.io')).toEqual({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' });
    expect(parseKind('Service.v1')).toEqual({ apiVersion: 'v1', kind: 'Service' });
    expect(parseKind('not a kind')).toBeUndefined();
  });

  it('is sorted and deduplicated, and entries someone else wrote that do not parse are ignored', () => {
    const service = { apiVersion: 'v1', kind: 'Service' };
    expect(inventoryValue([service, { apiVersion: 'v1', kind: 'ConfigMap' }, service])).toBe('ConfigMap.v1,Service.v1');
    const cr = {
      apiVersion: 'x/v1',
      kind: 'X',
      metadata: { annotations: { [INVENTORY_ANNOTATION]: 'Service.v1, ??? ,Deployment.v1.apps', other: 'keep' } },
    };
    // Keyed as the reconciler keys kinds everywhere (kindKey); parsed once per annotation value.
    expect([...recordedKinds(cr).keys()]).toEqual(['v1/Service', 'apps/v1/Deployment']);
    expect(recordedKinds({ ...cr })).toBe(recordedKinds(cr));
    expect(annotationsBesidesInventory(cr)).toEqual({ other: 'keep' });
    expect(recordedKinds({ apiVersion: 'x/v1', kind: 'X', metadata: {} }).size).toBe(0);
  });
});

describe('with an inventory record', () => {
  const service = { apiVersion: 'v1', kind: 'Service' };
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment' };
  const floor = new Map([['apps/v1/Deployment', deployment]]);

  it('leaves the kinds the record lists out of the annotation, and grows it only for kinds beyond the record', () => {
    expect(inventoryValue([service, deployment], floor)).toBe('Service.v1');
    expect(inventoryValue([deployment], floor)).toBe('');
    expect(inventoryGrows(new Map(), floor, floor)).toBe(false);
    expect(inventoryGrows(new Map(), new Map([['v1/Service', service]]), floor)).toBe(true);
  });

  it('names the record for the owner kind, and for the watched namespaces in any order', () => {
    const owner = { plural: 'websites', group: 'example.com' };
    expect(inventoryRecordName(owner)).toBe('websites.example.com');
    expect(inventoryRecordName(owner, [])).toBe('websites.example.com');
    const some = inventoryRecordName(owner, ['shop', 'blog']);
    expect(some).toMatch(/^websites\.example\.com-[0-9a-f]{10}$/);
    expect(inventoryRecordName(owner, ['blog', 'shop', 'blog'])).toBe(some);
    expect(inventoryRecordName(owner, ['shop'])).not.toBe(some);
  });
});
