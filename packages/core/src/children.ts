/**
 * The lifecycle every resource package shares: create, update (drift correction) and delete of one child
 * object owned by a custom resource. A resource package only builds the desired object and names what is
 * special about its kind; everything here is the same for every kind, so it lives once, in core.
 *
 * A child is created with a plain POST, updates are server-side applies under the context's field manager:
 * one write restores every field the desired object sets, and fields it no longer sets are dropped (the
 * create's fields are handed over to the apply on the first update: see `apply-upgrade.ts`). The drift matcher
 * runs first, so a child that is in sync costs no write at all; reads go through the client's read cache when
 * one is plugged in.
 */
import { applyOwned } from './apply-upgrade.js';
import { oneAtATime } from './child-queue.js';
import type { Context } from './context.js';
import { type DriftedField, type MatchOptions, matchObject, withAppliedFields } from './drift.js';
import {
  AlreadyExistsError,
  ConflictError,
  describeObject,
  InvalidError,
  type ObjectLocation,
  OrkestraError,
  OwnershipError,
} from './errors.js';
import type { FieldStructure } from './field-structure.js';
import { childSelector, withSystemLabels } from './labels.js';
import { claimListItems, type ListItemKey, type ManagedFieldsEntry, managersOf } from './managed-fields.js';
import { asChild, asOwner, type ChildLike, type OwnerLike } from './model-objects.js';
import type { ObjectClient } from './object-client.js';
import type { KubeObject, ObjectRef, OwnerObject } from './objects.js';
import { describeOwner, refOf } from './objects.js';
import { assertOwnable, ownerReferencesFor } from './owner-references.js';
import { controllerOf, describeController, isControlledBy } from './ownership.js';
import { readFromServer, withManagedFields } from './server-read.js';

/** Selects every Orkestra child: what the lifecycle's reads before a create look for. */
const ORKESTRA_CHILDREN = childSelector();

/** What a lifecycle call did, for events, metrics and tests. */
export interface ChildResult {
  /** `deleting`: the child's deletion began earlier (it has a `deletionTimestamp`; finalizers hold it). */
  action: 'created' | 'updated' | 'recreated' | 'unchanged' | 'deleted' | 'deleting' | 'absent';
  /** The child as the server returned it after the write, or as read when nothing was written. */
  object?: KubeObject | undefined;
  /** For `updated`/`recreated`: the fields that had drifted. */
  drifted?: DriftedField[];
}

/** A field whose change the server refuses on an existing object. */
export interface ImmutableChange {
  /** The field path, e.g. `spec.selector`. */
  path: string;
  /** Why it cannot change and what to do instead, for the error message. */
  reason?: string;
}

/** What a resource package says about its kind beyond the desired object itself. */
export interface ChildBehaviour {
  /** The child's kind is cluster-scoped. */
  clusterScoped?: boolean;
  /** Options for the drift matcher (ignored paths, redaction of Secret data). */
  match?: MatchOptions;
  /**
   * Adjusts the desired object to the live one before matching and writing: e.g. keep a generated Secret
   * value that exists already. `live` is undefined when the child does not exist yet.
   */
  prepare?: (desired: KubeObject, live: KubeObject | undefined) => KubeObject;
  /**
   * Fields whose change the server would refuse (Deployment `spec.selector`, data of an immutable ConfigMap):
   * given the drifted fields, returns the changes that cannot be applied in place.
   */
  immutable?: (drifted: readonly DriftedField[], live: KubeObject, desired: KubeObject) => ImmutableChange[];
  /** On an immutable change: delete the child and create it again instead of failing. */
  recreate?: boolean;
  /**
   * Items of keyed lists of the live object that take the place of items the desired object sets and must
   * go (a Service port renumbered by someone else keeps its name, and the server refuses two ports of one
   * name). Server-side apply never removes another manager's items, so when another manager owns one of
   * these, its ownership is first moved to the field manager — one extra write, a managedFields-only merge
   * patch guarded by resourceVersion — and the apply then removes it. Called on drift only.
   */
  takeOver?: (live: KubeObject, desired: KubeObject) => ListItemKey[];
  /** How many times a Conflict is re-read and retried; default 3. */
  conflictRetries?: number;
}

