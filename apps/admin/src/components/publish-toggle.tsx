import { useState } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { COMMON_MESSAGES, publishMessages } from '@darkroom/contracts';
import { failureMessage } from '../api/failure';
import { useNotify } from './notify';
import { ConfirmDialog } from './confirm-dialog';
import { LazyMount } from './lazy-mount';

export interface PublishToggleProps {
  /** The area's label in the messages, e.g. 'Service' -> 'Service successfully publish'. */
  label: string;
  published: boolean;
  /** Sends the new status; reject to show the failure message. The caller invalidates its list. */
  onChange: (next: boolean) => Promise<unknown>;
  disabled?: boolean;
}

/** Switch -> confirmation -> call -> spec message; the one publish flow every area shares. */
export function PublishToggle({ label, published, onChange, disabled }: PublishToggleProps) {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = !published;
  const messages = publishMessages(label);

  const confirm = async () => {
    setBusy(true);
    try {
      await onChange(next);
      notify(next ? messages.published : messages.unpublished, 'success');
      setConfirming(false);
    } catch (err) {
      const fallback = next ? messages.publishFailed : messages.unpublishFailed;
      notify(failureMessage(err, { fallback, badRequest: fallback }), 'error');
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            checked={published}
            onChange={() => setConfirming(true)}
            disabled={disabled || busy}
            slotProps={{ input: { 'aria-label': published ? 'Published' : 'Publish' } }}
          />
        }
        label={published ? 'Published' : 'Unpublished'}
        slotProps={{ typography: { variant: 'body2', color: published ? 'success.main' : 'text.secondary', 'aria-hidden': true } }}
      />
      {/* Mounted from the first time it opens: a page of cards draws no closed dialog per card. */}
      <LazyMount when={confirming}>
        <ConfirmDialog
          open={confirming}
          title={next ? COMMON_MESSAGES.confirmPublish : COMMON_MESSAGES.confirmUnpublish}
          confirmLabel={next ? 'Publish' : 'Unpublish'}
          busy={busy}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      </LazyMount>
    </>
  );
}
