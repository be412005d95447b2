/**
 * Checking child templates against JSON Schemas, cheaply when they are valid: a handler's precompiled
 * {@link ResourceHandler.check} (Ajv standalone code generated at build time) and the reconciler's own of the
 * child fields accept a valid template without compiling anything. Ajv itself is loaded, and a schema compiled,
 * only to explain a value one of them refuses (or for a handler that carries no precompiled check) — with every
 * error and the schemas at hand for hints, as `describeAjvError` needs. A process with a valid katalog whose
 * handlers all carry checks never loads Ajv nor compiles a schema, which would dominate its start-up.
 */
import { createRequire } from 'node:module';
import type { JsonSchema, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import type * as AjvModule from 'ajv';
import type { Ajv, ValidateFunction } from 'ajv';
import { childFieldsAccept } from '../generated/schema-check.js';
import { CHILD_FIELDS } from './katalog-schema.js';

let explainer: Ajv | undefined;

/** The Ajv instance that compiles a schema to explain what it refuses (`allErrors`, `verbose`); loaded on first use. */
export function schemaExplainer(): Ajv {
  if (!explainer) {
    const { Ajv } = createRequire(import.meta.url)('ajv') as typeof AjvModule;
    explainer = new Ajv({ allErrors: true, strict: false, verbose: true });
  }
  return explainer;
}

/** Compiles the check of one child template of a handler: its source schema plus the child fields (`when`…). */
export function compileChildCheck(ajv: Ajv, schema: JsonSchema): ValidateFunction {
  return ajv.compile({ ...schema, properties: { ...(schema.properties ?? {}), ...CHILD_FIELDS } });
}

/**
 * True when a child template is valid by the precompiled checks alone: the child fields (`when`, `forEach`…)
 * by the reconciler's, the rest by the handler's {@link ResourceHandler.check}. False when either refuses it or
 * the handler has no precompiled check: then {@link compileChildCheck} decides, and explains.
 */
export function childAcceptedAhead(handler: ResourceHandler<unknown, ResolvedSpec>, item: unknown): boolean {
  if (!handler.check || item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  if (!childFieldsAccept(item)) return false;
  const source: Record<string, unknown> = { ...item };
  for (const field of Object.keys(CHILD_FIELDS)) delete source[field];
  return handler.check(source);
}
