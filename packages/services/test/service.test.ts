import { describe, expect, it } from '@jest/globals';
import type { KubeObject, OwnerObject } from '@orkestra/core';
import { APPLIED_FIELDS_ANNOTATION, buildChild, matchObject } from '@orkestra/core/authoring';
import { expectHandlerShape, sampleOwner, validationProblems } from '@orkestra/testenv/contract';
import { desired, displacedPorts, handler, immutableChanges, resolve } from '../src/index.js';

const owner: OwnerObject = sampleOwner;

const problems = validationProblems;

const service = (spec: object): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'shop-svc' },
  spec,
});

describe('resolve', () => {
  it('defaults name, type, targetPort, protocol and the selector, and stamps system labels a template cannot override', () => {
    const spec = resolve({ port: 80, labels: { app: 'web', 'managed-by': 'me' } }, 'shop');
    expect(spec).toMatchObject({
      name: 'shop-svc',
      type: 'ClusterIP',
      headless: false,
      recreate: false,
      ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }],
      selector: { 'orkestra-owner': 'shop' },
      labels: { app: 'web', 'managed-by': 'orkestra', 'orkestra-owner': 'shop' },
    });
    expect(spec.ports[0]).not.toHaveProperty('name', expect.anything());
  });

  it('turns template strings into typed values', () => {
    const spec = resolve(
      {
        type: 'NodePort',
        ports: [{ name: 'http', port: '80', targetPort: '8080', nodePort: '30080', protocol: 'UDP' }],
        recreate: 'true',
      },
      'shop',
    );
    expect(spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 8080, protocol: 'UDP', nodePort: 30080 }]);
    expect(spec.recreate).toBe(true);
    expect(resolve({ headless: 'true', port: 5432, targetPort: 'postgres' }, 'db').ports[0]?.targetPort).toBe(
      'postgres',
    );
  });

  it('the selector defaults to every pod of the owner (a long owner name is shortened like the owner label); a given one replaces it', () => {
    const long = 'x'.repeat(70);
    expect(Object.values(resolve({ port: 80, name: 'svc' }, long).selector)[0]).toHaveLength(63);
    expect(resolve({ port: 80, selector: { 'orkestra.io/deployment': 'web' } }, 'shop').selector).toEqual({
      'orkestra.io/deployment': 'web',
    });
    expect(resolve({ port: 80, selector: {} }, 'shop').selector).toEqual({});
  });

  it('a headless Service may have no ports; any other needs one', () => {
    expect(resolve({ headless: true }, 'shop').ports).toEqual([]);
    expect(problems(() => resolve({ ports: 'http' as never }, 'shop'))).toEqual(['ports: must be a list, got "http"']);
    expect(problems(() => resolve({}, 'shop'))).toEqual([
      'ports: a Service needs at least one port (set `port` for one port or `ports` for several; only a headless Service may have none)',
    ]);
  });

  it('refuses an unknown type, listing the allowed ones, and headless with a type other than ClusterIP', () => {
    expect(problems(() => resolve({ type: 'ExternalName', port: 80 }, 'shop'))).toEqual([
      'type: must be one of ClusterIP, NodePort, LoadBalancer, got "ExternalName"',
    ]);
    expect(problems(() => resolve({ type: 'NodePort', headless: true, port: 80 }, 'shop'))).toEqual([
      'headless: a headless Service must be of type ClusterIP, got type NodePort (remove `headless`, or set `type: ClusterIP`)',
    ]);
  });

  it('reports every bad port with its path', () => {
    expect(
      problems(() =>
        resolve(
          {
            type: 'NodePort',
            ports: [
              { name: 'http', port: 0 },
              { name: 'Bad_Name', port: '70000', targetPort: 'not a name', protocol: 'tcp', nodePort: 29999 },
              { port: 'abc', colour: 'red' } as never,
            ],
          },
          'shop',
        ),
      ),
    ).toEqual([
      'ports[0].port: must be an integer from 1 to 65535, got 0',
      'ports[1].name: must consist of lower case letters, digits and \'-\', and start and end with a letter or digit, got "Bad_Name"',
      'ports[1].port: must be an integer from 1 to 65535, got "70000"',
      'ports[1].targetPort: must consist of lower case letters, digits and \'-\', and start and end with a letter or digit, got "not a name"',
      'ports[1].protocol: must be one of TCP, UDP, SCTP, got "tcp"',
      'ports[1].nodePort: must be an integer from 30000 to 32767, got 29999',
      'ports[2].colour: is not a known field (known fields: name, port, targetPort, protocol, nodePort)',
      'ports[2].port: must be an integer, got "abc"',
    ]);
  });

  it('refuses what the API server would refuse of several ports, before any request', () => {
    expect(
      problems(() =>
        resolve(
          {
            type: 'NodePort',
            ports: [
              { name: 'http', port: 80, nodePort: 30080 },
              { port: 81 },
              { name: 'http', port: 80, nodePort: 30080 },
              { name: 'dns', port: 53, protocol: 'UDP', nodePort: 30080 },
            ],
          },
          'shop',
        ),
      ),
    ).toEqual([
      'ports[1].name: is required when the Service has more than one port (give every port a unique name, such as http or metrics)',
      'ports[2].name: duplicates the name "http", as ports[0].name does (port names must be unique)',
      'ports[2].port: duplicates port 80/TCP, as ports[0].port does (each port and protocol may appear once)',
      'ports[2].nodePort: duplicates nodePort 30080/TCP, as ports[0].nodePort does (each node port and protocol may appear once)',
    ]);
  });

  it('refuses nodePort for a ClusterIP Service, and the shorthand beside ports', () => {
    expect(problems(() => resolve({ port: 80, nodePort: 30080 }, 'shop'))).toEqual([
      'nodePort: can only be set for type NodePort or LoadBalancer, got type ClusterIP (remove `nodePort`, or set `type: NodePort`)',
    ]);
    expect(problems(() => resolve({ port: 80, ports: [{ port: 81 }] }, 'shop'))).toEqual([
      'port: cannot be combined with `ports` (list every port under `ports`, or use the one-port shorthand alone)',
    ]);
    expect(problems(() => resolve({ targetPort: 8080 }, 'shop'))).toEqual([
      'port: is required (the port the Service listens on, 1 to 65535)',
    ]);
  });

  it('names are DNS-1035 labels; a default name that grows too long says to set `name`', () => {
    expect(problems(() => resolve({ name: '1web', port: 80 }, 'shop'))[0]).toMatch(
      /^name: must consist of lower case letters, digits and '-', start with a letter/,
    );
    const [problem] = problems(() => resolve({ port: 80 }, 'x'.repeat(60)));
    expect(problem).toMatch(
      /^name: the default name "x{60}-svc" must be at most 63 characters, got 64 \(set `name` in the template/,
    );
    expect(resolve({ port: 80, name: 'web' }, 'x'.repeat(60)).name).toBe('web');
  });
});

