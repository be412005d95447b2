/** `orkestra diff`: every child of every CR against the cluster; reads only. */

import { Kubeclient } from '@orkestra/core/kube';
import { Command } from 'commander';
import { type ChildDiff, type DiffResult, diffCluster, type ResourceDiff } from '../diff.js';
import { ExitCode } from '../exit-codes.js';
import { readKatalog } from '../katalog-file.js';
import { assertReachable, loadKubeconfig } from '../kube.js';
import { json, line, marks, type Output, paint } from '../output.js';
import type { CommandContext } from './context.js';
import { collect, logLevelOption, outputOption, packagesOption, resourcePackageOption } from './options.js';

interface DiffCommandOptions {
  katalog: string;
  kubeconfig?: string;
  context?: string;
  namespace: string[];
  name?: string;
  output: 'text' | 'json';
  resourcePackage: string[];
  serverValidate?: boolean;
}

/** The `diff` command. */
export function diffCommand(ctx: CommandContext): Command {
  return new Command('diff')
    .description(
      'compare every child of every CR with the cluster: in sync, drifted (with a field diff), missing or to be ' +
        'pruned; writes nothing',
    )
    .requiredOption('-k, --katalog <file>', 'the katalog (YAML)')
    .option('--kubeconfig <file>', 'kubeconfig file (default: KUBECONFIG, ~/.kube/config, or in-cluster)')
    .option('--context <name>', 'kubeconfig context')
    .option('-n, --namespace <namespace>', 'only CRs of this namespace (repeatable)', collect, [])
    .option('--name <name>', 'only the CR of this name')
    .option(
      '--server-validate',
      'also send each write run would make to the API server as a dry run (dryRun=All, fieldValidation=Strict): ' +
        "unknown fields and wrong types are reported with their paths; needs patch permission on the children's " +
        'kinds, stores nothing',
    )
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addOption(logLevelOption('info'))
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra diff --katalog katalog.yaml
  $ orkestra diff --katalog katalog.yaml --namespace shop --name web --output json
  $ orkestra diff --katalog katalog.yaml --server-validate

diff runs the same resolve, read and match as run, but every write is intercepted: it sends reads only.
With --server-validate each intercepted apply is also sent as a server-side dry run, which the API server
checks against the kind's schema and its admission but stores nowhere; a refused child is "rejected", with
each field and, for a native manifest, its line in the katalog.
Secret values are redacted. Exit 0 when everything is in sync, 1 when something differs.`,
    )
    .action(async (opts: DiffCommandOptions) => {
      const output = ctx.output(opts.output);
      const loaded = await readKatalog(opts.katalog, { packages: packagesOption(opts.resourcePackage), cwd: ctx.cwd });
      const { kubeConfig } = loadKubeconfig(opts, ctx.env);
      const kube = new Kubeclient(kubeConfig, { retry: { retries: 2, baseDelayMs: 200, maxDelayMs: 1_000 } });
      try {
        await assertReachable(kube);
        const diff = await diffCluster(loaded, kube, {
          namespaces: opts.namespace,
          name: opts.name,
          serverValidation: opts.serverValidate === true,
        });
        // Dry runs are write verbs that store nothing: writesSent counts the others (always 0).
        const writesSent = kube.requests.writes() - diff.serverValidations;
        if (output.format === 'json') json(output, { ...diff, requests: kube.requests.snapshot(), writesSent });
        else printDiff(output, diff);
        ctx.state.code = diff.inSync ? ExitCode.Ok : ExitCode.Problems;
      } finally {
        await kube.close();
      }
    });
}

/** The diff for people: one line per CR and per child, drifted fields live → desired, and a summary. */
function printDiff(output: Output, result: DiffResult): void {
  for (const r of result.resources) printResource(output, r);
  line(output, summaryLine(output, result));
}

const where = (ns: string | undefined, name: string) => (ns ? `${ns}/${name}` : name);

/** One CR: its name and Ready condition, its template problems, then one line (or more) per child. */
function printResource(output: Output, r: ResourceDiff): void {
  const m = marks(output.color);
  const dim = (s: string) => paint(output.color, 'dim', s);
  line(
    output,
    paint(output.color, 'bold', `${r.kind} ${where(r.namespace, r.name)}`) + dim(r.ready ? ` (Ready=${r.ready})` : ''),
  );
  for (const p of r.problems)
    line(output, `  ${m.fail} ${p.path}: ${p.message}${p.location ? dim(` ${p.location}`) : ''}`);
  if (r.problems.length) line(output, dim('    the reconciler writes no child of this resource until these are fixed'));
  for (const c of r.children) for (const text of childLines(output, c)) line(output, text);
}

/** The lines of one child: its state, then the fields a rejection or a drift names. */
function childLines(output: Output, c: ChildDiff): string[] {
  const m = marks(output.color);
  const dim = (s: string) => paint(output.color, 'dim', s);
  const red = (s: string) => paint(output.color, 'red', s);
  // A waiting child that reads others is not resolved yet: its template names it.
  const id = c.name ? `${c.kind} ${where(c.namespace, c.name)}` : (c.source ?? c.kind);
  switch (c.state) {
    case 'in-sync':
      return [`  ${m.same} ${id} ${dim('in sync')}`];
    case 'missing':
      return [`  ${m.add} ${id} ${paint(output.color, 'green', 'missing')}${dim(' (run creates it)')}`];
    case 'waiting':
      return [`  ${m.same} ${id} ${paint(output.color, 'yellow', 'waiting')}${dim(` (${c.message ?? ''})`)}`];
    case 'prune':
      return [`  ${m.remove} ${id} ${red('to be pruned')}${dim(' (owned but no longer desired)')}`];
    case 'conflict':
      return [`  ${m.fail} ${id} ${red('conflict')}: ${c.message ?? ''}`];
    case 'error':
      return [`  ${m.fail} ${id} ${red('error')}: ${c.message ?? ''}`];
    case 'rejected':
      return [
        `  ${m.fail} ${id} ${red('rejected by the API server')}`,
        ...(c.rejected ?? []).map(
          (f) => `      ${f.path || '(object)'}: ${f.message}${f.location ? dim(` ${f.location}`) : ''}`,
        ),
      ];
    case 'drifted':
      return driftedLines(output, c, id);
  }
}

/** A drifted child: its line, then each drifted field, live → desired. */
function driftedLines(output: Output, c: ChildDiff, id: string): string[] {
  const dim = (s: string) => paint(output.color, 'dim', s);
  const recreate = c.recreate
    ? dim(' (an immutable field: run deletes and recreates it, or fails without recreate: true)')
    : '';
  return [
    `  ${marks(output.color).change} ${id} ${paint(output.color, 'yellow', 'drifted')}${recreate}`,
    ...(c.drifted ?? []).map((d) => {
      const live = d.reason === 'missing' ? dim('(absent)') : (JSON.stringify(d.live) ?? dim('(absent)'));
      const desired = JSON.stringify(d.desired) ?? dim('(unset)');
      return `      ${d.path}: ${paint(output.color, 'red', live)} → ${paint(output.color, 'green', desired)}`;
    }),
  ];
}

/** The last line: how many CRs, and how many children in each state. */
function summaryLine(output: Output, result: DiffResult): string {
  const s = result.summary;
  const parts = [`${s['in-sync']} in sync`, `${s.drifted} drifted`, `${s.missing} missing`, `${s.prune} to be pruned`];
  if (s.waiting) parts.push(`${s.waiting} waiting for other children`);
  if (s.conflict) parts.push(`${s.conflict} in conflict`);
  if (s.error) parts.push(`${s.error} failed`);
  if (s.rejected) parts.push(`${s.rejected} rejected by the API server`);
  if (s.invalid) parts.push(`${s.invalid} ${s.invalid === 1 ? 'resource' : 'resources'} with template problems`);
  const mark = result.inSync ? marks(output.color).ok : marks(output.color).change;
  return `${mark} ${s.resources} custom ${s.resources === 1 ? 'resource' : 'resources'}: ${parts.join(', ')}`;
}
