"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";

import { signInSchema, type SignInInput } from "@/core/auth/auth-schemas";
import { authClient } from "@/lib/auth-client";

import { authErrorMessage } from "./auth-error-message";
import { AuthAlert, AuthField, AuthSubmit } from "./auth-fields";
import { authRequest } from "./auth-request";
import styles from "./auth.module.css";

/** The sign-in form; on success the browser goes to `next` (a same-site path, already checked). */
export function SignInForm({ next, signUpHref }: { next: string; signUpHref: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const refused = await authRequest((hook) => authClient.signIn.email(values, hook));
    if (refused) {
      setFailure(authErrorMessage(refused, "sign-in"));
      form.setFocus(refused.status === 401 ? "password" : "email");
      return;
    }
    setDone(true);
    // A full navigation: every server component and cached query starts over as the signed-in person.
    window.location.assign(next);
  });

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.form} aria-label="Sign in">
        <AuthAlert message={failure} />
        <AuthField
          id="sign-in-email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email?.message}
          {...form.register("email")}
        />
        <AuthField
          id="sign-in-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <AuthSubmit busy={isSubmitting || done} label="Sign in" busyLabel="Signing in…" />
      </form>
      <p className={styles.switch}>
        No account yet?{" "}
        <Link href={signUpHref} className={styles.link}>
          Create an account
        </Link>
      </p>
    </>
  );
}
