import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";

import { AuthCard } from "@/features/auth/auth-card";
import { SignInForm } from "@/features/auth/sign-in-form";
import styles from "@/features/auth/auth.module.css";
import { LogoMark } from "@/features/shell/app-header";
import { authPageContext, type SearchParams } from "@/server/auth/auth-page-context";

export const metadata: Metadata = { title: "Sign in" };

/** Reads the session and the install's accounts on every request. */
export const dynamic = "force-dynamic";

/**
 * Sign in with email and password. A signed-in visitor goes straight on; on
 * a fresh install (no account yet) the page guides to creating the owner
 * account instead.
 */
export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const context = await authPageContext(await searchParams);
  if (context.signedIn) redirect(context.next);
  const signUpHref = `/sign-up${context.nextQuery}`;

  if (context.firstAccount) {
    return (
      <AuthCard
        logo={<LogoMark />}
        title="Welcome to Agent Graph Studio"
        lead="Nobody has an account on this install yet. The first account you create owns the Default workspace, with the example graphs."
      >
        <Link href={signUpHref} className={styles.submit}>
          Create the owner account
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard logo={<LogoMark />} title="Sign in" lead="Welcome back. Sign in to your workspaces.">
      {context.next.startsWith("/invite/") ? (
        <p className={styles.notice}>Sign in (or create an account) to accept your invitation.</p>
      ) : null}
      <SignInForm next={context.next} signUpHref={signUpHref} />
    </AuthCard>
  );
}
