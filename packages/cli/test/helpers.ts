/** Runs the CLI in-process with captured streams. */
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { demoMain } from '../demo/command.js';
import { main } from '../src/index.js';

/** The repository's examples/website folder. */
export const exampleDir = fileURLToPath(new URL('../../../examples/website/', import.meta.url));
export const example = (file: string) => `${exampleDir}${file}`;
export const fixture = (file: string) => fileURLToPath(new URL(`./fixtures/${file}`, import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** `orkestra <args>` in this process; `signal` stops `run`. */
export async function cli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; signal?: AbortSignal; cwd?: string; onStdout?: (text: string) => void } = {},
): Promise<CliRun> {
  const out = capture();
  const err = capture();
  if (options.onStdout) out.stream.on('data', () => options.onStdout!(out.text()));
  const code = await main(args, {
    stdout: out.stream,
    stderr: err.stream,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    signal: options.signal,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** `npm run demo -- <args>` (packages/cli/demo) in this process, with captured streams. */
export async function demo(
  args: string[],
  env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' },
): Promise<CliRun> {
  const out = capture();
  const err = capture();
  const code = await demoMain(args, { stdout: out.stream, stderr: err.stream, env });
  return { code, stdout: out.text(), stderr: err.text() };
}
