import { useForm, useFieldArray, useWatch, type Control, type Resolver, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Switch,
  IconButton,
  Link,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  COMMON_MESSAGES,
  ENQUIRY_EXTRA_FIELDS,
  type EnquiryExtraField,
  type EnquiryFieldMode,
  SITE_MENU_PAGES,
  SEO_LIMITS,
  SITE_SETTINGS_LIMITS,
  SITE_SETTINGS_MESSAGES,
  siteSettingsInputSchema,
  type SiteMenuPage,
  type SiteSettings,
  type StudioAlerts,
} from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { applyFieldErrors } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { useSaveSiteSettings, useSiteSettings } from './api';
import { BrandingSection } from './branding-section';
import { WatermarkSection } from './watermark-section';
import { PendingSubmitButton } from '../../components/pending-submit-button';

interface FormValues {
  studio_name: string;
  tagline: string;
  seo_description: string;
  home_seo_title: string;
  social_links: { label: string; url: string }[];
  menu_pages: SiteMenuPage[];
  enquiry_fields: Record<EnquiryExtraField, EnquiryFieldMode>;
  enquiry_privacy: string;
  enquiry_ack: { enabled: boolean; subject: string; message: string };
  time_zone: string;
  expiry_reminder_days: number;
  studio_alerts: StudioAlerts;
}

const FIELDS = [
  'studio_name',
  'tagline',
  'home_seo_title',
  'seo_description',
  'social_links',
  'menu_pages',
  'enquiry_fields',
  'enquiry_privacy',
  'enquiry_ack',
  'time_zone',
  'expiry_reminder_days',
  'studio_alerts',
];
const MODE_LABELS: Record<EnquiryFieldMode, string> = { off: 'Not asked', optional: 'Optional', required: 'Required' };

/** Every time zone the browser knows, the saved one included even if it does not. */
const timeZones = (saved: string): string[] => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(saved) ? known : [saved, ...known];
};

