import { useSyncExternalStore } from 'react';
import { readSession } from './session';

const subscribe = (cb: () => void) => {
  window.addEventListener('darkroom:session', cb);
  window.addEventListener('storage', cb);
  return () => {
    window.removeEventListener('darkroom:session', cb);
    window.removeEventListener('storage', cb);
  };
};
const snapshot = () => localStorage.getItem('user');

/** The stored session, re-read whenever it changes (here or in another tab). */
export function useSession() {
  useSyncExternalStore(subscribe, snapshot);
  return readSession();
}
