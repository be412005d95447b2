/**
 * The `orkestra` command line: commander parses it, each command's action does its work through an
 * {@link Output}, and {@link main} turns every outcome into one of the documented exit codes — so tests run the
 * whole CLI in-process and the bin only wires it to the process.
 */
import { createRequire } from 'node:module';
import { Command, CommanderError, Option } from 'commander';
import { Kubeclient } from '@orkestra/core';
import { parseDuration, type Katalog } from '@orkestra/reconciler';
import { stringify } from 'yaml';
import { parseCustomResources } from './cr-file.js';
import { runDemo } from './demo.js';
import { diffCluster, type DiffResult } from './diff.js';
import { DryRunKubeclient } from './dry-run-client.js';
import { CliError, ExitCode, type Problem } from './exit-codes.js';
import { readInputFile, readKatalog } from './katalog-file.js';
import { assertReachable, clusterError, connect, defaultLeaseNamespace, loadKubeconfig, whoAmI } from './kube.js';
import { LOG_FORMATS, LOG_LEVELS, createLogger, type LogLevel } from './logger.js';
import { Operator } from './operator.js';
import { OUTPUT_FORMATS, createOutput, json, line, marks, note, paint, type Output } from './output.js';
import { assertPermissions } from './permission-check.js';
import { describePermission, rbacObjects, requiredPermissions } from './rbac.js';
import { renderChildren, renderYaml } from './render.js';
import { validateKatalog } from './validate.js';

/** Where {@link main} reads and writes. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Aborted on SIGTERM/SIGINT: `run` and `demo` stop gracefully. */
  signal?: AbortSignal;
}

const EXIT_CODES_HELP = `
Exit codes:
  0  ok (diff: every child in sync; validate: no problem)
  1  problems found: invalid katalog, CR or template; diff found a difference
  2  usage error: unknown command or option, missing or unreadable file
  3  cluster unreachable, or credentials refused (no kubeconfig, connection refused, 401)
  4  a resource package the katalog needs is not installed (npm install @orkestra/<key>)
  5  Forbidden: the identity lacks a permission the katalog needs (see generate rbac)
  6  run lost its leader-election Lease and stopped
  7  unexpected error`;

/** This package's version (read from its package.json, next to src/ and dist/). */
const VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

const collect = (value: string, previous: string[]) => [...previous, value];

function packagesOption(values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0 || eq === v.length - 1) throw new CliError(ExitCode.Usage, `--resource-package ${v}: want key=package, e.g. widgets=@acme/orkestra-widgets`);
    out[v.slice(0, eq)] = v.slice(eq + 1);
  }
  return out;
}

function duration(option: string, value: string): number {
  try {
    return parseDuration(value);
  } catch {
    throw new CliError(ExitCode.Usage, `${option} ${value}: not a duration (write 15s, 500ms, 2m)`);
  }
}

function outputOption() {
  return new Option('-o, --output <format>', 'text for people, json for scripts').choices(OUTPUT_FORMATS).default('text');
}

function resourcePackageOption() {
  return new Option('--resource-package <key=package>', 'load the handler of a key from another package (repeatable)').argParser(collect).default([]);
}

/** Prints a failure: text to stderr, or with --output json a JSON error document to stdout. */
export function printError(output: Output, e: CliError): void {
  if (output.format === 'json') {
    json(output, { error: { message: e.message, exitCode: e.exitCode, ...(e.hint ? { hint: e.hint } : {}), ...(e.problems.length ? { problems: e.problems } : {}) } });
    return;
  }
  const m = marks(output.errColor);
  note(output, `${m.fail} ${paint(output.errColor, 'bold', e.message)}`);
  for (const p of e.problems) note(output, formatProblem(output, p));
  if (e.hint) note(output, `  ${paint(output.errColor, 'dim', 'hint:')} ${e.hint}`);
}

function formatProblem(output: Output, p: Problem, color = output.errColor): string {
  const where = p.location ? `${paint(color, 'dim', p.location)} ` : '';
  return `  ${where}${paint(color, 'cyan', p.path)}: ${p.message}${p.hint ? paint(color, 'dim', ` (${p.hint})`) : ''}`;
}

