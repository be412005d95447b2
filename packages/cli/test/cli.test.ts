import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type KubeObject, REDACTED } from '@orkestra/core';
import { inventoryRecordName } from '@orkestra/reconciler/internal';
import { parseAllDocuments, stringify } from 'yaml';
import { ExitCode } from '../src/index.js';
import { GENERATED, PLACEHOLDER_UID } from '../src/render.js';
import { cli, example, fixture } from './helpers.js';

const katalog = example('katalog.yaml');
const website = example('website.yaml');
const docs = (text: string) =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as KubeObject)
    .filter(Boolean);
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-cli-test-'));
const file = (name: string, text: string) => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

describe('usage', () => {
  it("prints help with examples for the program and every command, and the exit codes once, in the program's", async () => {
    const root = await cli(['--help']);
    expect(root.code).toBe(ExitCode.Ok);
    expect(root.stdout).toContain('Exit codes:');
    expect(root.stdout).toContain('7  unexpected error');
    for (const command of [
      ['run'],
      ['render'],
      ['diff'],
      ['validate'],
      ['generate', 'rbac'],
      ['generate', 'manifests'],
      ['generate', 'crd'],
      ['generate', 'types'],
    ]) {
      const help = await cli([...command, '--help']);
      expect({ command, code: help.code }).toEqual({ command, code: 0 });
      expect(help.stdout).toContain('Examples:');
      expect({ command, table: help.stdout.includes('Exit codes:') }).toEqual({ command, table: false });
    }
  });

  it('has no demo command: the demo needs the repository (examples/, the control-plane binaries), see npm run demo', async () => {
    const r = await cli(['demo']);
    expect(r.code).toBe(ExitCode.Usage);
    expect(r.stderr).toContain("unknown command 'demo'");
    expect((await cli(['--help'])).stdout).not.toMatch(/\bdemo\b/);
  });

  it('exits 2 on an unknown command, an unknown option, a missing required option or an unreadable file', async () => {
    expect((await cli(['bogus'])).code).toBe(ExitCode.Usage);
    // Whatever follows an unknown command: --help, -h, other arguments; at the root and below generate.
    for (const argv of [
      ['bogus', '--help'],
      ['bogus', '-h'],
      ['bogus', 'run', '--help'],
      ['generate', 'bogus', '--help'],
    ]) {
      const r = await cli(argv);
      expect({ argv, code: r.code, stdout: r.stdout }).toEqual({ argv, code: ExitCode.Usage, stdout: '' });
      expect(r.stderr).toContain("unknown command 'bogus'");
    }
    const near = await cli(['rnu', '--help']);
    expect(near.stderr).toContain('(Did you mean run?)');
    expect((await cli(['help', 'run'])).code).toBe(ExitCode.Ok);
    expect((await cli(['render', '--katalog', katalog, '--cr', website, '--bogus'])).code).toBe(ExitCode.Usage);
    const missing = await cli(['render', '--cr', website]);
    expect(missing.code).toBe(ExitCode.Usage);
    expect(missing.stderr).toContain("required option '-k, --katalog <file>' not specified");
    const unreadable = await cli(['render', '--katalog', katalog, '--cr', join(tmp, 'nope.yaml')]);
    expect(unreadable.code).toBe(ExitCode.Usage);
    expect(unreadable.stderr).toContain('cannot read --cr');
    expect((await cli(['run', '--katalog', katalog, '--lease-duration', 'soon'])).code).toBe(ExitCode.Usage);
    expect((await cli(['generate'])).code).toBe(ExitCode.Usage);
  });

  it('run takes a katalog file or --katalogs-from-cluster, exactly one', async () => {
    const neither = await cli(['run']);
    expect(neither.code).toBe(ExitCode.Usage);
    expect(neither.stderr).toContain('--katalog <file>, or --katalogs-from-cluster');
    const both = await cli(['run', '--katalog', katalog, '--katalogs-from-cluster']);
    expect(both.code).toBe(ExitCode.Usage);
    expect(both.stderr).toContain('--katalog and --katalogs-from-cluster exclude each other');
    const namespaces = await cli(['run', '--katalogs-from-cluster', '-n', 'a', '-n', 'b']);
    expect(namespaces.code).toBe(ExitCode.Usage);
    expect(namespaces.stderr).toContain('pass --namespace once');
    const fileConcurrency = await cli(['run', '--katalog', katalog, '--katalog-concurrency', '8']);
    expect(fileConcurrency.code).toBe(ExitCode.Usage);
    expect(fileConcurrency.stderr).toContain('--katalog-concurrency goes with --katalogs-from-cluster');
    const zero = await cli(['run', '--katalogs-from-cluster', '--katalog-concurrency', '0']);
    expect(zero.code).toBe(ExitCode.Usage);
    expect(zero.stderr).toContain('--katalog-concurrency 0: want a whole number from 1 to 1000');
  });
});

