/**
 * client-node interop without a cluster: models (class instances, `Date` timestamps, renamed fields) become core's
 * plain objects at the boundary (`asOwner`, `asChild`), and `@orkestra/core/client-node` converts both ways with
 * client-node's own serializer.
 */
import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, type V1CustomResourceDefinition, V1Deployment, V1ObjectMeta } from '@kubernetes/client-node';
import { fromModel, toModel } from '../src/client-node/index.js';
import { asChild, asOwner, type KubeObject, ValidationError } from '../src/index.js';

const WIRE_DEPLOYMENT: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', uid: 'u-1', creationTimestamp: '2026-12-03T07:00:00Z' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } } },
};

function modelDeployment(): V1Deployment {
  const metadata = new V1ObjectMeta();
  Object.assign(metadata, {
    name: 'web',
    namespace: 'shop',
    uid: 'u-1',
    creationTimestamp: new Date('2026-12-03T07:00:00Z'),
  });
  const d = new V1Deployment();
  Object.assign(d, { apiVersion: 'apps/v1', kind: 'Deployment', metadata });
  return d;
}

describe('asOwner and asChild', () => {
  it('take a plain object as it is: no copy on the hot path', () => {
    expect(asOwner(WIRE_DEPLOYMENT as never)).toBe(WIRE_DEPLOYMENT);
    expect(asChild(WIRE_DEPLOYMENT)).toBe(WIRE_DEPLOYMENT);
  });

  it('turn a model into plain JSON: Dates as RFC 3339 strings, no class instances', () => {
    const owner = asOwner(modelDeployment());
    expect(Object.getPrototypeOf(owner)).toBe(Object.prototype);
    expect(owner.metadata).toEqual({
      name: 'web',
      namespace: 'shop',
      uid: 'u-1',
      creationTimestamp: '2026-12-03T07:00:00.000Z',
    });
  });

  it('refuse an owner without a uid or name, naming each field', () => {
    const noUid = modelDeployment();
    noUid.metadata!.uid = undefined;
    noUid.metadata!.name = undefined;
    const error = (() => {
      try {
        asOwner(noUid);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).problems.map((p) => p.path)).toEqual(['metadata.name', 'metadata.uid']);
    expect((error as Error).message).toContain('pass the owner as read from the API server');
  });

  it('refuse a child without apiVersion or kind', () => {
    const cm = new V1ConfigMap();
    cm.metadata = { name: 'x' };
    expect(() => asChild(cm)).toThrow(/apiVersion.*is missing on the child/s);
  });
});

describe('@orkestra/core/client-node', () => {
  it('toModel gives the model class with Dates; fromModel gives the wire object back', () => {
    const model = toModel<V1Deployment>(WIRE_DEPLOYMENT);
    expect(model).toBeInstanceOf(V1Deployment);
    expect(model.metadata?.creationTimestamp).toEqual(new Date('2026-12-03T07:00:00Z'));
    expect(model.spec?.replicas).toBe(2);
    expect(fromModel(model)).toEqual({
      ...WIRE_DEPLOYMENT,
      metadata: { ...WIRE_DEPLOYMENT.metadata, creationTimestamp: '2026-12-03T07:00:00.000Z' },
    });
  });

  it('fromModel writes renamed fields by their wire names (which asChild alone cannot)', () => {
    const crd = toModel<V1CustomResourceDefinition>({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'a.b.c' },
      spec: {
        group: 'b.c',
        names: { kind: 'A', plural: 'as' },
        scope: 'Namespaced',
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, default: {} } },
          },
        ],
      },
    });
    const schema = crd.spec.versions[0]!.schema!.openAPIV3Schema!;
    expect(schema.x_kubernetes_preserve_unknown_fields).toBe(true);
    expect(schema._default).toEqual({});
    const wire = fromModel(crd) as KubeObject & { spec: { versions: { schema: { openAPIV3Schema: object } }[] } };
    expect(wire.spec.versions[0]!.schema.openAPIV3Schema).toEqual({
      type: 'object',
      'x-kubernetes-preserve-unknown-fields': true,
      default: {},
    });
    expect(JSON.stringify(asChild(crd))).toContain('x_kubernetes_preserve_unknown_fields');
  });
});
