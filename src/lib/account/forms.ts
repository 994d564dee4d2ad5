// Form state checked by a zod schema: values, one Italian error per field, and a submitting flag
// that disables the button. Small on purpose: the forms here are a handful of fields each.
import { useCallback, useState, type FormEvent } from "react";
import * as z from "zod/mini";

type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

/** The first message of each field, keyed by the field's name. */
export function fieldErrorsOf<Values>(error: z.core.$ZodError): FieldErrors<Values> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<Values>;
}

export function useZodForm<Values extends Record<string, unknown>, Output>(
  schema: z.core.$ZodType<Output, Values>,
  initial: Values,
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitting, setSubmitting] = useState(false);

  const set = useCallback(<K extends keyof Values & string>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A corrected field stops showing its old error at once.
    setErrors((current) => (current[key] === undefined ? current : { ...current, [key]: undefined }));
  }, []);

  /** What a text field needs for one key: `<TextField {...form.field("email")} />`. */
  const field = <K extends keyof Values & string>(key: K) => ({
    value: values[key] as string,
    onValueChange: (value: string) => set(key, value as Values[K]),
    error: errors[key],
  });

  /** Validates, then runs `onValid` with the parsed values while `submitting` is true. */
  const handleSubmit = (onValid: (data: Output) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    const parsed = z.safeParse(schema, values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Values>(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(parsed.data);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, set, setValues, errors, setErrors, submitting, handleSubmit, field };
}
