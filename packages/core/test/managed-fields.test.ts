import { describe, expect, it } from '@jest/globals';
import { claimListItems, type FieldSet, type ManagedFieldsEntry, upgradeToApply } from '../src/managed-fields.js';

const port = (n: number) => `k:{"port":${n},"protocol":"TCP"}`;
const item = { '.': {}, 'f:name': {}, 'f:port': {}, 'f:protocol': {}, 'f:targetPort': {} };
const now = new Date('2026-12-02T10:00:00.123Z');

// What the API server holds after `kubectl edit` renumbered our port 80 to 81.
const managedFields: ManagedFieldsEntry[] = [
  {
    manager: 'orkestra',
    operation: 'Apply',
    apiVersion: 'v1',
    time: 't0',
    fieldsType: 'FieldsV1',
    fieldsV1: { 'f:spec': { 'f:selector': {} } },
  },
  {
    manager: 'kubectl-edit',
    operation: 'Update',
    apiVersion: 'v1',
    time: 't1',
    fieldsType: 'FieldsV1',
    fieldsV1: { 'f:spec': { 'f:ports': { [port(81)]: item } } },
  },
  {
    manager: 'hpa',
    operation: 'Update',
    apiVersion: 'v1',
    time: 't2',
    fieldsType: 'FieldsV1',
    fieldsV1: { 'f:metadata': { 'f:annotations': { 'f:note': {} } } },
  },
];
const ports81 = [{ list: ['spec', 'ports'], key: { port: 81, protocol: 'TCP' } }];

describe('claimListItems', () => {
  it("moves another manager's item to our Apply entry and drops the entry it leaves empty", () => {
    const { managedFields: out, changed } = claimListItems(managedFields, 'orkestra', ports81, 'v1', now);
    expect(changed).toBe(true);
    expect(out.map((e) => e.manager)).toEqual(['orkestra', 'hpa']);
    expect(out[0]!.fieldsV1).toEqual({ 'f:spec': { 'f:selector': {}, 'f:ports': { [port(81)]: item } } });
    expect(out[1]).toEqual(managedFields[2]);
    expect(managedFields[1]!.fieldsV1).toEqual({ 'f:spec': { 'f:ports': { [port(81)]: item } } }); // the input is untouched
  });

  it('keeps what else the other manager owns, and never leaves an empty list node behind', () => {
    const shared: ManagedFieldsEntry[] = [
      {
        manager: 'kubectl-edit',
        operation: 'Update',
        apiVersion: 'v1',
        fieldsV1: { 'f:spec': { 'f:type': {}, 'f:ports': { [port(81)]: item } } },
      },
    ];
    const { managedFields: out } = claimListItems(shared, 'orkestra', ports81, 'v1', now);
    expect(out).toEqual([
      { manager: 'kubectl-edit', operation: 'Update', apiVersion: 'v1', fieldsV1: { 'f:spec': { 'f:type': {} } } },
      {
        manager: 'orkestra',
        operation: 'Apply',
        apiVersion: 'v1',
        time: '2026-12-02T10:00:00Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': { 'f:ports': { [port(81)]: item } } },
      },
    ]);
  });

  it('an item nobody owns is claimed by its key; one that is ours already changes nothing', () => {
    const { managedFields: out } = claimListItems(
      [managedFields[0]!],
      'orkestra',
      [{ list: ['spec', 'ports'], key: { protocol: 'UDP', port: 53 } }],
      'v1',
      now,
    );
    expect(out[0]!.fieldsV1).toEqual({
      'f:spec': {
        'f:selector': {},
        'f:ports': { 'k:{"port":53,"protocol":"UDP"}': { '.': {}, 'f:protocol': {}, 'f:port': {} } },
      },
    });
    const again = claimListItems(
      out,
      'orkestra',
      [{ list: ['spec', 'ports'], key: { port: 53, protocol: 'UDP' } }],
      'v1',
      now,
    );
    expect(again.changed).toBe(false);
  });
});

describe('upgradeToApply', () => {
  const entry = (manager: string, operation: string, fieldsV1: FieldSet, extra: Partial<ManagedFieldsEntry> = {}) => ({
    manager,
    operation,
    apiVersion: 'v1',
    time: 't',
    fieldsType: 'FieldsV1',
    fieldsV1,
    ...extra,
  });
  const data = (...keys: string[]): FieldSet => ({ 'f:data': Object.fromEntries(keys.map((k) => [`f:${k}`, {}])) });

  it("merges the manager's Update entry into its Apply entry, other managers' entries untouched", () => {
    const other = entry('kubectl-edit', 'Update', data('c'));
    const status = entry('orkestra', 'Update', { 'f:status': {} }, { subresource: 'status' });
    const out = upgradeToApply(
      [entry('orkestra', 'Update', data('a', 'b')), other, entry('orkestra', 'Apply', data('a')), status],
      'orkestra',
    );
    expect(out).toEqual({
      managedFields: [other, entry('orkestra', 'Apply', data('a', 'b')), status],
      changed: true,
    });
  });

  it('turns a lone Update entry into the Apply entry', () => {
    const out = upgradeToApply([entry('orkestra', 'Update', data('a'))], 'orkestra');
    expect(out).toEqual({ managedFields: [entry('orkestra', 'Apply', data('a'))], changed: true });
  });

  it('changes nothing without an Update entry of the manager, or for another apiVersion', () => {
    const theirs = [entry('kubectl', 'Update', data('a')), entry('orkestra', 'Apply', data('b'))];
    expect(upgradeToApply(theirs, 'orkestra')).toEqual({ managedFields: theirs, changed: false });
    const versions = [
      entry('orkestra', 'Update', data('a'), { apiVersion: 'v2' }),
      entry('orkestra', 'Apply', data('b')),
    ];
    expect(upgradeToApply(versions, 'orkestra').changed).toBe(false);
  });
});
