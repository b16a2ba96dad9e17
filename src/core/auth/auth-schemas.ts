/**
 * The sign-in and sign-up forms' fields, written once: the pages validate
 * with them (react-hook-form + zod) and the server's sign-up hook re-checks
 * the same rules, so a request that skips the page gets the same answers.
 */
import { z } from "zod";

/** Shortest password accepted (better-auth's `minPasswordLength` is set from it). */
export const MIN_PASSWORD_LENGTH = 8;

/** Longest password accepted (better-auth's default `maxPasswordLength`). */
export const MAX_PASSWORD_LENGTH = 128;

/** Longest display name. */
export const MAX_NAME_LENGTH = 80;

/** An email address, trimmed; better-auth stores it lower-cased. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, "Enter your email address.")
  .pipe(z.email("Enter a valid email address, like ada@example.com."));

/** The password as typed at sign-in (any length: the server says whether it is right). */
export const signInPasswordSchema = z.string().min(1, "Enter your password.");

/** A new password. */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);

/** A person's display name, trimmed. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, "Enter your name.")
  .max(MAX_NAME_LENGTH, `Use at most ${MAX_NAME_LENGTH} characters.`);

/** The sign-in form. */
export const signInSchema = z.object({ email: emailSchema, password: signInPasswordSchema });
export type SignInInput = z.infer<typeof signInSchema>;

/** The sign-up form. */
export const signUpSchema = z.object({ name: nameSchema, email: emailSchema, password: newPasswordSchema });
export type SignUpInput = z.infer<typeof signUpSchema>;