function printDiff(output: Output, result: DiffResult): void {
  const m = marks(output.color);
  const dim = (s: string) => paint(output.color, 'dim', s);
  const where = (ns: string | undefined, name: string) => (ns ? `${ns}/${name}` : name);
  for (const r of result.resources) {
    line(output, paint(output.color, 'bold', `${r.kind} ${where(r.namespace, r.name)}`) + dim(r.ready ? ` (Ready=${r.ready})` : ''));
    for (const p of r.problems) line(output, `  ${m.fail} ${p.path}: ${p.message}${p.location ? dim(` ${p.location}`) : ''}`);
    if (r.problems.length) line(output, dim('    the reconciler writes no child of this resource until these are fixed'));
    for (const c of r.children) {
      const id = `${c.kind} ${where(c.namespace, c.name)}`;
      switch (c.state) {
        case 'in-sync': line(output, `  ${m.same} ${id} ${dim('in sync')}`); break;
        case 'missing': line(output, `  ${m.add} ${id} ${paint(output.color, 'green', 'missing')}${dim(' (run creates it)')}`); break;
        case 'prune': line(output, `  ${m.remove} ${id} ${paint(output.color, 'red', 'to be pruned')}${dim(' (owned but no longer desired)')}`); break;
        case 'conflict': line(output, `  ${m.fail} ${id} ${paint(output.color, 'red', 'conflict')}: ${c.message ?? ''}`); break;
        case 'error': line(output, `  ${m.fail} ${id} ${paint(output.color, 'red', 'error')}: ${c.message ?? ''}`); break;
        case 'drifted': {
          line(output, `  ${m.change} ${id} ${paint(output.color, 'yellow', 'drifted')}${c.recreate ? dim(' (an immutable field: run deletes and recreates it, or fails without recreate: true)') : ''}`);
          for (const d of c.drifted ?? []) {
            const live = d.reason === 'missing' ? dim('(absent)') : JSON.stringify(d.live) ?? dim('(absent)');
            const desired = JSON.stringify(d.desired) ?? dim('(unset)');
            line(output, `      ${d.path}: ${paint(output.color, 'red', live)} → ${paint(output.color, 'green', desired)}`);
          }
          break;
        }
      }
    }
  }
  const s = result.summary;
  const parts = [`${s['in-sync']} in sync`, `${s.drifted} drifted`, `${s.missing} missing`, `${s.prune} to be pruned`];
  if (s.conflict) parts.push(`${s.conflict} in conflict`);
  if (s.error) parts.push(`${s.error} failed`);
  if (s.invalid) parts.push(`${s.invalid} ${s.invalid === 1 ? 'resource' : 'resources'} with template problems`);
  line(output, `${result.inSync ? m.ok : m.change} ${s.resources} custom ${s.resources === 1 ? 'resource' : 'resources'}: ${parts.join(', ')}`);
}

