/** The console's single page: follows the server's event stream of the page the hash names and redraws it whole. */

import { ApiError, follow, setToken } from './api.js';
import { h } from './dom.js';
import { apiQuery, parseRoute } from './model.js';
import { instancePage, kindsPage, tokenPage } from './render.js';
import type { InstanceView, KindsView } from './types.js';

const app = document.getElementById('app') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;
let current: AbortController | undefined;

function show(page: HTMLElement): void {
  app.replaceChildren(page);
}

function open(): void {
  current?.abort();
  const abort = new AbortController();
  current = abort;
  const route = parseRoute(location.hash);
  status.textContent = 'connecting…';
  follow(
    apiQuery(route),
    (view) => {
      status.textContent = `live · ${new Date().toLocaleTimeString()}`;
      show(route.page === 'kinds' ? kindsPage(view as KindsView) : instancePage(view as InstanceView));
    },
    abort.signal,
  ).catch((e: unknown) => {
    if (abort.signal.aborted) return;
    status.textContent = 'stopped';
    if (e instanceof ApiError && e.status === 401)
      show(
        tokenPage(e.message, (token) => {
          setToken(token);
          open();
        }),
      );
    else show(h('p', { class: 'error', 'data-testid': 'error' }, e instanceof Error ? e.message : String(e)));
  });
}

window.addEventListener('hashchange', open);
open();
