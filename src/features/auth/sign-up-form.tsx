"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";

import { MIN_PASSWORD_LENGTH, signUpSchema, type SignUpInput } from "@/core/auth/auth-schemas";
import { authClient } from "@/lib/auth-client";

import { authErrorMessage } from "./auth-error-message";
import { AuthAlert, AuthField, AuthSubmit } from "./auth-fields";
import { authRequest } from "./auth-request";
import styles from "./auth.module.css";

/** The sign-up form: creates the account, signs in, then the browser goes to `next`. */
export function SignUpForm(props: { next: string; signInHref: string; firstAccount: boolean }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const refused = await authRequest((hook) => authClient.signUp.email(values, hook));
    if (refused) {
      setFailure(authErrorMessage(refused, "sign-up"));
      form.setFocus(refused.code?.startsWith("PASSWORD") ? "password" : "email");
      return;
    }
    setDone(true);
    window.location.assign(props.next);
  });

  const label = props.firstAccount ? "Create the owner account" : "Create account";
  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.form} aria-label="Create an account">
        <AuthAlert message={failure} />
        <AuthField
          id="sign-up-name"
          label="Name"
          autoComplete="name"
          autoFocus
          error={errors.name?.message}
          {...form.register("name")}
        />
        <AuthField
          id="sign-up-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <AuthField
          id="sign-up-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          {...form.register("password")}
        />
        <AuthSubmit busy={isSubmitting || done} label={label} busyLabel="Creating the account…" />
      </form>
      <p className={styles.switch}>
        Already have an account?{" "}
        <Link href={props.signInHref} className={styles.link}>
          Sign in
        </Link>
      </p>
    </>
  );
}
