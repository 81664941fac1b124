import Button from '@mui/material/Button';
import type { WebhookEndpoint } from '@portal/contract';
import { ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useDeleteWebhook, useSendTestEvent, useUpdateWebhook } from './api';

type Verb = 'test' | 'enable' | 'disable' | 'delete';
interface Action {
  verb: Verb;
  endpoint: WebhookEndpoint;
}

const WORDS: Record<Verb, { title: string; confirm: string; note: string; done: string }> = {
  test: {
    title: 'Send a test event',
    confirm: 'Send',
    note: 'A signed "webhook.test" event is sent now; it shows in the delivery log.',
    done: 'Test event sent: see the delivery log for the answer.',
  },
  enable: {
    title: 'Enable the endpoint',
    confirm: 'Enable',
    note: 'Its waiting deliveries are sent, and new events from now on.',
    done: 'The endpoint is enabled.',
  },
  disable: {
    title: 'Disable the endpoint',
    confirm: 'Disable',
    note: 'Nothing is sent to it until it is enabled again; its events wait.',
    done: 'The endpoint is disabled.',
  },
  delete: {
    title: 'Delete the endpoint',
    confirm: 'Delete',
    note: 'Its delivery log goes with it, and nothing more is sent to it. Its secret cannot be shown again.',
    done: 'The endpoint is deleted.',
  },
};

/** An endpoint's writes, each restated in the shared confirmation and sent once. `buttons(e)` per row, `dialog` once. */
export function useEndpointActions() {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const flow = useConfirmedMutation({
    send: async ({ verb, endpoint }: Action) => {
      if (verb === 'test') await test.mutateAsync(endpoint.id);
      else if (verb === 'delete') await remove.mutateAsync(endpoint.id);
      else await update.mutateAsync({ id: endpoint.id, body: { enabled: verb === 'enable' } });
    },
    successMessage: (_done, { verb }) => WORDS[verb].done,
  });
  const action = flow.pending;
  const buttons = (endpoint: WebhookEndpoint) => (
    <>
      {endpoint.enabled && (
        <Button
          size="small"
          onClick={() => flow.open({ verb: 'test', endpoint })}
          aria-label={`Send a test to ${endpoint.url}`}
        >
          Test
        </Button>
      )}
      <Button
        size="small"
        onClick={() => flow.open({ verb: endpoint.enabled ? 'disable' : 'enable', endpoint })}
        aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
      >
        {endpoint.enabled ? 'Disable' : 'Enable'}
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => flow.open({ verb: 'delete', endpoint })}
        aria-label={`Delete ${endpoint.url}`}
      >
        Delete
      </Button>
    </>
  );
  const words = action ? WORDS[action.verb] : WORDS.test;
  const dialog = (
    <ConfirmDialog
      title={words.title}
      confirmLabel={words.confirm}
      color={action?.verb === 'delete' || action?.verb === 'disable' ? 'error' : 'primary'}
      {...flow.dialog}
    >
      {action && (
        <ConfirmSummary testId={`webhook-${action.verb}`} note={words.note}>
          <ConfirmLine label="URL">{action.endpoint.url}</ConfirmLine>
          {action.endpoint.disabledReason && (
            <ConfirmLine label="Disabled">{action.endpoint.disabledReason}</ConfirmLine>
          )}
        </ConfirmSummary>
      )}
    </ConfirmDialog>
  );
  return { buttons, dialog };
}
