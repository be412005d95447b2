import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import ts from 'typescript';
import * as authoring from '../src/authoring.js';
import * as clientNode from '../src/client-node/index.js';
import * as main from '../src/index.js';
import * as internal from '../src/internal.js';
import * as kube from '../src/kube/index.js';

// Every name each entry of `@orkestra/core` exports, values and types, pinned: adding, moving or removing one is a
// deliberate change to a public face (update the list here and say so in a changeset; see CONTRIBUTING). Operator
// authors use the main entry, resource-package authors `/authoring` as well; what only this repository's other
// packages need goes in src/internal.ts (`@orkestra/core/internal`), which is not public.
const ENTRIES = {
  '@orkestra/core': {
    file: 'index.ts',
    module: main,
    values: [
      'ANY_KIND',
      'AlreadyExistsError',
      'ConflictError',
      'ContestedItemsError',
      'DEFAULT_FIELD_MANAGER',
      'ForbiddenError',
      'ImmutableFieldError',
      'InvalidError',
      'KubeApiError',
      'MANAGED_BY_LABEL',
      'MANAGED_BY_VALUE',
      'NotFoundError',
      'OWNER_LABEL',
      'OrkestraError',
      'OwnershipError',
      'REDACTED',
      'SecretValues',
      'UnauthorizedError',
      'UnavailableError',
      'ValidationError',
      'asChild',
      'asOwner',
      'assertOwnable',
      'childSelector',
      'controllerOf',
      'controllerReference',
      'createChild',
      'createContext',
      'deleteChild',
      'isControlledBy',
      'isSensitivePath',
      'listOwnedChildren',
      'ownerLabelValue',
      'ownerReferencesFor',
      'problemPaths',
      'redactPaths',
      'refOf',
      'sensitivePathsOf',
      'silentLogger',
      'systemLabels',
      'updateChild',
      'withSystemLabels',
    ],
    types: [
      'ApplyOptions',
      'CacheAnswer',
      'CallOptions',
      'ChildKind',
      'ChildLike',
      'ChildPlacement',
      'ChildResult',
      'ChildWriteOptions',
      'Context',
      'ControlledFields',
      'ControllerClient',
      'DeleteOptions',
      'DriftedField',
      'ErrorReason',
      'FieldProblem',
      'FieldStructure',
      'ImmutableChange',
      'Impersonation',
      'JsonSchema',
      'KubeApiReason',
      'KubeObject',
      'KindRegistry',
      'KubeStatus',
      'ListOptions',
      'LogFields',
      'Logger',
      'ModelObject',
      'ModelObjectMeta',
      'ObjectClient',
      'ObjectList',
      'ObjectLocation',
      'ObjectMeta',
      'ObjectReader',
      'ObjectRef',
      'OwnerLike',
      'OwnerObject',
      'OwnerReference',
      'PatchOptions',
      'PeekAnswer',
      'ReadCache',
      'RequestDescription',
      'RequestTally',
      'ResolvedSpec',
      'ResourceHandler',
      'ResourceInfo',
      'StatusCause',
      'WatchEvent',
      'WatchOptions',
      'WriteOptions',
    ],
  },
  '@orkestra/core/authoring': {
    file: 'authoring.ts',
    module: authoring,
    values: [
      'APPLIED_FIELDS_ANNOTATION',
      'Type',
      'Validator',
      'booleanField',
      'buildChild',
      'canonicalBase64',
      'checkBase64',
      'checkConfigKey',
      'checkDns1035Label',
      'checkDns1123Label',
      'checkDns1123Subdomain',
      'checkLabelKey',
      'checkLabelValue',
      'checkPortName',
      'checkWrappedBase64',
      'commonSourceFields',
      'compareQuantities',
      'defineResource',
      'immutableDataChanges',
      'integerField',
      'matchObject',
      'metadataFor',
      'parseQuantity',
      'quantitiesEqual',
      'quantityField',
      'quantityStoredAs',
      'readKeysFrom',
      'resolveCommonFields',
      'roundUpQuantity',
      'stringField',
      'stringMapField',
      'throwIfProblems',
      'withAppliedFields',
      'withoutFields',
    ],
    types: [
      'ChildBehaviour',
      'CommonResolved',
      'CommonSource',
      'DefinedResource',
      'DriftResult',
      'KeySource',
      'ListItemKey',
      'MatchOptions',
      'NameRule',
      'Quantity',
      'ResourceDefinition',
      'Static',
      'TSchema',
    ],
  },
  '@orkestra/core/internal': {
    file: 'internal.ts',
    module: internal,
    values: [
      'DryRunClient',
      'InSyncChildWrites',
      'InSyncMemo',
      'builtInReadiness',
      'childKindOf',
      'deepEqual',
      'describeObject',
      'excessiveAliases',
      'fieldStructuresOf',
      'kindKey',
      'matchesLabelSelector',
      'redactDrift',
      'templateKindOf',
      'checkShardCount',
      'fnv1a64',
      'shardKeyOf',
      'shardOf',
      'shardRanges',
      'shardSelector',
    ],
    types: [
      'BuiltChild',
      'DryRunOptions',
      'InSyncAnswer',
      'ObjectRequest',
      'OpenApiDocument',
      'OpenApiSchema',
      'Readiness',
      'ReadinessStatus',
      'RequestClient',
      'ShardKeyField',
      'ShardRange',
    ],
  },
  '@orkestra/core/kube': {
    file: 'kube/index.ts',
    module: kube,
    values: [
      'BUILT_IN_KINDS',
      'BUILT_IN_KINDS_VERSION',
      'Kubeclient',
      'Kubeconfig',
      'KubeconfigError',
      'RequestCounter',
      'ResourceRegistry',
      'SERVICE_ACCOUNT_DIR',
      'WRITE_VERBS',
      'errorFromStatus',
      'groupVersionPath',
      'isNetworkError',
      'loadInClusterConfig',
      'loadKubeconfig',
      'resourcePath',
      'toKubeError',
    ],
    types: [
      'ClientNodeKubeConfig',
      'ExecPluginConfig',
      'HttpVersion',
      'KubeTlsOptions',
      'KubeclientConfig',
      'KubeclientOptions',
      'KubeconfigAuthMethod',
      'KubeconfigCluster',
      'KubeconfigOrigin',
      'KubeconfigProblem',
      'LoadKubeconfigOptions',
      'RetryOptions',
      'Verb',
    ],
  },
  '@orkestra/core/client-node': {
    file: 'client-node/index.ts',
    module: clientNode,
    values: ['ClientNodeObjectClient', 'fromModel', 'toModel'],
    types: ['ClientNodeObjectClientOptions'],
  },
} as const;

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

