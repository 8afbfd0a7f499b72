/** `npm run db:migrate`: applies the committed migrations (the server also does at start-up). */
import { openConfiguredDatabase } from './open-database';

const handle = await openConfiguredDatabase();
console.log(`Migrations applied.`);
await handle.close();
