/**
 * Custom resources read from a file (`render --cr website.yaml`): one or more YAML documents, each checked for
 * the fields a reconcile needs, with problems located by file and line.
 */
import { LineCounter, parseAllDocuments } from 'yaml';
import type { KubeObject } from '@orkestra/core';
import type { Problem } from './exit-codes.js';

/** Reads every CR of a YAML text; empty documents are skipped. */
export function parseCustomResources(text: string, file: string): { crs: KubeObject[]; problems: Problem[] } {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, prettyErrors: true });
  const crs: KubeObject[] = [];
  const problems: Problem[] = [];
  const list = Array.isArray(docs) ? docs : [docs];
  list.forEach((doc, i) => {
    const at = (offset: number | undefined) => {
      if (offset === undefined) return `${file}`;
      const { line, col } = lines.linePos(offset);
      return `${file}:${line}:${col}`;
    };
    if (doc.errors.length > 0) {
      for (const e of doc.errors) problems.push({ path: `(yaml document ${i + 1})`, message: e.message.split('\n')[0] ?? e.message, hint: 'fix the YAML syntax', location: at(e.pos[0]) });
      return;
    }
    const value = doc.toJS() as unknown;
    if (value === null || value === undefined) return;
    const location = at(doc.contents?.range?.[0]);
    const obj = value as Partial<KubeObject>;
    const missing = [
      typeof obj.apiVersion === 'string' && obj.apiVersion ? undefined : 'apiVersion',
      typeof obj.kind === 'string' && obj.kind ? undefined : 'kind',
      typeof obj.metadata?.name === 'string' && obj.metadata.name ? undefined : 'metadata.name',
    ].filter((m): m is string => m !== undefined);
    if (typeof value !== 'object' || Array.isArray(value) || missing.length > 0) {
      problems.push({ path: `(document ${i + 1})`, message: `is not a Kubernetes object: it lacks ${missing.join(', ') || 'apiVersion, kind and metadata.name'}`, location });
      return;
    }
    crs.push(obj as KubeObject);
  });
  if (crs.length === 0 && problems.length === 0) problems.push({ path: '(file)', message: 'holds no custom resource', location: file });
  return { crs, problems };
}
