import { describe, expect, it } from '@jest/globals';
import { ExitCode } from '../src/index.js';
import { demo } from './helpers.js';

describe('npm run demo, its command line', () => {
  it('prints its help, and refuses an unknown option or a folder without the example with exit code 2', async () => {
    const help = await demo(['--help']);
    expect(help.code).toBe(ExitCode.Ok);
    expect(help.stdout).toContain('Usage: npm run demo -- [options]');
    expect(help.stdout).toContain('--kubeconfig <file>');
    const bogus = await demo(['--bogus']);
    expect(bogus).toEqual({
      code: ExitCode.Usage,
      stdout: '',
      stderr: expect.stringContaining("unknown option '--bogus'"),
    });
    const missing = await demo(['--dir', '/nonexistent']);
    expect(missing.code).toBe(ExitCode.Usage);
    expect(missing.stderr).toContain(
      'no example folder at /nonexistent: it holds crd.yaml, katalog.yaml and website.yaml',
    );
    const noDatabase = await demo(['--database-dir', '/nonexistent']);
    expect(noDatabase.code).toBe(ExitCode.Usage);
    expect(noDatabase.stderr).toContain(
      'no Database example at /nonexistent: it holds crd.yaml, katalog.yaml and database.yaml',
    );
  });
});
