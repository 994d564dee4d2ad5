// What the /psychics address asks the catalogue (catalogue:listPage): the words, a topic, a technique, a type, a price
// cap, 'Disponibili oggi' and the order, each read from the address (?q=…&topic=…&specialty=…&type=…&prezzo=…&today=1
// &order=…) so a list can be shared or reloaded. A value the product does not know is left out, not sent.
import { specializations, specialties, type ConsultationType, type Specialization, type Specialty } from "@convex/framework/validators";
import { isListOrder, type ListOrder } from "@convex/model/catalogueOrder";
import { CONSULTATION_TYPE_PARAM, consultationTypeParam } from "./consultationTypeParam";

/** The cards one page of the list shows, and each 'Mostra altri' adds. */
export const CATALOGUE_PAGE_SIZE = 24;

/** The price cap's parameter: cents a minute. */
export const PRICE_PARAM = "prezzo";
/** The caps offered, in cents a minute (the scaled demo's prices run from 0,80 € to 2,50 € a minute). */
export const PRICE_CAPS = [100, 150, 200, 300] as const;

/** What is asked of the catalogue; only what is chosen is present, so the same question has one key. */
export type CatalogueQuestion = {
  search?: string;
  specialization?: Specialization;
  specialty?: Specialty;
  consultationType?: ConsultationType;
  maxCentsPerMinute?: number;
  availableToday?: true;
  order?: ListOrder;
};

const known = <T extends string>(values: readonly T[], raw: string | null): T | undefined => values.find((value) => value === raw);

/** The question an address asks; `search` is the words as typed (trimmed), left out when blank. */
export function catalogueQuestion(params: URLSearchParams): CatalogueQuestion {
  const question: CatalogueQuestion = {};
  const search = (params.get("q") ?? "").trim();
  if (search) question.search = search;
  const topic = known(specializations, params.get("topic"));
  if (topic) question.specialization = topic;
  const technique = known(specialties, params.get("specialty"));
  if (technique) question.specialty = technique;
  const type = consultationTypeParam(params.get(CONSULTATION_TYPE_PARAM));
  if (type) question.consultationType = type;
  const cap = Number(params.get(PRICE_PARAM));
  if ((PRICE_CAPS as readonly number[]).includes(cap)) question.maxCentsPerMinute = cap;
  if (params.get("today") === "1") question.availableToday = true;
  const order = params.get("order");
  if (isListOrder(order) && order !== "rating") question.order = order;
  return question;
}

/** The name the first page of a question is kept under on the device (and sent with the page by the server). */
export function firstPageViewKey(question: CatalogueQuestion): string {
  return `catalogue:listPage:first:${JSON.stringify(question)}`;
}
