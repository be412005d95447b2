/** The two pages, built as DOM from the server's JSON (text only; see dom.ts). */

import { h, s } from './dom.js';
import {
  diffLines,
  graphLayout,
  instanceHash,
  pendingLines,
  STATE_LABEL,
  timelineLine,
  treeRows,
  whyLines,
} from './model.js';
import type {
  ChildDiffView,
  InstanceState,
  InstanceView,
  KatalogView,
  KindsView,
  TraceNode,
  TraceState,
} from './types.js';

const badge = (state: TraceState) => h('span', { class: `badge ${state}` }, STATE_LABEL[state]);
const INSTANCE_BADGE: Record<InstanceState, TraceState> = {
  ready: 'Current',
  waiting: 'InProgress',
  failing: 'Failed',
};

function table(head: string[], rows: (Node | string)[][], testid: string): HTMLElement {
  return h(
    'table',
    { 'data-testid': testid },
    h('thead', {}, h('tr', {}, ...head.map((x) => h('th', {}, x)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, c))))),
  );
}

/** The Katalogs the Katalog runtime serves: each with the revision it serves and its state. */
function katalogsSection(katalogs: KatalogView[]): HTMLElement {
  return h(
    'article',
    { class: 'katalogs', 'data-testid': 'katalogs' },
    h('h2', {}, 'Katalogs'),
    table(
      ['katalog', 'revision served', 'state', 'kinds', 'message'],
      katalogs.map((k) => [
        `${k.namespace}/${k.name}`,
        k.revision === undefined ? 'none' : String(k.revision),
        badge(INSTANCE_BADGE[k.state]),
        k.kinds.join(', '),
        k.message ?? '',
      ]),
      'katalog-revisions',
    ),
  );
}

/**
 * The kinds page: the Katalogs (with the Katalog runtime), then each kind with its counts, queue depth, rate and
 * instances.
 */
export function kindsPage({ kinds, katalogs }: KindsView): HTMLElement {
  return h(
    'section',
    { 'data-testid': 'kinds' },
    katalogs !== undefined && katalogsSection(katalogs),
    h('h1', {}, 'Kinds served'),
    ...kinds.map((k) =>
      h(
        'article',
        { class: 'kind', 'data-kind': k.id },
        h('h2', {}, `${k.kind} `, h('small', {}, `${k.id}/${k.version}`)),
        h(
          'p',
          { class: 'stats' },
          `${k.counts.ready} ready · ${k.counts.waiting} waiting · ${k.counts.failing} failing · queue ` +
            `${k.queueDepth} · ${k.reconcilesPerMinute} reconciles/min`,
        ),
        table(
          ['instance', 'health', 'message'],
          k.instances.map((i) => [
            h(
              'a',
              { href: instanceHash(k.id, i.namespace, i.name) },
              i.namespace ? `${i.namespace}/${i.name}` : i.name,
            ),
            badge(INSTANCE_BADGE[i.state]),
            i.message ?? '',
          ]),
          'instances',
        ),
      ),
    ),
  );
}

const COLUMN = 250;
const ROW = 34;
const BOX = { width: 232, height: 24 };

