/** The portal's words for a client gallery's delivery (the server's messages are in contracts). */
export const DELIVERY_TEXT = {
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy: select the link and copy it',
  namesCopied: 'File names copied',
  namesCopyFailed: 'Could not copy the file names',
  settingsSaved: 'Delivery settings saved',
  settingsFailed: 'The delivery settings could not be saved',
  regenerateTitle: 'Revoke this link and make a new one?',
  regenerateDetail:
    'The current link stops working at once: the customer, and anyone they shared it with, will need the new link. Send it to them again afterwards.',
  regenerateConfirm: 'Make a new link',
  regenerateFailed: 'A new link could not be made',
  passwordNote: 'A password is set. It is never shown; type a new one to replace it.',
  passwordRemovedOnSave: 'The password will be removed when you save.',
  unpublished: 'This gallery is not published: its link shows "not found" and cannot be sent until you publish it.',
  sendPasswordNote:
    'The gallery has a password. The e-mail says one is needed and that you will share it separately (by phone or text message): please do not type it in your message.',
  sendNoPasswordNote: 'The e-mail holds the link; no password is needed to open it.',
  activityFailed: 'The activity could not be loaded.',
  noActivity: 'The customer has not opened the link yet.',
} as const;

/** The full address of a delivery link: the portal's origin and the server's relative path. */
export const deliveryLink = (relative: string, origin = window.location.origin) => new URL(relative, origin).toString();
