/**
 * Migration 0004_one_vocabulary (docs/decisions/0002-one-vocabulary.md): the profile's former
 * loan and property types become the sign-up's values, the hidden 'Single Family' is dropped, and
 * answers already in the one vocabulary (and free-text net worth) are left as they are.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { db } from '~/server/db/client.server';
import { profile, user } from '~/server/db/schema';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

async function userWith(values: Partial<typeof profile.$inferInsert>) {
  const id = randomUUID();
  await db()
    .insert(user)
    .values({ id, name: 'Legacy', email: `${id}@example.com`, emailVerified: true });
  await db()
    .insert(profile)
    .values({ userId: id, isBorrower: true, ...values });
  return id;
}

it('maps the former profile vocabulary onto the one vocabulary and keeps everything else', async () => {
  const legacy = await userWith({
    loanType: 'Fix & Flip',
    propertyTypes: ['Single Family', 'Multi Family Investment', 'Land Investment', 'Commercial'],
    netWorth: '$3 million',
  });
  const rental = await userWith({ loanType: 'Rental Property', propertyTypes: ['Mixed Use Investment'] });
  const current = await userWith({ loanType: 'bridge', propertyTypes: ['Commercial', 'Mixed-Use'], netWorth: '1m-5m' });

  const statements = readFileSync('drizzle/0004_one_vocabulary.sql', 'utf8').split('--> statement-breakpoint');
  for (const statement of statements) await db().execute(statement);

  const read = async (id: string) => (await db().select().from(profile).where(eq(profile.userId, id)))[0]!;
  expect(await read(legacy)).toMatchObject({
    loanType: 'fix-and-flip',
    netWorth: '$3 million',
  });
  expect((await read(legacy)).propertyTypes.sort()).toEqual(['Commercial', 'Land Development', 'Multi-Family']);
  expect(await read(rental)).toMatchObject({ loanType: 'rental', propertyTypes: ['Mixed-Use'] });
  expect(await read(current)).toMatchObject({
    loanType: 'bridge',
    propertyTypes: ['Commercial', 'Mixed-Use'],
    netWorth: '1m-5m',
  });
});
