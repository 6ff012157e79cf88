import { Controller, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  accountApi,
  PEOPLE_MESSAGES,
  personEmail,
  requiredText,
  SETUP_MESSAGES,
  SITE_SETTINGS_LIMITS,
  SITE_SETTINGS_MESSAGES,
  type Branding,
  type SiteSettings,
  type UserDetails,
} from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call } from '../../api/endpoints';
import { failureMessage } from '../../api/failure';
import { readSession, updateSessionUser } from '../../app/session';
import { applyFieldErrors } from '../../components/form-errors';
import { ImageField } from '../../components/image-field';
import { useNotify } from '../../components/notify';
import { useBranding, useCloseSetup, useSaveBranding, useSaveSiteSettings, useSetupStatus, useSiteSettings } from './api';
import { PendingSubmitButton } from '../../components/pending-submit-button';

interface SetupValues {
  studio_name: string;
  email: string;
  phone: string;
  time_zone: string;
  logo: File | null;
}

/** The browser's zone is the likeliest answer for a studio that never chose one. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (current: string) => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
};

/**
 * The first-run setup, on the dashboard until an admin finishes or skips it: the studio's name,
 * the admin's e-mail (where enquiries are announced), the time zone and a logo, each saved
 * through its own API (profile, site settings, branding). Not a modal: the portal stays usable.
 */
export default function SetupCard() {
  const status = useSetupStatus(true);
  const settings = useSiteSettings();
  const branding = useBranding();
  if (!status.data?.open || !settings.data || !branding.data) return null;
  return <SetupForm settings={settings.data} branding={branding.data} />;
}

function SetupForm({ settings, branding }: { settings: SiteSettings; branding: Branding }) {
  const failed = SITE_SETTINGS_MESSAGES.updateFailed;
  const notify = useNotify();
  const client = useQueryClient();
  const saveSettings = useSaveSiteSettings();
  const saveBranding = useSaveBranding();
  const close = useCloseSetup();
  const user: UserDetails | undefined = readSession()?.userDetail;
  const needsPhone = !user?.phone;
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetupValues>({
    defaultValues: {
      studio_name: settings.studio_name,
      email: user?.email ?? '',
      phone: '',
      time_zone: settings.time_updated ? settings.time_zone : browserZone(),
      logo: null,
    },
  });

  const check = (values: SetupValues): boolean => {
    const rules = {
      studio_name: requiredText(
        SITE_SETTINGS_MESSAGES.studioNameRequired,
        SITE_SETTINGS_LIMITS.studioName,
        SITE_SETTINGS_MESSAGES.studioNameMax,
      ),
      email: personEmail(PEOPLE_MESSAGES.emailRequired),
      ...(needsPhone ? { phone: requiredText(PEOPLE_MESSAGES.phoneRequired, 30) } : {}),
    } as const;
    let ok = true;
    for (const [name, rule] of Object.entries(rules)) {
      const r = rule.safeParse(values[name as keyof SetupValues]);
      if (!r.success) {
        setError(name as keyof SetupValues, { type: 'client', message: r.error.issues[0]?.message }, { shouldFocus: ok });
        ok = false;
      }
    }
    return ok;
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!check(values)) return;
    try {
      if (user && (values.email.trim() !== user.email || needsPhone)) {
        const changes = { email: values.email.trim(), ...(needsPhone ? { phone: values.phone.trim() } : {}) };
        const res = await call(accountApi.updateProfile, { params: { id: user.id }, body: toFormData(changes) });
        updateSessionUser(res.userDetails);
      }
      const { time_updated: _t, ...current } = settings;
      await saveSettings.mutateAsync({ ...current, studio_name: values.studio_name, time_zone: values.time_zone });
      if (values.logo) {
        await saveBranding.mutateAsync({
          accent: branding.accent,
          font_pairing: branding.font_pairing,
          remove_logo: false,
          logo: values.logo,
        });
      }
      await close.mutateAsync(undefined);
      // The dashboard's warning about an admin without an e-mail address reads the new one.
      await client.invalidateQueries();
      notify(SETUP_MESSAGES.saved, 'success');
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['studio_name', 'email', 'phone', 'time_zone', 'logo'])) {
        notify(failureMessage(err, { fallback: failed, badRequest: failed }));
      }
    }
  });

  const skip = async () => {
    try {
      await close.mutateAsync(undefined);
    } catch (err) {
      notify(failureMessage(err, { fallback: failed, badRequest: failed }));
    }
  };

  return (
    <Paper
      component="section"
      aria-labelledby="setup-title"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderLeft: 4, borderColor: 'primary.main' }}
    >
      <Typography id="setup-title" variant="h6" component="h2">
        {SETUP_MESSAGES.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {SETUP_MESSAGES.intro}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={SETUP_MESSAGES.title}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField
            label={SETUP_MESSAGES.studioName}
            required
            {...register('studio_name')}
            error={!!errors.studio_name}
            helperText={errors.studio_name?.message}
            slotProps={{ htmlInput: { maxLength: SITE_SETTINGS_LIMITS.studioName } }}
          />
          <TextField
            label={SETUP_MESSAGES.email}
            type="email"
            required
            autoComplete="email"
            {...register('email')}
            error={!!errors.email}
            helperText={errors.email?.message ?? SETUP_MESSAGES.emailHelp}
          />
          {needsPhone && (
            <TextField
              label="Your phone number"
              type="tel"
              required
              autoComplete="tel"
              {...register('phone')}
              error={!!errors.phone}
              helperText={errors.phone?.message ?? 'Your profile needs one with the e-mail address.'}
            />
          )}
          <TextField
            select
            label={SETUP_MESSAGES.timeZone}
            {...register('time_zone')}
            error={!!errors.time_zone}
            helperText={errors.time_zone?.message ?? SETUP_MESSAGES.timeZoneHelp}
            slotProps={{ select: { native: true } }}
          >
            {zones(settings.time_updated ? settings.time_zone : browserZone()).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </TextField>
        </Box>
        <Box sx={{ mt: 2 }}>
          <Controller
            control={control}
            name="logo"
            render={({ field, fieldState }) => (
              <ImageField
                label={SETUP_MESSAGES.logo}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message ?? false}
                helperText="PNG or JPEG. The favicon is made from it; more in Site settings > Branding."
              />
            )}
          />
        </Box>
        {Object.keys(errors).length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Please correct the fields marked above.
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} sx={{ mt: 2.5, flexWrap: 'wrap' }}>
          <PendingSubmitButton pending={isSubmitting}>{SETUP_MESSAGES.save}</PendingSubmitButton>
          <Button onClick={() => void skip()} disabled={isSubmitting}>
            {SETUP_MESSAGES.skip}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
