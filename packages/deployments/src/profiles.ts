/**
 * Named resource profiles: the requests and limits of Orkestra's Go registry, so a template can say
 * `profile: small` instead of four quantities. Explicit `resources` override a profile field by field.
 */

/** Requests and limits of a container, as Kubernetes takes them: resource names to quantities. */
export interface ResourceRequirements {
  requests: Record<string, string>;
  limits: Record<string, string>;
}

/** The profiles, with the figures of Orkestra's Go registry. */
export const PROFILES = {
  tiny: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '100m', memory: '128Mi' } },
  small: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '250m', memory: '256Mi' } },
  medium: { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '500m', memory: '512Mi' } },
  large: { requests: { cpu: '500m', memory: '512Mi' }, limits: { cpu: '1', memory: '1Gi' } },
  burst: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '1', memory: '512Mi' } },
  steady: { requests: { cpu: '500m', memory: '512Mi' }, limits: { cpu: '500m', memory: '512Mi' } },
  'compute-heavy': { requests: { cpu: '1', memory: '512Mi' }, limits: { cpu: '2', memory: '1Gi' } },
  'memory-heavy': { requests: { cpu: '250m', memory: '1Gi' }, limits: { cpu: '500m', memory: '2Gi' } },
} as const satisfies Record<string, ResourceRequirements>;

/** The name of a profile: `tiny`, `small`, `medium`, `large`, `burst`, `steady`, `compute-heavy`, `memory-heavy`. */
export type ProfileName = keyof typeof PROFILES;

/** Every profile name, in the order above (what an unknown-profile error lists). */
export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];

/**
 * A profile's requests and limits, with `overrides` laid over it field by field: `requests.cpu` given
 * replaces only the profile's `requests.cpu`. Returns fresh objects.
 *
 * @example
 * profileResources('small', { limits: { memory: '1Gi' } });
 * // { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '250m', memory: '1Gi' } }
 */
export function profileResources(
  name: ProfileName | undefined,
  overrides: Partial<ResourceRequirements> = {},
): ResourceRequirements {
  const base = name === undefined ? { requests: {}, limits: {} } : PROFILES[name];
  return { requests: { ...base.requests, ...overrides.requests }, limits: { ...base.limits, ...overrides.limits } };
}
