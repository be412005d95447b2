import { describe, expect, it } from '@jest/globals';
import {
  MALLOC_ARENA_MAX,
  type ProcessFacts,
  SEMI_SPACE_FLAG,
  TUNED_MARKER,
  tunedExec,
} from '../src/runtime-tuning.js';

const facts = (over: Partial<ProcessFacts> = {}): ProcessFacts => ({
  args: ['run', '--katalog', 'k.yaml'],
  script: '/app/bin.js',
  execPath: '/usr/bin/node',
  execArgv: ['--enable-source-maps'],
  env: { PATH: '/bin', HOME: '/root' },
  platform: 'linux',
  canExec: true,
  isOperator: (args) => args[0] === 'run',
  ...over,
});

describe('tunedExec', () => {
  it('re-executes `run` with the V8 flag first, the same arguments, and the malloc setting', () => {
    expect(tunedExec(facts())).toEqual({
      file: '/usr/bin/node',
      args: ['/usr/bin/node', SEMI_SPACE_FLAG, '--enable-source-maps', '/app/bin.js', 'run', '--katalog', 'k.yaml'],
      env: { PATH: '/bin', HOME: '/root', MALLOC_ARENA_MAX, [TUNED_MARKER]: '1' },
    });
  });

  it('leaves every other command alone (isOperator false)', () => {
    for (const args of [['render', '--katalog', 'k.yaml'], ['validate'], ['demo'], [], ['--help']])
      expect(tunedExec(facts({ args }))).toBeUndefined();
  });

  it('does nothing once tuned, when turned off, without execve, or on Windows', () => {
    expect(tunedExec(facts({ env: { [TUNED_MARKER]: '1' } }))).toBeUndefined();
    for (const off of ['off', 'OFF', 'false', '0', 'no'])
      expect(tunedExec(facts({ env: { ORKESTRA_RUNTIME_TUNING: off } }))).toBeUndefined();
    expect(tunedExec(facts({ canExec: false }))).toBeUndefined();
    expect(tunedExec(facts({ platform: 'win32' }))).toBeUndefined();
  });

  it("keeps the user's own settings and adds only what is missing", () => {
    expect(
      tunedExec(facts({ execArgv: ['--max-semi-space-size=32'], env: { MALLOC_ARENA_MAX: '4' } })),
    ).toBeUndefined();
    expect(
      tunedExec(
        facts({ env: { NODE_OPTIONS: '--max-old-space-size=200 --max-semi-space-size=16', MALLOC_ARENA_MAX: '4' } }),
      ),
    ).toBeUndefined();
    const onlyMalloc = tunedExec(facts({ execArgv: ['--max-semi-space-size=32'] }));
    expect(onlyMalloc?.args).toEqual([
      '/usr/bin/node',
      '--max-semi-space-size=32',
      '/app/bin.js',
      'run',
      '--katalog',
      'k.yaml',
    ]);
    expect(onlyMalloc?.env.MALLOC_ARENA_MAX).toBe(MALLOC_ARENA_MAX);
    const onlyFlag = tunedExec(facts({ env: { MALLOC_ARENA_MAX: '4' } }));
    expect(onlyFlag?.args[1]).toBe(SEMI_SPACE_FLAG);
    expect(onlyFlag?.env.MALLOC_ARENA_MAX).toBe('4');
  });

  it('sets the malloc setting on Linux only (it is glibc’s)', () => {
    expect(tunedExec(facts({ platform: 'darwin' }))?.env.MALLOC_ARENA_MAX).toBeUndefined();
  });
});