/** The names an entry file exports, split into values and type-only names, read from its export statements. */
function declaredExports(file: string): { values: string[]; types: string[] } {
  const source = ts.createSourceFile(file, readFileSync(join(SRC, file), 'utf8'), ts.ScriptTarget.Latest);
  const values: string[] = [];
  const types: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause)) throw new Error(`${file}: \`export *\` hides what an entry exports`);
    for (const element of clause.elements) {
      (statement.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text);
    }
  }
  return { values: values.sort(), types: types.sort() };
}

describe.each(Object.entries(ENTRIES))('%s', (_entry, pinned) => {
  test('exports exactly the listed values', () => {
    expect(Object.keys(pinned.module).sort()).toEqual([...pinned.values].sort());
  });

  test('its entry file declares exactly the listed values and types', () => {
    expect(declaredExports(pinned.file)).toEqual({
      values: [...pinned.values].sort(),
      types: [...pinned.types].sort(),
    });
  });
});

test('no name is exported by two entries', () => {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const [entry, pinned] of Object.entries(ENTRIES)) {
    for (const name of [...pinned.values, ...pinned.types]) {
      if (seen.has(name)) twice.push(`${name}: ${seen.get(name)} and ${entry}`);
      seen.set(name, entry);
    }
  }
  expect(twice).toEqual([]);
});

test('package.json declares each entry, and the build makes it', () => {
  const pkg = JSON.parse(readFileSync(join(SRC, '../package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const tsup = readFileSync(join(SRC, '../tsup.config.ts'), 'utf8');
  for (const [entry, pinned] of Object.entries(ENTRIES)) {
    const subpath = `.${entry.slice('@orkestra/core'.length)}`;
    expect(pkg.exports[subpath]).toMatchObject({ '@orkestra/source': `./src/${pinned.file}` });
    expect(tsup).toContain(`'src/${pinned.file}'`);
  }
});
