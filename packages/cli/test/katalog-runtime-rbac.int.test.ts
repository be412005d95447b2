/**
 * The RBAC `generate manifests --katalogs-from-cluster` prints is enough for the Katalog runtime, on the real API
 * server: applied for a ServiceAccount, `orkestra run --katalogs-from-cluster` as that account (its own start
 * check, leader election) installs the Katalog CRD, serves a team's Katalog as the team's ServiceAccount, notices
 * the team's Role losing a verb, and applies a removalPolicy that deletes the instances and the CRD.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { serviceAccountIdentity, testCluster, waitFor } from '@orkestra/testenv';
import { parseAllDocuments } from 'yaml';
import { ExitCode } from '../src/index.js';
import { cli } from './helpers.js';

const cluster = testCluster();
const GROUP = 'generated.katalogs.example.com';
const NAME = 'katalog-runtime-rbac-test';
const RBAC = 'rbac.authorization.k8s.io/v1';
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };
const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `notes.${GROUP}` };
const teamRules = [
  { apiGroups: [GROUP], resources: ['notes', 'notes/status', 'notes/finalizers'], verbs: ['*'] },
  { apiGroups: [''], resources: ['configmaps', 'events'], verbs: ['*'] },
];

type Status = { conditions?: { type: string; status: string }[]; problems?: { message: string }[] };

describe('the generated RBAC of the Katalog runtime', () => {
  let admin: Kubeclient;
  let platform: string;
  let team: string;
  let rbac: KubeObject[] = [];
  const abort = new AbortController();
  let run: ReturnType<typeof cli> | undefined;

  beforeAll(async () => {
    admin = new Kubeclient(cluster.kubeConfig);
    platform = await cluster.newNamespace('platform');
    team = await cluster.newNamespace('team');
    await admin.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'notes', namespace: team } });
    await admin.create({
      apiVersion: RBAC,
      kind: 'Role',
      metadata: { name: 'notes', namespace: team },
      rules: teamRules,
    });
    await admin.create({
      apiVersion: RBAC,
      kind: 'RoleBinding',
      metadata: { name: 'notes', namespace: team },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'notes' },
      subjects: [{ kind: 'ServiceAccount', name: 'notes', namespace: team }],
    });
  });
  afterAll(async () => {
    abort.abort();
    await run;
    for (const o of rbac.filter((x) => x.kind.startsWith('Cluster')))
      await admin.delete({ apiVersion: o.apiVersion, kind: o.kind, name: o.metadata.name ?? '' }).catch(() => false);
    await admin.delete(CRD).catch(() => false);
    await admin.close();
  });

  it('is all the runtime needs', async () => {
    const generated = await cli([
      'generate',
      'manifests',
      '--katalogs-from-cluster',
      '--image',
      'example/orkestra:1',
      '--namespace',
      platform,
      '--name',
      NAME,
    ]);
    expect(generated.code).toBe(ExitCode.Ok);
    const objects = parseAllDocuments(generated.stdout).map((d) => d.toJS() as KubeObject);
    rbac = objects.filter((o) => ['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding'].includes(o.kind));
    for (const o of objects.filter((x) => x.kind === 'ServiceAccount' || rbac.includes(x)))
      await admin.apply(o, { fieldManager: 'test', force: true });
    const identity = await serviceAccountIdentity(cluster, platform, NAME, { create: false });
    const kubeconfig = identity.writeKubeconfig(
      join(mkdtempSync(join(tmpdir(), 'katalog-rbac-')), 'runtime.kubeconfig'),
    );
    run = cli(
      [
        'run',
        '--katalogs-from-cluster',
        '--kubeconfig',
        kubeconfig,
        '--http-address',
        '127.0.0.1:0',
        '--leader-election-namespace',
        platform,
        '--leader-election-id',
        NAME,
        '--log-format',
        'json',
      ],
      { signal: abort.signal },
    );
    const katalog = {
      ...KATALOG,
      metadata: { name: 'notes', namespace: team },
      spec: {
        serviceAccountName: 'notes',
        removalPolicy: { instances: 'Delete', crd: 'DeleteIfCreated' },
        crds: [
          {
            owner: { group: GROUP, version: 'v1', kind: 'Note', plural: 'notes' },
            api: { spec: { text: { type: 'string' } } },
            resources: {
              configmaps: { onReconcile: [{ name: '{{metadata.name}}-note', data: { text: '{{spec.text}}' } }] },
            },
          },
        ],
      },
    } as KubeObject;
    // The runtime installs the Katalog CRD as itself: the apply works once it is there.
    await waitFor(
      () =>
        admin.apply(katalog, { fieldManager: 'team', force: true }).then(
          () => true,
          () => false,
        ),
      { description: 'the Katalog applied (its CRD installed by the runtime)', timeoutMs: 30_000 },
    );
    const status = (until: (s: Status) => boolean, description: string) =>
      waitFor(
        async () =>
          ((await admin.get({ ...KATALOG, namespace: team, name: 'notes' })) as { status?: Status })?.status ?? {},
        { until, description, timeoutMs: 30_000 },
      );
    const ready = (s: Status) => s.conditions?.find((c) => c.type === 'Ready')?.status;
    await status((s) => ready(s) === 'True', 'the Katalog served');
    await admin.create({
      apiVersion: `${GROUP}/v1`,
      kind: 'Note',
      metadata: { name: 'hello', namespace: team },
      spec: { text: 'hi' },
    } as KubeObject);
    const child = { apiVersion: 'v1', kind: 'ConfigMap', namespace: team, name: 'hello-note' };
    await waitFor(() => admin.get(child), { description: 'the child, written as the team', timeoutMs: 20_000 });

    // The runtime watches the team's Role (roles: list, watch).
    await admin.apply(
      {
        apiVersion: RBAC,
        kind: 'Role',
        metadata: { name: 'notes', namespace: team },
        rules: [teamRules[0]],
      } as KubeObject,
      { fieldManager: 'test', force: true },
    );
    const refused = await status((s) => ready(s) === 'False', 'the Katalog stopped');
    expect(refused.problems?.map((p) => p.message).join('\n')).toMatch(/may not .* configmaps/);
    await admin.apply(
      { apiVersion: RBAC, kind: 'Role', metadata: { name: 'notes', namespace: team }, rules: teamRules } as KubeObject,
      { fieldManager: 'test', force: true },
    );
    await status((s) => ready(s) === 'True', 'the Katalog served again');

    // Deleted: the instance goes (as the team), then the CRD (customresourcedefinitions: delete).
    await admin.delete({ ...KATALOG, namespace: team, name: 'notes' });
    await waitFor(async () => (await admin.get(CRD)) === undefined, {
      description: 'the CRD deleted',
      timeoutMs: 30_000,
    });
    abort.abort();
    const done = await run;
    expect({ code: done.code, forbidden: /forbidden/i.test(done.stdout + done.stderr) }).toEqual({
      code: ExitCode.Ok,
      forbidden: false,
    });
  });
});
