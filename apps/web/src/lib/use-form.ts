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

/**
 * Which form field shows a message about `key` (a schema path or a server field name); null drops
 * it. The default is the key itself.
 */
export type FieldOf = (key: string) => string | null;

/** Messages by field, first issue first; an issue about the whole form is keyed ''. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: FieldOf = (key) => key,
  into: FieldErrors = {},
): FieldErrors {
  const errors = into;
  for (const issue of issues) {
    const field = fieldOf(issue.path.length ? String(issue.path[0]) : '');
    if (field !== null) errors[field] ||= issue.message;
  }
  return errors;
}

interface Checks<V, T> {
  schema: FormSchema<T>;
  /** What the form checks itself, before the schema (a picked file); empty strings are no error. */
  check?: (values: V) => FieldErrors;
  /** The schema's input, when the form's fields are not the schema's (Date + Time → startsAt). */
  input?: (values: V) => unknown;
  fieldOf?: (key: string, values: V) => string | null;
}

/** The checks before a submit: the form's own first, then the shared schema's. */
export function validateForm<V, T>(
  values: V,
  { schema, check, input, fieldOf }: Checks<V, T>,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const errors = Object.fromEntries(Object.entries(check?.(values) ?? {}).filter(([, message]) => message));
  const parsed = schema.safeParse(input ? input(values) : values);
  if (!parsed.success) fieldErrorsOf(parsed.error.issues, fieldOf && ((key) => fieldOf(key, values)), errors);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  return { ok: false, errors };
}

interface UseFormOptions<V, T> extends Omit<Checks<V, T>, 'schema'> {
  initial: V;
  schema: FormSchema<T> | (() => Promise<FormSchema<T>>);
  /** After a submit the checks refused (e.g. to move the focus to the field). */
  onInvalid?: (errors: FieldErrors) => void;
  /** Runs with the parsed values. Throwing shows the failure (and an ApiError's fields on the fields). */
  onSubmit: (data: T, values: V) => unknown;
}

export function useForm<V extends object, T>({
  initial,
  schema,
  onInvalid,
  onSubmit,
  ...checks
}: UseFormOptions<V, T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setFailure(null);
    const resolved = typeof schema === 'function' ? await schema() : schema;
    const checked = validateForm(values, { ...checks, schema: resolved });
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
      if (error instanceof ApiError) {
        const issues = Object.entries(error.fields).map(([key, message]) => ({ path: [key], message }));
        setErrors(fieldErrorsOf(issues, checks.fieldOf && ((key) => checks.fieldOf!(key, values))));
      }
    } finally {
      setBusy(false);
    }
  }

  const set = <K extends keyof V>(name: K, value: V[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  return {
    values,
    set,
    /** A text input's value, change handler and error, for the fields whose value is a string. */
    field: <K extends { [P in keyof V]: V[P] extends string ? P : never }[keyof V]>(name: K) => ({
      value: values[name] as string,
      onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[K]),
      error: errors[name as string],
    }),
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