/** /Site-settings: what the spec leaves open about the public website, on one small page. */
export default function SiteSettingsPage() {
  const { data, isLoading, error } = useSiteSettings();
  return (
    <>
      <PageHeader
        title={SITE_SETTINGS_MESSAGES.title}
        subtitle="The studio's name, tagline, search description, social links, menu and contact form on the public website."
      />
      {isLoading ? (
        <Paper sx={{ p: 3 }}>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Typography color="text.secondary" role="status">
            {COMMON_MESSAGES.fetching}
          </Typography>
        </Paper>
      ) : error || !data ? (
        <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>
      ) : (
        <SettingsForm key={data.time_updated ?? 'defaults'} settings={data} />
      )}
      <BrandingSection />
      <WatermarkSection />
    </>
  );
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const notify = useNotify();
  const save = useSaveSiteSettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<FormValues>({
    mode: 'onBlur',
    resolver: zodResolver(siteSettingsInputSchema) as unknown as Resolver<FormValues>,
    defaultValues: {
      studio_name: settings.studio_name,
      tagline: settings.tagline,
      seo_description: settings.seo_description,
      home_seo_title: settings.home_seo_title,
      social_links: settings.social_links,
      menu_pages: settings.menu_pages,
      enquiry_fields: settings.enquiry_fields,
      enquiry_privacy: settings.enquiry_privacy,
      enquiry_ack: settings.enquiry_ack,
      time_zone: settings.time_zone,
      expiry_reminder_days: settings.expiry_reminder_days,
      studio_alerts: settings.studio_alerts,
    },
  });
  const ackEnabled = useWatch({ control, name: 'enquiry_ack.enabled' });
  const fieldModes = useWatch({ control, name: 'enquiry_fields' });
  const links = useFieldArray({ control, name: 'social_links' });
  const menu = useWatch({ control, name: 'menu_pages' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify(SITE_SETTINGS_MESSAGES.updated, 'success');
    } catch (err) {
      const failed = SITE_SETTINGS_MESSAGES.updateFailed;
      if (!applyFieldErrors(err, setError, FIELDS)) notify(failureMessage(err, { fallback: failed, badRequest: failed }));
    }
  });

  const toggle = (key: SiteMenuPage, on: boolean) =>
    setValue('menu_pages', on ? [...menu, key] : menu.filter((k) => k !== key), { shouldDirty: true });

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}
      aria-label={SITE_SETTINGS_MESSAGES.title}
    >
      <Stack spacing={2.5}>
        <TextField
          label="Studio name"
          required
          {...register('studio_name')}
          error={!!errors.studio_name}
          helperText={errors.studio_name?.message ?? 'Shown in the menu bar, page titles and search results.'}
          slotProps={{ htmlInput: { maxLength: SITE_SETTINGS_LIMITS.studioName } }}
        />
        <TextField
          label="Tagline"
          {...register('tagline')}
          error={!!errors.tagline}
          helperText={errors.tagline?.message ?? 'One line under the name on the home page.'}
          slotProps={{ htmlInput: { maxLength: SITE_SETTINGS_LIMITS.tagline } }}
        />
        <TextField
          label="Home page SEO title"
          {...register('home_seo_title')}
          error={!!errors.home_seo_title}
          helperText={
            errors.home_seo_title?.message ??
            `The home page's title in search results and link previews; empty: name | tagline. Up to ${SEO_LIMITS.title} characters.`
          }
          slotProps={{ htmlInput: { maxLength: SEO_LIMITS.title } }}
        />
        <TextField
          label="SEO description"
          multiline
          minRows={2}
          {...register('seo_description')}
          error={!!errors.seo_description}
          helperText={errors.seo_description?.message ?? 'What search engines show under the home page (about 150 characters).'}
          slotProps={{ htmlInput: { maxLength: SITE_SETTINGS_LIMITS.seoDescription } }}
        />
        <TextField
          select
          label="Studio time zone"
          {...register('time_zone')}
          error={!!errors.time_zone}
          helperText={errors.time_zone?.message ?? 'Client galleries expire at the end of their last day in this time zone.'}
          slotProps={{ select: { native: true } }}
        >
          {timeZones(settings.time_zone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </TextField>
        <TextField
          label="Expiry reminder (days before)"
          type="number"
          {...register('expiry_reminder_days', { valueAsNumber: true })}
          error={!!errors.expiry_reminder_days}
          helperText={
            errors.expiry_reminder_days?.message ??
            'The customer of a client gallery is e-mailed once, this many days before it expires (0: never).'
          }
          slotProps={{ htmlInput: { min: 0, max: 60, step: 1, inputMode: 'numeric' } }}
        />
        <StudioAlertsFields control={control} setValue={setValue} />
        <Box>
          <FormLabel component="legend">Social links</FormLabel>
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            {links.fields.map((field, i) => (
              <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  label="Name"
                  size="small"
                  {...register(`social_links.${i}.label`)}
                  error={!!errors.social_links?.[i]?.label}
                  helperText={errors.social_links?.[i]?.label?.message}
                  sx={{ width: { sm: 180 } }}
                />
                <TextField
                  label="Web address"
                  size="small"
                  placeholder="https://"
                  {...register(`social_links.${i}.url`)}
                  error={!!errors.social_links?.[i]?.url}
                  helperText={errors.social_links?.[i]?.url?.message}
                  sx={{ flex: 1 }}
                />
                <IconButton aria-label={`Remove link ${i + 1}`} onClick={() => links.remove(i)}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            ))}
            {errors.social_links?.message && <Typography color="error">{errors.social_links.message}</Typography>}
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() => links.append({ label: '', url: '' })}
                disabled={links.fields.length >= SITE_SETTINGS_LIMITS.socialLinks}
              >
                Add a link
              </Button>
            </Box>
          </Stack>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">Pages in the menu</FormLabel>
          <FormGroup row>
            {SITE_MENU_PAGES.map((p) => (
              <FormControlLabel
                key={p.key}
                control={<Checkbox checked={menu.includes(p.key)} onChange={(e) => toggle(p.key, e.target.checked)} />}
                label={p.label}
              />
            ))}
          </FormGroup>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">Contact form</FormLabel>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Name, email and message are always asked. Pick the other questions and which must be answered.
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {ENQUIRY_EXTRA_FIELDS.map((f) => (
              <TextField
                key={f.key}
                select
                size="small"
                label={f.label}
                value={fieldModes[f.key]}
                onChange={(e) => setValue(`enquiry_fields.${f.key}`, e.target.value as EnquiryFieldMode, { shouldDirty: true })}
                helperText={f.key === 'service' ? 'A list of the published services.' : undefined}
              >
                {(Object.keys(MODE_LABELS) as EnquiryFieldMode[]).map((m) => (
                  <MenuItem key={m} value={m}>
                    {MODE_LABELS[m]}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Box>
        </Box>
        <TextField
          label="Privacy line"
          multiline
          minRows={2}
          {...register('enquiry_privacy')}
          error={!!errors.enquiry_privacy}
          helperText={errors.enquiry_privacy?.message ?? "Shown under the contact form: how the visitor's details are used."}
          slotProps={{ htmlInput: { maxLength: SITE_SETTINGS_LIMITS.privacy } }}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">Acknowledgement e-mail</FormLabel>
          <FormControlLabel
            control={
              <Switch checked={ackEnabled} onChange={(e) => setValue('enquiry_ack.enabled', e.target.checked, { shouldDirty: true })} />
            }
            label="E-mail each visitor who sends an enquiry"
          />
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Subject"
              size="small"
              {...register('enquiry_ack.subject')}
              error={!!errors.enquiry_ack?.subject}
              helperText={errors.enquiry_ack?.subject?.message}
              slotProps={{ htmlInput: { maxLength: SITE_SETTINGS_LIMITS.ackSubject } }}
            />
            <TextField
              label="Words"
              multiline
              minRows={3}
              {...register('enquiry_ack.message')}
              error={!!errors.enquiry_ack?.message}
              helperText={errors.enquiry_ack?.message?.message ?? 'After "Dear <name>,"; the studio name signs it.'}
              slotProps={{ htmlInput: { maxLength: SITE_SETTINGS_LIMITS.ackMessage } }}
            />
          </Stack>
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <PendingSubmitButton pending={save.isPending}>Save</PendingSubmitButton>
          <Link href="/" target="_blank" rel="noopener">
            Open the website
          </Link>
        </Stack>
      </Stack>
    </Paper>
  );
}

const ALERTS: { key: keyof StudioAlerts; label: string }[] = [
  { key: 'selection_submitted', label: 'A visitor submits a selection' },
  { key: 'gallery_opened', label: 'A client gallery is opened for the first time' },
  { key: 'gallery_downloaded', label: 'A client gallery is downloaded for the first time' },
];

/** The studio's alerts: which client gallery events e-mail every admin with an address. */
function StudioAlertsFields({ control, setValue }: { control: Control<FormValues>; setValue: UseFormSetValue<FormValues> }) {
  const alerts = useWatch({ control, name: 'studio_alerts' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">E-mail the admins when</FormLabel>
      <FormGroup>
        {ALERTS.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            control={
              <Switch checked={alerts[key]} onChange={(e) => setValue(`studio_alerts.${key}`, e.target.checked, { shouldDirty: true })} />
            }
            label={label}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
