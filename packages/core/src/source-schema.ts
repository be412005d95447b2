/**
 * Building blocks for the JSON Schema of a template source, with TypeBox: one definition gives both the
 * schema (for katalog validation and editors) and the TypeScript type (`Static<typeof Schema>`), so the two
 * cannot drift apart.
 *
 * Any string field of a source may hold a template, and templates yield strings: a field that is a number
 * or a boolean once resolved is therefore also accepted as a string here (`replicas: 3` or
 * `replicas: "{{spec.replicas}}"`), and `resolve` parses it.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

export type { Static, TSchema };
export { Type };

/** An integer, or a string that resolves to one. */
export function integerField(description: string, options: { minimum?: number; maximum?: number } = {}) {
  return Type.Union([Type.Integer(options), Type.String()], { description });
}

/** A boolean, or the strings `"true"`/`"false"` (or a template yielding them). */
export function booleanField(description: string) {
  return Type.Union([Type.Boolean(), Type.String()], { description });
}

/** A string. Numbers are accepted and turned into strings (a template may yield either). */
export function stringField(description: string) {
  return Type.Union([Type.String(), Type.Number()], { description });
}

/** A map of string keys to string values (labels, annotations, data). */
export function stringMapField(description: string) {
  return Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { description });
}

/** A resource quantity such as `500m`, `0.5`, `128Mi`, `1Gi`. */
export function quantityField(description: string) {
  return Type.Union([Type.String(), Type.Number()], { description });
}

/** The fields every source has: `name`, `namespace`, `labels`, `annotations`, `recreate`. */
export function commonSourceFields(defaultName: string) {
  return {
    name: Type.Optional(stringField(`The object's name; default ${defaultName}.`)),
    namespace: Type.Optional(
      stringField("The object's namespace; default and only allowed value for a namespaced owner: the owner's."),
    ),
    labels: Type.Optional(
      stringMapField('Labels; managed-by and orkestra-owner are always set by Orkestra and cannot be overridden.'),
    ),
    annotations: Type.Optional(stringMapField('Annotations.')),
    recreate: Type.Optional(
      booleanField(
        'On a change the API server refuses in place (an immutable field), delete and create the object instead of ' +
          'failing.',
      ),
    ),
  };
}
