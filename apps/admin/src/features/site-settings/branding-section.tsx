import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BRANDING_MESSAGES, brandingInputSchema, COMMON_MESSAGES, FONT_PAIRINGS, readableAccent, type Branding } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { applyFieldErrors } from '../../components/form-errors';
import { ImageField } from '../../components/image-field';
import { useNotify } from '../../components/notify';
import { useBranding, useSaveBranding, type BrandingFormValues } from './api';
import { PendingSubmitButton } from '../../components/pending-submit-button';

const FIELDS = ['accent', 'font_pairing', 'logo', 'remove_logo'];

/** Site settings > Branding: its own form and Save, apart from the settings above it. */
export function BrandingSection() {
  const { data, isLoading, error } = useBranding();
  return (
    <Paper component="section" aria-labelledby="branding-title" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760, mt: 3 }}>
      <Typography id="branding-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {BRANDING_MESSAGES.title}
      </Typography>
      {isLoading ? (
        <Skeleton height={120} />
      ) : error || !data ? (
        <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>
      ) : (
        <BrandingForm key={`${data.logo}:${data.accent}:${data.font_pairing}`} branding={data} />
      )}
    </Paper>
  );
}

function BrandingForm({ branding }: { branding: Branding }) {
  const notify = useNotify();
  const save = useSaveBranding();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BrandingFormValues>({
    defaultValues: { accent: branding.accent, font_pairing: branding.font_pairing, remove_logo: false, logo: null },
  });
  const accent = useWatch({ control, name: 'accent' });
  const valid = /^#[0-9a-f]{6}$/i.test(accent.trim());
  const shown = valid ? readableAccent(accent.trim()) : null;

  const onSubmit = handleSubmit(async (values) => {
    const checked = brandingInputSchema.safeParse(values);
    if (!checked.success) {
      for (const issue of checked.error.issues) setError(issue.path[0] as 'accent', { type: 'client', message: issue.message });
      return;
    }
    try {
      await save.mutateAsync(values);
      notify(BRANDING_MESSAGES.updated, 'success');
    } catch (err) {
      const failed = BRANDING_MESSAGES.updateFailed;
      if (!applyFieldErrors(err, setError, FIELDS)) notify(failureMessage(err, { fallback: failed, badRequest: failed }));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={BRANDING_MESSAGES.title}>
      <Stack spacing={2.5}>
        <Controller
          control={control}
          name="logo"
          render={({ field, fieldState }) => (
            <ImageField
              label={BRANDING_MESSAGES.logo}
              value={field.value}
              onChange={field.onChange}
              currentUrl={branding.logo}
              error={fieldState.error?.message ?? false}
              helperText={BRANDING_MESSAGES.logoHelp}
            />
          )}
        />
        {branding.logo && (
          <Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              {BRANDING_MESSAGES.headerPreview}
            </Typography>
            {/* The header's own colour and size: a dark logo on it is seen here before a visitor sees it. */}
            <Box sx={{ bgcolor: '#1d1b19', px: 2, py: 1.5, borderRadius: 1, display: 'inline-block', maxWidth: '100%' }}>
              <Box
                component="img"
                src={branding.logo}
                alt=""
                width={branding.logo_width ? branding.logo_width / 2 : undefined}
                height={branding.logo_height ? branding.logo_height / 2 : undefined}
                sx={{ display: 'block', maxWidth: '100%', height: 'auto' }}
              />
            </Box>
          </Box>
        )}
        {branding.logo && <FormControlLabel control={<Checkbox {...register('remove_logo')} />} label={BRANDING_MESSAGES.removeLogo} />}
        <Controller
          control={control}
          name="accent"
          render={({ field }) => (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={BRANDING_MESSAGES.accent}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!errors.accent}
                helperText={errors.accent?.message ?? BRANDING_MESSAGES.accentHelp}
                slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, autoCapitalize: 'off' } }}
                sx={{ flex: 1 }}
              />
              <Box
                component="input"
                type="color"
                aria-label={`${BRANDING_MESSAGES.accent}: colour picker`}
                value={valid ? field.value.trim().toLowerCase() : '#000000'}
                onChange={(e) => field.onChange((e.target as HTMLInputElement).value)}
                sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
              />
            </Stack>
          )}
        />
        {shown && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} aria-label="Accent preview">
            <Box sx={{ bgcolor: shown, color: '#fff', px: 2, py: 1, borderRadius: 0.5 }}>Button</Box>
            <Box component="span" sx={{ color: shown, textDecoration: 'underline' }}>
              A link
            </Box>
            {shown !== accent.trim().toLowerCase() && (
              <Typography variant="caption" color="text.secondary">
                Darkened to {shown} so text on it stays readable.
              </Typography>
            )}
          </Stack>
        )}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">{BRANDING_MESSAGES.fonts}</FormLabel>
          <Controller
            control={control}
            name="font_pairing"
            render={({ field }) => (
              <RadioGroup value={field.value} onChange={(e) => field.onChange(e.target.value)} name="font_pairing">
                {FONT_PAIRINGS.map((p) => (
                  <FormControlLabel key={p.key} value={p.key} control={<Radio />} label={p.label} />
                ))}
              </RadioGroup>
            )}
          />
          {errors.font_pairing && <Typography color="error">{errors.font_pairing.message}</Typography>}
        </Box>
        <Box>
          <PendingSubmitButton pending={save.isPending}>Update branding</PendingSubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
