/** The forms of one section's page of 'Site content' (app/routes/admin/content-section.tsx). */
import { z } from 'zod';
import { HERO_SLOTS } from '~/lib/site-content';

const itemId = z.string().max(100);
const direction = z.enum(['up', 'down']);
const index = z.enum(['0', '1', '2']).transform(Number);
const returnTo = z.literal('overview').optional();
const formId = z.string().max(100).optional();
/** Every form of a section's page, by `intent` (`readIntent`). */
export const contentSectionIntents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('publish'), returnTo }),
  z.object({ intent: z.literal('discard'), returnTo }),
  z.object({ intent: z.literal('save'), formId }),
  z.object({ intent: z.literal('add'), formId }),
  z.object({ intent: z.literal('remove'), id: itemId }),
  z.object({ intent: z.literal('move'), id: itemId, direction }),
  z.object({ intent: z.literal('remove-photo'), id: itemId }),
  z.object({ intent: z.literal('restore-image'), slot: z.enum(HERO_SLOTS), index: index.optional() }),
  z.object({ intent: z.literal('remove-image'), index }),
  z.object({ intent: z.literal('move-image'), index, direction }),
]);
export type ContentSectionIntent = z.infer<typeof contentSectionIntents>;
