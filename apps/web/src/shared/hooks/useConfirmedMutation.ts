import { useCallback, useRef, useState } from 'react';
import { errorMessage, isSessionEnded } from '../api/errors';
import { isAnswerLost, newIdempotencyKey } from '../idempotency';
import { useToast } from '../toast';

export interface ConfirmedMutationOptions<TReview, TResult> {
  /** Sends the confirmed action with this attempt's `Idempotency-Key`. */
  send: (review: TReview, idempotencyKey: string) => Promise<TResult>;
  /** The outcome, said once in a success toast. */
  successMessage: (result: TResult, review: TReview) => string;
  /**
   * Puts a server error on the form field it names and answers true; the
   * error is then shown there only. Without it (or when it answers false)
   * the error is the one toast.
   */
  fieldError?: (error: unknown) => boolean;
  /** After a success (reset the form, close a dialog). */
  onSuccess?: (result: TResult, review: TReview) => void;
}

export interface ConfirmedMutation<TReview> {
  /** What the confirmation restates; null while it is closed. */
  pending: TReview | null;
  /** Fetching what to confirm (a quote): the review button shows it. */
  preparing: boolean;
  /** Sending: both dialog buttons are disabled. */
  sending: boolean;
  /** Opens the confirmation for this review, with a fresh Idempotency-Key. */
  open: (review: TReview) => void;
  /** Loads what to confirm (a quote), then opens; a refusal goes to its field or is the one toast. */
  prepare: (load: () => Promise<TReview>) => Promise<void>;
  /** Props for the shared `ConfirmDialog`. */
  dialog: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void };
}

/**
 * The one way a money form moves money
 * (docs/decisions/0017-lazy-routes-and-confirmed-money-forms.md): review → confirmation dialog with a summary → one request → one
 * feedback. Each opened confirmation is one attempt with its own
 * Idempotency-Key; when the answer is lost (no answer, a server fault) the
 * dialog stays open with the same key, so confirming again cannot move the
 * money twice. Field errors are shown inline only, anything else as one
 * toast; a double click sends once.
 */
export function useConfirmedMutation<TReview, TResult>(
  options: ConfirmedMutationOptions<TReview, TResult>,
): ConfirmedMutation<TReview> {
  const toast = useToast();
  const [attempt, setAttempt] = useState<{ review: TReview; key: string } | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [sending, setSending] = useState(false);
  // Guards against a second click in the same frame, before the state above re-renders.
  const inFlight = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  /** One feedback for a refusal: on its field when the form has one, else a toast (none when the session ended: said already). */
  const report = useCallback(
    (error: unknown) => {
      if (latest.current.fieldError?.(error)) return;
      if (!isSessionEnded(error)) toast.error(errorMessage(error));
    },
    [toast],
  );

  const open = useCallback((review: TReview) => setAttempt({ review, key: newIdempotencyKey() }), []);

  const prepare = useCallback(
    async (load: () => Promise<TReview>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPreparing(true);
      try {
        open(await load());
      } catch (error) {
        report(error);
      } finally {
        inFlight.current = false;
        setPreparing(false);
      }
    },
    [open, report],
  );

  const confirm = useCallback(async () => {
    if (!attempt || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      const result = await latest.current.send(attempt.review, attempt.key);
      setAttempt(null);
      toast.success(latest.current.successMessage(result, attempt.review));
      latest.current.onSuccess?.(result, attempt.review);
    } catch (error) {
      if (isAnswerLost(error)) {
        // The money may have moved: the dialog stays with the same key, and Confirm again is safe.
        toast.error(errorMessage(error));
      } else {
        setAttempt(null);
        report(error);
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, [attempt, report, toast]);

  const close = useCallback(() => {
    if (!inFlight.current) setAttempt(null);
  }, []);

  return {
    pending: attempt?.review ?? null,
    preparing,
    sending,
    open,
    prepare,
    dialog: { open: attempt !== null, busy: sending, onConfirm: () => void confirm(), onClose: close },
  };
}
