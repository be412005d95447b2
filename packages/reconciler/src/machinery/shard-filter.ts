/**
 * The shards an informer holds: a set of the `count` hash ranges of the namespace (see `@orkestra/core/internal`'s
 * shard math). Why the namespace: a CR and its children always share one (a child lives in its owner's
 * namespace), so whoever holds a CR's shard also holds its children — no reconcile ever needs another replica's
 * cache. Only namespaced kinds are sharded; a cluster-scoped informer is everyone's.
 *
 * The informer asks the API server for its shards (`shardSelector`, alpha gate `ShardedListAndWatch`) and always
 * filters what it receives on the client too: when the server ignored the selector (no gate), the same objects
 * are kept — every replica then receives, and pays for, every object, which {@link warnUnsharded} logs once.
 */
import { type Logger, OrkestraError } from '@orkestra/core';
import { checkShardCount, shardOf, shardSelector } from '@orkestra/core/internal';

/** The shards of `count` whose objects an informer holds. */
export interface ShardFilter {
  /** How many shards the namespaces are split into (the same on every replica). */
  count: number;
  /** The shards held, each from 0 to count − 1; at least one. */
  shards: readonly number[];
}

/** Refuses a filter with a bad count, no shard, or a shard out of range, saying which. */
export function checkShardFilter(filter: ShardFilter): void {
  checkShardCount(filter.count);
  shardSelector(filter.shards, filter.count); // throws on an empty set or a shard out of range
}

/** The `shardSelector` of the filter's shards; `undefined` when they are every shard. */
export function selectorOf(filter: ShardFilter | undefined): string | undefined {
  return filter && shardSelector(filter.shards, filter.count, 'namespace');
}

/** Whether objects of `namespace` are in the filter's shards (always, without a filter). */
export function inShards(filter: ShardFilter | undefined, namespace: string | undefined): boolean {
  return !filter || filter.shards.includes(shardOf(namespace ?? '', filter.count));
}

/** The filter as part of a shared informer's key: `3:0,2`. */
export function shardKey(filter: ShardFilter | undefined): string {
  return filter ? `${filter.count}:${[...filter.shards].sort((a, b) => a - b).join(',')}` : '';
}

const warned = new WeakSet<Logger>();

/** Logs once per logger that the API server ignored `shardSelector`: shards are then filtered on the client. */
export function warnUnsharded(logger: Logger, kind: string): void {
  if (warned.has(logger)) return;
  warned.add(logger);
  logger.warn(
    { kind },
    'the API server ignored shardSelector (its ShardedListAndWatch feature gate is off): shards are filtered ' +
      'on the client, so every replica receives, decodes and pays for every object — enable the gate to ' +
      'have each replica receive only its shards',
  );
}

/**
 * Refuses a reconciler's `shard` it cannot honour, as a `Config` error naming the field: a bad count or shard set,
 * or a cluster-scoped owner kind (its CRs have no namespace to hash: every replica would reconcile them all).
 */
export function checkShardConfig(config: {
  shard?: ShardFilter | undefined;
  owner: { kind: string; namespaced?: boolean | undefined };
}): void {
  if (!config.shard) return;
  if (config.owner.namespaced === false) {
    throw new OrkestraError(
      'Config',
      `shard: ${config.owner.kind} is cluster-scoped, and shards are ranges of the namespace hash — ` +
        'run its reconciler unsharded (leave shard out)',
    );
  }
  try {
    checkShardFilter(config.shard);
  } catch (e) {
    throw new OrkestraError('Config', `shard: ${e instanceof Error ? e.message : String(e)}`);
  }
}