/** The children as a graph: one box per object, coloured by health, a line to its parent. */
function graph(tree: TraceNode): SVGElement {
  const { nodes, columns, rows } = graphLayout(tree);
  const at = new Map(nodes.map((n) => [n.id, { x: n.column * COLUMN + 4, y: n.row * ROW + 4 }]));
  const lines = nodes.flatMap((n) => {
    const from = n.parent ? at.get(n.parent) : undefined;
    const to = at.get(n.id);
    if (!from || !to) return [];
    const y1 = from.y + BOX.height / 2;
    const y2 = to.y + BOX.height / 2;
    const x1 = from.x + BOX.width;
    return [s('path', { class: 'edge', d: `M${x1},${y1} C${x1 + 10},${y1} ${to.x - 10},${y2} ${to.x},${y2}` })];
  });
  const boxes = nodes.map((n) => {
    const p = at.get(n.id) ?? { x: 0, y: 0 };
    const label = n.label.length > 32 ? `${n.label.slice(0, 31)}…` : n.label;
    return s(
      'g',
      { class: `node ${n.state}`, transform: `translate(${p.x},${p.y})`, 'data-state': n.state },
      s('title', {}, `${n.label}: ${STATE_LABEL[n.state]}`),
      s('rect', { width: BOX.width, height: BOX.height, rx: 4 }),
      s('text', { x: 8, y: 16 }, label),
    );
  });
  const width = columns * COLUMN;
  const height = Math.max(1, rows) * ROW + 8;
  return s(
    'svg',
    { class: 'graph', 'data-testid': 'graph', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img' },
    s('title', {}, 'The instance and its children by health'),
    ...lines,
    ...boxes,
  );
}

const DIFF_LABEL: Record<ChildDiffView['state'], string> = {
  'in-sync': 'in sync',
  drifted: 'differs',
  missing: 'missing',
  error: 'not compared',
};

/** Each child's desired-versus-live difference, the differing ones first. */
function diffSection(diff: ChildDiffView[]): HTMLElement {
  const order = { error: 0, drifted: 1, missing: 2, 'in-sync': 3 };
  const sorted = [...diff].sort((a, b) => order[a.state] - order[b.state]);
  return h(
    'ul',
    { class: 'diff', 'data-testid': 'diff' },
    ...sorted.map((d) =>
      h(
        'li',
        { 'data-state': d.state },
        h('span', { class: 'title' }, `${d.kind}/${d.name}`),
        ' ',
        h('span', { class: `badge diff-${d.state}` }, DIFF_LABEL[d.state]),
        d.state !== 'in-sync' && h('ul', {}, ...diffLines(d).map((l) => h('li', { class: 'field' }, l))),
      ),
    ),
  );
}

/** An instance's page: why not Ready first, then the tree, conditions, Events and the reconciles. */
export function instancePage(view: InstanceView): HTMLElement {
  const why = whyLines(view);
  const pending = pendingLines(view);
  const title = view.namespace ? `${view.namespace}/${view.name}` : view.name;
  return h(
    'section',
    { 'data-testid': 'instance', 'data-state': view.state },
    h('p', {}, h('a', { href: '#/' }, '← kinds')),
    h('h1', {}, `${view.kind} ${title} `, badge(view.state)),
    why.length > 0 &&
      h(
        'div',
        { class: 'why', 'data-testid': 'why' },
        h('h2', {}, 'Why not Ready'),
        h('ol', {}, ...why.map((w) => h('li', {}, w))),
      ),
    pending.length > 0 &&
      h(
        'div',
        { class: 'why', 'data-testid': 'pending' },
        h('h2', {}, 'Left by the last reconcile'),
        h('ul', {}, ...pending.map((w) => h('li', {}, w))),
      ),
    h('h2', {}, 'Graph'),
    h('div', { class: 'graph-box' }, graph(view.tree)),
    h('h2', {}, 'Tree'),
    h(
      'ul',
      { class: 'tree', 'data-testid': 'tree' },
      ...treeRows(view.tree).map((r) =>
        h(
          'li',
          { class: `depth-${Math.min(r.depth, 8)}`, 'data-state': r.state },
          h('span', { class: 'title' }, r.title),
          ' ',
          badge(r.state),
          r.reason && r.depth > 0 ? h('span', { class: 'reason' }, ` ${r.reason}`) : null,
        ),
      ),
    ),
    view.hidden.length > 0 && h('p', { class: 'hidden' }, `Not shown: ${view.hidden.join(', ')}`),
    h('h2', {}, 'Conditions'),
    table(
      ['type', 'status', 'reason', 'message', 'since'],
      view.conditions.map((c) => [c.type, c.status, c.reason ?? '', c.message ?? '', c.lastTransitionTime ?? '']),
      'conditions',
    ),
    h('h2', {}, 'Conditions history'),
    table(
      ['at', 'type', 'status', 'reason', 'message'],
      view.conditionHistory.map((c) => [c.at, c.type, c.status, c.reason ?? '', c.message ?? '']),
      'condition-history',
    ),
    h('h2', {}, 'Desired versus live'),
    diffSection(view.diff),
    h('h2', {}, 'Events'),
    table(
      ['last', 'type', 'reason', 'message', 'count'],
      view.events.map((e) => [e.last, e.type, e.reason, e.message, String(e.count)]),
      'events',
    ),
    h('h2', {}, 'Reconciles'),
    h(
      'ol',
      { class: 'timeline', 'data-testid': 'timeline' },
      ...view.timeline.map((t) => h('li', {}, h('time', {}, t.at), ' ', timelineLine(t))),
    ),
  );
}

/** Asks for a bearer token (a non-loopback console); `onToken` gets what was typed. */
export function tokenPage(message: string, onToken: (token: string) => void): HTMLElement {
  const input = h('input', { type: 'password', 'aria-label': 'bearer token', autocomplete: 'off' }) as HTMLInputElement;
  const button = h('button', { type: 'button' }, 'Use token');
  button.addEventListener('click', () => onToken(input.value.trim()));
  return h('section', { class: 'token' }, h('h1', {}, 'A token is needed'), h('p', {}, message), input, button);
}