/** The change the server refused, and the way out: raised by {@link updateChild} without `recreate`. */
export class ImmutableFieldError extends OrkestraError {
  readonly changes: readonly ImmutableChange[];

  constructor(object: ObjectLocation, changes: readonly ImmutableChange[], cause?: unknown) {
    const list = changes.map((c) => `${c.path}${c.reason ? ` (${c.reason})` : ''}`).join(', ');
    super(
      'Immutable',
      `cannot update ${describeObject(object)}: ${list} cannot change on an existing object. ` +
        'Set `recreate: true` on this template to delete and recreate the object, or revert the change.',
      { object, cause },
    );
    this.changes = changes;
  }
}

/**
 * Another writer keeps putting its own items in the place of ours in a keyed list (a Service port renumbered
 * again and again), so every restoring apply is refused: raised by {@link updateChild} after its bounded
 * retries. Not a template problem: the message names the other writer(s) by field manager.
 */
export class ContestedItemsError extends OrkestraError {
  /** The field managers owning the items in the way (empty when the last read found none). */
  readonly managers: readonly string[];
  /** The list, e.g. `spec.ports`. */
  readonly list: string;

  constructor(object: ObjectLocation, list: string, managers: readonly string[], attempts: number, cause: unknown) {
    const who = managers.length ? `another writer (field manager ${managers.join(', ')})` : 'another writer';
    const refused =
      cause instanceof InvalidError
        ? cause.causes.map((c) => `${c.field ?? '?'}: ${c.message ?? c.reason ?? ''}`).join('; ')
        : '';
    super(
      'Contested',
      `cannot update ${describeObject(object)}: ${who} keeps changing items of ${list} in the place of ours` +
        `${refused ? ` (the API server refused: ${refused})` : ''}; tried ${attempts} times. ` +
        `Stop ${managers.length ? managers.join(', ') : 'the other writer'} from editing ${list} of this object: it ` +
        `is managed by Orkestra.`,
      { object, cause },
    );
    this.managers = managers;
    this.list = list;
  }
}

/**
 * The desired child as it is written: the owner's controller reference, the system labels stamped over the
 * template's labels, and the applied-fields annotation. Refuses (ValidationError) a child the owner may not own.
 *
 * @example
 * const metadata = { name: 'web-config', namespace: 'shop' };
 * const obj = buildChild(website, { apiVersion: 'v1', kind: 'ConfigMap', metadata, data });
 * obj.metadata.ownerReferences; // [{ …website, controller: true, blockOwnerDeletion: true }]
 */
export function buildChild<T extends KubeObject>(
  ownerLike: OwnerLike,
  desired: T,
  behaviour: Pick<ChildBehaviour, 'clusterScoped'> = {},
): T {
  const owner = asOwner(ownerLike);
  const namespace = behaviour.clusterScoped ? undefined : (desired.metadata.namespace ?? owner.metadata.namespace);
  assertOwnable(owner, {
    kind: desired.kind,
    name: desired.metadata.name ?? '',
    namespace,
    clusterScoped: behaviour.clusterScoped ?? false,
  });
  const metadata = {
    ...desired.metadata,
    labels: withSystemLabels(desired.metadata.labels, owner.metadata.name),
    ownerReferences: ownerReferencesFor(owner),
  };
  if (namespace === undefined) delete metadata.namespace;
  else metadata.namespace = namespace;
  return withAppliedFields({ ...desired, metadata });
}

function location(obj: KubeObject): ObjectLocation {
  return { kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name };
}

function assertControlled(live: KubeObject, owner: OwnerObject, action: string): void {
  if (!isControlledBy(live, owner)) {
    throw new OwnershipError(
      location(live),
      describeOwner(owner),
      describeController(controllerOf(live), live.metadata.namespace),
      action,
    );
  }
}

function isImmutableRefusal(e: unknown): e is InvalidError {
  return (
    e instanceof InvalidError &&
    /immutable|may not change|field is not mutable/i.test(`${e.message} ${e.causes.map((c) => c.message).join(' ')}`)
  );
}

function immutableFromError(e: InvalidError): ImmutableChange[] {
  const fields = e.causes
    .filter((c) => /immutable|may not change/i.test(c.message ?? ''))
    .map((c) => ({ path: c.field ?? '?', reason: 'the API server refuses changes to it' }));
  return fields.length
    ? fields
    : [{ path: '?', reason: e.status?.message ?? 'the API server refused the change as immutable' }];
}

