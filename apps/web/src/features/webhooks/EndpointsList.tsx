import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { endpoints, WEBHOOK_KIND_LABELS, type WebhookEndpoint } from '@portal/contract';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatCount, formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';
import { useWebhookEndpoints } from './api';
import { EndpointDialog } from './EndpointDialog';
import { useEndpointActions } from './useEndpointActions';

const STATE_CHOICES = [
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
];

const kindsInWords = (kinds: string[]) =>
  kinds.map((kind) => WEBHOOK_KIND_LABELS[kind as keyof typeof WEBHOOK_KIND_LABELS] ?? kind).join(', ');

function stateOf(e: WebhookEndpoint) {
  if (!e.enabled) return <StatusChip status="disabled" color="error" label="Disabled" />;
  if (e.failingSince) return <StatusChip status="failing" color="warning" label="Failing" />;
  return <StatusChip status="enabled" color="success" label="Enabled" />;
}

/** The endpoints: state, kinds, what waits; per row its delivery log, a test event, edit, enable or disable, delete. */
export function EndpointsList({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useListParams({ filters: ['search', 'state'] as const, defaultSort: '-createdAt' });
  const result = useWebhookEndpoints(list.query);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const actions = useEndpointActions();

  const columns: Column<WebhookEndpoint>[] = [
    {
      id: 'url',
      label: 'URL',
      sortField: 'url',
      minWidth: 220,
      render: (e) => (
        <>
          <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {e.url}
          </Box>
          {e.description ? (
            <Typography variant="body2" color="text.secondary">
              {e.description}
            </Typography>
          ) : null}
        </>
      ),
    },
    { id: 'state', label: 'State', render: stateOf },
    { id: 'kinds', label: 'Events', minWidth: 200, secondary: true, render: (e) => kindsInWords(e.kinds) },
    { id: 'waiting', label: 'Waiting', align: 'right', render: (e) => formatCount(e.waiting) },
    {
      id: 'created',
      label: 'Created',
      sortField: 'createdAt',
      secondary: true,
      render: (e) => `${formatDateTime(e.createdAt)}${e.createdBy ? ` by ${e.createdBy}` : ''}`,
    },
    {
      id: 'actions',
      label: 'Actions',
      align: 'right',
      pinned: true,
      render: (e) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" onClick={() => onOpen(e.id)} aria-label={`Deliveries of ${e.url}`}>
            Deliveries
          </Button>
          <Button size="small" onClick={() => setEditing(e)} aria-label={`Edit ${e.url}`}>
            Edit
          </Button>
          {actions.buttons(e)}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <ListCard
        title="Webhooks"
        subheader="Your systems are sent the portal's events, signed with each endpoint's secret and retried for three days."
        action={
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Button variant="contained" onClick={() => setEditing('new')}>
              Add endpoint
            </Button>
            <CsvExportButton list={endpoints.webhooks.adminList} name="webhook-endpoints" query={list.query} />
          </Stack>
        }
        notice={
          <Box sx={{ px: 5 }}>
            <AdminTwoFactorNotice action="add or change webhook endpoints" />
          </Box>
        }
        filters={
          <>
            <SearchField label="Search URL or description" {...filterProps(list, 'search')} />
            <SelectFilter label="State" anyLabel="All" choices={STATE_CHOICES} {...filterProps(list, 'state')} />
          </>
        }
        label="Webhook endpoints"
        stackOnPhone
        columns={columns}
        list={list}
        result={result}
        empty="No webhook endpoint yet: add one to send events to your systems."
      />
      {editing && <EndpointDialog endpoint={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {actions.dialog}
    </>
  );
}
