/**
 * The lender's details shown by the header, footer, contact and legal pages and e-mails
 * (product §2), read from the environment by `companyInfo()` (env.server.ts); each licence line
 * is shown as written (e.g. 'NV Mortgage Company License #5421').
 */
export interface CompanyInfo {
  name: string;
  legalName: string;
  address: string;
  city: string;
  phone: string;
  email: string;
  /** The Nevada mortgage company licence line. */
  nvLicense: string;
  nmlsId: string;
  /** The California DRE broker licence line. */
  caDre: string;
}