/**
 * Creates the child unless it exists. Exists and controlled by `owner` → nothing is written. Exists and
 * controlled by anyone else, or by nobody → {@link OwnershipError}, nothing is written.
 *
 * The create is a plain POST under the field manager ({@link ObjectClient.create}; a create-only server-side
 * apply when the client has none): it costs the API server less than an apply, and the server itself refuses
 * it when an object of that name exists — also one created by someone else a moment before. So the read
 * before it may look for our own, labelled children only, which an informer cache answers without a request.
 * The POST leaves the fields under an `Update` entry of managedFields, which a later apply does not drop; the
 * first update of the child hands them over to its Apply entry (see {@link updateChild}), so fields the
 * template stops setting are removed all the same.
 * A create that loses a race to a sibling create converges: the object stored meanwhile is read and treated
 * as existing, also when the server refused ours as Invalid for what the sibling had just allocated (a
 * Service's fixed nodePort). An Invalid with no object of that name behind it is thrown as it came.
 *
 * @example
 * await createChild(ctx, kube, website, desiredConfigMap); // { action: 'created' } or { action: 'unchanged' }
 */
export async function createChild(
  ctx: Context,
  kube: ObjectClient,
  ownerLike: OwnerLike,
  desiredLike: ChildLike,
  behaviour: ChildBehaviour = {},
): Promise<ChildResult> {
  const owner = asOwner(ownerLike);
  const desired = asChild(desiredLike);
  const child = buildChild(owner, desired, behaviour);
  const outcome = await readOrCreate(ctx, kube, owner, desired, behaviour, child);
  if ('created' in outcome) return outcome.created;
  assertControlled(outcome.existing, owner, 'create');
  return { action: 'unchanged', object: outcome.existing };
}

/**
 * The labelled child of that name, if one exists; else the create: `created`, or — when the server says an
 * object of that name exists (unlabelled, or made meanwhile) — that object as read now, for the caller to check.
 */
async function readOrCreate(
  ctx: Context,
  kube: ObjectClient,
  owner: OwnerObject,
  desired: KubeObject,
  behaviour: ChildBehaviour,
  child: KubeObject,
): Promise<{ created: ChildResult } | { existing: KubeObject }> {
  const ref = refOf(child);
  // An informer of Orkestra's children knows hit and miss; without one, read the server (any object counts).
  const known = kube.peek(ref, { labelSelector: ORKESTRA_CHILDREN });
  const found = known ? known.object : await kube.get(ref, { signal: ctx.signal });
  if (found) return { existing: found };
  const object = behaviour.prepare ? buildChild(owner, behaviour.prepare(desired, undefined), behaviour) : child;
  try {
    const created = await createObject(ctx, kube, object);
    ctx.logger.info({ kind: ref.kind, namespace: ref.namespace, name: ref.name }, 'created child');
    return { created: { action: 'created', object: created } };
  } catch (e) {
    if (!(e instanceof AlreadyExistsError || e instanceof InvalidError)) throw e;
    // An Invalid may be a lost race, not a bad object: a sibling create stored the object a moment ago and
    // holds what it allocated (a Service's fixed nodePort), which the server refuses before it sees the name.
    if (e instanceof InvalidError) {
      const existing = await kube.get(ref, { signal: ctx.signal });
      if (!existing) throw e;
      return { existing };
    }
  }
  const existing = await kube.get(ref, { signal: ctx.signal });
  // It existed a moment ago and is gone again: a Conflict, which the callers retry from a fresh read.
  if (!existing)
    throw new ConflictError(
      'Conflict',
      409,
      `create ${describeObject(location(child))}: the object existed and was deleted meanwhile`,
      { verb: 'create', ...location(child) },
    );
  return { existing };
}

/** POST, or a create-only apply for a client without `create`: {@link AlreadyExistsError} when the name is taken. */
function createObject<T extends KubeObject>(ctx: Context, kube: ObjectClient, object: T): Promise<T> {
  const options = { fieldManager: ctx.fieldManager, signal: ctx.signal };
  return kube.create
    ? kube.create(object, options)
    : kube.apply(object, { ...options, force: false, createOnly: true });
}

