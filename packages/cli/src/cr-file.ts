/**
 * Custom resources read from a file (`render --cr website.yaml`): one or more YAML documents, each checked for
 * the fields a reconcile needs, with problems located by file and line.
 */
import type { KubeObject } from '@orkestra/core';
import type { Problem } from './exit-codes.js';
import { readYamlDocuments } from './yaml-documents.js';

/** Reads every CR of a YAML text; empty documents are skipped. */
export function parseCustomResources(text: string, file: string): { crs: KubeObject[]; problems: Problem[] } {
  const { documents, problems } = readYamlDocuments(text, file);
  const crs: KubeObject[] = [];
  for (const { index, value, location } of documents) {
    const obj = value as Partial<KubeObject>;
    const missing = [
      typeof obj.apiVersion === 'string' && obj.apiVersion ? undefined : 'apiVersion',
      typeof obj.kind === 'string' && obj.kind ? undefined : 'kind',
      typeof obj.metadata?.name === 'string' && obj.metadata.name ? undefined : 'metadata.name',
    ].filter((m): m is string => m !== undefined);
    if (typeof value !== 'object' || Array.isArray(value) || missing.length > 0) {
      problems.push({
        path: `(document ${index})`,
        message: `is not a Kubernetes object: it lacks ${missing.join(', ') || 'apiVersion, kind and metadata.name'}`,
        location,
      });
      continue;
    }
    crs.push(obj as KubeObject);
  }
  if (crs.length === 0 && problems.length === 0)
    problems.push({ path: '(file)', message: 'holds no custom resource', location: file });
  return { crs, problems };
}
