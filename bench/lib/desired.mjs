// Desired child objects built exactly as the reconciler builds them (template → handler.resolve →
// handler.desired), for the floor and the reference strategies, so all compare the same objects.
import { createTemplateEngine } from '@orkestra/template';
import { handlers, resources } from './workload.mjs';

export function desiredBuilder() {
  const engine = createTemplateEngine();
  const items = [];
  for (const h of handlers) {
    for (const [i, source] of (resources[h.key]?.onReconcile ?? []).entries()) {
      items.push({ handler: h, compiled: engine.compile(source, { field: `${h.key}[${i}]` }) });
    }
  }
  /** The desired objects of one CR. */
  return (cr) =>
    Promise.all(
      items.map(({ handler, compiled }) =>
        handler.desired(cr, handler.resolve(compiled.resolve(cr), cr.metadata.name)),
      ),
    );
}
