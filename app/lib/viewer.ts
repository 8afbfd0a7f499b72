export interface Viewer {
  id: string;
  name: string;
  email: string;
  isBorrower: boolean;
  isInvestor: boolean;
  isAdmin: boolean;
  /** When this session was signed in (ISO 8601). */
  signedInAt: string;
  /**
   * When the user last proved who they are in this session (ISO 8601): the sign-in, or a later
   * password or code (the step-up, app/server/step-up.server.ts).
   */
  confirmedAt: string;
  /** The session's id (never its token): 'Where you're signed in' marks it as this device. */
  sessionId: string;
  /** True once an authenticator app is confirmed; every session of such a user passed it. */
  twoFactorEnabled: boolean;
}
