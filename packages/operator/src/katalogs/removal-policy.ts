/**
 * A Katalog's `spec.removalPolicy`: what happens to a kind's instances and CRD when the kind stops being served
 * because the Katalog was deleted or the kind was removed from it by an edit. The default keeps both (the safe
 * one: nothing a team stored disappears unless the team said so). Pure: parsing and its problems.
 */

/** A problem of the policy, at its field path (a `KatalogProblem`; declared here, since compile.ts imports this). */
interface KatalogProblem {
  path: string;
  message: string;
  hint?: string;
}

/** What is done with a kind the Katalog no longer serves. */
export interface RemovalPolicy {
  /** `Keep`: the instances (and their children) stay; `Delete`: the runtime deletes them, as the ServiceAccount. */
  instances: 'Keep' | 'Delete';
  /**
   * `Keep`: the CRD stays; `DeleteIfCreated`: the runtime deletes it when this Katalog created it (its labels),
   * no other Katalog serves it and no instance is left. Needs `instances: Delete` (deleting a CRD deletes its
   * objects, which `Keep` promises not to).
   */
  crd: 'Keep' | 'DeleteIfCreated';
}

/** The default: keep the instances and the CRD. */
export const KEEP_ALL: RemovalPolicy = { instances: 'Keep', crd: 'Keep' };

const INSTANCES = ['Keep', 'Delete'] as const;
const CRD = ['Keep', 'DeleteIfCreated'] as const;

/** `spec.removalPolicy` as written, with every problem at its field path; the default when absent. */
export function parseRemovalPolicy(raw: unknown): { policy: RemovalPolicy; problems: KatalogProblem[] } {
  const path = 'spec.removalPolicy';
  if (raw === undefined || raw === null) return { policy: KEEP_ALL, problems: [] };
  if (typeof raw !== 'object' || Array.isArray(raw))
    return {
      policy: KEEP_ALL,
      problems: [
        { path, message: 'must be an object', hint: '{ instances: Keep | Delete, crd: Keep | DeleteIfCreated }' },
      ],
    };
  const { instances = 'Keep', crd = 'Keep', ...rest } = raw as Record<string, unknown>;
  const problems: KatalogProblem[] = Object.keys(rest).map((key) => ({
    path: `${path}.${key}`,
    message: 'is not a field of removalPolicy',
    hint: 'removalPolicy has instances and crd',
  }));
  const oneOf = (field: string, value: unknown, allowed: readonly string[]) => {
    if (typeof value === 'string' && allowed.includes(value)) return true;
    problems.push({
      path: `${path}.${field}`,
      message: `is ${JSON.stringify(value)}: want one of ${allowed.join(', ')}`,
      hint: `the default is Keep`,
    });
    return false;
  };
  const okInstances = oneOf('instances', instances, INSTANCES);
  const okCrd = oneOf('crd', crd, CRD);
  if (okInstances && okCrd && crd === 'DeleteIfCreated' && instances !== 'Delete')
    problems.push({
      path: `${path}.crd`,
      message: 'DeleteIfCreated needs instances: Delete (deleting a CRD deletes every object of its kind)',
      hint: 'set removalPolicy.instances: Delete, or keep the CRD (crd: Keep)',
    });
  if (problems.length) return { policy: KEEP_ALL, problems };
  return { policy: { instances, crd } as RemovalPolicy, problems };
}