describe('desired', () => {
  it('sets only what the spec sets: no clusterIP, no nodePort unless given, targetPort always', async () => {
    const obj = buildChild(
      owner,
      desired(
        owner,
        resolve(
          {
            ports: [
              { name: 'http', port: 80 },
              { name: 'grpc', port: 9090, targetPort: 'grpc' },
            ],
            annotations: { note: 'x' },
          },
          'shop',
        ),
      ),
    );
    expect(obj).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'shop-svc',
        namespace: 'prod',
        labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'shop' },
        annotations: { note: 'x', [APPLIED_FIELDS_ANNOTATION]: expect.any(String) },
        ownerReferences: [
          {
            apiVersion: 'example.com/v1',
            kind: 'Website',
            name: 'shop',
            uid: 'u-1',
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: {
        type: 'ClusterIP',
        ports: [
          { name: 'http', port: 80, targetPort: 80, protocol: 'TCP' },
          { name: 'grpc', port: 9090, targetPort: 'grpc', protocol: 'TCP' },
        ],
        selector: { 'orkestra-owner': 'shop' },
      },
    });
    expect(await handler.desired(owner, resolve({ port: 80 }, 'shop'))).toEqual(
      desired(owner, resolve({ port: 80 }, 'shop')),
    );
  });

  it('headless: clusterIP None; NodePort: the fixed nodePort', () => {
    expect(desired(owner, resolve({ headless: true }, 'shop')).spec).toEqual({
      type: 'ClusterIP',
      clusterIP: 'None',
      selector: { 'orkestra-owner': 'shop' },
    });
    expect(desired(owner, resolve({ type: 'NodePort', port: 80, nodePort: 30080 }, 'shop')).spec).toMatchObject({
      type: 'NodePort',
      ports: [{ port: 80, targetPort: 80, protocol: 'TCP', nodePort: 30080 }],
    });
  });

  it('is in sync with what the API server returns for it, defaults and allocations included', () => {
    const want = buildChild(
      owner,
      desired(owner, resolve({ type: 'NodePort', ports: [{ name: 'http', port: 80, targetPort: 8080 }] }, 'shop')),
    );
    const live: KubeObject = {
      ...want,
      metadata: { ...want.metadata, uid: 'u-2', resourceVersion: '7' },
      spec: {
        ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 31234 }],
        selector: { 'orkestra-owner': 'shop' },
        clusterIP: '10.0.0.12',
        clusterIPs: ['10.0.0.12'],
        type: 'NodePort',
        sessionAffinity: 'None',
        externalTrafficPolicy: 'Cluster',
        ipFamilies: ['IPv4'],
        ipFamilyPolicy: 'SingleStack',
        internalTrafficPolicy: 'Cluster',
      },
    };
    // Without the API server's schema every list compares whole: the strict reading. A key added to the atomic
    // selector is drift only by the schema, which the integration tests read from the real API server.
    expect(matchObject(want, live)).toEqual({ inSync: true, drifted: [] });
  });
});

