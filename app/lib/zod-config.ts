/**
 * Zod in the browser without `new Function`: the site's CSP forbids eval (docs/architecture.md
 * "The request path"), and zod's probe for it, made when the first object schema is built, is
 * reported as a CSP violation (Chrome lists it as an issue, Lighthouse's best practices count
 * it). `app/root.tsx` imports this module first, so it runs before any schema is built; the
 * server keeps zod's compiled parsers.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
