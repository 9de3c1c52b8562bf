/**
 * The one form pattern. `useForm` holds a form's values, checks them with the shared zod schema
 * (field errors keyed by field, first issue first), runs the submit while `busy` is true (for the
 * buttons' "Submitting..." labels), and shows the server's field errors (ApiError.fields) on the
 * same fields. No screen turns zod issues into messages itself.
 *
 * The schema may be given lazily (`() => import(…)`) so that a first screen validates with the
 * shared schema without carrying zod in its JavaScript: it loads on the first submit.
 */
import { type FormEvent, useState } from 'react';
import { ApiError, actionableMessage } from './api-client.ts';

/** What the hook needs of a zod schema (structural, so this file does not import zod). */
export interface FormSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors = Record<string, string>;

/** Messages by field, in the schema's order; an issue about the whole form is keyed ''. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The checks before a submit: `check` for what the schema cannot see (a picked file), then the schema. */
export function validateForm<V, T>(
  values: V,
  schema: FormSchema<T>,
  check?: (values: V) => FieldErrors,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const own = Object.fromEntries(Object.entries(check?.(values) ?? {}).filter(([, message]) => message));
  const parsed = schema.safeParse(values);
  const errors = { ...own, ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)) };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  return { ok: false, errors };
}

interface UseFormOptions<V, T> {
  initial: V;
  schema: FormSchema<T> | (() => Promise<FormSchema<T>>);
  check?: (values: V) => FieldErrors;
  /** After a submit the checks refused (e.g. to move the focus to the field). */
  onInvalid?: (errors: FieldErrors) => void;
  /** Runs with the parsed values. Throwing shows the failure (and an ApiError's fields on the fields). */
  onSubmit: (data: T, values: V) => unknown;
}

export function useForm<V extends object, T>({
  initial,
  schema,
  check,
  onInvalid,
  onSubmit,
}: UseFormOptions<V, T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setFailure(null);
    const checked = validateForm(values, typeof schema === 'function' ? await schema() : schema, check);
    if (!checked.ok) {
      setErrors(checked.errors);
      onInvalid?.(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(checked.data, values);
    } catch (error) {
      setFailure(error);
      if (error instanceof ApiError) setErrors(error.fields);
    } finally {
      setBusy(false);
    }
  }

  return {
    values,
    set: <K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value })),
    reset: () => {
      setValues(initial);
      setErrors({});
      setFailure(null);
    },
    errors,
    clearErrors: () => setErrors({}),
    /**
     * For forms that show one alert rather than one per field: the failed submit's message (the
     * server's when it says what to do, else `fallback`), or the first field error.
     */
    alert: (fallback: string) =>
      failure !== null ? actionableMessage(failure, fallback) : (Object.values(errors)[0] ?? ''),
    busy,
    failure,
    submit: (event?: FormEvent) => void submit(event),
  };
}