describe('immutable cluster IP', () => {
  const headless = service({ type: 'ClusterIP', clusterIP: 'None' });
  const allocated = service({ type: 'ClusterIP', clusterIP: '10.0.0.12' });
  const plain = service({ type: 'NodePort' });

  it('turning headless on or off cannot be applied in place', () => {
    expect(immutableChanges([], allocated, headless)).toEqual([
      { path: 'spec.clusterIP', reason: expect.stringContaining('never changes the allocated 10.0.0.12') },
    ]);
    expect(immutableChanges([], headless, plain)).toEqual([
      { path: 'spec.clusterIP', reason: expect.stringContaining('turning headless off') },
    ]);
  });

  it('a type change keeps the cluster IP and is applied in place', () => {
    expect(immutableChanges([], allocated, plain)).toEqual([]);
    expect(immutableChanges([], headless, headless)).toEqual([]);
  });
});

describe('displacedPorts', () => {
  const want = service({
    ports: [
      { name: 'http', port: 80, protocol: 'TCP' },
      { name: 'dns', port: 53, protocol: 'UDP', nodePort: 30053 },
    ],
  });

  it('names the ports someone put in the place of ours: same name, or same node port', () => {
    const live = service({
      ports: [
        { name: 'http', port: 81, protocol: 'TCP' },
        { name: 'dns', port: 53, protocol: 'UDP' },
        { name: 'other', port: 54, protocol: 'UDP', nodePort: 30053 },
        { name: 'metrics', port: 9090, protocol: 'TCP' },
      ],
    });
    expect(displacedPorts(live, want)).toEqual([
      { list: ['spec', 'ports'], key: { port: 81, protocol: 'TCP' } },
      { list: ['spec', 'ports'], key: { port: 54, protocol: 'UDP' } },
    ]);
  });

  it('an unnamed port in the place of our unnamed one; nothing when in sync', () => {
    expect(
      displacedPorts(
        service({ ports: [{ port: 81, protocol: 'TCP' }] }),
        service({ ports: [{ port: 80, protocol: 'TCP' }] }),
      ),
    ).toEqual([{ list: ['spec', 'ports'], key: { port: 81, protocol: 'TCP' } }]);
    expect(displacedPorts(want, want)).toEqual([]);
  });
});

describe('handler', () => {
  it('describes the kind for the reconciler', () => {
    expectHandlerShape(handler, {
      key: 'services',
      apiVersion: 'v1',
      kind: 'Service',
      plural: 'services',
      namespaced: true,
      fields: [
        'name',
        'namespace',
        'type',
        'headless',
        'ports',
        'port',
        'targetPort',
        'protocol',
        'nodePort',
        'selector',
        'labels',
        'annotations',
        'recreate',
      ],
    });
  });
});
