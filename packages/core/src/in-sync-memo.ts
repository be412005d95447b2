/**
 * What a resource handler remembers between reconciles of an unchanged custom resource: the last time its
 * `update` (or `create`) found a child in sync, for which resolved spec, owner and version of the live child.
 * While all of them stay the same, the answer cannot change, so the next call answers `unchanged` from a look
 * at the read cache, without building the desired object again (owner references, system labels, the
 * applied-fields hash) or running the drift matcher — most of a steady-state reconcile's CPU time otherwise.
 *
 * An answer is kept only when nothing else went into it:
 * - the caller said the spec is memoisable ({@link ChildWriteOptions.memoisable}): it passes the same spec
 *   object, never changed in place, while it describes the same child — the reconciler's planner does, per CR
 *   version, so a resync of an unchanged CR passes the same objects;
 * - the same yielded fields ({@link ChildWriteOptions.yieldedFields}) as the answer's;
 * - the same owner object (an informer replaces the object on every change of the CR) and the same client;
 * - the desired object was built without reading other objects (`fromConfigMap`, `fromSecret`): their
 *   content is not part of the key, so such a child is matched on every call;
 * - the live child is still the version found in sync (uid and resourceVersion, from the client's cache:
 *   without a cache there is no answer), and the kind's field structure is the one it was matched with.
 */
import { type ChildBehaviour, type ChildResult, createChild, updateChildMatched } from './children.js';
import type { Context } from './context.js';
import type { ChildWriteOptions } from './contract.js';
import type { FieldStructure } from './field-structure.js';
import { childSelector } from './labels.js';
import type { ObjectClient } from './object-client.js';
import { type KubeObject, type ObjectRef, type OwnerObject, refOf } from './objects.js';

/** Selects every Orkestra child (what the lifecycle's read before a create asks the cache for). */
const ORKESTRA_CHILDREN = childSelector();

interface Answer {
  owner: OwnerObject;
  kube: ObjectClient;
  ref: ObjectRef;
  uid: string;
  resourceVersion: string;
  /** The fields left out of the object the answer was found for. */
  yieldedFields: readonly string[] | undefined;
  /** For an update's answer: the field structure the child was matched with. */
  matchedWith?: { structure: FieldStructure | undefined };
}

/** What a call found: the live child in sync (undefined: it was not, or it was written), and what matched it. */
export interface InSyncAnswer {
  /** The child the call found in sync, as read (not written). */
  live: KubeObject | undefined;
  /** For an update: the field structure the matcher used. */
  matchedWith?: { structure: FieldStructure | undefined };
}

/**
 * In-sync answers by resolved spec object (held weakly: an answer goes with its spec).
 *
 * @example
 * const memo = new InSyncMemo();
 * const live = await memo.recall(kube, owner, spec, options); // the live child when the last answer still holds
 * if (live) return { action: 'unchanged', object: live };
 * // … the call, then:
 * memo.remember(kube, owner, spec, options, { live: unchangedObject, matchedWith: { structure } }, pure);
 */
export class InSyncMemo {
  private readonly answers = new WeakMap<object, Answer>();

  /** The live child when the answer remembered for `spec` still holds; undefined when the call must run. */
  async recall(
    kube: ObjectClient,
    owner: OwnerObject,
    spec: object,
    options: ChildWriteOptions = {},
  ): Promise<KubeObject | undefined> {
    if (!options.memoisable) return undefined;
    const answer = this.answers.get(spec);
    if (
      !answer ||
      answer.owner !== owner ||
      answer.kube !== kube ||
      !sameFields(answer.yieldedFields, options.yieldedFields)
    )
      return undefined;
    const live = kube.peek(answer.ref, { labelSelector: ORKESTRA_CHILDREN })?.object;
    if (
      !live ||
      live.metadata.uid !== answer.uid ||
      live.metadata.resourceVersion !== answer.resourceVersion ||
      (answer.matchedWith &&
        (await kube.schemaFor(answer.ref.apiVersion, answer.ref.kind)) !== answer.matchedWith.structure)
    ) {
      this.answers.delete(spec);
      return undefined;
    }
    return live;
  }

