/**
 * The field structures the API server publishes for its kinds, read from its OpenAPI v3 documents
 * (`GET /openapi/v3/apis/<group>/<version>`, `GET /openapi/v3/api/v1`) and kept for the life of the client:
 * one request per group-version per process, so a converged child's update stays free of requests.
 */
import { type FieldStructure, fieldStructuresOf, kindKey, type OpenApiDocument } from '../field-structure.js';

/** Reads one OpenAPI v3 document by URL path; `undefined` when the server has none there (404). */
export type OpenApiReader = (path: string, signal?: AbortSignal) => Promise<OpenApiDocument | undefined>;

/** The OpenAPI v3 document path of a group-version: `apps/v1` → `/openapi/v3/apis/apps/v1`. */
export function openApiPath(apiVersion: string): string {
  return apiVersion.includes('/') ? `/openapi/v3/apis/${apiVersion}` : `/openapi/v3/api/${apiVersion}`;
}

/**
 * How long a kind missing from its group-version's document is answered `undefined` before the document is read again.
 */
export const SCHEMA_MISS_RETRY_MS = 30_000;

/**
 * A per-client cache of field structures by group-version. A kind missing from a document read earlier (its
 * CRD installed since — the API server publishes a new CRD's schema a moment after it is established) makes
 * it read the document again, at most once per {@link SCHEMA_MISS_RETRY_MS} per kind.
 *
 * A document is never re-read for a kind it has: a CRD whose schema changes while the process runs is seen
 * with its old schema until the process restarts (fields new to it are not compared meanwhile).
 */
export class SchemaCache {
  private readonly documents = new Map<string, Promise<Map<string, FieldStructure>>>();
  private readonly misses = new Map<string, number>();

  constructor(
    private readonly read: OpenApiReader,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The structure of `apiVersion`/`kind`, or `undefined` when the server publishes no schema for it
   * (an aggregated API without OpenAPI). Failures to read are thrown, and the next call tries again.
   */
  async schemaFor(apiVersion: string, kind: string, signal?: AbortSignal): Promise<FieldStructure | undefined> {
    const key = kindKey(apiVersion, kind);
    const pending = this.documents.get(apiVersion);
    const found = (await this.groupVersion(apiVersion, signal)).get(key);
    if (found) return found;
    const missed = this.misses.get(key);
    // A document read just now for this call is fresh: no second read.
    if (!pending || (missed !== undefined && this.now() - missed < SCHEMA_MISS_RETRY_MS)) {
      if (missed === undefined) this.misses.set(key, this.now());
      return undefined;
    }
    this.misses.set(key, this.now());
    if (this.documents.get(apiVersion) === pending) this.documents.delete(apiVersion);
    return (await this.groupVersion(apiVersion, signal)).get(key);
  }

  private groupVersion(apiVersion: string, signal: AbortSignal | undefined): Promise<Map<string, FieldStructure>> {
    let pending = this.documents.get(apiVersion);
    if (!pending) {
      pending = this.read(openApiPath(apiVersion), signal).then((doc) =>
        doc ? fieldStructuresOf(doc) : new Map<string, FieldStructure>(),
      );
      this.documents.set(apiVersion, pending);
      pending.catch(() => {
        if (this.documents.get(apiVersion) === pending) this.documents.delete(apiVersion);
      });
    }
    return pending;
  }
}
