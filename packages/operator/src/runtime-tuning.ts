/**
 * Memory settings for a long-running operator process (`orkestra run`, or a Manager's own entry point). Two
 * defaults of the runtime cost an operator far more resident memory than its caches need (figures:
 * bench/README.md, memory):
 *
 * - V8 grows its young generation up to 64 MB per semi-space under a burst of long-lived objects (the informer
 *   caches filling), and keeps it committed afterwards. `--max-semi-space-size=4` (MB) caps it; the steady state
 *   allocates little, and the bench shows no loss of convergence speed or steady-state CPU.
 * - glibc's malloc keeps one arena per thread (up to 8 per core) for V8's compiler and GC threads, and memory
 *   freed in them is rarely returned. `MALLOC_ARENA_MAX=2` bounds that.
 *
 * Both must be set before the process starts, so `orkestra run` re-executes itself once with them
 * (`process.execve`: same PID, same arguments, nothing in between), unless they are set already or
 * `ORKESTRA_RUNTIME_TUNING=off`.
 */

/** The V8 flag and its value. */
export const SEMI_SPACE_FLAG = '--max-semi-space-size=4';
/** The glibc malloc setting. */
export const MALLOC_ARENA_MAX = '2';
/** Set in the environment of the re-executed process, so it does not re-execute again. */
export const TUNED_MARKER = 'ORKESTRA_RUNTIME_TUNED';

/** What to execute instead of the current process, or `undefined` to go on as it is. */
export interface TunedExec {
  file: string;
  args: string[];
  env: Record<string, string>;
}

/** The current process, as much of it as {@link tunedExec} reads. */
export interface ProcessFacts {
  /** `process.argv.slice(2)`: the CLI's own arguments. */
  args: readonly string[];
  /** `process.argv[1]`: the script. */
  script: string | undefined;
  execPath: string;
  execArgv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform: string;
  canExec: boolean;
  /** Whether these arguments start the long-running operator (`orkestra run`); default: always. */
  isOperator?: (args: readonly string[]) => boolean;
}

/**
 * The re-execution that applies the memory settings to an operator process, or `undefined` when none is
 * needed: not the operator (`isOperator` false), tuning turned off, already applied (by us or by the user's flags and
 * environment), or a
 * platform without `execve`.
 *
 * @example
 * const plan = tunedExec({ args: ['run', '--katalog', 'k.yaml'], script: '/usr/bin/orkestra',
 *   execPath: process.execPath, execArgv: [], env: process.env, platform: 'linux', canExec: true });
 * plan?.args; // [execPath, '--max-semi-space-size=4', '/usr/bin/orkestra', 'run', '--katalog', 'k.yaml']
 */
export function tunedExec(facts: ProcessFacts): TunedExec | undefined {
  const { env } = facts;
  if (!(facts.isOperator?.(facts.args) ?? true) || !facts.canExec || facts.platform === 'win32' || !facts.script)
    return undefined;
  if (env[TUNED_MARKER] || /^(off|false|0|no)$/i.test(env.ORKESTRA_RUNTIME_TUNING ?? '')) return undefined;
  const hasSemiSpace = [...facts.execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) =>
    a.startsWith('--max-semi-space-size'),
  );
  const hasArenaMax = env.MALLOC_ARENA_MAX !== undefined;
  if (hasSemiSpace && hasArenaMax) return undefined;
  const nextEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) nextEnv[k] = v;
  nextEnv[TUNED_MARKER] = '1';
  if (!hasArenaMax && facts.platform === 'linux') nextEnv.MALLOC_ARENA_MAX = MALLOC_ARENA_MAX;
  return {
    file: facts.execPath,
    args: [facts.execPath, ...(hasSemiSpace ? [] : [SEMI_SPACE_FLAG]), ...facts.execArgv, facts.script, ...facts.args],
    env: nextEnv,
  };
}
