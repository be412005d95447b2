/**
 * The field structures the API server publishes for its kinds, read from its OpenAPI v3 documents
 * (`GET /openapi/v3/apis/<group>/<version>`, `GET /openapi/v3/api/v1`) and kept for the life of the client:
 * one request per group-version per process, so a converged child's update stays free of requests.
 */
import { fieldStructuresOf, kindKey, type FieldStructure, type OpenApiDocument } from './field-structure.js';

/** Reads one OpenAPI v3 document by URL path; `undefined` when the server has none there (404). */
export type OpenApiReader = (path: string, signal?: AbortSignal) => Promise<OpenApiDocument | undefined>;

/** The OpenAPI v3 document path of a group-version: `apps/v1` → `/openapi/v3/apis/apps/v1`. */
export function openApiPath(apiVersion: string): string {
  return apiVersion.includes('/') ? `/openapi/v3/apis/${apiVersion}` : `/openapi/v3/api/${apiVersion}`;
}

/**
 * A per-client cache of field structures by group-version. A kind missing from a document read earlier
 * (its CRD installed since, or a new version served) makes it read the document once more, once per kind.
 */
export class SchemaCache {
  private readonly documents = new Map<string, Promise<Map<string, FieldStructure>>>();
  private readonly reread = new Set<string>();

  constructor(private readonly read: OpenApiReader) {}

  /**
   * The structure of `apiVersion`/`kind`, or `undefined` when the server publishes no schema for it
   * (an aggregated API without OpenAPI). Failures to read are thrown, and the next call tries again.
   */
  async schemaFor(apiVersion: string, kind: string, signal?: AbortSignal): Promise<FieldStructure | undefined> {
    const key = kindKey(apiVersion, kind);
    const found = (await this.groupVersion(apiVersion, signal)).get(key);
    if (found || this.reread.has(key)) return found;
    this.reread.add(key);
    this.documents.delete(apiVersion);
    return (await this.groupVersion(apiVersion, signal)).get(key);
  }

  private groupVersion(apiVersion: string, signal: AbortSignal | undefined): Promise<Map<string, FieldStructure>> {
    let pending = this.documents.get(apiVersion);
    if (!pending) {
      pending = this.read(openApiPath(apiVersion), signal).then((doc) => (doc ? fieldStructuresOf(doc) : new Map<string, FieldStructure>()));
      this.documents.set(apiVersion, pending);
      pending.catch(() => {
        if (this.documents.get(apiVersion) === pending) this.documents.delete(apiVersion);
      });
    }
    return pending;
  }
}
