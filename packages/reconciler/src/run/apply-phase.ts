/**
 * 3. gate/apply by wave — the children in dependency order: each wave's children are applied together, a child
 * whose dependencies are not there (or not ready) yet waits, unwritten, and the status says on what. Each child
 * is created (`onCreate`) or updated (`onReconcile`) by its handler: read from the cache, written only on drift.
 */
import { type ChildResult, OwnershipError } from '@orkestra/core';
import { childKindOf } from '@orkestra/core/internal';
import { ChildGates, type GatedItem } from '../child-gates.js';
import { startInventory } from '../inventory/cr-inventory.js';
import type { PlannedChild } from '../plan.js';
import { childChanged } from '../reconcile-parts/child-changes.js';
import { childRef } from '../reconcile-parts/child-ref.js';
import type { RunParts } from '../reconcile-parts/run-parts.js';
import { type ChildRef, refKey } from '../refusals.js';
import type { RunState } from './run-state.js';

/** Applies the planned children wave by wave; fills in `lives`, `liveChildren`, `waiting`, `unresolved`, `failures`. */
export async function applyPhase(run: RunState): Promise<void> {
  const { parts, cr, desired, refs } = run;
  run.inventory = startInventory(parts, parts.configuredKinds, cr, refs, run.failures);
  const gates = new ChildGates(parts.templates.order, desired, run.deferred);
  const indexOf = new Map<GatedItem, number>(desired.map((child, i) => [child, i]));
  for (const wave of gates.waves()) {
    await Promise.all(
      wave.map(async (item) => {
        const gate = gates.gate(item, desired);
        if (gate.error !== undefined) return void run.failures.push(gate.error);
        if (!gate.child) return; // waits, not resolved yet
        let i = indexOf.get(item);
        if (i === undefined) {
          // Resolved now, from the children it reads: desired (never pruned), even while it waits.
          i = desired.push(gate.child) - 1;
          refs[i] = childRef(parts.kube.resources, cr, gate.child.handler, gate.child.spec);
        }
        if (gate.waiting !== undefined) return;
        await applyChild(run, gate.child, i);
        gates.settle(item, gate.child, run.lives[i]);
      }),
    );
  }
  parts.desiredMemo.settle(run.key, run.settledDesired, refs.map(refKey));
  parts.lastPlans.set(run.key, [...desired]);
  run.waiting = gates.waiting;
  run.unresolved = gates.unresolved;
  if (gates.waiting.length > 0) run.report.waiting = gates.waiting;
}

/** Applies the desired child `i`; a failure is recorded (report, failures), never thrown. */
async function applyChild(run: RunState, child: PlannedChild, i: number): Promise<void> {
  const { parts, report } = run;
  const { handler, spec } = child;
  const { kind } = childKindOf(handler, spec);
  const ref = run.refs[i]!;
  const id = refKey(ref);
  // A write now follows a change of the desired state (an update), or undoes someone else's change (drift).
  const desiredChanged = parts.desiredMemo.changed(run.key, id, spec) ?? run.crChanged;
  try {
    const result = await writeChild(run, child, ref, desiredChanged);
    run.settledDesired.set(id, spec);
    if (result.action !== 'unchanged') parts.ownWrites.record(result.object);
    if (result.action === 'created') prefetchSchema(parts, ref);
    report.children.push({ handler: handler.key, kind, name: spec.name, action: result.action });
    if (result.object) (run.liveChildren[handler.key] ??= {})[spec.name] = result.object;
    run.lives[i] = result.object;
    if (result.action !== 'unchanged') childChanged(parts, run.notes, run.key, kind, spec.name, result, desiredChanged);
  } catch (e) {
    run.failures.push(e);
    run.failedAt.set(e, i);
    const error = e instanceof Error ? e.message : String(e);
    report.children.push({ handler: handler.key, kind, name: spec.name, action: 'failed', error });
  }
}

/**
 * Creates or updates one child (`desiredChanged`: a write follows a change of its desired state — see
 * `DesiredMemo`). A refusal that still holds is answered from memory: no request while nothing
 * changed; a new ownership refusal is remembered (see {@link OwnershipRefusals}).
 */
async function writeChild(
  run: RunState,
  { phase, handler, spec, writeOptions }: PlannedChild,
  ref: ChildRef,
  desiredChanged: boolean,
): Promise<ChildResult> {
  const { parts, cr, key } = run;
  const refused = parts.refusals.current(key, cr, ref);
  if (refused) throw refused;
  const ctx = desiredChanged ? { ...parts.ctx, desiredChanged } : parts.ctx;
  try {
    return phase === 'onCreate'
      ? await handler.create(ctx, parts.kube, cr, spec, writeOptions)
      : await handler.update(ctx, parts.kube, cr, spec, writeOptions);
  } catch (e) {
    if (e instanceof OwnershipError) parts.refusals.remember(key, cr, ref, e);
    throw e;
  }
}

/**
 * Reads the schema the drift matcher will need for a kind whose first child was just created, in the
 * background: a new CR's next reconcile is its first resync (the echoes of its creates queue none), and that
 * one must cost no request. Once per kind; a failure leaves it to the matcher, which reads it when needed.
 */
function prefetchSchema(parts: RunParts, ref: ChildRef): void {
  const key = `${ref.apiVersion}/${ref.kind}`;
  if (parts.schemasRead.has(key)) return;
  parts.schemasRead.add(key);
  void parts.kube.schemaFor(ref.apiVersion, ref.kind).catch(() => parts.schemasRead.delete(key));
}
