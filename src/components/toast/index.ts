export { toast, showToast, dismissToast } from "./toastStore";
export { Toaster } from "./Toaster";
