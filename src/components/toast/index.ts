export { toast } from "./toastStore";
