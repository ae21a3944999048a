import { randomBytes } from "node:crypto";

/** Server-side cookie sessions of the demo portal; counts logins so tests can see session reuse. */
export class PortalSessions {
  private readonly sessions = new Map<string, { user: string; expiresAt: number }>();
  /** Successful logins since the server started. */
  logins = 0;
  /** Failed login attempts since the server started. */
  failedLogins = 0;

  constructor(private readonly ttlMs: number) {}

  /** Starts a session for a user and returns its id (the cookie value). */
  create(user: string): string {
    const id = randomBytes(18).toString("base64url");
    this.sessions.set(id, { user, expiresAt: Date.now() + this.ttlMs });
    this.logins += 1;
    return id;
  }

  /** The user of a live session, or undefined. */
  user(id: string | undefined): string | undefined {
    if (!id) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (session.expiresAt < Date.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session.user;
  }

  /** Ends one session. */
  remove(id: string | undefined): void {
    if (id) this.sessions.delete(id);
  }

  /** Ends every session, as a server restart or a session timeout would. */
  expireAll(): void {
    this.sessions.clear();
  }
}
