/** The forms of a deal's page (app/routes/public/deal.tsx), by `intent`. */
import { z } from 'zod';
import { checkboxField } from './fields';

/**
 * What a deal's page posts (`readIntent`): the data room's acknowledgement, the suitability
 * statement's answers (checked again by `suitabilitySchema` where it is signed), an amount as
 * people write it ('$25,000', read by the action) and a withdrawal of an amount by its id.
 */
export const dealPageIntents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('acknowledge') }),
  z.object({
    intent: z.literal('suitability'),
    netWorthOver250k: checkboxField(),
    incomeOver70k: checkboxField(),
    withinConcentrationLimit: checkboxField(),
    understandsRisks: checkboxField(),
    signature: z.string().max(300).default(''),
  }),
  z.object({ intent: z.literal('indicate'), amount: z.string().trim().max(20) }),
  z.object({ intent: z.literal('withdraw'), commitmentId: z.string().max(100) }),
]);
