/**
 * The Manager's start-up check of its configurations against the cluster — what `orkestra run` used to check on
 * its own: every owner kind is served (its CRD installed), then each configuration's analysis against the
 * installed CRDs and the cluster's OpenAPI (`analyzeAgainstCluster`: the CR paths templates read, the fields they
 * read of other children, manifests' literal values). Problems carry the configuration's file:line when its
 * {@link ConfigurationOrigin} can tell (a katalog file), so a TypeScript Manager and `orkestra run` report the same.
 */
import { type ControllerClient, NotFoundError, OrkestraError } from '@orkestra/core';
import { ConfigurationError, type ConfigurationProblem, type GenericReconciler } from '@orkestra/reconciler';
import { analyzeAgainstCluster } from '@orkestra/reconciler/internal';

/** Where a configuration came from, so that its problems name the place: a katalog file's paths and lines. */
export interface ConfigurationOrigin {
  /** The path as the user wrote it (`spec.crds[0].resources…` in a katalog); default the path itself. */
  pathOf?(path: string): string;
  /** `file:line:column` of a path (as {@link pathOf} gives it), when known. */
  locate?(path: string): string | undefined;
}

/** An owner kind the API server does not serve: its CRD is not installed. Nothing has started. */
export class OwnerKindNotServedError extends OrkestraError {
  /** What to do about it. */
  readonly hint: string;

  constructor(
    readonly owner: { kind: string; apiVersion: string; plural: string; group: string },
    cause: unknown,
  ) {
    super(
      'Config',
      `the API server does not serve ${owner.kind} (${owner.apiVersion}, resource ${owner.plural}): its CRD is not ` +
        `installed`,
      { object: { kind: 'CustomResourceDefinition', name: `${owner.plural}.${owner.group}` }, cause },
    );
    this.name = 'OwnerKindNotServedError';
    this.hint =
      `install the CRD of ${owner.plural}.${owner.group} (kubectl apply -f crd.yaml, or the Manager's ` +
      `installCrds), or fix the configuration's owner`;
  }
}

/**
 * Configurations that do not fit the cluster: a `ConfigurationError` (each problem's message ends with its
 * location) that also keeps the problems as found, their locations apart, for tools that print them in columns.
 */
export class ConfigurationMismatchError extends ConfigurationError {
  constructor(
    readonly found: readonly ConfigurationProblem[],
    options: ConstructorParameters<typeof ConfigurationError>[1],
  ) {
    super(found, options);
    this.name = 'ConfigurationMismatchError';
  }
}

/** One configuration to check: its reconciler, and where it came from. */
export interface CheckedConfiguration {
  reconciler: GenericReconciler;
  origin?: ConfigurationOrigin | undefined;
}

/** Throws {@link OwnerKindNotServedError} for the first owner kind the API server does not serve. */
export async function checkOwnerKinds(
  kube: ControllerClient,
  configurations: readonly CheckedConfiguration[],
  signal?: AbortSignal,
): Promise<void> {
  for (const { reconciler: r } of configurations) {
    const o = r.config.owner;
    const namespace = o.namespaced === false ? undefined : r.config.namespaces?.[0];
    await kube.list(r.ownerApiVersion, o.kind, { namespace, limit: 1, signal }).catch((e: unknown) => {
      throw e instanceof NotFoundError
        ? new OwnerKindNotServedError(
            { kind: o.kind, apiVersion: r.ownerApiVersion, plural: o.plural, group: o.group },
            e,
          )
        : e;
    });
  }
}

/**
 * Every configuration against the cluster; throws one `ConfigurationError` listing the problems of all of them
 * (each with its origin's path and location). Reads only.
 */
export async function checkAgainstCluster(
  kube: ControllerClient,
  configurations: readonly CheckedConfiguration[],
  signal?: AbortSignal,
): Promise<void> {
  const problems: ConfigurationProblem[] = [];
  for (const { reconciler: r, origin } of configurations)
    problems.push(
      ...(await analyzeAgainstCluster(kube, r.config, {
        engine: r.config.templateEngine,
        ...(origin ? { source: origin } : {}),
        ...(signal ? { signal } : {}),
      })),
    );
  if (problems.length === 0) return;
  const kinds = configurations.map((c) => c.reconciler.config.owner.kind).join(', ');
  throw new ConfigurationMismatchError(problems, { object: { kind: kinds, name: 'configuration' } });
}
