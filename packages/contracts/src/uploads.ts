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
