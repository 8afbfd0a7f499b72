/**
 * The root loader's data: company details, the signed-in user (or null) and a flash toast.
 * Anonymous requests without cookies touch no database.
 */
import { data } from 'react-router';
import { companyInfo, env } from './env.server';
import { readToast } from './toast.server';
import { resolveViewer, type RequestArgs } from './viewer.server';

export async function getRootData(args: RequestArgs) {
  const [{ toast, headers: toastHeaders }, { viewer, headers: sessionHeaders }] = await Promise.all([
    readToast(args.request),
    resolveViewer(args),
  ]);
  const headers = new Headers();
  for (const source of [toastHeaders, sessionHeaders])
    source?.getSetCookie().forEach((cookie) => headers.append('Set-Cookie', cookie));
  return data({ company: companyInfo(), publicUrl: env().PUBLIC_URL, timeZone: env().TIME_ZONE, viewer, toast }, { headers });
}