/**
 * Brings the child to the desired state. Missing → created. In sync → **no write**. Drifted in any field the
 * desired object sets, or a field dropped from it → one server-side apply that restores it (the first update
 * that changes the set of fields of a POSTed child first hands the create's fields over to the apply: one
 * write more, once; see `apply-upgrade.ts`). Controlled by someone else → {@link OwnershipError}. A change the server
 * refuses (immutable field) → {@link ImmutableFieldError}, or delete and create when `behaviour.recreate` is
 * set. A Conflict is re-read and retried up to `conflictRetries` times. Updates of one child through one client
 * issued at once run one after the other, in order (see `child-queue.ts`): they never race each other, so a
 * caller need not serialise them.
 *
 * @example
 * const result = await updateChild(ctx, kube, website, desiredDeployment, { immutable: selectorChanged });
 * result.action; // 'unchanged' in steady state
 */
export function updateChild(
  ctx: Context,
  kube: ObjectClient,
  ownerLike: OwnerLike,
  desiredLike: ChildLike,
  behaviour: ChildBehaviour = {},
): Promise<ChildResult> {
  const owner = asOwner(ownerLike);
  const desired = asChild(desiredLike);
  return updateChildMatched(ctx, kube, owner, desired, behaviour);
}

/**
 * {@link updateChild} for a plain owner and desired object, telling `inSync` the field structure an
 * `unchanged` answer was matched with: what an {@link InSyncMemo} keeps (`defineResource` does it for the
 * handlers it makes; a handler written without it, such as `@orkestra/manifests`, calls this).
 */
export async function updateChildMatched(
  ctx: Context,
  kube: ObjectClient,
  owner: OwnerObject,
  desired: KubeObject,
  behaviour: ChildBehaviour,
  inSync?: (structure: FieldStructure | undefined) => void,
): Promise<ChildResult> {
  // Updates of one child issued at once run one after the other; identical ones queued behind a running update
  // share one outcome (see child-queue.ts).
  const name = desired.metadata.name;
  if (name === undefined) return updateRetried(ctx, kube, owner, desired, behaviour, inSync);
  const namespace = desired.metadata.namespace ?? owner.metadata.namespace ?? '';
  const shared = await oneAtATime(
    kube,
    `${desired.apiVersion}/${desired.kind}/${namespace}/${name}`,
    async () => {
      let matched: { structure: FieldStructure | undefined } | undefined;
      const result = await updateRetried(ctx, kube, owner, desired, behaviour, (structure) => {
        matched = { structure };
      });
      return { result, matched };
    },
    // Functions of the behaviour are the kind's (the key names the kind); its data and the desired object decide.
    { fingerprint: () => JSON.stringify([ctx.fieldManager, owner.metadata.uid, desired, behaviour]) },
  );
  if (shared.matched) inSync?.(shared.matched.structure);
  return shared.result;
}

/** {@link updateOnce}, re-read and retried on a Conflict (or a lost take-over) up to `conflictRetries` times. */
async function updateRetried(
  ctx: Context,
  kube: ObjectClient,
  owner: OwnerObject,
  desired: KubeObject,
  behaviour: ChildBehaviour,
  inSync?: (structure: FieldStructure | undefined) => void,
): Promise<ChildResult> {
  const retries = behaviour.conflictRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    try {
      return await updateOnce(ctx, kube, owner, desired, behaviour, inSync);
    } catch (e) {
      // A duplicate refused after a take-over: another writer put an item in our place again meanwhile.
      const raced = behaviour.takeOver !== undefined && isDuplicateRefusal(e);
      if (!(e instanceof ConflictError || raced)) throw e;
      if (attempt >= retries) throw raced ? await contested(ctx, kube, owner, desired, behaviour, attempt + 1, e) : e;
      ctx.logger.debug(
        { kind: desired.kind, name: desired.metadata.name, attempt: attempt + 1 },
        raced ? 'another writer raced the take-over: re-reading and retrying' : 'conflict: re-reading and retrying',
      );
    }
  }
}

