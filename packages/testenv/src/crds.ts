import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import {
  ApiException,
  ApiextensionsV1Api,
  type KubeConfig,
  KubernetesObjectApi,
  loadYaml,
  type V1CustomResourceDefinition,
} from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { waitFor } from './wait-for.js';

/**
 * A CRD to install: the object itself, or the path of a YAML/JSON file (several documents allowed)
 * or of a folder whose `*.yaml`, `*.yml` and `*.json` files are read (not recursively).
 *
 * An object may use the wire names of the schema keywords (`default`, `enum`, `$ref`,
 * `x-kubernetes-preserve-unknown-fields`, as in YAML) or client-node's model names (`_default`,
 * `_enum`, `ref`, `x_kubernetes_preserve_unknown_fields`); both work.
 */
export type CRDSource = string | V1CustomResourceDefinition;

/** A kind for {@link openCRD}: group, version, kind and plural; namespaced unless `scope` says otherwise. */
export interface OpenKind {
  group: string;
  version: string;
  kind: string;
  plural: string;
  scope?: 'Namespaced' | 'Cluster';
}

/**
 * The CRD of a kind whose `spec` and `status` accept any fields, with the status subresource: an owner kind for
 * tests that are about the children, not the owner's schema.
 *
 * @example
 * const stacks = openCRD({ group: 'example.com', version: 'v1', kind: 'Stack', plural: 'stacks' });
 * await installCRDs(env.kubeConfig, [stacks]);
 */
