import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SimulationResult, type StartSimulationInput } from '@portal/contract';
import { api } from '../../shared/api/instance';

/** How often a running simulation's progress is read. */
const POLL_MS = 1_000;

export const simulatorKeys = {
  all: ['admin', 'plan-simulations'] as const,
  inForce: ['admin', 'plan-simulations', 'in-force'] as const,
  list: (page: number, pageSize: number) => ['admin', 'plan-simulations', 'list', page, pageSize] as const,
  run: (id: number) => ['admin', 'plan-simulations', 'run', id] as const,
};

export function useSimulationDefaults() {
  return useQuery({
    queryKey: simulatorKeys.inForce,
    queryFn: ({ signal }) => api.call(endpoints.simulator.inForce, { signal }),
  });
}

export function useSimulations(page: number, pageSize: number) {
  return useQuery({
    queryKey: simulatorKeys.list(page, pageSize),
    queryFn: ({ signal }) => api.call(endpoints.simulator.list, { query: { page, pageSize }, signal }),
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.status === 'running') ? POLL_MS : false),
  });
}

/** One run, read again every second while it runs (the progress bar and the days so far). */
export function useSimulation(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: simulatorKeys.run(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }): Promise<SimulationResult> => {
      const run = await api.call(endpoints.simulator.read, { params: { id: id! }, signal });
      if (run.status !== 'running')
        void queryClient.invalidateQueries({ queryKey: ['admin', 'plan-simulations', 'list'] });
      return run;
    },
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
}

export function useStartSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSimulationInput) => api.call(endpoints.simulator.start, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.all }),
  });
}

export function useCancelSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.simulator.cancel, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.all }),
  });
}
