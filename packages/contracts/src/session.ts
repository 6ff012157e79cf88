/**
 * The localStorage key of the portal's session (`StoredSession`, in `auth.ts`). A module without
 * zod, so the sign-in page reads the session without downloading the schemas.
 */
export const SESSION_STORAGE_KEY = 'user';
