import { useState } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/errors';
import { useToast } from '../../../shared/toast';
import { useSaveRank } from '../api';
import { bodyOf, type RankDraft } from '../rank-draft';

/**
 * The rank being added or edited, and its saving: a refusal the API names a field for shows under that
 * field (or under its group, `requirements.minSponsored` under the sponsored count), any other above them.
 */
export function useRankEditor() {
  const toast = useToast();
  const save = useSaveRank();
  const [draft, setDraft] = useState<RankDraft | null>(null);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);

  const open = (value: RankDraft) => {
    setFieldError(null);
    setDraft(value);
  };
  const close = () => setDraft(null);
  const set = (patch: Partial<RankDraft>) => draft && setDraft({ ...draft, ...patch });

  const submit = async () => {
    if (!draft) return;
    try {
      const saved = await save.mutateAsync({ id: draft.id, body: bodyOf(draft) });
      toast.success(`${saved.name} saved.`);
      setDraft(null);
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      setFieldError({ field, message: errorMessage(error) });
    }
  };

  /** The error props of the field the API named, if it named this one. */
  const err = (field: string) =>
    fieldError?.field === field || fieldError?.field?.startsWith(`${field}.`)
      ? { error: true, helperText: fieldError.message }
      : {};

  return { draft, fieldError, saving: save.isPending, open, close, set, submit, err };
}

export type RankEditor = ReturnType<typeof useRankEditor>;
