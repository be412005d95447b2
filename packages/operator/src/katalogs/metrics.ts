/**
 * Per-Katalog metrics, beside the Manager's per-kind ones (which the Katalogs' reconcilers feed too):
 *
 * | metric | type | labels |
 * |---|---|---|
 * | `orkestra_katalog_ready` | gauge | `katalog` (`<ns>/<name>`): 1 when its newest spec serves, 0 when refused |
 * | `orkestra_katalog_revision` | gauge | `katalog`: the revision served (absent while none serves) |
 * | `orkestra_katalog_instances` | gauge | `katalog`: instances of its kinds |
 *
 * A deleted Katalog's series are removed.
 */

import { Gauge, type Registry } from 'prom-client';
import type { KatalogState } from './status.js';

export class KatalogMetrics {
  private readonly ready: Gauge<'katalog'>;
  private readonly revision: Gauge<'katalog'>;
  private readonly instances: Gauge<'katalog'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.ready = new Gauge({
      name: 'orkestra_katalog_ready',
      help: 'Whether the newest spec of a Katalog serves (1) or is refused (0), by Katalog.',
      labelNames: ['katalog'],
      registers,
    });
    this.revision = new Gauge({
      name: 'orkestra_katalog_revision',
      help: 'The revision a Katalog serves, by Katalog.',
      labelNames: ['katalog'],
      registers,
    });
    this.instances = new Gauge({
      name: 'orkestra_katalog_instances',
      help: "Instances of a Katalog's kinds, by Katalog.",
      labelNames: ['katalog'],
      registers,
    });
  }

  /** Records what the runtime says of Katalog `katalog` now. */
  set(katalog: string, state: KatalogState): void {
    this.ready.set({ katalog }, state.ready ? 1 : 0);
    if (state.revision === undefined) this.revision.remove({ katalog });
    else this.revision.set({ katalog }, state.revision);
    if (state.instances === undefined) this.instances.remove({ katalog });
    else this.instances.set({ katalog }, state.instances);
  }

  /** Drops the series of a deleted Katalog. */
  remove(katalog: string): void {
    for (const gauge of [this.ready, this.revision, this.instances]) gauge.remove({ katalog });
  }
}
