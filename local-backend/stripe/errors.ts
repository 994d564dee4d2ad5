// Stripe's error body, `{error:{type,code,message,param,doc_url}}`, thrown by handlers and written
// by the server with its HTTP status.
type StripeErrorType = "invalid_request_error" | "idempotency_error" | "api_error" | "card_error";

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, "-")}` } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);

export const invalidParam = (param: string, message: string, code = "parameter_invalid") =>
  new StripeApiError(400, "invalid_request_error", message, code, param);

export const invalidInteger = (param: string, value: string) => invalidParam(param, `Invalid integer: ${value}`, "parameter_invalid_integer");

/** An object the request's path names is missing: 404, as Stripe answers a retrieve of an unknown id. */
export const noSuch = (kind: string, id: string, param = "id") =>
  new StripeApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param);

/**
 * An object a parameter names is missing (a transfer's `destination`, a refund's `payment_intent`): Stripe answers
 * 400, the request being wrong, not the address, with the parameter in `param`.
 */
export const noSuchParam = (kind: string, id: string, param: string) =>
  new StripeApiError(400, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param);
