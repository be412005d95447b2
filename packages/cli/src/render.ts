/**
 * `orkestra render`: the objects `run` would apply for a CR, with no cluster (like `helm template`). Each child
 * is resolved exactly as the reconciler resolves it (see plan.ts), then built by the handler's `desired` and
 * core's `buildChild`: owner reference, system labels and the applied-fields annotation are the ones applied.
 */

import {
  type KubeObject,
  OrkestraError,
  type OwnerObject,
  REDACTED,
  redactPaths,
  sensitivePathsOf,
} from '@orkestra/core';
import { childKindOf, deepEqual } from '@orkestra/core/internal';
import { CliError, ExitCode, type Problem } from './exit-codes.js';
import type { LoadedKatalog } from './katalog-file.js';
import { appliedObject, ChildPlan, type PlannedChild, problemsOf } from './plan.js';
import { yaml } from './yaml-module.js';

/** The owner UID used when the CR file has none. */
export const PLACEHOLDER_UID = '00000000-0000-0000-0000-000000000000';
/** What a value drawn at random on every render (a generated Secret key) is shown as. */
export const GENERATED = '[generated when created, then kept]';

/** One rendered object. */
export interface RenderedObject {
  /** The katalog path of its template. */
  source: string;
  handler: string;
  object: KubeObject;
}

/** What `render` produced. */
export interface RenderResult {
  objects: RenderedObject[];
  /** Comments for the reader: placeholder UID, redaction, defaulted namespace. */
  notes: string[];
}

/** Options of {@link renderChildren}. */
export interface RenderOptions {
  /** Namespace of CRs that have none; default `default`. */
  namespace?: string | undefined;
  /** Print Secret values instead of {@link REDACTED}. */
  showSecrets?: boolean;
  /** Render the children created when the CR is deleted (onDelete) instead of the others. */
  onDelete?: boolean;
  /** Name of the CR file, for notes. */
  crFile?: string;
}

/** Replaces values that differ between two builds of one object (values drawn at random) with {@link GENERATED}. */
function stabilize(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) return a.map((x, i) => stabilize(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, stabilize(v, (b as Record<string, unknown>)[k])]));
  }
  return deepEqual(a, b) ? a : GENERATED;
}

/** What rendering gathers across CRs: the objects, every problem, notes, and what the closing notes explain. */
interface Rendering {
  objects: RenderedObject[];
  problems: Problem[];
  notes: string[];
  placeholder: boolean;
  defaulted: boolean;
  redacted: boolean;
}

/**
 * Renders the children of each CR. Every problem of every CR (a template error, a value `resolve` refuses, a
 * child that needs a cluster) is collected and thrown as one {@link CliError} (exit code 1), located in the
 * katalog; nothing is rendered then.
 */
export async function renderChildren(
  loaded: LoadedKatalog,
  crs: readonly KubeObject[],
  options: RenderOptions = {},
): Promise<RenderResult> {
  const plans = loaded.katalog.entries.map(
    (entry, i) => new ChildPlan(entry, i, loaded.handlers, loaded.engine, loaded.locator),
  );
  const out: Rendering = {
    objects: [],
    problems: [],
    notes: [],
    placeholder: false,
    defaulted: false,
    redacted: false,
  };
  for (const cr of crs) {
    const matching = plans.filter((p) => p.owns(cr));
    if (matching.length === 0) out.problems.push(noEntryProblem(loaded, cr, options));
    for (const plan of matching) await renderFor(loaded, plan, cr, options, out);
  }
  if (out.problems.length > 0) {
    const count = out.problems.length === 1 ? '1 problem' : `${out.problems.length} problems`;
    throw new CliError(ExitCode.Problems, `cannot render: ${count}`, { problems: out.problems });
  }
  return { objects: out.objects, notes: [...out.notes, ...closingNotes(out, options)] };
}

/** `Kind namespace/name` of a CR, for messages. */
function described(cr: KubeObject): string {
  return `${cr.kind} ${cr.metadata.namespace ? `${cr.metadata.namespace}/` : ''}${cr.metadata.name}`;
}

/** The problem of a CR whose kind no entry of the katalog owns. */
function noEntryProblem(loaded: LoadedKatalog, cr: KubeObject, options: RenderOptions): Problem {
  const kinds = loaded.katalog.entries.map((e) => `${e.owner.group}/${e.owner.version} ${e.owner.kind}`).join(', ');
  return {
    path: options.crFile ?? 'cr',
    message: `${described(cr)} (${cr.apiVersion}) has no entry in ${loaded.file}, which declares ${kinds}`,
    hint: "check the CR's apiVersion and kind, or add the owner to spec.crds",
  };
}

