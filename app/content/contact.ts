/** Contact page copy (product §2 Contact). */
export const contactHours = [
  { days: 'Monday – Friday', hours: '8:00 AM – 6:00 PM' },
  { days: 'Saturday', hours: '9:00 AM – 3:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

export const whyChooseUs = [
  'Decisions from local principals, typically within days',
  'Closings typically within 30 business days',
  'Bridge, fix-and-flip, construction and land loans',
  'Transparent terms with no surprises at closing',
  'Over 25 years of combined team experience',
] as const;
