/**
 * The analysis of a configuration runs whichever way the operator is configured: a GenericReconciler built
 * directly refuses what a katalog refuses, with the same words; fields read of another child are checked
 * against its kind's schema, before any CR and while reconciling.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { handler as configmaps } from '@orkestra/configmaps';
import type { FieldStructure, OwnerObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { Kubeclient, loadKubeconfig } from '@orkestra/core/kube';
import { handler as deployments } from '@orkestra/deployments';
import { handler as services } from '@orkestra/services';
import { createTemplateEngine } from '@orkestra/template';
import {
  analyzeConfiguration,
  ConfigurationError,
  GenericReconciler,
  type HandlerTemplates,
  loadKatalog,
  type ReconcilerConfig,
} from '../src/index.js';
import { ChildPlanner, collectKindSchemas, type FoundCrd, schemaLookup, splitLocation } from '../src/internal.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
const dir = mkdtempSync(join(tmpdir(), 'orkestra-analysis-'));
const kubeconfig = join(dir, 'kubeconfig');
writeFileSync(
  kubeconfig,
  'apiVersion: v1\nkind: Config\nclusters: [{ name: c, cluster: { server: "https://127.0.0.1:1" } }]\n' +
    'users: [{ name: u, user: { token: t } }]\ncontexts: [{ name: c, context: { cluster: c, user: u } }]\ncurrent-context: c\n',
);
/** A client that is never asked anything: building a reconciler sends no request. */
const kube = new Kubeclient(loadKubeconfig({ file: kubeconfig }));
afterAll(() => kube.close());

type AnyHandler = ResourceHandler<unknown, ResolvedSpec>;
const handlers = [deployments, configmaps, services] as unknown as AnyHandler[];

