/**
 * Base of the errors services throw for expected failures. `kind` lets a
 * router map any of them to a transport error (NOT_FOUND, CONFLICT, …)
 * without knowing every class.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: "not_found" | "conflict" | "invalid_input" | "unprocessable" | "too_many_requests";
}