function isDuplicateRefusal(e: unknown): e is InvalidError {
  return (
    e instanceof InvalidError &&
    e.causes.some((c) => c.reason === 'FieldValueDuplicate' || /duplicate value/i.test(c.message ?? ''))
  );
}

/** The error for a take-over lost every time: names the managers that own the items in our place now. */
async function contested(
  ctx: Context,
  kube: ObjectClient,
  owner: OwnerObject,
  desired: KubeObject,
  behaviour: ChildBehaviour,
  attempts: number,
  cause: InvalidError,
): Promise<ContestedItemsError> {
  const child = buildChild(owner, desired, behaviour);
  const live = await readFromServer(ctx, kube, child);
  const displaced = live && behaviour.takeOver ? behaviour.takeOver(live, child) : [];
  const managers = new Set<string>();
  for (const item of displaced)
    for (const m of managersOf((live?.metadata.managedFields ?? []) as ManagedFieldsEntry[], item))
      if (m !== ctx.fieldManager) managers.add(m);
  const list = displaced[0]?.list.join('.') ?? cause.causes[0]?.field?.replace(/\[\d+\].*$/, '') ?? '?';
  return new ContestedItemsError(location(child), list, [...managers].sort(), attempts, cause);
}

async function updateOnce(
  ctx: Context,
  kube: ObjectClient,
  owner: OwnerObject,
  desired: KubeObject,
  behaviour: ChildBehaviour,
  inSync?: (structure: FieldStructure | undefined) => void,
): Promise<ChildResult> {
  const base = buildChild(owner, desired, behaviour);
  const ref = refOf(base);
  const outcome = await readOrCreate(ctx, kube, owner, desired, behaviour, base);
  if ('created' in outcome) return outcome.created;
  const live = outcome.existing;
  assertControlled(live, owner, 'update');
  const child = behaviour.prepare ? buildChild(owner, behaviour.prepare(desired, live), behaviour) : base;
  const structure = await kube.schemaFor(child.apiVersion, child.kind, { signal: ctx.signal });
  const match = matchObject(child, live, { ...behaviour.match, structure });
  if (match.inSync) {
    inSync?.(structure);
    return { action: 'unchanged', object: live };
  }

  const immutable = behaviour.immutable?.(match.drifted, live, child) ?? [];
  if (immutable.length > 0) {
    if (!behaviour.recreate) throw new ImmutableFieldError(location(live), immutable);
    return recreate(ctx, kube, owner, desired, behaviour, live, match.drifted);
  }
  if (behaviour.takeOver) await takeOver(ctx, kube, live, child, behaviour.takeOver);
  try {
    const fieldsChanged = match.drifted.some((d) => d.reason === 'fields');
    const updated = await applyOwned(ctx, kube, child, live, fieldsChanged);
    ctx.logger.info(
      { kind: ref.kind, namespace: ref.namespace, name: ref.name, fields: match.drifted.map((d) => d.path) },
      ctx.desiredChanged ? 'updated child to the desired state' : 'corrected drift',
    );
    return { action: 'updated', object: updated, drifted: match.drifted };
  } catch (e) {
    if (!isImmutableRefusal(e)) throw e;
    if (!behaviour.recreate) throw new ImmutableFieldError(location(live), immutableFromError(e), e);
    return recreate(ctx, kube, owner, desired, behaviour, live, match.drifted);
  }
}

/**
 * Moves the ownership of the items `select` names to the field manager (see {@link ChildBehaviour.takeOver}).
 * No write when it names none or they are ours already. A copy without managedFields (informer caches drop
 * them) is read again from the server: a list, which no read cache answers.
 */
async function takeOver(
  ctx: Context,
  kube: ObjectClient,
  live: KubeObject,
  desired: KubeObject,
  select: NonNullable<ChildBehaviour['takeOver']>,
): Promise<void> {
  if (select(live, desired).length === 0) return;
  const current = await withManagedFields(ctx, kube, live);
  if (!current) return;
  const items = select(current, desired);
  const { managedFields, changed } = claimListItems(
    (current.metadata.managedFields ?? []) as ManagedFieldsEntry[],
    ctx.fieldManager,
    items,
    current.apiVersion,
  );
  if (items.length === 0 || !changed) return;
  await kube.patch(
    refOf(current),
    { metadata: { resourceVersion: current.metadata.resourceVersion, managedFields } },
    { type: 'merge', fieldManager: ctx.fieldManager, signal: ctx.signal },
  );
  ctx.logger.info(
    {
      kind: current.kind,
      namespace: current.metadata.namespace,
      name: current.metadata.name,
      items: items.map((i) => i.key),
    },
    'took over list items another manager added in place of ours',
  );
}

