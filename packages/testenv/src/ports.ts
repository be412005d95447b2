import { createServer } from 'node:net';

/**
 * A TCP port that was free on `host` a moment ago (the OS picked it for a port-0 bind, then it was
 * released). Another process may take it before ours binds it; callers retry on "address already in use".
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not allocate a free port'))));
    });
  });
}

/** `count` distinct free ports. */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort(host));
  return [...ports];
}

/** Whether a log says a listener could not bind its port (Go: "bind: address already in use"). */
export function isAddressInUse(log: string): boolean {
  return /address already in use|EADDRINUSE/i.test(log);
}
