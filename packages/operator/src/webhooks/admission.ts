/**
 * The `validate` and `default` hooks of a reconciler configuration, answering AdmissionReviews
 * (`admission.k8s.io/v1`): a refusal is `allowed: false` with the hook's message (what `kubectl apply` prints),
 * a default is a JSON patch computed by fast-json-patch's `compare` from the CR before and after the hook.
 */
import { type Logger, OrkestraError, type OwnerObject } from '@orkestra/core';
import { CacheReadError, type CacheReader, type HookContext, type ReconcilerConfig } from '@orkestra/reconciler';
import jsonpatch from 'fast-json-patch';
import type { AdmissionHookName } from './configurations.js';
import { ReviewError } from './server.js';

/** The parts of an AdmissionReview's request the hooks use. */
interface AdmissionRequest {
  uid: string;
  operation?: string;
  object?: OwnerObject;
  dryRun?: boolean;
}

/** An admission hook is opted in without its hook, or a default hook is set without the opt-in. */
export class AdmissionWebhookConfigError extends OrkestraError {
  constructor(message: string) {
    super('Config', message);
    this.name = 'AdmissionWebhookConfigError';
  }
}

/** At admission the caches are not there (they are the leader's, and may lag): every read throws, saying so. */
const noReads = (): never => {
  throw new CacheReadError(
    'ctx.reader is not available at admission (a webhook answers from the object alone, on every replica): read ' +
      'nothing in a hook served as a webhook',
  );
};
const admissionReader: CacheReader = { get: noReads, list: noReads };

/** Fields a `default` hook may change: JSON pointers it may patch under. */
const PATCHABLE = ['/spec', '/metadata/labels', '/metadata/annotations'];

/** `{apiVersion, kind, response}` of a review answer. */
function answer(uid: string, response: Record<string, unknown>): unknown {
  return { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid, ...response } };
}

function refuse(uid: string, message: string, code = 403): unknown {
  return answer(uid, {
    allowed: false,
    status: { code, reason: code === 403 ? 'Forbidden' : 'InternalError', message },
  });
}

/**
 * The request of a review; throws {@link ReviewError} (the server answers 400) on something that is not an
 * AdmissionReview v1 with a request, saying what is wrong.
 */
function requestOf(review: unknown): AdmissionRequest {
  const r = review as { apiVersion?: unknown; kind?: unknown; request?: AdmissionRequest } | null;
  if (r?.kind !== 'AdmissionReview' || r.apiVersion !== 'admission.k8s.io/v1')
    throw new ReviewError(
      `expected an admission.k8s.io/v1 AdmissionReview, got ${describeKind(r?.apiVersion, r?.kind)}`,
    );
  if (typeof r.request?.uid !== 'string') throw new ReviewError('the AdmissionReview has no request with a uid');
  return r.request;
}

/** `apps/v1 Deployment`, or what is missing, for messages (never the body itself). */
function describeKind(apiVersion: unknown, kind: unknown): string {
  const text = (v: unknown, what: string) => (typeof v === 'string' ? v.slice(0, 100) : `no ${what}`);
  return `${text(apiVersion, 'apiVersion')} ${text(kind, 'kind')}`;
}

/**
 * Checks that every hook opted in at admission is set, and that a `default` hook is opted in (it runs nowhere
 * else); throws {@link AdmissionWebhookConfigError} naming the kind and what to do.
 */
export function checkAdmissionHooks(config: Pick<ReconcilerConfig, 'owner' | 'hooks' | 'webhooks'>): void {
  const kind = `${config.owner.kind} (${config.owner.plural}.${config.owner.group})`;
  for (const hook of ['validate', 'default'] as const)
    if (config.webhooks?.[hook] && !config.hooks?.[hook])
      throw new AdmissionWebhookConfigError(
        `${kind}: webhooks.${hook} is set but there is no hooks.${hook} to serve: add the hook, or drop ` +
          `webhooks.${hook}`,
      );
  if (config.hooks?.default && !config.webhooks?.default)
    throw new AdmissionWebhookConfigError(
      `${kind}: hooks.default runs only at admission: set webhooks: { default: true } (the Manager then serves it as ` +
        `a mutating webhook)`,
    );
}

/**
 * The handler of `hook` of `config`, as a webhook route takes it. `validate`: the hook's message refuses
 * (403 Forbidden); `undefined` allows. `default`: the hook's changes as a JSON patch; a change outside `spec`,
 * `metadata.labels` and `metadata.annotations` refuses. A hook that throws refuses with its message (code 500).
 */
export function admissionHandler(
  config: Pick<ReconcilerConfig, 'owner' | 'hooks'>,
  hook: AdmissionHookName,
  logger: Logger,
): (review: unknown) => Promise<unknown> {
  return async (review) => {
    const request = requestOf(review);
    const cr = request.object;
    if (!cr) return answer(request.uid, { allowed: true });
    const ctx: HookContext = { reader: admissionReader, signal: AbortSignal.timeout(30_000), logger };
    try {
      return hook === 'validate'
        ? await validated(config, request.uid, cr, ctx)
        : await defaulted(config, request.uid, cr, ctx);
    } catch (e) {
      const message = `${hook} hook failed: ${e instanceof Error ? e.message : String(e)}`;
      logger.warn({ kind: config.owner.kind, name: cr.metadata?.name, hook }, message);
      return refuse(request.uid, message, 500);
    }
  };
}

async function validated(config: Pick<ReconcilerConfig, 'hooks'>, uid: string, cr: OwnerObject, ctx: HookContext) {
  const message = await config.hooks?.validate?.(cr, ctx);
  return message === undefined ? answer(uid, { allowed: true }) : refuse(uid, message);
}

async function defaulted(config: Pick<ReconcilerConfig, 'hooks'>, uid: string, cr: OwnerObject, ctx: HookContext) {
  const copy = structuredClone(cr);
  const returned = await config.hooks?.default?.(copy, ctx);
  const patch = jsonpatch.compare(cr, returned ?? copy);
  if (patch.length === 0) return answer(uid, { allowed: true });
  const outside = patch.find((op) => !PATCHABLE.some((p) => op.path === p || op.path.startsWith(`${p}/`)));
  if (outside)
    return refuse(
      uid,
      `default hook changed ${outside.path.slice(1).replaceAll('/', '.')}: only spec, metadata.labels and ` +
        `metadata.annotations may be defaulted`,
      500,
    );
  return answer(uid, {
    allowed: true,
    patchType: 'JSONPatch',
    patch: Buffer.from(JSON.stringify(patch), 'utf8').toString('base64'),
  });
}
