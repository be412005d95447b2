/**
 * Issue 27 items 5–7: `orkestra validate` refuses what would fail for every CR — a field read of another child
 * that its kind does not have (and a readyWhen path), a cluster-scoped manifest under a namespaced owner, a
 * name whose literal part no value makes valid — with the reconciler's analysis, as planning and render would.
 */
import { describe, expect, it } from '@jest/globals';
import { ExitCode } from '../src/index.js';
import { cli, example } from './helpers.js';
import { crdYaml, katalogYaml, tempFiles } from './test-files.js';

const { write } = tempFiles('cli-validate-analysis');

interface Problem {
  path: string;
  message: string;
  hint?: string;
  location?: string;
}

async function validate(file: string, ...more: string[]): Promise<{ code: number; problems: Problem[] }> {
  const r = await cli(['validate', '--katalog', file, ...more, '--output', 'json']);
  return { code: r.code, problems: (JSON.parse(r.stdout) as { problems: Problem[] }).problems };
}

const gadgetCrd = write(
  'gadget-crd.yaml',
  crdYaml({
    group: 'parts.example.com',
    kind: 'Gadget',
    plural: 'gadgets',
    status: false,
    properties: '                colour: { type: string }\n',
  }).replace(
    '            spec:\n',
    '            status: { type: object, properties: { phase: { type: string } } }\n            spec:\n',
  ),
);

describe('validate: checks that used to pass and then fail for every CR', () => {
  it("a field read of another child, and a readyWhen path, are checked against the kind's schema (--crd)", async () => {
    const file = write(
      'references.yaml',
      katalogYaml(
        'references',
        `            - id: gadget
              apiVersion: parts.example.com/v1
              kind: Gadget
              metadata: { name: "{{metadata.name}}" }
              readyWhen: { field: status.phse, operator: equals, value: Ready }
            - apiVersion: v1
              kind: ConfigMap
              metadata: { name: "{{metadata.name}}-colour" }
              data: { colour: "{{children.manifests.gadget.spec.colur}}" }
`,
      ),
    );
    const { code, problems } = await validate(file, '--crd', example('crd.yaml'), '--crd', gadgetCrd);
    expect(code).toBe(ExitCode.Problems);
    const at = 'spec.crds[0].resources.manifests.onReconcile';
    expect(problems.map((p) => [p.path, p.message, p.hint, p.location?.replace(/^.*\//, '')])).toEqual([
      [
        `${at}[0].readyWhen`,
        `status.phse is not a field of Gadget: status has no field "phse" (${gadgetCrd})`,
        'did you mean status.phase?',
        'references.yaml:14:15',
      ],
      [
        `${at}[1].data.colour`,
        `children.manifests.gadget.spec.colur is not a field of Gadget: spec has no field "colur" (${gadgetCrd})`,
        'did you mean children.manifests.gadget.spec.colour?',
        'references.yaml:18:23',
      ],
    ]);
  });

  it('without a cluster, a field read of a built-in kind and its literal values are checked (shipped schemas)', async () => {
    const file = write(
      'built-in-references.yaml',
      katalogYaml(
        'built-in-references',
        `            - id: web
              apiVersion: apps/v1
              kind: Deployment
              metadata: { name: "{{metadata.name}}" }
              spec:
                replicas: three
                selector: { matchLabels: { app: web } }
                template:
                  metadata: { labels: { app: web } }
                  spec: { containers: [{ name: web, image: nginx }] }
            - apiVersion: v1
              kind: ConfigMap
              metadata: { name: "{{metadata.name}}-replicas" }
              data: { replicas: "{{children.manifests.web.status.readyReplica}}" }
`,
      ),
    );
    const { code, problems } = await validate(file);
    expect(code).toBe(ExitCode.Problems);
    const at = 'spec.crds[0].resources.manifests.onReconcile';
    const shipped = /Kubernetes v\d+\.\d+\.\d+'s OpenAPI/;
    expect(problems.map((p) => [p.path, p.hint, p.location?.replace(/^.*\//, '')])).toEqual([
      [
        `${at}[0].spec.replicas`,
        'write the value without quotes, or template it from the CR',
        'built-in-references.yaml:15:17',
      ],
      [`${at}[1].data.replicas`, 'did you mean children.manifests.web.status.readyReplicas?', expect.any(String)],
    ]);
    expect(problems[0]?.message).toMatch(shipped);
    expect(problems[1]?.message).toContain('status has no field "readyReplica"');
    expect(problems[1]?.message).toMatch(shipped);
  });

  it('a cluster-scoped manifest (ClusterRole) under a namespaced owner is refused, as planning refuses it', async () => {
    const file = write(
      'cluster-scoped.yaml',
      katalogYaml(
        'cluster-scoped',
        `            - apiVersion: rbac.authorization.k8s.io/v1
              kind: ClusterRole
              metadata: { name: "{{metadata.name}}-reader" }
              rules: [{ apiGroups: [""], resources: [pods], verbs: [get] }]
`,
      ),
    );
    const { code, problems } = await validate(file);
    expect(code).toBe(ExitCode.Problems);
    expect(problems.map((p) => [p.path, p.message, p.location?.replace(/^.*\//, '')])).toEqual([
      [
        'spec.crds[0].resources.manifests.onReconcile[0]',
        'a ClusterRole is cluster-scoped and cannot be owned by the namespaced Website',
        'cluster-scoped.yaml:10:15',
      ],
    ]);
  });

  it('a name whose literal part can never be valid is refused, as render refuses it; a valid one passes', async () => {
    const bad = write(
      'bad-name.yaml',
      katalogYaml('bad-name', '            - { name: "{{metadata.name}}_Web!", data: { a: b } }\n', {
        key: 'configmaps',
      }),
    );
    const { code, problems } = await validate(bad);
    expect(code).toBe(ExitCode.Problems);
    expect(problems.map((p) => p.path)).toEqual(['spec.crds[0].resources.configmaps.onReconcile[0].name']);
    expect(problems[0]?.message).toMatch(
      /^is "\{\{metadata\.name\}\}_Web!", which no value of its \{\{…\}\} parts makes valid: /,
    );
    const rendered = await cli(['render', '--katalog', bad, '--cr', example('website.yaml')]);
    expect(rendered.code).toBe(ExitCode.Problems);

    const good = write(
      'good-name.yaml',
      katalogYaml('good-name', '            - { name: "{{metadata.name}}-web", data: { a: b } }\n', {
        key: 'configmaps',
      }),
    );
    expect((await validate(good)).code).toBe(ExitCode.Ok);
  });
});
