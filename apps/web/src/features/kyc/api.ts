import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type IdentityDecision, type IdentitySide } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { useListQuery } from '../../shared/api/list-query';

const identityKeys = {
  all: ['identity'] as const,
  own: ['identity', 'own'] as const,
  reviews: (query: object) => ['identity', 'reviews', query] as const,
};

/** The member's own identity check (Account settings → Identity). */
export function useIdentityStatus() {
  return useQuery({
    queryKey: identityKeys.own,
    queryFn: ({ signal }) => api.call(endpoints.identityChecks.status, { signal }),
  });
}

/** Uploads one side; the answer is the check as it now stands. */
export function useUploadIdentityDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ side, file }: { side: IdentitySide; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return api.call(endpoints.identityChecks.upload, { params: { side }, body: form });
    },
    onSuccess: (answer) => queryClient.setQueryData(identityKeys.own, answer),
  });
}

/** The admins' review queue. */
export function useIdentityReviews(query: Record<string, string | number>) {
  return useListQuery(identityKeys.reviews, endpoints.identityChecks.adminList, query);
}

export function useDecideIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: IdentityDecision }) =>
      api.call(endpoints.identityChecks.adminDecide, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  });
}

/**
 * One document's picture, fetched with the admin's token (never a public URL: an <img> would send none). A POST,
 * because the API writes each view to the audit log; not cached, so each opening is a view.
 */
export function useIdentityDocument(id: number) {
  return useQuery({
    // Outside `identityKeys.all`: a decision refreshes the lists, never the pictures (each fetch is an audited view).
    queryKey: ['identity-document', id],
    queryFn: ({ signal }) =>
      api.request<Blob>(`/admin/identity-checks/documents/${id}/view`, { method: 'POST', binary: true, signal }),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}
