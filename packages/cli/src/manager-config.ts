/**
 * From a loaded katalog to the Manager of @orkestra/operator: one reconciler configuration per owner kind
 * (what `run` and `demo` hand over), each with its place in the katalog file.
 */
import type { ManagedReconcilerConfig } from '@orkestra/operator';
import { katalogSource } from '@orkestra/reconciler/internal';
import type { LoadedKatalog } from './katalog-file.js';

/** The reconciler configurations of a katalog; `namespaces`, when not empty, overrides the katalog's. */
export function reconcilerConfigs(loaded: LoadedKatalog, namespaces?: readonly string[]): ManagedReconcilerConfig[] {
  return loaded.katalog.entries.map((entry, i) => ({
    ...entry,
    // Start-up problems then name the katalog's paths and lines, as validate does.
    origin: katalogSource(loaded.locator, i),
    ...(namespaces?.length ? { namespaces: [...namespaces] } : {}),
    handlers: Object.keys(entry.resources).map((k) => loaded.handlers.get(k)!),
    templateEngine: loaded.engine,
  }));
}
