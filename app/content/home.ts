/**
 * The home page's copy (product §2 Home): the property types in the original order (the loan
 * types are the loan programs staff edit: app/lib/site-content.ts),
 * the two markets, and the lender's four advantages.
 */
import { Handshake, Lightbulb, MapPinned, Timer } from 'lucide-react';

/** Spec §2 Home: property types, in the spec's order. */
export const propertyTypes = [
  'Vacant/Dilapidated Properties',
  'Industrial',
  'Retail',
  'Multifamily',
  'Single Family Investment',
  'Land',
  'Office',
  'Self Storage',
  'Mobile Home Parks',
  'Hotel/Hospitality',
  'Specialty',
] as const;

export const markets = [
  {
    state: 'Nevada',
    text: 'Our home market. From Reno, Sparks and Carson City to Lake Tahoe and the Las Vegas valley, we know the submarkets, the builders and the permitting offices.',
    cities: ['Reno', 'Sparks', 'Carson City', 'Lake Tahoe', 'Las Vegas', 'Henderson'],
  },
  {
    state: 'California',
    text: 'Across the border we lend where our borrowers build: the Sacramento region, the Sierra foothills, the Central Valley and Southern California.',
    cities: ['Sacramento', 'Truckee', 'Roseville', 'Fresno', 'Los Angeles', 'San Diego'],
  },
] as const;

export const advantages = [
  {
    icon: Timer,
    title: 'Rapid Decision-Making',
    text: 'Our principals review every request themselves, so you hear yes or no within days, not weeks, and close on your timeline.',
  },
  {
    icon: Lightbulb,
    title: 'Flexible, Creative Solutions',
    text: 'We look at the property and the plan, not a checklist. Unusual assets, tight timelines and complex capital stacks are our everyday work.',
  },
  {
    icon: MapPinned,
    title: 'Deep Market Expertise',
    text: 'Decades of lending in Nevada and California mean we understand values, absorption and exit strategies block by block.',
  },
  {
    icon: Handshake,
    title: 'Relationship-Focused',
    text: 'Most of our borrowers come back for their next project. We earn that by being straightforward, responsive and reliable.',
  },
] as const;
