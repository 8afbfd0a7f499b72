/**
 * `npm run admin:create -- --email E --password P [--name N]`: creates a verified admin, or
 * makes the existing account with that e-mail an admin with that password.
 */
import { createAdmin } from '../app/server/domain/accounts/users.server';
import { isRefused } from '../app/server/errors.server';
import { readArgs } from './args';
import { openConfiguredDatabase } from './open-database';

const { email, password, name } = readArgs();
if (!email || !password) {
  console.error('Usage: npm run admin:create -- --email admin@example.com --password "Str0ng!Passw0rd" [--name "Full Name"]');
  process.exit(2);
}
const handle = await openConfiguredDatabase();
try {
  const { created } = await createAdmin({ email, password, name });
  console.log(created ? `Admin ${email.trim().toLowerCase()} created.` : `${email.trim().toLowerCase()} is now an admin.`);
} catch (error) {
  console.error(isRefused(error) ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