/** Builds the program; actions write to `output` and resolve to an exit code stored in `result`. */
function program(io: CliIo, result: { code: number; output?: Output }): Command {
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const signal = io.signal ?? new AbortController().signal;
  const outputFor = (format: 'text' | 'json') => (result.output = createOutput(io.stdout as never, io.stderr as never, { format, env }));

  const root = new Command('orkestra')
    .description('Run, render, diff and validate Orkestra katalogs: the generic reconciler for the CRDs a katalog declares.')
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride()
    .addHelpText('after', `
Examples:
  $ orkestra validate --katalog katalog.yaml --crd crd.yaml
  $ orkestra render --katalog katalog.yaml --cr website.yaml
  $ orkestra run --katalog katalog.yaml --kubeconfig ~/.kube/config
  $ orkestra diff --katalog katalog.yaml
  $ orkestra generate rbac --katalog katalog.yaml --service-account ops/website | kubectl apply -f -
  $ orkestra demo
${EXIT_CODES_HELP}`);

  root.command('run')
    .description('run the generic reconciler for the CRDs the katalog declares, until SIGTERM')
    .requiredOption('-k, --katalog <file>', 'the katalog (YAML)')
    .option('--kubeconfig <file>', 'kubeconfig file (default: KUBECONFIG, ~/.kube/config, or in-cluster)')
    .option('--context <name>', 'kubeconfig context')
    .option('-n, --namespace <namespace>', 'watch only this namespace (repeatable; overrides the katalog)', collect, [])
    .option('--http-address <host:port>', 'address of /healthz, /readyz and /metrics; port 0 picks one', ':8080')
    .addOption(new Option('--log-level <level>', 'log level').choices(LOG_LEVELS).default('info'))
    .addOption(new Option('--log-format <format>', 'json lines, or text (default: text on a terminal, json otherwise)').choices(LOG_FORMATS))
    .option('--no-leader-elect', 'reconcile at once, without leader election (one replica only!)')
    .option('--leader-election-namespace <namespace>', 'namespace of the Lease (default: the pod\'s, else the context\'s, else default)')
    .option('--leader-election-id <name>', 'name of the Lease (default: orkestra-<katalog name>)')
    .option('--identity <id>', 'this replica\'s identity in the Lease (default: <hostname>_<random>)')
    .option('--lease-duration <duration>', 'how long a Lease is valid after its last renewal', '15s')
    .option('--renew-deadline <duration>', 'how long the leader tries to renew before it gives up', '10s')
    .option('--retry-period <duration>', 'time between tries to acquire or renew', '2s')
    .option('--skip-permission-check', 'start without checking RBAC permissions first')
    .addOption(resourcePackageOption())
    .addHelpText('after', `
Examples:
  $ orkestra run --katalog katalog.yaml
  $ orkestra run --katalog katalog.yaml --kubeconfig ./kubeconfig --namespace shop --http-address 127.0.0.1:9090
  $ orkestra run --katalog katalog.yaml --no-leader-elect --log-level debug --log-format text

Before it starts, run checks that the API server answers (exit 3), that its identity has every permission
the katalog needs (exit 5, listing each) and that every owner CRD is installed (exit 1). Then it waits for the
leader-election Lease, syncs its caches (/readyz turns 200) and reconciles. SIGTERM or SIGINT stop it
gracefully and release the Lease (exit 0); a lost Lease stops it at once (exit 6).
${EXIT_CODES_HELP}`)
    .action(async (opts: RunCommandOptions) => {
      const output = outputFor('text');
      result.code = await runCommand(opts, output, { cwd, env, signal });
    });

  root.command('render')
    .description('print, as YAML, exactly the objects run would apply for a CR, with no cluster (like helm template)')
    .requiredOption('-k, --katalog <file>', 'the katalog (YAML)')
    .requiredOption('--cr <file>', 'the custom resource(s) (YAML, several documents allowed)')
    .option('-n, --namespace <namespace>', 'namespace of CRs that name none', 'default')
    .option('--show-secrets', 'print Secret values instead of [redacted]')
    .option('--on-delete', 'render the onDelete children (created when the CR is deleted) instead')
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addHelpText('after', `
Examples:
  $ orkestra render --katalog katalog.yaml --cr website.yaml
  $ orkestra render --katalog katalog.yaml --cr website.yaml --output json | jq '.items[].kind'
  $ kubectl get website shop -o yaml | orkestra render --katalog katalog.yaml --cr /dev/stdin

Templates are resolved and handler defaults and system labels applied exactly as run does; owner references
carry the CR's uid, or a placeholder when the file has none (a comment says so). A child that copies keys
from another object (fromConfigMap, fromSecret) needs a cluster: use diff. Errors name the katalog field and
line (exit 1).
${EXIT_CODES_HELP}`)
    .action(async (opts: { katalog: string; cr: string; namespace: string; showSecrets?: boolean; onDelete?: boolean; output: 'text' | 'json'; resourcePackage: string[] }) => {
      const output = outputFor(opts.output);
      const loaded = await readKatalog(opts.katalog, { packages: packagesOption(opts.resourcePackage), cwd });
      const { crs, problems } = parseCustomResources(readInputFile(opts.cr, '--cr'), opts.cr);
      if (problems.length) throw new CliError(ExitCode.Problems, `${opts.cr}: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}`, { problems });
      const rendered = await renderChildren(loaded, crs, { namespace: opts.namespace, showSecrets: opts.showSecrets ?? false, onDelete: opts.onDelete ?? false, crFile: opts.cr });
      if (output.format === 'json') {
        json(output, { apiVersion: 'v1', kind: 'List', metadata: {}, items: rendered.objects.map((o) => o.object), notes: rendered.notes });
      } else {
        const names = crs.map((c) => `${c.kind} ${c.metadata.name}`).join(', ');
        output.out.write(renderYaml(rendered, `orkestra render: the objects orkestra run applies for ${names} (${opts.katalog})`));
      }
      result.code = ExitCode.Ok;
    });

  root.command('diff')
    .description('compare every child of every CR with the cluster: in sync, drifted (with a field diff), missing or to be pruned; writes nothing')
    .requiredOption('-k, --katalog <file>', 'the katalog (YAML)')
    .option('--kubeconfig <file>', 'kubeconfig file (default: KUBECONFIG, ~/.kube/config, or in-cluster)')
    .option('--context <name>', 'kubeconfig context')
    .option('-n, --namespace <namespace>', 'only CRs of this namespace (repeatable)', collect, [])
    .option('--name <name>', 'only the CR of this name')
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addHelpText('after', `
Examples:
  $ orkestra diff --katalog katalog.yaml
  $ orkestra diff --katalog katalog.yaml --namespace shop --name web --output json

diff runs the same resolve, read and match as run, but every write is intercepted: it sends reads only.
Secret values are redacted. Exit 0 when everything is in sync, 1 when something differs.
${EXIT_CODES_HELP}`)
    .action(async (opts: { katalog: string; kubeconfig?: string; context?: string; namespace: string[]; name?: string; output: 'text' | 'json'; resourcePackage: string[] }) => {
      const output = outputFor(opts.output);
      const loaded = await readKatalog(opts.katalog, { packages: packagesOption(opts.resourcePackage), cwd });
      const { kubeConfig } = loadKubeconfig(opts, env);
      const kube = new DryRunKubeclient(kubeConfig, { retry: { retries: 2, baseDelayMs: 200, maxDelayMs: 1_000 } });
      try {
        await assertReachable(kube);
        const diff = await diffCluster(loaded, kube, { namespaces: opts.namespace, name: opts.name });
        if (output.format === 'json') json(output, { ...diff, requests: kube.requests.snapshot(), writesSent: kube.requests.writes() });
        else printDiff(output, diff);
        result.code = diff.inSync ? ExitCode.Ok : ExitCode.Problems;
      } finally {
        await kube.close();
      }
    });

  root.command('validate')
    .description('check a katalog statically: schema, template syntax, template paths against the CRD schema; lists every problem')
    .requiredOption('-k, --katalog <file>', 'the katalog (YAML)')
    .option('--crd <file>', 'the owner CRD(s), to check template paths and the owner (repeatable)', collect, [])
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addHelpText('after', `
Examples:
  $ orkestra validate --katalog katalog.yaml
  $ orkestra validate --katalog katalog.yaml --crd crd.yaml --output json

Exit 0 when there is no problem, 1 when there is one, 4 when a resource package is missing (every other
problem is still listed).
${EXIT_CODES_HELP}`)
    .action(async (opts: { katalog: string; crd: string[]; output: 'text' | 'json'; resourcePackage: string[] }) => {
      const output = outputFor(opts.output);
      const r = await validateKatalog(opts.katalog, { crdFiles: opts.crd, packages: packagesOption(opts.resourcePackage), cwd });
      if (output.format === 'json') {
        json(output, { file: r.file, valid: r.problems.length === 0, problems: r.problems, missingPackages: r.missingPackages, checked: r.checked });
      } else {
        const m = marks(output.color);
        if (r.problems.length === 0) line(output, `${m.ok} ${r.file} is valid`);
        else {
          line(output, `${m.fail} ${r.file}: ${r.problems.length === 1 ? '1 problem' : `${r.problems.length} problems`}`);
          for (const p of r.problems) line(output, formatProblem(output, p, output.color));
          if (r.missingPackages.length) line(output, `  ${paint(output.color, 'dim', 'hint:')} npm install ${r.missingPackages.map((k) => `@orkestra/${k}`).join(' ')}`);
        }
        line(output, paint(output.color, 'dim', `  checked: ${r.checked.join(', ')}`));
      }
      result.code = r.exitCode;
    });

  const generate = root.command('generate').description('generate files from a katalog');
  generate.command('rbac')
    .description('print the minimal Role/ClusterRole and binding the katalog needs')
    .requiredOption('-k, --katalog <file>', 'the katalog (YAML)')
    .option('--service-account <namespace/name>', 'the identity run uses', 'orkestra-system/orkestra')
    .option('--name <name>', 'name of the roles and bindings (default: orkestra-<katalog name>)')
    .option('-n, --namespace <namespace>', 'run watches only this namespace: Roles instead of a ClusterRole (repeatable)', collect, [])
    .option('--leader-election-namespace <namespace>', 'namespace of the Lease (default: the service account\'s)')
    .option('--no-leader-elect', 'no Lease permissions (for run --no-leader-elect)')
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addHelpText('after', `
Examples:
  $ orkestra generate rbac --katalog katalog.yaml --service-account ops/website | kubectl apply -f -
  $ orkestra generate rbac --katalog katalog.yaml --namespace shop --output json

The rules: the owner kind (get, list, watch; patch with onDelete children), its status (patch) and
finalizers (update), each child kind (get, list, watch, create, patch, delete), events (create), and
leases (get, create, update) in the Lease's namespace.
${EXIT_CODES_HELP}`)
    .action(async (opts: { katalog: string; serviceAccount: string; name?: string; namespace: string[]; leaderElectionNamespace?: string; leaderElect: boolean; output: 'text' | 'json'; resourcePackage: string[] }) => {
      const output = outputFor(opts.output);
      const sa = /^([a-z0-9][-a-z0-9]*)\/([a-z0-9][-a-z0-9.]*)$/.exec(opts.serviceAccount);
      if (!sa) throw new CliError(ExitCode.Usage, `--service-account ${opts.serviceAccount}: want namespace/name, e.g. ops/website`);
      const loaded = await readKatalog(opts.katalog, { packages: packagesOption(opts.resourcePackage), cwd });
      const katalog = withNamespaces(loaded.katalog, opts.namespace);
      const leaseNamespace = opts.leaderElect ? (opts.leaderElectionNamespace ?? sa[1]!) : undefined;
      const permissions = requiredPermissions(katalog, loaded.handlers, { leaseNamespace });
      const objects = rbacObjects(permissions, { name: opts.name ?? `orkestra-${loaded.katalog.name}`, serviceAccount: { namespace: sa[1]!, name: sa[2]! } });
      if (output.format === 'json') {
        json(output, { apiVersion: 'v1', kind: 'List', metadata: {}, items: objects });
      } else {
        const head = [`orkestra generate rbac: what orkestra run --katalog ${opts.katalog} needs, for ServiceAccount ${opts.serviceAccount}`];
        for (const p of permissions) head.push(`  ${p.verbs.map((v) => describePermission(p, v).replace(/ in (all namespaces|namespace .*)$/, '')).join(', ')} ${p.namespace === undefined ? '(all namespaces)' : `(namespace ${p.namespace})`}: ${p.why}`);
        output.out.write(`${head.map((h) => `# ${h}\n`).join('')}${objects.map((o) => `---\n${stringify(o, { lineWidth: 0 })}`).join('')}`);
      }
      result.code = ExitCode.Ok;
    });

  root.command('demo')
    .description('the whole life of an operator on an embedded control plane: children created, Ready, drift corrected, a change rolled out, deletion')
    .option('--dir <folder>', 'the example (crd.yaml, katalog.yaml, website.yaml); default examples/website')
    .option('--kubeconfig <file>', 'play it on this cluster instead of an embedded control plane (in a namespace of its own)')
    .option('--context <name>', 'kubeconfig context')
    .addOption(new Option('--log-level <level>', 'the operator\'s log level (logs go to stderr)').choices(LOG_LEVELS).default('error'))
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addHelpText('after', `
Examples:
  $ orkestra demo
  $ orkestra demo --kubeconfig ~/.kube/config
  $ npm run demo            # from the repository root: builds what it needs first

It needs @orkestra/testenv and the control-plane binaries (scripts/setup.sh builds them) unless --kubeconfig
is given, and the four resource packages. It exits 0 when every step passed and leaves nothing running.
${EXIT_CODES_HELP}`)
    .action(async (opts: { dir?: string; kubeconfig?: string; context?: string; logLevel: LogLevel; output: 'text' | 'json'; resourcePackage: string[] }) => {
      const output = outputFor(opts.output);
      result.code = await runDemo({ dir: opts.dir, kubeconfig: opts.kubeconfig, context: opts.context, output, logLevel: opts.logLevel, packages: packagesOption(opts.resourcePackage) });
    });

  return root;
}

/** `run`'s options, as commander parses them. */
interface RunCommandOptions {
  katalog: string;
  kubeconfig?: string;
  context?: string;
  namespace: string[];
  httpAddress: string;
  logLevel: LogLevel;
  logFormat?: 'json' | 'text';
  leaderElect: boolean;
  leaderElectionNamespace?: string;
  leaderElectionId?: string;
  identity?: string;
  leaseDuration: string;
  renewDeadline: string;
  retryPeriod: string;
  skipPermissionCheck?: boolean;
  resourcePackage: string[];
}

/** The katalog with every entry's namespaces replaced (when any are given). */
function withNamespaces(katalog: Katalog, namespaces: readonly string[]): Katalog {
  if (!namespaces.length) return katalog;
  return { ...katalog, entries: katalog.entries.map((e) => ({ ...e, namespaces: [...namespaces] })) };
}

async function runCommand(opts: RunCommandOptions, output: Output, io: { cwd: string; env: NodeJS.ProcessEnv; signal: AbortSignal }): Promise<number> {
  const leaseDurationMs = duration('--lease-duration', opts.leaseDuration);
  const renewDeadlineMs = duration('--renew-deadline', opts.renewDeadline);
  const retryPeriodMs = duration('--retry-period', opts.retryPeriod);
  const format = opts.logFormat ?? ((output.out as { isTTY?: boolean }).isTTY ? 'text' : 'json');
  const logger = createLogger(output.out, { level: opts.logLevel, format, color: output.color });
  const loaded = await readKatalog(opts.katalog, { packages: packagesOption(opts.resourcePackage), cwd: io.cwd });
  const { kube, from } = connect(opts, { logger }, io.env);
  const leaseKube = new Kubeclient(kube.kubeConfig, { retry: { retries: 0 }, timeoutMs: Math.max(1_000, Math.round(renewDeadlineMs / 2)), logger });
  let operator: Operator | undefined;
  try {
    logger.info({ katalog: opts.katalog, server: kube.server, kubeconfig: from, kinds: loaded.katalog.entries.map((e) => e.owner.kind), packages: loaded.katalog.keys.map((k) => `@orkestra/${k}`) }, 'orkestra run starting');
    await assertReachable(kube, logger);
    const leaseNamespace = opts.leaderElect ? (opts.leaderElectionNamespace ?? defaultLeaseNamespace(kube, io.env)) : undefined;
    if (!opts.skipPermissionCheck) {
      const permissions = requiredPermissions(withNamespaces(loaded.katalog, opts.namespace), loaded.handlers, { leaseNamespace });
      await assertPermissions(kube, permissions, await whoAmI(kube));
      logger.info({ checked: permissions.reduce((n, p) => n + p.verbs.length, 0) }, 'RBAC permissions checked');
    }
    operator = new Operator({
      loaded, kube, logger, namespaces: opts.namespace, httpAddress: opts.httpAddress,
      leaderElection: opts.leaderElect && leaseNamespace !== undefined
        ? { kube: leaseKube, namespace: leaseNamespace, name: opts.leaderElectionId ?? `orkestra-${loaded.katalog.name}`, ...(opts.identity ? { identity: opts.identity } : {}), leaseDurationMs, renewDeadlineMs, retryPeriodMs }
        : false,
    });
    await operator.checkOwnerKinds();
    const stopped = new Promise<'signal'>((resolve) => {
      if (io.signal.aborted) resolve('signal');
      io.signal.addEventListener('abort', () => resolve('signal'), { once: true });
    });
    const started = operator.start().then(() => 'started' as const);
    const first = await Promise.race([started, stopped, operator.exited]);
    const outcome = first === 'started' ? await Promise.race([stopped, operator.exited]) : first;
    if (outcome === 'signal') {
      logger.info({}, 'stopping: finishing in-flight reconciles, then releasing the Lease');
      await operator.stop();
      logger.info({}, 'stopped');
      return ExitCode.Ok;
    }
    if (outcome.code !== ExitCode.Ok) logger.error({ exitCode: outcome.code }, `stopping at once: ${outcome.reason}`);
    return outcome.code;
  } catch (e) {
    await operator?.stop().catch(() => undefined);
    throw clusterError(e, kube, 'starting');
  } finally {
    await Promise.all([kube.close(), leaseKube.close()]);
  }
}

/**
 * Runs the CLI with `argv` (without `node` and the script), writing to `io`; resolves to the exit code. Never
 * throws and never exits the process.
 *
 * @example
 * const code = await main(['validate', '--katalog', 'katalog.yaml'], { stdout: process.stdout, stderr: process.stderr });
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const result: { code: number; output?: Output } = { code: ExitCode.Ok };
  const errorOutput = () => result.output ?? createOutput(io.stdout as never, io.stderr as never, { env: io.env ?? process.env, format: argv.includes('json') && argv.some((a) => a === '-o' || a === '--output' || a === '--output=json') ? 'json' : 'text' });
  try {
    await program(io, result).parseAsync([...argv], { from: 'user' });
    return result.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return ExitCode.Ok;
      return ExitCode.Usage;
    }
    const err = e instanceof CliError ? e : new CliError(ExitCode.Internal, `unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, { hint: 'this is a bug of orkestra: please report it with the command line' });
    printError(errorOutput(), err);
    return err.exitCode;
  }
}
