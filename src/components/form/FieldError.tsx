import { Text } from "@radix-ui/themes";

/** A field's error under it, announced when it appears; nothing when there is none. */
export function FieldError({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Text id={id} size="1" color="red" role="alert">
      {message}
    </Text>
  );
}
