/** `npm run db:seed`: loads the demo deals into a database that has none. */
import { seedDemoContent } from '../app/server/db/seed.server';
import { openConfiguredDatabase } from './open-database';

const handle = await openConfiguredDatabase();
const n = await seedDemoContent();
console.log(n ? `Loaded ${n} demo deals.` : 'The database already has deals; nothing loaded.');
await handle.close();
