/** The conversion webhook's work: a ConversionReview (apiextensions.k8s.io/v1) in, its response out. */

import type { VersionedObject } from '../owner-api.js';
import type { OwnerConverter } from './converter.js';

/** A ConversionReview as the API server sends it (`request`) and takes it back (`response`). */
export interface ConversionReview {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'ConversionReview';
  request?: { uid: string; desiredAPIVersion: string; objects: VersionedObject[] };
  response?: {
    uid: string;
    result: { status: 'Success' } | { status: 'Failure'; message: string };
    convertedObjects: VersionedObject[];
  };
}

const failure = (uid: string, message: string): ConversionReview => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'ConversionReview',
  response: { uid, result: { status: 'Failure', message }, convertedObjects: [] },
});

/**
 * Answers the ConversionReview `review` (v1) with `converter`: every object converted to
 * `request.desiredAPIVersion`, in order. One object that cannot be converted fails the whole review (`result:
 * Failure` with its message, no objects: the API server then refuses the request that needed it); so does a
 * review that is not a v1 ConversionReview with a request. Never throws. Pure.
 *
 * @example
 * const response = reviewConversion(JSON.parse(body), ownerConverter(owner, api));
 */
export function reviewConversion(review: unknown, converter: OwnerConverter): ConversionReview {
  const r = review as Partial<ConversionReview> | null;
  const request = r?.request;
  const uid = typeof request?.uid === 'string' ? request.uid : '';
  if (
    r?.apiVersion !== 'apiextensions.k8s.io/v1' ||
    r.kind !== 'ConversionReview' ||
    !request ||
    typeof request.desiredAPIVersion !== 'string' ||
    !Array.isArray(request.objects)
  )
    return failure(
      uid,
      'not a ConversionReview of apiextensions.k8s.io/v1 with request.desiredAPIVersion and request.objects; set ' +
        'conversionReviewVersions: [v1] in the CRD',
    );
  const convertedObjects: VersionedObject[] = [];
  for (const object of request.objects) {
    try {
      convertedObjects.push(converter.convert(object, request.desiredAPIVersion));
    } catch (e) {
      return failure(uid, e instanceof Error ? e.message : String(e));
    }
  }
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    response: { uid, result: { status: 'Success' }, convertedObjects },
  };
}
