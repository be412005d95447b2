import { expect } from '@jest/globals';
import type { OwnerObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';

/**
 * The owner that resource packages' unit tests build children for: a namespaced `Website` `prod/shop` with a
 * fixed uid, so expected owner references can be written down.
 */
export const sampleOwner: OwnerObject = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 'shop', namespace: 'prod', uid: 'u-1' },
};

/** The owner references core stamps on a child of `owner`: one, the controller, blocking owner deletion. */
export function controllerReferencesTo(owner: OwnerObject = sampleOwner): object[] {
  return [
    {
      apiVersion: owner.apiVersion,
      kind: owner.kind,
      name: owner.metadata.name,
      uid: owner.metadata.uid,
      controller: true,
      blockOwnerDeletion: true,
    },
  ];
}

/** What {@link expectHandlerShape} checks a handler against. */
export interface HandlerShape {
  key: string;
  apiVersion: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  sensitiveFields?: readonly string[];
  /** The schema's `required` list, when it has one. */
  required?: readonly string[];
  /** Fields the template source schema must have (others may exist). */
  fields: readonly string[];
}

/**
 * Asserts that a handler describes its kind as the reconciler and the CLI expect: key, apiVersion, kind, plural,
 * scope, sensitive fields, and a closed JSON Schema with at least `fields`.
 */
export function expectHandlerShape(handler: ResourceHandler<never, ResolvedSpec>, shape: HandlerShape): void {
  const { fields, required, ...identity } = shape;
  expect(handler).toMatchObject(identity);
  expect(handler.schema).toMatchObject({
    type: 'object',
    additionalProperties: false,
    ...(required ? { required } : {}),
  });
  expect(Object.keys(handler.schema.properties ?? {})).toEqual(expect.arrayContaining([...fields]));
}
