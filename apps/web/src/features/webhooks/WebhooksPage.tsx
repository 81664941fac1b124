import { useSearchParams } from 'react-router';
import { DeliveriesList } from './DeliveriesList';
import { EndpointsList } from './EndpointsList';

/**
 * /admin-webhooks: the operator's webhook endpoints (docs/decisions/0066-webhooks.md);
 * `?endpoint=<id>` shows that endpoint's delivery log instead.
 */
export function WebhooksPage() {
  const [params, setParams] = useSearchParams();
  const endpointId = Number(params.get('endpoint'));
  const show = (id: number | null) =>
    setParams(id ? new URLSearchParams({ endpoint: String(id) }) : new URLSearchParams());
  if (Number.isSafeInteger(endpointId) && endpointId > 0)
    return <DeliveriesList endpointId={endpointId} onBack={() => show(null)} />;
  return <EndpointsList onOpen={(id) => show(id)} />;
}
