import { describe, expect, it } from "vitest";

import { signInSchema, signUpSchema } from "./auth-schemas";

describe("auth form schemas", () => {
  it("accepts a sign-up and trims the name and email", () => {
    expect(signUpSchema.parse({ name: "  Ada ", email: " ada@example.com ", password: "correct horse" })).toEqual({
      name: "Ada",
      email: "ada@example.com",
      password: "correct horse",
    });
  });

  it("names each bad field of a sign-up", () => {
    const result = signUpSchema.safeParse({ name: " ", email: "not-an-email", password: "short" });
    expect(result.success).toBe(false);
    const fields = result.success ? {} : result.error.flatten().fieldErrors;
    expect(fields.name).toEqual(["Enter your name."]);
    expect(fields.email).toEqual(["Enter a valid email address, like ada@example.com."]);
    expect(fields.password).toEqual(["Use at least 8 characters."]);
  });

  it("asks for both sign-in fields", () => {
    const result = signInSchema.safeParse({ email: "", password: "" });
    const fields = result.success ? {} : result.error.flatten().fieldErrors;
    expect(fields.email).toEqual(["Enter your email address."]);
    expect(fields.password).toEqual(["Enter your password."]);
  });
});
