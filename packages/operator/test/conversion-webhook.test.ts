import { describe, expect, it } from '@jest/globals';
import { defineOperator, type VersionedObject } from '@orkestra/reconciler';
import { conversionClientConfig, conversionRoutes, withCaBundle } from '../src/conversion-webhook.js';
import { ConversionServingError, Manager } from '../src/index.js';
import { unreachableClient } from './unreachable-client.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
const versioned = defineOperator({
  owner,
  api: {
    spec: { type: 'object', properties: { greeting: { type: 'string' } } },
    versions: [
      {
        name: 'v1alpha1',
        spec: { type: 'object', properties: { message: { type: 'string' } } },
        toHub: (o: VersionedObject) => ({ spec: { greeting: (o.spec as { message?: string }).message } }),
        fromHub: (o: VersionedObject) => ({ spec: { message: (o.spec as { greeting?: string }).greeting } }),
      },
    ],
  },
  children: [],
});
const plain = defineOperator({
  owner: { ...owner, kind: 'Gadget', plural: 'gadgets' },
  api: { spec: { type: 'object' }, versions: [{ name: 'v2' }] },
  children: [],
});

describe('conversionRoutes', () => {
  it('serves a kind whose versions convert by code at /convert/<group>/<plural>, and no other', () => {
    const routes = conversionRoutes([versioned, plain]);
    expect(routes.map((r) => [r.path, r.crd])).toEqual([['/convert/example.com/websites', 'websites.example.com']]);
    const answer = routes[0]!.review({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: {
        uid: 'u',
        desiredAPIVersion: 'example.com/v1',
        objects: [
          { apiVersion: 'example.com/v1alpha1', kind: 'Website', metadata: { name: 'a' }, spec: { message: 'hi' } },
        ],
      },
    });
    expect(answer.response?.convertedObjects).toEqual([
      { apiVersion: 'example.com/v1', kind: 'Website', metadata: { name: 'a' }, spec: { greeting: 'hi' } },
    ]);
  });

  it('calls the webhook server’s Service (port 443 by default) or base URL at the conversion path', () => {
    expect(conversionClientConfig({ service: { name: 'w', namespace: 'ops' } }, owner)).toEqual({
      service: { name: 'w', namespace: 'ops', port: 443, path: '/convert/example.com/websites' },
    });
    expect(conversionClientConfig({ url: 'https://127.0.0.1:9443/' }, owner)).toEqual({
      url: 'https://127.0.0.1:9443/convert/example.com/websites',
    });
  });

  it('writes the CA bundle, base64, into the clientConfig; leaves it to cert-manager when there is none', () => {
    expect(withCaBundle({ url: 'https://x/c' }, 'PEM')).toEqual({ url: 'https://x/c', caBundle: 'UEVN' });
    expect(withCaBundle({ url: 'https://x/c' }, undefined)).toEqual({ url: 'https://x/c' });
  });
});

describe('a Manager whose kind converts by code', () => {
  it('refuses to start without a webhook server, before any request', async () => {
    const manager = new Manager({ kube: unreachableClient(), reconcilers: [versioned], permissions: false });
    const error = await manager.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionServingError);
    expect((error as Error).message).toBe(
      'websites.example.com: a version converts by code, and the API server calls the conversion webhook for it; give the Manager webhooks (the server, its clientConfig and certificate) to serve it',
    );
  });
});
