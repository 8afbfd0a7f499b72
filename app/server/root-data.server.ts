/**
 * The root loader's data: company details, the signed-in user (or null) and a flash toast.
 * Anonymous requests without cookies touch no database.
 */
import { data } from 'react-router';
import { companyInfo, env } from './env.server';
import { readToast } from './toast.server';
import { getViewer } from './viewer.server';

export async function getRootData(request: Request) {
  const [{ toast, headers }, viewer] = await Promise.all([readToast(request), getViewer(request)]);
  return data({ company: companyInfo(), publicUrl: env().PUBLIC_URL, viewer, toast }, headers ? { headers } : undefined);
}
