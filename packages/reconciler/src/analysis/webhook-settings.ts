/**
 * The check of `webhooks` (the hooks served at admission, see `AdmissionWebhooks`), where it is written: a
 * katalog's `spec.crds[i].webhooks` or `defineOperator`'s `webhooks`. Each problem names the field, the values it
 * takes (`timeoutSeconds` 1–30, `failurePolicy` Fail or Ignore) and, for a misspelt key, the key meant — rather
 * than the API server refusing the webhook configuration later, or a summary naming neither.
 */
import type { FieldProblem } from '@orkestra/core';
import { suggest } from '@orkestra/template';

const HOOKS = ['validate', 'default'] as const;
const SETTINGS = ['failurePolicy', 'timeoutSeconds'] as const;
const POLICIES = ['Fail', 'Ignore'] as const;
const MIN_TIMEOUT = 1;
const MAX_TIMEOUT = 30;

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `a string`, `an integer`, `a list`… for messages; never the value itself (it may be anything). */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (isMap(v)) return 'a map';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  return `a ${typeof v}`;
}

function unknownKey(path: string, key: string, known: readonly string[], what: string, takes: string): FieldProblem {
  const near = suggest(key, known);
  return { path: `${path}.${key}`, message: `is not a known ${what}`, hint: near ? `did you mean ${near}?` : takes };
}

const SETTINGS_HINT =
  `a hook takes failurePolicy (${POLICIES.join(' or ')}) and timeoutSeconds (${MIN_TIMEOUT} to ` + `${MAX_TIMEOUT})`;

/** The problem of `failurePolicy: v` at `path`, if any. */
function policyProblem(v: unknown, path: string): FieldProblem | undefined {
  if (typeof v === 'string' && (POLICIES as readonly string[]).includes(v)) return undefined;
  const near = typeof v === 'string' ? suggest(v, POLICIES) : undefined;
  return {
    path,
    message: `is ${typeof v === 'string' ? JSON.stringify(v) : kindOf(v)}, but must be Fail or Ignore`,
    hint: near
      ? `did you mean ${near}?`
      : 'Fail refuses the request when the webhook cannot answer (the default), Ignore lets it through',
  };
}

/** The problem of `timeoutSeconds: v` at `path`, if any. */
function timeoutProblem(v: unknown, path: string): FieldProblem | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= MIN_TIMEOUT && v <= MAX_TIMEOUT) return undefined;
  return {
    path,
    message:
      `is ${typeof v === 'number' ? v : kindOf(v)}, but must be a whole number of seconds from ${MIN_TIMEOUT} ` +
      `to ${MAX_TIMEOUT}`,
    hint: `the API server waits at most ${MAX_TIMEOUT} s for a webhook; the default is 10`,
  };
}

/** The problems of one hook's settings at `path` (`webhooks.validate`). */
function settingsProblems(value: unknown, path: string): FieldProblem[] {
  if (typeof value === 'boolean') return [];
  if (!isMap(value))
    return [
      {
        path,
        message: `is ${kindOf(value)}, but must be true, false, or a map of settings`,
        hint: `write true for the defaults (failurePolicy Fail, timeoutSeconds 10), or ${SETTINGS_HINT}`,
      },
    ];
  return Object.entries(value).flatMap(([key, v]) => {
    const problem =
      key === 'failurePolicy'
        ? policyProblem(v, `${path}.${key}`)
        : key === 'timeoutSeconds'
          ? timeoutProblem(v, `${path}.${key}`)
          : unknownKey(path, key, SETTINGS, 'webhook setting', SETTINGS_HINT);
    return problem ? [problem] : [];
  });
}

/**
 * Every problem of `webhooks` (a configuration's `webhooks`, as written), at paths below `webhooks`; none when
 * it is absent or right. Pure.
 */
export function webhookSettingsProblems(webhooks: unknown): FieldProblem[] {
  if (webhooks === undefined) return [];
  if (!isMap(webhooks))
    return [
      {
        path: 'webhooks',
        message: `is ${kindOf(webhooks)}, but must be a map`,
        hint: 'write webhooks: { validate: true } and/or default: true, each true or a map of settings',
      },
    ];
  return Object.entries(webhooks).flatMap(([key, value]) =>
    (HOOKS as readonly string[]).includes(key)
      ? settingsProblems(value, `webhooks.${key}`)
      : [unknownKey('webhooks', key, HOOKS, 'hook', 'webhooks takes validate and default')],
  );
}
