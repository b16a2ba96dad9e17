import { describe, expect, it } from "vitest";

import { authErrorMessage } from "./auth-error-message";

describe("authErrorMessage", () => {
  it("says the email or password is wrong without telling which", () => {
    expect(authErrorMessage({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" }, "sign-in")).toBe(
      "Email or password is wrong.",
    );
  });

  it("names a taken email on sign-up", () => {
    expect(authErrorMessage({ status: 422, code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" }, "sign-up")).toBe(
      "An account with this email already exists.",
    );
  });

  it("tells how long to wait when rate-limited", () => {
    expect(authErrorMessage({ status: 429, retryAfterSeconds: 42 }, "sign-in")).toBe(
      "Too many attempts, try again in 42 seconds.",
    );
    expect(authErrorMessage({ status: 429, retryAfterSeconds: 1 }, "sign-up")).toBe(
      "Too many attempts, try again in 1 second.",
    );
    expect(authErrorMessage({ status: 429 }, "sign-in")).toBe("Too many attempts, try again in 60 seconds.");
  });

  it("passes the server's own sentence through, and never shows a bare status", () => {
    expect(authErrorMessage({ status: 400, message: "Enter your name." }, "sign-up")).toBe(
      "Couldn’t create the account: Enter your name.",
    );
    expect(authErrorMessage({ status: 500 }, "sign-in")).toBe("Couldn’t sign in (HTTP 500). Try again.");
    expect(authErrorMessage({ status: 0 }, "sign-in")).toMatch(/could not be reached/);
  });
});
