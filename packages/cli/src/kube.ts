/**
 * The cluster connection of `run` and `diff`: the kubeconfig from `--kubeconfig`, then `KUBECONFIG` (and
 * `~/.kube/config`), then the pod's service account; and the mapping of what goes wrong to exit codes
 * (unreachable or refused credentials → 3, missing RBAC permission → 5).
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ForbiddenError, KubeApiError, type Logger, OrkestraError, UnauthorizedError } from '@orkestra/core';
import {
  Kubeclient,
  type KubeclientOptions,
  type Kubeconfig,
  KubeconfigError,
  loadKubeconfig as loadCoreKubeconfig,
} from '@orkestra/core/kube';
import { serviceAccountDir } from '@orkestra/operator/internal';
import { CliError, ExitCode } from './exit-codes.js';

/** How to reach the cluster. */
interface ClusterOptions {
  kubeconfig?: string | undefined;
  context?: string | undefined;
}

/** Where the kubeconfig came from, for messages. */
interface KubeconfigSource {
  /** Core's loaded kubeconfig (no `@kubernetes/client-node`: `orkestra run` never loads it). */
  kubeConfig: Kubeconfig;
  /** `--kubeconfig x`, `KUBECONFIG`, `~/.kube/config` or `in-cluster service account`. */
  from: string;
}

/**
 * The kubeconfig to use, loaded by core's loader (`KUBECONFIG` merged as kubectl does). No `--kubeconfig`, no
 * `KUBECONFIG`, no `~/.kube/config` and not in a pod → exit code 3 with the three ways to give one (client-node
 * would silently fall back to http://localhost:8080). Anything else wrong with it → exit code 2.
 */
export function loadKubeconfig(options: ClusterOptions, env: NodeJS.ProcessEnv = process.env): KubeconfigSource {
  let from: string;
  if (options.kubeconfig) {
    if (!existsSync(options.kubeconfig))
      throw new CliError(ExitCode.Usage, `cannot read --kubeconfig ${options.kubeconfig}: no such file`);
    from = `--kubeconfig ${options.kubeconfig}`;
  } else if (env.KUBECONFIG) {
    from = `KUBECONFIG=${env.KUBECONFIG}`;
  } else if (existsSync(join(env.HOME ?? homedir(), '.kube', 'config'))) {
    from = '~/.kube/config';
  } else if (env.KUBERNETES_SERVICE_HOST) {
    from = `in-cluster service account (${serviceAccountDir(env)})`;
  } else {
    throw new CliError(
      ExitCode.Unreachable,
      'no cluster to talk to: no --kubeconfig, no KUBECONFIG, no ~/.kube/config, and not running in a pod',
      {
        hint: 'pass --kubeconfig <file>, or set KUBECONFIG',
      },
    );
  }
  try {
    return {
      kubeConfig: loadCoreKubeconfig({
        file: options.kubeconfig,
        context: options.context,
        env,
        serviceAccountDir: serviceAccountDir(env),
      }),
      from,
    };
  } catch (e) {
    if (e instanceof KubeconfigError && e.problem === 'NoContext' && options.context) {
      throw new CliError(
        ExitCode.Usage,
        `the kubeconfig (${from}) has no context "${options.context}"; it has: ${e.contexts.join(', ') || 'none'}`,
        { cause: e },
      );
    }
    if (e instanceof KubeconfigError && (e.problem === 'NoCurrentContext' || e.problem === 'NoContext')) {
      throw new CliError(
        ExitCode.Usage,
        `the kubeconfig (${from}) has no current cluster: set current-context, or pass --context`,
        { cause: e },
      );
    }
    throw new CliError(ExitCode.Usage, `cannot load the kubeconfig: ${(e as Error).message}`, { cause: e });
  }
}

/** A client for the cluster of `options`. */
export function connect(
  options: ClusterOptions,
  clientOptions: KubeclientOptions = {},
  env?: NodeJS.ProcessEnv,
): { kube: Kubeclient; from: string } {
  const { kubeConfig, from } = loadKubeconfig(options, env);
  return { kube: new Kubeclient(kubeConfig, clientOptions), from };
}

/**
 * Turns a failure of a Kubernetes call into the CLI's error: unreachable or refused credentials → exit code 3,
 * Forbidden → 5; other API errors, and errors that did not come from a request, pass through unchanged.
 */
export function clusterError(e: unknown, kube: Kubeclient, what: string): unknown {
  if (e instanceof CliError) return e;
  if (e instanceof UnauthorizedError) {
    return new CliError(
      ExitCode.Unreachable,
      `the API server at ${kube.server} refused the credentials while ${what} (401 Unauthorized)`,
      { hint: 'check the kubeconfig user (token or client certificate)', cause: e },
    );
  }
  if (e instanceof ForbiddenError) {
    return new CliError(ExitCode.Forbidden, `Forbidden while ${what}: ${e.status?.message ?? e.message}`, {
      hint: 'grant the identity the permissions `orkestra generate rbac --katalog <file>` lists',
      cause: e,
    });
  }
  if (e instanceof KubeApiError && e.code > 0 && e.reason !== 'Unavailable') return e;
  // Only failures of a request are the cluster's: anything else (a port in use, a bug) is not "unreachable".
  if (e instanceof KubeApiError || (e instanceof OrkestraError && e.reason === 'Unknown')) {
    const detail = e instanceof Error ? e.message.replace(/^[a-z]+ .*? failed: /, '') : String(e);
    return new CliError(
      ExitCode.Unreachable,
      `cannot reach the API server at ${kube.server} while ${what}: ${detail}`,
      { hint: 'check that the cluster is running and that --kubeconfig / KUBECONFIG point at it', cause: e },
    );
  }
  return e;
}

/** Fails fast (exit code 3) when the API server cannot be reached: one discovery request, few retries. */
export async function assertReachable(kube: Kubeclient, logger?: Logger): Promise<void> {
  try {
    await kube.list('v1', 'Namespace', { limit: 1 }).catch((e: unknown) => {
      // A client allowed to see only some namespaces is still a client that reached the server.
      if (e instanceof ForbiddenError) return undefined;
      throw e;
    });
  } catch (e) {
    throw clusterError(e, kube, 'connecting');
  }
  logger?.debug({ server: kube.server }, 'API server reachable');
}
