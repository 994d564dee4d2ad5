import * as RadixToast from "@radix-ui/react-toast";
import { Cross2Icon } from "@radix-ui/react-icons";
import { Flex, IconButton, Text } from "@radix-ui/themes";
import { dismissToast, useToasts } from "./toastStore";
import "./toast.css";

/** Renders the toasts of `toastStore`; errors are announced assertively to screen readers. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <RadixToast.Provider swipeDirection="right" duration={6000} label="Notifiche">
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          className={`toast toast--${t.variant}`}
          type={t.variant === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-testid="toast"
        >
          <Flex justify="between" align="start" gap="3">
            <div>
              <RadixToast.Title asChild>
                <Text as="div" weight="bold" size="2">
                  {t.title}
                </Text>
              </RadixToast.Title>
              {t.description ? (
                <RadixToast.Description asChild>
                  <Text as="div" size="2">
                    {t.description}
                  </Text>
                </RadixToast.Description>
              ) : null}
            </div>
            <RadixToast.Close asChild>
              <IconButton size="1" variant="ghost" color="gray" aria-label="Chiudi">
                <Cross2Icon />
              </IconButton>
            </RadixToast.Close>
          </Flex>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" />
    </RadixToast.Provider>
  );
}
