/**
 * Which REST resource serves a kind: its plural and whether it is namespaced. Every built-in kind of Kubernetes
 * is known up front ({@link BUILT_IN_KINDS}); any other kind is looked up once per apiVersion through discovery
 * (`GET /api/v1` or `GET /apis/<group>/<version>`) and cached.
 */

import type { ResourceInfo } from '../object-client.js';
import { BUILT_IN_KINDS } from './built-in-kinds.js';

/** `apps/v1` → `/apis/apps/v1`; `v1` → `/api/v1`. */
export function groupVersionPath(apiVersion: string): string {
  return apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
}

/** The URL path of a collection or of one object of it. */
export function resourcePath(
  info: ResourceInfo,
  namespace: string | undefined,
  name?: string,
  subresource?: string,
): string {
  let path = groupVersionPath(info.apiVersion);
  if (info.namespaced && namespace) path += `/namespaces/${encodeURIComponent(namespace)}`;
  path += `/${info.plural}`;
  if (name !== undefined) path += `/${encodeURIComponent(name)}`;
  if (subresource) path += `/${subresource}`;
  return path;
}

/** A cache of {@link ResourceInfo} by apiVersion and kind, seeded with the built-in kinds of Kubernetes. */
export class ResourceRegistry {
  private readonly byKey = new Map<string, ResourceInfo>();

  constructor() {
    for (const info of BUILT_IN_KINDS) this.register(info);
  }

  /** Adds or replaces what is known of a kind (handlers register theirs, saving a discovery request). */
  register(info: ResourceInfo): void {
    this.byKey.set(`${info.apiVersion}/${info.kind}`, info);
  }

  /** What is known of a kind (built in, registered or discovered); undefined when nothing is: never a guess. */
  lookup(apiVersion: string, kind: string): ResourceInfo | undefined {
    return this.byKey.get(`${apiVersion}/${kind}`);
  }

  /** Records every top-level resource of a discovery answer (`APIResourceList`). */
  registerDiscovery(
    apiVersion: string,
    list: { resources?: { name: string; kind: string; namespaced: boolean }[] },
  ): void {
    for (const r of list.resources ?? []) {
      if (r.name.includes('/')) continue; // subresources such as deployments/status
      if (!this.lookup(apiVersion, r.kind))
        this.register({ apiVersion, kind: r.kind, plural: r.name, namespaced: r.namespaced });
    }
  }
}
