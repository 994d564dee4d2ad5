// A tiny store of the toasts on screen, so any component (or plain function) can show one
// without prop drilling; the <Toaster> in the app providers renders them.
import { useSyncExternalStore } from "react";

type ToastVariant = "success" | "error" | "info";

interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast. Errors are 'destructive': title 'Errore' unless the screen says otherwise. */
function showToast(toast: Omit<ToastMessage, "id">): number {
  const id = nextId++;
  toasts = [...toasts, { ...toast, id }];
  emit();
  return id;
}

export const toast = {
  success: (title: string, description?: string) => showToast({ title, description, variant: "success" }),
  info: (title: string, description?: string) => showToast({ title, description, variant: "info" }),
  error: (description: string, title = "Errore") => showToast({ title, description, variant: "error" }),
};

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
