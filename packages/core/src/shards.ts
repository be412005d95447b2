/**
 * Shard math, in one place: the API server's sharded list and watch (alpha gate `ShardedListAndWatch`) selects
 * objects whose FNV-1a 64-bit hash of a metadata field falls in a half-open range `[start, end)` of
 * `[0, 2^64)`; `shardSelector` names the ranges as a CEL expression. The same hash filters on the client when
 * the server lacks the gate, so a shard holds exactly the same objects either way.
 *
 * The server's side: k8s.io/apimachinery/pkg/sharding (hash.go: `fnv.New64a()` over the field's bytes;
 * selector.go: bounds compared as 0x-prefixed 16-digit lowercase hex, the end `0x10000000000000000`).
 */
import type { KubeObject } from './objects.js';

/** The metadata field a shard is a hash range of: what the API server can shard on. */
export type ShardKeyField = 'namespace' | 'uid';

/** One half-open hash range `[start, end)` of `[0, 2^64)`. */
export interface ShardRange {
  start: bigint;
  end: bigint;
}

const HASH_SPACE = 1n << 64n;
const FNV_OFFSET_BASIS = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = HASH_SPACE - 1n;
const encoder = new TextEncoder();

/** The 64-bit FNV-1a hash of `key`'s UTF-8 bytes, as Go's `hash/fnv.New64a` (and so the API server) makes it. */
export function fnv1a64(key: string): bigint {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of encoder.encode(key)) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  return hash;
}

/** Throws a clear error unless `count` is a whole number of shards from 1 to 2^16. */
export function checkShardCount(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > 65_536) {
    throw new RangeError(`shard count must be a whole number from 1 to 65536, got ${count}`);
  }
}

/**
 * The `count` hash ranges of `count` equal shards, in order: shard `i` is
 * `[ceil(i·2^64/count), ceil((i+1)·2^64/count))`, so that {@link shardOf} (`floor(hash·count/2^64)`) puts a hash in
 * the range that holds it.
 */
export function shardRanges(count: number): ShardRange[] {
  checkShardCount(count);
  const n = BigInt(count);
  const bound = (i: bigint) => (i * HASH_SPACE + n - 1n) / n;
  return Array.from({ length: count }, (_, i) => ({ start: bound(BigInt(i)), end: bound(BigInt(i + 1)) }));
}

/** The shard of `count` that `key` (a namespace, a uid) hashes into. */
export function shardOf(key: string, count: number): number {
  checkShardCount(count);
  return Number((fnv1a64(key) * BigInt(count)) >> 64n);
}

/** The value of the shard key of an object: its namespace (`''` when cluster-scoped) or its uid. */
export function shardKeyOf(obj: Pick<KubeObject, 'metadata'>, field: ShardKeyField): string {
  return (field === 'namespace' ? obj.metadata.namespace : obj.metadata.uid) ?? '';
}

const hex = (value: bigint) => `'0x${value.toString(16).padStart(16, '0')}'`;

/**
 * The `shardSelector` of a set of shards of `count` over `field`: one `shardRange()` per run of neighbouring
 * shards, joined with `||`, written as the API server writes it back in `metadata.shardInfo.selector` (so the
 * echo equals the request). `undefined` when the set is every shard (no selector: the whole collection).
 *
 * @example
 * shardSelector([0, 1], 4) // → "shardRange(object.metadata.namespace, '0x0000000000000000', '0x8000000000000000')"
 */
export function shardSelector(
  shards: Iterable<number>,
  count: number,
  field: ShardKeyField = 'namespace',
): string | undefined {
  const ranges = shardRanges(count);
  const wanted = [...new Set(shards)].sort((a, b) => a - b);
  for (const shard of wanted) {
    if (!Number.isInteger(shard) || shard < 0 || shard >= count) {
      throw new RangeError(`shard ${shard} is not one of the ${count} shards (0 to ${count - 1})`);
    }
  }
  if (wanted.length === count) return undefined;
  if (wanted.length === 0) throw new RangeError('a shard selector needs at least one shard');
  const runs: ShardRange[] = [];
  for (const [shard, range] of ranges.entries()) {
    if (!wanted.includes(shard)) continue;
    const last = runs.at(-1);
    if (last && last.end === range.start) last.end = range.end;
    else runs.push({ ...range });
  }
  const path = `object.metadata.${field}`;
  return runs.map((r) => `shardRange(${path}, ${hex(r.start)}, ${hex(r.end)})`).join(' || ');
}
