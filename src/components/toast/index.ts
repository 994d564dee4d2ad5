export { toast, showToast, dismissToast } from "./toastStore";