/** The CR as the owner of its children: its uid (or the placeholder) and, when namespaced, a namespace. */
function ownerOf(cr: KubeObject, namespaced: boolean, options: RenderOptions): OwnerObject {
  const owner: OwnerObject = {
    ...cr,
    metadata: {
      ...cr.metadata,
      name: cr.metadata.name ?? '',
      uid: cr.metadata.uid ?? PLACEHOLDER_UID,
      ...(namespaced ? { namespace: cr.metadata.namespace ?? options.namespace ?? 'default' } : {}),
    },
  };
  if (!namespaced) delete owner.metadata.namespace;
  return owner;
}

/** The children one entry's plan makes for one CR, into `out`. */
async function renderFor(
  loaded: LoadedKatalog,
  plan: ChildPlan,
  cr: KubeObject,
  options: RenderOptions,
  out: Rendering,
): Promise<void> {
  const namespaced = plan.entry.owner.namespaced !== false;
  if (namespaced && !cr.metadata.namespace) out.defaulted = true;
  if (!cr.metadata.uid) out.placeholder = true;
  const owner = ownerOf(cr, namespaced, options);
  const resolved = plan.resolve(owner, options.onDelete ? ['onDelete'] : ['onCreate', 'onReconcile']);
  out.problems.push(...resolved.problems);
  for (const d of resolved.deferred)
    out.notes.push(
      `${d.path} of ${described(cr)} reads the live ${d.reads.join(', ')} (children.<key>.<id>): not rendered ` +
        `without a cluster; \`orkestra diff\` shows it`,
    );
  for (const child of resolved.children) {
    try {
      const object = await build(owner, child);
      const sensitive = sensitivePathsOf(child.handler, childKindOf(child.handler, child.spec));
      if (sensitive.length > 0 && !options.showSecrets) out.redacted = true;
      out.objects.push({
        source: child.path,
        handler: child.handler.key,
        object: options.showSecrets ? object : redactPaths(object, sensitive, (v) => v === GENERATED),
      });
    } catch (e) {
      const extra =
        e instanceof OrkestraError && e.reason === 'NeedsCluster'
          ? { hint: 'render has no cluster to read it from: use `orkestra diff` against a cluster to see this child' }
          : {};
      out.problems.push(...problemsOf(e, plan.entryIndex, child.path, loaded.locator).map((p) => ({ ...p, ...extra })));
    }
  }
}

/** The notes that explain what the reader sees in the objects: placeholder uid, default namespace, redaction. */
function closingNotes(out: Rendering, options: RenderOptions): string[] {
  const notes: string[] = [];
  if (out.placeholder)
    notes.push(
      `${options.crFile ?? 'the CR'} has no metadata.uid: owner references carry the placeholder uid ` +
        `${PLACEHOLDER_UID}; run uses the live CR's uid`,
    );
  if (out.defaulted)
    notes.push(
      `a CR without metadata.namespace is rendered in namespace ${options.namespace ?? 'default'} (--namespace)`,
    );
  if (out.redacted) notes.push(`Secret values are shown as ${REDACTED}; --show-secrets prints them`);
  if (out.objects.some((o) => JSON.stringify(o.object).includes(GENERATED)))
    notes.push(`${GENERATED}: a random value drawn when the object is created; run keeps the live value afterwards`);
  return notes;
}

/** Builds a child twice: values that differ (drawn at random) are shown as {@link GENERATED}. */
async function build(owner: OwnerObject, child: PlannedChild): Promise<KubeObject> {
  const first = await appliedObject(owner, child);
  const second = await appliedObject(owner, child);
  return stabilize(first, second) as KubeObject;
}

/** The rendered objects as a multi-document YAML text, notes and sources as comments. */
export function renderYaml(result: RenderResult, header: string): string {
  const head = [header, ...result.notes].map((n) => `# ${n}\n`).join('');
  const docs = result.objects.map((o) => {
    return `# ${o.source}\n${new (yaml().Document)(o.object).toString({ lineWidth: 0 })}`;
  });
  return `${head}${docs.map((d) => `---\n${d}`).join('')}`;
}
