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
  tooManyRequests: 'Too many attempts. Try again later.',
} as const;

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
