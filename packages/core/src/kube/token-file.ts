/**
 * A bearer token read from a file (`users[].user.tokenFile`, the in-cluster service-account token), read again
 * after a refresh period because bound tokens rotate (client-go: one minute).
 */
import { readFileSync } from 'node:fs';
import { KubeconfigError } from './kubeconfig-error.js';

/** The token of one file, cached for `refreshMs`. */
export class TokenFile {
  #read: { token: string; readAt: number } | undefined;

  constructor(
    private readonly path: string,
    private readonly refreshMs: number,
    /** The user, for messages: `user "x" of context "y" (file)`. */
    private readonly where: () => string,
    private readonly file: string | undefined,
  ) {}

  /**
   * The token: the one read within the last `refreshMs`, else the file's content. While the file is missing or
   * empty (a rotation in progress) the token read before is kept, as client-go does; with none, `Unreadable`.
   */
  token(): string {
    const now = Date.now();
    if (this.#read && now - this.#read.readAt < this.refreshMs) return this.#read.token;
    let token: string;
    try {
      token = readFileSync(this.path, 'utf8').trim();
    } catch (e) {
      if (this.#read) return this.#read.token;
      throw new KubeconfigError(
        'Unreadable',
        `cannot read the token file ${this.path} of ${this.where()}: ` +
          `${(e as NodeJS.ErrnoException).code ?? (e as Error).message} — check that it exists and is readable`,
        { file: this.file, cause: e },
      );
    }
    if (!token) {
      if (this.#read) return this.#read.token;
      throw new KubeconfigError(
        'Unreadable',
        `the token file ${this.path} of ${this.where()} is empty — check what writes it`,
        { file: this.file },
      );
    }
    this.#read = { token, readAt: now };
    return token;
  }

  /** Reads the file again at the next {@link token} (after a 401). */
  forget(): void {
    this.#read = undefined;
  }
}
