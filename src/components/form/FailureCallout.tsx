import type { ReactNode } from "react";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Callout } from "@radix-ui/themes";

/** A form's failure, announced to screen readers; nothing when there is none. */
export function FailureCallout({ message, children }: { message: string | null | undefined; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        {message}
        {children ? <> {children}</> : null}
      </Callout.Text>
    </Callout.Root>
  );
}
