/** The binaries a control plane is made of, by the name of their executable. */
export type BinaryName = 'etcd' | 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler' | 'kwok';

/** One place that was searched for a binary, and what was found there. */
export interface SearchedLocation {
  /** Where the location came from: `options.binaryAssetsDirectory`, `KUBEBUILDER_ASSETS`, … */
  source: string;
  /** The file or folder that was looked at. */
  path: string;
  /** Why it did not count, e.g. "missing kube-controller-manager" or "not a folder". */
  reason: string;
}

/**
 * No complete set of control-plane binaries was found. The message lists every place looked at and
 * says how to get the binaries; `searched` has the same list for programs.
 */
export class BinariesNotFoundError extends Error {
  override readonly name = 'BinariesNotFoundError';

  constructor(
    readonly missing: BinaryName[],
    readonly searched: SearchedLocation[],
  ) {
    super(binariesNotFoundMessage(missing, searched));
  }
}

function binariesNotFoundMessage(missing: BinaryName[], searched: SearchedLocation[]): string {
  const lines = [
    `@orkestra/testenv: could not find ${missing.join(', ')}.`,
    '',
    'Looked in (in this order):',
    ...(searched.length ? searched.map((s) => `  - ${s.source}: ${s.path} (${s.reason})`) : ['  (nowhere)']),
    '',
    'To get the binaries, either:',
    '  - in the Orkestra repository, run `bash tools/controlplane/build.sh` (needs Go; builds etcd,',
    '    kube-apiserver and kube-controller-manager into the cache folder searched last above), or',
    '  - set KUBEBUILDER_ASSETS to a folder from setup-envtest: `export KUBEBUILDER_ASSETS=$(setup-envtest use -p ' +
      'path)`.',
    '    setup-envtest has no kube-controller-manager; that is needed only for the `controllers` option.',
    '  - or pass `binaryAssetsDirectory` (or per-binary paths) to start().',
  ];
  return lines.join('\n');
}

/**
 * A control-plane process exited before it was ready, or did not become ready in time. The message
 * ends with the tail of the process's log; `logTail` holds it alone.
 */
export class ProcessStartError extends Error {
  override readonly name = 'ProcessStartError';

  constructor(
    readonly process: string,
    readonly reason: string,
    readonly logTail: string,
    readonly logPath: string,
  ) {
    super(
      `@orkestra/testenv: ${process} ${reason}.\n` +
        `--- last lines of ${logPath} ---\n${logTail || '(empty log)'}\n--- end of ${process} log ---`,
    );
  }
}

/** `waitFor` gave up: the message names what was awaited, how long it waited and the last result or error. */
export class WaitForTimeoutError extends Error {
  override readonly name = 'WaitForTimeoutError';

  constructor(
    readonly description: string,
    readonly elapsedMs: number,
    readonly attempts: number,
    /** The last value the check returned (when it returned one). */
    readonly lastValue: unknown,
    /** The last error the check threw (when the last attempt threw). */
    readonly lastError: unknown,
  ) {
    super(
      `timed out after ${elapsedMs} ms (${attempts} attempt${attempts === 1 ? '' : 's'}) waiting for ${description}; ` +
        (lastError !== undefined
          ? `last error: ${describeError(lastError)}`
          : `last value: ${describeValue(lastValue)}`),
      lastError !== undefined ? { cause: lastError } : undefined,
    );
  }
}

/** A short, readable rendering of a thrown value (ApiException bodies included). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const body = (error as { body?: unknown }).body;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'number' && body !== undefined) {
      return `HTTP ${code}: ${truncate(typeof body === 'string' ? body : safeJson(body))}`;
    }
    return truncate(`${error.name}: ${error.message}`);
  }
  return truncate(String(error));
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(truncate(value));
  return truncate(safeJson(value));
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function truncate(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}
