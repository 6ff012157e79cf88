/** Messages shared by every area. Area-specific messages live in the area's own module. */
export const COMMON_MESSAGES = {
  defaultNotification: 'Cannot tell. Please start process again',
  badRequest: 'Failed to process request. Try again',
  serverError: 'Failed to process request.Try again',
  dimension: 'Please upload recommended image dimension',
  imageType: 'Only .jpg, .jpeg and .png images are accepted',
  imageCorrupt: 'The image could not be read. Upload a valid .jpg or .png file',
  imageTooLarge: 'The image is too large',
  deleteConfirm: 'Are you sure you want to delete?',
  deleteCancel: 'No, Cancel',
  deleteYes: 'Yes, Delete',
  confirmPublish: 'Confirm publish',
  confirmUnpublish: 'Confirm unpublished',
  searchPlaceholder: 'Enter item to search',
  noData: 'No data found',
  fetching: 'Fetching data...',
  loading: 'Loading...',
  notFound: 'Not found.',
  unauthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  expiredToken: 'Token has expired.',
  forbidden: 'You do not have permission to perform this action.',
  /** A limit reached; the server adds when to try again (`tryAgainIn`). */
  tooManyRequests: 'Too many attempts.',
} as const;

/**
 * When a throttled visitor may try again, the end of a 429's message: 'Try again in 40 seconds.',
 * 'Try again in a minute.', 'Try again in 15 minutes.', 'Try again in an hour.' (rounded up).
 */
export function tryAgainIn(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const unit = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);
  if (s < 60) return `Try again in ${unit(s, '1 second', 'seconds')}.`;
  if (s < 3600) return `Try again in ${unit(Math.ceil(s / 60), 'a minute', 'minutes')}.`;
  return `Try again in ${unit(Math.ceil(s / 3600), 'an hour', 'hours')}.`;
}

/**
 * Publish-toggle messages follow one pattern across areas, e.g. 'Service successfully publish',
 * 'Service unpublished failed'.
 */
export function publishMessages(label: string) {
  return {
    published: `${label} successfully publish`,
    unpublished: `${label} successfully unpublished`,
    publishFailed: `${label} publish failed`,
    unpublishFailed: `${label} unpublished failed`,
  };
}
