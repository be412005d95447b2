/**
 * The console's web pages: the built files of `@orkestra/console` (an optional peer: no Node code, only its
 * `dist/`), served from the installed package, never from a CDN. Not installed: the console serves JSON only.
 */
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';

const { createRequire } = process.getBuiltinModule('node:module');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** A file to send. */
export interface Asset {
  type: string;
  body: Buffer;
}

/**
 * The `dist/` folder of the installed `@orkestra/console`, or `undefined` when it is not installed: resolved from
 * this package first (installed beside the operator), then from the working directory (the user's project).
 */
export function installedAssets(): string | undefined {
  for (const from of [import.meta.url, join(process.cwd(), 'package.json')]) {
    try {
      return join(dirname(createRequire(from).resolve('@orkestra/console/package.json')), 'dist');
    } catch {
      // not found from here
    }
  }
  return undefined;
}

/** The files of one folder, read once each and kept (a few dozen KB). */
export class Assets {
  private readonly files = new Map<string, Promise<Asset | undefined>>();

  constructor(readonly root: string) {}

  /** The file of URL path `path` (`/` is `index.html`), or `undefined` when there is none under the root. */
  get(path: string): Promise<Asset | undefined> {
    const relative = path === '/' || path === '' ? 'index.html' : decodeURIComponent(path).replace(/^\/+/, '');
    const file = normalize(join(this.root, relative));
    if (!file.startsWith(this.root + sep) || !TYPES[extname(file)]) return Promise.resolve(undefined);
    let found = this.files.get(file);
    if (!found) {
      found = readFile(file).then(
        (body) => ({ type: TYPES[extname(file)] ?? 'application/octet-stream', body }),
        () => undefined,
      );
      if (this.files.size < 200) this.files.set(file, found);
    }
    return found;
  }
}
