/** `orkestra run`: the generic reconciler for the katalog's owner kinds, until SIGTERM. */

import { OrkestraError } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import {
  ConfigurationMismatchError,
  ConversionServingError,
  CrdInstallError,
  HttpAddressError,
  Manager,
  type ManagerOptions,
  OwnerKindNotServedError,
  operatorNamespace,
  PermissionsDeniedError,
} from '@orkestra/operator';
import { describePermission, parseAddress } from '@orkestra/operator/internal';
import { Command, Option } from 'commander';
import { loadConversionModules } from '../conversion-modules.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { withHooksModules } from '../hooks-module.js';
import { readKatalog } from '../katalog-file.js';
import { assertReachable, clusterError, connect } from '../kube.js';
import { createLogger, LOG_FORMATS, type LogLevel } from '../logger.js';
import { reconcilerConfigs } from '../manager-config.js';
import type { Output } from '../output.js';
import { runWebhooks } from '../webhook-manifests.js';
import type { CommandContext } from './context.js';
import {
  collect,
  duration,
  katalogConcurrency,
  logLevelOption,
  packagesOption,
  resourcePackageOption,
  shardCount,
} from './options.js';
import { checkRunMode, type KatalogModeOptions, katalogModeOptions } from './run-katalogs.js';

/** `run`'s options, as commander parses them. */
interface RunCommandOptions extends KatalogModeOptions {
  kubeconfig?: string;
  context?: string;
  namespace: string[];
  httpAddress: string;
  console?: string;
  logLevel: LogLevel;
  logFormat?: 'json' | 'text';
  leaderElect: boolean;
  leaderElectionNamespace?: string;
  leaderElectionId?: string;
  identity?: string;
  leaseDuration: string;
  renewDeadline: string;
  retryPeriod: string;
  shards?: number;
  skipPermissionCheck?: boolean;
  skipCrdCheck?: boolean;
  installCrds?: boolean;
  resourcePackage: string[];
  webhookAddress: string;
  webhookCertDir?: string;
  webhookUrl?: string;
}

