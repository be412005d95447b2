/**
 * The inventory record of a reconciler configuration: one ConfigMap in the operator's namespace listing every
 * kind of child the configuration has managed, so that a configuration that lost a kind (a katalog without its
 * `services` key, even across a restart) still finds and prunes the children of that kind. One record serves
 * every CR of the configuration: a new CR whose children are all of configured kinds costs no inventory write.
 * Kinds beyond the record (children of code hooks) stay in each CR's annotation (see `inventory.ts`).
 */
import { createHash } from 'node:crypto';
import type { ControllerClient } from '@orkestra/core';
import {
  AlreadyExistsError,
  type ChildKind,
  ConflictError,
  ForbiddenError,
  type KubeObject,
  type Logger,
  NotFoundError,
  OrkestraError,
} from '@orkestra/core';
import { kindKey } from '../child-kinds.js';
import type { InventoryRecordOptions, OwnerKind } from '../config.js';
import { inventoryValue, parseInventory } from './annotation.js';

/** The data key of the record holding the kinds, `Kind.version.group` comma-separated (as the CR annotation). */
const RECORD_KINDS_KEY = 'managed-kinds';

/**
 * The record's ConfigMap name: `<plural>.<group>` (`websites.example.com`), and when the configuration watches
 * only some namespaces, a short hash of them (`websites.example.com-3f2a9c01d4`), so two operators of one CRD
 * watching different namespaces keep different records. The same namespaces in any order give the same name.
 */
export function inventoryRecordName(
  owner: Pick<OwnerKind, 'plural' | 'group'>,
  namespaces?: readonly string[] | undefined,
): string {
  const base = `${owner.plural}.${owner.group}`;
  if (!namespaces?.length) return base;
  const watched = [...new Set(namespaces)].sort().join(',');
  return `${base}-${createHash('sha256').update(watched).digest('hex').slice(0, 10)}`;
}

type RecordObject = KubeObject & { data?: Record<string, string> };

/** The record was not readable or writable (RBAC, or a missing namespace): the reconciler falls back to annotations. */
class InventoryRecordUnavailableError extends OrkestraError {
  constructor(message: string, cause: unknown, object: { namespace: string; name: string }) {
    super('Config', message, { cause, object: { kind: 'ConfigMap', namespace: object.namespace, name: object.name } });
  }
}

/**
 * One configuration's record. {@link open} reads it once at start and makes it list the configured kinds (one
 * write, only when some is missing); {@link drop} removes kinds once their children are pruned. Never written
 * per CR or per resync.
 */
export class InventoryRecord {
  /** The kinds the record lists, by kind key (empty until {@link open}). */
  listed: ReadonlyMap<string, ChildKind> = new Map();

  constructor(
    private readonly kube: ControllerClient,
    readonly namespace: string,
    readonly name: string,
    private readonly owner: string,
    private readonly fieldManager: string,
    private readonly logger: Logger,
  ) {}

  /**
   * Reads the record and adds the `configured` kinds it lacks: one GET, plus a create or an update only when
   * a kind is missing. Throws {@link InventoryRecordUnavailableError} when RBAC forbids it or the namespace
   * does not exist; any other API error as is.
   */
  async open(configured: ReadonlyMap<string, ChildKind>, signal: AbortSignal): Promise<void> {
    await this.change((listed) => {
      for (const key of configured.keys()) if (!listed.has(key)) return new Map([...listed, ...configured]);
      return undefined;
    }, signal);
  }

  /** Removes `kinds` from the record (their children are gone); nothing is written when it lists none of them. */
  async drop(kinds: readonly ChildKind[], signal: AbortSignal): Promise<void> {
    await this.change((listed) => {
      if (!kinds.some((k) => listed.has(kindKey(k)))) return undefined;
      const next = new Map(listed);
      for (const k of kinds) next.delete(kindKey(k));
      return next;
    }, signal);
  }

  /** Reads, changes and writes the record; a write that lost a race (another replica) is retried from a new read. */
  private async change(
    next: (listed: ReadonlyMap<string, ChildKind>) => ReadonlyMap<string, ChildKind> | undefined,
    signal: AbortSignal,
  ): Promise<void> {
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: this.namespace, name: this.name };
    for (let attempt = 0; ; attempt++) {
      try {
        const live = await this.kube.get<RecordObject>(ref, { signal });
        this.listed = parseInventory(live?.data?.[RECORD_KINDS_KEY] ?? '');
        const kinds = next(this.listed);
        if (!kinds) return;
        const data = { ...live?.data, [RECORD_KINDS_KEY]: inventoryValue(kinds.values()), owner: this.owner };
        const options = { fieldManager: this.fieldManager, signal };
        if (live) await this.kube.update({ ...live, data }, options);
        else await this.kube.create(this.object(data), options);
        this.listed = kinds;
        this.logger.info(
          { record: `${this.namespace}/${this.name}`, kinds: data[RECORD_KINDS_KEY] },
          'inventory record written',
        );
        return;
      } catch (e) {
        if ((e instanceof ConflictError || e instanceof AlreadyExistsError) && attempt < 5) continue;
        throw this.unavailable(e);
      }
    }
  }

  private object(data: Record<string, string>): RecordObject {
    return {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: this.name,
        namespace: this.namespace,
        labels: { 'app.kubernetes.io/managed-by': 'orkestra', 'app.kubernetes.io/component': 'inventory' },
      },
      data,
    };
  }

  private unavailable(e: unknown): unknown {
    const where = `ConfigMap ${this.namespace}/${this.name}`;
    if (e instanceof ForbiddenError)
      return new InventoryRecordUnavailableError(
        `cannot read or write the inventory record ${where}: ${e.message}. Grant get, create and update on ` +
          `configmaps in namespace ${this.namespace} (orkestra generate rbac includes them)`,
        e,
        { namespace: this.namespace, name: this.name },
      );
    if (e instanceof NotFoundError)
      return new InventoryRecordUnavailableError(
        `cannot write the inventory record ${where}: ${e.message}. Create namespace ${this.namespace}, or set ` +
          `inventory.namespace to an existing one`,
        e,
        { namespace: this.namespace, name: this.name },
      );
    return e;
  }
}

/**
 * Opens the record of a configuration (see {@link InventoryRecord.open}); undefined, after one warning saying
 * what is missing and how to fix it, when it cannot be read or written: the reconciler then keeps the inventory
 * on each CR, as without a record. Never throws.
 */
export async function openInventoryRecord(
  kube: ControllerClient,
  at: {
    options: InventoryRecordOptions;
    owner: Pick<OwnerKind, 'plural' | 'group' | 'kind'>;
    namespaces: readonly string[] | undefined;
    fieldManager: string;
    logger: Logger;
    signal: AbortSignal;
  },
  configured: ReadonlyMap<string, ChildKind>,
): Promise<InventoryRecord | undefined> {
  const { options, owner, logger } = at;
  const name = inventoryRecordName(owner, at.namespaces);
  const record = new InventoryRecord(
    kube,
    options.namespace,
    name,
    `${owner.plural}.${owner.group}`,
    at.fieldManager,
    logger,
  );
  try {
    await record.open(configured, at.signal);
    return record;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    logger.warn(
      { record: `${options.namespace}/${name}`, err: message },
      (e instanceof InventoryRecordUnavailableError
        ? message
        : `cannot use the inventory record ConfigMap ${options.namespace}/${name}: ${message}`) +
        ` — keeping the inventory in an annotation on each ${owner.kind} instead`,
    );
    return undefined;
  }
}
