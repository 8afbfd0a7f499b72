/**
 * The signed-in user as the header and guards see them: id, name, e-mail and roles read from
 * the database profile (spec §6). Null when signed out.
 */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  isBorrower: boolean;
  isInvestor: boolean;
  isAdmin: boolean;
}

/** The viewer of `request`, or null. Accounts arrive with their own issue; until then, null. */
export async function getViewer(_request: Request): Promise<Viewer | null> {
  return null;
}
