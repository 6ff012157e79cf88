/** Display formats shared by the tables and dialogs (the admin's own locale). */

/** Date and time, short: 'Nov 22, 2026, 8:05 PM'; 'Never' when there is none (e.g. no login yet). */
export const formatDateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/** The date alone: 'Nov 22, 2026'. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** An account's display name: first and last name, else the username (one rule, in contracts). */
export { displayName as personName } from '@darkroom/contracts';
