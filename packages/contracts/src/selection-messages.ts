// Proofing's words, apart from its zod schemas so the customer page's script can use them
// without bringing zod along.

export const SELECTION_MESSAGES = {
  requireEmailInvalid: 'Must be true or false.',
  limitInvalid: 'Use a whole number of photos from 1 to 10000, or leave empty for no limit',
  visitorRequired: 'Enter your name and e-mail to see the photos',
  nameRequired: 'Enter your name',
  nameMax: 'Use at most 200 characters',
  emailRequired: 'Enter your e-mail address',
  emailInvalid: 'Enter a valid e-mail address',
  noteMax: 'Use at most 1000 characters',
  submitted: 'Your selection was sent to the studio. To change it, ask the studio to reopen it.',
  empty: 'Choose at least one photo before submitting your selection',
  reopened: 'The selection is open again',
  notFound: 'Not found.',
} as const;

/** The message of a heart past the limit: it shows the count. */
export const selectionFullMessage = (limit: number, count: number): string =>
  `You have chosen ${count} of ${limit} photos, the most this gallery allows: remove one to add another.`;