  /**
   * Remembers what a call for `spec` with `options` found. Kept only for a memoisable spec, a desired object
   * built without reading other objects (`pure`), and a live child in sync with a uid and a resourceVersion;
   * otherwise any earlier answer for `spec` is dropped.
   */
  remember(
    kube: ObjectClient,
    owner: OwnerObject,
    spec: object,
    options: ChildWriteOptions,
    found: InSyncAnswer,
    pure: boolean,
  ): void {
    const { live } = found;
    const { uid, resourceVersion } = live?.metadata ?? {};
    if (!live || !pure || !uid || !resourceVersion || !options.memoisable) return void this.answers.delete(spec);
    this.answers.set(spec, {
      owner,
      kube,
      ref: refOf(live),
      uid,
      resourceVersion,
      yieldedFields: options.yieldedFields,
      ...(found.matchedWith ? { matchedWith: found.matchedWith } : {}),
    });
  }
}

/** What a handler builds for one write: the desired object, how the lifecycle treats its kind, and whether it
 * was built from the spec and owner alone (`pure`: no other object read). */
export interface BuiltChild {
  desired: KubeObject;
  behaviour: ChildBehaviour;
  pure: boolean;
}

/**
 * A handler's `create` and `update` through core's lifecycle, each with its last in-sync answer remembered per
 * memoisable spec ({@link InSyncMemo}): while it holds, a call answers `unchanged` from one cache look and `build`
 * is not called. `defineResource` uses it; a handler written without `defineResource` (the manifests one) keeps
 * one per module the same way.
 *
 * @example
 * const writes = new InSyncChildWrites();
 * export const update = (ctx, kube, owner, spec) =>
 *   writes.update(ctx, kube, asOwner(owner), spec, options, async () => ({ desired, behaviour, pure: true }));
 */
export class InSyncChildWrites {
  private readonly created = new InSyncMemo();
  private readonly updated = new InSyncMemo();

  /** `createChild` unless the last answer for `spec` still holds. */
  async create(
    ctx: Context,
    kube: ObjectClient,
    owner: OwnerObject,
    spec: object,
    options: ChildWriteOptions,
    build: () => Promise<BuiltChild>,
  ): Promise<ChildResult> {
    const known = await this.created.recall(kube, owner, spec, options);
    if (known) return { action: 'unchanged', object: known };
    const { desired, behaviour, pure } = await build();
    const result = await createChild(ctx, kube, owner, desired, behaviour);
    this.created.remember(kube, owner, spec, options, { live: unchangedObject(result) }, pure);
    return result;
  }

  /** `updateChild` unless the last answer for `spec` still holds; remembers the field structure it matched with. */
  async update(
    ctx: Context,
    kube: ObjectClient,
    owner: OwnerObject,
    spec: object,
    options: ChildWriteOptions,
    build: () => Promise<BuiltChild>,
  ): Promise<ChildResult> {
    const known = await this.updated.recall(kube, owner, spec, options);
    if (known) return { action: 'unchanged', object: known };
    const { desired, behaviour, pure } = await build();
    let matchedWith: { structure: FieldStructure | undefined } | undefined;
    const result = await updateChildMatched(ctx, kube, owner, desired, behaviour, (structure) => {
      matchedWith = { structure };
    });
    const live = matchedWith ? unchangedObject(result) : undefined;
    this.updated.remember(kube, owner, spec, options, { live, ...(matchedWith ? { matchedWith } : {}) }, pure);
    return result;
  }
}

/** The object of an `unchanged` result (what was read and found in sync); undefined for any other action. */
function unchangedObject(result: ChildResult): KubeObject | undefined {
  return result.action === 'unchanged' ? result.object : undefined;
}

/** Whether two lists of yielded fields are the same (absent and empty are). */
function sameFields(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if ((a?.length ?? 0) !== (b?.length ?? 0)) return false;
  return (a ?? []).every((field, i) => field === b?.[i]);
}
