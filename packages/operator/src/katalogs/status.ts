/**
 * A Katalog's status: `Ready` (True: the newest spec is served; False: it is refused, with why, and which
 * revision still serves), the revision served, the kinds, the instances, the problems of the refused spec.
 * Written only when it changes, so a resync of a Katalog that serves costs no request.
 */

import { deepEqual } from '@orkestra/core/internal';
import type { KatalogObject, KatalogProblem } from './compile.js';

/** The status fields the runtime owns. */
export interface KatalogStatus {
  observedGeneration?: number | undefined;
  revision?: number | undefined;
  instances?: number | undefined;
  kinds?: string[] | undefined;
  problems?: KatalogProblem[] | undefined;
  conditions?: Condition[];
}

interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime?: string;
  observedGeneration?: number;
}

/** What the runtime says of a Katalog now. */
export interface KatalogState {
  ready: boolean;
  reason: string;
  message: string;
  revision: number | undefined;
  instances: number | undefined;
  kinds: string[];
  problems: KatalogProblem[];
}

/** One line per problem: `spec.crds[0].owner: the kind … (hint)`. */
export function problemLines(problems: readonly KatalogProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`).join('; ');
}

/** The status patch of `katalog` for `state`, or undefined when its status says so already. */
export function katalogStatusPatch(
  katalog: KatalogObject & { status?: KatalogStatus },
  state: KatalogState,
  now: Date,
): KatalogStatus | undefined {
  const old = katalog.status ?? {};
  const previous = old.conditions?.find((c) => c.type === 'Ready');
  const status = state.ready ? 'True' : 'False';
  const ready: Condition = {
    type: 'Ready',
    status,
    reason: state.reason,
    message: state.message,
    lastTransitionTime:
      previous?.status === status && previous.lastTransitionTime ? previous.lastTransitionTime : now.toISOString(),
    observedGeneration: katalog.metadata.generation ?? 0,
  };
  const wanted: KatalogStatus = {
    observedGeneration: katalog.metadata.generation ?? 0,
    revision: state.revision,
    instances: state.instances,
    kinds: state.kinds,
    problems: state.problems,
    conditions: [ready],
  };
  const current: KatalogStatus = {
    observedGeneration: old.observedGeneration,
    revision: old.revision,
    instances: old.instances,
    kinds: old.kinds ?? [],
    problems: old.problems ?? [],
    conditions: previous ? [previous] : [],
  };
  if (deepEqual(JSON.parse(JSON.stringify(current)), JSON.parse(JSON.stringify(wanted)))) return undefined;
  // A merge patch: null removes what the state no longer has.
  return { ...wanted, revision: state.revision ?? (null as never), instances: state.instances ?? (null as never) };
}
