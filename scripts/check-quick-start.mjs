// The top README's quick start, followed literally in a new folder (step 5 of check-install.mjs):
//
// 1. Its ```sh block is run line by line: `mkdir` and `cd`, each `npm` command as written (`npm install` gets the
//    packed tarballs in place of the package names, plus those of the @orkestra packages they depend on, which a
//    user's npm would fetch from the registry), and `kubectl apply -f <file>`, which writes <file> from the
//    quick start's ```yaml block and starts a control plane (@orkestra/testenv) with it installed.
// 2. Its ```ts block is written as operator.ts and run with `node operator.ts` against that control plane's
//    kubeconfig (KUBECONFIG). The one change: the health server listens on 127.0.0.1:0, not :8080, which another
//    process on this machine may hold.
// 3. A Website is created; the Deployment and the Service must appear, owned by it. Node must print no warning
//    (an operator.ts that is not an ES module by the package's type gets MODULE_TYPELESS_PACKAGE_JSON), and
//    SIGTERM must stop the operator with exit code 0.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, workspacePackages, workspaceRoot } from './check-workspace-copy.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The quick start's fenced blocks by language, in order: { sh: [...], yaml: [...], ts: [...] }. */
export function quickStartBlocks(readme) {
  const start = readme.indexOf('## Quick start');
  if (start < 0) throw new Error('README.md has no "## Quick start" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = {};
  for (const m of section.matchAll(/```(\w+)\n([\s\S]*?)```/g)) (blocks[m[1]] ??= []).push(m[2]);
  return blocks;
}

/**
 * The @orkestra packages `names` depend on, not among them: from the registry in a user's project, from the
 * tarballs here (nothing of this workspace is published to the registry this check can reach).
 */
function orkestraDependencies(names) {
  const packages = new Map(workspacePackages().map((p) => [p.json.name, p.json]));
  const seen = new Set(names);
  const out = [];
  const visit = (name) => {
    for (const dep of Object.keys(packages.get(name)?.dependencies ?? {}))
      if (dep.startsWith('@orkestra/') && !seen.has(dep)) {
        seen.add(dep);
        out.push(dep);
        visit(dep);
      }
  };
  for (const name of names) visit(name);
  return out;
}

/** The commands of a shell block: one per `&&`-separated part of each line, comments dropped. */
function commands(sh) {
  return sh
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
    .flatMap((line) => line.split('&&').map((c) => c.trim().split(/\s+/)));
}

/** Waits until `fn` returns a truthy value; throws after `timeoutMs`, naming `what`. */
async function until(fn, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`quick start: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Follows the quick start in a new folder under `parent`; `tarball(name)` is the packed tarball of a workspace
 * package. Returns the problems found (empty when it worked).
 */
export async function checkQuickStart(parent, tarball) {
  const { sh = [], yaml = [], ts = [] } = quickStartBlocks(readFileSync(join(workspaceRoot, 'README.md'), 'utf8'));
  if (!sh[0] || !yaml[0] || !ts[0]) return ['the quick start needs a ```sh, a ```yaml (the CRD) and a ```ts block'];
  const problems = [];
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // nothing from the workspace's test setup
  let cwd = parent;
  let testenv;
  try {
    for (const [cmd, ...args] of commands(sh[0])) {
      if (cmd === 'mkdir') mkdirSync(join(cwd, args.at(-1)), { recursive: true });
      else if (cmd === 'cd') cwd = join(cwd, args[0]);
      else if (cmd === 'npm') {
        const install = args[0] === 'install';
        const named = args.filter((a) => a.startsWith('@orkestra/'));
        const real = install ? args.map((a) => (a.startsWith('@orkestra/') ? tarball(a) : a)) : args;
        const extra = install
          ? [...orkestraDependencies(named).map(tarball), '--no-audit', '--no-fund', '--loglevel=error']
          : [];
        const r = await run(npm, [...real, ...extra], { cwd, env, timeoutMs: 600_000 });
        if (r.code !== 0) return [`quick start: \`npm ${args.join(' ')}\` exited ${r.code}:\n${r.stdout}${r.stderr}`];
      } else if (cmd === 'kubectl' && args[0] === 'apply' && args[1] === '-f') {
        const file = join(cwd, args[2]);
        if (!existsSync(file)) writeFileSync(file, yaml[0]);
        const { start } = await import('@orkestra/testenv');
        testenv = await start({ crds: [file] });
      } else return [`quick start: a command this check does not know: ${[cmd, ...args].join(' ')}`];
    }
    if (!testenv) return ['quick start: no `kubectl apply -f` of the CRD'];
    const source = ts[0].replace("httpAddress: ':8080'", "httpAddress: '127.0.0.1:0'");
    writeFileSync(join(cwd, 'operator.ts'), source);
    const type = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).type;
    console.log(`check-install: quick start in ${cwd} (package type ${type ?? 'unset'}): node operator.ts`);
    const operator = spawn(process.execPath, ['operator.ts'], {
      cwd,
      env: { ...env, KUBECONFIG: testenv.kubeconfigPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    operator.stderr.on('data', (d) => (stderr += d));
    operator.stdout.resume();
    const exited = new Promise((resolve) => operator.on('exit', (code, signal) => resolve({ code, signal })));
    const { Kubeclient } = await import('@orkestra/core/kube');
    const user = new Kubeclient(testenv.kubeConfig);
    try {
      const ns = await testenv.newNamespace('quick-start');
      const cr = await user.create({
        apiVersion: 'example.com/v1',
        kind: 'Website',
        metadata: { name: 'shop', namespace: ns },
        spec: { image: 'nginx:1.27', replicas: 2 },
      });
      for (const [apiVersion, kind] of [
        ['apps/v1', 'Deployment'],
        ['v1', 'Service'],
      ]) {
        const owned = await until(
          async () => {
            const { items } = await user.list(apiVersion, kind, { namespace: ns });
            return items.find((o) => o.metadata.ownerReferences?.some((r) => r.uid === cr.metadata.uid));
          },
          `a ${kind} owned by the Website (operator stderr: ${stderr || 'empty'})`,
        );
        console.log(`  quick start: ${kind} ${ns}/${owned.metadata.name} made for the Website`);
      }
    } catch (e) {
      problems.push(e instanceof Error ? e.message : String(e));
    } finally {
      await user.close();
      operator.kill('SIGTERM');
    }
    const { code, signal } = await exited;
    if (code !== 0) problems.push(`quick start: node operator.ts exited ${code ?? signal} on SIGTERM:\n${stderr}`);
    if (/warning/i.test(stderr)) problems.push(`quick start: node operator.ts printed a warning:\n${stderr}`);
  } finally {
    await testenv?.stop();
  }
  return problems;
}
