import { useId, type ComponentProps } from "react";
import { Flex, Text, TextField as RadixTextField } from "@radix-ui/themes";
import { FieldError } from "./FieldError";

type InputProps = Omit<ComponentProps<typeof RadixTextField.Root>, "id" | "value" | "onChange" | "children">;

/** A labelled text input with its inline error, announced to screen readers with the field. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  ...inputProps
}: InputProps & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <RadixTextField.Root
        id={id}
        size="3"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        color={error ? "red" : undefined}
        {...inputProps}
      />
      {hint ? (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <FieldError id={errorId} message={error} />
    </Flex>
  );
}
