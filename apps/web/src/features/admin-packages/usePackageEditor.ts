import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/errors';
import { changesOf } from '../../shared/components/ChangeReview';
import { fieldMessage } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { useSavePackage } from '../packages/api';

export type PackageDraft = { id?: number; name: string; price: string; bv: string; dailyCap: string; active: boolean };
export const EMPTY_PACKAGE: PackageDraft = { name: '', price: '', bv: '', dailyCap: '', active: true };
const FIELDS = ['name', 'price', 'bv', 'dailyCap', 'active'] as const;
const FIELD_LABELS: Record<(typeof FIELDS)[number], { label: string; unit?: string }> = {
  name: { label: 'Name' },
  price: { label: 'Price', unit: 'USDT' },
  bv: { label: 'Business volume', unit: 'BV' },
  dailyCap: { label: 'Daily matching cap', unit: 'USDT' },
  active: { label: 'On sale' },
};

/** The package being added or edited: its fields, then a review of what the save changes, then the save. */
export function usePackageEditor() {
  const toast = useToast();
  const save = useSavePackage();
  const [draft, setDraft] = useState<PackageDraft | null>(null);
  /** The package as it was when the dialog opened: the review shows what the save changes. */
  const [original, setOriginal] = useState<PackageDraft>(EMPTY_PACKAGE);
  const [reviewing, setReviewing] = useState(false);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const open = (value: PackageDraft) => {
    setFieldError(null);
    setReviewing(false);
    setOriginal(value);
    setDraft(value);
  };
  const changes = draft
    ? changesOf(original, { ...draft, name: draft.name.trim() }, FIELDS, (field) => FIELD_LABELS[field])
    : [];

  const review = () => {
    if (changes.length === 0) {
      toast.info('Nothing changed.');
      return;
    }
    setFieldError(null);
    setReviewing(true);
  };

  const submit = async () => {
    if (!draft) return;
    const { id, ...body } = draft;
    try {
      const saved = await save.mutateAsync({ id, body: { ...body, name: body.name.trim() } });
      toast.success(`${saved.name} saved.`);
      setDraft(null);
    } catch (error) {
      // A refused value goes back beside its field, in words; anything else is the one toast.
      const field = isApiError(error) ? error.field : undefined;
      if (field && field in FIELD_LABELS) {
        setFieldError({ field, message: fieldMessage(errorMessage(error), field) });
        setReviewing(false);
      } else toast.error(errorMessage(error));
    }
  };
  const err = (field: keyof PackageDraft) =>
    fieldError?.field === field ? { error: true, helperText: fieldError.message } : {};

  return {
    draft,
    setDraft,
    open,
    close: () => setDraft(null),
    changes,
    reviewing,
    review,
    back: () => setReviewing(false),
    submit,
    saving: save.isPending,
    err,
  };
}

export type PackageEditor = ReturnType<typeof usePackageEditor>;
