/** 'Where you're signed in' (issue "Security and scale"): one session as the security card lists it. */

export interface SignedInSession {
  id: string;
  /** e.g. 'Chrome 131 on macOS', or 'Unknown device' without a user agent. */
  device: string;
  clientIp: string | null;
  startedAt: Date;
  /** The last time the session was used (better-auth refreshes it at most once a minute). */
  lastActiveAt: Date;
  /** True for the session of the request that asks. */
  current: boolean;
}
