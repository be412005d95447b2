import { describe, expect, it } from '@jest/globals';
import { ruleAllows } from '../src/rules-review.js';

describe('ruleAllows: a rules review rule against one verb on one resource, as RBAC matches it', () => {
  const q = { group: 'apps', resource: 'deployments', verb: 'patch' };
  it('needs the verb, the group and the resource', () => {
    expect(ruleAllows({ verbs: ['patch'], apiGroups: ['apps'], resources: ['deployments'] }, q)).toBe(true);
    expect(ruleAllows({ verbs: ['get'], apiGroups: ['apps'], resources: ['deployments'] }, q)).toBe(false);
    expect(ruleAllows({ verbs: ['patch'], apiGroups: [''], resources: ['deployments'] }, q)).toBe(false);
    expect(ruleAllows({ verbs: ['patch'], apiGroups: ['apps'], resources: ['statefulsets'] }, q)).toBe(false);
    expect(ruleAllows({ verbs: ['patch'], resources: ['deployments'] }, q)).toBe(false); // a non-resource rule
  });

  it('takes * for any verb, group or resource', () => {
    expect(ruleAllows({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, q)).toBe(true);
    expect(ruleAllows({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, { ...q, resource: 'x/status' })).toBe(true);
  });

  it('grants a subresource by its full name or by */<subresource>, never by the resource alone', () => {
    const status = { group: 'example.com', resource: 'websites/status', verb: 'patch' };
    const rule = (resources: string[]) => ({ verbs: ['patch'], apiGroups: ['example.com'], resources });
    expect(ruleAllows(rule(['websites/status']), status)).toBe(true);
    expect(ruleAllows(rule(['*/status']), status)).toBe(true);
    expect(ruleAllows(rule(['websites']), status)).toBe(false);
    expect(ruleAllows(rule(['*/scale']), status)).toBe(false);
    expect(ruleAllows(rule(['*/status']), { ...status, resource: 'websites' })).toBe(false);
  });

  it('with resourceNames, grants those objects only', () => {
    const rule = { verbs: ['update'], apiGroups: ['coordination.k8s.io'], resources: ['leases'], resourceNames: ['a'] };
    const lease = { group: 'coordination.k8s.io', resource: 'leases', verb: 'update' };
    expect(ruleAllows(rule, { ...lease, name: 'a' })).toBe(true);
    expect(ruleAllows(rule, { ...lease, name: 'b' })).toBe(false);
    expect(ruleAllows(rule, lease)).toBe(false);
  });
});