export function openCRD(kind: OpenKind): V1CustomResourceDefinition {
  const open = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${kind.plural}.${kind.group}` },
    spec: {
      group: kind.group,
      scope: kind.scope ?? 'Namespaced',
      names: {
        plural: kind.plural,
        singular: kind.kind.toLowerCase(),
        kind: kind.kind,
        listKind: `${kind.kind}List`,
      },
      versions: [
        {
          name: kind.version,
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: open, status: open } } },
        },
      ],
    },
  } as V1CustomResourceDefinition;
}

/** Options of {@link installCRDs}. */
export interface InstallCRDsOptions {
  /** How long to wait for all CRDs to be Established and served. Default 30 000 ms. */
  timeoutMs?: number;
}

const CRD_FILE = /\.(ya?ml|json)$/i;

/**
 * Reads CRD objects from sources (see {@link CRDSource}). Empty YAML documents are skipped;
 * anything that is not an `apiextensions.k8s.io/v1` CustomResourceDefinition is an error naming
 * the file and document, as is a path that does not exist.
 */
export function loadCRDs(sources: readonly CRDSource[]): V1CustomResourceDefinition[] {
  const out: V1CustomResourceDefinition[] = [];
  for (const source of sources) {
    if (typeof source !== 'string') {
      out.push(checkCRD(toWire(source), 'an object passed in'));
      continue;
    }
    let isDir: boolean;
    try {
      isDir = statSync(source).isDirectory();
    } catch {
      throw new Error(`@orkestra/testenv: CRD path ${source} does not exist`);
    }
    const files = isDir
      ? readdirSync(source)
          .filter((f) => CRD_FILE.test(f))
          .sort()
          .map((f) => join(source, f))
      : [source];
    for (const file of files) out.push(...readCRDFile(file));
  }
  return out;
}

function readCRDFile(file: string): V1CustomResourceDefinition[] {
  const text = readFileSync(file, 'utf8');
  if (extname(file).toLowerCase() === '.json') {
    const parsed = JSON.parse(text) as unknown;
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items.map((item, i) => checkCRD(item, `${file} (item ${i + 1})`));
  }
  const out: V1CustomResourceDefinition[] = [];
  parseAllDocuments(text).forEach((doc, i) => {
    if ('errors' in doc && doc.errors.length) {
      throw new Error(`@orkestra/testenv: ${file} document ${i + 1} is not valid YAML: ${doc.errors[0]?.message}`);
    }
    const value = doc.toJS() as unknown;
    if (value === null || value === undefined) return;
    out.push(checkCRD(value, `${file} (document ${i + 1})`));
  });
  return out;
}

/**
 * The CRD as client-node models, from its wire (JSON/YAML) form. client-node's serializer reads
 * model names (`_default`, `x_kubernetes_preserve_unknown_fields`, …) and silently drops the wire
 * names, so a plain YAML object must be deserialized before a typed API sends it.
 */
function checkCRD(value: unknown, where: string): V1CustomResourceDefinition {
  validateCRD(value, where);
  return loadYaml<V1CustomResourceDefinition>(JSON.stringify(value));
}

function validateCRD(value: unknown, where: string): void {
  const v = value as Partial<V1CustomResourceDefinition> | null;
  if (!v || typeof v !== 'object' || v.kind !== 'CustomResourceDefinition') {
    throw new Error(`@orkestra/testenv: ${where} is not a CustomResourceDefinition (kind: ${String(v?.kind)})`);
  }
  if (v.apiVersion !== 'apiextensions.k8s.io/v1') {
    throw new Error(`@orkestra/testenv: ${where} has apiVersion ${String(v.apiVersion)}; want apiextensions.k8s.io/v1`);
  }
  if (!v.metadata?.name || !v.spec?.group || !v.spec.names?.plural || !v.spec.versions?.length) {
    throw new Error(`@orkestra/testenv: ${where} lacks metadata.name, spec.group, spec.names.plural or spec.versions`);
  }
}

/** client-node model names of JSONSchemaProps keywords whose wire names differ. */
const SCHEMA_WIRE_NAMES: Record<string, string> = {
  _default: 'default',
  _enum: 'enum',
  ref: '$ref',
  schema: '$schema',
  x_kubernetes_embedded_resource: 'x-kubernetes-embedded-resource',
  x_kubernetes_int_or_string: 'x-kubernetes-int-or-string',
  x_kubernetes_list_map_keys: 'x-kubernetes-list-map-keys',
  x_kubernetes_list_type: 'x-kubernetes-list-type',
  x_kubernetes_map_type: 'x-kubernetes-map-type',
  x_kubernetes_preserve_unknown_fields: 'x-kubernetes-preserve-unknown-fields',
  x_kubernetes_validations: 'x-kubernetes-validations',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const mapValues = (v: unknown, f: (x: unknown) => unknown) =>
  isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, f(x)])) : v;

/** A JSONSchemaProps with model keyword names renamed to wire names (property names untouched). */
function schemaToWire(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    const name = SCHEMA_WIRE_NAMES[key] ?? key;
    switch (name) {
      case 'properties':
      case 'patternProperties':
      case 'definitions':
        out[name] = mapValues(value, schemaToWire);
        break;
      case 'dependencies':
        out[name] = mapValues(value, (d) => (Array.isArray(d) ? d : schemaToWire(d)));
        break;
      case 'items':
        out[name] = Array.isArray(value) ? value.map(schemaToWire) : schemaToWire(value);
        break;
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        out[name] = Array.isArray(value) ? value.map(schemaToWire) : value;
        break;
      case 'not':
      case 'additionalProperties':
      case 'additionalItems':
        out[name] = schemaToWire(value);
        break;
      default:
        out[name] = value;
    }
  }
  return out;
}

/** A CRD object (wire or model names) in wire form: only the schemas can differ. */
function toWire(crd: V1CustomResourceDefinition): unknown {
  const wire = JSON.parse(JSON.stringify(crd)) as Json;
  const spec = wire.spec as Json | undefined;
  if (spec && Array.isArray(spec.versions)) {
    spec.versions = spec.versions.map((v: unknown) => {
      if (!isObject(v) || !isObject(v.schema)) return v;
      return { ...v, schema: { ...v.schema, openAPIV3Schema: schemaToWire(v.schema.openAPIV3Schema) } };
    });
  }
  return wire;
}

const isApiError = (e: unknown, code: number) => e instanceof ApiException && e.code === code;

/**
 * Creates the CRDs (or replaces ones that exist), then waits until each is Established and every
 * served version is in discovery, so that the next request for a custom resource succeeds.
 * A CRD whose names are not accepted (a conflict with another CRD) fails at once with the
 * server's reason. Returns the CRDs as the server has them.
 *
 * @example
 * await installCRDs(env.kubeConfig, ['test/crds/', widgetCrdObject]);
 */
export async function installCRDs(
  kubeConfig: KubeConfig,
  sources: readonly CRDSource[],
  options: InstallCRDsOptions = {},
): Promise<V1CustomResourceDefinition[]> {
  const crds = loadCRDs(sources);
  if (!crds.length) return [];
  const { timeoutMs = 30_000 } = options;
  const api = kubeConfig.makeApiClient(ApiextensionsV1Api);

  await Promise.all(
    crds.map(async (crd) => {
      const body = crd;
      delete body.status;
      try {
        await api.createCustomResourceDefinition({ body });
      } catch (e) {
        if (!isApiError(e, 409)) throw e;
        const name = body.metadata?.name ?? '';
        const live = await api.readCustomResourceDefinition({ name });
        body.metadata = { ...body.metadata, resourceVersion: live.metadata?.resourceVersion };
        await api.replaceCustomResourceDefinition({ name, body });
      }
    }),
  );

  const deadline = Date.now() + timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  const installed = await Promise.all(
    crds.map(async (crd) => {
      const name = crd.metadata?.name ?? '';
      let rejection: string | undefined;
      const live = await waitFor(
        async () => {
          const live = await api.readCustomResourceDefinition({ name });
          const conditions = live.status?.conditions ?? [];
          const namesAccepted = conditions.find((c) => c.type === 'NamesAccepted');
          if (namesAccepted?.status === 'False') {
            rejection = namesAccepted.message || namesAccepted.reason || 'names not accepted';
            return live;
          }
          return conditions.some((c) => c.type === 'Established' && c.status === 'True') ? live : undefined;
        },
        { timeoutMs: remaining(), intervalMs: 50, description: `CRD ${name} to be Established` },
      );
      if (rejection) throw new CRDNotAcceptedError(name, rejection);
      return live;
    }),
  );

  const objects = KubernetesObjectApi.makeApiClient(kubeConfig);
  await Promise.all(
    crds.flatMap((crd) =>
      crd.spec.versions
        .filter((v) => v.served)
        .map((v) => {
          const apiVersion = `${crd.spec.group}/${v.name}`;
          // list() resolves the kind through discovery first ("Unrecognized API version and kind" until it is there).
          const listed = () =>
            objects.list(
              apiVersion,
              crd.spec.names.kind,
              undefined,
              undefined,
              undefined,
              undefined,
              undefined,
              undefined,
              1,
            );
          return waitFor(() => listed().then(() => true), {
            timeoutMs: remaining(),
            intervalMs: 50,
            description: `${crd.spec.names.kind} (${apiVersion}) to appear in API discovery`,
          });
        }),
    ),
  );
  return installed;
}

/** A CRD's names conflict with another CRD (condition NamesAccepted=False). */
export class CRDNotAcceptedError extends Error {
  override readonly name = 'CRDNotAcceptedError';
  constructor(
    readonly crdName: string,
    readonly reason: string,
  ) {
    super(`@orkestra/testenv: CRD ${crdName} was not accepted: ${reason}`);
  }
}
