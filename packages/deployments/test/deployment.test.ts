import { describe, expect, it } from '@jest/globals';
import { type FieldStructure, type KubeObject, type OwnerObject, ValidationError } from '@orkestra/core';
import { APPLIED_FIELDS_ANNOTATION, buildChild, matchObject } from '@orkestra/core/authoring';
import {
  controllerReferencesTo,
  expectHandlerShape,
  sampleOwner,
  validationProblems,
} from '@orkestra/testenv/contract';
import {
  DEPLOYMENT_LABEL,
  type DeploymentSource,
  desired,
  handler,
  immutableChanges,
  PROFILE_NAMES,
  PROFILES,
  resolve,
} from '../src/index.js';

const owner: OwnerObject = sampleOwner;
const base = { image: 'nginx:1.27' };

const problems = validationProblems;

/** Resolves a source that the schema's static type would refuse (what an unchecked template can yield). */
const loose = (source: Record<string, unknown>) => resolve({ ...base, ...source } as DeploymentSource, 'shop');

type Pod = {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: Record<string, unknown> & { containers: Record<string, unknown>[] };
};
const podOf = (obj: KubeObject) => (obj.spec as { template: Pod }).template;
const containerOf = (obj: KubeObject) => podOf(obj).spec.containers[0]!;

describe('resolve: defaults and system labels', () => {
  it('defaults the name and replicas, derives the selector and stamps it over the Pod labels', () => {
    const spec = resolve(
      {
        ...base,
        labels: { app: 'web', 'managed-by': 'me' },
        podLabels: { tier: 'front', 'orkestra.io/deployment': 'other', 'orkestra-owner': 'x' },
      },
      'shop',
    );
    expect(spec.name).toBe('shop-deployment');
    expect(spec.replicas).toBe(1);
    expect(spec.autoscaled).toBe(false);
    expect(spec.labels).toEqual({ app: 'web', 'managed-by': 'orkestra', 'orkestra-owner': 'shop' });
    expect(spec.selector).toEqual({ 'orkestra-owner': 'shop', [DEPLOYMENT_LABEL]: 'shop-deployment' });
    expect(spec.podLabels).toEqual({
      tier: 'front',
      'managed-by': 'orkestra',
      'orkestra-owner': 'shop',
      [DEPLOYMENT_LABEL]: 'shop-deployment',
    });
    expect(spec.recreate).toBe(false);
  });

  it('the selector names the Deployment, so two Deployments of one owner never overlap', () => {
    const a = resolve({ ...base, name: 'api' }, 'shop');
    const b = resolve({ ...base, name: 'worker' }, 'shop');
    expect(a.selector).not.toEqual(b.selector);
    expect(a.selector[DEPLOYMENT_LABEL]).toBe('api');
  });

  it('a long owner name gets the hashed owner label value in the selector', () => {
    const spec = resolve({ ...base, name: 'web' }, 'o'.repeat(100));
    expect(spec.selector['orkestra-owner']).toHaveLength(63);
    expect(spec.selector['orkestra-owner']).toBe(spec.labels['orkestra-owner']);
  });

  it('a default name too long for the container name says to set name', () => {
    const owner63 = 'o'.repeat(60);
    expect(problems(() => resolve(base, owner63))).toEqual([
      `name: the default name "${owner63}-deployment" must be at most 63 characters, got 71 (set \`name\` in the template to a shorter name; a Deployment's name is also the name of its container, which must be a DNS-1123 label)`,
    ]);
    expect(resolve({ ...base, name: 'web' }, owner63).name).toBe('web');
  });

  it('a dotted name is a valid Deployment name but not a container name: the problem says why', () => {
    expect(problems(() => resolve({ ...base, name: 'web.v2' }, 'shop'))[0]).toMatch(
      /^name: must consist of .* got "web.v2" \(a Deployment's name is also the name of its container/,
    );
  });

  it('image is required', () => {
    expect(problems(() => resolve({} as DeploymentSource, 'shop'))).toEqual([
      'image: is required (set the container image, e.g. image: nginx:1.27)',
    ]);
    expect(problems(() => loose({ image: ' nginx' }))).toEqual([
      'image: must not start or end with whitespace, got " nginx"',
    ]);
  });

  it('reports unknown fields, at the top and nested, with the known ones', () => {
    const found = problems(() =>
      loose({ replica: 3, probes: { liveness: { tcpSocket: { port: 80 }, initialDelay: 5 } } }),
    );
    expect(found).toEqual([
      expect.stringMatching(
        /^replica: is not a known field \(known fields: name, namespace, labels, annotations, recreate, image, .*\)$/,
      ),
      expect.stringMatching(
        /^probes\.liveness\.initialDelay: is not a known field \(known fields: httpGet, tcpSocket, exec, initialDelaySeconds, /,
      ),
    ]);
  });
});

describe('resolve: replicas', () => {
  it.each([
    ['"0"', '0', 0],
    ['0', 0, 0],
    ['"3"', '3', 3],
  ] as const)('%s → %p', (_, replicas, expected) => {
    expect(resolve({ ...base, replicas }, 'shop').replicas).toBe(expected);
  });

  it.each([['abc'], [-1], ['1.5'], ['']])('%p is refused', (replicas) => {
    expect(problems(() => loose({ replicas }))).toEqual([expect.stringMatching(/^replicas: must be an integer/)]);
  });

  it('autoscaled leaves replicas unset, and refuses a replica count beside it', () => {
    const spec = resolve({ ...base, autoscaled: 'true' }, 'shop');
    expect(spec).toMatchObject({ autoscaled: true, replicas: undefined });
    expect(problems(() => resolve({ ...base, autoscaled: true, replicas: 2 }, 'shop'))).toEqual([
      'replicas: cannot be set together with autoscaled: true (the autoscaler sets the replica count: remove replicas, or remove autoscaled)',
    ]);
  });
});

describe('resolve: resources and profiles', () => {
  it.each([
    ['tiny', '50m', '64Mi', '100m', '128Mi'],
    ['small', '100m', '128Mi', '250m', '256Mi'],
    ['medium', '250m', '256Mi', '500m', '512Mi'],
    ['large', '500m', '512Mi', '1', '1Gi'],
    ['burst', '100m', '128Mi', '1', '512Mi'],
    ['steady', '500m', '512Mi', '500m', '512Mi'],
    ['compute-heavy', '1', '512Mi', '2', '1Gi'],
    ['memory-heavy', '250m', '1Gi', '500m', '2Gi'],
  ])("profile %s has Orkestra's figures", (profile, reqCpu, reqMem, limCpu, limMem) => {
    expect(resolve({ ...base, profile }, 'shop').resources).toEqual({
      requests: { cpu: reqCpu, memory: reqMem },
      limits: { cpu: limCpu, memory: limMem },
    });
  });

  it('every profile is listed and none asks for more than its limits', () => {
    expect(PROFILE_NAMES).toEqual([
      'tiny',
      'small',
      'medium',
      'large',
      'burst',
      'steady',
      'compute-heavy',
      'memory-heavy',
    ]);
    for (const name of PROFILE_NAMES) expect(() => resolve({ ...base, profile: name }, 'shop')).not.toThrow();
  });

  it('explicit resources override the profile field by field', () => {
    const spec = resolve(
      { ...base, profile: 'small', resources: { limits: { memory: '1Gi' }, requests: { 'ephemeral-storage': '1Gi' } } },
      'shop',
    );
    expect(spec.resources).toEqual({
      requests: { cpu: '100m', memory: '128Mi', 'ephemeral-storage': '1Gi' },
      limits: { cpu: '250m', memory: '1Gi' },
    });
    expect(PROFILES.small.limits.memory).toBe('256Mi');
  });

  it('keeps the quantity text the template gave (the matcher compares by value)', () => {
    const spec = resolve(
      { ...base, resources: { requests: { cpu: '0.5', memory: '1024Mi' }, limits: { cpu: 1 } } },
      'shop',
    );
    expect(spec.resources).toEqual({ requests: { cpu: '0.5', memory: '1024Mi' }, limits: { cpu: '1' } });
  });

  it('an unknown profile lists the known ones', () => {
    expect(problems(() => resolve({ ...base, profile: 'huge' }, 'shop'))).toEqual([
      'profile: must be one of tiny, small, medium, large, burst, steady, compute-heavy, memory-heavy, got "huge"',
    ]);
  });

  it('refuses bad quantities and a request above its limit, saying where each came from', () => {
    expect(
      problems(() =>
        resolve({ ...base, resources: { requests: { cpu: 'lots', memory: '-1Mi', 'bad key!': '1' } } }, 'shop'),
      ),
    ).toEqual([
      'resources.requests.cpu: must be a quantity such as 500m, 0.5, 128Mi or 1Gi, got "lots"',
      'resources.requests.memory: must not be negative, got "-1Mi"',
      expect.stringMatching(/^resources\.requests\.bad key!: resource name name part must consist of/),
    ]);
    expect(
      problems(() => resolve({ ...base, profile: 'tiny', resources: { requests: { cpu: '200m' } } }, 'shop')),
    ).toEqual([
      'resources.requests.cpu: the cpu request 200m is more than its limit 100m (profile tiny) (a request cannot exceed its limit: raise the limit or lower the request)',
    ]);
    expect(
      problems(() => resolve({ ...base, profile: 'large', resources: { limits: { memory: '256Mi' } } }, 'shop')),
    ).toEqual([
      'resources.limits.memory: the memory request 512Mi (profile large) is more than its limit 256Mi (a request cannot exceed its limit: raise the limit or lower the request)',
    ]);
  });
});

describe('resolve: container fields', () => {
  it('port, protocol and port name', () => {
    expect(resolve({ ...base, port: '8080' }, 'shop').port).toEqual({ containerPort: 8080, protocol: 'TCP' });
    expect(resolve({ ...base, port: 53, protocol: 'UDP', portName: 'dns' }, 'shop').port).toEqual({
      containerPort: 53,
      protocol: 'UDP',
      name: 'dns',
    });
    expect(problems(() => resolve({ ...base, port: 0 }, 'shop'))).toEqual([
      'port: must be an integer from 1 to 65535, got 0',
    ]);
    expect(problems(() => resolve({ ...base, port: '70000' }, 'shop'))).toEqual([
      'port: must be an integer from 1 to 65535, got "70000"',
    ]);
    expect(problems(() => resolve({ ...base, port: 80, protocol: 'HTTP', portName: 'Web' }, 'shop'))).toEqual([
      'protocol: must be one of TCP, UDP, SCTP, got "HTTP"',
      expect.stringMatching(/^portName: must consist of lower case letters/),
    ]);
    expect(problems(() => resolve({ ...base, protocol: 'UDP' }, 'shop'))).toEqual([
      'protocol: needs port (set port, or remove this field)',
    ]);
  });

  it('command and args are lists of strings; a bare string says how to write a list', () => {
    const spec = loose({ command: ['sh', '-c'], args: ['--port', 8080, true] });
    expect(spec.command).toEqual(['sh', '-c']);
    expect(spec.args).toEqual(['--port', '8080', 'true']);
    expect(problems(() => loose({ command: 'sh -c run', args: ['ok', { no: 1 }] }))).toEqual([
      'command: must be a list, got "sh -c run" (write it as a list, e.g. ["sh", "-c", "exec my-app"], or make one template yield a list)',
      'args[1]: must be a string, got object',
    ]);
  });

  it('env: values, valueFrom Secret and ConfigMap keys (optional) and Pod fields', () => {
    const spec = resolve(
      {
        ...base,
        env: [
          { name: 'MODE', value: 'prod' },
          { name: 'PORT', value: 8080 },
          { name: 'EMPTY' },
          { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
          { name: 'COLOR', valueFrom: { configMapKeyRef: { name: 'ui', key: 'color', optional: 'true' } } },
          { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
        ],
      },
      'shop',
    );
    expect(spec.env).toEqual([
      { name: 'MODE', value: 'prod' },
      { name: 'PORT', value: '8080' },
      { name: 'EMPTY' },
      { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
      { name: 'COLOR', valueFrom: { configMapKeyRef: { name: 'ui', key: 'color', optional: true } } },
      { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
    ]);
  });

  it('env problems carry the item path', () => {
    expect(
      problems(() =>
        loose({
          env: [
            { name: 'A', value: '1' },
            { name: 'A', value: '2' },
            { name: 'B=C' },
            { name: 'D', value: 'x', valueFrom: { secretKeyRef: { name: 'db', key: 'k' } } },
            { name: 'E', valueFrom: { secretKeyRef: { name: 'db' }, configMapKeyRef: { name: 'c', key: 'k' } } },
            { name: 'F', valueFrom: { secretKeyRef: { name: 'db', key: 'a/b' } } },
            { value: 'nameless' },
            null,
          ],
        }),
      ),
    ).toEqual([
      'env[1].name: duplicate name "A", also at env[0] (each name may appear once)',
      'env[2].name: must not contain \'=\', got "B=C"',
      'env[3].value: cannot be set together with valueFrom (keep one of them)',
      'env[4].valueFrom: sets secretKeyRef and configMapKeyRef; set only one of them',
      expect.stringMatching(/^env\[5\]\.valueFrom\.secretKeyRef\.key: must consist of letters/),
      'env[6].name: is required',
      'env[7]: must not be empty',
    ]);
  });

  it('envFrom: ConfigMaps and Secrets, with a prefix', () => {
    expect(
      resolve(
        {
          ...base,
          envFrom: [
            { configMapRef: { name: 'settings' }, prefix: 'APP_' },
            { secretRef: { name: 'creds', optional: true } },
          ],
        },
        'shop',
      ).envFrom,
    ).toEqual([
      { configMapRef: { name: 'settings' }, prefix: 'APP_' },
      { secretRef: { name: 'creds', optional: true } },
    ]);
    expect(problems(() => loose({ envFrom: [{ prefix: 'X_' }, { secretRef: { name: 'Bad_Name' } }] }))).toEqual([
      'envFrom[0]: must set one of configMapRef, secretRef',
      expect.stringMatching(/^envFrom\[1\]\.secretRef\.name: must consist of lower case/),
    ]);
  });

  it('probes: httpGet, tcpSocket, exec and timings from template strings', () => {
    const spec = resolve(
      {
        ...base,
        port: 8080,
        portName: 'http',
        probes: {
          liveness: {
            httpGet: { path: '/healthz', port: 'http' },
            initialDelaySeconds: '5',
            periodSeconds: 10,
            failureThreshold: '3',
          },
          readiness: { tcpSocket: { port: '8080' }, successThreshold: 2, timeoutSeconds: 2 },
          startup: { exec: { command: ['cat', '/tmp/ready'] } },
        },
      },
      'shop',
    );
    expect(spec.probes).toEqual({
      liveness: {
        httpGet: { path: '/healthz', port: 'http' },
        initialDelaySeconds: 5,
        periodSeconds: 10,
        failureThreshold: 3,
      },
      readiness: { tcpSocket: { port: 8080 }, successThreshold: 2, timeoutSeconds: 2 },
      startup: { exec: { command: ['cat', '/tmp/ready'] } },
    });
  });

  it('probe problems carry the path', () => {
    expect(
      problems(() =>
        loose({
          probes: {
            liveness: {
              httpGet: { port: 70000, path: 'healthz', scheme: 'FTP' },
              successThreshold: 2,
              periodSeconds: 0,
            },
            readiness: { httpGet: { path: '/' }, tcpSocket: { port: 80 } },
            startup: { exec: { command: [] } },
          },
        }),
      ),
    ).toEqual([
      'probes.liveness.httpGet.port: must be an integer from 1 to 65535, got 70000',
      'probes.liveness.httpGet.path: must start with /, got "healthz"',
      'probes.liveness.httpGet.scheme: must be one of HTTP, HTTPS, got "FTP"',
      'probes.liveness.periodSeconds: must be an integer from 1 to 2147483647, got 0',
      'probes.liveness.successThreshold: must be 1 for a liveness probe, got 2',
      'probes.readiness: sets httpGet and tcpSocket; set only one of them',
      'probes.startup.exec.command: is required: the command to run',
    ]);
    expect(problems(() => loose({ probes: { readiness: { httpGet: { path: '/' } } } }))).toEqual([
      'probes.readiness.httpGet.port: is required',
    ]);
  });

  it('image pull secrets, service account and node selector', () => {
    const spec = resolve(
      {
        ...base,
        imagePullSecrets: ['regcred'],
        serviceAccountName: 'web',
        nodeSelector: { 'kubernetes.io/os': 'linux' },
      },
      'shop',
    );
    expect(spec).toMatchObject({
      imagePullSecrets: ['regcred'],
      serviceAccountName: 'web',
      nodeSelector: { 'kubernetes.io/os': 'linux' },
    });
    expect(
      problems(() =>
        loose({ imagePullSecrets: ['a', 'a', 'B'], serviceAccountName: 'Web', nodeSelector: { zone: 'a b' } }),
      ),
    ).toEqual([
      'imagePullSecrets[1]: duplicate Secret "a", also at imagePullSecrets[0] (each Secret may appear once)',
      expect.stringMatching(/^imagePullSecrets\[2\]: must consist of lower case/),
      expect.stringMatching(/^serviceAccountName: must consist of lower case/),
      expect.stringMatching(/^nodeSelector\.zone: must be empty or consist of/),
    ]);
  });

  it('volumes from ConfigMaps and Secrets, and their mounts', () => {
    const spec = resolve(
      {
        ...base,
        volumes: [
          { name: 'config', configMap: 'web-config', items: [{ key: 'nginx.conf', path: 'nginx.conf' }] },
          { name: 'tls', secret: 'web-tls', optional: true },
        ],
        volumeMounts: [
          { name: 'config', mountPath: '/etc/nginx/nginx.conf', subPath: 'nginx.conf' },
          { name: 'tls', mountPath: '/etc/tls', readOnly: 'true' },
        ],
      },
      'shop',
    );
    expect(spec.volumes).toEqual([
      { name: 'config', configMap: { name: 'web-config', items: [{ key: 'nginx.conf', path: 'nginx.conf' }] } },
      { name: 'tls', secret: { secretName: 'web-tls', optional: true } },
    ]);
    expect(spec.volumeMounts).toEqual([
      { name: 'config', mountPath: '/etc/nginx/nginx.conf', subPath: 'nginx.conf' },
      { name: 'tls', mountPath: '/etc/tls', readOnly: true },
    ]);
  });

  it('volume problems carry the path', () => {
    expect(
      problems(() =>
        loose({
          volumes: [
            { name: 'config', configMap: 'c', secret: 's' },
            { name: 'config', configMap: 'c', items: [{ key: 'a', path: '../etc/passwd' }] },
            { name: 'Data', secret: 's' },
          ],
          volumeMounts: [
            { name: 'config', mountPath: 'relative' },
            { name: 'missing', mountPath: '/m' },
            { name: 'config', mountPath: '/m', subPath: '/abs' },
          ],
        }),
      ),
    ).toEqual([
      'volumes[0]: sets configMap and secret; set only one of them',
      'volumes[1].name: duplicate name "config", also at volumes[0] (each name may appear once)',
      'volumes[1].items[0].path: must not contain \'..\', got "../etc/passwd"',
      expect.stringMatching(/^volumes\[2\]\.name: must consist of lower case/),
      'volumeMounts[0].mountPath: must be an absolute path, got "relative"',
      'volumeMounts[1].name: no volume is named "missing" (declare it under volumes, or use one of: config, Data)',
      'volumeMounts[2].mountPath: duplicate mountPath "/m", also at volumeMounts[1] (each mountPath may appear once)',
      'volumeMounts[2].subPath: must be a relative path, got "/abs"',
    ]);
  });

  it('strategy: RollingUpdate with int-or-percent, or Recreate', () => {
    expect(resolve({ ...base, strategy: 'Recreate' }, 'shop').strategy).toEqual({ type: 'Recreate' });
    expect(resolve({ ...base, strategy: { maxSurge: '1', maxUnavailable: '0%' } }, 'shop').strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: '0%' },
    });
    expect(resolve({ ...base, strategy: { type: 'RollingUpdate' } }, 'shop').strategy).toEqual({
      type: 'RollingUpdate',
    });
    expect(resolve(base, 'shop').strategy).toBeUndefined();
    expect(problems(() => resolve({ ...base, strategy: 'BlueGreen' }, 'shop'))).toEqual([
      'strategy: must be one of RollingUpdate, Recreate, got "BlueGreen"',
    ]);
    expect(problems(() => resolve({ ...base, strategy: { type: 'Recreate', maxSurge: 1 } }, 'shop'))).toEqual([
      'strategy.maxSurge: only applies to the RollingUpdate strategy (remove it, or set strategy.type: RollingUpdate)',
    ]);
    expect(problems(() => resolve({ ...base, strategy: { maxSurge: 0, maxUnavailable: '0' } }, 'shop'))).toEqual([
      expect.stringMatching(/^strategy\.maxUnavailable: cannot be 0 when maxSurge is 0 too/),
    ]);
    expect(
      problems(() => resolve({ ...base, strategy: { maxUnavailable: '120%', maxSurge: 'many' } }, 'shop')),
    ).toEqual([
      'strategy.maxSurge: must be a non-negative integer or a percentage such as 25%, got "many"',
      'strategy.maxUnavailable: must be at most 100%, got "120%"',
    ]);
  });

  it('collects every problem of a source in one error', () => {
    const err = (() => {
      try {
        loose({ replicas: 'abc', port: 0, profile: 'huge' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toMatch(/^invalid Deployment shop-deployment: 3 problems:/);
  });
});

describe('desired', () => {
  const full = resolve(
    {
      ...base,
      port: 8080,
      replicas: '0',
      command: ['nginx'],
      args: ['-g', 'daemon off;'],
      env: [{ name: 'MODE', value: 'prod' }],
      resources: { requests: { cpu: '0.5', memory: '1024Mi' } },
      imagePullSecrets: ['regcred'],
      podAnnotations: { 'prometheus.io/scrape': 'true' },
      volumes: [{ name: 'config', configMap: 'web-config' }],
      volumeMounts: [{ name: 'config', mountPath: '/etc/web' }],
      strategy: 'Recreate',
      probes: { readiness: { httpGet: { path: '/', port: 8080 } } },
    },
    'shop',
  );

  it('builds one container named like the Deployment, with the selector as matchLabels', () => {
    const obj = buildChild(owner, desired(owner, full));
    expect(obj).toMatchObject({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'shop-deployment',
        namespace: 'prod',
        annotations: { [APPLIED_FIELDS_ANNOTATION]: expect.any(String) },
      },
      spec: {
        replicas: 0,
        selector: { matchLabels: { 'orkestra-owner': 'shop', [DEPLOYMENT_LABEL]: 'shop-deployment' } },
        strategy: { type: 'Recreate' },
        template: {
          metadata: {
            labels: { 'orkestra-owner': 'shop', [DEPLOYMENT_LABEL]: 'shop-deployment', 'managed-by': 'orkestra' },
            annotations: { 'prometheus.io/scrape': 'true' },
          },
          spec: {
            imagePullSecrets: [{ name: 'regcred' }],
            volumes: [{ name: 'config', configMap: { name: 'web-config' } }],
          },
        },
      },
    });
    expect(containerOf(obj)).toEqual({
      name: 'shop-deployment',
      image: 'nginx:1.27',
      command: ['nginx'],
      args: ['-g', 'daemon off;'],
      ports: [{ containerPort: 8080, protocol: 'TCP' }],
      env: [{ name: 'MODE', value: 'prod' }],
      resources: { requests: { cpu: '0.5', memory: '1024Mi' } },
      volumeMounts: [{ name: 'config', mountPath: '/etc/web' }],
      readinessProbe: { httpGet: { path: '/', port: 8080 } },
    });
    expect(obj.metadata.ownerReferences).toEqual(controllerReferencesTo(owner));
  });

  it('sets no empty fields, and no replicas when autoscaled', () => {
    const obj = desired(owner, resolve({ ...base, autoscaled: true }, 'shop'));
    expect(obj.spec).toEqual({
      selector: { matchLabels: { 'orkestra-owner': 'shop', [DEPLOYMENT_LABEL]: 'shop-deployment' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: {} },
      template: {
        metadata: { labels: expect.any(Object) },
        spec: { containers: [{ name: 'shop-deployment', image: 'nginx:1.27' }] },
      },
    });
  });

  it('a RollingUpdate strategy always carries its rollingUpdate map, so a switch to Recreate can drop it', () => {
    const strategyOf = (source: DeploymentSource['strategy']) =>
      (desired(owner, resolve({ ...base, strategy: source }, 'shop')).spec as { strategy: unknown }).strategy;
    expect(strategyOf(undefined)).toEqual({ type: 'RollingUpdate', rollingUpdate: {} });
    expect(strategyOf({ maxSurge: 2 })).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 2 } });
    expect(strategyOf('Recreate')).toEqual({ type: 'Recreate' });
  });

  it("matches the server's canonical quantities and defaults as in sync", () => {
    const obj = buildChild(owner, desired(owner, full));
    const live = structuredClone(obj) as KubeObject & { spec: { template: Pod; revisionHistoryLimit?: number } };
    const container = live.spec.template.spec.containers[0]! as Record<string, unknown>;
    container.resources = { requests: { cpu: '500m', memory: '1Gi' } };
    container.terminationMessagePath = '/dev/termination-log';
    container.imagePullPolicy = 'IfNotPresent';
    live.spec.revisionHistoryLimit = 10;
    // The part of the API server's schema this needs (the integration tests read the real one): requests are quantities.
    const quantities: FieldStructure = { values: { scalar: 'quantity' } };
    const containerStructure: FieldStructure = {
      properties: { resources: { properties: { requests: quantities, limits: quantities } } },
      omitsZero: true,
    };
    const pod: FieldStructure = {
      properties: { containers: { listType: 'map', listMapKeys: ['name'], items: containerStructure } },
    };
    const structure: FieldStructure = {
      properties: { spec: { properties: { template: { properties: { spec: pod } } } } },
    };
    expect(matchObject(obj, live, { structure })).toEqual({ inSync: true, drifted: [] });
  });

  it("refuses another namespace than the owner's before any request", () => {
    expect(() => buildChild(owner, desired(owner, resolve({ ...base, namespace: 'elsewhere' }, 'shop')))).toThrow(
      /must be the owner's namespace "prod", got "elsewhere"/,
    );
  });
});

describe('immutable selector', () => {
  it('a drifted selector is one spec.selector change; other drift changes in place', () => {
    expect(
      immutableChanges([
        { path: 'spec.selector.matchLabels.orkestra-owner', reason: 'missing' },
        { path: 'spec.selector.matchLabels.orkestra.io/deployment', reason: 'missing' },
      ]),
    ).toEqual([
      { path: 'spec.selector', reason: expect.stringContaining("refuses to change a Deployment's selector") },
    ]);
    expect(
      immutableChanges([
        { path: 'spec.template.spec.containers[web].image', reason: 'changed' },
        { path: 'spec.replicas', reason: 'changed' },
      ]),
    ).toEqual([]);
  });
});

describe('handler', () => {
  it('describes the kind for the reconciler', () => {
    expectHandlerShape(handler, {
      key: 'deployments',
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      plural: 'deployments',
      namespaced: true,
      required: ['image'],
      fields: ['name', 'image', 'replicas', 'autoscaled', 'profile', 'resources', 'probes', 'volumes', 'strategy'],
    });
  });
});
