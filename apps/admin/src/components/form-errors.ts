import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { UPDATE_DIALOG_CLOSE_MS } from '@darkroom/contracts';
import { fieldErrorsOf } from '../api/failure';

/**
 * Puts a 400's field messages onto the matching react-hook-form fields, so the server's
 * validation shows under the inputs just like client-side validation. Returns true when at
 * least one field got a message (the caller may then skip a generic notification).
 */
export function applyFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: string[]): boolean {
  const messages = fieldErrorsOf(err);
  let applied = false;
  for (const field of fields) {
    const message = messages[field]?.[0];
    if (!message) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * Closes an 'update' dialog UPDATE_DIALOG_CLOSE_MS (3 s) after success, as the spec asks, so the
 * success message can be read in context. The timer is cancelled on unmount or a new call.
 */
export function useDelayedClose(onClose: () => void, delayMs: number = UPDATE_DIALOG_CLOSE_MS): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  }, [onClose]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), delayMs);
  }, [delayMs]);
}
