import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { isApiError } from './api/errors';

/**
 * Puts a server error on its field when the answer names one the form has
 * (`{ field: 'email' }` → the Email input). Returns false when the error
 * belongs to no field, so the caller shows it another way (toast, alert).
 */
export function applyServerFieldError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
  aliases: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!isApiError(error) || !error.field) return false;
  const target =
    aliases[error.field] ?? (fields.includes(error.field as Path<T>) ? (error.field as Path<T>) : undefined);
  if (!target) return false;
  setError(target, { type: 'server', message: fieldMessage(error.message, error.field) }, { shouldFocus: true });
  return true;
}

/**
 * A field error in words, for beside its field: the API's validation
 * answers name the field first ("name: Name is required"), which the field
 * itself already says.
 */
export function fieldMessage(message: string, field: string): string {
  const prefix = `${field}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/**
 * Wires a react-hook-form field to an MUI TextField: the ref goes to the
 * input element, the error and its message to the field's helper text.
 */
export function fieldProps<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>,
  name: Path<T>,
  helperText?: string,
) {
  const { ref, ...rest } = form.register(name);
  const error: FieldError | undefined = get(form.formState.errors, name);
  return { ...rest, inputRef: ref, error: !!error, helperText: error?.message ?? helperText, fullWidth: true };
}
