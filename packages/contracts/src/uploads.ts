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
export const imageViewSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.string(),
  placeholder: z.string().nullable(),
  square: z.string().nullable(),
  wide: z.string().nullable(),
});
export type ApiImageView = z.infer<typeof imageViewSchema>;

type ImageShape<F extends string> = { [K in F]: z.ZodString } & { [K in `${F}_view`]: typeof imageViewSchema };
type OptionalImageShape<F extends string> = { [K in F]: z.ZodNullable<z.ZodString> } & {
  [K in `${F}_view`]: z.ZodNullable<typeof imageViewSchema>;
};

/** The response convention for an image: `<field>` holds its URL and `<field>_view` the view. */
export function imageShape<F extends string>(field: F): ImageShape<F> {
  return { [field]: z.string(), [`${field}_view`]: imageViewSchema } as ImageShape<F>;
}

/** The same for an image a record may lack: both null when there is none. */
export function optionalImageShape<F extends string>(field: F): OptionalImageShape<F> {
  return { [field]: z.string().nullable(), [`${field}_view`]: imageViewSchema.nullable() } as OptionalImageShape<F>;
}
