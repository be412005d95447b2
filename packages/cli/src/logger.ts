/**
 * Structured logs with pino: JSON lines (`{"level":"info","time":"…","msg":"…",…}`) for log collectors, or, with
 * `--log-format text` (the default on a terminal), one readable line per entry. pino's call signature is the
 * one core's `Logger` expects (`logger.info({ fields }, 'message')`), so the same logger goes to the
 * reconciler, the client and the leader elector.
 */
import type { Writable } from 'node:stream';
import { type Logger as PinoLogger, pino, stdTimeFunctions } from 'pino';
import { paint } from './output.js';

/** Levels of `--log-level`. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Formats of `--log-format`. */
export const LOG_FORMATS = ['json', 'text'] as const;

const LEVEL_STYLE: Record<string, 'gray' | 'cyan' | 'yellow' | 'red'> = {
  debug: 'gray',
  info: 'cyan',
  warn: 'yellow',
  error: 'red',
  fatal: 'red',
};

/** A writable that turns pino's JSON lines into `12:00:01 INFO  message key=value`. */
function textStream(out: Writable, color: boolean): { write(line: string): void } {
  return {
    write(chunk: string) {
      for (const text of chunk.split('\n')) {
        if (!text) continue;
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(text) as Record<string, unknown>;
        } catch {
          out.write(`${text}\n`);
          continue;
        }
        const { level, time, msg, pid: _pid, hostname: _host, ...fields } = entry;
        const name = String(level);
        const clock = typeof time === 'string' ? time.slice(11, 19) : '';
        const rest = Object.entries(fields)
          .map(([k, v]) => `${k}=${typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v)}`)
          .join(' ');
        const levelText = paint(color, LEVEL_STYLE[name] ?? 'cyan', name.toUpperCase().padEnd(5));
        const fieldsText = rest ? ` ${paint(color, 'dim', rest)}` : '';
        out.write(`${paint(color, 'dim', clock)} ${levelText} ${String(msg ?? '')}${fieldsText}\n`);
      }
    },
  };
}

/** A pino logger writing to `out`, as JSON or text. */
export function createLogger(
  out: Writable,
  options: { level: LogLevel; format: 'json' | 'text'; color?: boolean; base?: Record<string, unknown> },
): PinoLogger {
  const destination =
    options.format === 'text'
      ? textStream(out, options.color ?? false)
      : { write: (line: string) => void out.write(line) };
  return pino(
    {
      level: options.level,
      base: options.base ?? {},
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
