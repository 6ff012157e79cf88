/** What each kind of a customer's delivery event means, in words (client galleries and the dashboard). */
export const DELIVERY_EVENT_LABELS: Record<string, string> = {
  view: 'Opened the gallery',
  unlock: 'Entered the password',
  download: 'Downloaded all photos',
  'download-favourites': 'Downloaded the favourites',
  'download-photo': 'Downloaded a photo',
  favourites: 'Changed the favourites',
  visitor: 'A visitor gave their name',
  'selection-submitted': 'Submitted a selection',
  'selection-reopened': 'The studio reopened a selection',
};

/** An event in words: its kind's label, then the server's detail (what was downloaded, how many favourites). */
export function deliveryEventText(e: { kind: string; detail: string }): string {
  const label = DELIVERY_EVENT_LABELS[e.kind] ?? e.kind;
  return e.detail ? `${label}: ${e.detail}` : label;
}