function refusal(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    return e as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

function katalog(resources: string[]): string {
  return [
    'apiVersion: orkestra.io/v1alpha1',
    'kind: Katalog',
    'metadata: { name: w }',
    'spec:',
    '  crds:',
    '    - owner: { group: example.com, version: v1, kind: Website, plural: websites }',
    '      resources:',
    ...resources.map((l) => `        ${l}`),
  ].join('\n');
}

describe('a GenericReconciler built directly', () => {
  it('refuses a deployments template with imagee, with the message and hint the katalog gives', () => {
    const config: ReconcilerConfig = {
      owner,
      handlers,
      resources: { deployments: { onReconcile: [{ imagee: '{{spec.image}}', image: 'nginx' }] } },
    };
    const direct = refusal(() => new GenericReconciler(kube, config)).problems;
    expect(direct.map((p) => [p.path, p.message, p.hint])).toEqual([
      ['resources.deployments.onReconcile[0].imagee', 'is not a known field', 'did you mean image?'],
    ]);

    const text = katalog(['deployments:', '  onReconcile:', '    - { imagee: "{{spec.image}}", image: nginx }']);
    const fromKatalog = refusal(() => loadKatalog(text, { file: 'katalog.yaml', handlers })).problems;
    expect(fromKatalog.map((p) => [p.path, splitLocation(p.message).message, p.hint, p.location])).toEqual([
      [
        'spec.crds[0].resources.deployments.onReconcile[0].imagee',
        direct[0]!.message,
        direct[0]!.hint,
        'katalog.yaml:10:17',
      ],
    ]);
  });

  it('refuses a name whose literal part no value makes valid, as a katalog does; a name built from the CR passes', () => {
    const resources: Record<string, HandlerTemplates> = {
      configmaps: { onReconcile: [{ name: '{{metadata.name}}_Web!', data: { a: 'b' } }] },
    };
    const direct = refusal(() => new GenericReconciler(kube, { owner, handlers, resources })).problems;
    expect(direct.map((p) => p.path)).toEqual(['resources.configmaps.onReconcile[0].name']);
    expect(direct[0]?.message).toContain('"{{metadata.name}}_Web!", which no value of its {{…}} parts makes valid');

    const text = katalog(['configmaps:', '  onReconcile:', '    - { name: "{{metadata.name}}_Web!", data: { a: b } }']);
    const fromKatalog = refusal(() => loadKatalog(text, { handlers })).problems;
    expect(fromKatalog.map((p) => [p.path, splitLocation(p.message).message])).toEqual([
      ['spec.crds[0].resources.configmaps.onReconcile[0].name', direct[0]!.message],
    ]);

    const fine = { configmaps: { onReconcile: [{ name: '{{metadata.name}}-web', data: { a: '{{spec.a}}-x' } }] } };
    expect(() => new GenericReconciler(kube, { owner, handlers, resources: fine })).not.toThrow();
  });
});

describe('fields read of another child', () => {
  const serviceCrdLike = {
    crd: {
      spec: {
        group: 'example.com',
        names: { kind: 'Gadget', plural: 'gadgets' },
        scope: 'Namespaced',
        versions: [
          {
            name: 'v1',
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: { type: 'object', properties: { colour: { type: 'string' } } },
                  status: { type: 'object', properties: { phase: { type: 'string' } } },
                },
              },
            },
          },
        ],
      },
    },
    file: 'gadget-crd.yaml',
    location: 'gadget-crd.yaml:1:1',
  };
  /** A handler of any kind, as @orkestra/manifests is: the kind is the template's own. */
  const manifests = {
    key: 'manifests',
    apiVersion: '*',
    kind: '*',
    plural: '*',
    namespaced: true,
    schema: { type: 'object', additionalProperties: true },
    kindOf: (source: { apiVersion: string; kind: string }) => ({ apiVersion: source.apiVersion, kind: source.kind }),
    resolve: () => {
      throw new Error('not resolved here');
    },
  } as unknown as AnyHandler;

  it("are checked against the kind's schema (a CRD given), as are readyWhen paths", async () => {
    const config = {
      owner,
      handlers: [manifests, configmaps as unknown as AnyHandler],
      resources: {
        manifests: {
          onReconcile: [
            {
              id: 'gadget',
              apiVersion: 'example.com/v1',
              kind: 'Gadget',
              metadata: { name: '{{metadata.name}}' },
              readyWhen: { field: 'status.phse', operator: 'equals', value: 'Ready' },
            },
          ],
        },
        configmaps: { onReconcile: [{ name: 'x', data: { colour: '{{children.manifests.gadget.spec.colur}}' } }] },
      },
    } as const;
    const engine = createTemplateEngine();
    const kindSchemas = await collectKindSchemas([config as never], schemaLookup([serviceCrdLike as FoundCrd]), engine);
    const problems = analyzeConfiguration(config as never, { engine, kindSchemas });
    expect(problems.map((p) => [p.path, p.message, p.hint])).toEqual([
      [
        'resources.manifests.onReconcile[0].readyWhen',
        'status.phse is not a field of Gadget: status has no field "phse" (gadget-crd.yaml)',
        'did you mean status.phase?',
      ],
      [
        'resources.configmaps.onReconcile[0].data.colour',
        'children.manifests.gadget.spec.colur is not a field of Gadget: spec has no field "colur" (gadget-crd.yaml)',
        'did you mean children.manifests.gadget.spec.colour?',
      ],
    ]);
  });

  it('while reconciling, a field the live child’s kind does not have is an error, not a wait', () => {
    const resources: Record<string, HandlerTemplates> = {
      services: { onReconcile: [{ id: 'db', port: 5432 }] },
      configmaps: { onReconcile: [{ name: 'cfg', data: { host: '{{children.services.db.spec.clusterIPP}}' } }] },
    };
    const byKey = new Map(handlers.map((h) => [h.key, h]));
    const cr = {
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'shop', namespace: 'default', uid: 'u1' },
    } as OwnerObject;
    const live = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'shop', namespace: 'default' },
      spec: { clusterIP: '10.0.0.7' },
    };
    const service: FieldStructure = { properties: { spec: { properties: { clusterIP: {}, ports: {} } } } };

    const waiting = new ChildPlanner(resources, byKey, createTemplateEngine());
    const before = waiting.resolve(cr).deferred[0]!;
    expect(() => before.resolve({ services: { db: live } }, [])).toThrow(/clusterIPP/);
    expect(() => before.resolve({ services: { db: live } }, [])).not.toThrow(ConfigurationError);

    const planner = new ChildPlanner(resources, byKey, createTemplateEngine());
    planner.knowFields((apiVersion, kind) => (apiVersion === 'v1' && kind === 'Service' ? service : undefined));
    const deferred = planner.resolve(cr).deferred[0]!;
    let error: unknown;
    try {
      deferred.resolve({ services: { db: live } }, []);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      reason: 'Validation',
      problems: [
        {
          path: 'configmaps.onReconcile[0].data.host',
          message: 'children.services.db.spec.clusterIPP is not a field of Service: spec has no field "clusterIPP"',
          hint: 'did you mean children.services.db.spec.clusterIP?',
        },
      ],
    });
  });
});
