#!/usr/bin/env node
// "Install only what you need", proven from the published artefacts:
//
//   node scripts/check-install.mjs [--no-build] [--keep]
//
// 1. Builds every package (Nx, cached) unless --no-build, then `npm pack`s every publishable package into a
//    temporary folder, reports each tarball's size, and fails if a tarball holds anything beyond what `files`
//    allows: package.json, README.md, CHANGELOG.md, LICENSE, dist/ and generated data (the CLI's built-in kinds'
//    schemas, generated/*.json) — no src/, no tests, no tsbuildinfo.
// 2. Creates a fresh project outside the workspace (no workspace links, no other @orkestra package) and
//    `npm install`s only core, template, reconciler and deployments from those tarballs — plus
//    @orkestra/testenv, the test tool that provides the control plane (it depends on core).
//    Third-party dependencies come from the npm registry.
// 3. Runs an ESM script (.mjs, import) and a CJS script (.cjs, require) there: each starts testenv, installs
//    a small CRD, creates a CR, runs GenericReconciler with deployments.handler, waits for the Deployment,
//    checks it (and turns it into a client-node model with @orkestra/core/client-node), stops everything and
//    exits 0.
// 4. Creates a second empty project whose package.json asks only for @orkestra/deployments (its @orkestra/core
//    comes from the core tarball through `overrides`, as it would from the registry), installs it, counts the
//    packages installed (`npm ls --all --parseable`, the project itself not counted) and fails above
//    MAX_DEPLOYMENTS_CLOSURE or if @kubernetes/client-node came along (an optional peer of core). There an ESM
//    import and a CommonJS require of @orkestra/deployments and @orkestra/core/kube must work, and an
//    auth-provider user must get core's "install @kubernetes/client-node" error, not a crash.
// 4b. Creates a third empty project whose package.json asks only for @orkestra/testenv (core again through
//    `overrides`): `import('@orkestra/testenv')` and `require('@orkestra/testenv')` must work there — testenv
//    imports core (`@orkestra/core/x509`), so core must come with it as a dependency.
// 5. Follows the top README's quick start literally in a new folder (check-quick-start.mjs): its shell lines
//    (`npm init`, `npm pkg set type=module`, `npm install` from the tarballs, the CRD), then `node operator.ts`
//    against a control plane: the Website's Deployment and Service appear, Node prints no warning, and SIGTERM
//    stops it with 0.
// The temporary folders are removed at the end unless --keep.
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { checkQuickStart } from './check-quick-start.mjs';
import { readJson, run, runOk, seconds, workspacePackages, workspaceRoot } from './check-workspace-copy.mjs';

const args = new Set(process.argv.slice(2));
const INSTALL = ['@orkestra/core', '@orkestra/template', '@orkestra/reconciler', '@orkestra/deployments'];
const TEST_TOOL = '@orkestra/testenv';
/** At most this many packages for `npm install @orkestra/deployments` (issue 17): deployments, core and core's deps. */
const MAX_DEPLOYMENTS_CLOSURE = 6;
const ALLOWED = /^(package\.json|README\.md|CHANGELOG\.md|LICENSE|dist\/.+|generated\/[^/]+\.json)$/;
const FORBIDDEN =
  /(^|\/)(src|test|tests|__tests__|out-tsc)\/|\.(test|spec|int\.test)\.|\.tsbuildinfo$|(^|\/)(jest|tsup)\.config\.|(^|\/)tsconfig/;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: websites.example.com }
spec:
  group: example.com
  scope: Namespaced
  names: { plural: websites, singular: website, kind: Website, listKind: WebsiteList }
  versions:
    - name: v1
      served: true
      storage: true
      subresources: { status: {} }
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec: { type: object, properties: { image: { type: string }, replicas: { type: integer } } }
            status: { type: object, x-kubernetes-preserve-unknown-fields: true }
