import { describe, expect, it } from '@jest/globals';
import {
  annotationsBesidesInventory,
  formatKind,
  INVENTORY_ANNOTATION,
  inventoryValue,
  parseKind,
  recordedKinds,
} from '../src/inventory.js';

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
