/** `orkestra trace`: a CR and everything made for it, as a tree with each object's health; reads only. */
import { setTimeout as sleep } from 'node:timers/promises';
import { Kubeclient } from '@orkestra/core/kube';
import { type Trace, traceObject } from '@orkestra/operator/internal';
import { Command, Option } from 'commander';
import { CliError, ExitCode } from '../exit-codes.js';
import { assertReachable, clusterError, loadKubeconfig } from '../kube.js';
import { json, type Output } from '../output.js';
import { printTrace } from '../trace/print-trace.js';
import { resolveKind, splitTarget } from '../trace/resolve-kind.js';
import type { CommandContext } from './context.js';
import { duration, outputOption } from './options.js';

interface TraceCommandOptions {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  output: 'text' | 'json';
  watch?: boolean;
  interval: number;
}

/** The `trace` command. */
export function traceCommand(ctx: CommandContext): Command {
  return new Command('trace')
    .description(
      'show a CR and every object made for it (its children, and what their controllers made: ReplicaSets, Pods, ' +
        "Jobs) as a tree with each one's health, the deepest cause first; reads only",
    )
    .argument('<type/name>', 'the object, as kubectl names it: website/shop, websites.example.com/shop')
    .argument('[name]', 'the name, when given apart: orkestra trace website shop')
    .option('--kubeconfig <file>', 'kubeconfig file (default: KUBECONFIG, ~/.kube/config, or in-cluster)')
    .option('--context <name>', 'kubeconfig context')
    .option('-n, --namespace <namespace>', "the object's namespace (default: the context's, else default)")
    .option('-w, --watch', 'follow it: print the trace again whenever it changes (Ctrl-C ends)')
    .addOption(
      new Option('--interval <duration>', 'with --watch, how often to read it again')
        .default(2_000, '2s')
        .argParser((v) => duration('--interval', v)),
    )
    .addOption(outputOption())
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra trace website/shop -n prod
  $ orkestra trace website shop -n prod --watch
  $ orkestra trace websites.example.com/shop -n prod -o json

trace reads the object, the children Orkestra labelled for it (orkestra-owner, and the kinds of the CR's
inventory) and what their controllers own (owner references), and judges each by the readiness rules the
reconciler uses. It needs only get and list access, and no running operator. Kinds it may not list are named
at the end. Exit 0 when the object is Ready, 1 when it is not.`,
    )
    .action(async (target: string, name: string | undefined, opts: TraceCommandOptions) => {
      const output = ctx.output(opts.output);
      const { type, name: objectName } = splitTarget(target, name);
      const { kubeConfig } = loadKubeconfig(opts, ctx.env);
      const kube = new Kubeclient(kubeConfig, { retry: { retries: 2, baseDelayMs: 200, maxDelayMs: 1_000 } });
      try {
        await assertReachable(kube);
        const kind = await resolveKind(kube, type).catch((e: unknown) => {
          throw e instanceof CliError ? e : clusterError(e, kube, `finding the kind ${type}`);
        });
        const namespace = kind.namespaced ? (opts.namespace ?? kube.contextNamespace ?? 'default') : undefined;
        const ref = { ...kind, name: objectName, ...(namespace ? { namespace } : {}) };
        const read = async (): Promise<Trace> => {
          const trace = await traceObject(kube, ref).catch((e: unknown) => {
            throw clusterError(e, kube, `reading ${kind.kind} ${objectName} and its children`);
          });
          if (!trace)
            throw new CliError(
              ExitCode.Problems,
              `${kind.kind} ${namespace ? `${namespace}/` : ''}${objectName} not found (${kind.apiVersion})`,
              { hint: namespace ? 'check the name and the namespace (-n)' : 'check the name' },
            );
          return trace;
        };
        let trace = await read();
        show(output, trace);
        if (opts.watch) trace = await follow(output, read, trace, opts.interval, ctx);
        ctx.state.code =
          trace.root.state === 'Current' || trace.root.state === 'Present' ? ExitCode.Ok : ExitCode.Problems;
      } finally {
        await kube.close();
      }
    });
}

function show(output: Output, trace: Trace): void {
  if (output.format === 'json') json(output, trace);
  else printTrace(output, trace);
}

/** Reads the trace again every `interval` and prints it when it changed, until the process is interrupted. */
async function follow(
  output: Output,
  read: () => Promise<Trace>,
  first: Trace,
  interval: number,
  ctx: CommandContext,
): Promise<Trace> {
  let last = JSON.stringify(first);
  let trace = first;
  const stop = ctx.signal;
  while (!stop.aborted) {
    await sleep(interval, undefined, { signal: stop }).catch(() => undefined);
    if (stop.aborted) break;
    trace = await read();
    const text = JSON.stringify(trace);
    if (text === last) continue;
    last = text;
    if (output.format === 'text') output.out.write(`\n--- ${new Date().toISOString()}\n`);
    show(output, trace);
  }
  return trace;
}