`;

/** The body both scripts share: given the four modules, reconcile one Website into a Deployment. */
const BODY = (flavour) => `
  const env = await start({ crds: [join(here, 'crd.yaml')] });
  const kube = new Kubeclient(env.kubeConfig);
  const user = new Kubeclient(env.kubeConfig);
  let reconciler;
  try {
    const ns = await env.newNamespace('install-${flavour}');
    reconciler = new GenericReconciler(kube, {
      owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
      handlers: [deployments.handler],
      resources: { deployments: { onReconcile: [{ image: '{{spec.image}}', replicas: '{{default spec.replicas 1}}', port: 8080 }] } },
      namespaces: [ns],
    });
    await reconciler.start();
    // The CR comes from someone else, as with kubectl: the reconciler's own client would put it straight into
    // the informer cache, and the watch event that triggers the reconcile would then be dropped as a duplicate.
    const cr = await user.create({ apiVersion: 'example.com/v1', kind: 'Website', metadata: { name: 'shop', namespace: ns }, spec: { image: 'nginx:1.27', replicas: 2 } });
    const ref = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'shop-deployment' };
    const deployment = await env.waitFor(() => kube.get(ref), { timeoutMs: 30000, intervalMs: 100, description: 'the Deployment shop-deployment' });
    const problems = [];
    if (deployment.spec.replicas !== 2) problems.push('replicas ' + deployment.spec.replicas);
    if (deployment.spec.template.spec.containers[0].image !== 'nginx:1.27') problems.push('image ' + deployment.spec.template.spec.containers[0].image);
    if (deployment.metadata.ownerReferences?.[0]?.uid !== cr.metadata.uid) problems.push('owner reference');
    // The client-node adapter entry (client-node is here: testenv depends on it).
    if (!(toModel(deployment).metadata.creationTimestamp instanceof Date)) problems.push('toModel gave no Date');
    if (problems.length) throw new Error('unexpected Deployment: ' + problems.join(', '));
    console.log('${flavour}: Deployment ' + ns + '/shop-deployment reconciled from the Website (replicas 2, nginx:1.27, owned); Kubernetes ' + env.version.gitVersion);
  } finally {
    await reconciler?.stop();
    await kube.close();
    await user.close();
    await env.stop();
  }
`;

const ESM = `// ESM consumer: import from the installed tarballs.
import { toModel } from '@orkestra/core/client-node';
import { Kubeclient } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import { GenericReconciler } from '@orkestra/reconciler';
import { start } from '@orkestra/testenv';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
${BODY('esm')}`;

const CJS = `// CommonJS consumer: require() from the installed tarballs.
'use strict';
const { toModel } = require('@orkestra/core/client-node');
const { Kubeclient } = require('@orkestra/core/kube');
const deployments = require('@orkestra/deployments');
const { GenericReconciler } = require('@orkestra/reconciler');
const { start } = require('@orkestra/testenv');
const { join } = require('node:path');

const here = __dirname;
async function main() {${BODY('cjs')}}
main().catch((e) => { console.error(e); process.exitCode = 1; });
`;

/** The deployments-only project's checks (step 4); `flavour` is 'esm' or 'cjs'. */
const IMPORTS = (flavour) => `
  const kubeconfig = join(here, 'auth-provider.kubeconfig');
  if (deployments.handler.key !== 'deployments') throw new Error('${flavour}: no deployments handler');
  const problems = [];
  try {
    await loadKubeconfig({ file: kubeconfig, env: {} }).authHeaders();
    problems.push('an auth-provider user got headers without @kubernetes/client-node');
  } catch (e) {
    if (!(e instanceof KubeconfigError) || !e.message.includes('npm install @kubernetes/client-node')) problems.push('auth-provider user: ' + e);
  }
  if (problems.length) throw new Error(problems.join('; '));
  console.log('${flavour}: @orkestra/deployments and @orkestra/core/kube load; an auth-provider user is told to install @kubernetes/client-node');
