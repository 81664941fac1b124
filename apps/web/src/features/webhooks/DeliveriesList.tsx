import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import {
  endpoints,
  notificationKinds,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_TEST_KIND,
  webhookDeliveryStatuses,
  type WebhookDelivery,
} from '@portal/contract';
import { ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SelectFilter } from '../../shared/components/ListFilters';
import { StatusChip, type StatusColor } from '../../shared/components/StatusChip';
import { formatCount, formatDateTime } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { filterProps, useListParams } from '../../shared/list-params';
import { useRedeliver, useWebhookDeliveries } from './api';
import { AttemptLog, lastAnswer } from './AttemptLog';

const STATUS_CHOICES = webhookDeliveryStatuses.map((value) => ({
  value,
  label: WEBHOOK_DELIVERY_STATUS_LABELS[value],
}));
const KIND_CHOICES = [...notificationKinds, WEBHOOK_TEST_KIND as typeof WEBHOOK_TEST_KIND].map((value) => ({
  value,
  label: WEBHOOK_KIND_LABELS[value],
}));
const STATUS_COLOR: Record<WebhookDelivery['status'], StatusColor> = {
  pending: 'info',
  delivered: 'success',
  failed: 'warning',
  abandoned: 'error',
};
const kindLabel = (kind: string) => WEBHOOK_KIND_LABELS[kind as keyof typeof WEBHOOK_KIND_LABELS] ?? kind;

/** One endpoint's deliveries, newest first, each with its attempts (opened below its row) and Redeliver. */
export function DeliveriesList({ endpointId, onBack }: { endpointId: number; onBack: () => void }) {
  const list = useListParams({ filters: ['endpoint', 'status', 'kind'] as const, defaultSort: '-createdAt' });
  const { endpoint: _endpoint, ...query } = list.query;
  const result = useWebhookDeliveries(endpointId, query);
  const redeliver = useRedeliver();
  const flow = useConfirmedMutation({
    send: (delivery: WebhookDelivery) => redeliver.mutateAsync(delivery.id),
    successMessage: () => 'Sent again now: the log shows the answer in a moment.',
  });

  const columns: Column<WebhookDelivery>[] = [
    {
      id: 'event',
      label: 'Event',
      minWidth: 170,
      render: (d) => (
        <>
          {kindLabel(d.kind)}
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {d.eventId}
          </Typography>
        </>
      ),
    },
    {
      id: 'status',
      label: 'Status',
      render: (d) => (
        <StatusChip status={d.status} color={STATUS_COLOR[d.status]} label={WEBHOOK_DELIVERY_STATUS_LABELS[d.status]} />
      ),
    },
    { id: 'attempts', label: 'Attempts', align: 'right', render: (d) => formatCount(d.attempts) },
    { id: 'answer', label: 'Last answer', minWidth: 160, render: lastAnswer },
    {
      id: 'last',
      label: 'Last attempt',
      sortField: 'lastAttemptAt',
      secondary: true,
      render: (d) => (d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : '—'),
    },
    {
      id: 'next',
      label: 'Next attempt',
      secondary: true,
      render: (d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'),
    },
    {
      id: 'created',
      label: 'Created',
      sortField: 'createdAt',
      secondary: true,
      render: (d) => formatDateTime(d.createdAt),
    },
    {
      id: 'actions',
      label: 'Actions',
      align: 'right',
      pinned: true,
      render: (d) => (
        <Button size="small" onClick={() => flow.open(d)} aria-label={`Redeliver ${d.eventId}`}>
          Redeliver
        </Button>
      ),
    },
  ];

  const pending = flow.pending;
  return (
    <>
      <ListCard
        title={`Delivery log of endpoint #${endpointId}`}
        subheader="Each event sent to this endpoint, with every attempt and the answer it got. Retries go on for three days."
        action={
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Button variant="outlined" startIcon={<ArrowBackOutlined />} onClick={onBack}>
              All endpoints
            </Button>
            <CsvExportButton
              list={{ ...endpoints.webhooks.adminDeliveries, path: `/admin/webhooks/${endpointId}/deliveries` }}
              name="webhook-deliveries"
              query={query}
            />
          </Stack>
        }
        filters={
          <>
            <SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />
            <SelectFilter label="Event" choices={KIND_CHOICES} {...filterProps(list, 'kind')} />
          </>
        }
        label="Webhook deliveries"
        columns={columns}
        list={list}
        result={result}
        stackOnPhone
        renderExpansion={(d) => <AttemptLog delivery={d} />}
        expansionLabel={(d) => `Attempts of ${d.eventId}`}
        empty="Nothing sent to this endpoint yet (or nothing matches these filters)."
      />
      <ConfirmDialog title="Redeliver" confirmLabel="Send again" {...flow.dialog}>
        {pending && (
          <ConfirmSummary
            testId="webhook-redeliver"
            note="It is sent now with the same webhook-id, so your system can tell it has seen it; if it fails it is retried for three days."
          >
            <ConfirmLine label="Event">{`${kindLabel(pending.kind)} (${pending.eventId})`}</ConfirmLine>
            <ConfirmLine label="Status">{WEBHOOK_DELIVERY_STATUS_LABELS[pending.status]}</ConfirmLine>
          </ConfirmSummary>
        )}
      </ConfirmDialog>
    </>
  );
}
