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
  /**
   * The payer's federal TIN (the lender's EIN) on tax statements and the filing service's CSV
   * (issue 25 "Documents": 1099-INT figures), from COMPANY_TIN. PLACEHOLDER by default
   * ('00-0000000'): set COMPANY_TIN before statements are filed.
   */
  payerTin: string;
}
