import { z } from 'zod';

// Helpers for image fields of forms and API responses, shared by the area modules. Not
// re-exported from index.ts on purpose: each area exports the types it needs.

/** A file as a form holds it (a browser File satisfies this). */
export interface ChosenFile {
  name: string;
  size: number;
}

/**
 * A form's file field: a chosen file, or null when none is chosen. Generic so the portal can
 * type it as the browser's File (`chosenFileOf<File>()`), which react-hook-form's resolver needs.
 */
export function chosenFileOf<F extends ChosenFile = ChosenFile>() {
  return z.custom<F | null>((v) => v == null || (typeof v === 'object' && 'size' in v && 'name' in v));
}
export const chosenFile = chosenFileOf();

export const hasFile = (v: ChosenFile | null | undefined): v is ChosenFile => !!v && v.size > 0;

/** Whether a dialog adds a record or edits one. */
export type FormMode = 'create' | 'edit';

/**
 * A form's file field that must hold a chosen file. The rule sits on the field, not in an
 * object's superRefine: zod 4 skips that while any other field has an error, so the message
 * would only appear once everything else is valid instead of together with the others.
 */
export function requiredFileOf<F extends ChosenFile = ChosenFile>(message: string) {
  return chosenFileOf<F>().refine((v) => hasFile(v), { error: message });
}

/** A file field required when creating; when editing it is optional (sent only if new). */
export function requiredOnCreate<F extends ChosenFile = ChosenFile>(mode: FormMode, message: string) {
  return mode === 'create' ? requiredFileOf<F>(message) : chosenFileOf<F>();
}

/** An image as the API presents it: display URL, responsive sources, crops and a placeholder. */
export interface ApiImageView {
  url: string;
  width: number;
  height: number;
  srcset: string;
  placeholder: string | null;
  square: string | null;
  wide: string | null;
}
