// `npm run bench`: prints the project's performance figures. Never fails the build.
// Run one section with `npm run bench -- public`; flags (`--name=value`) go to every section run,
// e.g. `npm run bench -- public --only=load`.
import { benchAdmin } from './admin.mjs';
import { benchCores } from './cores.mjs';
import { benchDeals } from './deals.mjs';
import { benchDemand } from './demand.mjs';
import { benchDocuments } from './documents.mjs';
import { benchLoans } from './loans.mjs';
import { benchLoad } from './load.mjs';
import { benchPortal } from './portal.mjs';
import { benchPublicPages } from './public-pages.mjs';
import { benchReturns } from './returns.mjs';
import { benchServicing } from './servicing.mjs';

const sections = {
  public: benchPublicPages,
  documents: benchDocuments,
  deals: benchDeals,
  admin: benchAdmin,
  loans: benchLoans,
  servicing: benchServicing,
  returns: benchReturns,
  demand: benchDemand,
  load: benchLoad,
  portal: benchPortal,
  cores: benchCores,
};
const args = process.argv.slice(2);
const wanted = args.filter((arg) => !arg.startsWith('--'));
const flags = Object.fromEntries(
  args
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [name, value = 'true'] = arg.slice(2).split('=');
      return [name, value];
    }),
);
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length && !wanted.includes(name)) continue;
  try {
    await run(flags);
  } catch (error) {
    console.error(`bench section ${name} failed:`, error);
  }
}
