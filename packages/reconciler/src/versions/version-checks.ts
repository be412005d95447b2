/** Checks of one entry of an owner API's `versions`, beyond its schemas: names, storage, conversion. */

import type { FieldProblem } from '@orkestra/core';

type Json = Record<string, unknown>;

const VERSION_NAME = /^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$/;

/**
 * The problems of the version `v` at `path` (`api.versions[0]`): a name the API server refuses (`v1`,
 * `v2beta1`), `toHub` without `fromHub` (or the reverse), functions beside a katalog's `conversion` module, a
 * `conversion` that is not a module path. Pure.
 */
export function versionProblems(v: Json, path: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (typeof v.name === 'string' && !VERSION_NAME.test(v.name))
    problems.push({
      path: `${path}.name`,
      message: `is not a Kubernetes version name: ${v.name}`,
      hint: 'write v<major>, optionally alpha<n> or beta<n> after it (v1, v2beta1, v1alpha2)',
    });
  const functions = ['toHub', 'fromHub'].filter((f) => v[f] !== undefined);
  for (const f of functions)
    if (typeof v[f] !== 'function') problems.push({ path: `${path}.${f}`, message: 'must be a function' });
  if (functions.length === 1)
    problems.push({
      path: `${path}.${functions[0] === 'toHub' ? 'fromHub' : 'toHub'}`,
      message: `is missing: ${functions[0]} is given, and a version converts both ways`,
      hint: 'give toHub (this version to the hub, the reconciler’s version) and fromHub (the hub to this version)',
    });
  if (v.conversion !== undefined && (typeof v.conversion !== 'string' || v.conversion.trim() === ''))
    problems.push({
      path: `${path}.conversion`,
      message: 'must be the path of a module exporting toHub and fromHub',
      hint: 'e.g. conversion: ./website-v1alpha1.ts (relative to the katalog)',
    });
  else if (v.conversion !== undefined && functions.length)
    problems.push({
      path: `${path}.conversion`,
      message: 'is given beside toHub/fromHub',
      hint: 'give the functions (in code) or the module (in a katalog), not both',
    });
  return problems;
}

/** Problems of the versions as a whole: one storage version at most, a name once. */
export function versionListProblems(versions: readonly Json[], path: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const storage = versions.filter((v) => v.storage === true);
  if (storage.length > 1)
    problems.push({
      path,
      message: `marks ${storage.length} versions as storage (${storage.map((v) => String(v.name)).join(', ')})`,
      hint: 'mark one version storage: true (default: the reconciler’s version)',
    });
  const seen = new Set<unknown>();
  versions.forEach((v, i) => {
    if (seen.has(v.name)) problems.push({ path: `${path}[${i}].name`, message: `${String(v.name)} is listed twice` });
    seen.add(v.name);
  });
  return problems;
}
