/**
 * Talking to the console's server: JSON reads, and the page's one event stream read with `fetch` (an
 * EventSource cannot send the `Authorization` header a non-loopback console needs). The token, when one is
 * needed, is kept in this tab's sessionStorage only.
 */
const TOKEN_KEY = 'orkestra-console-token';

/** The server said who we are is not enough (401) or the request is wrong (4xx), with its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

function headers(): Record<string, string> {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function failure(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  return new ApiError(res.status, body.error ?? `${res.status} ${res.statusText}`);
}

/**
 * Follows `/api/stream<query>`: calls `onView` with each message's JSON until `signal` aborts; rejects with
 * {@link ApiError} when the server refuses, and reconnects after a second when the connection drops.
 */
export async function follow(query: string, onView: (view: unknown) => void, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    const res = await fetch(`/api/stream${query}`, { headers: headers(), signal }).catch(() => undefined);
    if (res && !res.ok) throw await failure(res);
    if (res?.body) await readEvents(res.body, onView).catch(() => undefined);
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function readEvents(body: ReadableStream<Uint8Array>, onView: (view: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const message = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = message
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (data && !message.startsWith('event: problem')) onView(JSON.parse(data));
    }
  }
}
