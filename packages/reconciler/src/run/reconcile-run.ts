/**
 * One reconcile of one live CR, as numbered phases over its {@link RunState}:
 *
 * 1. validate — the `validate` hook may refuse the CR;
 * 2. plan — every child resolved and checked (templates, forEach, when, the `children` hook); any problem
 *    writes nothing but the status and a Warning Event;
 * 3. apply — wave by wave in dependency order, each child whose dependencies are ready is created or updated
 *    (read from the cache, written only on drift);
 * 4. prune — owned children no longer desired, then children of kinds the configuration lost;
 * 5. events — one Normal Event per kind of change;
 * 6. status — `Synced`/`Ready`, observedGeneration and status fields, patched only when they change.
 */
import { applyPhase } from './apply-phase.js';
import { eventsPhase } from './events-phase.js';
import { planPhase } from './plan-phase.js';
import { prunePhase } from './prune-phase.js';
import { RunState } from './run-state.js';
import { statusPhase } from './status-phase.js';
import { validatePhase } from './validate-phase.js';

/**
 * One reconcile of a live (not deleted) CR: its state as fields, its phases as methods, {@link run} calls them in
 * order. Built for one reconcile and dropped after it.
 *
 * @example
 * await new ReconcileRun(parts, cr, report, hooks).run();   // report says what it did
 */
export class ReconcileRun extends RunState {
  /** Runs the phases in order; a phase that refuses the CR (validate, plan) ends the reconcile. */
  async run(): Promise<void> {
    if (!(await this.validate())) return;
    if (!(await this.plan())) return;
    await this.apply();
    await this.prune();
    await this.events();
    await this.status();
  }

  /** 1. The `validate` hook; false when the CR is refused (the status says why). */
  validate(): Promise<boolean> {
    return validatePhase(this);
  }

  /** 2. Plans every child; false when a problem stops the reconcile before any write but the status. */
  plan(): Promise<boolean> {
    return planPhase(this);
  }

  /** 3. Creates or updates the children wave by wave, each once what it depends on is ready. */
  apply(): Promise<void> {
    return applyPhase(this);
  }

  /** 4. Deletes the owned children no longer desired, and those of kinds no longer configured. */
  prune(): Promise<void> {
    return prunePhase(this);
  }

  /** 5. Sends one Normal Event per kind of change. */
  events(): Promise<void> {
    return eventsPhase(this);
  }

  /** 6. Writes the status when it changed, and concludes the report. */
  status(): Promise<void> {
    return statusPhase(this);
  }
}