describe('render', () => {
  it('prints the four children with owner reference, system labels and the applied-fields annotation', async () => {
    const r = await cli(['render', '--katalog', katalog, '--cr', website]);
    expect(r.code).toBe(ExitCode.Ok);
    const objects = docs(r.stdout);
    expect(objects.map((o) => `${o.kind} ${o.metadata.namespace}/${o.metadata.name}`)).toEqual([
      'Deployment default/shop-web',
      'Service default/shop-web',
      'ConfigMap default/shop-page',
      'Secret default/shop-admin',
    ]);
    for (const o of objects) {
      expect(o.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'shop' });
      expect(o.metadata.ownerReferences).toEqual([
        {
          apiVersion: 'example.com/v1',
          kind: 'Website',
          name: 'shop',
          uid: PLACEHOLDER_UID,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
      expect(o.metadata.annotations?.['orkestra.io/applied-fields']).toMatch(/^[0-9a-f]{16}$/);
    }
    const deployment = objects[0] as KubeObject & { spec: any };
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.template.spec.containers[0].image).toBe('nginx:1.27');
    expect(objects[2]?.data).toEqual({ greeting: 'Welcome to the shop', 'index.html': '<h1>Welcome to the shop</h1>' });
    expect(objects[3]?.data).toEqual({ username: REDACTED, password: GENERATED });
    expect(r.stdout).toContain(
      `# ${website} has no metadata.uid: owner references carry the placeholder uid ${PLACEHOLDER_UID}`,
    );
    expect(r.stdout).toContain('# spec.crds[0].resources.deployments.onReconcile[0]');
  });

  it("uses the CR's uid and namespace when the file has them, applies when, and shows Secret values with --show-secrets", async () => {
    const cr = file(
      'live.yaml',
      stringify({
        apiVersion: 'example.com/v1',
        kind: 'Website',
        metadata: { name: 'blog', namespace: 'web', uid: '1234-5678' },
        spec: { image: 'nginx', expose: false },
      }),
    );
    const r = await cli(['render', '--katalog', katalog, '--cr', cr, '--show-secrets', '--output', 'json']);
    expect(r.code).toBe(ExitCode.Ok);
    const list = JSON.parse(r.stdout) as { kind: string; items: KubeObject[]; notes: string[] };
    expect(list.kind).toBe('List');
    expect(list.items.map((o) => o.kind)).toEqual(['Deployment', 'ConfigMap', 'Secret']); // expose: false → no Service
    expect(
      list.items.every((o) => o.metadata.namespace === 'web' && o.metadata.ownerReferences?.[0]?.uid === '1234-5678'),
    ).toBe(true);
    expect(list.items[0]?.spec).toMatchObject({ replicas: 1 });
    expect(list.items[1]?.data).toMatchObject({ greeting: 'Hello from Orkestra' });
    expect(list.items[2]?.data).toEqual({ username: Buffer.from('admin').toString('base64'), password: GENERATED });
    expect(list.notes.join('\n')).not.toContain('placeholder');
  });

  it('renders one child per forEach item', async () => {
    const cr = file(
      'dbs.yaml',
      stringify({
        apiVersion: 'example.com/v1',
        kind: 'Website',
        metadata: { name: 'shop', namespace: 'shop' },
        spec: {
          databases: [
            { name: 'orders', size: '1Gi' },
            { name: 'users', size: '2Gi' },
          ],
        },
      }),
    );
    const r = await cli(['render', '--katalog', fixture('for-each.yaml'), '--cr', cr, '-o', 'json']);
    expect(r.code).toBe(ExitCode.Ok);
    expect(JSON.parse(r.stdout).items.map((o: KubeObject & { data: unknown }) => [o.metadata.name, o.data])).toEqual([
      ['shop-orders', { size: '1Gi', position: '0' }],
      ['shop-users', { size: '2Gi', position: '1' }],
    ]);
  });

  it('refuses two forEach items making one name, at the template field (not the field twice)', async () => {
    const cr = file(
      'dbs-twice.yaml',
      stringify({
        apiVersion: 'example.com/v1',
        kind: 'Website',
        metadata: { name: 'shop', namespace: 'shop' },
        spec: {
          databases: [
            { name: 'orders', size: '1Gi' },
            { name: 'orders', size: '2Gi' },
          ],
        },
      }),
    );
    const r = await cli(['render', '--katalog', fixture('for-each.yaml'), '--cr', cr]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'for-each.yaml:11:15 spec.crds[0].resources.configmaps.onReconcile[0].name: (item spec.databases[1]) is the same ConfigMap as configmaps.onReconcile[0] (item spec.databases[0]): both are named "shop-orders"',
    );
  });

  it('renders ordered children, and names a child that reads another child instead of rendering it', async () => {
    const cr = file(
      'ordered-cr.yaml',
      stringify({
        apiVersion: 'example.com/v1',
        kind: 'Website',
        metadata: { name: 'shop', namespace: 'shop' },
        spec: {},
      }),
    );
    const r = await cli(['render', '--katalog', fixture('ordered.yaml'), '--cr', cr, '-o', 'json']);
    expect(r.code).toBe(ExitCode.Ok);
    const body = JSON.parse(r.stdout) as { items: KubeObject[]; notes: string[] };
    expect(body.items.map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([
      'Deployment shop-db',
      'Service shop-db',
      'ConfigMap shop-app',
    ]);
    expect(body.notes).toContain(
      'spec.crds[0].resources.configmaps.onReconcile[1] of Website shop/shop reads the live services.db (children.<key>.<id>): not rendered without a cluster; `orkestra diff` shows it',
    );
  });

  it('renders the onDelete children with --on-delete', async () => {
    const cr = file(
      'shop.yaml',
      stringify({
        apiVersion: 'example.com/v1',
        kind: 'Website',
        metadata: { name: 'shop', namespace: 'shop' },
        spec: {},
      }),
    );
    const r = await cli([
      'render',
      '--katalog',
      fixture('with-on-delete.yaml'),
      '--cr',
      cr,
      '--on-delete',
      '-o',
      'json',
    ]);
    expect(JSON.parse(r.stdout).items.map((o: KubeObject) => o.metadata.name)).toEqual(['shop-farewell']);
  });

  it('points at the katalog field and line of a template error and of a value resolve refuses', async () => {
    const broken = file(
      'template.yaml',
      (await import('node:fs'))
        .readFileSync(katalog, 'utf8')
        .replace('image: "{{spec.image}}"', 'image: "{{spec.imag}}"'),
    );
    const r = await cli(['render', '--katalog', broken, '--cr', website]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /template\.yaml:36:15 spec\.crds\[0\]\.resources\.deployments\.onReconcile\[0\]\.image: .*spec\.imag/,
    );
    expect(r.stderr).toContain('did you mean spec.image?');

    const bad = await cli(['render', '--katalog', fixture('bad-value.yaml'), '--cr', website]);
    expect(bad.code).toBe(ExitCode.Problems);
    expect(bad.stderr).toMatch(
      /bad-value\.yaml:11:15 spec\.crds\[0\]\.resources\.deployments\.onReconcile\[0\]\.replicas: /,
    );
  });

  it('reports bad YAML with its line, and a CR of a kind the katalog does not declare', async () => {
    const yaml = await cli(['render', '--katalog', fixture('bad-yaml.yaml'), '--cr', website]);
    expect(yaml.code).toBe(ExitCode.Problems);
    expect(yaml.stderr).toMatch(/bad-yaml\.yaml:6:7 \(yaml\): /);
    const badCr = await cli([
      'render',
      '--katalog',
      katalog,
      '--cr',
      file('bad-cr.yaml', 'kind: Website\nmetadata: { name: x\n'),
    ]);
    expect(badCr.code).toBe(ExitCode.Problems);
    expect(badCr.stderr).toContain('bad-cr.yaml:');
    const other = await cli([
      'render',
      '--katalog',
      katalog,
      '--cr',
      file('gadget.yaml', stringify({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g' } })),
    ]);
    expect(other.code).toBe(ExitCode.Problems);
    expect(other.stderr).toContain('Gadget g (example.com/v1) has no entry in');
  });

  it('exits 4 naming the package to install for a key whose package is missing', async () => {
    const r = await cli(['render', '--katalog', fixture('broken.yaml'), '--cr', website]);
    expect(r.code).toBe(ExitCode.PackageMissing);
    expect(r.stderr).toContain('the resource package @orkestra/widgets for key "widgets" is not installed');
    expect(r.stderr).toContain('npm install @orkestra/widgets');
    expect(r.stderr).toMatch(/broken\.yaml:17:9 spec\.crds\[0\]\.resources\.widgets/);
  });

  it('says plainly that a child copying keys from another object needs a cluster', async () => {
    const r = await cli(['render', '--katalog', fixture('needs-cluster.yaml'), '--cr', website]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stderr).toContain('needs a cluster');
    expect(r.stderr).toContain('orkestra diff');
  });

  it('prints errors as JSON with --output json', async () => {
    const r = await cli(['render', '--katalog', fixture('bad-value.yaml'), '--cr', website, '--output', 'json']);
    expect(r.code).toBe(ExitCode.Problems);
    const body = JSON.parse(r.stdout) as {
      error: { exitCode: number; problems: { path: string; location: string }[] };
    };
    expect(body.error.exitCode).toBe(1);
    expect(body.error.problems[0]).toMatchObject({
      path: 'spec.crds[0].resources.deployments.onReconcile[0].replicas',
    });
    expect(body.error.problems[0]?.location).toMatch(/bad-value\.yaml:11:15$/);
  });
});

describe('validate', () => {
  it('passes the example katalog against its CRD', async () => {
    const r = await cli(['validate', '--katalog', katalog, '--crd', example('crd.yaml')]);
    expect(r.code).toBe(ExitCode.Ok);
    expect(r.stdout).toContain('is valid');
    expect(r.stdout).toContain('CR paths against the CRD schema');
  });

  it('lists every problem at once, each with its line, and exits 4 when a package is missing', async () => {
    const r = await cli([
      'validate',
      '--katalog',
      fixture('broken.yaml'),
      '--crd',
      example('crd.yaml'),
      '--output',
      'json',
    ]);
    expect(r.code).toBe(ExitCode.PackageMissing);
    const body = JSON.parse(r.stdout) as {
      valid: boolean;
      problems: { path: string; message: string; location: string }[];
      missingPackages: string[];
    };
    expect(body.valid).toBe(false);
    expect(body.missingPackages).toEqual(['widgets']);
    expect(body.problems.map((p) => [p.path, p.location.replace(/^.*\//, '')])).toEqual([
      ['spec.crds[0].resources.widgets', 'broken.yaml:17:9'],
      ['spec.crds[0].resources.deployments.onReconcile[0].replicsa', 'broken.yaml:12:15'],
      ['spec.crds[0].resources.deployments.onReconcile[0].image', 'broken.yaml:11:15'],
      ['spec.crds[0].resources.configmaps.onReconcile[0].data.greeting', 'broken.yaml:16:17'],
    ]);
    expect(body.problems[2]?.message).toContain('spec.imag is not in the schema');
    expect(body.problems[3]?.message).toContain('syntax error');
  });

  it('refuses a dependency cycle and a reference to no child, naming them at their lines', async () => {
    const cyclic = file(
      'cyclic.yaml',
      (await import('node:fs'))
        .readFileSync(fixture('ordered.yaml'), 'utf8')
        .replace(
          '            - id: db\n              name: "{{metadata.name}}-db"\n              image',
          '            - id: db\n              dependsOn: [configmaps.app]\n              name: "{{metadata.name}}-db"\n              image',
        )
        .replace(
          '            - name: "{{metadata.name}}-app"',
          '            - id: app\n              name: "{{metadata.name}}-app"',
        )
        .replace('children.services.db.spec', 'children.services.dbb.spec'),
    );
    const r = await cli(['validate', '--katalog', cyclic, '--crd', example('crd.yaml'), '--output', 'json']);
    expect(r.code).toBe(ExitCode.Problems);
    const body = JSON.parse(r.stdout) as { problems: { path: string; message: string; location: string }[] };
    expect(
      body.problems.map((p) => [p.path, p.message.replace(/ \(.*\)$/, ''), p.location.replace(/^.*\//, '')]),
    ).toEqual([
      [
        'spec.crds[0].resources.configmaps.onReconcile[1].data.host',
        'reads children.services.dbb, but no child template has that id',
        'cyclic.yaml:26:23',
      ],
      [
        'spec.crds[0].resources.deployments.onReconcile[0]',
        'dependency cycle: deployments.db -> configmaps.app -> deployments.db',
        'cyclic.yaml:10:15',
      ],
    ]);
  });

  it('exits 1 for problems without a missing package, and checks the owner against its CRD', async () => {
    const withoutWidgets = file(
      'no-widgets.yaml',
      (await import('node:fs'))
        .readFileSync(fixture('broken.yaml'), 'utf8')
        .replace(/ {8}widgets:\n {10}onReconcile:\n {12}- size: 3\n/, ''),
    );
    const r = await cli(['validate', '--katalog', withoutWidgets]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stdout).toContain('2 problems'); // spec.imag needs --crd to be found
    expect(r.stdout).toContain('pass --crd to check CR paths too');
    const crd = await cli(['validate', '--katalog', katalog, '--crd', fixture('no-status-crd.yaml')]);
    expect(crd.code).toBe(ExitCode.Problems);
    expect(crd.stdout).toContain('spec.crds[0].owner.plural: is "websites", but the CRD');
    expect(crd.stdout).toContain('has no status subresource');
  });

  it('reports bad YAML', async () => {
    const r = await cli(['validate', '--katalog', fixture('bad-yaml.yaml')]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stdout).toMatch(/bad-yaml\.yaml:6:7 \(yaml\)/);
  });
});

describe('generate rbac', () => {
  it('prints a ClusterRole with exactly the rules the katalog needs, its binding, and the Lease Role', async () => {
    const r = await cli([
      'generate',
      'rbac',
      '--katalog',
      katalog,
      '--service-account',
      'ops/website',
      '--output',
      'json',
    ]);
    expect(r.code).toBe(ExitCode.Ok);
    const items = (JSON.parse(r.stdout) as { items: KubeObject[] }).items;
    expect(items.map((o) => `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`)).toEqual([
      'ClusterRole /orkestra-website',
      'ClusterRoleBinding /orkestra-website',
      'Role ops/orkestra-website',
      'RoleBinding ops/orkestra-website',
    ]);
    const child = ['get', 'list', 'watch', 'create', 'patch', 'delete'];
    expect(items[0]?.rules).toEqual([
      { apiGroups: ['example.com'], resources: ['websites'], verbs: ['get', 'list', 'watch', 'patch'] },
      { apiGroups: ['example.com'], resources: ['websites/status'], verbs: ['patch'] },
      { apiGroups: ['example.com'], resources: ['websites/finalizers'], verbs: ['update'] },
      { apiGroups: ['apps'], resources: ['deployments'], verbs: child },
      { apiGroups: [''], resources: ['services', 'configmaps', 'secrets'], verbs: child },
      { apiGroups: [''], resources: ['events'], verbs: ['create'] },
      {
        apiGroups: ['apiextensions.k8s.io'],
        resources: ['customresourcedefinitions'],
        verbs: ['get'],
        resourceNames: ['websites.example.com'],
      },
    ]);
    expect(items[1]).toMatchObject({
      roleRef: { kind: 'ClusterRole', name: 'orkestra-website' },
      subjects: [{ kind: 'ServiceAccount', namespace: 'ops', name: 'website' }],
    });
    // In the ServiceAccount's namespace: the inventory record of the owner kind (get/update by name, create) and the Lease.
    expect(items[2]?.rules).toEqual([
      { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'update'], resourceNames: ['websites.example.com'] },
      { apiGroups: [''], resources: ['configmaps'], verbs: ['create'] },
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update'] },
    ]);
  });

  it('uses Roles for a katalog that watches given namespaces, patch on the owner for onDelete, and no Lease without leader election', async () => {
    const r = await cli([
      'generate',
      'rbac',
      '--katalog',
      fixture('with-on-delete.yaml'),
      '--service-account',
      'ops/x',
      '--no-leader-elect',
      '-o',
      'json',
    ]);
    const items = (JSON.parse(r.stdout) as { items: KubeObject[] }).items;
    expect(items.map((o) => `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`)).toEqual([
      'ClusterRole /orkestra-scoped',
      'ClusterRoleBinding /orkestra-scoped',
      'Role shop/orkestra-scoped',
      'RoleBinding shop/orkestra-scoped',
      'Role ops/orkestra-scoped',
      'RoleBinding ops/orkestra-scoped',
    ]);
    // Cluster-wide only what is cluster-scoped: reading the owner's CRD, by name.
    expect(items[0]?.rules).toEqual([
      {
        apiGroups: ['apiextensions.k8s.io'],
        resources: ['customresourcedefinitions'],
        verbs: ['get'],
        resourceNames: ['websites.example.com'],
      },
    ]);
    expect(items[2]?.rules).toContainEqual({
      apiGroups: ['example.com'],
      resources: ['websites'],
      verbs: ['get', 'list', 'watch', 'patch'],
    });
  });

  it('with --shards grants the shard Leases (list too), even with --no-leader-elect, and refuses a bad count', async () => {
    const base = ['generate', 'rbac', '--katalog', katalog, '--service-account', 'ops/website', '-o', 'json'];
    for (const extra of [
      ['--shards', '4'],
      ['--shards', '4', '--no-leader-elect'],
    ]) {
      const r = await cli([...base, ...extra]);
      expect(r.code).toBe(ExitCode.Ok);
      const role = (JSON.parse(r.stdout) as { items: KubeObject[] }).items.find(
        (o) => o.kind === 'Role' && o.metadata.namespace === 'ops',
      );
      expect(role?.rules).toContainEqual({
        apiGroups: ['coordination.k8s.io'],
        resources: ['leases'],
        verbs: ['get', 'list', 'create', 'update'],
      });
    }
    const bad = await cli([...base, '--shards', '0']);
    expect(bad.code).toBe(ExitCode.Usage);
    expect(bad.stderr).toContain('--shards 0: want a whole number from 1 to 65536');
  });

  it('--console adds create on tokenreviews and subjectaccessreviews, cluster-wide, for a namespaced operator too', async () => {
    const args = ['generate', 'rbac', '--katalog', fixture('with-on-delete.yaml'), '--no-leader-elect', '-o', 'json'];
    const without = (JSON.parse((await cli(args)).stdout) as { items: KubeObject[] }).items;
    const r = await cli([...args, '--console']);
    expect(r.code).toBe(ExitCode.Ok);
    const items = (JSON.parse(r.stdout) as { items: KubeObject[] }).items;
    const reviews = [
      { apiGroups: ['authentication.k8s.io'], resources: ['tokenreviews'], verbs: ['create'] },
      { apiGroups: ['authorization.k8s.io'], resources: ['subjectaccessreviews'], verbs: ['create'] },
    ];
    expect(items[0]?.kind).toBe('ClusterRole');
    expect(items[0]?.rules).toEqual([...((without[0]?.rules ?? []) as unknown[]), ...reviews]);
    for (const rule of reviews) expect(JSON.stringify(without)).not.toContain(rule.resources[0]);
    expect(items.slice(1)).toEqual(without.slice(1));
    const text = await cli(['generate', 'rbac', '--katalog', katalog, '--console']);
    expect(text.stdout).toContain('the console on a non-loopback address');
  });

  it('prints YAML with a comment per permission, and refuses a malformed service account', async () => {
    const r = await cli(['generate', 'rbac', '--katalog', katalog]);
    expect(r.code).toBe(ExitCode.Ok);
    expect(r.stdout).toContain('# orkestra generate rbac:');
    expect(r.stdout).toContain('leader election');
    expect(docs(r.stdout).map((o) => o.kind)).toEqual(['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding']);
    expect((await cli(['generate', 'rbac', '--katalog', katalog, '--service-account', 'nobody'])).code).toBe(
      ExitCode.Usage,
    );
  });
});

describe('generate rbac --operator', () => {
  const operator = file(
    'shop-operator.mjs',
    `const configmaps = { key: 'configmaps', apiVersion: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true };
export default [{
  owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
  handlers: [configmaps],
  resources: { configmaps: { onReconcile: [{ name: '{{metadata.name}}-page' }] } },
  reads: [{ apiVersion: 'v1', kind: 'Secret' }],
}];
`,
  );

  it("prints the Roles a code operator's default export needs: owner, children, reads, events, Lease; its CRD (the start-up check)", async () => {
    const args = ['generate', 'rbac', '--operator', operator, '--service-account', 'ops/shop', '-n', 'shop'];
    const r = await cli([...args, '-o', 'json']);
    expect(r.code).toBe(ExitCode.Ok);
    const items = (JSON.parse(r.stdout) as { items: KubeObject[] }).items;
    expect(items.map((o) => `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`)).toEqual([
      'ClusterRole /orkestra-shop-operator',
      'ClusterRoleBinding /orkestra-shop-operator',
      'Role shop/orkestra-shop-operator',
      'RoleBinding shop/orkestra-shop-operator',
      'Role ops/orkestra-shop-operator',
      'RoleBinding ops/orkestra-shop-operator',
    ]);
    // The Manager checks the configuration against the owner CRD at start: reading it, by name.
    expect(items[0]?.rules).toEqual([
      {
        apiGroups: ['apiextensions.k8s.io'],
        resources: ['customresourcedefinitions'],
        verbs: ['get'],
        resourceNames: ['websites.example.com'],
      },
    ]);
    expect(items[2]?.rules).toEqual([
      { apiGroups: ['example.com'], resources: ['websites'], verbs: ['get', 'list', 'watch', 'patch'] },
      { apiGroups: ['example.com'], resources: ['websites/status'], verbs: ['patch'] },
      { apiGroups: ['example.com'], resources: ['websites/finalizers'], verbs: ['update'] },
      {
        apiGroups: [''],
        resources: ['configmaps'],
        verbs: ['get', 'list', 'watch', 'create', 'patch', 'delete'],
      },
      { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: [''], resources: ['events'], verbs: ['create'] },
    ]);
    // The record of a configuration watching some namespaces is named with a hash of them.
    expect(items[4]?.rules).toEqual([
      {
        apiGroups: [''],
        resources: ['configmaps'],
        verbs: ['get', 'update'],
        resourceNames: [inventoryRecordName({ plural: 'websites', group: 'example.com' }, ['shop'])],
      },
      { apiGroups: [''], resources: ['configmaps'], verbs: ['create'] },
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update'] },
    ]);
    expect((await cli(args)).stdout).toContain(`# orkestra generate rbac: what the operator ${operator} needs`);
  });

  it('refuses a module without operator configurations, a missing module, and both or neither of --katalog/--operator', async () => {
    const bad = await cli([
      'generate',
      'rbac',
      '--operator',
      file('not-an-operator.mjs', 'export default { a: 1 };\n'),
    ]);
    expect(bad.code).toBe(ExitCode.Usage);
    expect(bad.stderr).toContain('its default export is not an operator configuration');
    const missing = await cli(['generate', 'rbac', '--operator', join(tmp, 'nowhere.mjs')]);
    expect(missing.code).toBe(ExitCode.Usage);
    expect(missing.stderr).toContain('cannot import it');
    expect((await cli(['generate', 'rbac'])).code).toBe(ExitCode.Usage);
    expect((await cli(['generate', 'rbac', '--operator', operator, '--katalog', katalog])).code).toBe(ExitCode.Usage);
  });
});

describe('without a cluster', () => {
  const unreachable = file(
    'unreachable.kubeconfig',
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      'current-context': 'x',
      clusters: [{ name: 'x', cluster: { server: 'https://127.0.0.1:1', 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'x', user: { token: 'abc' } }],
      contexts: [{ name: 'x', context: { cluster: 'x', user: 'x' } }],
    }),
  );

  it('diff and run exit 3 with a clear message when the API server cannot be reached', async () => {
    const diff = await cli(['diff', '--katalog', katalog, '--kubeconfig', unreachable]);
    expect(diff.code).toBe(ExitCode.Unreachable);
    expect(diff.stderr).toContain('cannot reach the API server at https://127.0.0.1:1');
    const run = await cli([
      'run',
      '--katalog',
      katalog,
      '--kubeconfig',
      unreachable,
      '--http-address',
      '127.0.0.1:0',
      '--log-level',
      'silent',
    ]);
    expect(run.code).toBe(ExitCode.Unreachable);
    expect(run.stderr).toContain('cannot reach the API server at https://127.0.0.1:1');
  }, 30_000);

  it('exit 3 when no kubeconfig can be found at all', async () => {
    const r = await cli(['diff', '--katalog', katalog], {
      env: { KUBECONFIG: '', HOME: tmp, KUBERNETES_SERVICE_HOST: '' },
    });
    expect(r.code).toBe(ExitCode.Unreachable);
    expect(r.stderr).toContain('no cluster to talk to');
  });

  it('run checks the katalog and its packages before it connects', async () => {
    const r = await cli(['run', '--katalog', fixture('broken.yaml'), '--kubeconfig', unreachable]);
    expect(r.code).toBe(ExitCode.PackageMissing);
  });
});