`;
const DEPLOYMENTS_ESM = `import * as deployments from '@orkestra/deployments';
import { KubeconfigError, loadKubeconfig } from '@orkestra/core/kube';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
const here = dirname(fileURLToPath(import.meta.url));
${IMPORTS('esm')}`;
const DEPLOYMENTS_CJS = `'use strict';
const deployments = require('@orkestra/deployments');
const { KubeconfigError, loadKubeconfig } = require('@orkestra/core/kube');
const { join } = require('node:path');
const here = __dirname;
async function main() {${IMPORTS('cjs')}}
main().catch((e) => { console.error(e); process.exitCode = 1; });
`;
const AUTH_PROVIDER_KUBECONFIG = `apiVersion: v1
kind: Config
current-context: c
clusters: [{ name: c, cluster: { server: 'https://127.0.0.1:1' } }]
users: [{ name: u, user: { auth-provider: { name: oidc, config: { id-token: x.y.z, client-id: x, idp-issuer-url: 'https://issuer' } } } }]
contexts: [{ name: c, context: { cluster: c, user: u } }]
`;

/**
 * Step 4: a project that asks only for @orkestra/deployments. Returns the installed package count; pushes any
 * problem onto `problems`.
 */
async function checkDeploymentsAlone(dir, tarball) {
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: 'orkestra-deployments-only',
        private: true,
        version: '0.0.0',
        dependencies: { '@orkestra/deployments': `file:${tarball('@orkestra/deployments')}` },
        overrides: { '@orkestra/core': `file:${tarball('@orkestra/core')}` },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(join(dir, 'imports.mjs'), DEPLOYMENTS_ESM);
  writeFileSync(join(dir, 'imports.cjs'), DEPLOYMENTS_CJS);
  writeFileSync(join(dir, 'auth-provider.kubeconfig'), AUTH_PROVIDER_KUBECONFIG);
  const install = await time('npm install deployments', () =>
    run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeoutMs: 600_000 }),
  );
  if (install.code !== 0) throw new Error(`npm install in ${dir} failed:\n${install.stdout}\n${install.stderr}`);
  const ls = await run(npm, ['ls', '--all', '--parseable'], { cwd: dir });
  const installed = ls.stdout
    .split('\n')
    .filter((line) => line.trim() && line.trim() !== dir)
    .map((line) => relative(join(dir, 'node_modules'), line));
  console.log(
    `check-install: npm install @orkestra/deployments alone pulls ${installed.length} packages (at most ${MAX_DEPLOYMENTS_CLOSURE}): ${installed.join(', ')}`,
  );
  if (installed.length > MAX_DEPLOYMENTS_CLOSURE)
    problems.push(
      `@orkestra/deployments alone installs ${installed.length} packages, more than ${MAX_DEPLOYMENTS_CLOSURE}`,
    );
  if (installed.some((name) => name.startsWith('@kubernetes/')))
    problems.push('@orkestra/deployments alone installs @kubernetes/client-node (an optional peer of core)');
  for (const file of ['imports.mjs', 'imports.cjs']) {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const result = await time(file, () => run(process.execPath, [file], { cwd: dir, env, timeoutMs: 60_000 }));
    if (result.code !== 0) problems.push(`${file} exited ${result.code}:\n${result.stdout}${result.stderr}`);
    else console.log(`  ${result.stdout.trim()}`);
  }
  return installed.length;
}

/** Step 4b: a project that asks only for @orkestra/testenv; pushes any problem onto `problems`. */
async function checkTestenvAlone(dir, tarball) {
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: 'orkestra-testenv-only',
        private: true,
        version: '0.0.0',
        dependencies: { '@orkestra/testenv': `file:${tarball('@orkestra/testenv')}` },
        overrides: { '@orkestra/core': `file:${tarball('@orkestra/core')}` },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    join(dir, 'imports.mjs'),
    "const testenv = await import('@orkestra/testenv');\nif (typeof testenv.start !== 'function') throw new Error('no start');\nconsole.log('esm: @orkestra/testenv imports with only testenv installed');\n",
  );
  writeFileSync(
    join(dir, 'imports.cjs'),
    "'use strict';\nconst testenv = require('@orkestra/testenv');\nif (typeof testenv.start !== 'function') throw new Error('no start');\nconsole.log('cjs: @orkestra/testenv requires with only testenv installed');\n",
  );
  const install = await time('npm install testenv', () =>
    run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeoutMs: 600_000 }),
  );
  if (install.code !== 0) throw new Error(`npm install in ${dir} failed:\n${install.stdout}\n${install.stderr}`);
  for (const file of ['imports.mjs', 'imports.cjs']) {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const result = await time(`testenv ${file}`, () =>
      run(process.execPath, [file], { cwd: dir, env, timeoutMs: 60_000 }),
    );
    if (result.code !== 0)
      problems.push(`testenv alone: ${file} exited ${result.code}:\n${result.stdout}${result.stderr}`);
    else console.log(`  ${result.stdout.trim()}`);
  }
}

const timings = {};
const time = async (label, fn) => {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    timings[label] = Date.now() - started;
  }
};

const started = Date.now();
const packDir = mkdtempSync(join(tmpdir(), 'orkestra-pack-'));
const project = mkdtempSync(join(tmpdir(), 'orkestra-install-'));
const alone = mkdtempSync(join(tmpdir(), 'orkestra-deployments-only-'));
const testenvAlone = mkdtempSync(join(tmpdir(), 'orkestra-testenv-only-'));
const quickStart = mkdtempSync(join(tmpdir(), 'orkestra-quick-start-'));
const problems = [];
try {
  if (!args.has('--no-build')) {
    await time('build', () =>
      runOk('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
        cwd: workspaceRoot,
        timeoutMs: 900_000,
      }),
    );
  }

  // 1. Pack.
  const publishable = workspacePackages().filter((p) => !p.json.private);
  for (const p of publishable)
    if (!existsSync(join(p.dir, 'dist'))) problems.push(`${p.json.name}: no dist/ — build first (or drop --no-build)`);
  if (problems.length) throw new Error(problems.join('\n'));
  const packed = await time('pack', async () => {
    const { stdout } = await runOk(
      npm,
      ['pack', '--json', '--pack-destination', packDir, ...publishable.flatMap((p) => ['-w', p.path])],
      { cwd: workspaceRoot },
    );
    return JSON.parse(stdout);
  });
  console.log(`check-install: packed ${packed.length} packages into ${packDir}`);
  console.log(`  ${'package'.padEnd(24)} ${'tarball'.padStart(10)} ${'unpacked'.padStart(10)} files`);
  let total = 0;
  for (const t of packed) {
    total += t.size;
    console.log(
      `  ${t.name.padEnd(24)} ${kb(t.size).padStart(10)} ${kb(t.unpackedSize).padStart(10)} ${String(t.entryCount).padStart(5)}`,
    );
    const paths = t.files.map((f) => f.path);
    for (const path of paths) {
      if (!ALLOWED.test(path) || FORBIDDEN.test(path))
        problems.push(`${t.name}: the tarball holds ${path}, which files does not allow`);
    }
    // A package of built files only (@orkestra/console: web assets, no `.` entry) needs no JS entry, only dist/.
    const json = publishable.find((p) => p.json.name === t.name)?.json;
    const entries = json?.exports?.['.']
      ? ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts']
      : [];
    for (const need of ['package.json', 'LICENSE', ...entries]) {
      if (!paths.includes(need)) problems.push(`${t.name}: the tarball lacks ${need}`);
    }
    if (!paths.some((path) => path.startsWith('dist/'))) problems.push(`${t.name}: the tarball has no dist/`);
  }
  console.log(`  ${'total'.padEnd(24)} ${kb(total).padStart(10)}`);
  const tarball = (name) => join(packDir, packed.find((t) => t.name === name)?.filename ?? `missing-${name}`);

  // 2. A fresh project outside the workspace, with only what it needs.
  for (const dir of [project, alone, testenvAlone])
    if (relative(workspaceRoot, dir).split('/')[0] !== '..') throw new Error(`${dir} is inside the workspace`);
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'orkestra-install-check', private: true, version: '0.0.0' }, null, 2)}\n`,
  );
  writeFileSync(join(project, 'crd.yaml'), CRD);
  writeFileSync(join(project, 'reconcile.mjs'), ESM);
  writeFileSync(join(project, 'reconcile.cjs'), CJS);
  const install = await time('npm install', () =>
    run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', ...[...INSTALL, TEST_TOOL].map(tarball)], {
      cwd: project,
      timeoutMs: 600_000,
    }),
  );
  if (install.code !== 0) throw new Error(`npm install in ${project} failed:\n${install.stdout}\n${install.stderr}`);
  const scope = join(project, 'node_modules', '@orkestra');
  const present = readdirSync(scope)
    .map((n) => `@orkestra/${n}`)
    .sort();
  const wanted = [...INSTALL, TEST_TOOL].sort();
  if (JSON.stringify(present) !== JSON.stringify(wanted))
    problems.push(`installed @orkestra packages are ${present.join(', ')}, expected exactly ${wanted.join(', ')}`);
  for (const name of present) {
    const dir = join(project, 'node_modules', name);
    if (lstatSync(dir).isSymbolicLink())
      problems.push(`${name} is a symlink (a workspace link), not an installed tarball`);
    if (existsSync(join(dir, 'src')) || existsSync(join(dir, 'test')))
      problems.push(`${name}: src/ or test/ was installed`);
    const version = readJson(join(dir, 'package.json')).version;
    const source = publishable.find((p) => p.json.name === name)?.json.version;
    if (version !== source) problems.push(`${name}: installed ${version}, the workspace has ${source}`);
  }
  const thirdParty = readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.')).length;
  console.log(
    `check-install: installed ${present.join(', ')} from tarballs (+ ${thirdParty - 1} third-party top-level entries) in ${project}`,
  );

  // 3. Run the two consumers.
  for (const [label, file] of [
    ['ESM script', 'reconcile.mjs'],
    ['CJS script', 'reconcile.cjs'],
  ]) {
    const env = { ...process.env };
    delete env.NODE_OPTIONS; // nothing from the workspace's test setup (conditions, vm-modules)
    const result = await time(label, () => run(process.execPath, [file], { cwd: project, env, timeoutMs: 180_000 }));
    if (result.code !== 0) problems.push(`${label} (${file}) exited ${result.code}:\n${result.stdout}${result.stderr}`);
    else console.log(`  ${result.stdout.trim()}`);
  }

  // 4. @orkestra/deployments alone.
  await checkDeploymentsAlone(alone, tarball);

  // 4b. @orkestra/testenv alone.
  await checkTestenvAlone(testenvAlone, tarball);

  // 5. The README's quick start, literally.
  problems.push(...(await time('quick start', () => checkQuickStart(quickStart, tarball))));
} catch (e) {
  problems.push(e instanceof Error ? e.message : String(e));
} finally {
  if (args.has('--keep'))
    console.log(`check-install: kept ${packDir}, ${project}, ${alone}, ${testenvAlone} and ${quickStart}`);
  else
    for (const dir of [packDir, project, alone, testenvAlone, quickStart])
      rmSync(dir, { recursive: true, force: true });
}
console.log(
  `check-install: ${Object.entries(timings)
    .map(([k, ms]) => `${k} ${seconds(ms)}`)
    .join(', ')}`,
);
for (const p of problems) console.error(`error: ${p}`);
console.log(
  `check-install: ${problems.length ? `${problems.length} problem(s)` : 'all good'} in ${seconds(Date.now() - started)}`,
);
process.exit(problems.length ? 1 : 0);
