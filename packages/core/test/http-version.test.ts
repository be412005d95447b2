import { describe, expect, it } from '@jest/globals';
import { OrkestraError } from '../src/index.js';
import { DEFAULT_HTTP_VERSION, httpVersion } from '../src/kube/http-version.js';
import { Kubeclient } from '../src/kube/kubeclient.js';

const config = (server: string) => ({
  getCurrentCluster: () => ({ server }),
  getCurrentUser: () => ({}),
  applyToHTTPSOptions: async () => undefined,
});

describe('the HTTP version of a Kubeclient', () => {
  it('is the option when given, else ORKESTRA_HTTP, else the default', () => {
    expect(httpVersion('1.1', { ORKESTRA_HTTP: '2' })).toBe('1.1');
    expect(httpVersion('2', {})).toBe('2');
    expect(httpVersion(undefined, { ORKESTRA_HTTP: '2' })).toBe('2');
    expect(httpVersion(undefined, { ORKESTRA_HTTP: ' 1.1 ' })).toBe('1.1');
    expect(httpVersion(undefined, { ORKESTRA_HTTP: '' })).toBe(DEFAULT_HTTP_VERSION);
    expect(httpVersion(undefined, {})).toBe(DEFAULT_HTTP_VERSION);
  });

  it('refuses another value of ORKESTRA_HTTP with a Config error that says what to set', () => {
    const err = (() => {
      try {
        return httpVersion(undefined, { ORKESTRA_HTTP: 'h2' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(OrkestraError);
    expect((err as OrkestraError).reason).toBe('Config');
    expect((err as Error).message).toBe(
      `ORKESTRA_HTTP is "h2": set it to 1.1 or 2 (the HTTP version spoken to the API server), or unset it for the default (${DEFAULT_HTTP_VERSION})`,
    );
  });

  it('is HTTP/1.1 for an http:// server, whatever was asked (no HTTP/2 without TLS, as client-go)', () => {
    expect(new Kubeclient(config('http://127.0.0.1:8001'), { http: '2' }).httpVersion).toBe('1.1');
    expect(new Kubeclient(config('https://127.0.0.1:6443'), { http: '2' }).httpVersion).toBe('2');
    expect(new Kubeclient(config('https://127.0.0.1:6443'), { http: '1.1' }).httpVersion).toBe('1.1');
  });
});
