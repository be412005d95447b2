/**
 * Which code hooks also run at admission, as webhooks the Manager of `@orkestra/operator` serves: the
 * `validate` hook as a validating webhook (a bad CR is refused at `kubectl apply`, not only reported after),
 * the `default` hook as a mutating one. Opt-in per hook, since a webhook puts the operator on the API server's
 * path for every create and update of the kind.
 */

/** How the API server calls one webhook. */
export interface WebhookSettings {
  /**
   * What the API server does when the webhook cannot be reached or times out: `Fail` refuses the request (the
   * default: a check that is skipped when the operator is down is no check), `Ignore` lets it through.
   */
  failurePolicy?: 'Fail' | 'Ignore';
  /**
   * How long the API server waits for an answer, 1–30 s; default 10 (a hook reads no cluster state, so it answers in
   * ms).
   */
  timeoutSeconds?: number;
}

/** The hooks served at admission (see {@link WebhookSettings}); `true` takes the defaults. */
export interface AdmissionWebhooks {
  /** `hooks.validate` as a validating webhook; it still runs in every reconcile too. */
  validate?: boolean | WebhookSettings;
  /** `hooks.default` as a mutating webhook: it runs only at admission. */
  default?: boolean | WebhookSettings;
}