/** The `run` command. */
export function runCommand(ctx: CommandContext): Command {
  return new Command('run')
    .description('run the generic reconciler for the CRDs the katalog declares, until SIGTERM')
    .option('-k, --katalog <file>', 'the katalog (YAML)')
    .option(
      '--katalogs-from-cluster',
      'serve the Katalog objects of the cluster instead of a file: each as its own ServiceAccount, changed live ' +
        "(see @orkestra/operator's README)",
    )
    .option(
      '--katalog-concurrency <count>',
      'with --katalogs-from-cluster: the most reconciles at once of one kind of a Katalog, so that a busy Katalog ' +
        'leaves room for the others (default 4)',
      katalogConcurrency,
    )
    .option('--kubeconfig <file>', 'kubeconfig file (default: KUBECONFIG, ~/.kube/config, or in-cluster)')
    .option('--context <name>', 'kubeconfig context')
    .option('-n, --namespace <namespace>', 'watch only this namespace (repeatable; overrides the katalog)', collect, [])
    .option('--http-address <host:port>', 'address of /healthz, /readyz and /metrics; port 0 picks one', ':8080')
    .option(
      '--console <host:port>',
      'serve the read-only web console there (off by default; a non-loopback address requires a bearer token)',
    )
    .addOption(logLevelOption('info', 'log level'))
    .addOption(
      new Option('--log-format <format>', 'json lines, or text (default: text on a terminal, json otherwise)').choices(
        LOG_FORMATS,
      ),
    )
    .option('--no-leader-elect', 'reconcile at once, without leader election (one replica only!)')
    .option(
      '--leader-election-namespace <namespace>',
      "namespace of the Lease (default: the pod's, else the context's, else default)",
    )
    .option('--leader-election-id <name>', 'name of the Lease (default: orkestra-<katalog name>)')
    .option('--identity <id>', "this replica's identity in the Lease (default: <hostname>_<random>)")
    .option('--lease-duration <duration>', 'how long a Lease is valid after its last renewal', '15s')
    .option('--renew-deadline <duration>', 'how long the leader tries to renew before it gives up', '10s')
    .option('--retry-period <duration>', 'time between tries to acquire or renew', '2s')
    .option(
      '--shards <count>',
      'replicas share the work: the namespaces split into this many shards, each held through a Lease ' +
        '<leader-election-id>-shard-<i> (in place of leader election)',
      shardCount,
    )
    .option(
      '--webhook-address <host:port>',
      "address of the admission webhooks' HTTPS server (when the katalog serves a hook at admission)",
      ':9443',
    )
    .option(
      '--webhook-url <url>',
      "how the API server reaches the webhook server when it is not the operator's Service (a control plane " +
        "outside the cluster's network, local development): its base URL, e.g. https://127.0.0.1:9443",
    )
    .option(
      '--webhook-cert-dir <folder>',
      "cert-manager's certificate (tls.crt, tls.key) mounted there, instead of the operator's own CA and Secret",
    )
    .option('--skip-permission-check', 'start without checking RBAC permissions first')
    .option('--skip-crd-check', 'start without checking the templates against the installed owner CRDs')
    .option(
      '--install-crds',
      "install or upgrade each owner's CRD from the katalog's api before starting " +
        '(refusing a change the API server would refuse)',
    )
    .addOption(resourcePackageOption())
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra run --katalog katalog.yaml
  $ orkestra run --katalog katalog.yaml --kubeconfig ./kubeconfig --namespace shop --http-address 127.0.0.1:9090
  $ orkestra run --katalog katalog.yaml --no-leader-elect --log-level debug --log-format text
  $ orkestra run --katalog katalog.yaml --console 127.0.0.1:7070
  $ orkestra run --katalogs-from-cluster --leader-election-namespace orkestra

Before it starts, run checks that the API server answers (exit 3) and that its identity has every permission
the katalog needs (exit 5, listing each). With --install-crds it then installs or upgrades each owner's CRD from
the katalog's api, once the webhook server has its certificate (exit 1 for a change the API server would refuse,
such as dropping a version objects are still stored as); a version converting by code gets the server's CA bundle
in its CRD, installed by run or not. Then it checks that every owner CRD is installed and that the templates fit
it — the CR paths they read, as validate --crd checks them (exit 1; --skip-crd-check skips this), waits for the
leader-election Lease, syncs its caches (/readyz turns 200) and reconciles. SIGTERM or SIGINT stop it
gracefully and release the Lease (exit 0); a lost Lease stops it at once (exit 6).`,
    )
    .action(async (opts: RunCommandOptions) => {
      const output = ctx.output('text');
      ctx.state.code = await run(opts, output, ctx);
    });
}

/**
 * The Manager's Leases: with `--shards`, the shards' (named after `--leader-election-id`); else the leader election,
 * unless `--no-leader-elect`.
 */
function leases(
  opts: RunCommandOptions,
  kube: Kubeclient,
  defaultNamespace: string,
  katalogName: string,
): Pick<ManagerOptions, 'shards' | 'leaderElection'> {
  const { leaseDurationMs, renewDeadlineMs, retryPeriodMs } = localSettings(opts);
  const lease = {
    kube,
    namespace: opts.leaderElectionNamespace ?? defaultNamespace,
    name: opts.leaderElectionId ?? `orkestra-${katalogName}`,
    ...(opts.identity ? { identity: opts.identity } : {}),
    leaseDurationMs,
    renewDeadlineMs,
    retryPeriodMs,
  };
  if (opts.shards) return { shards: { ...lease, count: opts.shards }, leaderElection: false };
  return { leaderElection: opts.leaderElect ? lease : false };
}

/** Local settings (durations, the server's address) checked before anything reads the katalog or the cluster. */
function localSettings(opts: RunCommandOptions): {
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
} {
  const settings = {
    leaseDurationMs: duration('--lease-duration', opts.leaseDuration),
    renewDeadlineMs: duration('--renew-deadline', opts.renewDeadline),
    retryPeriodMs: duration('--retry-period', opts.retryPeriod),
  };
  try {
    parseAddress(opts.httpAddress);
  } catch (e) {
    throw httpAddressError(e, opts.httpAddress);
  }
  try {
    if (opts.console !== undefined) parseAddress(opts.console);
  } catch (e) {
    throw httpAddressError(e, opts.console ?? '', '--console');
  }
  return settings;
}

/** A server address that cannot be used is a usage error (exit 2) that says why; anything else passes. */
function httpAddressError(e: unknown, address: string, flag = '--http-address'): unknown {
  if (!(e instanceof HttpAddressError)) return e;
  return new CliError(ExitCode.Usage, `${flag} ${address}: ${e.reason}`, {
    hint: `pass another ${flag}, such as 127.0.0.1:9090, or port 0 for any free port`,
    cause: e,
  });
}

async function run(opts: RunCommandOptions, output: Output, ctx: CommandContext): Promise<number> {
  const mode = checkRunMode(opts);
  const { renewDeadlineMs } = localSettings(opts); // checked before anything reads the katalog or the cluster
  const format = opts.logFormat ?? ((output.out as { isTTY?: boolean }).isTTY ? 'text' : 'json');
  const logger = createLogger(output.out, { level: opts.logLevel, format, color: output.color });
  const loaded =
    mode === 'file'
      ? await readKatalog(opts.katalog as string, { packages: packagesOption(opts.resourcePackage), cwd: ctx.cwd })
      : undefined;
  if (loaded) await loadConversionModules(loaded.katalog, opts.katalog as string, ctx.cwd);
  const { kube, from } = connect(opts, { logger }, ctx.env);
  const leaseKube = new Kubeclient(kube.kubeConfig, {
    retry: { retries: 0 },
    timeoutMs: Math.max(1_000, Math.round(renewDeadlineMs / 2)),
    logger,
  });
  const served = loaded
    ? await fileModeOptions(loaded, opts, kube, ctx)
    : await katalogModeOptions(opts, kube, logger, ctx);
  const manager: Manager = new Manager({
    kube,
    logger,
    ...served,
    installCrds: opts.installCrds === true,
    ...(opts.skipPermissionCheck ? { permissions: false as const } : {}),
    crdCheck: opts.skipCrdCheck !== true,
    httpAddress: opts.httpAddress,
    console: opts.console !== undefined ? { address: opts.console } : false,
    ...leases(opts, leaseKube, operatorNamespace(kube, ctx.env), loaded ? loaded.katalog.name : 'katalogs'),
  });
  try {
    logger.info({ ...servedFields(opts, loaded), server: kube.server, kubeconfig: from }, 'orkestra run starting');
    // The port first: a port in use is this machine's problem, and must not read as an unreachable cluster.
    await manager.listen().catch((e: unknown) => {
      throw e instanceof HttpAddressError && e.address === opts.console
        ? httpAddressError(e, e.address, '--console')
        : httpAddressError(e, opts.httpAddress);
    });
    await assertReachable(kube, logger);
    const exit = await manager.run(ctx.signal);
    return exit.reason === 'stopped' ? ExitCode.Ok : ExitCode.LeadershipLost;
  } catch (e) {
    await manager.stop().catch(() => undefined);
    throw startError(e, kube, opts);
  } finally {
    await Promise.all([kube.close(), leaseKube.close()]);
  }
}

/** What the start-up log line says is served: the katalog file's kinds and packages, or Katalogs from the cluster. */
function servedFields(
  opts: RunCommandOptions,
  loaded: Awaited<ReturnType<typeof readKatalog>> | undefined,
): Record<string, unknown> {
  if (!loaded) return { katalogs: 'from the cluster' };
  return {
    katalog: opts.katalog,
    kinds: loaded.katalog.entries.map((e) => e.owner.kind),
    packages: loaded.katalog.keys.map((k) => `@orkestra/${k}`),
  };
}

/** The Manager options of a katalog file: its reconcilers and webhooks. */
async function fileModeOptions(
  loaded: Awaited<ReturnType<typeof readKatalog>>,
  opts: RunCommandOptions,
  kube: Kubeclient,
  ctx: CommandContext,
): Promise<Pick<ManagerOptions, 'reconcilers' | 'webhooks' | 'namespace'>> {
  return {
    namespace: operatorNamespace(kube, ctx.env),
    reconcilers: await withHooksModules(reconcilerConfigs(loaded, opts.namespace), opts.katalog as string, ctx.cwd),
    webhooks: runWebhooks(loaded.katalog.entries, {
      name: opts.leaderElectionId ?? `orkestra-${loaded.katalog.name}`,
      namespace: operatorNamespace(kube, ctx.env),
      address: opts.webhookAddress,
      certDir: opts.webhookCertDir,
      url: opts.webhookUrl,
    }),
  };
}

/**
 * What a failed start means for the user: the katalog's problem (exit 1), missing permissions (5), a console
 * address (2), the cluster's.
 */
function startError(e: unknown, kube: Kubeclient, opts: RunCommandOptions): unknown {
  const file = opts.katalog ?? 'the Katalog';
  if (e instanceof ConfigurationMismatchError) return katalogMismatch(e, file);
  if (e instanceof OwnerKindNotServedError)
    return new CliError(ExitCode.Problems, e.message, {
      hint:
        `install the CRD of ${e.owner.plural}.${e.owner.group} (kubectl apply -f crd.yaml, or --install-crds), ` +
        'or fix spec.crds[].owner in the katalog',
      cause: e,
    });
  // A configuration the cluster cannot serve (a child kind whose CRD is not installed) is the katalog's problem.
  if (e instanceof OrkestraError && e.reason === 'Config')
    return new CliError(ExitCode.Problems, e.message, { cause: e });
  // A version converting by code with nowhere to serve or reach its webhook: the configuration's problem too.
  if (e instanceof ConversionServingError || e instanceof CrdInstallError)
    return new CliError(ExitCode.Problems, e.message, { cause: e });
  if (e instanceof PermissionsDeniedError) return permissionError(e, kube);
  if (e instanceof HttpAddressError && e.address === opts.console) return httpAddressError(e, e.address, '--console');
  return clusterError(e, kube, 'starting');
}

/** The katalog does not fit the CRDs installed in the cluster: exit 1, each problem at its path and line. */
function katalogMismatch(e: ConfigurationMismatchError, file: string): CliError {
  const n = e.found.length;
  return new CliError(
    ExitCode.Problems,
    `${file} does not fit the CRDs installed in the cluster: ${n === 1 ? '1 problem' : `${n} problems`}`,
    {
      problems: e.found,
      hint:
        `fix the katalog (orkestra validate --katalog ${file} --crd <the CRD file> lists the same problems), ` +
        'or pass --skip-crd-check to start anyway',
      cause: e,
    },
  );
}

/** Denied permissions are exit code 5, one problem per denied verb; a failed review is the cluster's error. */
function permissionError(e: unknown, kube: Kubeclient): unknown {
  if (!(e instanceof PermissionsDeniedError)) return clusterError(e, kube, 'checking permissions');
  const { denied, identity } = e;
  return new CliError(
    ExitCode.Forbidden,
    `Forbidden: ${identity} lacks ${denied.length === 1 ? 'a permission' : `${denied.length} permissions`} ` +
      'the katalog needs',
    {
      problems: denied.map((d) => ({
        path: describePermission(d.permission, d.verb),
        message: `needed for ${d.permission.why}`,
      })),
      hint:
        'apply the output of `orkestra generate rbac --katalog <file>` for this identity, ' +
        'or pass --skip-permission-check to start anyway',
    },
  );
}
