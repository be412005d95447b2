/**
 * client-node's `KubernetesObjectApi`, sending and answering plain JSON. Every request goes through the object
 * API's own machinery — its `Configuration` as `KubeConfig.makeApiClient` builds it: the kubeconfig's
 * authentication (tokens, client certificates, exec plugins, auth-providers), proxy and TLS settings, its
 * middleware (User-Agent) and undici's `fetch` — but bodies are sent as given and answers kept as they came.
 *
 * Why not the object API's `create` / `read` / `patch` themselves: they pass objects through client-node's model
 * serializer, which drops every field its models lack (a field newer than the library, a misspelt field the
 * server would refuse under `fieldValidation: Strict`), answers with `Date`s for timestamps (so a read object no
 * longer compares with a written one), and takes no abort signal; nor do they reach subresources (`/status`).
 * `processResponse` and `requestPromise` are the object API's extension points (protected) for this.
 */
import {
  ApiException,
  HttpMethod,
  type KubernetesObject,
  KubernetesObjectApi,
  type ResponseContext,
} from '@kubernetes/client-node';
import type { ObjectRequest } from '../kube/object-requests.js';

/** The answer of a non-2xx request: the status, the raw body (text, as client-node's `ApiException`) and headers. */
export type JsonApiException = ApiException<string>;

export class JsonObjectApi extends KubernetesObjectApi {
  /**
   * Sends `request` (its path relative to the server's URL) with the object API's configuration. Resolves with
   * the parsed JSON answer (undefined when empty); rejects with an `ApiException` whose `body` is the answer's
   * text for a non-2xx status, or with what `fetch` threw.
   */
  sendJson<T>(request: ObjectRequest, signal: AbortSignal): Promise<T> {
    const context = this.configuration.baseServer.makeRequestContext(request.path, HttpMethod[request.method]);
    context.setHeaderParam('Accept', 'application/json');
    for (const [key, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) context.setQueryParam(key, String(value));
    if (request.body !== undefined) {
      context.setHeaderParam('Content-Type', request.contentType ?? 'application/json');
      context.setBody(JSON.stringify(request.body));
    }
    context.setSignal(signal);
    return this.requestPromise(context) as Promise<T>;
  }

  protected override async processResponse<T extends KubernetesObject>(response: ResponseContext): Promise<T> {
    const text = await response.body.text();
    if (response.httpStatusCode >= 200 && response.httpStatusCode <= 299)
      return (text ? JSON.parse(text) : undefined) as T;
    throw new ApiException<string>(response.httpStatusCode, 'Unsuccessful HTTP Request', text, response.headers);
  }
}
