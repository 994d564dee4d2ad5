// What the Connect modules share: the store, the two webhook senders (the platform's endpoint and the Connect
// endpoint) and the stand-in's own address, for the hosted pages' URLs.
import type { Store } from "./store.ts";
import type { WebhookSender } from "./webhooks.ts";

export type ConnectContext = {
  store: Store;
  platformEvents: WebhookSender;
  connectEvents: WebhookSender;
  baseUrl: () => string;
};
