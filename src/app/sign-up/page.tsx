import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { AuthCard } from "@/features/auth/auth-card";
import { SignUpForm } from "@/features/auth/sign-up-form";
import styles from "@/features/auth/auth.module.css";
import { LogoMark } from "@/features/shell/app-header";
import { authPageContext, type SearchParams } from "@/server/auth/auth-page-context";

export const metadata: Metadata = { title: "Create an account" };

/** Reads the session and the install's accounts on every request. */
export const dynamic = "force-dynamic";

/**
 * Create an account with name, email and password. The install's first
 * account becomes the owner of the Default workspace; later ones get a
 * workspace of their own (and join others' through invitations).
 */
export default async function SignUpPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const context = await authPageContext(await searchParams);
  if (context.signedIn) redirect(context.next);

  return (
    <AuthCard
      logo={<LogoMark />}
      title={context.firstAccount ? "Create the owner account" : "Create an account"}
      lead={
        context.firstAccount
          ? "You are the first person on this install: your account will own the Default workspace and its example graphs."
          : "You get a workspace of your own. To join a team’s workspace, open the invite link an owner sent you."
      }
    >
      {context.next.startsWith("/invite/") ? (
        <p className={styles.notice}>Once your account exists you return to your invitation to join the team.</p>
      ) : null}
      <SignUpForm next={context.next} signInHref={`/sign-in${context.nextQuery}`} firstAccount={context.firstAccount} />
    </AuthCard>
  );
}
