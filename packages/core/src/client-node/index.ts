/**
 * `@orkestra/core/client-node`: what core offers users of `@kubernetes/client-node` — a second `ObjectClient`
 * that sends through client-node ({@link ClientNodeObjectClient}), and conversions between core's plain objects
 * and client-node's models ({@link toModel}, {@link fromModel}).
 *
 * This entry imports `@kubernetes/client-node` (an optional peer dependency of core: install it to use this
 * entry) and so costs its import's memory; `@orkestra/core` and `@orkestra/core/kube` never load it.
 */
export { fromModel, toModel } from './models.js';
export { ClientNodeObjectClient, type ClientNodeObjectClientOptions } from './object-client.js';