async function recreate(
  ctx: Context,
  kube: ObjectClient,
  owner: OwnerObject,
  desired: KubeObject,
  behaviour: ChildBehaviour,
  live: KubeObject,
  drifted: DriftedField[],
): Promise<ChildResult> {
  const ref = refOf(live);
  await kube.delete(ref, {
    propagationPolicy: 'Background',
    preconditions: { uid: live.metadata.uid ?? '' },
    signal: ctx.signal,
  });
  const child = buildChild(owner, behaviour.prepare ? behaviour.prepare(desired, undefined) : desired, behaviour);
  const created = await createObject(ctx, kube, child);
  ctx.logger.info(
    { kind: ref.kind, namespace: ref.namespace, name: ref.name },
    'recreated child to change an immutable field',
  );
  return { action: 'recreated', object: created, drifted };
}

/**
 * Deletes the child if `owner` controls it. Missing → nothing. Already being deleted (a `deletionTimestamp`,
 * finalizers holding it) → nothing sent, `{ action: 'deleting' }`. Controlled by someone else, or by nobody →
 * {@link OwnershipError}, the object is left untouched. A child the owner could never own (another namespace
 * than a namespaced owner's, or cluster-scoped under a namespaced owner) → {@link ValidationError} before any
 * request, as create and update refuse it. The delete carries a UID precondition, so a successor of the same
 * name created meanwhile is never deleted.
 *
 * `ref.namespace` undefined means a cluster-scoped kind unless `behaviour.clusterScoped` says otherwise.
 *
 * @example
 * await deleteChild(ctx, kube, website, { apiVersion: 'v1', kind: 'Service', namespace: 'shop', name: 'web-svc' });
 */
export async function deleteChild(
  ctx: Context,
  kube: ObjectClient,
  ownerLike: OwnerLike,
  ref: ObjectRef,
  behaviour: Pick<ChildBehaviour, 'clusterScoped'> = {},
): Promise<ChildResult> {
  const owner = asOwner(ownerLike);
  assertOwnable(owner, {
    kind: ref.kind,
    name: ref.name,
    namespace: ref.namespace,
    clusterScoped: behaviour.clusterScoped ?? ref.namespace === undefined,
  });
  for (let attempt = 0; ; attempt++) {
    const live = await kube.get(ref, { signal: ctx.signal });
    if (!live) return { action: 'absent' };
    assertControlled(live, owner, 'delete');
    if (live.metadata.deletionTimestamp) return { action: 'deleting', object: live };
    try {
      const deleted = await kube.delete(ref, {
        propagationPolicy: 'Background',
        preconditions: { uid: live.metadata.uid ?? '' },
        signal: ctx.signal,
      });
      if (deleted) ctx.logger.info({ kind: ref.kind, namespace: ref.namespace, name: ref.name }, 'deleted child');
      return { action: deleted ? 'deleted' : 'absent', object: live };
    } catch (e) {
      // A UID precondition failure: the object was replaced meanwhile by one that is not the one we checked.
      if (!(e instanceof ConflictError) || attempt >= 3) throw e;
    }
  }
}

/**
 * The children of a kind that `owner` controls: listed by the system labels, kept only when their
 * controller reference carries the owner's UID.
 *
 * @example
 * const services = await listOwnedChildren(ctx, kube, website, 'v1', 'Service');
 */
export async function listOwnedChildren(
  ctx: Context,
  kube: ObjectClient,
  ownerLike: OwnerLike,
  apiVersion: string,
  kind: string,
  options: { namespace?: string } = {},
): Promise<KubeObject[]> {
  const owner = asOwner(ownerLike);
  const { items } = await kube.list(apiVersion, kind, {
    namespace: options.namespace ?? owner.metadata.namespace,
    labelSelector: childSelector(owner.metadata.name),
    signal: ctx.signal,
  });
  return items.filter((item) => isControlledBy(item, owner));
}
