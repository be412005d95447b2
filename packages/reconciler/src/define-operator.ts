/**
 * `defineOperator`: the reconciler configuration written in TypeScript, with each child template typed by its
 * handler's source type, and checked at run time against the handler's JSON Schema exactly as a katalog is (so
 * a plain-JavaScript user gets the katalog's errors).
 */

import type { OwnerObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import type { Static, TSchema } from '@orkestra/core/authoring';
import { analyzeConfiguration } from './analysis/analyze.js';
import { ConfigurationError, type ConfigurationProblem } from './analysis/problems.js';
import { readOwnerApi } from './api-schema.js';
import type { HandlerTemplates, ReconcilerConfig, When } from './config.js';
import type { ReconcilerHooks } from './hooks.js';
import type { OwnerApi } from './owner-api.js';
import { PHASES } from './plan.js';
import type { Condition } from './status.js';

/** A string holding a Handlebars expression, e.g. `"{{spec.replicas}}"`: allowed wherever a value may be templated. */
export type TemplateString = `${string}{{${string}}}${string}`;

/**
 * A template source of type `T`: every scalar (number, boolean, string literal) may also be a
 * {@link TemplateString}, as may a whole list; objects keep their fields, so a misspelt one is a compile error.
 */
export type Templated<T> = T extends string | number | boolean | bigint
  ? T | TemplateString
  : T extends readonly (infer E)[]
    ? readonly Templated<E>[] | TemplateString
    : T extends object
      ? { [K in keyof T]: Templated<T[K]> }
      : T;

/**
 * One child template of a handler whose template source is `Source`, plus `when`, `forEach`, `readyWhen`, `id` and
 * `dependsOn` (see {@link ChildTemplate}).
 */
export type TypedChildTemplate<Source> = Templated<Source> & {
  when?: When;
  forEach?: string;
  readyWhen?: When;
  id?: string;
  dependsOn?: readonly string[];
};

/** The children of one handler by phase, typed by its source (see {@link HandlerTemplates}). */
export interface TypedHandlerTemplates<Source> {
  onCreate?: readonly TypedChildTemplate<Source>[];
  onReconcile?: readonly TypedChildTemplate<Source>[];
  onDelete?: readonly TypedChildTemplate<Source>[];
}

/** A handler with its templates: made by {@link children}, listed in {@link OperatorConfig.children}. */
export interface HandlerChildren {
  readonly handler: ResourceHandler<unknown, ResolvedSpec>;
  readonly templates: HandlerTemplates;
}

/**
 * {@link ReconcilerConfig} with handlers and their templates given together, typed; `CR` is the type the hooks
 * see the custom resource as (e.g. the one `orkestra generate types` writes), taken on trust from the CRD's
 * schema.
 */
export interface OperatorConfig<CR extends OwnerObject = OwnerObject>
  extends Omit<ReconcilerConfig, 'handlers' | 'resources' | 'hooks'> {
  /**
   * The owner kind's API (see {@link OwnerApi}): `spec` (and `status`) as TypeBox schemas — the hooks then see
   * the CR typed by them, with no generated code — or plain OpenAPI. Checked like a katalog's `api:`.
   */
  api?: OwnerApi;
  /** One entry per handler: `[children(deployments.handler, { onReconcile: [...] })]`. */
  children: readonly HandlerChildren[];
  /** The code hooks, each seeing the CR as `CR` (see {@link ReconcilerHooks}). */
  hooks?: ReconcilerHooks<CR>;
}

/**
 * The custom resource of an owner kind whose spec is `Spec` and whose status is `Status`: what
 * {@link defineOperator}'s hooks see when its `api.spec` is a TypeBox schema (`Spec = Static<typeof schema>`).
 */
export interface CustomResource<Spec, Status = { [field: string]: unknown }> extends OwnerObject {
  spec: Spec;
  status?: Status & { conditions?: Condition[]; observedGeneration?: number };
}

/** The TypeBox schemas of an owner's spec and status, as {@link OperatorConfig.api} takes them. */
export interface TypedOwnerApi<Spec extends TSchema, Status extends TSchema | undefined>
  extends Omit<OwnerApi, 'spec' | 'status'> {
  spec: Spec;
  status?: Status;
}

/**
 * Pairs a handler with its child templates, each typed by the handler's source type: a field the handler does
 * not know (`imagee`) or a value of the wrong type (`replicas: true`) is a compile error; `"{{ }}"` strings are
 * accepted wherever a value may be templated.
 *
 * @example
 * children(deployments.handler, { onReconcile: [{ image: '{{spec.image}}', replicas: '{{spec.replicas}}' }] })
 */
export function children<Source, Resolved extends ResolvedSpec>(
  handler: ResourceHandler<Source, Resolved>,
  templates: NoInfer<TypedHandlerTemplates<Source>>,
): HandlerChildren {
  return {
    handler: handler as unknown as ResourceHandler<unknown, ResolvedSpec>,
    templates: templates as HandlerTemplates,
  };
}

/**
 * Turns an {@link OperatorConfig} into the {@link ReconcilerConfig} a `GenericReconciler` takes, after the
 * analysis of the configuration (`analyzeConfiguration`: every template against its handler's JSON Schema, the
 * templates themselves, literal values — the katalog's checks, so a JavaScript caller without the types gets the
 * same errors). The same handler listed twice has its templates joined.
 *
 * Throws a {@link ConfigurationError} listing every problem by path (`children[0].onReconcile[1].imagee`);
 * nothing is returned half-checked.
 *
 * @example
 * const config = defineOperator({
 *   owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
 *   children: [children(deployments.handler, { onReconcile: [{ image: '{{spec.image}}' }] })],
 * });
 * const reconciler = new GenericReconciler(kube, config);
 */
export function defineOperator<Spec extends TSchema, Status extends TSchema | undefined = undefined>(
  config: Omit<
    OperatorConfig<
      CustomResource<Static<Spec>, Status extends TSchema ? Static<Status> : { [field: string]: unknown }>
    >,
    'api'
  > & { api: TypedOwnerApi<Spec, Status> },
): ReconcilerConfig;
export function defineOperator<CR extends OwnerObject = OwnerObject>(config: OperatorConfig<CR>): ReconcilerConfig;
export function defineOperator(config: OperatorConfig): ReconcilerConfig {
  const { children: entries, api: apiInput, ...rest } = config;
  const api = apiInput === undefined ? undefined : readOwnerApi(apiInput, 'api');
  const handlers: ResourceHandler<unknown, ResolvedSpec>[] = [];
  const resources: Record<string, HandlerTemplates> = {};
  /** `resources.<key>.<phase>[<merged index>]` → `children[<i>].<phase>[<j>]`. */
  const written = new Map<string, string>();
  entries.forEach(({ handler, templates }, i) => {
    if (!handlers.includes(handler)) handlers.push(handler);
    const merged = (resources[handler.key] ??= {});
    for (const phase of PHASES) {
      const list = templates[phase];
      if (!list) continue;
      const offset = merged[phase]?.length ?? 0;
      list.forEach((_, j) =>
        written.set(`resources.${handler.key}.${phase}[${offset + j}]`, `children[${i}].${phase}[${j}]`),
      );
      merged[phase] = [...(merged[phase] ?? []), ...list];
    }
  });
  const out: ReconcilerConfig = { ...rest, handlers, resources, ...(api?.api ? { api: api.api } : {}) };
  const problems: ConfigurationProblem[] = [...(api?.problems ?? [])];
  problems.push(
    ...analyzeConfiguration(out, {
      engine: config.templateEngine,
      source: { pathOf: (path) => userPath(path, written) },
    }),
  );
  if (problems.length > 0)
    throw new ConfigurationError(problems, { object: { kind: 'Operator', name: config.owner.kind } });
  return out;
}

/** A configuration path as the `children` list of {@link defineOperator} has it. */
function userPath(path: string, written: ReadonlyMap<string, string>): string {
  const m = /^resources\.[^.[]+\.(onCreate|onReconcile|onDelete)\[\d+\]/.exec(path);
  const at = m && written.get(m[0]);
  return at && m ? `${at}${path.slice(m[0].length)}` : path;
}
